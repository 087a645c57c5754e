//! How answers are printed: text for people, one JSON object per line for programs.

use gridsat_sudoku::{Alphabet, Answer, Layout, Verdict};
use serde::Serialize;

/// The JSON object printed per puzzle (schema in the README).
#[derive(Serialize)]
pub struct JsonAnswer {
    /// The input file, when several were given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based position in the input (in its file).
    pub puzzle: usize,
    /// unique | multiple | unsat | sat | unknown | error
    pub status: &'static str,
    /// The first solution found, as N² symbols (space-separated integers above 35×35).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// Further solutions when more than one was found.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub more_solutions: Vec<String>,
    /// For unsat: the conflicting givens, e.g. `r1c3=5`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflict: Option<Vec<String>>,
    /// For unsat: why they conflict; for unknown: what stopped the search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// For error: what is wrong with the input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Size and effort.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<JsonStats>,
}

/// The `stats` member.
#[derive(Serialize)]
pub struct JsonStats {
    /// Formula variables.
    pub vars: u32,
    /// Formula clauses.
    pub clauses: usize,
    /// Solver calls.
    pub solver_calls: u32,
    /// Milliseconds on this puzzle.
    pub time_ms: f64,
}

impl JsonAnswer {
    /// The JSON form of an answer.
    pub fn from_answer(k: usize, a: &Answer, alphabet: Option<&Alphabet>) -> JsonAnswer {
        let mut sols = a.solutions.iter().map(|g| g.to_line(alphabet));
        JsonAnswer {
            file: None,
            puzzle: k,
            status: a.verdict.name(),
            solution: sols.next(),
            more_solutions: sols.collect(),
            conflict: a
                .conflict
                .as_ref()
                .map(|c| c.givens.iter().map(|p| p.describe(alphabet)).collect()),
            reason: match (&a.conflict, a.stopped) {
                (Some(c), _) => Some(c.reason_text(alphabet)),
                (None, Some(r)) => Some(r.to_string()),
                _ => None,
            },
            error: None,
            stats: Some(JsonStats {
                vars: a.stats.vars,
                clauses: a.stats.clauses,
                solver_calls: a.stats.solver_calls,
                time_ms: (a.stats.time.as_secs_f64() * 1e6).round() / 1e3,
            }),
        }
    }

    /// The JSON form of a puzzle that could not be read, or was not reached.
    pub fn other(k: usize, status: &'static str, error: Option<String>) -> JsonAnswer {
        JsonAnswer {
            file: None,
            puzzle: k,
            status,
            solution: None,
            more_solutions: Vec::new(),
            conflict: None,
            reason: None,
            error,
            stats: None,
        }
    }
}

/// The human-readable report of one answer.
pub fn text_answer(label: &str, a: &Answer, alphabet: Option<&Alphabet>, layout: Layout) -> String {
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
