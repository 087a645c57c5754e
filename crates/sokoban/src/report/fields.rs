//! Reading the members of a request: every member's value is read by its type (a named
//! enum by its name, a solver by its spec, seconds as a duration), and a value that does
//! not fit is refused with a [`FieldError`] that names the member and says what it takes.

use gridsat_sat::BackendSpec;
use serde::de::{Deserialize, Deserializer, Error as _};
use std::fmt;
use std::time::Duration;

/// A member of a request with a value gridsat does not take: which member, and what is
/// wrong with the value (which names what would be taken).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FieldError {
    /// The member, as the request spells it (`optimize`, `time_limit`, …).
    pub field: &'static str,
    /// What is wrong with its value, and what it takes.
    pub message: String,
}

impl FieldError {
    /// The error of `field`.
    pub fn new(field: &'static str, message: impl fmt::Display) -> FieldError {
        FieldError {
            field,
            message: message.to_string(),
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for FieldError {}

/// `Option<T>` of member `field`, read by `T`'s own `Deserialize`; its error names the
/// member.
pub(super) fn typed<'de, D, T>(field: &'static str, d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map_err(|e| D::Error::custom(FieldError::new(field, e)))
}

/// `solver`: a backend by its command-line spec (`cadical`, `batsat`, `external:CMD`).
pub(super) fn solver<'de, D: Deserializer<'de>>(d: D) -> Result<Option<BackendSpec>, D::Error> {
    let Some(text) = typed::<D, String>("solver", d)? else {
        return Ok(None);
    };
    let spec = text
        .parse()
        .map_err(|e| D::Error::custom(FieldError::new("solver", e)))?;
    Ok(Some(spec))
}

/// `time_limit`: seconds, 0 or more (fractions allowed).
pub(super) fn time_limit<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Duration>, D::Error> {
    let Some(secs) = typed::<D, f64>("time_limit", d)? else {
        return Ok(None);
    };
    let limit = gridsat_sat::seconds(secs)
        .map_err(|e| D::Error::custom(FieldError::new("time_limit", e)))?;
    Ok(Some(limit))
}

/// A level's title or 1-based number, as text or as a number.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum TitleOrNumber {
    Text(String),
    Number(u64),
}

/// `number`: which level of the text, by title or 1-based number (`"2"` or `2`).
pub(super) fn number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let which = Option::<TitleOrNumber>::deserialize(d).map_err(|_| {
        D::Error::custom(FieldError::new(
            "number",
            "a level's title or 1-based number (a string or a whole number)",
        ))
    })?;
    Ok(which.map(|w| match w {
        TitleOrNumber::Text(t) => t,
        TitleOrNumber::Number(n) => n.to_string(),
    }))
}

/// Declares `fn NAME(d) -> Result<Option<T>, _>` for members read by their type.
macro_rules! typed_fields {
    ($($name:ident: $t:ty),* $(,)?) => {$(
        #[doc = concat!("`", stringify!($name), "`, read by its type.")]
        pub(super) fn $name<'de, D: Deserializer<'de>>(d: D) -> Result<Option<$t>, D::Error> {
            typed(stringify!($name), d)
        }
    )*};
}

typed_fields! {
    optimize: crate::solve::Optimize,
    search: crate::solve::Search,
    max_moves: usize,
    max_pushes: usize,
}
