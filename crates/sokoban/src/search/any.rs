//! The satisficing search: a first plan fast (best-first passes over push states, with
//! box moves and with single pushes, and a pull search backwards from the solved
//! position after the first pass, `pull.rs`, sharing the time), then better ones while time
//! remains (windows of the plan searched again by the optimal A*, `window.rs`; weighted
//! A* passes, each only looking for plans shorter than the best so far, and windows
//! again after a new plan), and last the optimal A* below the best plan, whose
//! exhaustion proves it push-optimal. Every pass's plan is returned to be verified like any other; the lower
//! bound is what the passes proved.

use super::astar::{AstarOptions, AstarOutcome, AstarStats, Order, PushTables, astar};
use super::pull::pull_search;
use super::window::shorten;
use crate::analysis::Push;
use crate::halt::Halt;
use crate::model::Board;
use gridsat_sat::Budget;

/// The weights of the improving passes, in quarters (3, 2, 1.5).
const WEIGHTS: [u32; 3] = [12, 8, 6];

/// The part of the time left that each weighted pass may take. Half of it (0.15) left
/// the optimal pass more time but proved nothing more on 14 XSokoban levels at 60 s
/// whose plans are within 4 % of the bound (one bound +2, one plan −4 pushes).
const WEIGHTED_SHARE: f64 = 0.3;

/// The part of the time left that the windows may take after a new plan
/// (`window.rs`); they stop sooner when no window shortens the plan. A quarter, not
/// half: on 24 XSokoban levels at 60 s the plans were the same but for two (+2 and +10
/// pushes), and the optimal pass, which proves, started 15 s sooner.
const WINDOW_SHARE: f64 = 0.25;

/// The part of the time left that the first pass without goal-room cuts gets when
/// every first pass ran out with them; the pass of single pushes that settles whether
/// there is a plan at all gets the rest. Microban 153's plan takes this pass 6–7 s on
/// a loaded machine, where the default mode leaves the passes 11 s.
const UNCUT_SHARE: f64 = 0.8;

/// What the satisficing search found.
#[derive(Clone, Debug, Default)]
pub struct AnyRun {
    /// The best plan's pushes, if any.
    pub best: Option<Vec<Push>>,
    /// No plan has fewer pushes than this (the start's matching bound, or what the
    /// optimal pass exhausted).
    pub lower_bound: u32,
    /// The optimal pass exhausted every state below the best plan: it is push-optimal.
    pub optimal: bool,
    /// A pass without a bound saw every state and none was solved: no plan at all.
    pub no_plan: bool,
    /// The passes run, in words ("greedy: 40 pushes", "A* (w=2): none shorter", …).
    pub passes: Vec<String>,
    /// Counters summed over the passes.
    pub stats: AstarStats,
    /// What stopped the last pass, if a limit did.
    pub halt: Option<Halt>,
}

/// The first passes sharing the time until one finds a plan ([`first_passes`]), then
/// weighted, then optimal passes within `budget`; each improving pass gets part of the
/// time left, the optimal one all of it.
pub fn any_plan(
    board: &Board,
    tables: &mut PushTables,
    base: &AstarOptions,
    budget: &Budget,
) -> AnyRun {
    let mut run = AnyRun::default();
    let mut first = first_plan(board, tables, base, budget, &mut run);
    tables.keep_pulled(None);
    if !first && base.room_cuts && (base.macros || base.box_moves) && run.halt.is_none() {
        // The goal-room cuts lose every plan when the room cannot be filled in the
        // packing order (Microban 153): the first pass again without them, in
        // [`UNCUT_SHARE`] of the time left.
        let (order, box_moves) = first_passes(base)[0];
        let uncut = AstarOptions {
            room_cuts: false,
            box_moves,
            ..base.clone()
        };
        first = pass(
            board,
            tables,
            &uncut,
            order,
            None,
            &budget.share(UNCUT_SHARE),
            &mut run,
        ) == Ended::Plan;
        if !budget.stopped() {
            run.halt = None;
        }
    }
    if !first && (base.macros || base.box_moves) && run.halt.is_none() {
        // Macros lose plans: a greedy pass with them that runs out proves nothing, so
        // the search without them settles it.
        let plain = AstarOptions {
            macros: false,
            box_moves: false,
            ..base.clone()
        };
        let order = first_passes(base)[0].0;
        first = pass(board, tables, &plain, order, None, budget, &mut run) == Ended::Plan;
    }
    run.lower_bound = run.stats.start_bound;
    if !first {
        return run;
    }
    // The improving passes count pushes: single pushes (and macros) serve them better
    // than whole box moves.
    let base = &AstarOptions {
        box_moves: false,
        ..base.clone()
    };
    let mut windowed = None;
    windows(board, base, budget, &mut run, &mut windowed);
    for w in WEIGHTS {
        if budget.stopped()
            || run
                .best
                .as_ref()
                .is_some_and(|b| b.len() as u32 <= run.lower_bound)
        {
            break;
        }
        let below = run.best.as_ref().map(|b| b.len() as u32);
        let ended = pass(
            board,
            tables,
            base,
            Order::Weighted(w),
            below,
            &budget.share(WEIGHTED_SHARE),
            &mut run,
        );
        if ended == Ended::RanOut {
            // The pass saw every state below the best plan (f = g + h < best) and
            // none was solved: a smaller weight would search the same states again.
            // The optimal pass takes the time instead.
            break;
        }
    }
    windows(board, base, budget, &mut run, &mut windowed);
    let below = run.best.as_ref().map(|b| b.len() as u32);
    if !budget.stopped() && below.is_some_and(|b| b > run.lower_bound) {
        pass(board, tables, base, Order::Optimal, below, budget, &mut run);
    }
    if run
        .best
        .as_ref()
        .is_some_and(|b| b.len() as u32 <= run.lower_bound)
    {
        run.optimal = true;
        run.halt = None;
    }
    run
}

/// The pull search (`pull.rs`) within `budget`: true when it reached the start (its
/// plan is `run.best`); otherwise the positions it reached are kept in `tables` for the
/// first passes after it to meet.
fn pulled(
    board: &Board,
    tables: &mut PushTables,
    base: &AstarOptions,
    budget: &Budget,
    run: &mut AnyRun,
) -> bool {
    let Some(pull) = pull_search(board, base.memory / 2, budget) else {
        return false;
    };
    run.stats.expanded += pull.expanded;
    let words = match (&pull.plan, &pull.halt) {
        (Some(p), _) => format!("{} pushes", p.len()),
        (None, Some(h)) => format!("stopped ({h}) with {} positions", pull.pulled.len()),
        (None, None) => format!("ran out with {} positions", pull.pulled.len()),
    };
    run.passes.push(format!("pull search: {words}"));
    match pull.plan {
        Some(p) => {
            run.best = Some(p);
            true
        }
        None => {
            tables.keep_pulled(Some(pull.pulled));
            false
        }
    }
}

/// The best plan shortened by windows of the optimal A* (`window.rs`) within
/// [`WINDOW_SHARE`] of the time left, unless it is as short as the lower bound or it is
/// the plan the windows last returned (`windowed`, its length).
fn windows(
    board: &Board,
    base: &AstarOptions,
    budget: &Budget,
    run: &mut AnyRun,
    windowed: &mut Option<usize>,
) {
    let Some(best) = run.best.take() else {
        return;
    };
    if budget.stopped() || best.len() as u32 <= run.lower_bound || *windowed == Some(best.len()) {
        run.best = Some(best);
        return;
    }
    let (plan, stats) = shorten(board, best, base, &budget.share(WINDOW_SHARE));
    match budget.stop_reason() {
        // The whole search's limit (or Ctrl-C), not only the windows' share.
        Some(reason) => {
            let halt = Halt::Stopped(reason);
            run.passes
                .push(format!("{}: stopped ({halt})", stats.words()));
            run.halt = Some(halt);
        }
        None => run.passes.push(stats.words()),
    }
    run.stats.expanded += stats.search.expanded;
    run.stats.generated += stats.search.generated;
    run.stats.deadlocks += stats.search.deadlocks;
    *windowed = Some(plan.len());
    run.best = Some(plan);
}

/// The first passes in the order they are tried, with or without box moves: by
/// feature cells with box moves, greedy with box moves, then by feature cells (or
/// greedily) with single pushes and macros. Each finds plans the others miss in the
/// same time (XSokoban at 10 s: 24, 23 and 23 levels, 31 together), so they share it.
fn first_passes(base: &AstarOptions) -> Vec<(Order, bool)> {
    let order = if base.features {
        Order::Features
    } else {
        Order::Greedy
    };
    let mut out = Vec::new();
    if base.box_moves {
        out.push((order, true));
        if order != Order::Greedy {
            out.push((Order::Greedy, true));
        }
    }
    out.push((order, false));
    out
}

/// One step of the search for a first plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A first pass in this order, with box moves or not, taking one pop in this many
    /// from a type drawn at random ([`AstarOptions::explore`]; 0: never).
    Pass(Order, bool, u32),
    /// The pull search (`pull.rs`).
    Pull,
}

/// The steps of the search for a first plan: the first passes, and with `pull` the
/// pull search second. A level the first pass solves within its share never pays for
/// the pull search, and the passes after it meet the positions it reached. (First, in a
/// quarter of the time, it cost XSokoban 24 and 28 their plans at 60 s.)
///
/// With `explore`, the first pass dives (no exploring pops), the passes after it
/// explore, and the first pass comes again last, exploring: XSokoban 28 and 74 were
/// solved by the diving first pass and lost when it explored, 24 and 25 the other way
/// round, and the repeat also meets the pull search's positions.
fn first_steps(base: &AstarOptions) -> Vec<Step> {
    let passes = first_passes(base);
    let mut steps: Vec<Step> = (passes.iter().enumerate())
        .map(|(i, &(order, box_moves))| {
            Step::Pass(order, box_moves, if i > 0 { base.explore } else { 0 })
        })
        .collect();
    if base.pull {
        steps.insert(1, Step::Pull);
    }
    if base.explore > 0 {
        let (order, box_moves) = passes[0];
        steps.push(Step::Pass(order, box_moves, base.explore));
    }
    steps
}

/// The first plan: the first steps in turn, each with an equal share of the time left
/// (the last with all of it), until one finds a plan; false when none did (`run.halt`
/// says why, unless the last pass ran out of positions).
fn first_plan(
    board: &Board,
    tables: &mut PushTables,
    base: &AstarOptions,
    budget: &Budget,
    run: &mut AnyRun,
) -> bool {
    let steps = first_steps(base);
    for (i, &step) in steps.iter().enumerate() {
        let part = budget.share(1.0 / (steps.len() - i) as f64);
        run.halt = None;
        let found = match step {
            Step::Pull => pulled(board, tables, base, &part, run),
            Step::Pass(order, box_moves, explore) => {
                // The positions kept from the pull search count against the ceiling.
                let opts = AstarOptions {
                    box_moves,
                    explore,
                    memory: base.memory.saturating_sub(tables.pulled_bytes()),
                    ..base.clone()
                };
                pass(board, tables, &opts, order, None, &part, run) == Ended::Plan
            }
        };
        if found {
            return true;
        }
        if budget.stopped() || run.no_plan {
            return false;
        }
    }
    false
}

/// How a pass ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ended {
    /// With a plan (below `below`), now `run.best`.
    Plan,
    /// Out of positions without one.
    RanOut,
    /// A limit stopped it (`run.halt` says which).
    Stopped,
}

/// One pass in `order`, only plans below `below`.
fn pass(
    board: &Board,
    tables: &mut PushTables,
    base: &AstarOptions,
    order: Order,
    below: Option<u32>,
    budget: &Budget,
    run: &mut AnyRun,
) -> Ended {
    // Macros in the passes that are not optimal only: the optimal pass's exhaustion
    // is a proof.
    let opts = AstarOptions {
        order,
        below,
        macros: base.macros && order != Order::Optimal,
        box_moves: base.box_moves && order != Order::Optimal,
        ..base.clone()
    };
    let name = match order {
        Order::Greedy if opts.box_moves => "greedy best-first with box moves".to_string(),
        Order::Features if opts.box_moves => "feature-space search with box moves".to_string(),
        Order::Greedy if opts.macros => "greedy best-first with macros".to_string(),
        Order::Greedy => "greedy best-first".to_string(),
        Order::Features if opts.macros => "feature-space search with macros".to_string(),
        Order::Features => "feature-space search".to_string(),
        Order::Weighted(w) if opts.macros => {
            format!("weighted A* (w = {}) with macros", w as f64 / 4.0)
        }
        Order::Weighted(w) => format!("weighted A* (w = {})", w as f64 / 4.0),
        Order::Optimal => "A*".to_string(),
    };
    let (outcome, stats) = astar(board, tables, &opts, budget);
    run.stats.expanded += stats.expanded;
    run.stats.generated += stats.generated;
    run.stats.deadlocks += stats.deadlocks;
    run.stats.patterns.add(&stats.patterns);
    run.stats.stored = run.stats.stored.max(stats.stored);
    if run.passes.is_empty() {
        run.stats.start_bound = stats.start_bound;
    }
    match outcome {
        AstarOutcome::Plan(p) => {
            let met = if stats.met {
                " (met the pull search)"
            } else {
                ""
            };
            run.passes.push(format!("{name}: {} pushes{met}", p.len()));
            if order == Order::Optimal {
                run.lower_bound = run.lower_bound.max(p.len() as u32);
            }
            run.best = Some(p);
            Ended::Plan
        }
        AstarOutcome::Exhausted => {
            match below {
                // Macros and box moves (with their goal-room cuts) skip plans: only a
                // pass of single pushes that runs out proves there is none.
                None if opts.macros || opts.box_moves => {}
                None => run.no_plan = true,
                Some(b) if order == Order::Optimal => run.lower_bound = run.lower_bound.max(b),
                Some(_) => {}
            }
            let words = match below {
                Some(_) => "none shorter",
                None if opts.macros || opts.box_moves => {
                    "ran out of positions (it skips plans: no proof)"
                }
                None => "ran out of positions: no plan",
            };
            run.passes.push(format!("{name}: {words}"));
            Ended::RanOut
        }
        AstarOutcome::Stopped { lower_bound, halt } => {
            if order == Order::Optimal {
                run.lower_bound = run.lower_bound.max(lower_bound);
            }
            run.passes.push(format!("{name}: stopped ({halt})"));
            run.halt = Some(halt);
            Ended::Stopped
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_pass_dives_and_comes_again_last_exploring() {
        let base = AstarOptions {
            features: true,
            box_moves: true,
            macros: true,
            pull: true,
            explore: 8,
            ..AstarOptions::sound(Order::Greedy, 1 << 20)
        };
        let steps = first_steps(&base);
        assert_eq!(
            steps,
            [
                Step::Pass(Order::Features, true, 0),
                Step::Pull,
                Step::Pass(Order::Greedy, true, 8),
                Step::Pass(Order::Features, false, 8),
                Step::Pass(Order::Features, true, 8),
            ]
        );
        // Without exploring, no pass explores and none comes again.
        let dive = AstarOptions { explore: 0, ..base };
        let steps = first_steps(&dive);
        assert_eq!(steps.len(), 4);
        assert!(
            steps
                .iter()
                .all(|s| matches!(s, Step::Pull | Step::Pass(_, _, 0)))
        );
    }
}
