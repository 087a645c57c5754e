//! The report of a hint: the next step for a player, with its reason.

use super::{Head, Label, Report, to_json};
use crate::model::grid::Grid;
use crate::model::house::House;
use crate::model::symbols::Alphabet;
use crate::reason::{Hint, TechniqueStep, Why, sym};
use crate::solve::{Answer, Verdict};
use gridsat_sat::Conclusion;

/// The grid has no solution any more: no hint can help; the conflict is named.
pub fn unsolvable(label: &Label, a: &Answer, alphabet: Option<&Alphabet>) -> Option<Report> {
    if a.verdict != Verdict::Unsat {
        return None;
    }
    let why = a
        .conflict
        .as_ref()
        .map(|c| c.describe(alphabet))
        .unwrap_or_default();
    let json = to_json(&NoHintJson {
        head: label.head(),
        hint: "none",
        status: "unsat",
        conflict: why.clone(),
    });
    let text = format!("{}: no solution from here: {why}", label.text);
    Some(Report::new(Conclusion::NoSolution, json, text))
}

/// The hint `h` for a grid whose answer is `a`; a grid with several solutions still
/// gets a sound hint, with a note.
pub fn report(
    label: &Label,
    a: &Answer,
    h: &Hint,
    grid: &Grid,
    alphabet: Option<&Alphabet>,
) -> Report {
    let several = a.verdict == Verdict::Multiple;
    let text = if several && *h == Hint::Stuck {
        "nothing more is forced: this grid has several solutions".to_string()
    } else {
        h.describe(alphabet)
    };
    let mut conclusion = Conclusion::Answered;
    for c in [
        (several).then_some(Conclusion::Multiple),
        match h {
            Hint::Stopped(r) => Some(Conclusion::Unknown(*r)),
            _ => None,
        },
        a.stopped.map(Conclusion::Unknown),
    ]
    .into_iter()
    .flatten()
    {
        if c.severity() > conclusion.severity() {
            conclusion = c;
        }
    }
    let note = if several && *h != Hint::Stuck {
        " (note: this grid has several solutions)"
    } else {
        ""
    };
    let mut json = hint_json(label, a.verdict, &text, h, alphabet);
    json.cells = hint_cells(h, grid);
    let json = to_json(&json);
    Report::new(conclusion, json, format!("{}: {text}{note}", label.text))
}

/// The object of a grid with no solution any more (schema `hint.json`).
#[derive(serde::Serialize)]
struct NoHintJson {
    #[serde(flatten)]
    head: Head,
    hint: &'static str,
    status: &'static str,
    conflict: String,
}

/// The object of a hint (schema `docs/schema/sudoku/hint.json`).
#[derive(serde::Serialize)]
struct HintJson {
    #[serde(flatten)]
    head: Head,
    status: &'static str,
    text: String,
    hint: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    house: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cells: Vec<String>,
}

/// Adds the engine's next technique step to a hint: its JSON object under `technique`,
/// and, where propagation alone found no placement (a what-if, or stuck), its words in
/// place of the what-if's.
pub fn add_technique(
    report: &mut Report,
    label: &Label,
    h: &Hint,
    step: Option<&TechniqueStep>,
    n: usize,
    a: Option<&Alphabet>,
) {
    let Some(s) = step else {
        return;
    };
    let j = super::step_json(s, n, a);
    if matches!(h, Hint::Eliminate(_) | Hint::Stuck) {
        report.text = format!("{}: {}\n", label.text, j.text);
        report.json["text"] = serde_json::Value::String(j.text.clone());
    }
    report.json["technique"] = super::to_json(&j);
}

/// The JSON object of a hint: `status`, `text`, `hint`, and for a placement or an
/// elimination its `cell`, `value`, `reason` (and `house` of a hidden single).
fn hint_json(
    label: &Label,
    verdict: Verdict,
    text: &str,
    hint: &Hint,
    a: Option<&Alphabet>,
) -> HintJson {
    let mut j = HintJson {
        head: label.head(),
        status: verdict.name(),
        text: text.to_string(),
        hint: "unknown",
        cell: None,
        value: None,
        reason: None,
        house: None,
        cells: Vec::new(),
    };
    let cell = |row: usize, col: usize| Some(format!("r{}c{}", row + 1, col + 1));
    match hint {
        Hint::Place(f) => {
            j.hint = "place";
            j.cell = cell(f.row, f.col);
            j.value = Some(sym(f.value, a));
            let (kind, house) = match &f.why {
                Why::HiddenSingle { house } => ("hidden single", Some(house.to_string())),
                Why::NakedSingle { .. } => ("naked single", None),
                _ => ("rule", None),
            };
            j.reason = Some(kind);
            j.house = house;
        }
        Hint::Eliminate(e) => {
            j.hint = "eliminate";
            j.cell = cell(e.row, e.col);
            j.value = Some(sym(e.value, a));
            j.reason = Some("failed literal");
        }
        Hint::Solved => j.hint = "solved",
        Hint::Stuck => j.hint = "stuck",
        Hint::Contradiction(_) => j.hint = "contradiction",
        _ => {}
    }
    j
}

/// The cells a hint speaks of, as `r3c7` names: for a hidden single the house's cells,
/// for a naked single the cell and the filled cells that share a row, column or box
/// with it (their values rule out the others), for a what-if the cell and the cells of
/// the singles that followed it.
fn hint_cells(h: &Hint, grid: &Grid) -> Vec<String> {
    let shape = grid.shape();
    let n = shape.n();
    let name = |(r, c): (usize, usize)| format!("r{}c{}", r + 1, c + 1);
    let cells: Vec<(usize, usize)> = match h {
        Hint::Place(f) => match &f.why {
            Why::HiddenSingle { house } => match *house {
                House::Row(r) => (0..n).map(|c| (r, c)).collect(),
                House::Col(c) => (0..n).map(|r| (r, c)).collect(),
                House::Box(b) => (0..n).map(|k| shape.box_cell(b, k)).collect(),
                House::Diagonal(0) => (0..n).map(|i| (i, i)).collect(),
                House::Diagonal(_) => (0..n).map(|i| (i, n - 1 - i)).collect(),
                _ => vec![(f.row, f.col)],
            },
            Why::NakedSingle { .. } => {
                let b = shape.box_of(f.row, f.col);
                let mut v = vec![(f.row, f.col)];
                v.extend(
                    (0..n)
                        .flat_map(|r| (0..n).map(move |c| (r, c)))
                        .filter(|&(r, c)| {
                            (r, c) != (f.row, f.col)
                                && grid.get(r, c) != 0
                                && (r == f.row || c == f.col || shape.box_of(r, c) == b)
                        }),
                );
                v
            }
            _ => vec![(f.row, f.col)],
        },
        Hint::Eliminate(e) => std::iter::once((e.row, e.col))
            .chain(e.chain.iter().map(|f| (f.row, f.col)))
            .collect(),
        _ => Vec::new(),
    };
    cells.into_iter().map(name).collect()
}
