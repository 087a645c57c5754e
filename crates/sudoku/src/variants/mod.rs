//! Sudoku variants: extra houses, jigsaw regions, pair constraints and killer cages,
//! carried as a [`Rules`] value next to the [`Shape`].
//!
//! The encoder turns each rule into named clause families over the same cell
//! variables ([`crate::encode_rules_with`]); jigsaw regions replace the boxes. The
//! checker [`check_solution_with`] checks every rule with its own code.

mod check;
mod encode;
mod format;
mod houses;
mod json;
mod killer;
mod random;
mod solve;

pub use check::check_solution_with;
pub use encode::add_rule_families;
pub use format::{looks_like_variant_text, parse_variant_text, write_variant_text};
pub use houses::PairRule;
pub use json::{looks_like_json, parse_variant_json, variant_json};
pub use killer::{CageEncoding, digit_sets};
pub use random::{random_cages, random_regions};
pub use solve::RulesSolver;

use crate::shape::Shape;
use std::fmt;
use std::str::FromStr;

/// A rule that needs no data beyond its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// Sudoku X: both long diagonals hold every symbol once.
    Diagonals,
    /// Windoku (hyper): extra P×Q windows, one cell in from the edges, hold every symbol once.
    Windoku,
    /// No two cells a chess knight's move apart hold the same symbol.
    AntiKnight,
    /// No two diagonally touching cells hold the same symbol.
    AntiKing,
    /// Orthogonally adjacent cells never hold consecutive values.
    NonConsecutive,
}

impl Rule {
    /// Every simple rule, in a fixed order.
    pub const ALL: [Rule; 5] = [
        Rule::Diagonals,
        Rule::Windoku,
        Rule::AntiKnight,
        Rule::AntiKing,
        Rule::NonConsecutive,
    ];

    /// The name used in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Diagonals => "diagonals",
            Rule::Windoku => "windoku",
            Rule::AntiKnight => "anti-knight",
            Rule::AntiKing => "anti-king",
            Rule::NonConsecutive => "non-consecutive",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = String;
    fn from_str(s: &str) -> Result<Rule, String> {
        let t = s.trim().to_ascii_lowercase().replace('_', "-");
        Ok(match t.as_str() {
            "diagonals" | "diagonal" | "x" | "sudoku-x" => Rule::Diagonals,
            "windoku" | "hyper" => Rule::Windoku,
            "anti-knight" | "antiknight" => Rule::AntiKnight,
            "anti-king" | "antiking" => Rule::AntiKing,
            "non-consecutive" | "nonconsecutive" => Rule::NonConsecutive,
            _ => {
                return Err(format!(
                    "unknown rule '{s}' (expected {}; jigsaw and killer come with regions and cages)",
                    Rule::ALL.map(|r| r.name()).join(", ")
                ));
            }
        })
    }
}

/// Jigsaw regions: cell (row-major index) → region 0..N−1, each region N cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Regions {
    map: Vec<u16>,
}

impl Regions {
    /// Regions from a map of N² region numbers 0..N−1; errors unless every region
    /// has exactly N cells.
    pub fn new(shape: Shape, map: Vec<u16>) -> Result<Regions, String> {
        let n = shape.n();
        if map.len() != n * n {
            return Err(format!(
                "the region map has {} cells, a {n}×{n} grid {}",
                map.len(),
                n * n
            ));
        }
        let mut size = vec![0usize; n];
        for (i, &k) in map.iter().enumerate() {
            if k as usize >= n {
                return Err(format!(
                    "r{}c{} is in region {}, but a {n}×{n} grid has regions 1..{n}",
                    i / n + 1,
                    i % n + 1,
                    k + 1
                ));
            }
            size[k as usize] += 1;
        }
        if let Some(k) = (0..n).find(|&k| size[k] != n) {
            return Err(format!(
                "region {} has {} cells; every region needs exactly {n}",
                k + 1,
                size[k]
            ));
        }
        Ok(Regions { map })
    }

    /// The region (0-based) of cell (r, c).
    #[inline]
    pub fn region_of(&self, r: usize, c: usize, n: usize) -> usize {
        self.map[r * n + c] as usize
    }

    /// The region of every cell, row-major.
    pub fn map(&self) -> &[u16] {
        &self.map
    }
}

/// A killer cage: its cells (row, column; sorted) hold distinct values summing to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The required sum of the values (1..=N) in the cage.
    pub sum: u32,
    /// The cells, in reading order.
    pub cells: Vec<(usize, usize)>,
}

impl Cage {
    /// The cage's name in messages: its first cell, e.g. `cage r1c1`.
    pub fn label(&self) -> String {
        let (r, c) = self.cells[0];
        format!("cage r{}c{}", r + 1, c + 1)
    }
}

/// The variant rules of a puzzle. The default is classic Sudoku.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Simple rules, sorted, without repeats.
    pub rules: Vec<Rule>,
    /// Jigsaw regions replacing the boxes.
    pub regions: Option<Regions>,
    /// Killer cages.
    pub cages: Vec<Cage>,
}

impl Rules {
    /// Classic Sudoku: no variant rule.
    pub fn classic() -> Rules {
        Rules::default()
    }

    /// True for classic Sudoku.
    pub fn is_classic(&self) -> bool {
        self.rules.is_empty() && self.regions.is_none() && self.cages.is_empty()
    }

    /// True when simple rule `r` applies.
    pub fn has(&self, r: Rule) -> bool {
        self.rules.contains(&r)
    }

    /// Adds simple rule `r` (keeping the list sorted and free of repeats).
    pub fn add(&mut self, r: Rule) {
        if !self.has(r) {
            self.rules.push(r);
            self.rules.sort();
        }
    }

    /// Adds every rule of `other` (regions and cages replace missing ones only).
    pub fn merge(&mut self, other: &Rules) {
        for &r in &other.rules {
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
        let mut v: Vec<&'static str> = self.rules.iter().map(|r| r.name()).collect();
        if self.regions.is_some() {
            v.push("jigsaw");
        }
        if !self.cages.is_empty() {
            v.push("killer");
        }
        v
    }

    /// Parses a list of simple rule names separated by commas or spaces.
    pub fn parse_list(s: &str) -> Result<Rules, String> {
        let mut rules = Rules::default();
        for word in s.split([',', ' ', '\t']).filter(|w| !w.is_empty()) {
            rules.add(word.parse()?);
        }
        Ok(rules)
    }

    /// Checks that the regions and cages fit `shape`: cells on the grid, no cell in
    /// two cages, cages no larger than N, and sums that some distinct values reach.
    pub fn validate(&self, shape: Shape) -> Result<(), String> {
        let n = shape.n();
        if let Some(r) = &self.regions {
            if r.map.len() != n * n {
                return Err(format!("the region map is not {n}×{n}"));
            }
        }
        let mut owner: Vec<Option<usize>> = vec![None; n * n];
        for (k, cage) in self.cages.iter().enumerate() {
            if cage.cells.is_empty() {
                return Err("a cage without cells".into());
            }
            if let Some(&(r, c)) = cage.cells.iter().find(|&&(r, c)| r >= n || c >= n) {
                return Err(format!(
                    "cage cell r{}c{} is outside the {n}×{n} grid",
                    r + 1,
                    c + 1
                ));
            }
            for &(r, c) in &cage.cells {
                if let Some(j) = owner[r * n + c].replace(k) {
                    return Err(if j == k {
                        format!("{} lists r{}c{} twice", cage.label(), r + 1, c + 1)
                    } else {
                        format!(
                            "r{}c{} is in two cages ({} and {})",
                            r + 1,
                            c + 1,
                            self.cages[j].label(),
                            cage.label()
                        )
                    });
                }
            }
            let size = cage.cells.len();
            if size > n {
                return Err(format!(
                    "{} has {size} cells but only {n} distinct values exist",
                    cage.label()
                ));
            }
            let (lo, hi) = sum_range(size, n);
            if cage.sum < lo || cage.sum > hi {
                return Err(format!(
                    "{} has sum {}, but {size} distinct values of 1..{n} sum to {lo}..{hi}",
                    cage.label(),
                    cage.sum
                ));
            }
        }
        Ok(())
    }
}

/// The least and greatest sums of `k` distinct values of 1..=n.
pub fn sum_range(k: usize, n: usize) -> (u32, u32) {
    let lo = k * (k + 1) / 2;
    let hi = k * (2 * n + 1 - k) / 2;
    (lo as u32, hi as u32)
}

/// The cells (row, column) of "cell name" `r3c7` (1-based in the text).
pub fn parse_cell(s: &str) -> Option<(usize, usize)> {
    let t = s.trim().to_ascii_lowercase();
    let rest = t.strip_prefix('r')?;
    let (r, c) = rest.split_once('c')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    (r >= 1 && c >= 1).then(|| (r - 1, c - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_names_parse_and_validation_catches_bad_cages() {
        let r = Rules::parse_list("x, anti-knight hyper").unwrap();
        assert_eq!(r.names(), vec!["diagonals", "windoku", "anti-knight"]);
        assert!(Rules::parse_list("knight-tour").is_err());
        let shape = Shape::for_side(9).unwrap();
        let cage = |sum, cells: &[(usize, usize)]| Cage {
            sum,
            cells: cells.to_vec(),
        };
        let mut k = Rules::default();
        k.cages.push(cage(18, &[(0, 0), (0, 1)]));
        assert!(k.validate(shape).unwrap_err().contains("3..17"));
        k.cages[0].sum = 17;
        assert_eq!(k.validate(shape), Ok(()));
        k.cages.push(cage(5, &[(0, 1), (1, 1)]));
        assert!(k.validate(shape).unwrap_err().contains("two cages"));
        assert_eq!(sum_range(9, 9), (45, 45));
        assert_eq!(parse_cell("R10c2"), Some((9, 1)));
        assert_eq!(parse_cell("r0c2"), None);
        let bad = Regions::new(Shape::for_side(4).unwrap(), vec![0; 16]);
        assert!(bad.unwrap_err().contains("region 1 has 16 cells"));
    }
}
