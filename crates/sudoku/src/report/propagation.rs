//! The ripple: unit propagation from the filled cells, one literal at a time, each with
//! the clause (and its family) that forced it. The web page steps through it.

use super::{Head, Label, to_json};
use crate::deduce::Logic;
use crate::model::grid::Grid;
use crate::model::symbols::Alphabet;
use crate::reason::sym;
use gridsat_sat::Lit;
use serde_json::Value;

/// One literal set by propagation (or assumed: a filled cell).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PropagationStep {
    /// The cell (row, column), 0-based.
    pub cell: (usize, usize),
    /// The value (1-based).
    pub value: u16,
    /// True: the cell holds the value; false: the value is ruled out.
    pub holds: bool,
    /// The family of the forcing clause (`given` for a filled cell).
    pub family: String,
    /// The forcing clause in readable names (empty for a filled cell).
    pub clause: Vec<String>,
    /// The cells the forcing clause speaks of.
    pub cells: Vec<(usize, usize)>,
    /// How deep in the implication graph the literal lies (0 for a filled cell).
    pub depth: u32,
}

fn name(cell: (usize, usize), v: u16, a: Option<&Alphabet>) -> String {
    format!("r{}c{}={}", cell.0 + 1, cell.1 + 1, sym(v, a))
}

fn lit_name(logic: &Logic, l: Lit, a: Option<&Alphabet>) -> String {
    let base = match logic.cell_of(l.var()) {
        Some((r, c, v)) => name((r, c), v, a),
        None => logic.formula().describe(l.var()),
    };
    if l.is_pos() {
        base
    } else {
        format!("¬{base}")
    }
}

/// Propagates from the filled cells of `grid` and returns every literal set, in the
/// order set, and how it ended: `solved`, `stuck`, or `contradiction: …`.
pub fn propagation(
    logic: &mut Logic,
    grid: &Grid,
    alphabet: Option<&Alphabet>,
) -> (Vec<PropagationStep>, String) {
    let end = match logic.load(grid, &[]) {
        Err(c) => {
            let what = c
                .clause
                .map_or("a filled cell contradicts another".to_string(), |ci| {
                    let lits: Vec<String> = logic
                        .propagator()
                        .clause(ci)
                        .iter()
                        .map(|&l| lit_name(logic, l, alphabet))
                        .collect();
                    format!("the clause {} is false", lits.join(" ∨ "))
                });
            format!("contradiction: {what}")
        }
        Ok(()) if logic.solved() => "solved".to_string(),
        Ok(()) => "stuck".to_string(),
    };
    let prop = logic.propagator();
    let mut steps = Vec::new();
    for &l in prop.trail() {
        let Some((r, c, v)) = logic.cell_of(l.var()) else {
            continue;
        };
        let (family, clause, cells) = match prop.reason(l.var()) {
            Some(ci) => (
                logic.formula().family_info(prop.family(ci)).name.clone(),
                prop.clause(ci)
                    .iter()
                    .map(|&x| lit_name(logic, x, alphabet))
                    .collect(),
                logic
                    .clause_cells(ci)
                    .into_iter()
                    .map(|(r, c, _)| (r, c))
                    .collect(),
            ),
            None => ("given".to_string(), Vec::new(), vec![(r, c)]),
        };
        steps.push(PropagationStep {
            cell: (r, c),
            value: v,
            holds: l.is_pos(),
            family,
            clause,
            cells,
            depth: prop.depth(l.var()),
        });
    }
    (steps, end)
}

/// One literal unit propagation set, and the clause that forced it.
#[derive(serde::Serialize)]
struct StepJson<'a> {
    cell: String,
    symbol: String,
    value: bool,
    family: &'a str,
    clause: &'a [String],
    cells: Vec<String>,
    depth: u32,
}

/// The object of `propagate` (schema `docs/schema/sudoku/propagate.json`).
#[derive(serde::Serialize)]
struct PropagationJson<'a> {
    #[serde(flatten)]
    head: Head,
    steps: Vec<StepJson<'a>>,
    end: &'a str,
}

/// The JSON object of a propagation: `steps` (each `cell`, `symbol`, `value` true or
/// false, `family`, `clause`, `cells`, `depth`) and `end`.
pub fn propagation_json(
    label: &Label,
    steps: &[PropagationStep],
    end: &str,
    alphabet: Option<&Alphabet>,
) -> Value {
    let cell = |(r, c): (usize, usize)| format!("r{}c{}", r + 1, c + 1);
    let steps = steps
        .iter()
        .map(|s| StepJson {
            cell: cell(s.cell),
            symbol: sym(s.value, alphabet),
            value: s.holds,
            family: &s.family,
            clause: &s.clause,
            cells: s.cells.iter().map(|&x| cell(x)).collect(),
            depth: s.depth,
        })
        .collect();
    to_json(&PropagationJson {
        head: label.head(),
        steps,
        end,
    })
}
