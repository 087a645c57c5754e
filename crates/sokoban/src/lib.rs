//! Sokoban as SAT planning: level parsing, the move and push encodings, incremental
//! horizon search, and an independent replay simulator that checks every plan.
//!
//! ```
//! use gridsat_sokoban::{parse_levels, solve_level, Format, Optimize, SolveOptions, Status};
//!
//! let levels = parse_levels("#######\n#@ $ .#\n#######\n", "tiny.xsb", Format::Auto).unwrap();
//! let opts = SolveOptions { optimize: Optimize::Moves, ..Default::default() };
//! let report = solve_level(&levels[0], &opts, None).unwrap();
//! assert_eq!(report.status, Status::Solved);
//! assert_eq!(report.plan.as_deref(), Some("rRR"));
//! assert_eq!(report.optimal, Some(Optimize::Moves));
//! ```

#![warn(missing_docs)]

pub mod board;
pub mod bound;
pub mod deadsquares;
pub mod encode_moves;
pub mod encode_pushes;
mod error;
pub mod level;
pub mod pairs;
pub mod parse_course;
pub mod parse_xsb;
pub mod plan;
pub mod reach;
pub mod render;
pub mod replay;
pub mod search;
pub mod seed;
pub mod solve;
pub mod symmetry;
pub mod waste;

pub use error::ParseError;
pub use level::{Dir, Level};
pub use solve::{Optimize, Report, SolveError, SolveOptions, Status, solve_level};

/// The level file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// The course format when the first non-empty line is a number, XSB otherwise.
    #[default]
    Auto,
    /// XSB collections.
    Xsb,
    /// The course format (one level, first line `T`).
    Course,
}

/// Parses a level file in the given format.
pub fn parse_levels(text: &str, file: &str, format: Format) -> Result<Vec<Level>, ParseError> {
    let course = match format {
        Format::Auto => parse_course::looks_like_course(text),
        Format::Xsb => false,
        Format::Course => true,
    };
    if course {
        parse_course::parse_course(text, file).map(|l| vec![l])
    } else {
        parse_xsb::parse_xsb(text, file)
    }
}

/// Picks levels by title (exact match first), else by 1-based position, or all of them
/// for `all`; returns `None` when nothing matches.
pub fn select_levels<'a>(levels: &'a [Level], which: &str) -> Option<Vec<&'a Level>> {
    if which == "all" {
        return Some(levels.iter().collect());
    }
    if let Some(l) = levels.iter().find(|l| l.title == which) {
        return Some(vec![l]);
    }
    let n: usize = which.parse().ok()?;
    levels.iter().find(|l| l.number == n).map(|l| vec![l])
}
