//! Sokoban as SAT planning: level parsing, the move and push encodings, incremental
//! horizon search, and an independent replay simulator that checks every plan.
//!
//! ```
//! use gridsat_sat::Budget;
//! use gridsat_sokoban::{Format, Optimize, SolveOptions, Verdict, parse_levels, solve_level};
//!
//! let levels = parse_levels("#######\n#@ $ .#\n#######\n", "tiny.xsb", Format::Auto).unwrap();
//! let opts = SolveOptions::new(Optimize::Moves);
//! let report = solve_level(&levels[0], &opts, &Budget::unlimited(), None).unwrap();
//! assert_eq!(report.verdict, Verdict::Solved);
//! assert_eq!(report.plan.unwrap().to_string(), "rRR");
//! assert_eq!(report.optimal, Some(Optimize::Moves));
//! ```
//!
//! With the defaults (`SolveOptions::default()` minimises pushes, with the settings the
//! command line, the web server and the Python package use), the plan is push-optimal
//! and the independent simulator replays it:
//!
//! ```
//! use gridsat_sat::Budget;
//! use gridsat_sokoban::{Format, Optimize, SolveOptions, Verdict};
//! use gridsat_sokoban::{parse_levels, solve_level, verify};
//!
//! let xsb = "######\n#@$ .#\n# $ .#\n######\n";
//! let level = &parse_levels(xsb, "two.xsb", Format::Auto).unwrap()[0];
//! let report = solve_level(level, &SolveOptions::default(), &Budget::unlimited(), None).unwrap();
//! assert_eq!(report.verdict, Verdict::Solved);
//! assert_eq!(report.optimal, Some(Optimize::Pushes));
//! assert_eq!(report.pushes, Some(4));
//! let plan = report.plan.unwrap();
//! assert_eq!(verify(level, &plan).unwrap().pushes, 4);
//! ```
//!
//! The crate is laid out by stage, each importing only earlier ones: `model` (levels,
//! plans) → `replay` (the independent simulator, which imports only `model`) → `io` (XSB
//! and course files, pictures) → `analysis` (verdicts before search) → `encode` (the move
//! and push encodings, DIMACS export) → `search` (its progress reports) → `solve` (a level
//! end to end) → `report` (its text and JSON, shared by the command line, the Python
//! package and the server; certificates). Each stage is a public module holding its own
//! types ([`io::level_svg`], [`encode::export`], [`replay::replay`], …); the root holds
//! only what a first program needs, also gathered in [`prelude`]. Programs that speak in
//! requests use [`api`], whose [`api::default_options`] are the settings the command
//! line, the server and Python share.

#![warn(missing_docs)]
#![warn(clippy::too_many_lines)]

#[cfg(test)]
extern crate self as gridsat_sokoban;

pub mod analysis;
pub mod encode;
pub mod halt;
pub mod io;
pub mod model;
pub mod replay;
pub mod report;
pub mod search;
pub mod solve;

#[cfg(test)]
mod tests;

pub use io::{Format, ParseError, parse_levels};
pub use model::{Level, Plan};
pub use replay::verify;
pub use solve::{Optimize, Outcome, SolveError, SolveOptions, Verdict, solve_level};

/// The names a first program needs, for `use gridsat_sokoban::prelude::*;`: read levels
/// ([`parse_levels`]), solve one ([`solve_level`] with [`SolveOptions`], giving an
/// [`Outcome`] and its [`Verdict`]) and replay its [`Plan`] in the independent simulator
/// ([`verify`]).
pub mod prelude {
    pub use crate::io::{Format, ParseError, parse_levels};
    pub use crate::model::{Level, Plan};
    pub use crate::replay::verify;
    pub use crate::solve::{Optimize, Outcome, SolveError, SolveOptions, Verdict, solve_level};
}

/// Certificates of push-optimal plans: the old path of these [`report`] items, kept for
/// one release.
#[deprecated(note = "use `gridsat_sokoban::report`")]
pub mod certificate {
    pub use crate::report::{CertificateError, Certified, manifest_header, write_certificate};
}

/// Requests as programs (the Python package, the web server) ask them.
pub mod api {
    /// The defaults of a solve that the command line, the web server and the Python
    /// package share (the rest of a goal's defaults: [`default_options`]).
    pub mod defaults {
        use crate::solve::SolveOptions;
        use gridsat_sat::BackendSpec;

        /// The SAT solver of every goal.
        pub const SOLVER: BackendSpec = SolveOptions::DEFAULT_BACKEND;
        /// Satisficing guidance: pushes added per box on a goal filled out of order.
        pub const PACKING: u32 = SolveOptions::DEFAULT_PACKING;
        /// Satisficing guidance: pushes added per area of free cells beyond the first.
        pub const CONNECTIVITY: u32 = SolveOptions::DEFAULT_CONNECTIVITY;
        /// Satisficing guidance: pushes added per step that improved no feature.
        pub const IDLE_STEP: u32 = SolveOptions::DEFAULT_IDLE_STEP;
        /// Satisficing guidance: one position in this many from a type drawn at random.
        pub const EXPLORE: u32 = SolveOptions::DEFAULT_EXPLORE;
    }
    pub use crate::report::{
        FieldError, FrameJson, LevelJson, LevelsJson, OptionsJson, ReplayJson, RequestError,
        SolveJson, SolveRequest, StatsJson, VerifyJson, VerifyRequest, default_options, level_json,
        options, read_level, read_levels, replay_level, replay_request, solve, verify,
        verify_level,
    };
}
