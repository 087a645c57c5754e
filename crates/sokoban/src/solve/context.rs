//! What one solve carries between its stages (the horizon search in `one.rs`, the
//! push search in `push.rs`), kept apart so that neither imports the other.

use super::options::SolveOptions;
use crate::halt::Halt;
use crate::model::Level;
use gridsat_sat::{Budget, StopReason};
use std::time::Instant;

/// The smaller of two optional caps.
pub(super) fn min_cap(a: Option<usize>, b: Option<usize>) -> Option<usize> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The state of one solve.
pub(super) struct Solve<'a> {
    pub(super) level: &'a Level,
    pub(super) opts: &'a SolveOptions,
    pub(super) budget: &'a Budget,
    pub(super) began: Instant,
    /// The push optimum from the exhaustive search, when it ran.
    pub(super) known_pushes: Option<usize>,
    /// The bound on the level's states, and the horizon beyond which no shortest plan
    /// goes (one less).
    pub(super) states: Option<u64>,
    pub(super) longest: Option<usize>,
}

/// What stopped the work, in words: "time limit reached", "interrupted", "memory limit
/// reached (…what would not fit…)".
pub(super) fn stop_words(halt: &Halt) -> String {
    match halt {
        Halt::Memory(m) => format!("memory limit reached ({m})"),
        h => match h.reason() {
            StopReason::Interrupted => "interrupted".into(),
            _ => "time limit reached".into(),
        },
    }
}
