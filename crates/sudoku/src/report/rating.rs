//! Ratings in words and as JSON members.

use crate::reason::{Difficulty, Rating};

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
    if r.level > Difficulty::Easy {
        s.push_str(&format!(
            ", locked candidates and subsets {} more",
            r.by_basic
        ));
    }
    if r.level > Difficulty::Medium {
        s.push_str(&format!(
            ", what-ifs (failed-literal probing) {} more ({} literals refuted)",
            r.by_probing, r.failed_literals
        ));
    }
    if let Some(p) = &r.techniques {
        s.push_str(&format!("; {}", super::se_text(&p.rating(), &p.end)));
    }
    if let Some(p) = &r.hodoku {
        s.push_str(&format!(
            "; {}",
            super::hodoku_text(&p.hodoku_rating(), &p.end)
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

/// The `search` member of a rating: conflicts over random orders.
#[derive(serde::Serialize)]
struct SearchJson {
    runs: usize,
    conflicts: f64,
    decisions: f64,
    complete: bool,
}

/// A rating's members (schema `rating` in `docs/schema/sudoku/rate.json`).
#[derive(serde::Serialize)]
struct RatingJson {
    difficulty: &'static str,
    score: f64,
    empty: usize,
    singles: usize,
    basic: usize,
    probing: usize,
    failed_literals: usize,
    search: Option<SearchJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<String>,
    /// The Sudoku Explainer scale, when the technique engine rated the puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    se: Option<super::SeJson>,
    /// The hardest technique's name (`null`: no technique step), beside `se`.
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<Option<&'static str>>,
    /// HoDoKu's scale, beside `se`.
    #[serde(skip_serializing_if = "Option::is_none")]
    hodoku: Option<super::HodokuJson>,
}

impl RatingJson {
    fn of(r: &Rating) -> RatingJson {
        let se = r.techniques.as_ref().map(|p| p.rating());
        RatingJson {
            difficulty: r.level.name(),
            score: (r.score() * 1000.0).round() / 1000.0,
            empty: r.empty,
            singles: r.by_singles,
            basic: r.by_basic,
            probing: r.by_probing,
            failed_literals: r.failed_literals,
            search: r.search.map(|e| SearchJson {
                runs: e.runs,
                conflicts: e.conflicts,
                decisions: e.decisions,
                complete: e.complete,
            }),
            stopped: r.stopped.map(|why| why.to_string()),
            se: se.as_ref().map(super::SeJson::from),
            hardest: se.as_ref().map(|se| se.hardest.map(|t| t.name())),
            hodoku: r
                .hodoku
                .as_ref()
                .map(|p| super::HodokuJson::from(&p.hodoku_rating())),
        }
    }
}

/// The report object of `rate`: the rating's members, then `puzzle`, `status` and
/// `file` (when several files are rated), in the order `rate --json` has always used.
#[derive(serde::Serialize)]
struct RateJson {
    #[serde(flatten)]
    rating: RatingJson,
    puzzle: usize,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
}

/// The JSON members of a rating (`difficulty`, `score`, the counts, `search`).
pub fn rating_json(r: &Rating) -> serde_json::Value {
    super::to_json(&RatingJson::of(r))
}

/// The report of a rating: its words and its JSON members, then `puzzle` and `status`
/// (and `file` when several files are rated).
pub(crate) fn report(label: &super::Label, r: &Rating) -> super::Report {
    let j = super::to_json(&RateJson {
        rating: RatingJson::of(r),
        puzzle: label.index,
        status: if r.stopped.is_some() {
            "unknown"
        } else {
            "unique"
        },
        file: label.file.clone(),
    });
    let conclusion = r.stopped.map_or(
        gridsat_sat::Conclusion::Answered,
        gridsat_sat::Conclusion::Unknown,
    );
    super::Report::new(conclusion, j, format!("{}: {}", label.text, rating_text(r)))
}

/// A puzzle without exactly one solution, or one the solver could not settle in time:
/// not rated.
pub(crate) fn not_rated(label: &super::Label, a: &crate::solve::Answer) -> super::Report {
    use super::answer::StatusJson;
    use gridsat_sat::Concludes as _;
    let status = a.verdict.name();
    if a.verdict == crate::solve::Verdict::Unknown {
        let reason = a.stopped.map_or("stopped".into(), |r| r.to_string());
        return super::Report::new(
            a.conclusion(),
            StatusJson::reason(label, status, Some(reason.clone())),
            format!("{}: unknown ({reason}: not rated)", label.text),
        );
    }
    super::Report::new(
        a.conclusion(),
        StatusJson::reason(label, status, None),
        format!(
            "{}: {} (only puzzles with one solution are rated)",
            label.text, a.verdict
        ),
    )
}
