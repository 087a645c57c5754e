//! The player's regions around one box, for every cell of that box at once: a
//! depth-first tree of the free cells with its low links (Tarjan's cut cells). A box on
//! cell `c` cuts the free cells around it into pieces; two of `c`'s neighbours are in
//! one piece exactly when the player walks from one to the other around the box. With
//! the tree built once per box (linear in the cells), each cell of the box's search asks
//! in constant time which side of the box the player reaches and the least cell of its
//! region, where a flood fill per cell took time linear in the cells each
//! (`box_moves.rs`).

use crate::model::Board;

const NONE: u32 = u32::MAX;

/// The piece of the free cells around a box that a neighbour of the box is in: the
/// subtree of one of the box cell's children cut off by it, or the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece(u32);

/// The depth-first tree of the free cells reachable from one cell, its scratch reused.
#[derive(Default)]
pub struct Cuts {
    /// Per cell: its preorder number (`NONE` off the tree), parent, subtree size, low
    /// link, and the least cell of its subtree.
    pre: Vec<u32>,
    parent: Vec<u32>,
    size: Vec<u32>,
    low: Vec<u32>,
    sub_min: Vec<u32>,
    /// Per preorder number: the least cell numbered up to it, and from it on.
    prefix_min: Vec<u32>,
    suffix_min: Vec<u32>,
    /// The cells in preorder.
    order: Vec<u32>,
    /// The depth-first stack: a cell and the next neighbour to try.
    stack: Vec<(u32, u8)>,
}

impl Cuts {
    /// Builds the tree of the cells free in `occ` that `root` (free) reaches.
    pub fn build(&mut self, board: &Board, occ: &[bool], root: u32) {
        let n = board.len();
        for v in [&mut self.pre, &mut self.parent, &mut self.size] {
            v.clear();
            v.resize(n, NONE);
        }
        self.low.resize(n, 0);
        self.sub_min.resize(n, 0);
        self.order.clear();
        self.visit(root, NONE);
        while let Some(&mut (v, ref mut next)) = self.stack.last_mut() {
            let Some(d) = (*next as usize..4).find(|&d| board.nb[v as usize][d].is_some()) else {
                self.stack.pop();
                self.finish(v);
                continue;
            };
            *next = d as u8 + 1;
            let w = board.nb[v as usize][d].expect("found above");
            if occ[w as usize] {
                continue;
            }
            if self.pre[w as usize] == NONE {
                self.visit(w, v);
            } else if w != self.parent[v as usize] {
                let low = &mut self.low[v as usize];
                *low = (*low).min(self.pre[w as usize]);
            }
        }
        self.minima();
    }

    fn visit(&mut self, v: u32, parent: u32) {
        let i = v as usize;
        self.pre[i] = self.order.len() as u32;
        self.low[i] = self.pre[i];
        self.parent[i] = parent;
        self.size[i] = 1;
        self.sub_min[i] = v;
        self.order.push(v);
        self.stack.push((v, 0));
    }

    /// Folds a finished cell into its parent's size, low link and least cell.
    fn finish(&mut self, v: u32) {
        let p = self.parent[v as usize];
        if p == NONE {
            return;
        }
        let (v, p) = (v as usize, p as usize);
        self.size[p] += self.size[v];
        self.low[p] = self.low[p].min(self.low[v]);
        self.sub_min[p] = self.sub_min[p].min(self.sub_min[v]);
    }

    /// The least cells of every prefix and suffix of the preorder.
    fn minima(&mut self) {
        let m = self.order.len();
        self.prefix_min.clear();
        self.suffix_min.clear();
        self.suffix_min.resize(m + 1, NONE);
        let mut least = NONE;
        for &c in &self.order {
            least = least.min(c);
            self.prefix_min.push(least);
        }
        for i in (0..m).rev() {
            self.suffix_min[i] = self.suffix_min[i + 1].min(self.order[i]);
        }
    }

    /// Whether the last tree holds cell `c`.
    pub fn holds(&self, c: u32) -> bool {
        self.pre.get(c as usize).is_some_and(|&p| p != NONE)
    }

    /// The child of `c` whose subtree holds `m`, if `c` cuts that subtree off from the
    /// rest (its low link does not reach above `c`).
    fn cut_child(&self, board: &Board, c: u32, m: u32) -> Option<u32> {
        let (pc, pm) = (self.pre[c as usize], self.pre[m as usize]);
        if pm <= pc || pm >= pc + self.size[c as usize] {
            return None; // m is outside c's subtree: the rest
        }
        // A subtree is a range of the preorder: the child's range that holds m.
        let child = board.nb[c as usize].into_iter().flatten().find(|&u| {
            let pu = self.pre[u as usize];
            self.parent[u as usize] == c && pu <= pm && pm < pu + self.size[u as usize]
        })?;
        (self.low[child as usize] >= pc).then_some(child)
    }

    /// The piece of the free cells around a box on `c` (in the tree) that its free
    /// neighbour `m` is in.
    pub fn piece(&self, board: &Board, c: u32, m: u32) -> Piece {
        Piece(self.cut_child(board, c, m).unwrap_or(NONE))
    }

    /// The least cell of `piece` around a box on `c`.
    pub fn least(&self, board: &Board, c: u32, piece: Piece) -> u32 {
        if piece.0 != NONE {
            return self.sub_min[piece.0 as usize];
        }
        // The rest: the cells before c's subtree and after it in preorder, and the
        // subtrees of c's children that c does not cut off.
        let (pc, sc) = (
            self.pre[c as usize] as usize,
            self.size[c as usize] as usize,
        );
        let mut least = self.suffix_min[pc + sc];
        if pc > 0 {
            least = least.min(self.prefix_min[pc - 1]);
        }
        for u in board.nb[c as usize].into_iter().flatten() {
            if self.holds(u) && self.parent[u as usize] == c && self.low[u as usize] < pc as u32 {
                least = least.min(self.sub_min[u as usize]);
            }
        }
        least
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Format, parse_levels};
    use proptest::prelude::*;

    /// The cells `from` reaches around a box on `c`, the boxes of `occ` standing.
    fn flood(b: &Board, occ: &[bool], c: u32, from: u32) -> Vec<bool> {
        let mut o = occ.to_vec();
        o[c as usize] = true;
        b.reachable(&o, from)
    }

    fn board(w: usize, h: usize, cells: &[u8]) -> Option<Board> {
        let mut g = vec![vec!['#'; w + 2]; h + 2];
        for r in 0..h {
            for c in 0..w {
                if cells[(r * w + c) % cells.len()] % 4 != 0 {
                    g[r + 1][c + 1] = ' ';
                }
            }
        }
        // The player and one box on a goal (a level needs both), on free cells.
        let free: Vec<(usize, usize)> = (1..=h)
            .flat_map(|r| (1..=w).map(move |c| (r, c)))
            .filter(|&(r, c)| g[r][c] == ' ')
            .collect();
        if free.len() < 2 {
            return None;
        }
        let (r, c) = free[cells[0] as usize % free.len()];
        g[r][c] = '@';
        let (r2, c2) =
            free[(cells[0] as usize + 1 + cells[1] as usize % (free.len() - 1)) % free.len()];
        g[r2][c2] = '*';
        let text: String = g
            .into_iter()
            .map(|row| row.into_iter().collect::<String>() + "\n")
            .collect();
        let levels = parse_levels(&text, "t", Format::Xsb).expect("a level");
        Some(Board::new(&levels[0]))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        /// For every cell of the tree and every two free neighbours of it: one piece
        /// exactly when a flood fill around a box there joins them, and the least cell
        /// of the piece the flood's.
        #[test]
        fn pieces_and_their_least_cells_match_a_flood_fill(
            w in 1usize..9, h in 1usize..8,
            cells in prop::collection::vec(any::<u8>(), 4..80),
            occ_mask in any::<u64>(),
        ) {
            let Some(b) = board(w, h, &cells) else { return Ok(()) };
            prop_assume!(b.len() >= 2);
            let root = b.player;
            let occ: Vec<bool> = (0..b.len()).map(|c| c as u32 != root && occ_mask >> (c % 64) & 1 == 1 && c % 3 == 1).collect();
            let mut cuts = Cuts::default();
            cuts.build(&b, &occ, root);
            let reach = b.reachable(&occ, root);
            for c in 0..b.len() as u32 {
                prop_assert_eq!(cuts.holds(c), reach[c as usize]);
                if !reach[c as usize] {
                    continue;
                }
                let nbs: Vec<u32> = b.nb[c as usize].into_iter().flatten().filter(|&m| !occ[m as usize]).collect();
                for &m in &nbs {
                    let r = flood(&b, &occ, c, m);
                    let least = (0..b.len() as u32).find(|&x| r[x as usize]).unwrap();
                    prop_assert_eq!(cuts.least(&b, c, cuts.piece(&b, c, m)), least);
                    for &m2 in &nbs {
                        prop_assert_eq!(cuts.piece(&b, c, m) == cuts.piece(&b, c, m2), r[m2 as usize]);
                    }
                }
            }
        }
    }
}
