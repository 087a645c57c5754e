//! The seventh stage: one level end to end — the verdicts of the analysis, the encoding,
//! the seed and the horizon search, and the replay simulator's check of every plan
//! before it is returned ([`solve_level`]).

mod context;
mod error;
mod level;
mod one;
mod options;
mod push;
mod report;

pub use error::SolveError;
pub use level::solve_level;
pub use options::{CadicalConfig, Optimize, Search, SolveOptions};
pub use report::{Outcome, SolveStats, Verdict};
