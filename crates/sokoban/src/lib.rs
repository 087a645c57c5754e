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
//! boards, plans) → `io` (XSB and course files, pictures) → `analysis` (distances,
//! bounds, dead squares and pairs, verdicts before search) → `encode` (the move and
//! push encodings) → `search` (the A* seed, the horizon search) → `replay` (the
//! simulator, which imports only `model`) → `solve` (a level end to end) → `report`
//! (its text and JSON, shared by the command line, the Python package and the server).

#![warn(missing_docs)]
#![warn(clippy::too_many_lines)]

#[cfg(test)]
extern crate self as gridsat_sokoban;

mod analysis;
mod encode;
mod halt;
mod io;
mod model;
mod replay;
mod report;
mod search;
mod solve;

#[cfg(test)]
mod tests;

pub use analysis::{Proof, Unsolvable};
pub use encode::{
    Encoding, Export, ExportError, ExportOptions, ModelError, MoveFamily, MoveOptions, Prune,
    PushFamily, PushOptions, Reach, decode_model, export,
};
pub use halt::Halt;
pub use io::{
    Format, ParseError, animated_svg, board_text, level_svg, parse_levels, plan_frames,
    position_svg, push_frames_svg, select_levels,
};
pub use model::{CellRef, Dir, Frame, Level, Move, Plan, PlanParseError};
pub use replay::{Played, Problem, ReplayError, Replayed, frames, play, replay, summary, verify};
pub use report::{report_json, report_text};
/// Certificates of push-optimal plans, checked by `gridsat check-certificate`.
pub mod certificate {
    pub use crate::report::{CertificateError, Certified, manifest_header, write_certificate};
}
/// Requests as programs (the Python package, the web server) ask them.
pub mod api {
    pub use crate::report::{
        FieldError, FrameJson, LevelJson, LevelsJson, OptionsJson, ReplayJson, RequestError,
        SolveJson, SolveRequest, StatsJson, VerifyJson, VerifyRequest, default_options, level_json,
        options, read_level, read_levels, replay_level, replay_request, solve, verify,
        verify_level,
    };
}
pub use search::Progress;
pub use solve::{
    CadicalConfig, Optimize, Outcome, Search, SolveError, SolveOptions, SolveStats, Verdict,
    solve_level,
};
