//! Explanations: the whole solution as a sequence of hint steps (singles, what-ifs,
//! and, where no reasoning step exists, a value taken from the known solution).

use super::hint::{Hint, next_hint};
use crate::deduce::Logic;
use crate::model::grid::{Grid, Placement};
use crate::model::symbols::Alphabet;
use gridsat_sat::{Budget, Conclusion, StopReason};

/// One step of a walk.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Step {
    /// A hint that was applied (a placement or an elimination).
    Hint(Hint),
    /// No reasoning step was found: the value of this cell is taken from the solution
    /// found by the solver (what a player would have to guess).
    Guess(Placement),
}

impl Step {
    /// The step in words.
    pub fn describe(&self, alphabet: Option<&Alphabet>) -> String {
        match self {
            Step::Hint(h) => h.describe(alphabet),
            Step::Guess(p) => format!(
                "nothing is forced and no what-if fails here: search (the solver's solution) puts {}",
                p.describe(alphabet)
            ),
        }
    }
}

/// How a walk ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum End {
    /// Every cell filled.
    Solved(Grid),
    /// The givens contradict each other (said how).
    Contradiction(String),
    /// Stuck without a solution to take values from (e.g. several solutions).
    Stuck(Grid),
    /// The budget ran out; the grid as far as the walk got.
    Stopped(Grid, StopReason),
}

/// A whole walk from the givens.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Walk {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// How it ended.
    pub end: End,
}

impl gridsat_sat::Concludes for Walk {
    fn conclusion(&self) -> Conclusion {
        match &self.end {
            End::Solved(_) => Conclusion::Answered,
            End::Contradiction(_) => Conclusion::NoSolution,
            End::Stuck(_) => Conclusion::Multiple,
            End::Stopped(_, r) => Conclusion::Unknown(*r),
        }
    }
}

impl Walk {
    /// Counts of (placements by singles or rules, eliminations by what-ifs, guesses).
    pub fn counts(&self) -> (usize, usize, usize) {
        let mut c = (0, 0, 0);
        for s in &self.steps {
            match s {
                Step::Hint(Hint::Place(_)) => c.0 += 1,
                Step::Hint(Hint::Eliminate(_)) => c.1 += 1,
                Step::Guess(_) => c.2 += 1,
                Step::Hint(_) => {}
            }
        }
        c
    }
}

/// Walks from `puzzle` to its solution one hint at a time. When no hint exists and
/// `solution` is known, the stuck cell with the fewest candidates takes its value from
/// it (a `Guess`); without one the walk stops. The budget is asked before every step.
pub fn walk(
    logic: &mut Logic,
    puzzle: &Grid,
    solution: Option<&Grid>,
    alphabet: Option<&Alphabet>,
    budget: &Budget,
) -> Walk {
    let mut grid = puzzle.clone();
    let mut eliminated: Vec<Placement> = Vec::new();
    let mut steps = Vec::new();
    let n = puzzle.n();
    let end = |steps, end| Walk { steps, end };
    // Every step fills a cell or removes a candidate, so this bound is never reached.
    for _ in 0..=n * n * n {
        if let Some(r) = budget.stop_reason() {
            return end(steps, End::Stopped(grid, r));
        }
        let hint = next_hint(logic, &grid, &eliminated, alphabet, budget);
        match &hint {
            Hint::Solved => return end(steps, End::Solved(grid)),
            Hint::Contradiction(why) => return end(steps, End::Contradiction(why.clone())),
            Hint::Stopped(r) => return end(steps, End::Stopped(grid, *r)),
            Hint::Place(f) => grid.set(f.row, f.col, f.value),
            Hint::Eliminate(p) => eliminated.push(Placement {
                row: p.row,
                col: p.col,
                value: p.value,
            }),
            Hint::Stuck => {
                let guess = solution.and_then(|sol| guess(logic, &grid, &eliminated, sol));
                let Some(p) = guess else {
                    return end(steps, End::Stuck(grid));
                };
                grid.set(p.row, p.col, p.value);
                steps.push(Step::Guess(p));
                continue;
            }
        }
        steps.push(Step::Hint(hint));
    }
    end(steps, End::Stuck(grid))
}

/// The value of the most constrained open cell, taken from `solution`.
fn guess(
    logic: &mut Logic,
    grid: &Grid,
    eliminated: &[Placement],
    solution: &Grid,
) -> Option<Placement> {
    let n = grid.n();
    // Reload the state the hint saw, to pick the most constrained cell.
    let _ = logic.load(grid, eliminated);
    let i = (0..n * n)
        .filter(|&i| grid.get(i / n, i % n) == 0)
        .min_by_key(|&i| (logic.candidates(i / n, i % n).len(), i))?;
    Some(Placement {
        row: i / n,
        col: i % n,
        value: solution.get(i / n, i % n),
    })
}
