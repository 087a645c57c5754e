//! Explanations: the whole solution as a sequence of hint steps (singles; where singles
//! stall, a named technique short of forcing chains, else a what-if; and, where no
//! reasoning step exists, a value taken from the known solution).

use super::hint::{Hint, next_hint};
use super::technique::{Board, TechniqueStep, apply_step, next_step, next_step_before_forcing};
use crate::deduce::Logic;
use crate::model::grid::{Grid, Placement};
use crate::model::symbols::Alphabet;
use gridsat_sat::{Budget, Conclusion, StopReason};

/// One step of a walk.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Step {
    /// A hint that was applied (a placement or an elimination).
    Hint(Hint),
    /// Singles were stuck and a named technique (short of forcing chains) placed values or
    /// removed candidates: each of its facts is a unit clause the next propagation uses.
    Technique(TechniqueStep),
    /// No reasoning step was found: the value of this cell is taken from the solution
    /// found by the solver (what a player would have to guess).
    Guess(Placement),
}

impl Step {
    /// The step in words.
    pub fn describe(&self, alphabet: Option<&Alphabet>) -> String {
        match self {
            Step::Hint(h) => h.describe(alphabet),
            Step::Technique(t) => format!(
                "{}: {} placed, {} removed",
                t.technique.title(),
                t.placements.len(),
                t.eliminations.len()
            ),
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
#[derive(Clone, Debug, PartialEq)]
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

/// What a walk's steps did, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WalkCounts {
    /// Values placed by singles (or a variant's rules).
    pub placed: usize,
    /// Steps of named techniques.
    pub techniques: usize,
    /// Candidates removed by what-ifs.
    pub what_ifs: usize,
    /// Values taken from the solution.
    pub guesses: usize,
}

impl Walk {
    /// How many steps of each kind the walk took.
    pub fn counts(&self) -> WalkCounts {
        let mut c = WalkCounts::default();
        for s in &self.steps {
            match s {
                Step::Hint(Hint::Place(_)) => c.placed += 1,
                Step::Hint(Hint::Eliminate(_)) => c.what_ifs += 1,
                Step::Technique(_) => c.techniques += 1,
                Step::Guess(_) => c.guesses += 1,
                Step::Hint(_) => {}
            }
        }
        c
    }
}

/// Walks from `puzzle` to its solution one hint at a time. Where singles stall and
/// `board` (the technique engine's pencil marks of `puzzle`) is given, the engine's next
/// step short of forcing chains is taken instead of a what-if, and where no what-if
/// exists either, its next step of any kind. When no hint exists and
/// `solution` is known, the stuck cell with the fewest candidates takes its value from
/// it (a `Guess`); without one the walk stops. The budget is asked before every step.
pub fn walk(
    logic: &mut Logic,
    puzzle: &Grid,
    solution: Option<&Grid>,
    mut board: Option<Board>,
    alphabet: Option<&Alphabet>,
    budget: &Budget,
) -> Walk {
    let mut w = Walker {
        grid: puzzle.clone(),
        eliminated: Vec::new(),
        steps: Vec::new(),
    };
    let n = puzzle.n();
    // Every step fills a cell or removes a candidate, so this bound is never reached.
    for _ in 0..=n * n * n {
        if let Some(r) = budget.stop_reason() {
            let at = w.grid.clone();
            return w.end(End::Stopped(at, r));
        }
        let hint = next_hint(logic, &w.grid, &w.eliminated, alphabet, budget);
        if let Some(b) = board.as_mut() {
            // Where singles stall: a named technique rather than a what-if, and rather
            // than a guess even a forcing chain.
            let step = match &hint {
                Hint::Eliminate(_) => next_step_before_forcing(b),
                Hint::Stuck => next_step(b),
                _ => None,
            };
            if let Some(t) = step {
                w.technique(b, t);
                continue;
            }
        }
        match &hint {
            Hint::Solved => {
                let g = w.grid.clone();
                return w.end(End::Solved(g));
            }
            Hint::Contradiction(why) => return w.end(End::Contradiction(why.clone())),
            Hint::Stopped(r) => {
                let g = w.grid.clone();
                return w.end(End::Stopped(g, *r));
            }
            Hint::Place(f) => w.place(board.as_mut(), f.row, f.col, f.value),
            Hint::Eliminate(p) => w.remove(board.as_mut(), p.row, p.col, p.value),
            Hint::Stuck => {
                let guess = solution.and_then(|sol| guess(logic, &w.grid, &w.eliminated, sol));
                let Some(p) = guess else {
                    let g = w.grid.clone();
                    return w.end(End::Stuck(g));
                };
                w.place(board.as_mut(), p.row, p.col, p.value);
                w.steps.push(Step::Guess(p));
                continue;
            }
        }
        w.steps.push(Step::Hint(hint));
    }
    let stuck = End::Stuck(w.grid.clone());
    w.end(stuck)
}

/// A walk under way: the grid, the candidates removed, the steps so far.
struct Walker {
    grid: Grid,
    eliminated: Vec<Placement>,
    steps: Vec<Step>,
}

impl Walker {
    fn end(self, end: End) -> Walk {
        Walk {
            steps: self.steps,
            end,
        }
    }

    fn place(&mut self, board: Option<&mut Board>, row: usize, col: usize, value: u16) {
        self.grid.set(row, col, value);
        if let Some(b) = board {
            b.place(row * self.grid.n() + col, value);
        }
    }

    fn remove(&mut self, board: Option<&mut Board>, row: usize, col: usize, value: u16) {
        self.eliminated.push(Placement { row, col, value });
        if let Some(b) = board {
            b.remove(row * self.grid.n() + col, value);
        }
    }

    /// Takes a technique step: its placements fill the grid, its eliminations join the
    /// removed candidates, and the board follows.
    fn technique(&mut self, b: &mut Board, t: TechniqueStep) {
        let n = self.grid.n();
        for &(c, v) in &t.placements {
            self.grid.set(c / n, c % n, v);
        }
        for &(c, v) in &t.eliminations {
            self.eliminated.push(Placement {
                row: c / n,
                col: c % n,
                value: v,
            });
        }
        apply_step(b, &t);
        self.steps.push(Step::Technique(t));
    }
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
