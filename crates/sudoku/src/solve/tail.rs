//! The stalled tail of a fill search, handed to the SAT solver. When the fill gives up
//! with most of a giant placed (a 100×100 with 5% givens: all but a few hundred of
//! 10,000 cells), its placements are kept outside a window of whole bands (or stacks)
//! around the cells it left open, and the reduced encoding of that window alone (the
//! candidates its cells have left) goes to a one-shot solver: a few thousand cells of
//! small candidate sets instead of a formula of gigabytes. When the window has no
//! solution (the placements around it do not extend) or is too hard for a few
//! conflicts, it widens by a band on each side, up to half the grid; past that the
//! caller falls back to the full path. A window's UNSAT says nothing about the puzzle,
//! so the tail only ever yields a solution (still to be verified) or nothing.

use super::answer::{SolveError, Stats, stop_reason};
use super::load::load;
use crate::encode::{encode_candidates_within, reduced_bytes, reduced_bytes_counted};
use crate::model::candidates::Candidates;
use crate::model::grid::Grid;
use gridsat_sat::{AmoEncoding, Backend, Budget, Limits, Outcome, StopReason, drop_aside};

/// Conflicts one window may take before it is widened (a window that is neither
/// quickly solved nor quickly refuted gets more room rather than more time).
pub const TAIL_CONFLICTS: u64 = 50_000;

/// The estimate up to which a window keeps the at-most-one encoding asked for (pairwise
/// by default, quadratic in each group); a larger window is encoded with the
/// sequential one (linear).
const PAIRWISE_MAX_BYTES: u64 = 1 << 30;

/// What the tail solver needs from the caller.
pub(super) struct TailSolver<'a> {
    /// The at-most-one encoding asked for (used when the window's groups are small).
    pub(super) amo: AmoEncoding,
    /// Builds a one-shot backend for a formula of this many clauses.
    pub(super) backend: &'a dyn Fn(usize) -> Result<Box<dyn Backend>, SolveError>,
    /// The time limit, interrupt flag and memory ceiling.
    pub(super) budget: &'a Budget,
}

/// What the tail found.
pub(super) enum Tail {
    /// A full grid (still to be verified by the caller).
    Solved(Grid),
    /// No window up to half the grid was solved: nothing is known.
    GaveUp,
    /// The budget ran out.
    Stopped(StopReason),
}

/// What one window's formula gave.
enum Window {
    Solved(Grid),
    /// Unsatisfiable, or too hard within [`TAIL_CONFLICTS`]: widen.
    Widen,
    Stopped(StopReason),
}

/// Where windows grow from: the bands (or stacks, `across`) first freed.
struct Seed {
    open: Vec<bool>,
    across: bool,
}

/// Completes `deepest` (the fill's deepest board: the givens and `fixed` among its
/// placements) by solving windows of growing width around its open cells.
pub(super) fn complete(
    fixed: &Grid,
    deepest: &Grid,
    solver: &TailSolver,
    stats: &mut Stats,
) -> Result<Tail, SolveError> {
    let (bands, stacks) = open_lines(deepest);
    // The axis whose open cells span fewer bands frees fewer cells.
    let across = stacks.iter().filter(|&&o| o).count() < bands.iter().filter(|&&o| o).count();
    let open = if across { stacks } else { bands };
    grow(fixed, deepest, &Seed { open, across }, None, solver, stats)
}

/// A solution other than `first`: its values kept outside a window of bands grown from
/// the band with the most cells open in `fixed` (the most room), inside which the
/// formula rules out `first`'s values all holding at once.
pub(super) fn other(
    fixed: &Grid,
    first: &Grid,
    solver: &TailSolver,
    stats: &mut Stats,
) -> Result<Tail, SolveError> {
    let shape = fixed.shape();
    let (n, rows) = (shape.n(), shape.box_rows());
    let mut open_in = vec![0usize; n / rows];
    for (i, _) in fixed.values().iter().enumerate().filter(|(_, v)| **v == 0) {
        open_in[i / n / rows] += 1;
    }
    let roomiest = (0..open_in.len()).max_by_key(|&b| open_in[b]).unwrap_or(0);
    let mut open = vec![false; open_in.len()];
    open[roomiest] = true;
    let seed = Seed {
        open,
        across: false,
    };
    grow(fixed, first, &seed, Some(first), solver, stats)
}

/// Solves windows grown from `seed` a band at a time on each side, `grid`'s values
/// kept outside, until one has a solution (other than `avoid`) or half the grid is free.
fn grow(
    fixed: &Grid,
    grid: &Grid,
    seed: &Seed,
    avoid: Option<&Grid>,
    solver: &TailSolver,
    stats: &mut Stats,
) -> Result<Tail, SolveError> {
    let shape = fixed.shape();
    let width = if seed.across {
        shape.box_cols()
    } else {
        shape.box_rows()
    };
    for widen in 0..seed.open.len() {
        let freed = widened(&seed.open, widen);
        if freed.iter().filter(|&&f| f).count() * width * 2 > shape.n() {
            break;
        }
        let start = frozen(fixed, grid, &freed, width, seed.across);
        match solve_window(&start, avoid, solver, stats)? {
            Window::Solved(g) => return Ok(Tail::Solved(g)),
            Window::Stopped(r) => return Ok(Tail::Stopped(r)),
            Window::Widen => {}
        }
    }
    Ok(Tail::GaveUp)
}

/// The bands and the stacks that hold an open cell of `grid`.
fn open_lines(grid: &Grid) -> (Vec<bool>, Vec<bool>) {
    let shape = grid.shape();
    let n = shape.n();
    let (mut bands, mut stacks) = (
        vec![false; n / shape.box_rows()],
        vec![false; n / shape.box_cols()],
    );
    for (i, &v) in grid.values().iter().enumerate() {
        if v == 0 {
            bands[i / n / shape.box_rows()] = true;
            stacks[i % n / shape.box_cols()] = true;
        }
    }
    (bands, stacks)
}

/// `open` with every set entry spread `by` places to each side.
fn widened(open: &[bool], by: usize) -> Vec<bool> {
    (0..open.len())
        .map(|i| {
            let lo = i.saturating_sub(by);
            let hi = (i + by).min(open.len() - 1);
            open[lo..=hi].iter().any(|&o| o)
        })
        .collect()
}

/// `deepest`'s values outside the freed bands (stacks when `across`), `fixed`'s inside.
fn frozen(fixed: &Grid, deepest: &Grid, freed: &[bool], width: usize, across: bool) -> Grid {
    let n = fixed.n();
    let mut g = fixed.clone();
    for (i, &v) in deepest.values().iter().enumerate() {
        let line = if across { i % n } else { i / n };
        if v != 0 && !freed[line / width] {
            g.set(i / n, i % n, v);
        }
    }
    g
}

/// The at-most-one encoding for `cand`: the one asked for while its formula stays
/// within [`PAIRWISE_MAX_BYTES`], else the sequential one (linear in each group).
fn amo_for(cand: &Candidates, asked: AmoEncoding) -> (AmoEncoding, u64) {
    let bytes = reduced_bytes_counted(cand, asked);
    if bytes <= PAIRWISE_MAX_BYTES || asked == AmoEncoding::Sequential {
        return (asked, bytes);
    }
    let sequential = AmoEncoding::Sequential;
    (sequential, reduced_bytes(cand, sequential))
}

/// Solves the cells `start` leaves open with the reduced encoding of their candidates
/// (its size asked of the budget first; a window too large for it is not solved), and
/// `avoid`'s values there not all at once. Adds the formula's size to `stats`.
fn solve_window(
    start: &Grid,
    avoid: Option<&Grid>,
    solver: &TailSolver,
    stats: &mut Stats,
) -> Result<Window, SolveError> {
    let budget = solver.budget;
    let cand = Candidates::from_givens(start);
    let (amo, bytes) = amo_for(&cand, solver.amo);
    if budget.admit(bytes, String::new).is_err() {
        return Ok(Window::Widen);
    }
    let enc = match encode_candidates_within(&cand, amo, None, budget) {
        Ok(enc) => enc,
        Err(r) => return Ok(Window::Stopped(r)),
    };
    let clauses = enc.formula.num_clauses();
    stats.vars += enc.formula.num_vars();
    stats.clauses += clauses;
    stats.solver_calls += 1;
    let mut backend = (solver.backend)(clauses)?;
    backend.set_limits(Limits {
        conflicts: Some(TAIL_CONFLICTS),
        deadline: budget.deadline(),
    });
    let outcome = match load(&mut *backend, &enc.formula, budget) {
        Some(r) => return Ok(Window::Stopped(r)),
        None => {
            if let Some(avoid) = avoid {
                backend.add_clause(&enc.vars.blocking_clause(start, avoid));
            }
            backend.solve(&[])?
        }
    };
    let window = match outcome {
        Outcome::Sat => Window::Solved(
            enc.vars
                .decode(start.shape(), |v| backend.value(v.pos()) == Some(true)),
        ),
        _ if budget.stopped() => Window::Stopped(stop_reason(budget)),
        _ => Window::Widen,
    };
    drop_aside(backend, clauses);
    Ok(window)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_solution;
    use crate::deduce::pattern_fill;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;
    use gridsat_sat::BackendSpec;

    fn build(clauses: usize) -> Result<Box<dyn Backend>, SolveError> {
        Ok(BackendSpec::default().build_for(clauses)?)
    }

    /// A 16×16 solution and a puzzle of every 13th of its cells.
    fn solution_and_puzzle() -> (Grid, Grid) {
        let shape = Shape::for_side(16).unwrap();
        let sol = pattern_fill(&Grid::empty(shape)).unwrap();
        let mut puzzle = Grid::empty(shape);
        for i in (0..256).step_by(13) {
            puzzle.set(i / 16, i % 16, sol.values()[i]);
        }
        (sol, puzzle)
    }

    /// The tail solver the tests use: pairwise at-most-one, a fresh backend each call.
    fn pairwise(budget: &Budget) -> TailSolver<'_> {
        TailSolver {
            amo: AmoEncoding::Pairwise,
            backend: &build,
            budget,
        }
    }

    #[test]
    fn windows_grow_a_band_to_each_side() {
        let open = [false, false, true, false, false];
        assert_eq!(widened(&open, 0), open);
        assert_eq!(widened(&open, 1), [false, true, true, true, false]);
        assert_eq!(widened(&open, 9), [true; 5]);
    }

    #[test]
    fn a_stalled_band_is_completed_and_verified() {
        let (sol, puzzle) = solution_and_puzzle();
        // The deepest board: the solution with the third band's open cells cleared.
        let mut deepest = sol.clone();
        for i in 128..192 {
            if puzzle.values()[i] == 0 {
                deepest.set(i / 16, i % 16, 0);
            }
        }
        assert_eq!(open_lines(&deepest).0, [false, false, true, false]);
        let budget = Budget::unlimited();
        let solver = pairwise(&budget);
        let mut stats = Stats::default();
        let Tail::Solved(g) = complete(&puzzle, &deepest, &solver, &mut stats).unwrap() else {
            panic!("a band of a solution always completes");
        };
        assert_eq!(check_solution(&puzzle, &g, &Rules::classic()), Ok(()));
        assert!(stats.clauses > 0 && stats.solver_calls == 1);
        // A second solution: a window of the first re-solved with its values blocked.
        let Tail::Solved(h) = other(&puzzle, &g, &solver, &mut stats).unwrap() else {
            panic!("a sparse 16×16 has another solution");
        };
        assert_eq!(check_solution(&puzzle, &h, &Rules::classic()), Ok(()));
        assert_ne!(g, h);
    }

    #[test]
    fn windows_without_a_solution_widen_and_claim_nothing() {
        let (sol, _) = solution_and_puzzle();
        // Only the last row open: the puzzle has one solution, so every window with the
        // first solution blocked is unsatisfiable.
        let mut puzzle = sol.clone();
        for c in 0..16 {
            puzzle.set(15, c, 0);
        }
        let budget = Budget::unlimited();
        let solver = pairwise(&budget);
        let mut stats = Stats::default();
        let tail = other(&puzzle, &sol, &solver, &mut stats).unwrap();
        assert!(matches!(tail, Tail::GaveUp), "no second solution exists");
        // The last band, then the last two (half the grid), then no more.
        assert_eq!(stats.solver_calls, 2);
    }
}
