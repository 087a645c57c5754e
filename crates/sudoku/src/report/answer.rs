//! The report of a solve: the verdict, the solutions, the conflict, the effort.

use super::{Head, Label, Report, to_json};
use crate::io::format::Layout;
use crate::model::symbols::Alphabet;
use crate::solve::{Answer, Verdict};
use gridsat_sat::{Concludes as _, Conclusion, MemoryExceeded, StopReason};
use serde_json::Value;

/// The `stats` member: formula size, solver calls, time. `vars` and `time_ms` are the
/// old names (deprecated); `variables` and `seconds` are the names every family uses.
#[derive(serde::Serialize)]
struct StatsJson {
    vars: u32,
    clauses: usize,
    solver_calls: u32,
    time_ms: f64,
    variables: u32,
    seconds: f64,
}

impl StatsJson {
    fn of(a: &Answer) -> StatsJson {
        let secs = a.stats.time.as_secs_f64();
        StatsJson {
            vars: a.stats.vars,
            clauses: a.stats.clauses,
            solver_calls: a.stats.solver_calls,
            time_ms: (secs * 1e6).round() / 1e3,
            variables: a.stats.vars,
            seconds: (secs * 1e6).round() / 1e6,
        }
    }
}

/// The object of a solve (schema `docs/schema/sudoku/solve.json`).
#[derive(serde::Serialize)]
struct SolveJson {
    #[serde(flatten)]
    head: Head,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    more_solutions: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    conflict: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    stats: StatsJson,
}

/// The JSON object of an answer (`status`, `solution`, `more_solutions`, `conflict`,
/// `reason`, `stats`).
fn answer_json(label: &Label, a: &Answer, alphabet: Option<&Alphabet>) -> Value {
    to_json(&solve_json(label, a, alphabet))
}

/// The JSON object of an answer as its text, written at once: the text of
/// [`answer_report`]'s `json`, without the [`Value`] built first nor the report's text
/// (for a caller that hands the object on, such as Python's `solve_many`: issue 28).
pub fn answer_json_text(label: &Label, a: &Answer, alphabet: Option<&Alphabet>) -> String {
    serde_json::to_string(&solve_json(label, a, alphabet))
        .expect("a report object has string keys and finite numbers")
}

fn solve_json(label: &Label, a: &Answer, alphabet: Option<&Alphabet>) -> SolveJson {
    let mut sols = a.solutions.iter().map(|g| g.to_line(alphabet));
    let solution = sols.next();
    let (conflict, reason) = match (&a.conflict, a.stopped) {
        (Some(c), _) => (
            Some(c.givens.iter().map(|p| p.describe(alphabet)).collect()),
            Some(c.reason_text(alphabet)),
        ),
        (None, Some(r)) => (None, Some(r.to_string())),
        (None, None) => (None, None),
    };
    SolveJson {
        head: label.head(),
        status: a.verdict.name(),
        solution,
        more_solutions: sols.collect(),
        conflict,
        reason,
        stats: StatsJson::of(a),
    }
}

/// The object of a puzzle without an answer: `status` (`error` or `unknown`) and the
/// message (schema `docs/schema/sudoku/status.json`).
#[derive(serde::Serialize)]
pub(crate) struct StatusJson {
    #[serde(flatten)]
    pub head: Head,
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl StatusJson {
    /// `status` with `reason`.
    pub(crate) fn reason(label: &Label, status: &'static str, reason: Option<String>) -> Value {
        to_json(&StatusJson {
            head: label.head(),
            status,
            error: None,
            reason,
        })
    }
}

/// The text of an answer: the verdict line, then the solutions in `layout`.
fn answer_text(label: &str, a: &Answer, alphabet: Option<&Alphabet>, layout: Layout) -> String {
    let ms = a.stats.time.as_secs_f64() * 1e3;
    let mut s = match a.verdict {
        Verdict::Unsat => {
            let c = a
                .conflict
                .as_ref()
                .map(|c| c.describe(alphabet))
                .unwrap_or_default();
            format!("{label}: unsat: {c}")
        }
        Verdict::Multiple => format!(
            "{label}: multiple ({} solutions shown; the puzzle is ambiguous)",
            a.solutions.len()
        ),
        Verdict::Unknown => format!(
            "{label}: unknown ({} after {} solution{})",
            match a.stopped {
                Some(StopReason::MemoryLimit) =>
                    "memory limit: the process held more than its memory ceiling",
                _ => "stopped by the time limit or an interrupt",
            },
            a.solutions.len(),
            if a.solutions.len() == 1 { "" } else { "s" }
        ),
        v => format!("{label}: {v}"),
    };
    s.push_str(&format!(" [{ms:.2} ms]"));
    for g in &a.solutions {
        s.push('\n');
        s.push_str(&layout.write(g, alphabet));
    }
    s
}

/// The report of a solve, its solutions written in `layout`.
pub fn answer_report(
    label: &Label,
    a: &Answer,
    alphabet: Option<&Alphabet>,
    layout: Layout,
) -> Report {
    Report::new(
        a.conclusion(),
        answer_json(label, a, alphabet),
        answer_text(&label.text, a, alphabet, layout),
    )
}

/// A puzzle that could not be read: status `error` with the message.
pub fn error_report(label: &Label, message: &str) -> Report {
    let json = to_json(&StatusJson {
        head: label.head(),
        status: "error",
        error: Some(message.to_string()),
        reason: None,
    });
    // Bad input is the caller's to rank (it exits 2); as an answer it says nothing.
    Report::new(
        Conclusion::Unknown(StopReason::Interrupted),
        json,
        format!("{}: error: {message}", label.text),
    )
}

/// The budget ran out before the answer was known (the reasoning model was being
/// built, or the walk was cut short): `unknown` with what stopped it.
pub fn stopped_report(label: &Label, r: StopReason) -> Report {
    let json = StatusJson::reason(label, "unknown", Some(r.to_string()));
    Report::new(
        Conclusion::Unknown(r),
        json,
        format!("{}: unknown ({r})", label.text),
    )
}

/// A puzzle the budget ran out before: `unknown`, not started.
pub fn not_started_report(label: &Label, reason: StopReason) -> Report {
    let json = StatusJson::reason(label, "unknown", Some(format!("not started: {reason}")));
    Report::new(
        Conclusion::Unknown(reason),
        json,
        format!("{}: unknown (not started: {reason})", label.text),
    )
}

/// A puzzle whose formula would not fit the memory budget: `unknown` with what would
/// not fit. `hint` (how to raise the budget) is appended to the text, when given.
pub fn memory_report(label: &Label, m: &MemoryExceeded, hint: Option<&str>) -> Report {
    let json = StatusJson::reason(label, "unknown", Some(format!("memory limit: {m}")));
    let hint = hint.map_or(String::new(), |h| format!(" ({h})"));
    Report::new(
        Conclusion::Unknown(StopReason::MemoryLimit),
        json,
        format!("{}: unknown (memory limit: {m}{hint})", label.text),
    )
}
