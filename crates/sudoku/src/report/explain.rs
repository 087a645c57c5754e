//! The report of an explanation: the steps from the givens to the solution.

use super::answer::{StatusJson, stopped_report};
use super::{Head, Label, Report, to_json};
use crate::io::format::Layout;
use crate::io::parse::ParsedPuzzle;
use crate::model::symbols::Alphabet;
use crate::reason::{End, Step, TechniquePath, Walk};
use crate::solve::{Answer, Verdict};
use gridsat_sat::{Conclusion, StopReason};

/// The object of a puzzle with no solution: the givens in conflict and why (schema
/// `docs/schema/sudoku/explain.json`, as the others here).
#[derive(serde::Serialize)]
struct UnsatJson {
    #[serde(flatten)]
    head: Head,
    status: &'static str,
    conflict: Vec<String>,
    reason: Option<String>,
}

/// The object of an explanation: the counts, the steps, how the walk ended, the grid.
#[derive(serde::Serialize)]
struct ExplainJson<'a> {
    #[serde(flatten)]
    head: Head,
    status: &'static str,
    placements: usize,
    /// Steps of named techniques where singles stalled (short of forcing chains).
    technique_steps: usize,
    what_ifs: usize,
    guesses: usize,
    steps: &'a [String],
    end: &'a str,
    grid: Option<String>,
}

/// No walk to show: the puzzle has no solution (its conflicting givens are named), or
/// the solver could not tell in time.
pub fn without_walk(label: &Label, a: &Answer, alphabet: Option<&Alphabet>) -> Option<Report> {
    match a.verdict {
        Verdict::Unsat => {
            let c = a.conflict.as_ref();
            let givens: Vec<String> = c
                .map(|c| c.givens.iter().map(|g| g.describe(alphabet)).collect())
                .unwrap_or_default();
            let json = to_json(&UnsatJson {
                head: label.head(),
                status: "unsat",
                conflict: givens,
                reason: c.map(|c| c.reason_text(alphabet)),
            });
            let text = c.map(|c| c.describe(alphabet)).unwrap_or_default();
            let text = format!("{}: no solution: the givens {text}", label.text);
            Some(Report::new(Conclusion::NoSolution, json, text))
        }
        Verdict::Unknown | Verdict::Sat => Some(match a.stopped {
            Some(r) => stopped_report(label, r),
            None => Report::new(
                Conclusion::Unknown(StopReason::Interrupted),
                StatusJson::reason(label, a.verdict.name(), None),
                format!("{}: {}", label.text, a.verdict),
            ),
        }),
        _ => None,
    }
}

/// The steps of a walk and how it ended; the final grid in `layout`.
pub fn report(
    label: &Label,
    p: &ParsedPuzzle,
    verdict: Verdict,
    w: &Walk,
    layout: Layout,
) -> Report {
    let a = p.alphabet.as_deref();
    let c = w.counts();
    let n = p.grid.n();
    let steps: Vec<String> = w
        .steps
        .iter()
        .map(|s| match s {
            Step::Technique(t) => super::technique::step_text(t, n, a),
            other => other.describe(a),
        })
        .collect();
    let (end, grid) = match &w.end {
        End::Solved(g) => ("solved".to_string(), Some(g)),
        End::Contradiction(why) => (format!("contradiction: {why}"), None),
        End::Stuck(g) => (
            "stuck: the puzzle has several solutions, and nothing more is forced".to_string(),
            Some(g),
        ),
        End::Stopped(g, r) => (format!("stopped ({r}) before the end"), Some(g)),
    };
    let conclusion = match (&w.end, verdict) {
        (End::Stopped(_, r), _) => Conclusion::Unknown(*r),
        (_, Verdict::Multiple) => Conclusion::Multiple,
        _ => Conclusion::Answered,
    };
    let json = to_json(&ExplainJson {
        head: label.head(),
        status: verdict.name(),
        placements: c.placed,
        technique_steps: c.techniques,
        what_ifs: c.what_ifs,
        guesses: c.guesses,
        steps: &steps,
        end: &end,
        grid: grid.map(|g| g.to_line(a)),
    });
    let empty = p.grid.values().iter().filter(|&&v| v == 0).count();
    let mut text = format!(
        "{}: {verdict}, {empty} empty cells: {} placed by singles, {} technique steps, {} what-if eliminations, {} guesses\n",
        label.text, c.placed, c.techniques, c.what_ifs, c.guesses
    );
    let width = steps.len().to_string().len();
    for (i, (s, step)) in steps.iter().zip(&w.steps).enumerate() {
        let mark = if matches!(step, Step::Guess(_)) {
            "?"
        } else {
            "."
        };
        text.push_str(&format!("{:>width$}{mark} {s}\n", i + 1));
    }
    text.push_str(&end);
    text.push('\n');
    if let Some(g) = grid {
        text.push_str(&layout.write(g, a));
        text.push('\n');
    }
    Report::new(conclusion, json, text)
}

/// Adds the path in named techniques to an explanation: `techniques` (the steps),
/// `se` and `hardest` in JSON, and the numbered steps with the SE rating in the text.
pub fn add_techniques(report: &mut Report, path: &TechniquePath, a: Option<&Alphabet>) {
    let se = path.rating();
    let steps: Vec<super::StepJson> = path
        .steps
        .iter()
        .map(|s| super::step_json(s, path.n, a))
        .collect();
    report.json["techniques"] = super::to_json(&steps);
    report.json["se"] = super::to_json(&super::SeJson::from(&se));
    report.json["hardest"] = super::to_json(&se.hardest.map(|t| t.name()));
    let lines = super::path_lines(path, a);
    let width = lines.len().to_string().len();
    report.text.push_str(&format!(
        "in named techniques, {}:\n",
        super::se_text(&se, &path.end)
    ));
    for (i, l) in lines.iter().enumerate() {
        report.text.push_str(&format!("{:>width$}. {l}\n", i + 1));
    }
}
