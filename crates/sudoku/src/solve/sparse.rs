//! The sparse path for empty and nearly empty giants: a first solution written down
//! (the pattern grid, relabelled to keep the givens, when they fit it: every empty grid
//! does) or found by propagation and search on the bitset board (no formula), then `multiple` shown by a second,
//! different solution (two symbols swapped on a chain free of givens, or another search
//! with one of the first solution's values ruled out). Both are verified by the
//! independent checker. When the cheap search gives up, the caller falls back to the
//! SAT solver, so the verdicts are those of the full path.

use super::answer::{Answer, SolveError, Stats, Verdict, Verification};
use super::second::swapped;
use crate::check::check_solution;
use crate::deduce::{Fill, FillLimits, fill, fill_bytes, pattern_fill};
use crate::encode::BASE_BYTES;
use crate::model::candidates::Candidates;
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use crate::model::rules::Rules;
use gridsat_sat::Budget;

gridsat_sat::named_enum! {
    /// When classic puzzles try the sparse path (search on the bitset board, no formula) before the SAT solver.
    pub enum SparsePath ("sparse path") default Auto {
        /// Grids from 16×16 with at least 90% of their cells open after deduction, when at most two solutions are asked for.
        Auto = "auto",
        /// Never: the SAT solver decides every puzzle deduction leaves open.
        Off = "off",
        /// Every puzzle deduction leaves open (when at most two solutions are asked for).
        Always = "always",
    }
}

/// The sparse path is tried from this side on (`auto`).
pub const SPARSE_MIN_SIDE: usize = 16;

/// Conflicts the search may meet before it gives up (an empty grid never gets here: the
/// pattern fills it; a 100×100 with 5% givens is not filled within them yet, see
/// BENCHMARKS.md).
const FIRST_CONFLICTS: u64 = 20_000;

/// Cells tried, one at a time, with their first value ruled out, when no swap gives a
/// second solution.
const SECOND_TRIES: usize = 8;

impl SparsePath {
    /// Whether a puzzle whose deduction left `cands` goes the sparse path.
    pub(super) fn applies(self, cands: &Candidates, max_solutions: usize) -> bool {
        let n = cands.shape().n();
        match self {
            _ if max_solutions > 2 => false,
            SparsePath::Off => false,
            SparsePath::Always => true,
            SparsePath::Auto => n >= SPARSE_MIN_SIDE && cands.open_cells() * 10 >= 9 * n * n,
        }
    }
}

/// The answer of the sparse path, or `None` when it gave up (the caller then asks the
/// SAT solver). `fixed` holds the givens and what deduction placed.
pub(super) fn solve_sparse(
    geom: &Geometry,
    puzzle: &Grid,
    fixed: &Grid,
    max_solutions: usize,
    budget: &Budget,
) -> Result<Option<Answer>, SolveError> {
    let n = puzzle.n();
    budget.admit(fill_bytes(n) + BASE_BYTES, || {
        format!("the search of this {n}×{n} grid")
    })?;
    let stats = Stats {
        open_cells: fixed.values().iter().filter(|&&v| v == 0).count(),
        ..Stats::default()
    };
    let limits = FillLimits {
        max_conflicts: FIRST_CONFLICTS,
    };
    let found = match pattern_fill(fixed) {
        Some(g) => Fill::Solved(g),
        None => fill(geom, fixed, &[], limits, budget),
    };
    let first = match found {
        Fill::Solved(g) => verified(puzzle, g)?,
        Fill::NoSolution => return Ok(Some(Answer::new(Verdict::Unsat, Vec::new(), stats))),
        Fill::Stopped(r) => return Ok(Some(Answer::unknown(r, Vec::new(), stats))),
        Fill::GaveUp => return Ok(None),
    };
    if max_solutions <= 1 {
        return Ok(Some(Answer::new(Verdict::Sat, vec![first], stats)));
    }
    let second = match swapped(puzzle, &first) {
        Some(g) => Some(g),
        None => searched(geom, fixed, &first, budget),
    };
    let Some(second) = second else {
        return Ok(None);
    };
    let second = verified(puzzle, second)?;
    if second == first {
        return Err(Verification::Twice.into());
    }
    Ok(Some(Answer::new(
        Verdict::Multiple,
        vec![first, second],
        stats,
    )))
}

/// `grid`, once the independent checker has passed it as a solution of `puzzle`.
fn verified(puzzle: &Grid, grid: Grid) -> Result<Grid, SolveError> {
    check_solution(puzzle, &grid, &Rules::classic()).map_err(Verification::from)?;
    Ok(grid)
}

/// A solution other than `first`: a search with the first solution's value of one
/// open cell ruled out, for a few cells spread over the grid.
fn searched(geom: &Geometry, fixed: &Grid, first: &Grid, budget: &Budget) -> Option<Grid> {
    let open: Vec<usize> = (0..fixed.values().len())
        .filter(|&i| fixed.values()[i] == 0)
        .collect();
    let step = open.len().div_ceil(SECOND_TRIES).max(1);
    for &cell in open.iter().step_by(step) {
        let limits = FillLimits {
            max_conflicts: FIRST_CONFLICTS,
        };
        let exclude = [(cell, first.values()[cell])];
        match fill(geom, fixed, &exclude, limits, budget) {
            Fill::Solved(g) => return Some(g),
            Fill::Stopped(_) => return None,
            Fill::NoSolution | Fill::GaveUp => {}
        }
    }
    None
}
