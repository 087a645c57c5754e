//! Symmetries of the pattern of givens, and the orbits of cells they induce.

use crate::grid::Grid;
use std::fmt;
use std::str::FromStr;

/// A symmetry the set of given cells must keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No constraint.
    #[default]
    None,
    /// Unchanged by a half turn about the centre.
    Rot180,
    /// Unchanged by a quarter turn (so by half turns too).
    Rot90,
    /// Unchanged by reflection in the vertical middle line (left ↔ right).
    Mirror,
    /// Unchanged by reflection in the main diagonal (r, c) ↔ (c, r).
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in a fixed order.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The images of cell (r, c) under the symmetry group (including the cell itself).
    fn images(self, n: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
        let m = n - 1;
        match self {
            Symmetry::None => vec![(r, c)],
            Symmetry::Rot180 => vec![(r, c), (m - r, m - c)],
            Symmetry::Rot90 => vec![(r, c), (c, m - r), (m - r, m - c), (m - c, r)],
            Symmetry::Mirror => vec![(r, c), (r, m - c)],
            Symmetry::Diagonal => vec![(r, c), (c, r)],
        }
    }

    /// The orbits of the cells of an N×N grid: sets of cells that are given or empty
    /// together. Each orbit is sorted, orbits in reading order of their first cell.
    pub fn orbits(self, n: usize) -> Vec<Vec<(usize, usize)>> {
        let mut seen = vec![false; n * n];
        let mut out = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if seen[r * n + c] {
                    continue;
                }
                let mut orbit = self.images(n, r, c);
                orbit.sort();
                orbit.dedup();
                for &(a, b) in &orbit {
                    seen[a * n + b] = true;
                }
                out.push(orbit);
            }
        }
        out
    }

    /// True when the given cells of `g` form a pattern this symmetry keeps.
    pub fn holds(self, g: &Grid) -> bool {
        let n = g.n();
        (0..n * n).all(|i| {
            let (r, c) = (i / n, i % n);
            let given = g.get(r, c) != 0;
            self.images(n, r, c)
                .iter()
                .all(|&(a, b)| (g.get(a, b) != 0) == given)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Symmetry, String> {
        Symmetry::ALL
            .into_iter()
            .find(|x| x.name() == s)
            .ok_or_else(|| {
                format!("unknown symmetry '{s}' (expected none, rot180, rot90, mirror or diagonal)")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid() {
        for n in [4, 6, 9, 16] {
            for s in Symmetry::ALL {
                let orbits = s.orbits(n);
                let total: usize = orbits.iter().map(Vec::len).sum();
                assert_eq!(total, n * n, "{s} {n}");
                let max = orbits.iter().map(Vec::len).max().unwrap();
                let expected = match s {
                    Symmetry::None => 1,
                    Symmetry::Rot90 => 4,
                    _ => 2,
                };
                assert_eq!(max, expected);
            }
        }
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Rot90.orbits(9).len(), 21);
    }
}
