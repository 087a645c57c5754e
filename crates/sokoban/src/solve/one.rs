//! One search in one encoding: analysis, encoding, seed, search, verification, report.

use super::error::SolveError;
use super::options::{CadicalConfig, Optimize, SolveOptions};
use super::report::{Report, SolveStats, Verdict};
use crate::analysis::{Unsolvable, analyse, matching_bound, move_lower_bound};
use crate::encode::{HorizonEncoding, MoveEncoding, PushEncoding};
use crate::model::{Board, Level, Plan};
use crate::replay::verify;
use crate::search::{
    Progress, SearchLimits, SearchOutcome, SearchStats, SeedLimits, search, seed_plan,
};
use gridsat_sat::{Backend, BackendSpec, Budget, SolverError, StopReason};
use std::time::Instant;

/// The smaller of two optional caps.
fn min_cap(a: Option<usize>, b: Option<usize>) -> Option<usize> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The solver of a search: the backend asked for, with CaDiCaL's option set applied.
fn build_backend(opts: &SolveOptions) -> Result<Box<dyn Backend>, SolverError> {
    match (&opts.backend, opts.cadical_config) {
        (BackendSpec::Cadical | BackendSpec::Auto, Some(c)) if c != CadicalConfig::Default => Ok(
            Box::new(gridsat_sat::solver::CadicalBackend::with_config(c.name())?),
        ),
        _ => opts.backend.build(),
    }
}

/// An encoding ready to search: where to start, where to stop, the parity of costs.
struct Prepared {
    enc: Box<dyn HorizonEncoding>,
    start: usize,
    max: Option<usize>,
    parity: Option<usize>,
}

/// The encoding of `opts.optimize` on `board` (or why the level has no solution, from
/// the push encoding's pair table).
fn prepare(board: &Board, opts: &SolveOptions) -> Result<Prepared, Unsolvable> {
    if opts.optimize == Optimize::Moves {
        let mut mo = opts.moves;
        mo.max_pushes = min_cap(mo.max_pushes, opts.max_pushes);
        return Ok(Prepared {
            enc: Box::new(MoveEncoding::new(board, mo)),
            start: move_lower_bound(board),
            max: opts.max_moves,
            parity: None,
        });
    }
    let enc = PushEncoding::new(board, opts.pushes);
    if let Some((a, b)) = enc.dead_start_pair() {
        return Err(Unsolvable::dead_pair(board, a, b));
    }
    Ok(Prepared {
        parity: enc.parity(),
        enc: Box::new(enc),
        start: matching_bound(board).unwrap_or(0) as usize,
        max: min_cap(opts.max_pushes, opts.max_moves),
    })
}

/// A first plan from weighted A* (push mode), within a tenth of the budget: the seed is
/// a shortcut, not the search.
fn seed(
    board: &Board,
    opts: &SolveOptions,
    max: Option<usize>,
    budget: &Budget,
) -> Option<(Plan, usize)> {
    if opts.optimize != Optimize::Pushes || opts.no_seed {
        return None;
    }
    let limits = SeedLimits {
        max_pushes: max,
        ..SeedLimits::default()
    };
    seed_plan(board, &limits, &budget.share(0.1)).map(|s| (s.plan, s.pushes))
}

/// One search in one encoding within `budget`, optionally starting below a known plan
/// (`given_seed`: the plan and its cost in the unit of `opts.optimize`).
pub(super) fn solve_one(
    level: &Level,
    opts: &SolveOptions,
    budget: &Budget,
    progress: Option<&mut dyn FnMut(&Progress)>,
    given_seed: Option<(Plan, usize)>,
) -> Result<Report, SolveError> {
    let began = Instant::now();
    let board = match analyse(level) {
        Ok(b) => b,
        Err(why) => return Ok(Report::unsolvable(why, opts.optimize)),
    };
    let mut solver = build_backend(opts)?;
    let mut p = match prepare(&board, opts) {
        Ok(p) => p,
        Err(why) => return Ok(Report::unsolvable(why, opts.optimize)),
    };
    let seed = given_seed.or_else(|| seed(&board, opts, p.max, budget));
    let limits = SearchLimits {
        start: p.start,
        max_horizon: p.max,
        stride: opts.stride.max(1),
        seed,
        goal_units: !opts.assume_goals,
        parity: p.parity,
        progress,
    };
    let mut stats = SearchStats::default();
    let outcome = search(p.enc.as_mut(), solver.as_mut(), limits, budget, &mut stats)?;
    let mut report = Report::empty(Verdict::Unknown, opts.optimize);
    report.stats = solve_stats(p.enc.as_ref(), &stats, p.start, p.parity);
    match outcome {
        SearchOutcome::Plan {
            plan,
            horizon,
            optimal,
            proven_below,
            stopped,
        } => {
            let r = verify(level, &plan)?;
            let count = match opts.optimize {
                Optimize::Moves => r.moves,
                Optimize::Pushes | Optimize::PushesMoves => r.pushes,
            };
            if count > horizon || (optimal && count != horizon) {
                return Err(SolveError::Cost {
                    cost: count,
                    unit: opts.optimize.name(),
                    horizon,
                });
            }
            if opts.max_moves.is_some_and(|m| r.moves > m) {
                // A push-optimal plan longer than the move budget: the move encoding
                // decides whether a shorter walk exists.
                let mut sub = opts.clone();
                sub.optimize = Optimize::Moves;
                let mut inner = solve_one(level, &sub, budget, None, None)?;
                inner.stats.seconds = began.elapsed().as_secs_f64();
                return Ok(inner);
            }
            report.horizon = Some(horizon);
            report.proven_below = proven_below;
            solved(&mut report, plan, (r.moves, r.pushes), optimal, stopped);
        }
        SearchOutcome::NoPlan { horizon } => no_plan(&mut report, opts, horizon),
        SearchOutcome::Unknown {
            proven_below,
            horizon,
            reason,
        } => unknown(&mut report, horizon, proven_below, reason),
    }
    report.stats.seconds = began.elapsed().as_secs_f64();
    Ok(report)
}

/// The sizes of the final formula and the search's counters.
fn solve_stats(
    enc: &dyn HorizonEncoding,
    stats: &SearchStats,
    lower_bound: usize,
    parity: Option<usize>,
) -> SolveStats {
    let f = enc.formula();
    SolveStats {
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
        lower_bound,
        push_parity: parity,
    }
}

/// A verified plan of `(moves, pushes)`, optimal or stopped before that was proven.
fn solved(
    report: &mut Report,
    plan: Plan,
    (moves, pushes): (usize, usize),
    optimal: bool,
    stopped: Option<StopReason>,
) {
    report.verdict = Verdict::Solved;
    if !optimal {
        report.reason = Some(match report.proven_below {
            Some(p) => format!(
                "stopped before optimality was proven; no plan of at most {p} {} exists",
                report.optimize.name()
            ),
            None => "stopped before optimality was proven".into(),
        });
        report.stopped = Some(stopped.unwrap_or(StopReason::TimeLimit));
    }
    report.plan = Some(plan);
    report.moves = Some(moves);
    report.pushes = Some(pushes);
    report.optimal = optimal.then_some(report.optimize);
}

/// No plan of at most `horizon` (in the unit of the encoding).
fn no_plan(report: &mut Report, opts: &SolveOptions, horizon: usize) {
    report.verdict = Verdict::NoPlan;
    report.horizon = Some(horizon);
    report.proven_below = Some(horizon);
    report.reason = Some(
        if opts.optimize == Optimize::Pushes && opts.max_moves == Some(horizon) {
            format!("no plan of at most {horizon} moves (none even with at most {horizon} pushes)")
        } else {
            format!("no plan of at most {horizon} {}", opts.optimize.name())
        },
    );
}

/// Stopped by `reason` at `horizon`, with what was proven.
fn unknown(report: &mut Report, horizon: usize, proven_below: Option<usize>, reason: StopReason) {
    report.horizon = Some(horizon);
    report.proven_below = proven_below;
    report.stopped = Some(reason);
    let why = match reason {
        StopReason::Interrupted => "interrupted",
        StopReason::MemoryLimit => "memory limit reached",
        _ => "time limit reached",
    };
    report.reason = Some(match proven_below {
        Some(p) => format!(
            "{why} at horizon {horizon}; no plan of at most {p} {} exists",
            report.optimize.name()
        ),
        None => format!("{why} at horizon {horizon}"),
    });
}
