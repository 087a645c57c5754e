//! What can go wrong in a solve that is not an answer: gridsat's own faults.

use crate::replay::ReplayError;
use crate::search::SearchError;
use gridsat_sat::SolverError;

/// A solver failure or a plan that failed verification (a bug, or a broken solver).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The solver could not be built.
    #[error("solver failure: {0}")]
    Solver(#[from] SolverError),
    /// The search failed (the solver, or an encoding found wrong).
    #[error("solver failure: {0}")]
    Search(#[from] SearchError),
    /// A decoded plan did not replay to a solution.
    #[error("the plan found does not pass verification ({0}); this is a bug")]
    Verification(#[from] ReplayError),
    /// A plan replayed but costs more than the horizon it was found at.
    #[error(
        "the plan found does not pass verification (the plan has {cost} {unit} at horizon {horizon}); this is a bug"
    )]
    Cost {
        /// What the plan costs when replayed.
        cost: usize,
        /// "moves" or "pushes".
        unit: &'static str,
        /// The horizon it was found at.
        horizon: usize,
    },
    /// The solver's push optimum differs from the exhaustive search's.
    #[error(
        "the solver's optimum of {solver} pushes differs from the exhaustive search's {exhaustive}; this is a bug"
    )]
    Disagrees {
        /// The optimum the solver proved.
        solver: usize,
        /// The optimum of the exhaustive search.
        exhaustive: usize,
    },
    /// The push search's pushes cannot be walked from the start.
    #[error(
        "the plan found does not pass verification (push {} of the push search cannot be made); this is a bug", .push + 1
    )]
    Unwalkable {
        /// The index of the first push that cannot be made (from 0).
        push: usize,
    },
    /// The move phase of `pushes,moves` returned a plan of other pushes than the optimum.
    #[error(
        "the plan found does not pass verification (the move phase returned a plan of {found:?} pushes, the proven optimum is {optimum}); this is a bug"
    )]
    PushesChanged {
        /// The pushes of the plan returned.
        found: Option<usize>,
        /// The proven push optimum.
        optimum: usize,
    },
}
