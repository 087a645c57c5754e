//! Pencil marks: the candidates every cell keeps under a chosen amount of reasoning.

use super::hint::contradiction_text;
use crate::deduce::{Logic, ProbeEnd};
use crate::model::grid::Grid;
use gridsat_sat::{Budget, Conclusion, StopReason};

gridsat_sat::named_enum! {
    /// How much reasoning removes candidates.
    pub enum Reasoning ("reasoning") default Singles {
        /// Only what the filled cells exclude directly (classic pencil marks)
        Givens = "givens",
        /// Unit propagation to a fixpoint (naked and hidden singles, and what follows)
        Singles = "singles",
        /// Unit propagation plus failed-literal probing
        Probing = "probing",
    }
}

/// The pencil marks of a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Marks {
    /// The candidates of every cell, row-major (a filled cell has only its value).
    Cells(Vec<Vec<u16>>),
    /// The filled cells already break the rules (said how).
    Contradiction(String),
    /// The budget stopped probing; the marks as far as it got.
    Stopped(Vec<Vec<u16>>, StopReason),
}

impl gridsat_sat::Concludes for Marks {
    fn conclusion(&self) -> Conclusion {
        match self {
            Marks::Cells(_) => Conclusion::Answered,
            Marks::Contradiction(_) => Conclusion::NoSolution,
            Marks::Stopped(_, r) => Conclusion::Unknown(*r),
        }
    }
}

/// The candidates of every cell of `grid` under `reasoning`.
pub fn pencil_marks(
    logic: &mut Logic,
    grid: &Grid,
    reasoning: Reasoning,
    budget: &Budget,
) -> Marks {
    if let Err(c) = logic.load(grid, &[]) {
        return Marks::Contradiction(contradiction_text(logic, c, None));
    }
    let mut stopped = None;
    if reasoning == Reasoning::Probing {
        match logic.probe_to_fixpoint(budget) {
            Ok(_) => {}
            Err(ProbeEnd::Conflict(c)) => {
                return Marks::Contradiction(contradiction_text(logic, c, None));
            }
            Err(ProbeEnd::Stopped(r)) => stopped = Some(r),
        }
    }
    let cells = read_marks(logic, grid, reasoning);
    match stopped {
        Some(r) => Marks::Stopped(cells, r),
        None => Marks::Cells(cells),
    }
}

/// The values the propagator has not ruled out, cell by cell.
fn read_marks(logic: &Logic, grid: &Grid, reasoning: Reasoning) -> Vec<Vec<u16>> {
    let n = grid.n();
    let prop = logic.propagator();
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            if grid.get(r, c) != 0 {
                return vec![grid.get(r, c)];
            }
            (1..=n as u16)
                .filter(|&v| {
                    let l = logic.lit(r, c, v);
                    match reasoning {
                        // Only eliminations one step from the filled cells (or unit clauses).
                        Reasoning::Givens => !(prop.is_false(l) && prop.depth(l.var()) <= 1),
                        _ => !prop.is_false(l),
                    }
                })
                .collect()
        })
        .collect()
}
