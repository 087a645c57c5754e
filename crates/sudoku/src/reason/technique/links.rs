//! The implication graph of the chains: a node is "cell c holds v" (on) or "cell c does
//! not hold v" (off). On implies off for the value's peers (and, in cell mode, for the
//! cell's other values); off implies on for the other place of a value with two places
//! in a house (an X link) or the other value of a bivalue cell (a Y link).

use super::board::{Board, digits};
use std::collections::VecDeque;

/// Which strong links a chain may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Links {
    /// House links on one value only (X-chains).
    X,
    /// Bivalue cells only (XY-chains).
    Y,
    /// Both, and the weak links inside cells (alternating inference chains).
    Both,
}

/// Node index of (cell, value, on).
#[inline]
pub fn node(n: usize, cell: usize, v: u16, on: bool) -> usize {
    (cell * n + (v - 1) as usize) * 2 + on as usize
}

/// (cell, value, on) of a node index.
#[inline]
pub fn unnode(n: usize, x: usize) -> (usize, u16, bool) {
    let on = x & 1 == 1;
    let k = x / 2;
    (k / n, (k % n) as u16 + 1, on)
}

/// Calls `f` with every node that node `x` implies.
pub fn implied(b: &Board, links: Links, x: usize, f: &mut dyn FnMut(usize)) {
    let n = b.n;
    let (c, v, on) = unnode(n, x);
    if on {
        for &p in &b.peers[c] {
            if b.has(p, v) {
                f(node(n, p, v, false));
            }
        }
        if links == Links::Both {
            for w in digits(b.mask(c)).filter(|&w| w != v) {
                f(node(n, c, w, false));
            }
        }
        return;
    }
    if links != Links::Y {
        for &h in &b.cell_houses[c] {
            let mut other = None;
            let mut count = 0;
            for &p in &b.house_cells[h] {
                if b.has(p, v) {
                    count += 1;
                    if p != c {
                        other = Some(p);
                    }
                }
            }
            if let (2, Some(p)) = (count, other) {
                f(node(n, p, v, true));
            }
        }
    }
    if links != Links::X && b.mask(c).count_ones() == 2 {
        if let Some(w) = digits(b.mask(c)).find(|&w| w != v) {
            f(node(n, c, w, true));
        }
    }
}

/// Breadth-first search from `start`: the parent of every node reached (`usize::MAX`
/// for the start and for nodes not reached) and the distance (`u16::MAX` unreached).
pub struct Reach {
    /// Parent node on a shortest path.
    pub parent: Vec<usize>,
    /// Edges from the start.
    pub dist: Vec<u16>,
}

/// Every node `start` implies, by shortest paths.
pub fn reach(b: &Board, links: Links, start: usize) -> Reach {
    let size = b.n * b.n * b.n * 2;
    let mut parent = vec![usize::MAX; size];
    let mut dist = vec![u16::MAX; size];
    dist[start] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(x) = queue.pop_front() {
        let d = dist[x] + 1;
        implied(b, links, x, &mut |y| {
            if dist[y] == u16::MAX {
                dist[y] = d;
                parent[y] = x;
                queue.push_back(y);
            }
        });
    }
    Reach { parent, dist }
}

impl Reach {
    /// The path from the start to `to`, start first, as (cell, value, on).
    pub fn path(&self, n: usize, to: usize) -> Vec<(usize, u16, bool)> {
        let mut out = vec![unnode(n, to)];
        let mut x = to;
        while self.parent[x] != usize::MAX {
            x = self.parent[x];
            out.push(unnode(n, x));
        }
        out.reverse();
        out
    }
}
