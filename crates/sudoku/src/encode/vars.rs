//! The map from (cell, value) to the variables of an encoding.

use crate::model::grid::Grid;
use crate::model::shape::Shape;
use gridsat_sat::{Block, Lit, Var};

/// The (cell, value) → variable map of an encoding.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum CellVars {
    /// Every (cell, value) has a variable, in one block `x[r][c][v]`.
    Dense {
        /// The block (row, column, value − 1).
        block: Block,
        /// The grid shape.
        shape: Shape,
    },
    /// Classic 9×9 numbering: variable 100·r + 10·c + v (1-based).
    Readable,
    /// Only the candidates of empty cells have variables (reduced encoding).
    Sparse {
        /// The grid shape.
        shape: Shape,
        /// Values placed before encoding (0 = empty).
        placed: Vec<u16>,
        /// Cell i's candidates are `values[start[i]..start[i] + len[i]]`.
        start: Vec<u32>,
        /// Number of candidates per cell.
        len: Vec<u16>,
        /// Candidate values, cell by cell.
        values: Vec<u16>,
        /// Variable of the first candidate.
        first: u32,
    },
}

impl CellVars {
    /// The variable meaning "cell (r, c) holds v", if the encoding has one.
    #[inline]
    pub fn var(&self, r: usize, c: usize, v: u16) -> Option<Var> {
        match self {
            CellVars::Dense { block, .. } => Some(block.var(&[r as u32, c as u32, (v - 1) as u32])),
            CellVars::Readable => Some(Var::new((100 * (r + 1) + 10 * (c + 1)) as u32 + v as u32)),
            CellVars::Sparse {
                shape,
                start,
                len,
                values,
                first,
                ..
            } => {
                let cell = r * shape.n() + c;
                let (a, b) = (
                    start[cell] as usize,
                    (start[cell] + len[cell] as u32) as usize,
                );
                values[a..b]
                    .binary_search(&v)
                    .ok()
                    .map(|k| Var::new(first + (a + k) as u32))
            }
        }
    }

    /// Reads the grid from a model (`value(var)`); cells decided before encoding keep
    /// their value. A cell with no true variable stays 0 (the checker will object).
    pub fn decode(&self, shape: Shape, value: impl Fn(Var) -> bool) -> Grid {
        let n = shape.n();
        let mut g = Grid::empty(shape);
        match self {
            CellVars::Sparse {
                placed,
                start,
                len,
                values,
                first,
                ..
            } => {
                for cell in 0..n * n {
                    let (a, b) = (
                        start[cell] as usize,
                        (start[cell] + len[cell] as u32) as usize,
                    );
                    let v = if placed[cell] != 0 {
                        placed[cell]
                    } else {
                        (a..b)
                            .find(|&k| value(Var::new(first + k as u32)))
                            .map_or(0, |k| values[k])
                    };
                    g.set(cell / n, cell % n, v);
                }
            }
            _ => {
                for r in 0..n {
                    for c in 0..n {
                        let v = (1..=n as u16)
                            .find(|&v| value(self.var(r, c, v).expect("dense")))
                            .unwrap_or(0);
                        g.set(r, c, v);
                    }
                }
            }
        }
        g
    }

    /// The variables of the cells empty in `puzzle`, each with its cell (row-major
    /// index) and value: the projection on which two solutions of `puzzle` differ.
    pub fn open_candidates(&self, puzzle: &Grid) -> Vec<(Var, u32, u16)> {
        let n = puzzle.n();
        let mut out = Vec::new();
        for (cell, &given) in puzzle.values().iter().enumerate() {
            if given != 0 {
                continue;
            }
            match self {
                CellVars::Sparse {
                    start,
                    len,
                    values,
                    first,
                    ..
                } => {
                    let a = start[cell] as usize;
                    let vals = &values[a..a + len[cell] as usize];
                    for (k, &v) in (a..).zip(vals) {
                        out.push((Var::new(first + k as u32), cell as u32, v));
                    }
                }
                _ => {
                    for v in 1..=n as u16 {
                        if let Some(x) = self.var(cell / n, cell % n, v) {
                            out.push((x, cell as u32, v));
                        }
                    }
                }
            }
        }
        out
    }

    /// The clause that excludes `solution`, over the cells empty in `puzzle`
    /// (given cells cannot differ anyway).
    pub fn blocking_clause(&self, puzzle: &Grid, solution: &Grid) -> Vec<Lit> {
        let n = puzzle.n();
        let mut clause = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if puzzle.get(r, c) == 0 {
                    if let Some(v) = self.var(r, c, solution.get(r, c)) {
                        clause.push(v.neg());
                    }
                }
            }
        }
        clause
    }
}
