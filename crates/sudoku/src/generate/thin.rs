//! Thinning: fewer givens by local search, every step proven by deduction.
//!
//! Removing givens one at a time stops at the first puzzle where no single given can
//! go: about 43% of the cells on 25×25. Thinning goes on from there. It drops a random
//! given; deduction then gets stuck somewhere, and one of the cells it left with the
//! fewest candidates is given instead, if that lets deduction fill the grid again (a
//! puzzle as large, but another one). The new given often makes others redundant, so
//! givens in the houses of the two changed cells, and a few elsewhere, are tried for
//! removal. A puzzle is kept only when deduction alone fills it, so every puzzle on the
//! way is unique and solvable without search.

use crate::deduce::{Deduction, Presolve, deduce};
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use crate::rng::Rng;
use gridsat_sat::Budget;

/// Cells tried as the replacement of a dropped given (those deduction left with the
/// fewest candidates).
const ADD_TRIES: usize = 12;
/// Givens in the houses of the two changed cells tried for removal after a swap.
const NEAR_TRIES: usize = 16;
/// Givens anywhere else tried for removal after a swap.
const FAR_TRIES: usize = 8;

/// What a thinning run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ThinStats {
    /// Rounds run (each drops one given and looks for a replacement).
    pub rounds: u64,
    /// Swaps kept (a given traded for another cell).
    pub swaps: u64,
    /// Givens removed in all.
    pub removed: usize,
    /// Deduction runs that filled the grid (accepted puzzles).
    pub accepted: u64,
    /// Deduction runs that got stuck (rejected puzzles).
    pub rejected: u64,
}

/// Runs `rounds` rounds of thinning on `puzzle` (which deduction must fill to
/// `solution`; otherwise it is returned as it is), stopping early once `floor` givens
/// are left or the budget is spent. Returns a puzzle that deduction fills to `solution`.
pub fn thin(
    geom: &Geometry,
    puzzle: &Grid,
    solution: &Grid,
    rounds: u64,
    floor: usize,
    rng: &mut Rng,
    budget: &Budget,
) -> (Grid, ThinStats) {
    let mut stats = ThinStats::default();
    let fills = |p: &Grid, stats: &mut ThinStats| match deduce(geom, p, Presolve::Probe, budget) {
        Deduction::Solved(g) => {
            debug_assert_eq!(&g, solution, "deduction is sound");
            stats.accepted += 1;
            true
        }
        _ => {
            stats.rejected += 1;
            false
        }
    };
    let mut p = puzzle.clone();
    if !fills(&p, &mut stats) {
        return (p, stats);
    }
    let n = p.n();
    let cells = n * n;
    let start = p.num_givens();
    while stats.rounds < rounds && p.num_givens() > floor && !budget.stopped() {
        stats.rounds += 1;
        let givens: Vec<usize> = (0..cells).filter(|&i| p.values()[i] != 0).collect();
        if givens.is_empty() {
            break;
        }
        let g = givens[rng.below(givens.len())];
        let mut q = p.clone();
        q.set(g / n, g % n, 0);
        let stuck = match deduce(geom, &q, Presolve::Probe, budget) {
            Deduction::Solved(_) => {
                stats.accepted += 1;
                p = q; // the given was redundant after earlier swaps
                continue;
            }
            Deduction::Open(c) => c,
            Deduction::Stopped(_) => break,
            _ => unreachable!("givens taken from a solution"),
        };
        stats.rejected += 1;
        // Replacement candidates: cells deduction left open, fewest candidates first
        // (ties broken at random), never the dropped cell itself.
        let mut open: Vec<(usize, u64, usize)> = (0..cells)
            .filter(|&i| i != g && stuck.placed(i) == 0)
            .map(|i| (stuck.count(i), rng.next_u64(), i))
            .collect();
        open.sort_unstable();
        for &(_, _, a) in open.iter().take(ADD_TRIES) {
            let mut r = q.clone();
            r.set(a / n, a % n, solution.get(a / n, a % n));
            if !fills(&r, &mut stats) {
                continue;
            }
            p = r;
            stats.swaps += 1;
            let (near, far): (Vec<usize>, Vec<usize>) = (0..cells)
                .filter(|&i| i != a && p.values()[i] != 0)
                .partition(|&i| geom.shares_house(i, a) || geom.shares_house(i, g));
            let mut tries = sample(near, NEAR_TRIES, rng);
            tries.extend(sample(far, FAR_TRIES, rng));
            for t in tries {
                if p.num_givens() <= floor {
                    break;
                }
                let mut s = p.clone();
                s.set(t / n, t % n, 0);
                if fills(&s, &mut stats) {
                    p = s;
                }
            }
            break;
        }
    }
    stats.removed = start - p.num_givens();
    (p, stats)
}

/// Up to `k` elements of `v`, chosen at random.
fn sample(mut v: Vec<usize>, k: usize, rng: &mut Rng) -> Vec<usize> {
    rng.shuffle(&mut v);
    v.truncate(k);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::shape::Shape;

    /// Thinning a deduction-minimal 9×9 puzzle keeps it a subset of the solution that
    /// deduction fills, never adds givens overall, and respects the floor.
    #[test]
    fn thinning_keeps_a_puzzle_deduction_fills() {
        let shape = Shape::for_side(9).unwrap();
        let geom = Geometry::new(shape);
        let solution: Vec<u16> =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .bytes()
                .map(|b| (b - b'0') as u16)
                .collect();
        let solution = Grid::from_values(shape, solution).unwrap();
        for seed in 0..4 {
            let mut rng = Rng::new(seed);
            for floor in [0, 40] {
                let (p, stats) = thin(
                    &geom,
                    &solution,
                    &solution,
                    200,
                    floor,
                    &mut rng,
                    &Budget::unlimited(),
                );
                assert!(p.num_givens() >= floor);
                assert_eq!(stats.removed, 81 - p.num_givens());
                for (i, &v) in p.values().iter().enumerate() {
                    assert!(
                        v == 0 || v == solution.values()[i],
                        "a given not from the solution"
                    );
                }
                assert!(
                    matches!(deduce(&geom, &p, Presolve::Probe, &Budget::unlimited()), Deduction::Solved(g) if g == solution)
                );
            }
        }
    }
}
