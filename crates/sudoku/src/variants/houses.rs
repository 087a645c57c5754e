//! The geometry the encoder and the explanations use: houses and constrained pairs.

use super::{Rule, Rules};
use crate::shape::{House, Shape};

/// A rule between two cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PairRule {
    /// A knight's move apart: different values.
    Knight,
    /// Diagonally touching: different values.
    King,
    /// Orthogonally adjacent: values not consecutive.
    Consecutive,
}

impl PairRule {
    /// The clause family of the rule.
    pub fn family(self) -> &'static str {
        match self {
            PairRule::Knight => "anti-knight",
            PairRule::King => "anti-king",
            PairRule::Consecutive => "non-consecutive",
        }
    }

    fn offsets(self) -> &'static [(isize, isize)] {
        match self {
            PairRule::Knight => &[(1, -2), (1, 2), (2, -1), (2, 1)],
            PairRule::King => &[(1, -1), (1, 1)],
            PairRule::Consecutive => &[(0, 1), (1, 0)],
        }
    }
}

impl Rules {
    /// Every house: rows, columns, boxes (or jigsaw regions), then diagonals and windows.
    pub fn houses(&self, shape: Shape) -> Vec<House> {
        let n = shape.n();
        let mut v: Vec<House> = (0..n)
            .map(House::Row)
            .chain((0..n).map(House::Col))
            .collect();
        if self.regions.is_some() {
            v.extend((0..n).map(House::Region));
        } else {
            v.extend((0..n).map(House::Box));
        }
        if self.has(Rule::Diagonals) {
            v.extend([House::Diagonal(0), House::Diagonal(1)]);
        }
        if self.has(Rule::Windoku) {
            v.extend((0..shape.windows_across() * shape.windows_down()).map(House::Window));
        }
        v
    }

    /// The cells of house `h`, in reading order.
    pub fn house_cells(&self, shape: Shape, h: House) -> Vec<(usize, usize)> {
        let n = shape.n();
        match (h, &self.regions) {
            (House::Region(k), Some(reg)) => (0..n * n)
                .filter(|&i| reg.region_of(i / n, i % n, n) == k)
                .map(|i| (i / n, i % n))
                .collect(),
            (House::Region(_), None) => Vec::new(),
            _ => shape.house_cells(h).collect(),
        }
    }

    /// The houses of this variant that contain cell (r, c).
    pub fn houses_of(&self, shape: Shape, r: usize, c: usize) -> Vec<House> {
        let n = shape.n();
        let mut v = vec![House::Row(r), House::Col(c)];
        match &self.regions {
            Some(reg) => v.push(House::Region(reg.region_of(r, c, n))),
            None => v.push(House::Box(shape.box_of(r, c))),
        }
        if self.has(Rule::Diagonals) {
            if r == c {
                v.push(House::Diagonal(0));
            }
            if r + c == n - 1 {
                v.push(House::Diagonal(1));
            }
        }
        if self.has(Rule::Windoku) {
            for w in 0..shape.windows_across() * shape.windows_down() {
                let (r0, c0) = shape.window_cell(w, 0);
                if (r0..r0 + shape.box_rows()).contains(&r)
                    && (c0..c0 + shape.box_cols()).contains(&c)
                {
                    v.push(House::Window(w));
                }
            }
        }
        v
    }

    /// The pair rules in force.
    pub fn pair_rules(&self) -> Vec<PairRule> {
        let mut v = Vec::new();
        if self.has(Rule::AntiKnight) {
            v.push(PairRule::Knight);
        }
        if self.has(Rule::AntiKing) {
            v.push(PairRule::King);
        }
        if self.has(Rule::NonConsecutive) {
            v.push(PairRule::Consecutive);
        }
        v
    }

    /// Every constrained pair of cells of rule `p`, each pair once (first cell earlier
    /// in reading order).
    pub fn pairs(shape: Shape, p: PairRule) -> Vec<((usize, usize), (usize, usize))> {
        let n = shape.n() as isize;
        let mut v = Vec::new();
        for r in 0..n {
            for c in 0..n {
                for &(dr, dc) in p.offsets() {
                    let (r2, c2) = (r + dr, c + dc);
                    if (0..n).contains(&r2) && (0..n).contains(&c2) {
                        v.push(((r as usize, c as usize), (r2 as usize, c2 as usize)));
                    }
                }
            }
        }
        v
    }

    /// The cage containing cell (r, c), if any.
    pub fn cage_of(&self, r: usize, c: usize) -> Option<usize> {
        self.cages.iter().position(|k| k.cells.contains(&(r, c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn houses_hold_n_distinct_cells_and_pairs_are_unique() {
        for (p, q) in [(2, 2), (2, 3), (3, 3), (4, 4)] {
            let shape = Shape::new(p, q).unwrap();
            let n = shape.n();
            let rules = Rules::parse_list("diagonals windoku").unwrap();
            for h in rules.houses(shape) {
                let cells: HashSet<_> = rules.house_cells(shape, h).into_iter().collect();
                assert_eq!(cells.len(), n, "{h} in {shape}");
                for &(r, c) in &cells {
                    assert!(rules.houses_of(shape, r, c).contains(&h), "{h} r{r}c{c}");
                }
            }
            for pr in [PairRule::Knight, PairRule::King, PairRule::Consecutive] {
                let pairs = Rules::pairs(shape, pr);
                let set: HashSet<_> = pairs.iter().collect();
                assert_eq!(set.len(), pairs.len());
                assert!(pairs.iter().all(|(a, b)| a < b));
            }
        }
        let nine = Shape::for_side(9).unwrap();
        assert_eq!(Rules::pairs(nine, PairRule::Consecutive).len(), 2 * 9 * 8);
        assert_eq!(Rules::pairs(nine, PairRule::King).len(), 2 * 8 * 8);
        assert_eq!(Rules::pairs(nine, PairRule::Knight).len(), 4 * 7 * 8);
        let w: Vec<_> = Rules::parse_list("windoku").unwrap().houses(nine);
        assert_eq!(w.len(), 27 + 4);
    }
}
