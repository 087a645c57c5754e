//! Technique steps and Sudoku Explainer ratings as JSON objects and in words: what
//! `hint`, `explain` and `rate` print about the named techniques.

use crate::model::symbols::Alphabet;
use crate::reason::{
    HodokuLevel, HodokuRating, PathEnd, SeRating, Technique, TechniquePath, TechniqueStep, sym,
};
use serde::Serialize;

/// A rating on Sudoku Explainer's scale, as printed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeJson {
    /// ER: the hardest step.
    pub er: f64,
    /// EP: the hardest step up to the first placement.
    pub ep: f64,
    /// ED: the first step.
    pub ed: f64,
    /// False when the techniques ran out before the end (search is needed): ER is then
    /// a lower bound.
    pub complete: bool,
}

impl From<&SeRating> for SeJson {
    fn from(r: &SeRating) -> SeJson {
        SeJson {
            er: r.er,
            ep: r.ep,
            ed: r.ed,
            complete: r.complete,
        }
    }
}

/// A HoDoKu-style rating, as printed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HodokuJson {
    /// The level: `easy`, `medium`, `hard`, `unfair`, `extreme`.
    pub level: HodokuLevel,
    /// The steps' points summed (HoDoKu's default points).
    pub score: u32,
    /// The hardest technique's name (`null`: no technique step).
    pub hardest: Option<&'static str>,
    /// False when the techniques ran out before the end (search is needed): the level is
    /// then `extreme` and the score a lower bound.
    pub complete: bool,
}

impl From<&HodokuRating> for HodokuJson {
    fn from(r: &HodokuRating) -> HodokuJson {
        HodokuJson {
            level: r.level,
            score: r.score,
            hardest: r.hardest.map(|t| t.name()),
            complete: r.complete,
        }
    }
}

/// The HoDoKu-style rating in words: `HoDoKu Hard, score 1234 (hardest: X-Wing)`.
pub fn hodoku_text(r: &HodokuRating, end: &PathEnd) -> String {
    let hardest = r.hardest.map_or("none", |t| t.title());
    match end {
        PathEnd::Solved => format!(
            "HoDoKu {}, score {} (hardest: {hardest})",
            r.level.title(),
            r.score
        ),
        PathEnd::NotTaken => "HoDoKu not rated".into(),
        _ => format!(
            "HoDoKu {} (score at least {}; the techniques run out)",
            r.level.title(),
            r.score
        ),
    }
}

/// One technique step, as printed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StepJson {
    /// The technique's name, e.g. `hidden-pair`.
    pub technique: Technique,
    /// Its title, e.g. `Hidden Pair`.
    pub title: &'static str,
    /// Its family: `single`, `intersection`, `subset`, `fish`, `single-digit`, `wing`,
    /// `uniqueness`, `chain`, `forcing`.
    pub family: &'static str,
    /// Its difficulty on Sudoku Explainer's scale.
    pub difficulty: f64,
    /// The step in words.
    pub text: String,
    /// Values placed, as `r3c5=7`.
    pub placements: Vec<String>,
    /// Candidates removed, as `r3c5≠7` (the variable of r3c5=7 set false).
    pub eliminations: Vec<String>,
    /// The pattern's cells, as `r3c5`.
    pub cells: Vec<String>,
    /// The pattern's houses, e.g. `row 3`.
    pub houses: Vec<String>,
    /// A chain's nodes in order, as `r3c5=7` and `r3c5≠7`.
    pub chain: Vec<String>,
}

fn cell(n: usize, c: usize) -> String {
    format!("r{}c{}", c / n + 1, c % n + 1)
}

fn fact(n: usize, c: usize, v: u16, on: bool, a: Option<&Alphabet>) -> String {
    format!("{}{}{}", cell(n, c), if on { "=" } else { "≠" }, sym(v, a))
}

/// A group of cells as HoDoKu writes it: `r5c46` (one row), `r46c5` (one column), or
/// the cells joined by commas (sides over 9 use commas between the numbers).
fn group(n: usize, cells: &[usize]) -> String {
    let sep = if n > 9 { "," } else { "" };
    let join = |xs: Vec<usize>| {
        xs.iter()
            .map(|x| (x + 1).to_string())
            .collect::<Vec<_>>()
            .join(sep)
    };
    let (r0, c0) = (cells[0] / n, cells[0] % n);
    if cells.iter().all(|&c| c / n == r0) {
        format!(
            "r{}c{}",
            r0 + 1,
            join(cells.iter().map(|&c| c % n).collect())
        )
    } else if cells.iter().all(|&c| c % n == c0) {
        format!(
            "r{}c{}",
            join(cells.iter().map(|&c| c / n).collect()),
            c0 + 1
        )
    } else {
        let names: Vec<String> = cells.iter().map(|&c| cell(n, c)).collect();
        names.join(",")
    }
}

/// A chain's nodes as facts, `r3c5=7`, a group's as `r3c45=7` ("one of them is 7").
fn chain_facts(s: &TechniqueStep, n: usize, a: Option<&Alphabet>) -> Vec<String> {
    s.chain
        .iter()
        .enumerate()
        .map(|(i, &(c, v, on))| match s.chain_groups.get(i) {
            Some(g) if g.len() > 1 => {
                format!("{}{}{}", group(n, g), if on { "=" } else { "≠" }, sym(v, a))
            }
            _ => fact(n, c, v, on, a),
        })
        .collect()
}

/// The step in words: `Hidden Pair in row 3 (r3c1, r3c2 on 4, 7): r3c1≠1, r3c2≠9`.
pub fn step_text(s: &TechniqueStep, n: usize, a: Option<&Alphabet>) -> String {
    let mut t = s.technique.title().to_string();
    if let Some(h) = s.houses.first() {
        t.push_str(&format!(" in {h}"));
        for h in &s.houses[1..] {
            t.push_str(&format!(", {h}"));
        }
    }
    if s.chain.is_empty() {
        let cells: Vec<String> = s.cells.iter().map(|&c| cell(n, c)).collect();
        let vals: Vec<String> = s.values.iter().map(|&v| sym(v, a)).collect();
        t.push_str(&format!(" ({} on {})", cells.join(", "), vals.join(", ")));
    } else {
        let nodes = chain_facts(s, n, a);
        t.push_str(&format!(" ({})", nodes.join(" → ")));
    }
    let facts: Vec<String> = s
        .placements
        .iter()
        .map(|&(c, v)| fact(n, c, v, true, a))
        .chain(s.eliminations.iter().map(|&(c, v)| fact(n, c, v, false, a)))
        .collect();
    let promise = if s.technique.family() == "uniqueness" {
        " (assuming the puzzle has one solution, as it does)"
    } else {
        ""
    };
    format!("{t}: {}{promise}", facts.join(", "))
}

/// The JSON object of a step.
pub fn step_json(s: &TechniqueStep, n: usize, a: Option<&Alphabet>) -> StepJson {
    StepJson {
        technique: s.technique,
        title: s.technique.title(),
        family: s.technique.family(),
        difficulty: s.difficulty,
        text: step_text(s, n, a),
        placements: s
            .placements
            .iter()
            .map(|&(c, v)| fact(n, c, v, true, a))
            .collect(),
        eliminations: s
            .eliminations
            .iter()
            .map(|&(c, v)| fact(n, c, v, false, a))
            .collect(),
        cells: s.cells.iter().map(|&c| cell(n, c)).collect(),
        houses: s.houses.iter().map(|h| h.to_string()).collect(),
        chain: chain_facts(s, n, a),
    }
}

/// The rating in words: `SE 7.2/1.2/1.2 (hardest: Forcing Chain)`, or, when the
/// techniques ran out, `SE at least 8.9 (… then search is needed)`.
pub fn se_text(r: &SeRating, end: &PathEnd) -> String {
    let hardest = r.hardest.map_or("none", |t| t.title());
    match end {
        PathEnd::Solved => format!(
            "SE {:.1}/{:.1}/{:.1} (hardest: {hardest})",
            r.er, r.ep, r.ed
        ),
        PathEnd::NotTaken => {
            "SE not rated (the technique engine takes sides up to 64 and consistent givens)".into()
        }
        PathEnd::Stopped(why) => format!(
            "SE at least {:.1} ({why} before the techniques ended)",
            r.er
        ),
        _ if r.hardest.is_none() => {
            "SE beyond the engine (no technique applies: search is needed)".into()
        }
        _ => format!(
            "SE at least {:.1} (hardest: {hardest}; then the techniques run out and search is needed)",
            r.er
        ),
    }
}

/// The whole path as lines of text, numbered.
pub fn path_lines(p: &TechniquePath, a: Option<&Alphabet>) -> Vec<String> {
    p.steps
        .iter()
        .map(|s| format!("[{:.1}] {}", s.difficulty, step_text(s, p.n, a)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grouped_chain_names_its_groups_as_hodoku_does() {
        let mut s = TechniqueStep::new(Technique::EmptyRectangle, 4.3);
        s.chain = vec![(8, 1, false), (44, 1, true), (39, 1, false), (31, 1, true)];
        s.chain_groups = vec![vec![8], vec![44], vec![39, 41], vec![31, 49]];
        s.eliminations.push((4, 1));
        let text = step_text(&s, 9, None);
        assert!(
            text.ends_with("(r1c9≠1 → r5c9=1 → r5c46≠1 → r46c5=1): r1c5≠1"),
            "{text}"
        );
        assert_eq!(step_json(&s, 9, None).chain[3], "r46c5=1");
    }
}
