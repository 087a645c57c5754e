//! What every request shares: the one set of defaults, the one field error, reading a
//! request from JSON with the member at fault named, and the one refusal of external
//! solver programs.
//!
//! Members that name a value (`amo`, `presolve`, …) are typed: named enums travel by
//! name (`gridsat_sat::named_enum!`), and the others (`box`, `symbols`, `rules`,
//! `solver`) are read from their text by the parsers the command line uses, so an
//! unknown value is refused while the JSON is read, with the command line's message.

use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use gridsat_sat::BackendSpec;
use serde::de::{DeserializeOwned, Deserializer, Error as _};
use std::borrow::Cow;
use std::str::FromStr;

/// The defaults of every Sudoku request, read by the library, the command line's flags,
/// the web server and the Python package alike.
pub mod defaults {
    use crate::generate::GenerateOptions;
    use crate::reason::{EXTREME_ABOVE as EXTREME, RateOptions};
    use crate::solve::SolveOptions;
    use crate::teach::TeachOptions;

    /// Solutions counted up to this bound: two tell unique from multiple.
    pub const COUNT: usize = SolveOptions::DEFAULT_MAX_SOLUTIONS;
    /// The largest solution bound a request may ask for.
    pub const MAX_SOLUTIONS: usize = 1_000_000;
    /// The side of a generated grid when neither `size` nor `box` is given.
    pub const SIZE: usize = 9;
    /// The seed of generation: the same seed makes the same puzzles.
    pub const SEED: u64 = 1;
    /// Puzzles generated when `count` is not given.
    pub const GENERATE_COUNT: u64 = 1;
    /// The most puzzles one generate request may ask for.
    pub const MAX_GENERATE_COUNT: u64 = 100;
    /// Fresh solution grids a generation tries per puzzle before giving up.
    pub const MAX_ATTEMPTS: usize = GenerateOptions::DEFAULT_MAX_ATTEMPTS;
    /// Searches (each with its own random order) a rating averages its effort over.
    pub const RATE_RUNS: u64 = RateOptions::DEFAULT_RUNS as u64;
    /// Mean search conflicts above which a rated puzzle is extreme rather than hard.
    pub const EXTREME_ABOVE: f64 = EXTREME;
    /// Random valid grids the encoding checker tries when there are auxiliary variables.
    pub const TEACH_SAMPLES: usize = TeachOptions::DEFAULT_SAMPLES;
    /// The seed of those grids.
    pub const TEACH_SEED: u64 = TeachOptions::DEFAULT_SEED;
    /// The most attempts (fresh solution grids) a generate request may make per puzzle.
    pub const MAX_GENERATE_ATTEMPTS: usize = 100_000;
}

/// A request member with a value gridsat does not take: the member, and what is wrong
/// with it (the message names the values that would be taken).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct FieldError {
    /// The member (`box`, `count`, an unknown member's name), or `request` when the
    /// value as a whole is at fault (not an object, not JSON).
    pub field: String,
    /// What is wrong with it, and what would be right.
    pub message: String,
}

impl FieldError {
    /// The error of member `field`.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> FieldError {
        FieldError {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// serde_json's message without its own " at line L column C" tail.
fn without_position(s: &str) -> &str {
    s.rfind(" at line ").map_or(s, |i| &s[..i])
}

/// A request read from `de`, an error naming the member at fault.
pub(crate) fn typed<'de, T, D>(de: D) -> Result<T, FieldError>
where
    T: serde::Deserialize<'de>,
    D: Deserializer<'de, Error = serde_json::Error>,
{
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." { "request".into() } else { path };
        FieldError::new(field, without_position(&e.inner().to_string()))
    })
}

/// A request from its JSON text.
pub(crate) fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, FieldError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let t = typed(&mut de)?;
    de.end()
        .map_err(|e| FieldError::new("request", without_position(&e.to_string())))?;
    Ok(t)
}

/// A request from a JSON value.
pub(crate) fn from_value<T: DeserializeOwned>(v: serde_json::Value) -> Result<T, FieldError> {
    typed(v)
}

/// An optional member read from its text by `parse`.
fn text_with<'de, D, T, E>(
    d: D,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    E: std::fmt::Display,
{
    let text = <Option<Cow<'de, str>> as serde::Deserialize>::deserialize(d)?;
    text.map(|s| parse(&s).map_err(D::Error::custom))
        .transpose()
}

/// `box`: a shape `PxQ`.
pub(crate) fn shape<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Shape>, D::Error> {
    text_with(d, Shape::from_str)
}

/// `symbols`: the alphabet, one character per symbol.
pub(crate) fn symbols<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Alphabet>, D::Error> {
    text_with(d, Alphabet::custom)
}

/// `rules`: a comma-separated list of variant rules.
pub(crate) fn rules<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Rules>, D::Error> {
    text_with(d, Rules::parse_list)
}

/// `solver`: a backend by name.
pub(crate) fn solver<'de, D: Deserializer<'de>>(d: D) -> Result<Option<BackendSpec>, D::Error> {
    text_with(d, BackendSpec::from_str)
}

/// The backend a request names (the default when it names none), refused when it is an
/// external program and `external` is false (the web server runs no programs): the one
/// place that refusal is made for Sudoku.
pub(crate) fn backend(
    asked: Option<&BackendSpec>,
    external: bool,
) -> Result<BackendSpec, FieldError> {
    let b = asked.cloned().unwrap_or_default();
    if !external {
        b.refuse_external()
            .map_err(|message| FieldError::new("solver", message))?;
    }
    Ok(b)
}

#[cfg(test)]
mod tests {
    use super::super::{GenerateRequest, Request, RequestError};
    use crate::encode::Encoding;

    fn field_error(r: Result<Request, RequestError>) -> (String, String) {
        match r {
            Err(RequestError::Option(e)) => (e.field, e.message),
            other => panic!("expected a field error, got {other:?}"),
        }
    }

    #[test]
    fn members_are_typed_as_they_are_read() {
        let r =
            Request::from_json(r#"{"puzzle": "x", "box": "2x3", "encoding": "reduced"}"#).unwrap();
        assert_eq!(r.shape.map(|s| s.to_string()).as_deref(), Some("2x3"));
        assert_eq!(r.encoding, Some(Encoding::Reduced));
        assert_eq!(Request::from_json("{}").unwrap(), Request::default());
    }

    #[test]
    fn a_bad_value_is_refused_naming_its_member_and_the_names_taken() {
        let (f, m) = field_error(Request::from_json(r#"{"amo": "fancy"}"#));
        assert_eq!(f, "amo");
        assert!(m.starts_with("unknown at-most-one encoding 'fancy'"), "{m}");
        assert!(m.contains("pairwise"), "{m}");
        let (f, _) = field_error(Request::from_json(r#"{"box": "2y2"}"#));
        assert_eq!(f, "box");
        let (f, _) = field_error(Request::from_json(r#"{"rules": "diagonals,bogus"}"#));
        assert_eq!(f, "rules");
        let (f, _) = field_error(Request::from_json("3"));
        assert_eq!(f, "request");
        let (f, m) = field_error(Request::from_json(r#"{"count": "two"}"#));
        assert_eq!(f, "count");
        assert!(!m.contains("at line"), "{m}");
    }

    #[test]
    fn an_unknown_member_is_named_with_the_members_taken() {
        let (f, m) = field_error(Request::from_json(r#"{"colour": "red"}"#));
        assert_eq!(f, "colour");
        assert!(m.contains("colour") && m.contains("puzzle"), "{m}");
        let e = GenerateRequest::from_value(serde_json::json!({"difficulty": "brutal"}));
        assert!(
            e.unwrap_err()
                .to_string()
                .starts_with("difficulty: unknown")
        );
    }

    #[test]
    fn external_programs_are_refused_in_one_place_with_one_message() {
        let r = Request::from_json(r#"{"solver": "external:minisat"}"#).unwrap();
        let budget = gridsat_sat::Budget::unlimited();
        let e = r.solve_options(&budget, false).unwrap_err().to_string();
        assert!(
            e.starts_with("solver: external solver programs are not run here"),
            "{e}"
        );
        assert!(r.solve_options(&budget, true).is_ok());
        let g = GenerateRequest::from_json(r#"{"solver": "external:minisat"}"#).unwrap();
        let e2 = g.options(&budget, false).unwrap_err().to_string();
        assert_eq!(e, e2);
    }
}
