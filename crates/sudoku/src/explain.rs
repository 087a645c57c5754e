//! Explanations: the whole solution as a sequence of hint steps (singles, what-ifs,
//! and, where no reasoning step exists, a value taken from the known solution).

use crate::grid::{Grid, Placement};
use crate::hint::{Hint, next_hint};
use crate::logic::Logic;
use crate::symbols::Alphabet;

/// One step of a walk.
#[derive(Clone, Debug, PartialEq, Eq)]
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
pub enum End {
    /// Every cell filled.
    Solved(Grid),
    /// The givens contradict each other (said how).
    Contradiction(String),
    /// Stuck without a solution to take values from (e.g. several solutions).
    Stuck(Grid),
}

/// A whole walk from the givens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// How it ended.
    pub end: End,
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
/// it (a `Guess`); without one the walk stops.
pub fn walk(
    logic: &mut Logic,
    puzzle: &Grid,
    solution: Option<&Grid>,
    alphabet: Option<&Alphabet>,
) -> Walk {
    let mut grid = puzzle.clone();
    let mut eliminated: Vec<Placement> = Vec::new();
    let mut steps = Vec::new();
    let n = puzzle.n();
    // Every step fills a cell or removes a candidate, so this bound is never reached.
    for _ in 0..=n * n * n {
        let hint = next_hint(logic, &grid, &eliminated, alphabet);
        match &hint {
            Hint::Solved => {
                return Walk {
                    steps,
                    end: End::Solved(grid),
                };
            }
            Hint::Contradiction(why) => {
                let why = why.clone();
                return Walk {
                    steps,
                    end: End::Contradiction(why),
                };
            }
            Hint::Place(f) => grid.set(f.row, f.col, f.value),
            Hint::Eliminate(p) => eliminated.push(Placement {
                row: p.row,
                col: p.col,
                value: p.value,
            }),
            Hint::Stuck => {
                let Some(sol) = solution else {
                    return Walk {
                        steps,
                        end: End::Stuck(grid),
                    };
                };
                // Reload the state the hint saw, to pick the most constrained cell.
                let _ = logic.load(&grid, &eliminated);
                let cell = (0..n * n)
                    .filter(|&i| grid.get(i / n, i % n) == 0)
                    .min_by_key(|&i| (logic.candidates(i / n, i % n).len(), i));
                let Some(i) = cell else {
                    return Walk {
                        steps,
                        end: End::Stuck(grid),
                    };
                };
                let p = Placement {
                    row: i / n,
                    col: i % n,
                    value: sol.get(i / n, i % n),
                };
                grid.set(p.row, p.col, p.value);
                steps.push(Step::Guess(p));
                continue;
            }
        }
        steps.push(Step::Hint(hint));
    }
    Walk {
        steps,
        end: End::Stuck(grid),
    }
}
