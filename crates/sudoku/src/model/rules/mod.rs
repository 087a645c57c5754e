//! Variant rules, carried as a [`Rules`] value next to the [`Shape`]: extra houses
//! (diagonals, windows), jigsaw regions replacing the boxes, rules between neighbours
//! (anti-knight, anti-king, non-consecutive) and killer cages.
//!
//! Each rule implements [`VariantRule`] (one file per rule): the houses it adds, its
//! clauses, its own independent check and its phrasing for hints. The encoder, the
//! checker and the hints take a [`Rules`] and ask its rules; classic Sudoku is
//! [`Rules::classic`], with no rule at all.

mod cage;
mod diagonals;
mod jigsaw;
mod killer;
mod neighbours;
mod rule;
mod windoku;

pub use cage::{Cage, digit_sets, sum_range};
pub use jigsaw::Regions;
pub use killer::Cages;
pub use rule::{ClauseSink, VariantRule};

/// A cell as (row, column), both 0-based.
pub type Cell = (usize, usize);

use crate::model::family::ClauseFamily;
use crate::model::house::House;
use crate::model::shape::Shape;

gridsat_sat::named_enum! {
    /// A rule that needs no data beyond its name.
    pub enum Rule ("rule") {
        /// Sudoku X: both long diagonals hold every symbol once.
        Diagonals = "diagonals" | "diagonal" | "x" | "sudoku-x",
        /// Windoku (hyper): extra P×Q windows, one cell in from the edges, hold every symbol once.
        Windoku = "windoku" | "hyper",
        /// No two cells a chess knight's move apart hold the same symbol.
        AntiKnight = "anti-knight" | "antiknight",
        /// No two diagonally touching cells hold the same symbol.
        AntiKing = "anti-king" | "antiking",
        /// Orthogonally adjacent cells never hold consecutive values.
        NonConsecutive = "non-consecutive" | "nonconsecutive",
    }
}

impl Rule {
    /// The rule with this name, in any case, `_` or `-` alike (`Anti_Knight`, `x`).
    pub fn parse_name(s: &str) -> Result<Rule, RulesError> {
        let t = s.trim().to_ascii_lowercase().replace('_', "-");
        Rule::from_name(&t).ok_or_else(|| RulesError::UnknownRule {
            given: s.to_string(),
        })
    }

    /// What the rule says and does.
    pub fn rule(self) -> &'static dyn VariantRule {
        match self {
            Rule::Diagonals => &diagonals::Diagonals,
            Rule::Windoku => &windoku::Windoku,
            Rule::AntiKnight => &neighbours::ANTI_KNIGHT,
            Rule::AntiKing => &neighbours::ANTI_KING,
            Rule::NonConsecutive => &neighbours::NON_CONSECUTIVE,
        }
    }
}

/// Why rules do not fit a grid, or a rule name is unknown.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Not a rule name.
    #[error(
        "unknown rule '{given}' (expected diagonals, windoku, anti-knight, anti-king, non-consecutive; jigsaw and killer come with regions and cages)"
    )]
    UnknownRule {
        /// The name given.
        given: String,
    },
    /// A region map of the wrong size.
    #[error("the region map has {cells} cells, a {n}×{n} grid {}", n * n)]
    RegionMapSize {
        /// Cells in the map.
        cells: usize,
        /// The side.
        n: usize,
    },
    /// A region number of N or more.
    #[error(
        "r{}c{} is in region {}, but a {n}×{n} grid has regions 1..{n}",
        row + 1, col + 1, region + 1
    )]
    RegionNumber {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        col: usize,
        /// The region (0-based).
        region: usize,
        /// The side.
        n: usize,
    },
    /// A region of other than N cells.
    #[error("region {} has {cells} cells; every region needs exactly {n}", region + 1)]
    RegionSize {
        /// The region (0-based).
        region: usize,
        /// Its cells.
        cells: usize,
        /// The side.
        n: usize,
    },
    /// A region map made for another size.
    #[error("the region map is not {n}×{n}")]
    RegionMapShape {
        /// The side.
        n: usize,
    },
    /// A cage without cells.
    #[error("a cage without cells")]
    EmptyCage,
    /// A cage cell off the grid.
    #[error("cage cell r{}c{} is outside the {n}×{n} grid", row + 1, col + 1)]
    CageCellOutside {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        col: usize,
        /// The side.
        n: usize,
    },
    /// A cage listing a cell twice.
    #[error("{cage} lists r{}c{} twice", row + 1, col + 1)]
    CageCellTwice {
        /// The cage, e.g. `cage r1c1`.
        cage: String,
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        col: usize,
    },
    /// A cell in two cages.
    #[error("r{}c{} is in two cages ({first} and {second})", row + 1, col + 1)]
    CageOverlap {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        col: usize,
        /// The first cage.
        first: String,
        /// The second cage.
        second: String,
    },
    /// A cage of more than N cells.
    #[error("{cage} has {size} cells but only {n} distinct values exist")]
    CageTooLarge {
        /// The cage.
        cage: String,
        /// Its cells.
        size: usize,
        /// The side.
        n: usize,
    },
    /// A sum no distinct values reach.
    #[error("{cage} has sum {sum}, but {size} distinct values of 1..{n} sum to {lo}..{hi}")]
    CageSum {
        /// The cage.
        cage: String,
        /// Its sum.
        sum: u32,
        /// Its cells.
        size: usize,
        /// The side.
        n: usize,
        /// The least reachable sum.
        lo: u32,
        /// The greatest reachable sum.
        hi: u32,
    },
}

/// The variant rules of a puzzle. The default is classic Sudoku.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Simple rules, sorted, without repeats.
    simple: Vec<Rule>,
    /// Jigsaw regions replacing the boxes.
    regions: Option<Regions>,
    /// Killer cages, sorted by their cells.
    cages: Cages,
}

impl Rules {
    /// Classic Sudoku: no variant rule.
    pub fn classic() -> Rules {
        Rules::default()
    }

    /// True for classic Sudoku.
    pub fn is_classic(&self) -> bool {
        self.simple.is_empty() && self.regions.is_none() && self.cages.is_empty()
    }

    /// True when simple rule `r` applies.
    pub fn has(&self, r: Rule) -> bool {
        self.simple.contains(&r)
    }

    /// Adds simple rule `r` (keeping the list sorted and free of repeats).
    pub fn add(&mut self, r: Rule) {
        if !self.has(r) {
            self.simple.push(r);
            self.simple.sort();
        }
    }

    /// The simple rules in force, in a fixed order.
    pub fn simple(&self) -> &[Rule] {
        &self.simple
    }

    /// The jigsaw regions, if any.
    pub fn regions(&self) -> Option<&Regions> {
        self.regions.as_ref()
    }

    /// Sets (or removes) the jigsaw regions.
    pub fn set_regions(&mut self, regions: Option<Regions>) {
        self.regions = regions;
    }

    /// The killer cages (sorted by their cells).
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// Sets the killer cages (sorted by their cells; none for no killer rule).
    pub fn set_cages(&mut self, mut cages: Vec<Cage>) {
        cages.sort_by(|a, b| a.cells.cmp(&b.cells));
        self.cages = Cages::new(cages);
    }

    /// Adds every rule of `other` (regions and cages replace missing ones only).
    pub fn merge(&mut self, other: &Rules) {
        for &r in &other.simple {
            self.add(r);
        }
        if self.regions.is_none() {
            self.regions = other.regions.clone();
        }
        if self.cages.is_empty() {
            self.cages = other.cages.clone();
        }
    }

    /// The names of the rules in force, e.g. `["diagonals", "jigsaw", "killer"]`.
    pub fn names(&self) -> Vec<&'static str> {
        let mut v: Vec<&'static str> = self.simple.iter().map(|r| r.name()).collect();
        if self.regions.is_some() {
            v.push("jigsaw");
        }
        if !self.cages.is_empty() {
            v.push("killer");
        }
        v
    }

    /// Parses a list of simple rule names separated by commas or spaces.
    pub fn parse_list(s: &str) -> Result<Rules, RulesError> {
        let mut rules = Rules::default();
        for word in s.split([',', ' ', '\t']).filter(|w| !w.is_empty()) {
            rules.add(Rule::parse_name(word)?);
        }
        Ok(rules)
    }

    /// The rules in force, each behind [`VariantRule`]: the regions first (they take
    /// the boxes' place), then the simple rules in their order, then the cages.
    pub fn active(&self) -> Vec<&dyn VariantRule> {
        let mut v: Vec<&dyn VariantRule> = Vec::new();
        if let Some(r) = &self.regions {
            v.push(r);
        }
        v.extend(self.simple.iter().map(|r| r.rule()));
        if !self.cages.is_empty() {
            v.push(&self.cages);
        }
        v
    }

    /// The rule whose clauses go to family `kind`, if any.
    pub fn rule_for(&self, kind: ClauseFamily) -> Option<&dyn VariantRule> {
        self.active()
            .into_iter()
            .find(|r| r.families().contains(&kind))
    }

    /// Checks that the regions and cages fit `shape`: cells on the grid, no cell in
    /// two cages, cages no larger than N, and sums that some distinct values reach.
    pub fn validate(&self, shape: Shape) -> Result<(), RulesError> {
        self.active().iter().try_for_each(|r| r.validate(shape))
    }

    /// True when a rule's regions take the place of the boxes.
    fn boxes_replaced(&self) -> bool {
        self.regions.is_some()
    }

    /// Every house: rows, columns, boxes (or jigsaw regions), then the houses the rules
    /// add (diagonals, windows). Without rules no allocation is made.
    pub fn house_iter(&self, shape: Shape) -> impl Iterator<Item = House> + '_ {
        let n = shape.n();
        let boxes = (!self.boxes_replaced()).then_some((0..n).map(House::Box));
        let extra: Vec<House> = if self.is_classic() {
            Vec::new()
        } else {
            self.active().iter().flat_map(|r| r.houses(shape)).collect()
        };
        (0..n)
            .map(House::Row)
            .chain((0..n).map(House::Col))
            .chain(boxes.into_iter().flatten())
            .chain(extra)
    }

    /// Every house, as [`Rules::house_iter`] lists them.
    pub fn houses(&self, shape: Shape) -> Vec<House> {
        self.house_iter(shape).collect()
    }

    /// The cells of house `h`, in reading order, without allocating for the houses the
    /// shape knows.
    pub fn cells_of(&self, shape: Shape, h: House) -> impl Iterator<Item = Cell> + '_ {
        let n = shape.n();
        let region = match (h, &self.regions) {
            (House::Region(k), Some(reg)) => Some((k, reg)),
            _ => None,
        };
        let (plain, jigsaw) = match region {
            Some((k, reg)) => (None, Some(reg.cells(k, n))),
            None if matches!(h, House::Region(_)) => (None, None),
            None => (Some(shape.house_cells(h)), None),
        };
        plain
            .into_iter()
            .flatten()
            .chain(jigsaw.into_iter().flatten())
    }

    /// The cells of house `h`, in reading order.
    pub fn house_cells(&self, shape: Shape, h: House) -> Vec<Cell> {
        self.cells_of(shape, h).collect()
    }

    /// The houses that contain cell (r, c).
    pub fn houses_of(&self, shape: Shape, r: usize, c: usize) -> Vec<House> {
        let mut v = vec![House::Row(r), House::Col(c)];
        if !self.boxes_replaced() {
            v.push(House::Box(shape.box_of(r, c)));
        }
        for rule in self.active() {
            v.extend(rule.houses_of(shape, r, c));
        }
        v
    }

    /// The cage containing cell (r, c), if any.
    pub fn cage_of(&self, r: usize, c: usize) -> Option<usize> {
        self.cages.iter().position(|k| k.cells.contains(&(r, c)))
    }
}

/// The cell of "cell name" `r3c7` (1-based in the text).
pub fn parse_cell(s: &str) -> Option<Cell> {
    let t = s.trim().to_ascii_lowercase();
    let rest = t.strip_prefix('r')?;
    let (r, c) = rest.split_once('c')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    (r >= 1 && c >= 1).then(|| (r - 1, c - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn rule_names_parse_and_validation_catches_bad_cages() {
        let r = Rules::parse_list("x, anti-knight hyper").unwrap();
        assert_eq!(r.names(), vec!["diagonals", "windoku", "anti-knight"]);
        assert!(Rules::parse_list("knight-tour").is_err());
        assert_eq!(Rule::parse_name(" Anti_King"), Ok(Rule::AntiKing));
        let shape = Shape::for_side(9).unwrap();
        let cage = |sum, cells: &[(usize, usize)]| Cage {
            sum,
            cells: cells.to_vec(),
        };
        let mut k = Rules::default();
        k.set_cages(vec![cage(18, &[(0, 0), (0, 1)])]);
        assert!(k.validate(shape).unwrap_err().to_string().contains("3..17"));
        k.set_cages(vec![cage(17, &[(0, 0), (0, 1)])]);
        assert_eq!(k.validate(shape), Ok(()));
        k.set_cages(vec![
            cage(17, &[(0, 0), (0, 1)]),
            cage(5, &[(0, 1), (1, 1)]),
        ]);
        assert!(
            k.validate(shape)
                .unwrap_err()
                .to_string()
                .contains("two cages")
        );
        assert_eq!(sum_range(9, 9), (45, 45));
        assert_eq!(parse_cell("R10c2"), Some((9, 1)));
        assert_eq!(parse_cell("r0c2"), None);
        let bad = Regions::new(Shape::for_side(4).unwrap(), vec![0; 16]);
        assert!(
            bad.unwrap_err()
                .to_string()
                .contains("region 1 has 16 cells")
        );
    }

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
            for rule in [Rule::AntiKnight, Rule::AntiKing, Rule::NonConsecutive] {
                let pairs = rule.rule().pairs(shape);
                let set: HashSet<_> = pairs.iter().collect();
                assert_eq!(set.len(), pairs.len());
                assert!(pairs.iter().all(|(a, b)| a < b));
            }
        }
        let nine = Shape::for_side(9).unwrap();
        let count = |r: Rule| r.rule().pairs(nine).len();
        assert_eq!(count(Rule::NonConsecutive), 2 * 9 * 8);
        assert_eq!(count(Rule::AntiKing), 2 * 8 * 8);
        assert_eq!(count(Rule::AntiKnight), 4 * 7 * 8);
        let w: Vec<_> = Rules::parse_list("windoku").unwrap().houses(nine);
        assert_eq!(w.len(), 27 + 4);
    }
}
