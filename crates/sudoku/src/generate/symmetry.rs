//! Symmetries of the pattern of givens, and the orbits of cells they induce.

use crate::model::grid::Grid;

gridsat_sat::named_enum! {
    /// A symmetry the set of given cells must keep.
    pub enum Symmetry ("symmetry") default None {
        /// No constraint.
        None = "none",
        /// Unchanged by a half turn about the centre.
        Rot180 = "rot180",
        /// Unchanged by a quarter turn (so by half turns too).
        Rot90 = "rot90",
        /// Unchanged by reflection in the vertical middle line (left ↔ right).
        Mirror = "mirror",
        /// Unchanged by reflection in the main diagonal (r, c) ↔ (c, r).
        Diagonal = "diagonal",
    }
}

impl Symmetry {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid() {
        for n in [4, 6, 9, 16] {
            for &s in Symmetry::ALL {
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
