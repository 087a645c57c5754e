//! Grid geometry: N×N grids split into boxes of P rows × Q columns (N = P·Q).

use super::house::House;
use std::fmt;
use std::str::FromStr;

/// The largest side gridsat accepts (boxes up to 32×32).
pub const MAX_SIDE: usize = 1024;

/// The shape of a Sudoku: boxes `box_rows` tall and `box_cols` wide, N = P·Q.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: usize,
    box_cols: usize,
}

impl Shape {
    /// Boxes of `box_rows` × `box_cols`; both at least 2 (a 1×N "box" is just a row)
    /// and N = P·Q at most [`MAX_SIDE`].
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        if box_rows < 2 || box_cols < 2 {
            return Err(ShapeError::TooSmall {
                rows: box_rows,
                cols: box_cols,
            });
        }
        if box_rows.saturating_mul(box_cols) > MAX_SIDE {
            return Err(ShapeError::TooLarge {
                rows: box_rows,
                cols: box_cols,
            });
        }
        Ok(Shape { box_rows, box_cols })
    }

    /// The shape for side `n`: square boxes when n is a perfect square, otherwise the
    /// most nearly square P×Q with P < Q (6 → 2×3, 8 → 2×4, 12 → 3×4).
    pub fn for_side(n: usize) -> Result<Shape, ShapeError> {
        let mut best = None;
        let mut p = 2;
        while p * p <= n {
            if n % p == 0 {
                best = Some(p);
            }
            p += 1;
        }
        match best {
            Some(p) => Shape::new(p, n / p),
            None => Err(ShapeError::NoBoxes { side: n }),
        }
    }

    /// Side N of the grid (also the number of symbols).
    #[inline]
    pub fn n(&self) -> usize {
        self.box_rows * self.box_cols
    }

    /// Number of cells N².
    #[inline]
    pub fn cells(&self) -> usize {
        self.n() * self.n()
    }

    /// Box height P.
    pub fn box_rows(&self) -> usize {
        self.box_rows
    }

    /// Box width Q.
    pub fn box_cols(&self) -> usize {
        self.box_cols
    }

    /// The box (0-based, numbered row by row) holding cell (r, c).
    #[inline]
    pub fn box_of(&self, r: usize, c: usize) -> usize {
        (r / self.box_rows) * self.boxes_per_band() + c / self.box_cols
    }

    /// Number of boxes side by side in one band of rows: N / Q = P.
    #[inline]
    fn boxes_per_band(&self) -> usize {
        self.box_rows
    }

    /// The `k`-th cell (row, column) of box `b`.
    #[inline]
    pub fn box_cell(&self, b: usize, k: usize) -> (usize, usize) {
        let per_band = self.boxes_per_band();
        let r0 = (b / per_band) * self.box_rows;
        let c0 = (b % per_band) * self.box_cols;
        (r0 + k / self.box_cols, c0 + k % self.box_cols)
    }

    /// Windoku windows per band: P×Q windows start one cell in from the top-left and
    /// leave one row (column) between each other; this many fit across (and `P`-tall
    /// ones down: see [`Shape::windows_down`]).
    pub fn windows_across(&self) -> usize {
        (self.n() - 1) / (self.box_cols + 1)
    }

    /// How many windoku windows fit down the grid.
    pub fn windows_down(&self) -> usize {
        (self.n() - 1) / (self.box_rows + 1)
    }

    /// The `k`-th cell (row, column) of windoku window `w` (numbered row by row).
    #[inline]
    pub fn window_cell(&self, w: usize, k: usize) -> (usize, usize) {
        let across = self.windows_across();
        let r0 = 1 + (w / across) * (self.box_rows + 1);
        let c0 = 1 + (w % across) * (self.box_cols + 1);
        (r0 + k / self.box_cols, c0 + k % self.box_cols)
    }

    /// The cells (row, column) of a house, in reading order.
    pub fn house_cells(self, h: House) -> impl Iterator<Item = (usize, usize)> {
        let n = self.n();
        (0..n).map(move |k| match h {
            House::Row(r) => (r, k),
            House::Col(c) => (k, c),
            House::Box(b) => self.box_cell(b, k),
            House::Diagonal(0) => (k, k),
            House::Diagonal(_) => (k, n - 1 - k),
            House::Window(w) => self.window_cell(w, k),
            House::Region(_) => panic!("{h} is a jigsaw house: ask the Rules for its cells"),
        })
    }

    /// All 3N houses: rows, then columns, then boxes.
    pub fn houses(&self) -> impl Iterator<Item = House> {
        let n = self.n();
        (0..n)
            .map(House::Row)
            .chain((0..n).map(House::Col))
            .chain((0..n).map(House::Box))
    }

    /// The houses two distinct cells share (empty when they are not peers).
    pub fn shared_houses(&self, a: (usize, usize), b: (usize, usize)) -> Vec<House> {
        let mut v = Vec::new();
        if a.0 == b.0 {
            v.push(House::Row(a.0));
        }
        if a.1 == b.1 {
            v.push(House::Col(a.1));
        }
        if self.box_of(a.0, a.1) == self.box_of(b.0, b.1) {
            v.push(House::Box(self.box_of(a.0, a.1)));
        }
        v
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl FromStr for Shape {
    type Err = ShapeError;
    /// Parses `PxQ` (also `P×Q`), e.g. `2x3`.
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let (p, q) = s
            .split_once(['x', 'X', '×'])
            .ok_or_else(|| ShapeError::Syntax {
                given: s.to_string(),
            })?;
        let number = |part: &str| {
            part.trim().parse().map_err(|_| ShapeError::NotANumber {
                given: s.to_string(),
                part: part.to_string(),
            })
        };
        Shape::new(number(p)?, number(q)?)
    }
}

/// Why a box shape or a side is not a Sudoku.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// A box side below 2.
    #[error("boxes must be at least 2×2, not {rows}×{cols}")]
    TooSmall {
        /// Box height asked for.
        rows: usize,
        /// Box width asked for.
        cols: usize,
    },
    /// A side above [`MAX_SIDE`].
    #[error("a {rows}×{cols} box gives a side above the maximum {MAX_SIDE}")]
    TooLarge {
        /// Box height asked for.
        rows: usize,
        /// Box width asked for.
        cols: usize,
    },
    /// A side that is no product of two box sides of at least 2.
    #[error(
        "{side} is not a valid Sudoku side: it must be a product P·Q of box sides of at least 2 (4, 6, 8, 9, 10, 12, 16, …)"
    )]
    NoBoxes {
        /// The side.
        side: usize,
    },
    /// Text that is not of the form `PxQ`.
    #[error("box size '{given}' should look like PxQ, e.g. 2x3")]
    Syntax {
        /// The text.
        given: String,
    },
    /// A part of `PxQ` that is not a number.
    #[error("box size '{given}': '{part}' is not a number")]
    NotANumber {
        /// The whole text.
        given: String,
        /// The part that is not a number.
        part: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn sides_infer_the_usual_boxes() {
        assert_eq!(Shape::for_side(9).unwrap(), Shape::new(3, 3).unwrap());
        assert_eq!(Shape::for_side(6).unwrap(), Shape::new(2, 3).unwrap());
        assert_eq!(Shape::for_side(12).unwrap(), Shape::new(3, 4).unwrap());
        assert_eq!(Shape::for_side(400).unwrap(), Shape::new(20, 20).unwrap());
        assert!(Shape::for_side(7).is_err());
        assert!(Shape::for_side(3).is_err());
        assert_eq!("2x3".parse::<Shape>().unwrap().n(), 6);
        assert!("2x".parse::<Shape>().is_err());
        assert!("1x9".parse::<Shape>().is_err());
    }

    /// Every house holds N distinct cells and every cell lies in exactly one house of
    /// each kind, for square and rectangular boxes.
    #[test]
    fn houses_partition_the_grid() {
        for (p, q) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 5), (4, 3), (5, 5)] {
            let s = Shape::new(p, q).unwrap();
            let n = s.n();
            for kind in 0..3 {
                let mut seen = HashSet::new();
                for i in 0..n {
                    let h = [House::Row(i), House::Col(i), House::Box(i)][kind];
                    let cells: HashSet<_> = s.house_cells(h).collect();
                    assert_eq!(cells.len(), n);
                    for c in cells {
                        assert!(seen.insert(c), "{s}: cell {c:?} in two houses of a kind");
                        if let House::Box(b) = h {
                            assert_eq!(s.box_of(c.0, c.1), b);
                        }
                    }
                }
                assert_eq!(seen.len(), n * n);
            }
            // A box spans exactly P rows and Q columns.
            let rows: HashSet<_> = s.house_cells(House::Box(0)).map(|c| c.0).collect();
            let cols: HashSet<_> = s.house_cells(House::Box(0)).map(|c| c.1).collect();
            assert_eq!((rows.len(), cols.len()), (p, q));
        }
    }
}
