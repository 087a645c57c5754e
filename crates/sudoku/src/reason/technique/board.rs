//! The candidates grid the techniques read and narrow: one bit mask per cell (sides up
//! to 64), the houses of the puzzle's rules (rows, columns, boxes or jigsaw regions,
//! diagonals, windows) and the pairs of cells a variant rule constrains.

use crate::model::grid::Grid;
use crate::model::house::House;
use crate::model::rules::Rules;

/// The largest side the technique engine takes (one 64-bit mask per cell).
pub const MAX_TECHNIQUE_SIDE: usize = 64;

/// Candidates, placements and the geometry of the houses.
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) n: usize,
    pub(crate) cand: Vec<u64>,
    pub(crate) value: Vec<u16>,
    pub(crate) houses: Vec<House>,
    pub(crate) house_cells: Vec<Vec<usize>>,
    pub(crate) cell_houses: Vec<Vec<usize>>,
    /// For each cell, the other cells that share a house with it.
    pub(crate) peers: Vec<Vec<usize>>,
    /// For each cell, the cells a pair rule links to it, with the rule's index.
    pairs: Vec<Vec<(usize, usize)>>,
    rules: Rules,
    /// True once the caller has said the puzzle has one solution (the uniqueness
    /// techniques need it).
    unique: bool,
}

impl Board {
    /// The board of `grid` under `rules`: every given placed, its peers narrowed.
    /// `None` when the side is over [`MAX_TECHNIQUE_SIDE`] or the givens contradict.
    pub fn new(grid: &Grid, rules: &Rules) -> Option<Board> {
        let shape = grid.shape();
        let n = shape.n();
        if n > MAX_TECHNIQUE_SIDE {
            return None;
        }
        let houses = rules.houses(shape);
        let house_cells: Vec<Vec<usize>> = houses
            .iter()
            .map(|&h| rules.cells_of(shape, h).map(|(r, c)| r * n + c).collect())
            .collect();
        let mut cell_houses = vec![Vec::new(); n * n];
        for (h, cells) in house_cells.iter().enumerate() {
            for &c in cells {
                cell_houses[c].push(h);
            }
        }
        let peers = (0..n * n)
            .map(|c| {
                let mut p: Vec<usize> = cell_houses[c]
                    .iter()
                    .flat_map(|&h| house_cells[h].iter().copied())
                    .filter(|&d| d != c)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        let mut pairs = vec![Vec::new(); n * n];
        for (k, rule) in rules.active().iter().enumerate() {
            for ((r1, c1), (r2, c2)) in rule.pairs(shape) {
                pairs[r1 * n + c1].push((r2 * n + c2, k));
                pairs[r2 * n + c2].push((r1 * n + c1, k));
            }
        }
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut b = Board {
            n,
            cand: vec![full; n * n],
            value: vec![0; n * n],
            houses,
            house_cells,
            cell_houses,
            peers,
            pairs,
            rules: rules.clone(),
            unique: false,
        };
        for (i, &v) in grid.values().iter().enumerate() {
            if v != 0 {
                if b.cand[i] & bit(v) == 0 {
                    return None;
                }
                b.place(i, v);
            }
        }
        Some(b)
    }

    /// Lets the uniqueness techniques (Unique Rectangles, BUG+1) take part: call it only
    /// for a puzzle known to have exactly one solution (they remove what would leave two).
    pub fn assume_unique(&mut self) {
        self.unique = true;
    }

    /// True when the uniqueness techniques apply: the puzzle is known to have one
    /// solution and its houses are the classic rows, columns and boxes (a variant's
    /// houses or pair rules could tell the two solutions of a deadly pattern apart).
    pub(crate) fn uniqueness(&self) -> bool {
        self.unique && self.rules.is_classic()
    }

    /// The side N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// True when every cell holds a value.
    pub fn solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }

    /// The placed values (0 where open), row-major.
    pub fn values(&self) -> &[u16] {
        &self.value
    }

    /// True when value `v` is still a candidate of the open cell `cell`.
    #[inline]
    pub fn has(&self, cell: usize, v: u16) -> bool {
        self.cand[cell] & bit(v) != 0
    }

    /// The candidate mask of a cell (bit v-1 for value v; 0 once placed).
    #[inline]
    pub fn mask(&self, cell: usize) -> u64 {
        self.cand[cell]
    }

    /// Places `v` at `cell` and removes it from every peer (and what a pair rule forbids
    /// from the linked cells).
    pub fn place(&mut self, cell: usize, v: u16) {
        self.value[cell] = v;
        self.cand[cell] = 0;
        for i in 0..self.peers[cell].len() {
            let p = self.peers[cell][i];
            self.cand[p] &= !bit(v);
        }
        if self.pairs[cell].is_empty() {
            return;
        }
        let active = self.rules.active();
        for &(p, k) in &self.pairs[cell] {
            let rule = active[k];
            for w in 1..=self.n as u16 {
                if rule.forbids(v, w) {
                    self.cand[p] &= !bit(w);
                }
            }
        }
    }

    /// Removes candidate `v` from `cell`.
    #[inline]
    pub fn remove(&mut self, cell: usize, v: u16) {
        self.cand[cell] &= !bit(v);
    }

    /// The open cells of house `h` that still have `v`, as a list.
    pub fn places(&self, h: usize, v: u16) -> Vec<usize> {
        self.house_cells[h]
            .iter()
            .copied()
            .filter(|&c| self.has(c, v))
            .collect()
    }

    /// True when `a` and `b` (distinct) share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.peers[a].binary_search(&b).is_ok()
    }

    /// True when the values on the board break a rule of the houses: an open cell with no
    /// candidate, or a value with no place left in a house that lacks it.
    pub fn broken(&self) -> bool {
        let cells = self.n * self.n;
        if (0..cells).any(|c| self.value[c] == 0 && self.cand[c] == 0) {
            return true;
        }
        self.house_cells.iter().any(|cells| {
            let mut seen = 0u64;
            let mut placed = 0u64;
            for &c in cells {
                seen |= self.cand[c];
                if self.value[c] != 0 {
                    let b = bit(self.value[c]);
                    if placed & b != 0 {
                        return true;
                    }
                    placed |= b;
                }
            }
            (seen | placed).count_ones() as usize != self.n
        })
    }

    /// The house of index `h`.
    pub fn house(&self, h: usize) -> House {
        self.houses[h]
    }
}

/// The mask bit of value `v` (1-based).
#[inline]
pub fn bit(v: u16) -> u64 {
    1u64 << (v - 1)
}

/// The values of a mask, ascending.
pub fn digits(mask: u64) -> impl Iterator<Item = u16> {
    let mut x = mask;
    std::iter::from_fn(move || {
        if x == 0 {
            return None;
        }
        let t = x.trailing_zeros();
        x &= x - 1;
        Some(t as u16 + 1)
    })
}

/// An empty 9×9 classic board whose listed cells hold only the values given (for the
/// finders' tests).
#[cfg(test)]
pub(crate) fn with_masks(masks: &[(usize, &[u16])]) -> Board {
    use crate::model::{grid::Grid, rules::Rules, shape::Shape};
    let mut b = Board::new(&Grid::empty(Shape::new(3, 3).unwrap()), &Rules::classic()).unwrap();
    for &(c, vals) in masks {
        b.cand[c] = vals.iter().fold(0, |m, &v| m | bit(v));
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::shape::Shape;

    #[test]
    fn givens_narrow_their_peers_and_only_them() {
        let shape = Shape::new(3, 3).unwrap();
        let mut g = Grid::empty(shape);
        g.set(0, 0, 5);
        let b = Board::new(&g, &Rules::classic()).unwrap();
        assert!(!b.has(8, 5) && !b.has(72, 5) && !b.has(10, 5));
        assert!(b.has(40, 5));
        assert_eq!(b.mask(0), 0);
        assert!(!b.broken());
        assert!(b.sees(0, 20) && !b.sees(0, 40));
    }

    #[test]
    fn contradictory_givens_give_no_board() {
        let shape = Shape::new(3, 3).unwrap();
        let mut g = Grid::empty(shape);
        g.set(0, 0, 5);
        g.set(0, 8, 5);
        assert!(Board::new(&g, &Rules::classic()).is_none());
    }
}
