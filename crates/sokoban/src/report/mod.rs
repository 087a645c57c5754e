//! What a solve came to, as the command line prints it (text), as `--json` prints it
//! (one object), and what it amounts to: the command line, the Python package and the
//! web server all print these, so their answers are the same objects.

use crate::model::Level;
use crate::solve::{Optimize, Outcome, Verdict};
mod certificate;
mod fields;
mod json;
mod options;
mod replay;
mod request;

pub use fields::FieldError;
pub use json::{LevelJson, LevelsJson, SolveJson, StatsJson, VerifyJson};
pub use options::OptionsJson;
pub use replay::{FrameJson, ReplayJson, replay_level, replay_request};

pub use certificate::{
    CertificateError, Certified, ClosureError, MAX_CLOSURE, PushBacking, manifest_header,
    write_certificate, write_certificate_with,
};

pub use request::{
    RequestError, SolveRequest, VerifyRequest, default_options, level_json, options, read_level,
    read_levels, solve, verify, verify_level,
};

/// "no plan of at most P pushes", saying which bound came from parity rather than from
/// the solver (a push count of the wrong parity is impossible).
fn no_plan(p: usize, unit: &str, parity: Option<usize>) -> String {
    match parity {
        Some(q) if unit == "pushes" && p > 0 && p % 2 != q => format!(
            "no plan of at most {p} pushes: {} unsatisfiable, {p} by parity",
            p - 1
        ),
        _ => format!("no plan of at most {p} {unit}"),
    }
}

/// The optimality claim of a `pushes,moves` plan.
fn lexicographic(r: &Outcome) -> String {
    let (moves, pushes) = (r.moves.unwrap_or(0), r.pushes.unwrap_or(0));
    let mut s = format!(", {moves} moves, {pushes} pushes, push-optimal");
    if let Some(p) = r.push_proven_below {
        s.push_str(&format!(" ({})", no_plan(p, "pushes", r.stats.push_parity)));
    }
    match (r.optimal, r.proven_below) {
        (Some(Optimize::PushesMoves), Some(m)) => s.push_str(&format!(
            ", then move-optimal (none of {pushes} pushes and at most {m} moves)"
        )),
        (Some(Optimize::PushesMoves), None) => s.push_str(", then move-optimal"),
        (_, Some(m)) => s.push_str(&format!(
            ", fewest moves not proven (time limit; none of {pushes} pushes and at most {m} moves)"
        )),
        (_, None) => s.push_str(", fewest moves not proven (time limit)"),
    }
    s
}

/// The optimality claim of a plan in one unit.
fn single(r: &Outcome) -> String {
    let unit = if r.optimize == Optimize::Pushes {
        "pushes"
    } else {
        "moves"
    };
    let mut s = format!(
        ", {} moves, {} pushes",
        r.moves.unwrap_or(0),
        r.pushes.unwrap_or(0)
    );
    let by_search = matches!(r.search, Some("astar" | "any"));
    match (r.optimal, r.proven_below, &r.proof) {
        (Some(o), _, Some(proof)) if by_search => {
            s.push_str(&format!(", {}-optimal ({proof})", o.unit()))
        }
        (None, _, Some(proof)) if by_search => {
            s.push_str(&format!(", not proven optimal ({proof})"))
        }
        (Some(o), Some(p), _) => s.push_str(&format!(
            ", {}-optimal ({})",
            o.unit(),
            no_plan(p, unit, r.stats.push_parity)
        )),
        (Some(o), None, _) => s.push_str(&format!(", {}-optimal", o.unit())),
        (None, Some(p), _) => s.push_str(&format!(
            ", not proven optimal (time limit; {})",
            no_plan(p, unit, r.stats.push_parity)
        )),
        (None, None, _) => s.push_str(", not proven optimal (time limit)"),
    }
    s
}

/// `level 1: solved, 33 moves, 8 pushes, push-optimal (…) [0.01 s]` and the plan.
pub fn report_text(level: &Level, r: &Outcome) -> String {
    let mut s = format!("level {}: {}", level.title, r.verdict.name());
    match r.verdict {
        Verdict::Solved if r.optimize == Optimize::PushesMoves && r.optimal.is_some() => {
            s.push_str(&lexicographic(r))
        }
        Verdict::Solved => s.push_str(&single(r)),
        _ => {
            if let Some(why) = &r.reason {
                s.push_str(&format!(": {why}"));
            }
        }
    }
    s.push_str(&format!(" [{:.2} s]\n", r.stats.seconds));
    if let Some(p) = &r.plan {
        s.push_str(&p.to_string());
        s.push('\n');
    }
    s
}

/// The JSON object of a solve of `level` read from `file` (`Display` prints it as one
/// line of JSON, as `--json` does).
pub fn report_json(file: &str, level: &Level, r: &Outcome) -> SolveJson {
    SolveJson::new(file, level, r)
}
