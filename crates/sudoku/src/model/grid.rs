//! Grids: puzzles (0 = empty) and solutions, with their text forms.

use super::shape::Shape;
use super::symbols::Alphabet;
use std::fmt::Write;

/// An N×N grid of values, 0 for an empty cell and 1..=N for a symbol.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u16>,
}

/// A given (or placed) symbol: 0-based row and column, value 1..=N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
    /// Value, from 1.
    pub value: u16,
}

impl Placement {
    /// Writes the placement as `r3c7=5` (1-based, with the alphabet's symbol when there is one).
    pub fn describe(&self, alphabet: Option<&Alphabet>) -> String {
        match alphabet {
            Some(a) => format!(
                "r{}c{}={}",
                self.row + 1,
                self.col + 1,
                a.symbol(self.value)
            ),
            None => format!("r{}c{}={}", self.row + 1, self.col + 1, self.value),
        }
    }
}

/// Why values do not make a grid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// Not N² values.
    #[error("{found} values for a {n}×{n} grid (expected {})", n * n)]
    Length {
        /// Values given.
        found: usize,
        /// The side.
        n: usize,
    },
    /// A value above N.
    #[error("value {value} at r{}c{} exceeds {n}", row + 1, col + 1)]
    Value {
        /// The value.
        value: u16,
        /// Its row (0-based).
        row: usize,
        /// Its column (0-based).
        col: usize,
        /// The side.
        n: usize,
    },
}

impl Grid {
    /// An empty grid of this shape.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from row-major values; errors when the length or a value is wrong.
    pub fn from_values(shape: Shape, cells: Vec<u16>) -> Result<Grid, GridError> {
        let n = shape.n();
        if cells.len() != shape.cells() {
            return Err(GridError::Length {
                found: cells.len(),
                n,
            });
        }
        if let Some(i) = cells.iter().position(|&v| v as usize > n) {
            return Err(GridError::Value {
                value: cells[i],
                row: i / n,
                col: i % n,
                n,
            });
        }
        Ok(Grid { shape, cells })
    }

    /// The shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Side N.
    #[inline]
    pub fn n(&self) -> usize {
        self.shape.n()
    }

    /// Value at (r, c), 0 when empty.
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> u16 {
        self.cells[r * self.n() + c]
    }

    /// Sets the value at (r, c) (0 empties the cell).
    #[inline]
    pub fn set(&mut self, r: usize, c: usize, v: u16) {
        debug_assert!(v as usize <= self.n());
        let n = self.n();
        self.cells[r * n + c] = v;
    }

    /// Row-major values.
    pub fn values(&self) -> &[u16] {
        &self.cells
    }

    /// The filled cells.
    pub fn givens(&self) -> impl Iterator<Item = Placement> + '_ {
        let n = self.n();
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, v)| **v != 0)
            .map(move |(i, &v)| Placement {
                row: i / n,
                col: i % n,
                value: v,
            })
    }

    /// Number of filled cells.
    pub fn num_givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when every cell is filled.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// One line of N² symbols (`.` for empty) when an alphabet is given; otherwise
    /// N² space-separated integers (0 for empty).
    pub fn to_line(&self, alphabet: Option<&Alphabet>) -> String {
        match alphabet {
            Some(a) => self
                .cells
                .iter()
                .map(|&v| if v == 0 { '.' } else { a.symbol(v) })
                .collect(),
            None => {
                let mut s = String::with_capacity(self.cells.len() * 4);
                for (i, v) in self.cells.iter().enumerate() {
                    if i > 0 {
                        s.push(' ');
                    }
                    let _ = write!(s, "{v}");
                }
                s
            }
        }
    }

    /// The block layout: N rows, boxes separated by `|` and rule lines, one space
    /// between cells. Without an alphabet, N rows of right-aligned integers.
    pub fn to_block(&self, alphabet: Option<&Alphabet>) -> String {
        let n = self.n();
        let mut s = String::new();
        match alphabet {
            Some(a) => {
                let (p, q) = (self.shape.box_rows(), self.shape.box_cols());
                let boxes_across = n / q;
                let rule = vec!["-".repeat(2 * q - 1); boxes_across].join("-+-");
                for r in 0..n {
                    if r > 0 && r % p == 0 {
                        s.push_str(&rule);
                        s.push('\n');
                    }
                    for c in 0..n {
                        if c > 0 {
                            s.push_str(if c % q == 0 { " | " } else { " " });
                        }
                        let v = self.get(r, c);
                        s.push(if v == 0 { '.' } else { a.symbol(v) });
                    }
                    s.push('\n');
                }
            }
            None => {
                let width = n.to_string().len();
                for r in 0..n {
                    for c in 0..n {
                        if c > 0 {
                            s.push(' ');
                        }
                        let _ = write!(s, "{:>width$}", self.get(r, c));
                    }
                    s.push('\n');
                }
            }
        }
        s
    }
}
