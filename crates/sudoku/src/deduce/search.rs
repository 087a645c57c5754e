//! A small DPLL search (unit propagation, chronological backtracking) on the
//! reasoning model: it measures search effort for ratings and draws random solution
//! grids for the generator.

use super::logic::Logic;
use crate::model::grid::Grid;
use crate::rng::Rng;
use gridsat_sat::{Budget, Lit, StopReason};

/// How the search picks its next decision.
pub enum Order<'a> {
    /// The first unassigned literal of a fixed list (a random variable order when the
    /// list is shuffled); each decision sets its literal true first.
    Static(&'a [Lit]),
    /// A cell with the fewest candidates (ties broken at random), then a random
    /// candidate value.
    FewestCandidates(&'a mut Rng),
}

/// What one search did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchStats {
    /// Decisions made.
    pub decisions: u64,
    /// Conflicts met (dead ends).
    pub conflicts: u64,
    /// Solutions found (up to the bound).
    pub solutions: usize,
    /// True when the search finished (all solutions up to the bound found, or the
    /// space exhausted) rather than hitting the conflict limit.
    pub complete: bool,
    /// The first solution found.
    pub first: Option<Grid>,
    /// Why the budget stopped the search, when it did (the search is then incomplete).
    pub stopped: Option<StopReason>,
}

struct Frame {
    lit: Lit,
    flipped: bool,
    /// A decision on an auxiliary (non-cell) variable, made once every cell is fixed.
    aux: bool,
}

/// Searches from the current (propagated, consistent) state of `logic` for up to
/// `max_solutions` solutions, giving up after `max_conflicts` conflicts. The state
/// is restored afterwards. Auxiliary variables are decided only to confirm a grid (one
/// model per grid), so solutions are counted as grids. The budget is asked at every
/// decision.
pub fn search(
    logic: &mut Logic,
    order: &mut Order,
    max_solutions: usize,
    max_conflicts: u64,
    budget: &Budget,
) -> SearchStats {
    let mut st = SearchStats::default();
    let base = logic.propagator().level();
    if logic.propagator_mut().propagate().is_some() {
        st.complete = true;
        return st;
    }
    let mut stack: Vec<Frame> = Vec::new();
    loop {
        match choose(logic, order) {
            Some((lit, aux)) => {
                st.decisions += 1;
                // The clock at every decision: its propagation can take milliseconds
                // on a big grid.
                st.stopped = budget.stop_reason();
                if st.stopped.is_some() {
                    break;
                }
                let p = logic.propagator_mut();
                p.new_level();
                p.assume(lit).expect("an unassigned literal");
                stack.push(Frame {
                    lit,
                    flipped: false,
                    aux,
                });
                if logic.propagator_mut().propagate().is_none() {
                    continue;
                }
                st.conflicts += 1;
            }
            None => {
                st.solutions += 1;
                if st.first.is_none() {
                    st.first = Some(logic.fixed_grid());
                }
                if st.solutions >= max_solutions {
                    st.complete = true;
                    break;
                }
                // Another model of the same grid would not be another solution.
                while stack.last().is_some_and(|f| f.aux) {
                    stack.pop();
                }
            }
        }
        if st.conflicts >= max_conflicts {
            break;
        }
        if !flip(logic, &mut stack, base, &mut st) {
            st.complete = true;
            break;
        }
        if st.conflicts >= max_conflicts {
            break;
        }
    }
    logic.propagator_mut().backtrack(base);
    st
}

/// Backtracks to the latest decision not yet flipped and flips it; false when none is left.
fn flip(logic: &mut Logic, stack: &mut Vec<Frame>, base: usize, st: &mut SearchStats) -> bool {
    while let Some(f) = stack.pop() {
        let p = logic.propagator_mut();
        p.backtrack(base + stack.len());
        if f.flipped {
            continue;
        }
        p.new_level();
        p.assume(!f.lit).expect("unassigned after backtracking");
        stack.push(Frame {
            lit: f.lit,
            flipped: true,
            aux: f.aux,
        });
        if p.propagate().is_none() {
            return true;
        }
        st.conflicts += 1;
    }
    false
}

fn choose(logic: &Logic, order: &mut Order) -> Option<(Lit, bool)> {
    let p = logic.propagator();
    let cell = match order {
        Order::Static(lits) => lits.iter().copied().find(|&l| p.value(l).is_none()),
        Order::FewestCandidates(rng) => {
            let n = logic.shape().n();
            let mut best: Option<(usize, usize)> = None;
            let mut ties = 0;
            for i in 0..n * n {
                let (r, c) = (i / n, i % n);
                let k = (1..=n as u16)
                    .filter(|&v| p.value(logic.lit(r, c, v)).is_none())
                    .count();
                if k == 0 {
                    continue;
                }
                if best.is_none_or(|(bk, _)| k < bk) {
                    best = Some((k, i));
                    ties = 1;
                } else if best.is_some_and(|(bk, _)| k == bk) {
                    ties += 1;
                    if rng.below(ties) == 0 {
                        best = Some((k, i));
                    }
                }
            }
            best.map(|(k, i)| {
                let open: Vec<u16> = (1..=n as u16)
                    .filter(|&v| p.value(logic.lit(i / n, i % n, v)).is_none())
                    .collect();
                debug_assert_eq!(open.len(), k);
                logic.lit(i / n, i % n, open[rng.below(open.len())])
            })
        }
    };
    if let Some(l) = cell {
        return Some((l, false));
    }
    let cells = logic.shape().cells() * logic.shape().n();
    (cells..p.num_vars())
        .map(|i| gridsat_sat::Var::from_index(i).pos())
        .find(|&l| p.value(l).is_none())
        .map(|l| (l, true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;

    #[test]
    fn counts_the_solutions_of_small_grids() {
        // The empty 4×4 Sudoku has 288 solutions; with both diagonals, 48.
        let shape = Shape::for_side(4).unwrap();
        let empty = Grid::empty(shape);
        for (rules, expected) in [("", 288), ("diagonals", 48)] {
            let rules = Rules::parse_list(rules).unwrap();
            let mut logic = Logic::new(shape, &rules, &Budget::unlimited()).unwrap();
            logic.load(&empty, &[]).unwrap();
            let lits = logic.cell_lits();
            let unlimited = Budget::unlimited();
            let st = search(
                &mut logic,
                &mut Order::Static(&lits),
                10_000,
                u64::MAX,
                &unlimited,
            );
            assert!(st.complete);
            assert_eq!(st.solutions, expected);
            let mut rng = Rng::new(1);
            let st2 = search(
                &mut logic,
                &mut Order::FewestCandidates(&mut rng),
                10_000,
                u64::MAX,
                &unlimited,
            );
            assert_eq!(st2.solutions, expected);
            assert_eq!(logic.propagator().level(), 0);
            assert_eq!(logic.propagator().num_assigned(), 0);
        }
    }
}
