//! Puzzles made to a rating: a range on Sudoku Explainer's scale (ER, the hardest step
//! of the named-technique path), a technique the path must use, a HoDoKu-style level.
//! A made puzzle is rated by the technique engine (it has one solution, proven, so the
//! uniqueness techniques take part) and kept only when it fits.

use crate::model::grid::Grid;
use crate::model::rules::Rules;
use crate::reason::{
    HodokuLevel, Technique, TechniquePath, hodoku_technique_path, unique_technique_path,
};
use gridsat_sat::Budget;

/// A range of SE ratings (ER), both ends included: `7.0-8.0`, or `8.5` for one value.
#[derive(Clone, Copy, Debug, PartialEq, serde::Deserialize)]
#[serde(try_from = "String")]
pub struct SeRange {
    /// The lowest ER taken.
    pub min: f64,
    /// The highest ER taken.
    pub max: f64,
}

impl SeRange {
    /// True when `er` lies in the range (to a hundredth, as ratings have one decimal).
    pub fn contains(&self, er: f64) -> bool {
        er >= self.min - 0.005 && er <= self.max + 0.005
    }
}

impl std::fmt::Display for SeRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.1}-{:.1}", self.min, self.max)
    }
}

impl std::str::FromStr for SeRange {
    type Err = String;

    fn from_str(s: &str) -> Result<SeRange, String> {
        let t = s.trim();
        let (a, b) = t
            .split_once("..")
            .or_else(|| t.split_once('-'))
            .unwrap_or((t, t));
        let num = |x: &str| {
            x.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && (0.0..=12.0).contains(v))
        };
        match (num(a), num(b)) {
            (Some(min), Some(max)) if min <= max => Ok(SeRange { min, max }),
            _ => Err(format!(
                "'{s}' is not an SE range: give MIN-MAX with 0 <= MIN <= MAX <= 12, e.g. 7.0-8.0"
            )),
        }
    }
}

impl TryFrom<String> for SeRange {
    type Error = String;

    fn try_from(s: String) -> Result<SeRange, String> {
        s.parse()
    }
}

/// What a made puzzle must be rated: an ER range, a technique its path uses, a level.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Wanted {
    pub se: Option<SeRange>,
    pub technique: Option<Technique>,
    pub level: Option<HodokuLevel>,
}

/// The paths a fitting puzzle was rated by (each only when something asked for it).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Rated {
    /// The path in SE's order (for an SE range or a technique).
    pub techniques: Option<TechniquePath>,
    /// The path in HoDoKu's order (for a level).
    pub hodoku: Option<TechniquePath>,
}

impl Wanted {
    /// True when nothing is asked.
    pub fn any(&self) -> bool {
        self.se.is_none() && self.technique.is_none() && self.level.is_none()
    }

    /// The wish in words: `rated SE 7.0-8.0 using X-Wing`.
    pub fn text(&self) -> String {
        let mut t = String::new();
        if let Some(r) = self.se {
            t.push_str(&format!("rated SE {r}"));
        }
        if let Some(x) = self.technique {
            if !t.is_empty() {
                t.push(' ');
            }
            t.push_str(&format!("using {}", x.title()));
        }
        if let Some(l) = self.level {
            if !t.is_empty() {
                t.push(' ');
            }
            t.push_str(&format!("of HoDoKu level {}", l.title()));
        }
        t
    }

    /// The paths of `puzzle` (one solution, proven) when it fits, `None` when it does
    /// not. A path that ran out of techniques fits no SE range (its ER is only a lower
    /// bound) and only the Extreme level.
    pub fn check(&self, puzzle: &Grid, rules: &Rules, budget: &Budget) -> Option<Rated> {
        let mut rated = Rated::default();
        if self.se.is_some() || self.technique.is_some() {
            let path = unique_technique_path(puzzle, rules, budget);
            let r = path.rating();
            let in_range = self.se.is_none_or(|s| r.complete && s.contains(r.er));
            let uses = self
                .technique
                .is_none_or(|t| path.steps.iter().any(|s| s.technique == t));
            if !(in_range && uses) {
                return None;
            }
            rated.techniques = Some(path);
        }
        if let Some(level) = self.level {
            let path = hodoku_technique_path(puzzle, rules, budget);
            if path.hodoku_rating().level != level {
                return None;
            }
            rated.hodoku = Some(path);
        }
        Some(rated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_both_spellings_and_refuse_nonsense() {
        assert_eq!("7.0-8.0".parse(), Ok(SeRange { min: 7.0, max: 8.0 }));
        assert_eq!("7..8".parse(), Ok(SeRange { min: 7.0, max: 8.0 }));
        assert_eq!("8.5".parse(), Ok(SeRange { min: 8.5, max: 8.5 }));
        for bad in ["8-7", "x", "", "1-99", "nan"] {
            assert!(bad.parse::<SeRange>().is_err(), "{bad}");
        }
        let r = SeRange { min: 2.0, max: 3.0 };
        assert!(r.contains(2.0) && r.contains(3.0) && !r.contains(3.1));
    }
}
