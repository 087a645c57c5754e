//! Two-box push distances: for every pair of cells, the fewest pushes that bring two
//! boxes standing there (alone on the board, the player anywhere) onto two goals.
//!
//! Removing the other boxes only frees cells, so the pushes of any two boxes in a
//! solution form a valid two-box plan: the table is an admissible lower bound, and an
//! infinite entry is a deadlock of the pair.

use crate::board::{Board, INF};
use crate::level::Dir;
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
/// walks cost nothing, pulls cost one. `None` when the board is too large or has fewer
/// than two goals.
pub fn pair_table(board: &Board) -> Option<PairTable> {
    let n = board.len();
    let goals = board.goals();
    if n > MAX_PAIR_CELLS || goals.len() < 2 {
        return None;
    }
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
    while let Some((a, b, p)) = q.pop_front() {
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
