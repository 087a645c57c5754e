//! A DRAT refutation of the classic Sudoku formula written from a case split, without
//! a SAT solver: the search places singles (naked and hidden — exactly what unit
//! propagation derives from the textbook clauses) and splits on a cell with the fewest
//! candidates; every refuted branch becomes one lemma, the negation of its decisions.
//!
//! Each lemma is RUP: under its decisions, unit propagation reaches what this search
//! reached (it derives *at least* the singles placed here), and the lemmas of the
//! branch's children then empty the split cell. The root's lemma is the empty clause.
//! So the proof has one short line per branch, and a puzzle that singles settle has
//! the one-line proof `0`. Nothing here is trusted: the checker replays every lemma.
//!
//! Variables are numbered `(r·N + c)·N + v` (0-based row and column, 1-based value),
//! the numbering of the certificates' formula (docs/guide/certificates.md).

use crate::model::grid::Grid;
use gridsat_sat::Budget;
use std::fmt::Write as _;

/// The largest side this search takes (candidates are bits of a `u64`).
pub const MAX_SIDE: usize = 64;

/// The longest proof the split writes (its lemmas are as long as the branches are
/// deep): beyond it, the certificate falls back to CaDiCaL.
const MAX_PROOF_BYTES: usize = 64 << 20;

/// Why no proof was written.
#[derive(Debug, PartialEq, Eq)]
pub enum SplitError {
    /// The grid is larger than [`MAX_SIDE`].
    TooLarge,
    /// The search passed its branch cap or the proof its size cap, or the budget
    /// stopped it.
    GaveUp,
    /// The search found a solution the claim says does not exist (for `unique`: one
    /// other than the excluded solution).
    Solution(Vec<u16>),
}

/// The candidates and placements of one node of the search.
#[derive(Clone)]
struct Node {
    cand: Vec<u64>,
    value: Vec<u16>,
}

/// The peers of every cell and the cells of every house.
struct Board {
    n: usize,
    /// Every symbol's bit.
    all: u64,
    houses: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
    /// The excluded solution (for `unique`), cell by cell, with the open cells.
    excluded: Option<(Vec<u16>, Vec<usize>)>,
}

impl Board {
    fn new(puzzle: &Grid, excluded: Option<&Grid>) -> Board {
        let shape = puzzle.shape();
        let n = shape.n();
        let houses: Vec<Vec<usize>> = shape
            .houses()
            .map(|h| shape.house_cells(h).map(|(r, c)| r * n + c).collect())
            .collect();
        let mut peers = vec![Vec::new(); n * n];
        for h in &houses {
            for &a in h {
                peers[a].extend(h.iter().copied().filter(|&b| b != a));
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let excluded = excluded.map(|s| {
            let open = (0..n * n).filter(|&i| puzzle.values()[i] == 0).collect();
            (s.values().to_vec(), open)
        });
        Board {
            n,
            all: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
            houses,
            peers,
            excluded,
        }
    }

    /// Places `v` in `cell` and propagates singles; `false` on a conflict.
    fn place(&self, node: &mut Node, cell: usize, v: u16) -> bool {
        let mut queue = vec![(cell, v)];
        loop {
            while let Some((cell, v)) = queue.pop() {
                if !self.assign(node, cell, v, &mut queue) {
                    return false;
                }
            }
            if !self.hidden_singles(node, &mut queue) {
                return false;
            }
            if queue.is_empty() {
                return !self.excluded_reached(node);
            }
        }
    }

    fn assign(&self, node: &mut Node, cell: usize, v: u16, queue: &mut Vec<(usize, u16)>) -> bool {
        let bit = 1u64 << (v - 1);
        if node.value[cell] == v {
            return true;
        }
        if node.value[cell] != 0 || node.cand[cell] & bit == 0 {
            return false;
        }
        node.value[cell] = v;
        node.cand[cell] = bit;
        for &p in &self.peers[cell] {
            if node.value[p] == v {
                return false;
            }
            if node.cand[p] & bit != 0 {
                node.cand[p] &= !bit;
                match node.cand[p].count_ones() {
                    0 => return false,
                    1 if node.value[p] == 0 => {
                        queue.push((p, node.cand[p].trailing_zeros() as u16 + 1));
                    }
                    _ => {}
                }
            }
        }
        true
    }

    /// Queues the hidden singles; `false` when a house has no place left for a symbol.
    fn hidden_singles(&self, node: &Node, queue: &mut Vec<(usize, u16)>) -> bool {
        for h in &self.houses {
            let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
            for &c in h {
                if node.value[c] != 0 {
                    placed |= node.cand[c];
                } else {
                    twice |= once & node.cand[c];
                    once |= node.cand[c];
                }
            }
            if (once | placed) != self.all {
                return false;
            }
            let mut single = once & !twice & !placed;
            while single != 0 {
                let v = single.trailing_zeros() as u16 + 1;
                single &= single - 1;
                let bit = 1u64 << (v - 1);
                if let Some(cell) = h.iter().copied().find(|&c| node.cand[c] & bit != 0) {
                    queue.push((cell, v));
                }
            }
        }
        true
    }

    /// Every open cell holds the excluded solution's value: the exclusion clause is false.
    fn excluded_reached(&self, node: &Node) -> bool {
        self.excluded
            .as_ref()
            .is_some_and(|(s, open)| open.iter().all(|&c| node.value[c] == s[c]))
    }
}

/// The search: the lemmas written so far, the decisions of the current branch.
struct Split<'a> {
    board: Board,
    proof: String,
    decisions: Vec<usize>,
    branches: usize,
    cap: usize,
    budget: &'a Budget,
}

impl Split<'_> {
    fn var(&self, cell: usize, v: u16) -> usize {
        cell * self.board.n + v as usize
    }

    /// Refutes the (propagated, conflict-free) `node` under the current decisions,
    /// writing the lemma of every child.
    fn refute(&mut self, node: &Node) -> Result<(), SplitError> {
        let Some(choices) = self.board.split(node) else {
            return Err(SplitError::Solution(node.value.clone()));
        };
        for (cell, v) in choices {
            self.branches += 1;
            let long = self.proof.len() > MAX_PROOF_BYTES;
            if long
                || self.branches > self.cap
                || (self.branches % 64 == 0 && self.budget.stopped())
            {
                return Err(SplitError::GaveUp);
            }
            let mut child = node.clone();
            self.decisions.push(self.var(cell, v));
            if self.board.place(&mut child, cell, v) {
                self.refute(&child)?;
            }
            for &d in &self.decisions {
                let _ = write!(self.proof, "-{d} ");
            }
            self.proof.push_str("0\n");
            self.decisions.pop();
        }
        Ok(())
    }
}

impl Board {
    /// The fewest placements one of which must hold: the candidates of an open cell,
    /// or the places of a symbol in a house (its at-least-one clause either way);
    /// `None` when every cell is filled.
    fn split(&self, node: &Node) -> Option<Vec<(usize, u16)>> {
        let open = (0..node.value.len()).filter(|&c| node.value[c] == 0);
        let cell = open.min_by_key(|&c| node.cand[c].count_ones())?;
        let mut best = node.cand[cell].count_ones();
        let mut place = None;
        for (h, cells) in self.houses.iter().enumerate() {
            if best <= 2 {
                break;
            }
            for v in 1..=self.n as u16 {
                let bit = 1u64 << (v - 1);
                let open = cells.iter().filter(|&&c| node.value[c] == 0);
                let k = open.filter(|&&c| node.cand[c] & bit != 0).count() as u32;
                if k >= 2 && k < best {
                    (best, place) = (k, Some((h, v)));
                }
            }
        }
        Some(match place {
            Some((h, v)) => {
                let bit = 1u64 << (v - 1);
                let cells = self.houses[h].iter().copied();
                cells
                    .filter(|&c| node.value[c] == 0 && node.cand[c] & bit != 0)
                    .map(|c| (c, v))
                    .collect()
            }
            None => {
                let mut rest = node.cand[cell];
                let mut out = Vec::new();
                while rest != 0 {
                    out.push((cell, rest.trailing_zeros() as u16 + 1));
                    rest &= rest - 1;
                }
                out
            }
        })
    }
}

/// A text DRAT refutation of the classic formula of `puzzle` (with, when `excluded` is
/// given, the clause excluding that solution over the open cells), from a case split
/// of at most `cap` branches.
pub fn refutation(
    puzzle: &Grid,
    excluded: Option<&Grid>,
    cap: usize,
    budget: &Budget,
) -> Result<String, SplitError> {
    let n = puzzle.n();
    if n > MAX_SIDE {
        return Err(SplitError::TooLarge);
    }
    let board = Board::new(puzzle, excluded);
    let mut root = Node {
        cand: vec![board.all; n * n],
        value: vec![0; n * n],
    };
    let mut ok = true;
    for (i, &v) in puzzle.values().iter().enumerate() {
        if v != 0 && ok {
            ok = board.place(&mut root, i, v);
        }
    }
    let mut split = Split {
        board,
        proof: String::new(),
        decisions: Vec::new(),
        branches: 0,
        cap,
        budget,
    };
    if ok {
        split.refute(&root)?;
    }
    split.proof.push_str("0\n");
    Ok(split.proof)
}

#[cfg(test)]
pub(super) mod tests;
