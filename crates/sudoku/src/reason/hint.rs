//! Hints: the next cell that propagation forces, and why, in a player's words, read off
//! the clause that fired; when propagation is stuck, a failed-literal step.

use crate::deduce::Logic;
use crate::model::family::ClauseFamily;
use crate::model::grid::{Grid, Placement};
use crate::model::house::{House, HouseKind};
use crate::model::symbols::Alphabet;
use gridsat_sat::propagate::Conflict;
use gridsat_sat::{Budget, Conclusion, Lit, StopReason};

/// What ruled a value out of a cell, in a naked-single explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Excluder {
    /// A peer in a house of this kind holds it.
    House(HouseKind),
    /// A variant rule's clause ruled it out; the phrase is the rule's own, e.g. `a
    /// knight's move away`.
    Rule(ClauseFamily, &'static str),
    /// An earlier step (an elimination made before this hint).
    Earlier,
}

/// Why a value is forced into a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Why {
    /// Every other value is ruled out; `by` names what ruled them out, each once.
    NakedSingle {
        /// What ruled out the other values.
        by: Vec<Excluder>,
    },
    /// The cell is the only place left for the value in this house.
    HiddenSingle {
        /// The house.
        house: House,
    },
    /// Another rule forced it, e.g. a killer cage (`cage sum`).
    Rule {
        /// The clause family that fired.
        family: ClauseFamily,
        /// The cage (its first cell) when the rule is a cage's.
        cage: Option<(usize, usize)>,
    },
}

/// A value forced into a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Forced {
    /// Row (0-based).
    pub row: usize,
    /// Column (0-based).
    pub col: usize,
    /// Value (1-based).
    pub value: u16,
    /// Why.
    pub why: Why,
}

/// A failed-literal step: assuming the value leads to a contradiction, so the cell
/// cannot hold it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FailedProbe {
    /// Row of the assumed value.
    pub row: usize,
    /// Column of the assumed value.
    pub col: usize,
    /// The value that cannot be.
    pub value: u16,
    /// The values propagation then forced, in order (what a player would pencil in).
    pub chain: Vec<Forced>,
    /// What broke, e.g. `no place for 6 in row 4`.
    pub contradiction: String,
}

/// The next step for a player.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Hint {
    /// Every cell is filled.
    Solved,
    /// Propagation forces this value.
    Place(Forced),
    /// Propagation is stuck; probing rules this value out.
    Eliminate(FailedProbe),
    /// Neither propagation nor one failed-literal probe finds anything: search is needed
    /// (or the puzzle has several solutions).
    Stuck,
    /// The filled cells already break the rules (said how).
    Contradiction(String),
    /// The budget ran out before a what-if was found (none may exist).
    Stopped(StopReason),
}

impl gridsat_sat::Concludes for Hint {
    fn conclusion(&self) -> Conclusion {
        match self {
            Hint::Contradiction(_) => Conclusion::NoSolution,
            Hint::Stopped(r) => Conclusion::Unknown(*r),
            _ => Conclusion::Answered,
        }
    }
}

/// The symbol of value `v` as text.
pub fn sym(v: u16, alphabet: Option<&Alphabet>) -> String {
    alphabet.map_or_else(|| v.to_string(), |a| a.symbol(v).to_string())
}

/// `r4c6`.
pub fn cell_name(r: usize, c: usize) -> String {
    format!("r{}c{}", r + 1, c + 1)
}

/// The phrase for a house after "the only place for 7 …": `in box 5`, `on the main diagonal`.
fn in_house(h: House) -> String {
    match h {
        House::Diagonal(_) => format!("on {h}"),
        _ => format!("in {h}"),
    }
}

/// What an elimination by a clause of family `family` says in a naked-single
/// explanation (the rule's phrase for a variant family).
fn excluder(logic: &Logic, family: Option<ClauseFamily>) -> Excluder {
    let Some(f) = family else {
        return Excluder::Earlier;
    };
    if let Some((kind, _)) = f.house() {
        return Excluder::House(kind);
    }
    let phrase = logic
        .rules()
        .rule_for(f)
        .map_or("excluded by another rule", |r| r.excludes());
    Excluder::Rule(f, phrase)
}

impl Forced {
    /// The reason in words, e.g. `it is the only place for 7 in box 5`.
    pub fn reason(&self, alphabet: Option<&Alphabet>) -> String {
        let v = sym(self.value, alphabet);
        match &self.why {
            Why::HiddenSingle { house } => {
                format!("it is the only place for {v} {}", in_house(*house))
            }
            Why::NakedSingle { by } => naked_phrase(by),
            Why::Rule { family, cage } => match cage {
                Some((r, c)) => format!("the cage at {} needs it ({family})", cell_name(*r, *c)),
                None => format!("the {family} rule leaves nothing else"),
            },
        }
    }

    /// The hint sentence, e.g. `r4c6 must be 7: it is the only place for 7 in box 5`.
    pub fn describe(&self, alphabet: Option<&Alphabet>) -> String {
        format!(
            "{} must be {}: {}",
            cell_name(self.row, self.col),
            sym(self.value, alphabet),
            self.reason(alphabet)
        )
    }

    /// The short form used in chains: `r4c7=5 (only place for 5 in row 4)`.
    pub fn short(&self, alphabet: Option<&Alphabet>) -> String {
        let v = sym(self.value, alphabet);
        let why = match &self.why {
            Why::HiddenSingle { house } => format!("only place for {v} {}", in_house(*house)),
            Why::NakedSingle { .. } => "nothing else fits".into(),
            Why::Rule { family, .. } => family.name().to_string(),
        };
        format!("{}={v} ({why})", cell_name(self.row, self.col))
    }
}

/// "every other symbol is already in its row, column or box[, or a knight's move away]…"
fn naked_phrase(by: &[Excluder]) -> String {
    let order = [
        HouseKind::Row,
        HouseKind::Column,
        HouseKind::Box,
        HouseKind::Region,
        HouseKind::Diagonal,
        HouseKind::Window,
    ];
    let mut in_houses: Vec<HouseKind> = order
        .into_iter()
        .filter(|h| by.contains(&Excluder::House(*h)))
        .collect();
    let mut parts = Vec::new();
    if !in_houses.is_empty() {
        // Players know the classic phrase; keep it whenever only classic houses spoke.
        let classic = [HouseKind::Row, HouseKind::Column, HouseKind::Box];
        if in_houses.iter().all(|h| classic.contains(h)) {
            in_houses = classic.to_vec();
        }
        let names: Vec<&str> = in_houses.iter().map(|h| h.name()).collect();
        let list = match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names[0].to_string(),
        };
        parts.push(format!("already in its {list}"));
    }
    for b in by {
        let p = match b {
            Excluder::House(_) => continue,
            Excluder::Rule(_, phrase) => phrase,
            Excluder::Earlier => "ruled out by an earlier step",
        };
        if !parts.iter().any(|x| x == p) {
            parts.push(p.to_string());
        }
    }
    format!("every other symbol is {}", parts.join(", or "))
}

impl FailedProbe {
    /// `if r4c6 were 3, then r4c7=5 (…), …: no place for 6 in row 4; so r4c6 is not 3`.
    pub fn describe(&self, alphabet: Option<&Alphabet>) -> String {
        let cell = cell_name(self.row, self.col);
        let v = sym(self.value, alphabet);
        let shown = 6;
        let mut chain: Vec<String> = self
            .chain
            .iter()
            .take(shown)
            .map(|f| f.short(alphabet))
            .collect();
        if self.chain.len() > shown {
            chain.push(format!("… ({} more)", self.chain.len() - shown));
        }
        let then = if chain.is_empty() {
            String::new()
        } else {
            format!("then {}, and ", chain.join(", "))
        };
        format!(
            "if {cell} were {v}, {then}{}: a contradiction, so {cell} is not {v}",
            self.contradiction
        )
    }
}

impl Hint {
    /// The hint in words.
    pub fn describe(&self, alphabet: Option<&Alphabet>) -> String {
        match self {
            Hint::Solved => "the grid is complete".into(),
            Hint::Place(f) => f.describe(alphabet),
            Hint::Eliminate(p) => format!(
                "no cell is forced by singles; try a what-if: {}",
                p.describe(alphabet)
            ),
            Hint::Stuck => "no cell is forced by singles and no single what-if leads to a contradiction: this grid needs search (or has several solutions)".into(),
            Hint::Contradiction(why) => format!("the grid already breaks the rules: {why}"),
            Hint::Stopped(r) => format!(
                "no cell is forced by singles, and the search for a what-if was stopped ({r})"
            ),
        }
    }
}

/// Why the literal `lit` (true in the propagator) holds. Every clause that forces it
/// from what was known before it (literals of smaller depth) is a candidate: a house
/// at-least-one clause (hidden single), the cell's (naked single), or the reason clause
/// of another rule; the easiest for a player wins.
fn why_forced(logic: &Logic, lit: Lit, reason: usize) -> Option<Forced> {
    let (r, c, v) = logic.cell_of(lit.var())?;
    if !lit.is_pos() {
        return None;
    }
    let prop = logic.propagator();
    let depth = prop.depth(lit.var());
    let known_false = |l: Lit| prop.is_false(l) && prop.depth(l.var()) < depth;
    let shape = logic.shape();
    let mut houses = logic.rules().houses_of(shape, r, c);
    houses.sort_by_key(|h| house_rank(*h));
    let hidden = houses.into_iter().find(|&h| {
        logic
            .rules()
            .house_cells(shape, h)
            .into_iter()
            .filter(|&(a, b)| (a, b) != (r, c))
            .all(|(a, b)| known_false(logic.lit(a, b, v)))
    });
    let others: Vec<u16> = (1..=shape.n() as u16).filter(|&w| w != v).collect();
    let why = if let Some(house) = hidden {
        Why::HiddenSingle { house }
    } else if others.iter().all(|&w| known_false(logic.lit(r, c, w))) {
        let by: Vec<Excluder> = others
            .iter()
            .map(|&w| {
                let other = logic.lit(r, c, w);
                let family = prop.reason(other.var()).and_then(|ci| logic.family(ci));
                excluder(logic, family)
            })
            .fold(Vec::new(), |mut acc, b| {
                if !acc.contains(&b) {
                    acc.push(b);
                }
                acc
            });
        Why::NakedSingle { by }
    } else {
        let family = logic.family(reason)?;
        let cage = logic
            .rules()
            .rule_for(family)
            .and_then(|rule| rule.anchor(r, c));
        Why::Rule { family, cage }
    };
    Some(Forced {
        row: r,
        col: c,
        value: v,
        why,
    })
}

/// Boxes (and jigsaw regions) first: players scan them most easily.
fn house_rank(h: House) -> u8 {
    match h {
        House::Box(_) | House::Region(_) => 0,
        House::Row(_) => 1,
        House::Col(_) => 2,
        _ => 3,
    }
}

/// Like [`why_forced`] but from the clause family alone (for chains inside a probe,
/// whose propagator state is gone).
fn why_in_chain(logic: &Logic, lit: Lit, reason: usize) -> Option<Forced> {
    let (r, c, v) = logic.cell_of(lit.var())?;
    if !lit.is_pos() {
        return None;
    }
    let family = logic.family(reason)?;
    let why = match family.house() {
        _ if family == ClauseFamily::CellAtLeastOne => Why::NakedSingle { by: Vec::new() },
        Some((kind, true)) => match logic.house_of(kind, &logic.clause_cells(reason)) {
            Some(house) => Why::HiddenSingle { house },
            None => Why::Rule { family, cage: None },
        },
        _ => Why::Rule { family, cage: None },
    };
    Some(Forced {
        row: r,
        col: c,
        value: v,
        why,
    })
}

/// Says what a falsified clause means: `no place for 6 in row 4`, `r4c9 has no symbol left`.
pub fn contradiction_text(
    logic: &Logic,
    conflict: Conflict,
    alphabet: Option<&Alphabet>,
) -> String {
    let Some(ci) = conflict.clause else {
        return "a value would be both placed and ruled out".into();
    };
    let cells = logic.clause_cells(ci);
    let Some(family) = logic.family(ci) else {
        return "a clause without a kind would fail".into();
    };
    let at = |i: usize| {
        cells
            .get(i)
            .map(|&(r, c, _)| cell_name(r, c))
            .unwrap_or_default()
    };
    match (family, family.house()) {
        (ClauseFamily::CellAtLeastOne, _) => format!("{} would have no symbol left", at(0)),
        (ClauseFamily::CellAtMostOne, _) => format!("{} would hold two symbols", at(0)),
        (_, Some((kind, at_least_one))) => {
            let house = logic.house_of(kind, &cells);
            match (house, cells.first()) {
                (Some(h), Some(&(_, _, v))) if at_least_one => format!(
                    "no place would be left for {} {}",
                    sym(v, alphabet),
                    in_house(h)
                ),
                (Some(h), Some(&(_, _, v))) => format!(
                    "{} and {} would both be {} {}",
                    at(0),
                    at(1),
                    sym(v, alphabet),
                    in_house(h)
                ),
                _ => format!("the {family} rule would fail"),
            }
        }
        _ => match logic.rules().rule_for(family) {
            Some(rule) => rule.contradiction(family, &cells),
            None => format!("the {family} rule would fail"),
        },
    }
}

/// Rank of an explanation: hidden singles in boxes are the easiest to spot.
fn rank(f: &Forced) -> u8 {
    match &f.why {
        Why::HiddenSingle {
            house: House::Box(_) | House::Region(_),
        } => 0,
        Why::HiddenSingle {
            house: House::Row(_),
        } => 1,
        Why::HiddenSingle {
            house: House::Col(_),
        } => 2,
        Why::HiddenSingle { .. } => 3,
        Why::NakedSingle { .. } => 4,
        Why::Rule { .. } => 5,
    }
}

/// The next hint for `grid` (filled cells are taken as placed) with `eliminated` values
/// already ruled out by earlier steps. The search for a what-if asks `budget` between
/// probes.
pub fn next_hint(
    logic: &mut Logic,
    grid: &Grid,
    eliminated: &[Placement],
    alphabet: Option<&Alphabet>,
    budget: &Budget,
) -> Hint {
    if let Err(c) = logic.load(grid, eliminated) {
        return Hint::Contradiction(contradiction_text(logic, c, alphabet));
    }
    if grid.is_full() {
        return Hint::Solved;
    }
    // The shallowest forced value of an empty cell: a single given the filled cells.
    let prop = logic.propagator();
    let best = prop
        .trail()
        .iter()
        .filter(|l| l.is_pos())
        .filter_map(|&l| {
            let (r, c, _) = logic.cell_of(l.var())?;
            (grid.get(r, c) == 0).then_some((prop.depth(l.var()), l))
        })
        .map(|(d, l)| (d, l, prop.reason(l.var())))
        .filter_map(|(d, l, reason)| Some((d, why_forced(logic, l, reason?)?)))
        .min_by_key(|(d, f)| (*d, rank(f), f.row, f.col));
    if let Some((_, f)) = best {
        return Hint::Place(f);
    }
    match best_probe(logic, grid, alphabet, budget) {
        Ok(Some(p)) => Hint::Eliminate(p),
        Ok(None) => Hint::Stuck,
        Err(r) => Hint::Stopped(r),
    }
}

/// The failed-literal probe with the shortest chain, trying cells with the fewest
/// candidates first; what stopped the search when the budget ran out first (a probe
/// found by then is still given).
fn best_probe(
    logic: &mut Logic,
    grid: &Grid,
    alphabet: Option<&Alphabet>,
    budget: &Budget,
) -> Result<Option<FailedProbe>, StopReason> {
    let n = logic.shape().n();
    let mut cells: Vec<(usize, usize, Vec<u16>)> = (0..n * n)
        .map(|i| (i / n, i % n))
        .filter(|&(r, c)| grid.get(r, c) == 0 && logic.fixed(r, c).is_none())
        .map(|(r, c)| (r, c, logic.candidates(r, c)))
        .collect();
    cells.sort_by_key(|(r, c, v)| (v.len(), *r, *c));
    let mut best: Option<(usize, FailedProbe)> = None;
    for (r, c, values) in cells {
        // The clock at every cell: a cell's probes can take milliseconds on a big grid.
        if let Some(reason) = budget.stop_reason() {
            return best.map(|(_, p)| Some(p)).ok_or(reason);
        }
        for v in values {
            let lit = logic.lit(r, c, v);
            let probe = logic.propagator_mut().probe(lit);
            let Some(conflict) = probe.conflict else {
                continue;
            };
            if best
                .as_ref()
                .is_some_and(|(len, _)| *len <= probe.implied.len())
            {
                continue;
            }
            let chain = probe
                .implied
                .iter()
                .filter_map(|&(l, ci)| why_in_chain(logic, l, ci))
                .collect();
            let fp = FailedProbe {
                row: r,
                col: c,
                value: v,
                chain,
                contradiction: contradiction_text(logic, conflict, alphabet),
            };
            best = Some((probe.implied.len(), fp));
        }
    }
    Ok(best.map(|(_, p)| p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::parse::{ParseOptions, parse_puzzles};
    use crate::model::rules::Rules;

    fn puzzle(text: &str) -> Grid {
        parse_puzzles(text, &ParseOptions::default())
            .next()
            .unwrap()
            .unwrap()
            .grid
    }

    #[test]
    fn hidden_and_naked_singles_are_named_from_their_clauses() {
        // Row 1 misses only 9, at r1c9: the shallowest step.
        let g = puzzle(
            "12345678.........................................................................",
        );
        let mut logic = Logic::new(g.shape(), &Rules::default(), &Budget::unlimited()).unwrap();
        let h = next_hint(&mut logic, &g, &[], None, &Budget::unlimited());
        let Hint::Place(f) = &h else { panic!("{h:?}") };
        assert_eq!((f.row, f.col, f.value), (0, 8, 9));
        // Hidden singles outrank the naked single r1c9 also is.
        assert_eq!(
            h.describe(None),
            "r1c9 must be 9: it is the only place for 9 in row 1"
        );
        // r5c5 sees 1–8 in its row and column but nothing forces 9 elsewhere: naked.
        let g = puzzle(".........\n.........\n.........\n....1....\n2345.....\n....6....\n....7....\n....8....\n.........".replace('\n', "").as_str());
        let h = next_hint(&mut logic, &g, &[], None, &Budget::unlimited());
        let Hint::Place(f) = &h else { panic!("{h:?}") };
        assert_eq!((f.row, f.col, f.value), (4, 4, 9));
        assert_eq!(
            h.describe(None),
            "r5c5 must be 9: every other symbol is already in its row, column or box"
        );
    }

    #[test]
    fn broken_grids_are_contradictions() {
        let g = puzzle(
            "11...............................................................................",
        );
        let mut logic = Logic::new(g.shape(), &Rules::default(), &Budget::unlimited()).unwrap();
        let h = next_hint(&mut logic, &g, &[], None, &Budget::unlimited());
        assert!(matches!(h, Hint::Contradiction(_)), "{h:?}");
    }
}
