//! The one counting loop: up to `max` solutions that differ on the open cells, each
//! blocked as it is found (inside one search where the backend can), each verified by
//! the independent checker against the puzzle and its rules.

use super::answer::stop_reason;
use super::answer::{Answer, SolveError, Stats, Verdict, Verification};
use crate::check::check_solution;
use crate::encode::CellVars;
use crate::model::grid::Grid;
use crate::model::rules::Rules;
use gridsat_sat::{Backend, Budget, Lit, Outcome, StopReason, Var};
use std::collections::HashSet;

/// What to count on.
pub(super) struct Count<'a> {
    /// The solver, loaded with the formula.
    pub(super) backend: &'a mut dyn Backend,
    /// The cell variables of the formula.
    pub(super) vars: &'a CellVars,
    /// The puzzle every solution is checked against.
    pub(super) puzzle: &'a Grid,
    /// Its rules.
    pub(super) rules: &'a Rules,
    /// The values known before the search (the givens and what deduction placed).
    pub(super) fixed: &'a Grid,
    /// Literals assumed for the search (the fixed values, for a warm solver).
    pub(super) assumptions: &'a [Lit],
    /// The activation literal the blocking clauses hang on (a warm solver's).
    pub(super) act: Option<Var>,
    /// How many solutions to look for (at least one).
    pub(super) max: usize,
    /// What stopped the search, when it stops early.
    pub(super) budget: &'a Budget,
}

/// The solutions found and the verdict they amount to.
pub(super) struct Counted {
    verdict: Verdict,
    solutions: Vec<Grid>,
    stopped: Option<StopReason>,
}

impl Counted {
    pub(super) fn into_answer(self, stats: Stats) -> Answer {
        let mut a = Answer::new(self.verdict, self.solutions, stats);
        a.stopped = self.stopped;
        a
    }
}

/// The models as grids, each verified against the puzzle and checked against the others
/// by a hash set, so that a count of a million stays linear (a check costs far less than
/// the search that found the model, so this never doubles a time limit).
fn verified(
    c: &Count,
    open: &[(Var, u32, u16)],
    models: &[Vec<bool>],
) -> Result<Vec<Grid>, SolveError> {
    let n = c.puzzle.n();
    let mut solutions: Vec<Grid> = Vec::with_capacity(models.len());
    let mut seen: HashSet<Grid> = HashSet::with_capacity(models.len());
    for model in models {
        let mut grid = c.fixed.clone();
        for (&(_, cell, v), _) in open.iter().zip(model).filter(|&(_, &b)| b) {
            grid.set(cell as usize / n, cell as usize % n, v);
        }
        check_solution(c.puzzle, &grid, c.rules).map_err(Verification::from)?;
        if !seen.insert(grid.clone()) {
            return Err(Verification::Twice.into());
        }
        solutions.push(grid);
    }
    Ok(solutions)
}

/// Finds up to `c.max` solutions that differ on the cells open in `c.fixed` (the
/// backend blocks each one it finds); verifies every model against the puzzle.
pub(super) fn count(c: Count, stats: &mut Stats) -> Result<Counted, SolveError> {
    let mut assume = c.assumptions.to_vec();
    let guard: Vec<Lit> = c.act.map(|a| a.neg()).into_iter().collect();
    if let Some(a) = c.act {
        assume.push(a.pos());
    }
    let open = c.vars.open_candidates(c.fixed);
    let projection: Vec<Var> = open.iter().map(|&(v, _, _)| v).collect();
    let max = c.max.max(1);
    let before = c.backend.conflicts();
    let found = c.backend.enumerate(&assume, &projection, &guard, max)?;
    if let (Some(a), Some(b)) = (before, c.backend.conflicts()) {
        stats.conflicts = Some(b - a);
    }
    stats.solver_calls += found.searches;
    let solutions = verified(&c, &open, &found.models)?;
    let outcome = found.outcome;
    let verdict = match (outcome, solutions.len()) {
        (Outcome::Unknown, _) => Verdict::Unknown,
        (Outcome::Unsat, 0) => Verdict::Unsat,
        (Outcome::Unsat, 1) => Verdict::Unique,
        (Outcome::Sat, k) if k >= max && max == 1 => Verdict::Sat,
        (_, k) if k >= 2 => Verdict::Multiple,
        // Nothing open: the one model found is the only one there is.
        (Outcome::Sat, 1) if projection.is_empty() => Verdict::Unique,
        (outcome, k) => {
            return Err(Verification::Ended {
                outcome,
                found: k,
                max,
            }
            .into());
        }
    };
    let stopped = (verdict == Verdict::Unknown).then(|| stop_reason(c.budget));
    Ok(Counted {
        verdict,
        solutions,
        stopped,
    })
}
