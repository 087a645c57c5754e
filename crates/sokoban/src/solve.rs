//! Solving one level end to end: early verdicts, the search, replay verification.

use crate::board::{Board, Unsolvable};
use crate::bound::matching_bound;
use crate::encode_moves::{MoveEncoding, MoveOptions};
use crate::level::Level;
use crate::replay::verify;
use crate::search::{HorizonEncoding, Progress, SearchLimits, SearchStats, Verdict, search};
use crate::seed::{SeedLimits, seed_plan};
use gridsat_sat::{BackendSpec, Interrupt};
use std::time::{Duration, Instant};

/// What to minimise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Optimize {
    /// Fewest moves (the time-indexed move encoding).
    Moves,
    /// Fewest pushes (the push encoding with player reachability).
    #[default]
    Pushes,
    /// Fewest pushes, then the fewest moves among plans with that many pushes (the push
    /// encoding, then the move encoding with a push budget).
    PushesMoves,
}

impl Optimize {
    /// The name used in output.
    pub fn name(self) -> &'static str {
        match self {
            Optimize::Moves => "moves",
            Optimize::Pushes => "pushes",
            Optimize::PushesMoves => "pushes,moves",
        }
    }

    /// The singular unit of the horizons asked last: "move" or "push".
    pub fn unit(self) -> &'static str {
        match self {
            Optimize::Moves | Optimize::PushesMoves => "move",
            Optimize::Pushes => "push",
        }
    }
}

/// Options of [`solve_level`].
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// What to minimise.
    pub optimize: Optimize,
    /// Only plans of at most this many moves count.
    pub max_moves: Option<usize>,
    /// Only plans of at most this many pushes count.
    pub max_pushes: Option<usize>,
    /// Give up after this long.
    pub time_limit: Option<Duration>,
    /// Give up when this flag is raised.
    pub interrupt: Option<Interrupt>,
    /// The SAT solver.
    pub backend: BackendSpec,
    /// Switches of the move encoding.
    pub moves: MoveOptions,
    /// Switches of the push encoding.
    pub pushes: crate::encode_pushes::PushOptions,
    /// Horizon stride while no plan is known (0 or 1: one step at a time).
    pub stride: usize,
    /// CaDiCaL's option set (`default`, `plain`, `sat`, `unsat`) when the backend is
    /// CaDiCaL; `None` keeps the backend's default.
    pub cadical_config: Option<String>,
    /// Push mode: skip the weighted A* search for a first plan (see [`crate::seed`]),
    /// so that the solver climbs from the lower bound.
    pub no_seed: bool,
    /// Keep assuming `goal(T)` below a known plan instead of adding it as a unit clause
    /// (for measurement).
    pub assume_goals: bool,
}

/// The verdict on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A verified plan.
    Solved,
    /// No plan within the given bound.
    NoPlan,
    /// The level has no solution at all (found before searching).
    Unsolvable,
    /// A limit stopped the search.
    Unknown,
}

impl Status {
    /// The name used in output.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::NoPlan => "no-plan",
            Status::Unsolvable => "unsolvable",
            Status::Unknown => "unknown",
        }
    }
}

/// Sizes and times of a solve.
#[derive(Clone, Debug, Default)]
pub struct SolveStats {
    /// Variables of the final formula.
    pub variables: u32,
    /// Clauses of the final formula.
    pub clauses: usize,
    /// Clauses per family of the final formula.
    pub families: Vec<(String, usize)>,
    /// Solver calls.
    pub calls: usize,
    /// Refinements of spurious models.
    pub refinements: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Seconds inside the solver.
    pub solve_seconds: f64,
    /// The admissible lower bound the search started from.
    pub lower_bound: usize,
    /// The parity (0 even, 1 odd) every plan's push count has, when the push search
    /// used it: an unsatisfiable horizon `h` then also rules out `h + 1` pushes.
    pub push_parity: Option<usize>,
}

/// The answer for one level.
#[derive(Clone, Debug)]
pub struct Report {
    /// The verdict.
    pub status: Status,
    /// The verified plan, when solved.
    pub plan: Option<String>,
    /// Moves of the plan.
    pub moves: Option<usize>,
    /// Pushes of the plan.
    pub pushes: Option<usize>,
    /// What the plan is proven optimal for.
    pub optimal: Option<Optimize>,
    /// The last horizon asked.
    pub horizon: Option<usize>,
    /// The largest horizon proven to have no plan (in the unit of `optimize`; moves for
    /// `pushes,moves`, among plans with the optimal pushes).
    pub proven_below: Option<usize>,
    /// For `pushes,moves`: the largest number of pushes proven to admit no plan.
    pub push_proven_below: Option<usize>,
    /// The unit of horizons.
    pub optimize: Optimize,
    /// Why the level is unsolvable, or what limit stopped the search.
    pub reason: Option<String>,
    /// Sizes and times.
    pub stats: SolveStats,
}

/// A plan that failed verification or a solver error (both bugs or broken solvers).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The solver could not be built or failed.
    #[error("solver failure: {0}")]
    Solver(String),
    /// A decoded plan did not replay to a solution.
    #[error("the plan found does not pass verification ({0}); this is a bug")]
    Verification(String),
}

impl Report {
    fn empty(status: Status, optimize: Optimize) -> Report {
        Report {
            status,
            plan: None,
            moves: None,
            pushes: None,
            optimal: None,
            horizon: None,
            proven_below: None,
            push_proven_below: None,
            optimize,
            reason: None,
            stats: SolveStats::default(),
        }
    }
}

/// An admissible lower bound on the number of moves: the matching bound on pushes plus
/// the walk to the nearest box.
pub fn move_lower_bound(board: &Board) -> usize {
    let pushes = matching_bound(board).unwrap_or(0) as usize;
    if pushes == 0 {
        return 0;
    }
    let walk = board.walk_distances(board.player);
    let approach = board
        .boxes
        .iter()
        .flat_map(|&b| board.nb[b as usize].into_iter().flatten())
        .map(|n| walk[n as usize] as usize)
        .min()
        .unwrap_or(0);
    pushes + approach
}

/// The solver of a search: the backend asked for, with CaDiCaL's option set applied.
fn build_backend(
    opts: &SolveOptions,
) -> Result<Box<dyn gridsat_sat::Backend>, gridsat_sat::SolverError> {
    match (&opts.backend, opts.cadical_config.as_deref()) {
        (BackendSpec::Cadical | BackendSpec::Auto, Some(c)) if c != "default" => Ok(Box::new(
            gridsat_sat::solver::CadicalBackend::with_config(c)?,
        )),
        _ => opts.backend.build(),
    }
}

/// Solves one level: unsolvable levels are recognised first, plans are verified by the
/// replay simulator before they are returned.
pub fn solve_level(
    level: &Level,
    opts: &SolveOptions,
    mut progress: Option<&mut dyn FnMut(&Progress)>,
) -> Result<Report, SolveError> {
    if opts.optimize != Optimize::PushesMoves {
        return solve_one(level, opts, progress, None);
    }
    let began = Instant::now();
    let mut first = opts.clone();
    first.optimize = Optimize::Pushes;
    let pushed = {
        let mut forward = |p: &Progress| {
            if let Some(f) = progress.as_mut() {
                f(p)
            }
        };
        solve_one(level, &first, Some(&mut forward), None)?
    };
    let (Some(plan), Some(pushes), Some(moves), Some(Optimize::Pushes)) =
        (&pushed.plan, pushed.pushes, pushed.moves, pushed.optimal)
    else {
        // No push-optimal plan proven: nothing to minimise moves over.
        return Ok(Report {
            optimize: Optimize::PushesMoves,
            ..pushed
        });
    };
    // Fewest moves with at most that many pushes (no plan has fewer), starting just
    // below the push-optimal plan's moves.
    let mut second = opts.clone();
    second.optimize = Optimize::Moves;
    second.moves.max_pushes = Some(pushes);
    second.time_limit = opts.time_limit.map(|t| t.saturating_sub(began.elapsed()));
    let seed = Some((plan.clone(), moves));
    let mut r = solve_one(level, &second, progress, seed)?;
    r.optimize = Optimize::PushesMoves;
    r.stats.seconds = began.elapsed().as_secs_f64();
    r.stats.lower_bound = pushed.stats.lower_bound;
    r.stats.push_parity = pushed.stats.push_parity;
    if r.pushes != Some(pushes) {
        return Err(SolveError::Verification(format!(
            "the move phase returned a plan of {:?} pushes, the proven optimum is {pushes}",
            r.pushes
        )));
    }
    r.optimal = Some(if r.optimal.is_some() {
        Optimize::PushesMoves
    } else {
        Optimize::Pushes
    });
    r.push_proven_below = pushed.proven_below;
    Ok(r)
}

/// One search in one encoding, optionally starting below a known plan (`seed`: LURD
/// and its cost in the unit of `opts.optimize`).
fn solve_one(
    level: &Level,
    opts: &SolveOptions,
    progress: Option<&mut dyn FnMut(&Progress)>,
    given_seed: Option<(String, usize)>,
) -> Result<Report, SolveError> {
    let began = Instant::now();
    let deadline = opts.time_limit.map(|d| began + d);
    let board = match Board::new(level) {
        Ok(b) => b,
        Err(Unsolvable(why)) => {
            let mut r = Report::empty(Status::Unsolvable, opts.optimize);
            r.reason = Some(why);
            return Ok(r);
        }
    };
    let mut solver = build_backend(opts).map_err(|e| SolveError::Solver(e.to_string()))?;
    let (mut enc, start, max, parity): (Box<dyn HorizonEncoding>, usize, Option<usize>, _) =
        match opts.optimize {
            Optimize::Moves => {
                let mut mo = opts.moves;
                mo.max_pushes = match (mo.max_pushes, opts.max_pushes) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                (
                    Box::new(MoveEncoding::new(&board, mo)),
                    move_lower_bound(&board),
                    opts.max_moves,
                    None,
                )
            }
            Optimize::Pushes | Optimize::PushesMoves => {
                let lb = matching_bound(&board).unwrap_or(0) as usize;
                let max = match (opts.max_pushes, opts.max_moves) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                let enc = crate::encode_pushes::PushEncoding::new(&board, opts.pushes);
                if let Some((a, b)) = enc.dead_start_pair() {
                    let mut r = Report::empty(Status::Unsolvable, opts.optimize);
                    let ((ra, ca), (rb, cb)) = (board.coords(a), board.coords(b));
                    r.reason = Some(format!(
                        "the boxes at ({ra},{ca}) and ({rb},{cb}) can never both reach goals"
                    ));
                    return Ok(r);
                }
                let parity = enc.parity();
                (Box::new(enc), lb, max, parity)
            }
        };
    let seed = given_seed.or_else(|| {
        (opts.optimize == Optimize::Pushes && !opts.no_seed)
            .then(|| {
                // A tenth of the time limit at most: the seed is a shortcut, not the search.
                let budget = opts.time_limit.map(|t| began + t / 10);
                seed_plan(
                    &board,
                    SeedLimits {
                        deadline: budget,
                        max_pushes: max,
                        interrupt: opts.interrupt.clone(),
                        ..SeedLimits::default()
                    },
                )
            })
            .flatten()
            .map(|s| (s.plan, s.pushes))
    });
    let mut stats = SearchStats::default();
    let verdict = search(
        enc.as_mut(),
        solver.as_mut(),
        SearchLimits {
            start,
            max_horizon: max,
            deadline,
            interrupt: opts.interrupt.clone(),
            stride: opts.stride.max(1),
            seed,
            goal_units: !opts.assume_goals,
            parity,
            progress,
        },
        &mut stats,
    )
    .map_err(SolveError::Solver)?;
    let f = enc.formula();
    let mut report = Report::empty(Status::Unknown, opts.optimize);
    report.stats = SolveStats {
        variables: f.num_vars(),
        clauses: f.num_clauses(),
        families: f
            .families()
            .iter()
            .map(|fam| (fam.name.clone(), fam.clauses))
            .collect(),
        calls: stats.calls,
        refinements: stats.refinements,
        seconds: 0.0,
        solve_seconds: stats.solve_time.as_secs_f64(),
        lower_bound: start,
        push_parity: parity,
    };
    match verdict {
        Verdict::Plan {
            plan,
            horizon,
            optimal,
            proven_below,
        } => {
            let r = verify(level, &plan).map_err(|e| SolveError::Verification(e.to_string()))?;
            let count = match opts.optimize {
                Optimize::Moves => r.moves,
                Optimize::Pushes | Optimize::PushesMoves => r.pushes,
            };
            if count > horizon || (optimal && count != horizon) {
                return Err(SolveError::Verification(format!(
                    "the plan has {count} {} at horizon {horizon}",
                    opts.optimize.name()
                )));
            }
            report.horizon = Some(horizon);
            report.proven_below = proven_below;
            if opts.max_moves.is_some_and(|m| r.moves > m) {
                // A push-optimal plan longer than the move budget: the move encoding
                // decides whether a shorter walk exists.
                let mut sub = opts.clone();
                sub.optimize = Optimize::Moves;
                sub.time_limit = deadline.map(|d| d.saturating_duration_since(Instant::now()));
                let mut inner = solve_level(level, &sub, None)?;
                inner.stats.seconds = began.elapsed().as_secs_f64();
                return Ok(inner);
            }
            report.status = Status::Solved;
            if !optimal {
                report.reason = Some(match proven_below {
                    Some(p) => format!(
                        "stopped before optimality was proven; no plan of at most {p} {} exists",
                        opts.optimize.name()
                    ),
                    None => "stopped before optimality was proven".into(),
                });
            }
            report.plan = Some(plan);
            report.moves = Some(r.moves);
            report.pushes = Some(r.pushes);
            report.optimal = optimal.then_some(opts.optimize);
        }
        Verdict::NoPlan { horizon } => {
            report.status = Status::NoPlan;
            report.horizon = Some(horizon);
            report.proven_below = Some(horizon);
            report.reason = Some(
                if opts.optimize == Optimize::Pushes && opts.max_moves == Some(horizon) {
                    format!(
                        "no plan of at most {horizon} moves (none even with at most {horizon} pushes)"
                    )
                } else {
                    format!("no plan of at most {horizon} {}", opts.optimize.name())
                },
            );
        }
        Verdict::Unknown {
            proven_below,
            horizon,
        } => {
            report.horizon = Some(horizon);
            report.proven_below = proven_below;
            let why = if opts.interrupt.as_ref().is_some_and(|i| i.is_set()) {
                "interrupted"
            } else {
                "time limit reached"
            };
            report.reason = Some(match proven_below {
                Some(p) => format!(
                    "{why} at horizon {horizon}; no plan of at most {p} {} exists",
                    opts.optimize.name()
                ),
                None => format!("{why} at horizon {horizon}"),
            });
        }
    }
    report.stats.seconds = began.elapsed().as_secs_f64();
    Ok(report)
}
