//! The answer for one level.

use super::options::Optimize;
use crate::analysis::Unsolvable;
use crate::model::Plan;
use gridsat_sat::{Conclusion, StopReason};

gridsat_sat::named_enum! {
    /// The verdict on a level.
    #[non_exhaustive]
    pub enum Verdict ("verdict") {
        /// A verified plan.
        Solved = "solved",
        /// No plan within the given bound.
        NoPlan = "no-plan",
        /// The level has no solution at all.
        Unsolvable = "unsolvable",
        /// A limit stopped the search.
        Unknown = "unknown",
    }
}

/// Sizes and times of a solve.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct SolveStats {
    /// Variables of the final formula.
    pub variables: u32,
    /// Clauses of the final formula.
    pub clauses: usize,
    /// Clauses per family of the final formula.
    pub families: Vec<(String, usize)>,
    /// Solver calls.
    pub calls: usize,
    /// Refinements of spurious models.
    pub refinements: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Seconds inside the solver.
    pub solve_seconds: f64,
    /// The admissible lower bound the search started from.
    pub lower_bound: usize,
    /// The parity (0 even, 1 odd) every plan's push count has, when the push search
    /// used it: an unsatisfiable horizon `h` then also rules out `h + 1` pushes.
    pub push_parity: Option<usize>,
    /// States the A* over push states expanded (0 when it did not run).
    pub astar_expanded: u64,
    /// States in the A*'s transposition table at its end.
    pub astar_stored: usize,
    /// Children the A* pruned as deadlocks.
    pub astar_deadlocks: u64,
    /// Box subsets the A* searched alone for a deadlock.
    pub astar_subset_tests: u64,
    /// Of those, the subsets without a plan: deadlock patterns learned.
    pub astar_patterns: u64,
    /// Positions pruned by a learned pattern (counted in `astar_deadlocks` too).
    pub astar_pattern_prunes: u64,
    /// Whole positions (and their shrunk subsets) the satisficing passes searched for
    /// a dead end.
    pub astar_positions: u64,
    /// Of the patterns, those learned from whole positions without a plan.
    pub astar_dead_ends: u64,
    /// Seconds in the A*.
    pub astar_seconds: f64,
}

/// The answer for one level.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// The verified plan, when solved.
    pub plan: Option<Plan>,
    /// Moves of the plan.
    pub moves: Option<usize>,
    /// Pushes of the plan.
    pub pushes: Option<usize>,
    /// What the plan is proven optimal for.
    pub optimal: Option<Optimize>,
    /// The last horizon asked.
    pub horizon: Option<usize>,
    /// The largest horizon proven to have no plan (in the unit of `optimize`; moves for
    /// `pushes,moves`, among plans with the optimal pushes).
    pub proven_below: Option<usize>,
    /// For `pushes,moves`: the largest number of pushes proven to admit no plan.
    pub push_proven_below: Option<usize>,
    /// The unit of horizons.
    pub optimize: Optimize,
    /// Why the level is unsolvable, or what limit stopped the search, in words.
    pub reason: Option<String>,
    /// Why the level is unsolvable (verdict `unsolvable`).
    pub unsolvable: Option<Unsolvable>,
    /// What stopped the search (verdict `unknown`, or a plan not proven optimal).
    pub stopped: Option<StopReason>,
    /// Which part proved what, in words: the optimality proof of a plan ("A* over push
    /// states exhausted every state with f < 97 …", "the push encoding at horizon 96 is
    /// unsatisfiable"), or the lower bound of a plan not proven optimal.
    pub proof: Option<String>,
    /// Which search produced the answer: `exhaustive`, `astar`, `horizon`, `any`.
    pub search: Option<&'static str>,
    /// A satisficing solve (`any`): a verified plan is the answer, optimal or not.
    pub satisficing: bool,
    /// Sizes and times.
    pub stats: SolveStats,
}

impl Outcome {
    pub(super) fn empty(verdict: Verdict, optimize: Optimize) -> Outcome {
        Outcome {
            verdict,
            plan: None,
            moves: None,
            pushes: None,
            optimal: None,
            horizon: None,
            proven_below: None,
            push_proven_below: None,
            optimize,
            reason: None,
            unsolvable: None,
            stopped: None,
            proof: None,
            search: None,
            satisficing: false,
            stats: SolveStats::default(),
        }
    }

    /// The report of a level that cannot be solved.
    pub(super) fn unsolvable(why: Unsolvable, optimize: Optimize) -> Outcome {
        let mut r = Outcome::empty(Verdict::Unsolvable, optimize);
        r.reason = Some(why.to_string());
        r.unsolvable = Some(why);
        r
    }
}

impl gridsat_sat::Concludes for Outcome {
    /// Answered when the plan is proven optimal in what was asked (any verified plan
    /// when satisficing); no solution for
    /// `no-plan` and `unsolvable`; unknown (with what stopped it) for a plan not proven
    /// optimal and for `unknown`.
    fn conclusion(&self) -> Conclusion {
        let stopped = || Conclusion::Unknown(self.stopped.unwrap_or(StopReason::TimeLimit));
        match self.verdict {
            Verdict::Solved if self.optimal == Some(self.optimize) || self.satisficing => {
                Conclusion::Answered
            }
            Verdict::Solved | Verdict::Unknown => stopped(),
            Verdict::NoPlan | Verdict::Unsolvable => Conclusion::NoSolution,
        }
    }
}
