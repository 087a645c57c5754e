//! The JSON objects of Sokoban answers as `Serialize` structs: the keys, their order and
//! their values are those `gridsat sokoban solve --json` has always printed, and the
//! schemas in `docs/schema/sokoban/` describe them.

use crate::io::board_text;
use crate::model::Level;
use crate::solve::{Optimize, Outcome, Verdict};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// The object of one solve (`sokoban solve --json`, the server's `result`, Python's
/// `Plan.to_json()`); schema `docs/schema/sokoban/solve.json`.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct SolveJson {
    /// The file the level was read from.
    pub file: String,
    /// The level's title.
    pub level: String,
    /// Its 1-based position in the file.
    pub number: usize,
    /// The verdict's name.
    pub status: Verdict,
    /// The plan, pushes in capitals.
    pub plan: Option<String>,
    /// Its moves.
    pub moves: Option<usize>,
    /// Its pushes.
    pub pushes: Option<usize>,
    /// What the plan is proven optimal for.
    pub optimal: Option<Optimize>,
    /// What was minimised.
    pub optimize: Optimize,
    /// The horizon of the plan.
    pub horizon: Option<usize>,
    /// No plan of at most this many (of the goal's unit) exists.
    pub proven_no_plan_up_to: Option<usize>,
    /// No plan of at most this many pushes exists (`pushes,moves`).
    pub proven_no_plan_up_to_pushes: Option<usize>,
    /// Why there is no plan, or why the search stopped.
    pub reason: Option<String>,
    /// What proves the answer, in words.
    pub proof: Option<String>,
    /// Which search found the plan.
    pub search: Option<&'static str>,
    /// Whether the plan came from the satisficing mode.
    pub satisficing: bool,
    /// The numbers of the search.
    pub stats: StatsJson,
}

/// The `stats` member of [`SolveJson`].
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct StatsJson {
    /// Boxes of the level.
    pub boxes: usize,
    /// The lower bound on pushes (or moves) before any search.
    pub lower_bound: usize,
    /// `even` or `odd` when every plan's push count has that parity.
    pub push_parity: Option<&'static str>,
    /// Variables of the last formula.
    pub variables: u32,
    /// Its clauses.
    pub clauses: usize,
    /// Solver calls.
    pub solver_calls: usize,
    /// Refinements of the encoding.
    pub refinements: usize,
    /// Seconds in all, rounded to milliseconds.
    pub seconds: f64,
    /// Seconds in the SAT solver, rounded to milliseconds.
    pub solve_seconds: f64,
    /// Clauses of each family, in the order the formula created them.
    #[serde(serialize_with = "ordered_map")]
    pub families: Vec<(String, usize)>,
    /// Push states the A* expanded.
    pub astar_expanded: u64,
    /// Push states it stored.
    pub astar_stored: usize,
    /// Deadlocks it pruned.
    pub astar_deadlocks: u64,
    /// Box subsets it searched alone for a deadlock.
    pub astar_subset_tests: u64,
    /// Deadlock patterns learned (subsets without a plan).
    pub astar_patterns: u64,
    /// Positions pruned by a learned pattern.
    pub astar_pattern_prunes: u64,
    /// Whole positions (and their shrunk subsets) searched for a dead end.
    pub astar_positions: u64,
    /// Patterns learned from whole positions without a plan (in `astar_patterns` too).
    pub astar_dead_ends: u64,
    /// Seconds in the A*, rounded to milliseconds.
    pub astar_seconds: f64,
}

/// A list of pairs as a JSON object, in the list's order.
fn ordered_map<S: Serializer>(pairs: &[(String, usize)], s: S) -> Result<S::Ok, S::Error> {
    let mut m = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        m.serialize_entry(k, v)?;
    }
    m.end()
}

/// Seconds rounded to milliseconds, as the objects print them.
fn millis(seconds: f64) -> f64 {
    (seconds * 1000.0).round() / 1000.0
}

impl SolveJson {
    /// The object of a solve of `level` read from `file`.
    pub fn new(file: &str, level: &Level, r: &Outcome) -> SolveJson {
        SolveJson {
            file: file.to_string(),
            level: level.title.clone(),
            number: level.number,
            status: r.verdict,
            plan: r.plan.as_ref().map(|p| p.to_string()),
            moves: r.moves,
            pushes: r.pushes,
            optimal: r.optimal,
            optimize: r.optimize,
            horizon: r.horizon,
            proven_no_plan_up_to: r.proven_below,
            proven_no_plan_up_to_pushes: r.push_proven_below,
            reason: r.reason.clone(),
            proof: r.proof.clone(),
            search: r.search,
            satisficing: r.satisficing,
            stats: StatsJson::new(level, r),
        }
    }
}

impl StatsJson {
    fn new(level: &Level, r: &Outcome) -> StatsJson {
        let s = &r.stats;
        StatsJson {
            boxes: level.boxes.len(),
            lower_bound: s.lower_bound,
            push_parity: s.push_parity.map(|p| if p == 0 { "even" } else { "odd" }),
            variables: s.variables,
            clauses: s.clauses,
            solver_calls: s.calls,
            refinements: s.refinements,
            seconds: millis(s.seconds),
            solve_seconds: millis(s.solve_seconds),
            families: s.families.clone(),
            astar_expanded: s.astar_expanded,
            astar_stored: s.astar_stored,
            astar_deadlocks: s.astar_deadlocks,
            astar_subset_tests: s.astar_subset_tests,
            astar_patterns: s.astar_patterns,
            astar_pattern_prunes: s.astar_pattern_prunes,
            astar_positions: s.astar_positions,
            astar_dead_ends: s.astar_dead_ends,
            astar_seconds: millis(s.astar_seconds),
        }
    }
}

/// The object of a replayed plan (`POST /api/sokoban/verify`, Python's `verify`); schema
/// `docs/schema/sokoban/verify.json`. A plan that cannot be played has `error` and none
/// of the counts.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct VerifyJson {
    /// The level's title.
    pub level: String,
    /// Whether the plan solves the level.
    pub valid: bool,
    /// Whether every box ends on a goal.
    pub solved: bool,
    /// Moves of the plan.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<usize>,
    /// Pushes of the plan.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pushes: Option<usize>,
    /// The plan with pushes in capitals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<String>,
    /// Boxes not on a goal at the end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boxes_off_goal: Option<usize>,
    /// Why the plan cannot be played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A level as a program needs it (`POST /api/sokoban/parse`, Python's `Level.to_json()`);
/// schema `docs/schema/sokoban/level.json`.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct LevelJson {
    /// The level's title.
    pub title: String,
    /// Its 1-based position in its text.
    pub number: usize,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The XSB text's rows.
    pub rows: Vec<String>,
    /// Boxes.
    pub boxes: usize,
    /// Goals.
    pub goals: usize,
    /// The move limit of a course file.
    pub max_moves: Option<usize>,
    /// The collection of a bundled level (`GET /api/sokoban/levels` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collection: Option<String>,
    /// The level's own text (`GET /api/sokoban/levels` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl LevelJson {
    /// The object of `level`, without `collection` and `text`.
    pub fn new(level: &Level) -> LevelJson {
        LevelJson {
            title: level.title.clone(),
            number: level.number,
            width: level.width,
            height: level.height,
            rows: board_text(level).lines().map(str::to_string).collect(),
            boxes: level.boxes.len(),
            goals: level.goals.iter().filter(|&&g| g).count(),
            max_moves: level.max_moves,
            collection: None,
            text: None,
        }
    }
}

/// A list of levels: `{"levels": [...]}` (`POST /api/sokoban/parse`,
/// `GET /api/sokoban/levels`); schema `docs/schema/sokoban/levels.json`.
#[derive(Clone, Debug, Serialize)]
pub struct LevelsJson {
    /// The levels.
    pub levels: Vec<LevelJson>,
}

/// One line of JSON, as the command line prints it.
macro_rules! display_as_json {
    ($($t:ty),*) => {$(
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let text = serde_json::to_string(self).map_err(|_| std::fmt::Error)?;
                f.write_str(&text)
            }
        }
    )*};
}

display_as_json!(
    SolveJson,
    VerifyJson,
    LevelJson,
    LevelsJson,
    crate::report::OptionsJson
);
