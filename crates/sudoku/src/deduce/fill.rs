//! A solution of a sparse grid by propagation and search on the bitset board, with no
//! formula at all: the cell with the fewest values left, its value with the least room,
//! singles to a fixpoint, and backtracking over the last few decisions. It finds the
//! first solution of an empty or nearly empty giant (100×100) in well under a second,
//! where the SAT formula would take gigabytes; it gives up (and the caller falls back
//! to the solver) when a grid is too constrained for such a cheap search.

use super::board::{Board, count, for_each};
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use gridsat_sat::{Budget, StopReason};

/// Decisions kept for backtracking: a board each (about 22 N² bytes), so that memory
/// stays bounded whatever the depth of the search.
pub const FILL_DEPTH: usize = 32;

/// What the fill search found.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Fill {
    /// A full grid that keeps every given (still to be checked by the caller).
    Solved(Grid),
    /// No solution with these givens and exclusions (proven: the search was complete).
    NoSolution,
    /// Too many conflicts, or a dead end below the decisions kept: nothing is proven.
    /// It holds the placements of the deepest board the search reached (the givens
    /// and every value placed or propagated there, consistent with one another as far
    /// as singles see, though they may not extend to a solution): where the caller
    /// may look for the rest with another method.
    GaveUp(Grid),
    /// The budget ran out.
    Stopped(StopReason),
}

/// How the fill search runs.
#[derive(Clone, Copy, Debug)]
pub struct FillLimits {
    /// Conflicts before it gives up.
    pub max_conflicts: u64,
}

/// The bytes the fill search of an N×N grid takes: `FILL_DEPTH` (32) + 2 boards of N²
/// cells (candidate words, the placed value) and 3N·(N+1) house counters. Asked of
/// the budget before the search starts.
pub fn fill_bytes(n: usize) -> u64 {
    let (n, words) = (n as u64, n.div_ceil(64).next_power_of_two() as u64);
    let board = n * n * (8 * words + 2) + 3 * n * (n + 1) * 2 + 3 * n;
    (FILL_DEPTH as u64 + 2) * board
}

/// Searches for a solution of `puzzle` in which no cell `c` holds `v` for any
/// `(c, v)` of `exclude` (how a second, different solution is asked for).
pub fn fill(
    geom: &Geometry,
    puzzle: &Grid,
    exclude: &[(usize, u16)],
    limits: FillLimits,
    budget: &Budget,
) -> Fill {
    match geom.n().div_ceil(64) {
        1 => run::<1>(geom, puzzle, exclude, limits, budget),
        2 => run::<2>(geom, puzzle, exclude, limits, budget),
        3..=4 => run::<4>(geom, puzzle, exclude, limits, budget),
        5..=8 => run::<8>(geom, puzzle, exclude, limits, budget),
        _ => run::<16>(geom, puzzle, exclude, limits, budget),
    }
}

/// One kept decision: the board before it, and the value placed in the cell.
struct Kept<'g, const W: usize> {
    before: Board<'g, W>,
    cell: usize,
    value: u16,
}

fn run<const W: usize>(
    geom: &Geometry,
    puzzle: &Grid,
    exclude: &[(usize, u16)],
    limits: FillLimits,
    budget: &Budget,
) -> Fill {
    let mut b = Board::<W>::new(geom, budget);
    let start = b.place_givens(puzzle).and_then(|_| {
        exclude
            .iter()
            .try_for_each(|&(c, v)| b.eliminate(c, v))
            .and_then(|_| b.propagate())
    });
    if start.is_err() {
        return Fill::NoSolution;
    }
    let mut kept: Vec<Kept<W>> = Vec::with_capacity(FILL_DEPTH);
    let mut spare: Vec<Board<W>> = Vec::new();
    let (mut conflicts, mut forgotten) = (0u64, false);
    let mut deepest = Deepest::new(&b);
    let gave_up = |d: Deepest| Fill::GaveUp(d.grid(geom));
    while b.unplaced > 0 {
        if b.out_of_budget() {
            return Fill::Stopped(b.stopped.unwrap_or(StopReason::TimeLimit));
        }
        let (cell, value) = choose(&b, geom);
        let mut before = match spare.pop() {
            Some(mut s) => {
                s.copy_from(&b);
                s
            }
            None => b.clone(),
        };
        if kept.len() == FILL_DEPTH {
            // The oldest decision is forgotten; its board holds this one.
            std::mem::swap(&mut kept.remove(0).before, &mut before);
            before.copy_from(&b);
            forgotten = true;
        }
        kept.push(Kept {
            before,
            cell,
            value,
        });
        if b.place(cell, value).and_then(|_| b.propagate()).is_ok() {
            continue;
        }
        // A conflict: undo decisions until one can take another value. The board
        // before the failed decision is the deepest consistent one on this path.
        if let Some(k) = kept.last() {
            deepest.offer(&k.before);
        }
        loop {
            conflicts += 1;
            if conflicts > limits.max_conflicts {
                return gave_up(deepest);
            }
            let Some(k) = kept.pop() else {
                return if forgotten {
                    gave_up(deepest)
                } else {
                    Fill::NoSolution
                };
            };
            b.copy_from(&k.before);
            spare.push(k.before);
            if b.eliminate(k.cell, k.value)
                .and_then(|_| b.propagate())
                .is_ok()
            {
                break;
            }
        }
    }
    Fill::Solved(Grid::from_values(geom.shape(), b.placed).expect("values in range"))
}

/// The placements of the board with the fewest open cells seen so far.
struct Deepest {
    placed: Vec<u16>,
    unplaced: usize,
}

impl Deepest {
    fn new<const W: usize>(b: &Board<W>) -> Deepest {
        Deepest {
            placed: b.placed.clone(),
            unplaced: b.unplaced,
        }
    }

    /// Keeps `b`'s placements if it has fewer open cells (a copy of N² values, made at
    /// most once per conflict).
    fn offer<const W: usize>(&mut self, b: &Board<W>) {
        if b.unplaced < self.unplaced && b.stopped.is_none() {
            self.placed.copy_from_slice(&b.placed);
            self.unplaced = b.unplaced;
        }
    }

    fn grid(self, geom: &Geometry) -> Grid {
        Grid::from_values(geom.shape(), self.placed).expect("values in range")
    }
}

/// The open cell with the fewest values left (the first in row-major order: a grid
/// filled row by row keeps its open cells together, where random cells meet dead ends), and
/// of its values the one with the fewest places left in the cell's row, column and box
/// (the value most likely to run out of room; the lowest of ties): on an empty 100×100 a
/// random value meets thousands of conflicts, this one none.
fn choose<const W: usize>(b: &Board<W>, g: &Geometry) -> (usize, u16) {
    let cells = g.n() * g.n();
    let (mut best, mut best_k) = (usize::MAX, u32::MAX);
    for i in 0..cells {
        if b.placed[i] != 0 {
            continue;
        }
        let k = count(b.mask(i));
        if k < best_k {
            (best, best_k) = (i, k);
            if k <= 2 {
                break;
            }
        }
    }
    let houses = g.houses_of(best);
    let (mut value, mut least) = (0, u32::MAX);
    for_each(b.mask(best), |v| {
        let room: u32 = houses.iter().map(|&h| b.places(h, v) as u32).sum();
        if room < least {
            (value, least) = (v, room);
        }
    });
    (best, value)
}
