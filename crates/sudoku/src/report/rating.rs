//! Ratings in words and as JSON members.

use crate::reason::{Level, Rating};
use serde_json::json;

/// Words for a rating: `hard: singles fill 12 of 60 empty cells, …`.
pub fn rating_text(r: &Rating) -> String {
    let level = match r.stopped {
        Some(why) => format!("at least {} ({why} before the rating ended)", r.level),
        None => r.level.to_string(),
    };
    let mut s = format!(
        "{level}: singles fill {} of {} empty cells",
        r.by_singles, r.empty
    );
    if r.level > Level::Easy {
        s.push_str(&format!(
            ", locked candidates and subsets {} more",
            r.by_basic
        ));
    }
    if r.level > Level::Medium {
        s.push_str(&format!(
            ", what-ifs (failed-literal probing) {} more ({} literals refuted)",
            r.by_probing, r.failed_literals
        ));
    }
    if let Some(e) = r.search {
        s.push_str(&format!(
            ", search {:.1} conflicts on average over {} random orders{}",
            e.conflicts,
            e.runs,
            if e.complete { "" } else { " (limit reached)" }
        ));
    }
    s
}

/// The JSON members of a rating (`difficulty`, `score`, the counts, `search`).
pub fn rating_json(r: &Rating) -> serde_json::Value {
    let mut j = json!({
        "difficulty": r.level.name(),
        "score": (r.score() * 1000.0).round() / 1000.0,
        "empty": r.empty,
        "singles": r.by_singles,
        "basic": r.by_basic,
        "probing": r.by_probing,
        "failed_literals": r.failed_literals,
        "search": r.search.map(|e| json!({
            "runs": e.runs,
            "conflicts": e.conflicts,
            "decisions": e.decisions,
            "complete": e.complete,
        })),
    });
    if let Some(why) = r.stopped {
        j["stopped"] = json!(why.to_string());
    }
    j
}

/// The report of a rating: its words and its JSON members, then `puzzle` and `status`
/// (and `file` when several files are rated).
pub(crate) fn report(label: &super::Label, r: &Rating) -> super::Report {
    let mut j = rating_json(r);
    j["puzzle"] = json!(label.index);
    j["status"] = json!(if r.stopped.is_some() {
        "unknown"
    } else {
        "unique"
    });
    if let Some(f) = &label.file {
        j["file"] = json!(f);
    }
    let conclusion = r.stopped.map_or(
        gridsat_sat::Conclusion::Answered,
        gridsat_sat::Conclusion::Unknown,
    );
    super::Report::new(conclusion, j, format!("{}: {}", label.text, rating_text(r)))
}

/// A puzzle without exactly one solution, or one the solver could not settle in time:
/// not rated.
pub(crate) fn not_rated(label: &super::Label, a: &crate::solve::Answer) -> super::Report {
    use gridsat_sat::Verdict as _;
    let status = a.verdict.name();
    if a.verdict == crate::solve::Verdict::Unknown {
        let reason = a.stopped.map_or("stopped".into(), |r| r.to_string());
        return super::Report::new(
            a.conclusion(),
            super::object(
                label,
                vec![("status", json!(status)), ("reason", json!(reason))],
            ),
            format!("{}: unknown ({reason}: not rated)", label.text),
        );
    }
    super::Report::new(
        a.conclusion(),
        super::object(label, vec![("status", json!(status))]),
        format!(
            "{}: {} (only puzzles with one solution are rated)",
            label.text, a.verdict
        ),
    )
}
