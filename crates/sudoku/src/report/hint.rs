//! The report of a hint: the next step for a player, with its reason.

use super::{Label, Report, object};
use crate::model::symbols::Alphabet;
use crate::reason::{Hint, Why, sym};
use crate::solve::{Answer, Verdict};
use gridsat_sat::{Conclusion, StopReason};
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

/// Stopped before the reasoning model was built: nothing is known.
pub fn stopped(label: &Label, r: StopReason) -> Report {
    let json = object(
        label,
        vec![
            ("status", json!("unknown")),
            ("reason", json!(r.to_string())),
        ],
    );
    Report::new(
        Conclusion::Unknown(r),
        json,
        format!("{}: unknown ({r})", label.text),
    )
}

/// The hint `h` for a grid whose answer is `a`; a grid with several solutions still
/// gets a sound hint, with a note.
pub fn report(label: &Label, a: &Answer, h: &Hint, alphabet: Option<&Alphabet>) -> Report {
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
    let json = hint_json(label, a.verdict, &text, h, alphabet);
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
