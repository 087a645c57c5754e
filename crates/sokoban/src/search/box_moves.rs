//! Box moves of the satisficing search's first pass (Festival's moves): one step of the
//! search takes one box to any cell it reaches by its own pushes, the other boxes
//! standing, by the fewest pushes there. The search then chooses among whole box
//! journeys (a box straight to the goal the packing order wants next, say) instead of
//! single pushes, and a plan is some ten times fewer steps deep.
//!
//! The moves of one box are a breadth-first search over its cell and the player's
//! region around it: two sides of the box the player reaches from one another give the
//! same position, so only the first is kept. Every single push is a move of one push,
//! so nothing is lost but what the node cap cuts; the pass still counts as one with
//! macros (its exhaustion proves nothing). A step records the box's first cell and the
//! side the player ends on; [`BoxMoves::path`] searches again to give its pushes, which
//! is what the plan keeps, so the walk and the replay see nothing but pushes.

use super::cuts::Cuts;
use super::flood::{Flood, Stamp};
use crate::analysis::Push;
use crate::model::{Board, Dir};
use std::collections::VecDeque;

/// The most cells one box's search floods in all (its nodes times the board's cells):
/// about a millisecond, so the clock asked between boxes still answers.
const MOVE_WORK: usize = 1_000_000;

/// One move found: the box ends on `cell`, the player beside it on side `side` (the
/// direction index from the box to the player), after `pushes` pushes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    /// The box's last cell.
    pub cell: u16,
    /// The side of the box the player stands on.
    pub side: u8,
    /// The pushes of the move.
    pub pushes: u16,
    /// The player's cell (beside the box on `side`).
    pub player: u16,
    /// The least cell of the player's region there (the position's name in the table).
    pub least: u16,
}

/// The search of one box's moves, its scratch reused from box to box.
#[derive(Default)]
pub struct BoxMoves {
    /// Per node (4 × cell + side): the node it was reached from (`ROOT`: the start).
    prev: Vec<u32>,
    dist: Vec<u16>,
    seen: Vec<Stamp>,
    /// Nodes whose position an expanded node of the same cell already gave.
    merged: Vec<Stamp>,
    stamp: Stamp,
    reach: Flood,
    cuts: Cuts,
    /// The box's first cell in the current search, and the flood fills it made.
    start: u32,
    floods: u32,
    queue: VecDeque<u32>,
    /// The moves of the last search, in the order found (fewest pushes first).
    pub ends: Vec<End>,
}

const ROOT: u32 = u32::MAX;

/// The cells of a box's search whose player regions are flood-filled; past them the
/// cut cells are built (a flood costs the region, the tree the whole area, and most
/// boxes reach a cell or two).
const FLOODS: u32 = 2;

impl BoxMoves {
    /// Every move of the box on `start` (`occ` shows every box, and is the same again
    /// on return): the cells off `dead` it reaches, once per player region, the first
    /// push from a cell where `in_region` says the player stands now.
    pub fn search(
        &mut self,
        board: &Board,
        occ: &mut [bool],
        dead: &[bool],
        start: u16,
        in_region: impl Fn(usize) -> bool,
    ) {
        let n = board.len();
        if self.seen.len() < 4 * n {
            self.seen = vec![0; 4 * n];
            self.merged = vec![0; 4 * n];
            self.prev = vec![0; 4 * n];
            self.dist = vec![0; 4 * n];
        }
        self.stamp += 1;
        self.queue.clear();
        self.ends.clear();
        occ[start as usize] = false;
        (self.start, self.floods) = (start as u32, 0);
        for d in Dir::ALL {
            let nb = &board.nb[start as usize];
            let (Some(behind), Some(ahead)) = (nb[d.opposite().index()], nb[d.index()]) else {
                continue;
            };
            if in_region(behind as usize) && !occ[ahead as usize] && !dead[ahead as usize] {
                self.visit(4 * ahead + d.opposite().index() as u32, ROOT, 1);
            }
        }
        let mut budget = MOVE_WORK / n.max(1);
        while let Some(node) = self.queue.pop_front() {
            if budget == 0 {
                break;
            }
            budget -= 1;
            if self.merged[node as usize] != self.stamp {
                self.expand(board, occ, dead, node);
            }
        }
        occ[start as usize] = true;
    }

    fn visit(&mut self, node: u32, from: u32, dist: u16) {
        self.seen[node as usize] = self.stamp;
        self.prev[node as usize] = from;
        self.dist[node as usize] = dist;
        self.queue.push_back(node);
    }

    /// Records the move of `node`, merges the box's other sides the player reaches,
    /// and queues the pushes on from there.
    fn expand(&mut self, board: &Board, occ: &[bool], dead: &[bool], node: u32) {
        let (c, k) = (node / 4, node as usize % 4);
        let nb = &board.nb[c as usize];
        let p = nb[k].expect("the player's side is a cell");
        let (least, reaches) = self.sides(board, occ, c, p);
        for (j, &same) in reaches.iter().enumerate() {
            // Another side in the same region is the same position: not a move of its own.
            if j != k && same {
                self.seen[4 * c as usize + j] = self.stamp;
                self.merged[4 * c as usize + j] = self.stamp;
            }
        }
        let dist = self.dist[node as usize];
        self.ends.push(End {
            cell: c as u16,
            side: k as u8,
            pushes: dist,
            player: p as u16,
            least: least as u16,
        });
        for d in Dir::ALL {
            // The player pushes from behind the box, a side it reaches.
            let Some(ahead) = nb[d.index()] else {
                continue;
            };
            let next = 4 * ahead + d.opposite().index() as u32;
            if reaches[d.opposite().index()]
                && !occ[ahead as usize]
                && !dead[ahead as usize]
                && self.seen[next as usize] != self.stamp
            {
                self.visit(next, node, dist.saturating_add(1));
            }
        }
    }

    /// The least cell of the player's region around the box on `c`, the player on
    /// `p`, and the sides of the box in it: by flood fill for the first
    /// [`FLOODS`] cells of a search, then by the cut cells of the free cells
    /// (`cuts.rs`), built once for the rest of the search.
    fn sides(&mut self, board: &Board, occ: &[bool], c: u32, p: u32) -> (u32, [bool; 4]) {
        let nb = &board.nb[c as usize];
        if self.floods < FLOODS {
            self.floods += 1;
            let least = self.reach.fill(board, occ, c, p);
            return (least, nb.map(|m| m.is_some_and(|m| self.reach.has(m))));
        }
        if self.floods == FLOODS {
            self.floods += 1;
            self.cuts.build(board, occ, self.start);
        }
        let cuts = &self.cuts;
        let piece = cuts.piece(board, c, p);
        let least = cuts.least(board, c, piece);
        let same = |m: u32| cuts.holds(m) && cuts.piece(board, c, m) == piece;
        (least, nb.map(|m| m.is_some_and(same)))
    }

    /// The pushes of the move that leaves the box on `cell` and the player on its side
    /// `side`, found by the last search.
    pub fn path(&self, board: &Board, cell: u16, side: u8) -> Option<Vec<Push>> {
        let mut node = 4 * cell as u32 + side as u32;
        if self.seen[node as usize] != self.stamp {
            return None;
        }
        let mut out = Vec::new();
        while node != ROOT {
            let (c, k) = (node as usize / 4, node as usize % 4);
            // The player stands where the box stood before the push.
            out.push(Push {
                from: board.nb[c][k]?,
                dir: Dir::ALL[k].opposite(),
            });
            node = self.prev[node as usize];
        }
        out.reverse();
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Format, parse_levels};
    use proptest::prelude::*;
    use std::collections::{BTreeMap, HashSet};

    /// The positions the box on `start` reaches by its own pushes (the other boxes of
    /// `occ` standing, `occ` not showing this box), each as (box cell, least cell of the
    /// player's region) with the fewest pushes: a search over the box's and the
    /// player's cells, one walk step or one push at a time (walks cost nothing).
    fn oracle(b: &Board, occ: &[bool], dead: &[bool], start: u32) -> BTreeMap<(u32, u32), u16> {
        let n = b.len();
        let region_min = |bx: u32, p: u32| {
            let mut seen = vec![false; n];
            let mut stack = vec![p];
            seen[p as usize] = true;
            while let Some(x) = stack.pop() {
                for m in b.nb[x as usize].into_iter().flatten() {
                    if m != bx && !occ[m as usize] && !seen[m as usize] {
                        seen[m as usize] = true;
                        stack.push(m);
                    }
                }
            }
            (0..n as u32).find(|&c| seen[c as usize]).unwrap()
        };
        let mut best: BTreeMap<(u32, u32), u16> = BTreeMap::new();
        let mut layer = vec![(start, b.player)];
        let mut seen: HashSet<(u32, u32)> = layer.iter().copied().collect();
        let mut pushes = 0u16;
        while !layer.is_empty() {
            // Close the layer under walks, then push.
            let mut i = 0;
            while i < layer.len() {
                let (bx, p) = layer[i];
                for m in b.nb[p as usize].into_iter().flatten() {
                    if m != bx && !occ[m as usize] && seen.insert((bx, m)) {
                        layer.push((bx, m));
                    }
                }
                i += 1;
            }
            let mut next = Vec::new();
            for &(bx, p) in &layer {
                if pushes > 0 {
                    best.entry((bx, region_min(bx, p))).or_insert(pushes);
                }
                for d in Dir::ALL {
                    if b.nb[p as usize][d.index()] != Some(bx) {
                        continue;
                    }
                    let Some(ahead) = b.nb[bx as usize][d.index()] else {
                        continue;
                    };
                    if !occ[ahead as usize] && !dead[ahead as usize] && seen.insert((ahead, bx)) {
                        next.push((ahead, bx));
                    }
                }
            }
            layer = next;
            pushes += 1;
        }
        best.remove(&(start, region_min(start, b.player)));
        best
    }

    fn text(w: usize, h: usize, cells: &[u8], boxes: usize) -> Option<String> {
        let mut g = vec![vec!['#'; w + 2]; h + 2];
        let mut free = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if cells[(r * w + c) % cells.len()] % 4 != 0 {
                    g[r + 1][c + 1] = ' ';
                    free.push((r + 1, c + 1));
                }
            }
        }
        if free.len() < boxes + 2 {
            return None;
        }
        let mut pick =
            |k: usize| free.remove(cells[(7 * k + 3) % cells.len()] as usize % free.len());
        let (r, c) = pick(0);
        g[r][c] = '@';
        for k in 0..boxes {
            let (r, c) = pick(k + 1);
            g[r][c] = '*';
        }
        Some(
            g.into_iter()
                .map(|row| row.into_iter().collect::<String>() + "\n")
                .collect(),
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// The moves of every box are exactly the positions the oracle reaches, each
        /// by its fewest pushes, and each path replays to its end.
        #[test]
        fn moves_match_a_search_over_box_and_player(
            w in 2usize..7, h in 2usize..6,
            cells in prop::collection::vec(any::<u8>(), 4..40),
            boxes in 1usize..4, dead_mask in any::<u64>(),
        ) {
            let Some(t) = text(w, h, &cells, boxes) else { return Ok(()) };
            let Ok(levels) = parse_levels(&t, "t", Format::Xsb) else { return Ok(()) };
            let b = Board::new(&levels[0]);
            let dead: Vec<bool> = (0..b.len()).map(|c| dead_mask >> (c % 64) & 1 == 1 && c % 3 == 0).collect();
            let mut moves = BoxMoves::default();
            for &start in &b.boxes.clone() {
                let mut occ = b.occupancy(&b.boxes);
                let before = occ.clone();
                let region = { occ[start as usize] = true; b.reachable(&occ, b.player) };
                moves.search(&b, &mut occ, &dead, start as u16, |c| region[c]);
                prop_assert_eq!(&occ, &before);
                occ[start as usize] = false;
                let want = oracle(&b, &occ, &dead, start);
                let mut got = BTreeMap::new();
                for e in &moves.ends {
                    let r = b.reachable(&{ let mut o = occ.clone(); o[e.cell as usize] = true; o }, e.player as u32);
                    let least = (0..b.len() as u32).find(|&c| r[c as usize]).unwrap();
                    prop_assert_eq!(least, e.least as u32);
                    if (e.cell as u32, least) == (start, (0..b.len() as u32).find(|&c| region[c as usize]).unwrap()) {
                        continue; // back where it was: the parent position itself
                    }
                    prop_assert!(got.insert((e.cell as u32, least), e.pushes).is_none(), "one move per position\n{}", t);
                    let path = moves.path(&b, e.cell, e.side).expect("a path");
                    prop_assert_eq!(path.len(), e.pushes as usize);
                    // Replay: each push's player side reachable, the cell ahead free.
                    let (mut at, mut o) = (start, occ.clone());
                    let mut player = b.player;
                    for p in &path {
                        prop_assert_eq!(p.from, at);
                        o[at as usize] = true;
                        let behind = b.nb[at as usize][p.dir.opposite().index()].unwrap();
                        prop_assert!(b.reachable(&o, player)[behind as usize]);
                        o[at as usize] = false;
                        let ahead = b.nb[at as usize][p.dir.index()].unwrap();
                        prop_assert!(!o[ahead as usize] && !dead[ahead as usize]);
                        player = at;
                        at = ahead;
                    }
                    prop_assert_eq!(at, e.cell as u32);
                    prop_assert_eq!(player, e.player as u32);
                }
                prop_assert_eq!(got, want, "{}", t);
            }
        }
    }
}
