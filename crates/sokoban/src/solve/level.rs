//! `solve_level`: one level, in one encoding or (for `pushes,moves`) the push encoding
//! and then the move encoding under the push optimum.

use super::error::SolveError;
use super::one::solve_one;
use super::options::{Optimize, SolveOptions};
use super::report::Outcome;
use crate::model::{Level, Plan};
use crate::search::Progress;
use gridsat_sat::Budget;
use std::time::Instant;

/// Solves one level within `budget`: unsolvable levels are recognised first, plans are
/// verified by the replay simulator before they are returned. `progress` hears about
/// every solver call.
///
/// ```no_run
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use gridsat_sat::Budget;
/// use gridsat_sokoban::{Format, Optimize, SolveOptions, Verdict, parse_levels, solve_level};
/// let levels = parse_levels(&std::fs::read_to_string("levels.xsb")?, "levels.xsb", Format::Auto)?;
/// let budget = Budget::unlimited().with_time_limit(Some(std::time::Duration::from_secs(60)));
/// let report = solve_level(&levels[0], &SolveOptions::new(Optimize::Pushes), &budget, None)?;
/// if report.verdict == Verdict::Solved {
///     println!("{}", report.plan.unwrap()); // LURD; `Plan::to_course()` gives `U D L R …`
/// }
/// # Ok(())
/// # }
/// ```
pub fn solve_level(
    level: &Level,
    opts: &SolveOptions,
    budget: &Budget,
    mut progress: Option<&mut dyn FnMut(&Progress)>,
) -> Result<Outcome, SolveError> {
    if opts.optimize != Optimize::PushesMoves {
        return solve_one(level, opts, budget, progress, None);
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
        solve_one(level, &first, budget, Some(&mut forward), None)?
    };
    let (Some(plan), Some(pushes), Some(moves), Some(Optimize::Pushes)) =
        (&pushed.plan, pushed.pushes, pushed.moves, pushed.optimal)
    else {
        // No push-optimal plan proven: nothing to minimise moves over.
        return Ok(Outcome {
            optimize: Optimize::PushesMoves,
            ..pushed
        });
    };
    let mut r = fewest_moves(level, opts, budget, progress, (plan.clone(), moves), pushes)?;
    r.stats.seconds = began.elapsed().as_secs_f64();
    r.stats.lower_bound = pushed.stats.lower_bound;
    r.stats.push_parity = pushed.stats.push_parity;
    r.push_proven_below = pushed.proven_below;
    Ok(r)
}

/// Fewest moves with at most `pushes` pushes (no plan has fewer), starting just below
/// the push-optimal plan's moves (`seed`: the plan and its moves).
fn fewest_moves(
    level: &Level,
    opts: &SolveOptions,
    budget: &Budget,
    progress: Option<&mut dyn FnMut(&Progress)>,
    seed: (Plan, usize),
    pushes: usize,
) -> Result<Outcome, SolveError> {
    let mut second = opts.clone();
    second.optimize = Optimize::Moves;
    second.moves.max_pushes = Some(pushes);
    let mut r = solve_one(level, &second, budget, progress, Some(seed))?;
    r.optimize = Optimize::PushesMoves;
    if r.pushes != Some(pushes) {
        return Err(SolveError::PushesChanged {
            found: r.pushes,
            optimum: pushes,
        });
    }
    r.optimal = Some(if r.optimal.is_some() {
        Optimize::PushesMoves
    } else {
        Optimize::Pushes
    });
    Ok(r)
}
