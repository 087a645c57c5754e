//! Questions about a level as a program asks them: the web server's JSON bodies and the
//! Python package's keyword arguments become these requests, answered with the same
//! objects the command line prints.

use super::fields::{self, FieldError};
use super::json::{LevelJson, SolveJson, VerifyJson};
use super::options::OptionsJson;
use super::report_json;
use crate::io::{Format, ParseError, parse_levels, select_levels};
use crate::model::{Level, Plan};
use crate::replay::{play, summary};
use crate::search::Progress;
use crate::solve::{Optimize, Outcome, Search, SolveError, SolveOptions, solve_level};
use gridsat_sat::{BackendSpec, Budget};
use std::time::Duration;

/// A solve of one level as a program asks for it (the server's JSON body, the Python
/// package's keyword arguments): every member read by its type, unknown members refused,
/// and a value that does not fit refused with a [`FieldError`] naming the member.
/// Members left out take the defaults of [`SolveOptions::new`], which the command line
/// runs too.
#[derive(Clone, Debug, Default, PartialEq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct SolveRequest {
    /// The level file's text (XSB or course format).
    pub level: String,
    /// Which level of the text: its title or 1-based number, as text or as a number
    /// (default: the only one).
    #[serde(deserialize_with = "fields::number")]
    pub number: Option<String>,
    /// What to minimise (default [`Optimize::Pushes`]).
    #[serde(deserialize_with = "fields::optimize")]
    pub optimize: Option<Optimize>,
    /// Only plans of at most this many moves count (default: a course file's limit).
    #[serde(deserialize_with = "fields::max_moves")]
    pub max_moves: Option<usize>,
    /// Only plans of at most this many pushes count.
    #[serde(deserialize_with = "fields::max_pushes")]
    pub max_pushes: Option<usize>,
    /// The SAT solver by its command-line spec (default CaDiCaL).
    #[serde(deserialize_with = "fields::solver")]
    pub solver: Option<BackendSpec>,
    /// Seconds the solve may take (at most what the caller allows).
    #[serde(deserialize_with = "fields::time_limit")]
    pub time_limit: Option<Duration>,
    /// Which search proves push optima (default [`Search::Auto`]).
    #[serde(deserialize_with = "fields::search")]
    pub search: Option<Search>,
}

/// A plan to replay on one level.
#[derive(Clone, Debug, Default, PartialEq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct VerifyRequest {
    /// The level file's text.
    pub level: String,
    /// Which level of the text, by title or 1-based number (default: the only one).
    #[serde(deserialize_with = "fields::number")]
    pub number: Option<String>,
    /// The plan: LURD letters in any case, or the course output `R D R …`.
    pub plan: String,
}

/// Why a request got no answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    /// A member has a value gridsat does not take.
    #[error(transparent)]
    Field(FieldError),
    /// The level text cannot be read.
    #[error(transparent)]
    Parse(ParseError),
    /// The solver failed, or a plan failed its replay (a bug).
    #[error(transparent)]
    Solve(SolveError),
}

impl RequestError {
    /// Whether the request itself is at fault (HTTP 400, a Python `ValueError`).
    pub fn is_bad_input(&self) -> bool {
        !matches!(self, RequestError::Solve(_))
    }
}

/// Every level of `text` (`name` is the file name errors give).
pub fn read_levels(text: &str, name: &str) -> Result<Vec<Level>, RequestError> {
    parse_levels(text, name, Format::Auto).map_err(RequestError::Parse)
}

/// The level `number` names (title or 1-based number) among those of `text`; without
/// a number, the only level.
pub fn read_level(text: &str, number: Option<&str>) -> Result<Level, RequestError> {
    let levels = read_levels(text, "level")?;
    let which = match number {
        Some(n) => n.to_string(),
        None if levels.len() == 1 => "1".into(),
        None => {
            return Err(RequestError::Field(FieldError::new(
                "number",
                format!("the text holds {} levels: choose one", levels.len()),
            )));
        }
    };
    let chosen = select_levels(&levels, &which).filter(|v| v.len() == 1);
    chosen.map(|v| v[0].clone()).ok_or_else(|| {
        RequestError::Field(FieldError::new(
            "number",
            format!(
                "no level titled or numbered {which:?} (the text holds {} levels)",
                levels.len()
            ),
        ))
    })
}

/// The options `gridsat sokoban solve`, the web server and the Python package start
/// from for `optimize`: exactly [`SolveOptions::new`], kept by this name for its callers.
pub fn default_options(optimize: Optimize) -> SolveOptions {
    SolveOptions::new(optimize)
}

impl SolveRequest {
    /// The level asked about.
    pub fn level(&self) -> Result<Level, RequestError> {
        read_level(&self.level, self.number.as_deref())
    }

    /// The time limit asked for, if any.
    pub fn time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// The solve options: the library's defaults for the goal, then the members given;
    /// `external` says whether an external solver may be named.
    pub fn options(&self, level: &Level, external: bool) -> Result<SolveOptions, RequestError> {
        let mut o = default_options(self.optimize.unwrap_or_default());
        if let Some(spec) = &self.solver {
            o.backend = spec.clone();
        }
        if !external {
            o.backend
                .refuse_external()
                .map_err(|message| RequestError::Field(FieldError::new("solver", message)))?;
        }
        o.max_moves = self.max_moves.or(level.max_moves);
        o.max_pushes = self.max_pushes;
        o.search = self.search.unwrap_or_default();
        Ok(o)
    }
}

/// Solves the request's level within `budget`, calling `progress` at each horizon; the
/// report's plan has been replayed by the independent simulator.
pub fn solve(
    req: &SolveRequest,
    budget: &Budget,
    external: bool,
    progress: Option<&mut dyn FnMut(&Progress)>,
) -> Result<(Level, Outcome, SolveJson), RequestError> {
    let level = req.level()?;
    let opts = req.options(&level, external)?;
    let report = solve_level(&level, &opts, budget, progress).map_err(RequestError::Solve)?;
    let json = report_json("level", &level, &report);
    Ok((level, report, json))
}

/// The options [`solve`] would run the request with (`POST /api/sokoban/options`,
/// Python's `gridsat.sokoban.options`), without solving.
pub fn options(req: &SolveRequest, external: bool) -> Result<OptionsJson, RequestError> {
    let level = req.level()?;
    Ok(OptionsJson::new(&req.options(&level, external)?))
}

/// Replays the plan: `valid` (it solves the level), `moves`, `pushes`, `solved`, the
/// plan with pushes in capitals, and `error` when it cannot be played.
pub fn verify(req: &VerifyRequest) -> Result<VerifyJson, RequestError> {
    let level = read_level(&req.level, req.number.as_deref())?;
    Ok(verify_level(&level, &req.plan))
}

/// [`verify`] of a level already read (the Python package keeps levels as objects).
pub fn verify_level(level: &Level, plan: &str) -> VerifyJson {
    let played = plan
        .parse::<Plan>()
        .map_err(|e| e.to_string())
        .and_then(|p| play(level, &p).map_err(|e| e.to_string()));
    let mut out = VerifyJson {
        level: level.title.clone(),
        valid: false,
        solved: false,
        moves: None,
        pushes: None,
        plan: None,
        boxes_off_goal: None,
        error: None,
    };
    match played {
        Err(e) => out.error = Some(e),
        Ok(played) => {
            let r = summary(level, &played);
            out.valid = r.solved;
            out.solved = r.solved;
            out.moves = Some(r.moves);
            out.pushes = Some(r.pushes);
            out.plan = Some(played.plan.to_string());
            out.boxes_off_goal = Some(r.boxes.iter().filter(|&&b| !level.goals[b]).count());
        }
    }
    out
}

/// A level as a program needs it: `title`, `number`, `width`, `height`, `rows` (the
/// XSB text's rows), `boxes`, `goals`, `max_moves`.
pub fn level_json(level: &Level) -> LevelJson {
    LevelJson::new(level)
}
