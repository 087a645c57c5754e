//! What solving a puzzle gives: the verdict, the verified solutions, the conflict, the
//! effort; and why solving can fail.

use super::conflict::Conflict;
use crate::encode::EncodeError;
use crate::model::fault::Fault;
use crate::model::grid::Grid;
use crate::model::rules::RulesError;
use gridsat_sat::{Budget, Conclusion, MemoryExceeded, Outcome, SolverError, StopReason};
use std::time::Duration;

gridsat_sat::named_enum! {
    /// What is known about a puzzle's solutions.
    pub enum Verdict ("verdict") {
        /// Exactly one solution (proven).
        Unique = "unique",
        /// At least two solutions.
        Multiple = "multiple",
        /// No solution (proven).
        Unsat = "unsat",
        /// A solution, uniqueness not asked for.
        Sat = "sat",
        /// Stopped by a limit before the verdict.
        Unknown = "unknown",
    }
}

/// Size of the formula and effort spent on one puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Cells still open after deduction (0 when deduction alone solved it).
    pub open_cells: usize,
    /// Variables of the formula.
    pub vars: u32,
    /// Clauses of the formula (blocking clauses not included).
    pub clauses: usize,
    /// Number of solver calls.
    pub solver_calls: u32,
    /// Conflicts in those calls, when the backend counts them.
    pub conflicts: Option<u64>,
    /// Wall time spent on the puzzle.
    pub time: Duration,
}

/// The answer for one puzzle. Every solution in it has passed the independent checker.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Answer {
    /// The verdict.
    pub verdict: Verdict,
    /// Solutions found (up to the bound), each verified.
    pub solutions: Vec<Grid>,
    /// For `unsat`: givens that cannot all hold.
    pub conflict: Option<Conflict>,
    /// For `unknown`: what stopped the work.
    pub stopped: Option<StopReason>,
    /// Formula size and effort.
    pub stats: Stats,
}

impl Answer {
    /// An answer with this verdict and solutions, and nothing else yet.
    pub(crate) fn new(verdict: Verdict, solutions: Vec<Grid>, stats: Stats) -> Answer {
        Answer {
            verdict,
            solutions,
            conflict: None,
            stopped: None,
            stats,
        }
    }

    /// The verdict `unknown` for what stopped the work, with the solutions found so far.
    pub(crate) fn unknown(reason: StopReason, solutions: Vec<Grid>, stats: Stats) -> Answer {
        Answer {
            stopped: Some(reason),
            ..Answer::new(Verdict::Unknown, solutions, stats)
        }
    }
}

impl gridsat_sat::Concludes for Answer {
    fn conclusion(&self) -> Conclusion {
        match self.verdict {
            Verdict::Unique | Verdict::Sat => Conclusion::Answered,
            Verdict::Multiple => Conclusion::Multiple,
            Verdict::Unsat => Conclusion::NoSolution,
            Verdict::Unknown => Conclusion::Unknown(self.stopped.unwrap_or(StopReason::TimeLimit)),
        }
    }
}

/// Why solving failed (never a verdict: those are in [`Answer`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The backend failed (e.g. an external solver could not run).
    #[error(transparent)]
    Backend(#[from] SolverError),
    /// The formula could not be built for the options asked for.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// The rules do not fit the puzzle.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// What the formula would need exceeds the memory budget.
    #[error(transparent)]
    Memory(#[from] MemoryExceeded),
    /// An answer failed verification: a bug in an encoding or a solver.
    #[error("the solver's answer failed verification: {0}")]
    Verification(#[from] Verification),
}

/// What verification caught (each one a bug, never the user's fault).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Verification {
    /// A model is not a solution.
    #[error(transparent)]
    Fault(#[from] Fault),
    /// A solution came back after it was blocked.
    #[error("the same solution was found twice")]
    Twice,
    /// The enumeration ended in a state that is no verdict.
    #[error("the solver ended with {outcome:?} after {found} of {max} solutions")]
    Ended {
        /// The last outcome.
        outcome: Outcome,
        /// Solutions found.
        found: usize,
        /// Solutions asked for.
        max: usize,
    },
    /// Unsatisfiable givens became satisfiable.
    #[error("the puzzle was found unsatisfiable, then satisfiable")]
    Flipped,
}

/// The reason a stopped search gives when the budget says nothing (a backend's own
/// limit): the time limit.
pub(crate) fn stop_reason(budget: &Budget) -> StopReason {
    budget.stop_reason().unwrap_or(StopReason::TimeLimit)
}
