//! Two-box push distances: for every pair of cells, the fewest pushes that bring two
//! boxes standing there (alone on the board, the player anywhere) onto two goals.
//!
//! Removing the other boxes only frees cells, so the pushes of any two boxes in a
//! solution form a valid two-box plan: the table is an admissible lower bound, and an
//! infinite entry is a deadlock of the pair.

use super::distances::INF;
use crate::model::{Board, Dir};
use gridsat_sat::Budget;
use std::collections::VecDeque;

/// Above this many region cells the table is not built (n³ states).
pub const MAX_PAIR_CELLS: usize = 120;

/// Fewest pushes for boxes on each pair of cells, indexed `[a * n + b]` (symmetric,
/// [`INF`] for a deadlocked pair and on the diagonal).
pub struct PairTable {
    n: usize,
    dist: Vec<u32>,
}

impl PairTable {
    /// The two-box distance of cells `a` and `b`.
    pub fn get(&self, a: u32, b: u32) -> u32 {
        self.dist[a as usize * self.n + b as usize]
    }
}

/// Builds the table by a 0-1 breadth-first search backwards from every pair of goals:
/// walks cost nothing, pulls cost one. `None` when the board is too large, has fewer
/// than two goals, or `budget` runs out first.
pub fn pair_table(board: &Board, budget: &Budget) -> Option<PairTable> {
    let n = board.len();
    let goals = board.goals();
    if n > MAX_PAIR_CELLS || goals.len() < 2 {
        return None;
    }
    let dist = pull_pairs(board, &goals, budget)?;
    let idx = |a: usize, b: usize, p: usize| (a.min(b) * n + a.max(b)) * n + p;
    let mut out = vec![INF; n * n];
    for a in 0..n {
        for b in a + 1..n {
            let best = (0..n)
                .filter(|&p| p != a && p != b)
                .map(|p| dist[idx(a, b, p)])
                .min()
                .unwrap_or(u16::MAX);
            if best != u16::MAX {
                out[a * n + b] = best as u32;
                out[b * n + a] = best as u32;
            }
        }
    }
    Some(PairTable { n, dist: out })
}

/// The 0-1 search over (box, box, player) states backwards from the goal pairs:
/// the fewest pushes from each state, `u16::MAX` where none (`None`: stopped).
fn pull_pairs(board: &Board, goals: &[u32], budget: &Budget) -> Option<Vec<u16>> {
    let n = board.len();
    let idx = |a: usize, b: usize, p: usize| (a.min(b) * n + a.max(b)) * n + p;
    let mut dist = vec![u16::MAX; n * n * n];
    let mut q: VecDeque<(u16, u16, u16)> = VecDeque::new();
    for (i, &g1) in goals.iter().enumerate() {
        for &g2 in &goals[i + 1..] {
            for p in 0..n {
                if p != g1 as usize && p != g2 as usize {
                    dist[idx(g1 as usize, g2 as usize, p)] = 0;
                    q.push_back((g1 as u16, g2 as u16, p as u16));
                }
            }
        }
    }
    let mut popped = 0u32;
    while let Some((a, b, p)) = q.pop_front() {
        popped = popped.wrapping_add(1);
        if popped % 65_536 == 0 && budget.stopped() {
            return None;
        }
        let (a, b, p) = (a as usize, b as usize, p as usize);
        let d = dist[idx(a, b, p)];
        // Walks: the player came from a free neighbour (cost 0, to the front).
        for m in board.nb[p].into_iter().flatten() {
            let m = m as usize;
            if m != a && m != b && dist[idx(a, b, m)] > d {
                dist[idx(a, b, m)] = d;
                q.push_front((a as u16, b as u16, m as u16));
            }
        }
        // Pulls: a box at x = p + dir was pushed from p by a player standing at p − dir.
        for (x, other) in [(a, b), (b, a)] {
            for dir in Dir::ALL {
                if board.nb[p][dir.index()] != Some(x as u32) {
                    continue;
                }
                let Some(behind) = board.nb[p][dir.opposite().index()] else {
                    continue;
                };
                let behind = behind as usize;
                if behind == other {
                    continue;
                }
                let j = idx(p, other, behind);
                if dist[j] > d + 1 {
                    dist[j] = d + 1;
                    q.push_back((p as u16, other as u16, behind as u16));
                }
            }
        }
    }
    Some(dist)
}

/// What the pair table says that the one-box distances do not: pairs of cells two boxes
/// never occupy together, and pairs whose two-box distance exceeds both boxes' own
/// distances to the nearest goal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairLists {
    /// Pairs `(a, b)`, `a < b`, increasing: two boxes there never both reach goals.
    pub dead: Vec<(u32, u32)>,
    /// Pairs `(a, b, d)`, `a < b`: two boxes there need `d` pushes, more than either
    /// needs alone.
    pub far: Vec<(u32, u32, u32)>,
}

impl PairLists {
    /// The lists from the pair table, given each cell's push distance to the nearest
    /// goal (`to_goal`; pairs with a dead square are left to the dead-square clauses).
    /// Empty when the table is not built (a large board, fewer than two goals, the
    /// budget spent).
    pub fn new(board: &Board, to_goal: &[u32], budget: &Budget) -> PairLists {
        let mut lists = PairLists::default();
        let Some(table) = pair_table(board, budget) else {
            return lists;
        };
        let n = board.len() as u32;
        for a in 0..n {
            for b in a + 1..n {
                let (ha, hb) = (to_goal[a as usize], to_goal[b as usize]);
                if ha == INF || hb == INF {
                    continue; // dead squares already
                }
                let d = table.get(a, b);
                if d == INF {
                    lists.dead.push((a, b));
                } else if d > ha.max(hb) {
                    lists.far.push((a, b, d));
                }
            }
        }
        lists
    }

    /// Two start boxes that can never both reach goals, if any: the level has no
    /// solution.
    pub fn dead_start_pair(&self, board: &Board) -> Option<(u32, u32)> {
        let bx = &board.boxes;
        bx.iter().enumerate().find_map(|(i, &a)| {
            bx[i + 1..]
                .iter()
                .find(|&&b| {
                    let (lo, hi) = (a.min(b), a.max(b));
                    self.dead.binary_search(&(lo, hi)).is_ok()
                })
                .map(|&b| (a, b))
        })
    }
}
