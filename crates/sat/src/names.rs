//! One table per option enum: each variant's name (in files, on the command line, in
//! JSON), its aliases and its one-line help, declared once with [`crate::named_enum!`].
//! From that table come `name()`, `help()`, `ALL`, `Display`, `FromStr`, serde's
//! `Serialize` and `Deserialize` (by name) and, with this
//! crate's `clap` feature, `clap::ValueEnum`, so that a command line built on the
//! library never mirrors its enums by hand.

use std::fmt;

#[cfg(feature = "clap")]
#[doc(hidden)]
pub use clap;
#[doc(hidden)]
pub use serde;

/// The error of a named enum's `FromStr`: the text names no variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// What kind of value was expected, e.g. `at-most-one encoding`.
    pub what: &'static str,
    /// The text given.
    pub given: String,
    /// The names that would have been accepted.
    pub expected: Vec<&'static str>,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}' (expected one of: {})",
            self.what,
            self.given,
            self.expected.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// The doc comment of a variant as one line of help.
#[doc(hidden)]
pub fn help_line(doc: &'static str) -> &'static str {
    doc.trim()
}

/// Declares a fieldless enum with one name per variant and derives everything that
/// needs the names from that one declaration:
///
/// ```
/// gridsat_sat::named_enum! {
///     /// How to say hello.
///     pub enum Greeting ("greeting") default Hello {
///         /// A plain hello.
///         Hello = "hello" | "hi",
///         /// A wave.
///         Wave = "wave",
///     }
/// }
/// assert_eq!(Greeting::Wave.name(), "wave");
/// assert_eq!("hi".parse::<Greeting>(), Ok(Greeting::Hello));
/// assert_eq!(Greeting::default(), Greeting::Hello);
/// assert_eq!(Greeting::Hello.help(), "A plain hello.");
/// let e = "bye".parse::<Greeting>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown greeting 'bye' (expected one of: hello, wave)");
/// ```
///
/// Each variant needs a doc comment (its help). `default V` is optional.
#[macro_export]
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident ($what:literal) $(default $def:ident)? {
            $(
                $(#[doc = $doc:literal])+
                $variant:ident = $text:literal $(| $alias:literal)*
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $( $(#[doc = $doc])+ $variant, )+
        }

        #[allow(dead_code)]
        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The name used in files, on the command line and in JSON.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text,)+ }
            }

            /// Other spellings accepted when parsing.
            pub fn aliases(self) -> &'static [&'static str] {
                match self { $($name::$variant => &[$($alias),*],)+ }
            }

            /// One line of help (the variant's doc comment).
            pub fn help(self) -> &'static str {
                match self { $($name::$variant => $crate::names::help_line(concat!($($doc),+)),)+ }
            }

            /// The variant with this name or alias.
            pub fn from_name(s: &str) -> Option<$name> {
                match s {
                    $($text $(| $alias)* => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::names::UnknownName;
            fn from_str(s: &str) -> Result<$name, $crate::names::UnknownName> {
                $name::from_name(s).ok_or_else(|| $crate::names::UnknownName {
                    what: $what,
                    given: s.to_string(),
                    expected: $name::ALL.iter().map(|v| v.name()).collect(),
                })
            }
        }

        $(
            impl ::std::default::Default for $name {
                fn default() -> $name {
                    $name::$def
                }
            }
        )?

        $crate::__value_enum!($name);
        $crate::__serde_enum!($name);
    };
}

/// Every named enum is (de)serialised by its name: JSON carries `"amo": "ladder"`, and
/// an unknown name is refused with the same message as on the command line.
#[doc(hidden)]
#[macro_export]
macro_rules! __serde_enum {
    ($name:ident) => {
        impl $crate::names::serde::Serialize for $name {
            fn serialize<S: $crate::names::serde::Serializer>(
                &self,
                s: S,
            ) -> ::std::result::Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> $crate::names::serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::names::serde::Deserializer<'de>>(
                d: D,
            ) -> ::std::result::Result<$name, D::Error> {
                let text = <::std::borrow::Cow<'de, str> as $crate::names::serde::Deserialize>::deserialize(d)?;
                text.parse::<$name>()
                    .map_err(<D::Error as $crate::names::serde::de::Error>::custom)
            }
        }
    };
}

#[cfg(feature = "clap")]
#[doc(hidden)]
#[macro_export]
macro_rules! __value_enum {
    ($name:ident) => {
        impl $crate::names::clap::ValueEnum for $name {
            fn value_variants<'a>() -> &'a [Self] {
                $name::ALL
            }
            fn to_possible_value(&self) -> Option<$crate::names::clap::builder::PossibleValue> {
                Some(
                    $crate::names::clap::builder::PossibleValue::new(self.name())
                        .help(self.help())
                        .aliases(self.aliases().iter().copied()),
                )
            }
        }
    };
}

#[cfg(not(feature = "clap"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __value_enum {
    ($name:ident) => {};
}

#[cfg(test)]
mod tests {
    crate::named_enum! {
        /// A test enum.
        enum Shade ("shade") {
            /// Light.
            Light = "light" | "pale",
            /// Dark.
            Dark = "dark",
        }
    }

    #[test]
    fn named_enums_travel_in_json_by_name_and_refuse_unknown_names() {
        assert_eq!(serde_json::to_string(&Shade::Dark).unwrap(), "\"dark\"");
        let pale: Shade = serde_json::from_str("\"pale\"").unwrap();
        assert_eq!(pale, Shade::Light);
        let e = serde_json::from_str::<Shade>("\"grey\"").unwrap_err();
        assert!(
            e.to_string()
                .contains("unknown shade 'grey' (expected one of: light, dark)"),
            "{e}"
        );
        assert!(serde_json::from_str::<Shade>("3").is_err());
    }
}
