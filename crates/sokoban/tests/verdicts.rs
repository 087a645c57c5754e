//! Verdicts and optima against the independent breadth-first model (`bfs/mod.rs`) on
//! random small rooms, solvable or not, with every pruning family on and with each one
//! switched off in turn, in push mode and in move mode: never a solver failure, and the
//! verdict (solved, no-plan, unsolvable) and the optimum are the model's.

mod bfs;

use bfs::{Game, level, random_level};
use gridsat_sat::Budget;
use gridsat_sokoban::{
    Level, Optimize, Outcome, SolveOptions, Verdict,
    encode::{Prune, Reach},
    solve::Search,
    solve_level,
};
use proptest::prelude::*;

/// The pushes cap of the runs that leave the solver alone (no exhaustive search first).
const PUSH_CAP: usize = 10;
/// The moves cap of those runs.
const MOVE_CAP: usize = 18;

fn solve(l: &Level, opts: &SolveOptions) -> Outcome {
    match solve_level(l, opts, &Budget::unlimited(), None) {
        Ok(r) => r,
        Err(e) => panic!("solver failure ({e}) on\n{l}with {opts:?}"),
    }
}

/// The option sets of a mode: all families on, then each switched off in turn (on, for
/// the one that is off by default).
fn variants(optimize: Optimize) -> Vec<(String, SolveOptions)> {
    let families: &[Prune] = match optimize {
        Optimize::Moves => &[Prune::DeadSquares, Prune::Distance, Prune::NoReversal],
        _ => &[
            Prune::DeadSquares,
            Prune::Distance,
            Prune::Freeze,
            Prune::GoalReach,
            Prune::Waste,
            Prune::Pairs,
            Prune::Undo,
            Prune::Parity,
            Prune::Symmetry,
        ],
    };
    let mut out = vec![("all on".to_string(), SolveOptions::new(optimize))];
    for &p in families {
        let mut o = SolveOptions::new(optimize);
        o.set_prune(p, !p.on_by_default());
        out.push((format!("{p} flipped"), o));
    }
    if optimize == Optimize::Pushes {
        let mut o = SolveOptions::new(optimize);
        o.pushes.reach = Reach::Layers;
        out.push(("layers".into(), o));
        let mut o = SolveOptions::new(optimize);
        o.no_seed = true;
        out.push(("no seed".into(), o));
    }
    // The SAT variants above search horizons only; the A* over push states (alone, and
    // with each of its deadlock tests off) and the satisficing search come after them.
    for (_, o) in &mut out {
        o.search = Search::Horizon;
    }
    if optimize == Optimize::Pushes {
        for (name, freeze, pairs) in [
            ("astar", true, true),
            ("astar no freeze", false, true),
            ("astar no pairs", true, false),
        ] {
            let mut o = SolveOptions::new(optimize);
            o.search = Search::Astar;
            (o.astar_freeze, o.astar_pairs) = (freeze, pairs);
            out.push((name.into(), o));
        }
    }
    out
}

/// Checks one mode on one level: the default run (exhaustive search first when small)
/// gives the exact verdict; the capped runs without it give the solver's own verdicts.
fn check(l: &Level, optimize: Optimize, optimum: Option<usize>) -> Result<(), TestCaseError> {
    let count = |r: &Outcome| match optimize {
        Optimize::Moves => r.moves,
        _ => r.pushes,
    };
    let r = solve(l, &SolveOptions::new(optimize));
    match optimum {
        Some(o) => {
            prop_assert_eq!(
                r.verdict,
                Verdict::Solved,
                "{} {:?}\n{}",
                optimize,
                r.reason,
                l
            );
            prop_assert_eq!(count(&r), Some(o), "{} of\n{}", optimize, l);
            prop_assert_eq!(r.optimal, Some(optimize));
        }
        None => prop_assert_eq!(r.verdict, Verdict::Unsolvable, "{}\n{}", optimize, l),
    }
    let cap = if optimize == Optimize::Moves {
        MOVE_CAP
    } else {
        PUSH_CAP
    };
    for (name, mut opts) in variants(optimize) {
        opts.exhaust_states = 0;
        match optimize {
            Optimize::Moves => opts.max_moves = Some(cap),
            _ => opts.max_pushes = Some(cap),
        }
        let r = solve(l, &opts);
        let what = format!(
            "{optimize}, {name}, cap {cap}: {:?} {:?}\n{l}",
            r.verdict, r.reason
        );
        match optimum {
            Some(o) if o <= cap => {
                prop_assert_eq!(r.verdict, Verdict::Solved, "{}", what);
                prop_assert_eq!(count(&r), Some(o), "{}", what);
            }
            Some(_) => prop_assert_eq!(r.verdict, Verdict::NoPlan, "{}", what),
            None => prop_assert!(
                matches!(r.verdict, Verdict::NoPlan | Verdict::Unsolvable),
                "{}",
                what
            ),
        }
    }
    Ok(())
}

fn check_level(l: &Level) -> Result<(), TestCaseError> {
    let g = Game::of(l);
    let start = (l.player, l.boxes.clone());
    let pushes = g.optimum(start.clone(), 0, 1).map(|p| p as usize);
    let moves = g.optimum(start, 1, 1).map(|m| m as usize);
    if std::env::var_os("SHOW_ROOMS").is_some() {
        eprintln!("{l}pushes {pushes:?} moves {moves:?}");
    }
    check(l, Optimize::Pushes, pushes)?;
    check(l, Optimize::Moves, moves)
}

#[test]
fn the_issue_levels_are_unsolvable_both_ways() {
    for text in ["######\n#@.$ #\n######\n", "#######\n#@.$  #\n#######\n"] {
        check_level(&level(text)).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_rooms_get_the_bfs_verdict_and_optimum(
        w in 2usize..6, h in 1usize..4,
        cells in prop::collection::vec(any::<u8>(), 8..24),
        boxes in 1usize..3,
        spare_goal in prop::bool::weighted(0.2),
    ) {
        let Some(l) = random_level(w, h, &cells, boxes, spare_goal) else { return Ok(()) };
        check_level(&l)?;
    }
}
