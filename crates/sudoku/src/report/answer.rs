//! The report of a solve: the verdict, the solutions, the conflict, the effort.

use super::{Label, Report, object};
use crate::io::format::Layout;
use crate::model::symbols::Alphabet;
use crate::solve::{Answer, Verdict};
use gridsat_sat::{Conclusion, MemoryExceeded, StopReason, Verdict as _};
use serde_json::{Value, json};

/// The `stats` member: formula size, solver calls, milliseconds.
fn stats_json(a: &Answer) -> Value {
    json!({
        "vars": a.stats.vars,
        "clauses": a.stats.clauses,
        "solver_calls": a.stats.solver_calls,
        "time_ms": (a.stats.time.as_secs_f64() * 1e6).round() / 1e3,
    })
}

/// The JSON object of an answer (schema in the README: `status`, `solution`,
/// `more_solutions`, `conflict`, `reason`, `stats`).
fn answer_json(label: &Label, a: &Answer, alphabet: Option<&Alphabet>) -> Value {
    let mut sols = a.solutions.iter().map(|g| g.to_line(alphabet));
    let mut rest = vec![("status", json!(a.verdict.name()))];
    if let Some(s) = sols.next() {
        rest.push(("solution", json!(s)));
    }
    let more: Vec<String> = sols.collect();
    if !more.is_empty() {
        rest.push(("more_solutions", json!(more)));
    }
    if let Some(c) = &a.conflict {
        let givens: Vec<String> = c.givens.iter().map(|p| p.describe(alphabet)).collect();
        rest.push(("conflict", json!(givens)));
        rest.push(("reason", json!(c.reason_text(alphabet))));
    } else if let Some(r) = a.stopped {
        rest.push(("reason", json!(r.to_string())));
    }
    rest.push(("stats", stats_json(a)));
    object(label, rest)
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
            "{label}: unknown (stopped by the time limit or an interrupt after {} solution{})",
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
    let json = object(
        label,
        vec![("status", json!("error")), ("error", json!(message))],
    );
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

/// A puzzle the budget ran out before: `unknown`, not started.
pub fn not_started_report(label: &Label, reason: StopReason) -> Report {
    let json = object(
        label,
        vec![
            ("status", json!("unknown")),
            ("reason", json!(format!("not started: {reason}"))),
        ],
    );
    Report::new(
        Conclusion::Unknown(reason),
        json,
        format!("{}: unknown (not started: {reason})", label.text),
    )
}

/// A puzzle whose formula would not fit the memory budget: `unknown` with what would
/// not fit. `hint` (how to raise the budget) is appended to the text, when given.
pub fn memory_report(label: &Label, m: &MemoryExceeded, hint: Option<&str>) -> Report {
    let json = object(
        label,
        vec![
            ("status", json!("unknown")),
            ("reason", json!(format!("memory limit: {m}"))),
        ],
    );
    let hint = hint.map_or(String::new(), |h| format!(" ({h})"));
    Report::new(
        Conclusion::Unknown(StopReason::MemoryLimit),
        json,
        format!("{}: unknown (memory limit: {m}{hint})", label.text),
    )
}
