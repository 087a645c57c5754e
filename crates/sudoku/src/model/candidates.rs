//! Candidate sets: the symbols each cell may still take given the placed ones.

use super::grid::Grid;
use super::house::House;
use super::shape::Shape;

/// For every cell, the set of values (1..=N) not excluded by a placed value in a peer.
/// Placed cells hold only their value.
#[derive(Clone, Debug)]
pub struct Candidates {
    shape: Shape,
    words: usize,
    bits: Vec<u64>,
    placed: Vec<u16>,
}

impl Candidates {
    /// The candidates left by the givens of `grid` (no further reasoning).
    pub fn from_givens(grid: &Grid) -> Candidates {
        let shape = grid.shape();
        let n = shape.n();
        let words = n.div_ceil(64);
        // used[h][..] = values placed in house h (rows, then columns, then boxes).
        let mut used = vec![0u64; 3 * n * words];
        for p in grid.givens() {
            let b = shape.box_of(p.row, p.col);
            for h in [p.row, n + p.col, 2 * n + b] {
                set_bit(&mut used[h * words..(h + 1) * words], p.value);
            }
        }
        let mut bits = vec![0u64; n * n * words];
        let mut full = vec![0u64; words];
        for v in 1..=n as u16 {
            set_bit(&mut full, v);
        }
        for r in 0..n {
            for c in 0..n {
                let cell = r * n + c;
                let out = &mut bits[cell * words..(cell + 1) * words];
                let v = grid.get(r, c);
                if v != 0 {
                    set_bit(out, v);
                    continue;
                }
                let b = shape.box_of(r, c);
                for w in 0..words {
                    out[w] = full[w]
                        & !(used[r * words + w]
                            | used[(n + c) * words + w]
                            | used[(2 * n + b) * words + w]);
                }
            }
        }
        Candidates {
            shape,
            words,
            bits,
            placed: grid.values().to_vec(),
        }
    }

    /// Candidates from raw parts: `words` 64-bit words per cell, row-major.
    pub(crate) fn from_raw(
        shape: Shape,
        words: usize,
        bits: Vec<u64>,
        placed: Vec<u16>,
    ) -> Candidates {
        debug_assert_eq!(bits.len(), shape.cells() * words);
        Candidates {
            shape,
            words,
            bits,
            placed,
        }
    }

    /// The grid shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The value placed at a cell (0 when empty).
    #[inline]
    pub fn placed(&self, cell: usize) -> u16 {
        self.placed[cell]
    }

    /// The placed values as a grid (0 where still open).
    pub fn placed_grid(&self) -> Grid {
        Grid::from_values(self.shape, self.placed.clone()).expect("values in range")
    }

    /// Number of cells still open.
    pub fn open_cells(&self) -> usize {
        self.placed.iter().filter(|&&v| v == 0).count()
    }

    /// True when value `v` is still possible at `cell` (row-major index).
    #[inline]
    pub fn allows(&self, cell: usize, v: u16) -> bool {
        let i = (v - 1) as usize;
        self.bits[cell * self.words + i / 64] >> (i % 64) & 1 == 1
    }

    /// Number of values still possible at `cell`.
    pub fn count(&self, cell: usize) -> usize {
        self.cell_bits(cell)
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// The values still possible at `cell`, ascending.
    pub fn values(&self, cell: usize) -> impl Iterator<Item = u16> + '_ {
        self.cell_bits(cell)
            .iter()
            .enumerate()
            .flat_map(|(w, &word)| {
                let mut x = word;
                std::iter::from_fn(move || {
                    if x == 0 {
                        return None;
                    }
                    let t = x.trailing_zeros();
                    x &= x - 1;
                    Some((w * 64 + t as usize + 1) as u16)
                })
            })
    }

    fn cell_bits(&self, cell: usize) -> &[u64] {
        &self.bits[cell * self.words..(cell + 1) * self.words]
    }

    /// An empty cell with no value left, if any.
    pub fn dead_cell(&self) -> Option<usize> {
        (0..self.placed.len()).find(|&c| self.placed[c] == 0 && self.count(c) == 0)
    }

    /// A house and a value not placed in it that no empty cell of it can take, if any.
    pub fn dead_house(&self) -> Option<(House, u16)> {
        let n = self.shape.n();
        for h in self.shape.houses() {
            let mut placed = vec![false; n + 1];
            let mut possible = vec![false; n + 1];
            for (r, c) in self.shape.house_cells(h) {
                let cell = r * n + c;
                if self.placed[cell] != 0 {
                    placed[self.placed[cell] as usize] = true;
                } else {
                    for v in self.values(cell) {
                        possible[v as usize] = true;
                    }
                }
            }
            if let Some(v) = (1..=n).find(|&v| !placed[v] && !possible[v]) {
                return Some((h, v as u16));
            }
        }
        None
    }
}

#[inline]
fn set_bit(words: &mut [u64], v: u16) {
    let i = (v - 1) as usize;
    words[i / 64] |= 1 << (i % 64);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_remove_values_from_their_peers_only() {
        let shape = Shape::new(2, 3).unwrap();
        let mut g = Grid::empty(shape);
        g.set(0, 0, 4);
        let c = Candidates::from_givens(&g);
        let n = 6;
        assert_eq!(c.values(0).collect::<Vec<_>>(), vec![4]);
        assert!(!c.allows(5, 4)); // same row
        assert!(!c.allows(5 * n, 4)); // same column
        assert!(!c.allows(n + 2, 4)); // same 2×3 box (r2c3)
        assert!(c.allows(2 * n + 3, 4)); // r3c4 is no peer
        assert_eq!(c.count(n + 1), 5); // r2c2 shares the box
        assert_eq!(c.count(n + 4), 6); // r2c5 shares nothing
        assert_eq!(c.dead_cell(), None);
    }

    #[test]
    fn wide_grids_use_several_words() {
        let shape = Shape::new(10, 10).unwrap();
        let mut g = Grid::empty(shape);
        g.set(0, 0, 100);
        g.set(0, 1, 65);
        let c = Candidates::from_givens(&g);
        assert_eq!(c.count(2), 98);
        assert!(!c.allows(2, 100) && !c.allows(2, 65) && c.allows(2, 64));
        assert_eq!(c.values(2).last(), Some(99));
    }
}
