//! Questions about a level as a program asks them: the web server's JSON bodies and the
//! Python package's keyword arguments become these requests, answered with the same
//! objects the command line prints.

use super::report_json;
use crate::io::{Format, ParseError, board_text, parse_levels, select_levels};
use crate::model::{Level, Plan};
use crate::replay::{play, summary};
use crate::search::Progress;
use crate::solve::{CadicalConfig, Optimize, Report, SolveError, SolveOptions, solve_level};
use gridsat_sat::{BackendSpec, Budget};
use serde_json::{Value, json};
use std::time::Duration;

/// A solve of one level, every option by name as the command line takes it.
#[derive(Clone, Debug, Default, PartialEq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct SolveRequest {
    /// The level file's text (XSB or course format).
    pub level: String,
    /// Which level of the text: its title or 1-based number (default: the only one).
    pub number: Option<String>,
    /// What to minimise: `pushes` (default), `moves`, `pushes,moves`.
    pub optimize: Option<String>,
    /// Only plans of at most this many moves count.
    pub max_moves: Option<usize>,
    /// Only plans of at most this many pushes count.
    pub max_pushes: Option<usize>,
    /// The SAT solver (`cadical` by default).
    pub solver: Option<String>,
    /// Seconds the solve may take (at most what the caller allows).
    pub time_limit: Option<f64>,
    /// Which search proves push optima: `auto` (default: A* over push states, then the
    /// SAT horizon search from its bound), `astar`, or `horizon` (the SAT search alone).
    pub search: Option<String>,
}

/// A plan to replay on one level.
#[derive(Clone, Debug, Default, PartialEq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct VerifyRequest {
    /// The level file's text.
    pub level: String,
    /// Which level of the text (default: the only one).
    pub number: Option<String>,
    /// The plan: LURD letters in any case, or the course output `R D R …`.
    pub plan: String,
}

/// Why a request got no answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    /// A member has a value gridsat does not take.
    #[error("{field}: {message}")]
    Option {
        /// The member.
        field: &'static str,
        /// What is wrong with it.
        message: String,
    },
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
            return Err(RequestError::Option {
                field: "number",
                message: format!("the text holds {} levels: choose one", levels.len()),
            });
        }
    };
    let chosen = select_levels(&levels, &which).filter(|v| v.len() == 1);
    chosen
        .map(|v| v[0].clone())
        .ok_or_else(|| RequestError::Option {
            field: "number",
            message: format!(
                "no level titled or numbered {which:?} (the text holds {} levels)",
                levels.len()
            ),
        })
}

/// The options `gridsat sokoban solve` uses by default for `optimize`: CaDiCaL tuned
/// for unsatisfiable formulas and a stride of 8 for pushes, its defaults and a stride
/// of 2 for moves.
pub fn default_options(optimize: Optimize) -> SolveOptions {
    let mut o = SolveOptions::new(optimize);
    let moves = optimize == Optimize::Moves;
    o.backend = BackendSpec::Cadical;
    o.stride = if moves { 2 } else { 8 };
    o.cadical_config = Some(if moves {
        CadicalConfig::Default
    } else {
        CadicalConfig::Unsat
    });
    o
}

impl SolveRequest {
    /// The level asked about.
    pub fn level(&self) -> Result<Level, RequestError> {
        read_level(&self.level, self.number.as_deref())
    }

    /// The time limit asked for, if any.
    pub fn time_limit(&self) -> Result<Option<Duration>, RequestError> {
        self.time_limit
            .map(gridsat_sat::seconds)
            .transpose()
            .map_err(|e| RequestError::Option {
                field: "time_limit",
                message: e.to_string(),
            })
    }

    /// The solve options; `external` says whether an external solver may be named.
    pub fn options(&self, level: &Level, external: bool) -> Result<SolveOptions, RequestError> {
        let optimize = match &self.optimize {
            Some(s) => {
                s.parse()
                    .map_err(|e: gridsat_sat::names::UnknownName| RequestError::Option {
                        field: "optimize",
                        message: e.to_string(),
                    })?
            }
            None => Optimize::Pushes,
        };
        let mut o = default_options(optimize);
        if let Some(s) = &self.solver {
            o.backend =
                s.parse()
                    .map_err(|e: gridsat_sat::BackendSpecError| RequestError::Option {
                        field: "solver",
                        message: e.to_string(),
                    })?;
        }
        if !external && matches!(o.backend, BackendSpec::External(_)) {
            return Err(RequestError::Option {
                field: "solver",
                message: "external solver programs are not run here; use cadical, batsat or auto"
                    .into(),
            });
        }
        o.max_moves = self.max_moves.or(level.max_moves);
        o.max_pushes = self.max_pushes;
        if let Some(s) = &self.search {
            o.search =
                s.parse()
                    .map_err(|e: gridsat_sat::names::UnknownName| RequestError::Option {
                        field: "search",
                        message: e.to_string(),
                    })?;
        }
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
) -> Result<(Level, Report, Value), RequestError> {
    let level = req.level()?;
    let opts = req.options(&level, external)?;
    let report = solve_level(&level, &opts, budget, progress).map_err(RequestError::Solve)?;
    let json = report_json("level", &level, &report);
    Ok((level, report, json))
}

/// Replays the plan: `valid` (it solves the level), `moves`, `pushes`, `solved`, the
/// plan with pushes in capitals, and `error` when it cannot be played.
pub fn verify(req: &VerifyRequest) -> Result<Value, RequestError> {
    let level = read_level(&req.level, req.number.as_deref())?;
    Ok(verify_level(&level, &req.plan))
}

/// [`verify`] of a level already read (the Python package keeps levels as objects).
pub fn verify_level(level: &Level, plan: &str) -> Value {
    let played = plan
        .parse::<Plan>()
        .map_err(|e| e.to_string())
        .and_then(|p| play(level, &p).map_err(|e| e.to_string()));
    match played {
        Err(e) => json!({"level": level.title, "valid": false, "solved": false, "error": e}),
        Ok(played) => {
            let r = summary(level, &played);
            json!({
                "level": level.title,
                "valid": r.solved,
                "solved": r.solved,
                "moves": r.moves,
                "pushes": r.pushes,
                "plan": played.plan.to_string(),
                "boxes_off_goal": r.boxes.iter().filter(|&&b| !level.goals[b]).count(),
            })
        }
    }
}

/// A level as a program needs it: `title`, `number`, `width`, `height`, `rows` (the
/// XSB text's rows), `boxes`, `goals`, `max_moves`.
pub fn level_json(level: &Level) -> Value {
    let text = board_text(level);
    let rows: Vec<&str> = text.lines().collect();
    json!({
        "title": level.title,
        "number": level.number,
        "width": level.width,
        "height": level.height,
        "rows": rows,
        "boxes": level.boxes.len(),
        "goals": level.goals.iter().filter(|&&g| g).count(),
        "max_moves": level.max_moves,
    })
}
