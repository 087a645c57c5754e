//! The sparse path for empty and nearly empty giants: a first solution written down
//! (the pattern grid, relabelled to keep the givens, when they fit it: every empty grid
//! does) or found by propagation and search on the bitset board (no formula); when that
//! search stalls, its deepest board's placements are kept and the SAT solver completes
//! a window of bands around the cells it left open (`tail`). Then `multiple` is shown by
//! a second, different solution: two symbols swapped on a chain free of givens, another
//! search with one of the first solution's values ruled out, or a window of the first
//! solution re-solved with its values there blocked. Both are verified by the
//! independent checker. A window without a solution proves nothing, so when every
//! cheap way gives up the caller falls back to the full SAT path, and the verdicts
//! `unique` and `unsat` only ever come from a complete search.

use super::answer::{Answer, SolveError, Stats, Verdict, Verification};
use super::second::swapped;
use super::tail::{Tail, TailSolver, complete, other};
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
/// pattern fills it; a 100×100 with 5% givens stalls with 328 cells open, 1.5 s, and
/// its tail goes to the SAT solver, see BENCHMARKS.md).
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
    tail: &TailSolver,
) -> Result<Option<Answer>, SolveError> {
    let (n, budget) = (puzzle.n(), tail.budget);
    budget.admit(fill_bytes(n) + BASE_BYTES, || {
        format!("the search of this {n}×{n} grid")
    })?;
    let mut stats = Stats {
        open_cells: fixed.values().iter().filter(|&&v| v == 0).count(),
        ..Stats::default()
    };
    let first = match first_solution(geom, fixed, tail, &mut stats)? {
        Fill::Solved(g) => verified(puzzle, g)?,
        Fill::NoSolution => return Ok(Some(Answer::new(Verdict::Unsat, Vec::new(), stats))),
        Fill::Stopped(r) => return Ok(Some(Answer::unknown(r, Vec::new(), stats))),
        _ => return Ok(None),
    };
    if max_solutions <= 1 {
        return Ok(Some(Answer::new(Verdict::Sat, vec![first], stats)));
    }
    let second = match swapped(puzzle, &first) {
        Some(g) => Tail::Solved(g),
        None => match searched(geom, fixed, &first, budget) {
            Some(g) => Tail::Solved(g),
            None => other(fixed, &first, tail, &mut stats)?,
        },
    };
    let second = match second {
        Tail::Solved(g) => verified(puzzle, g)?,
        Tail::Stopped(r) => return Ok(Some(Answer::unknown(r, vec![first], stats))),
        Tail::GaveUp => return Ok(None),
    };
    if second == first {
        return Err(Verification::Twice.into());
    }
    Ok(Some(Answer::new(
        Verdict::Multiple,
        vec![first, second],
        stats,
    )))
}

/// A first solution (unverified): the pattern grid when the givens fit it, else the
/// fill search, and when that stalls, its tail completed by the SAT solver (`GaveUp`
/// when that fails too). The tail's formulas are counted in `stats`.
fn first_solution(
    geom: &Geometry,
    fixed: &Grid,
    tail: &TailSolver,
    stats: &mut Stats,
) -> Result<Fill, SolveError> {
    if let Some(g) = pattern_fill(fixed) {
        return Ok(Fill::Solved(g));
    }
    let limits = FillLimits {
        max_conflicts: FIRST_CONFLICTS,
    };
    Ok(match fill(geom, fixed, &[], limits, tail.budget) {
        Fill::GaveUp(deepest) => match complete(fixed, &deepest, tail, stats)? {
            Tail::Solved(g) => Fill::Solved(g),
            Tail::Stopped(r) => Fill::Stopped(r),
            Tail::GaveUp => Fill::GaveUp(deepest),
        },
        found => found,
    })
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
            Fill::NoSolution | Fill::GaveUp(_) => {}
        }
    }
    None
}
