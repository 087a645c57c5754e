//! The report of a hint: the next step for a player, with its reason.

use super::{Label, Report, object};
use crate::model::grid::Grid;
use crate::model::house::House;
use crate::model::symbols::Alphabet;
use crate::reason::{Hint, Why, sym};
use crate::solve::{Answer, Verdict};
use gridsat_sat::Conclusion;
use serde_json::{Value, json};

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
    let json = object(
        label,
        vec![
            ("hint", json!("none")),
            ("status", json!("unsat")),
            ("conflict", json!(why)),
        ],
    );
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
    let cells = hint_cells(h, grid);
    if !cells.is_empty() {
        json["cells"] = json!(cells);
    }
    Report::new(conclusion, json, format!("{}: {text}{note}", label.text))
}

/// The JSON object of a hint: `status`, `text`, `hint`, and for a placement or an
/// elimination its `cell`, `value`, `reason` (and `house` of a hidden single).
fn hint_json(
    label: &Label,
    verdict: Verdict,
    text: &str,
    hint: &Hint,
    a: Option<&Alphabet>,
) -> Value {
    let mut j = object(
        label,
        vec![("status", json!(verdict.name())), ("text", json!(text))],
    );
    match hint {
        Hint::Place(f) => {
            j["hint"] = json!("place");
            j["cell"] = json!(format!("r{}c{}", f.row + 1, f.col + 1));
            j["value"] = json!(sym(f.value, a));
            let (kind, house) = match &f.why {
                Why::HiddenSingle { house } => ("hidden single", Some(house.to_string())),
                Why::NakedSingle { .. } => ("naked single", None),
                _ => ("rule", None),
            };
            j["reason"] = json!(kind);
            if let Some(h) = house {
                j["house"] = json!(h);
            }
        }
        Hint::Eliminate(e) => {
            j["hint"] = json!("eliminate");
            j["cell"] = json!(format!("r{}c{}", e.row + 1, e.col + 1));
            j["value"] = json!(sym(e.value, a));
            j["reason"] = json!("failed literal");
        }
        Hint::Solved => j["hint"] = json!("solved"),
        Hint::Stuck => j["hint"] = json!("stuck"),
        Hint::Contradiction(_) => j["hint"] = json!("contradiction"),
        _ => j["hint"] = json!("unknown"),
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
