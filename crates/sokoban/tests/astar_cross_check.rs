//! The A* over push states and the satisficing search against the independent
//! breadth-first model (`bfs/mod.rs`): push optima on random levels pulled from a
//! solved position, verdicts on random rooms (solvable or not), caps, each deadlock
//! test switched off, and the satisficing search's plans and lower bounds.

mod bfs;

use bfs::{Game, TINY, level, pulled_level, random_level};
use gridsat_sat::Budget;
use gridsat_sokoban::{
    Level, Optimize, Outcome, SolveOptions, Verdict, solve::Search, solve_level, verify,
};
use proptest::prelude::*;

/// Options of the A* alone: no exhaustive search first, the given deadlock tests
/// (PI-corral pruning on).
fn astar_opts(freeze: bool, pairs: bool) -> SolveOptions {
    let mut o = SolveOptions::new(Optimize::Pushes);
    o.search = Search::Astar;
    o.exhaust_states = 0;
    o.astar_freeze = freeze;
    o.astar_pairs = pairs;
    o
}

/// [`astar_opts`] with PI-corral pruning on or off.
fn corral_opts(freeze: bool, pairs: bool, corrals: bool) -> SolveOptions {
    let mut o = astar_opts(freeze, pairs);
    o.astar_corrals = corrals;
    o
}

/// [`corral_opts`] with the deadlocks learned on box subsets on or off.
fn learn_opts(corrals: bool, patterns: bool) -> SolveOptions {
    let mut o = corral_opts(true, true, corrals);
    o.astar_patterns = patterns;
    o
}

fn solve(l: &Level, opts: &SolveOptions) -> Outcome {
    match solve_level(l, opts, &Budget::unlimited(), None) {
        Ok(r) => r,
        Err(e) => panic!("solver failure ({e}) on\n{l}"),
    }
}

/// The BFS push optimum, or `None` when no plan exists.
fn bfs_pushes(l: &Level) -> Option<usize> {
    Game::of(l)
        .optimum((l.player, l.boxes.clone()), 0, 1)
        .map(|p| p as usize)
}

/// The A*'s answer on `l` agrees with the BFS: the optimum, proven, with a verified
/// plan and a proof in words; or no plan, proven.
fn check_astar(l: &Level, opts: &SolveOptions) -> Result<(), TestCaseError> {
    let want = bfs_pushes(l);
    let r = solve(l, opts);
    match want {
        Some(p) => {
            prop_assert_eq!(r.verdict, Verdict::Solved, "{:?}\n{}", r.reason, l);
            let v = verify(l, r.plan.as_ref().unwrap()).unwrap();
            prop_assert_eq!(v.pushes, p, "pushes of\n{}", l);
            prop_assert_eq!(r.pushes, Some(p));
            prop_assert_eq!(r.optimal, Some(Optimize::Pushes));
            let proof = r.proof.clone().unwrap_or_default();
            if r.search == Some("astar") {
                prop_assert!(proof.contains(&format!("f < {p}")), "{}", proof);
            }
        }
        None => prop_assert!(
            matches!(r.verdict, Verdict::Unsolvable),
            "{:?} {:?}\n{}",
            r.verdict,
            r.reason,
            l
        ),
    }
    Ok(())
}

#[test]
fn tiny_levels_get_the_bfs_optimum() {
    for text in TINY {
        let l = level(text);
        for (f, p) in [(true, true), (false, true), (true, false), (false, false)] {
            for c in [true, false] {
                check_astar(&l, &corral_opts(f, p, c)).unwrap();
            }
        }
    }
}

/// The deadlocks learned on box subsets lose no plan and prove nothing false: on
/// random rooms of three to five boxes (many without a plan) the A* with learning
/// gets the BFS's verdict and optimum, and learning happens on enough of them to
/// count (the test would pass vacuously otherwise).
#[test]
fn learned_patterns_keep_the_bfs_answer() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut learned, mut pruned, mut levels) = (0, 0, 0);
    while levels < 400 {
        let (w, h) = (4 + next() % 3, 3 + next() % 2);
        let cells: Vec<u8> = (0..24).map(|_| next() as u8).collect();
        let boxes = 3 + (next() % 3) as usize;
        let Some(l) = random_level(w as usize, h as usize, &cells, boxes, false) else {
            continue;
        };
        levels += 1;
        for corrals in [true, false] {
            check_astar(&l, &learn_opts(corrals, true)).unwrap();
            let r = solve(&l, &learn_opts(corrals, true));
            learned += r.stats.astar_patterns;
            pruned += r.stats.astar_pattern_prunes;
        }
    }
    assert!(
        learned >= 10 && pruned >= 10,
        "learned {learned}, pruned {pruned}"
    );
}

#[test]
fn a_push_cap_below_the_optimum_is_no_plan_and_at_it_a_plan() {
    let l = level(TINY[3]);
    let p = bfs_pushes(&l).unwrap();
    let mut o = astar_opts(true, true);
    o.max_pushes = Some(p - 1);
    let r = solve(&l, &o);
    assert_eq!(r.verdict, Verdict::NoPlan, "{:?}", r.reason);
    assert!(r.proof.unwrap().contains(&format!("f < {p}")));
    o.max_pushes = Some(p);
    assert_eq!(solve(&l, &o).pushes, Some(p));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn pulled_levels_get_the_bfs_push_optimum(
        w in 3usize..7, h in 3usize..5,
        walls in prop::collection::vec(prop::bool::weighted(0.15), 1..30),
        boxes in 1usize..4,
        pulls in prop::collection::vec((0u8..4, prop::bool::weighted(0.7)), 0..80),
        freeze in any::<bool>(), pairs in any::<bool>(), corrals in any::<bool>(),
        patterns in any::<bool>(),
    ) {
        let Some(l) = pulled_level(w, h, &walls, boxes, &pulls) else { return Ok(()) };
        let mut o = corral_opts(freeze, pairs, corrals);
        o.astar_patterns = patterns;
        check_astar(&l, &o)?;
    }

    #[test]
    fn random_rooms_get_the_bfs_verdict(
        w in 2usize..6, h in 1usize..4,
        cells in prop::collection::vec(any::<u8>(), 8..24),
        boxes in 1usize..4,
        spare_goal in prop::bool::weighted(0.2), corrals in any::<bool>(),
        patterns in any::<bool>(),
    ) {
        let Some(l) = random_level(w, h, &cells, boxes, spare_goal) else { return Ok(()) };
        check_astar(&l, &learn_opts(corrals, patterns))?;
    }

    /// The satisficing search: a verified plan whenever one exists, never shorter than
    /// the optimum, a lower bound never above it, and "optimal" only when it is.
    #[test]
    fn satisficing_plans_are_verified_and_bounded(
        w in 3usize..7, h in 3usize..5,
        walls in prop::collection::vec(prop::bool::weighted(0.15), 1..30),
        boxes in 1usize..4,
        pulls in prop::collection::vec((0u8..4, prop::bool::weighted(0.7)), 0..80),
        packing in prop::sample::select(vec![0u32, 8]),
        connectivity in prop::sample::select(vec![0u32, 4]),
        idle_step in prop::sample::select(vec![0u32, 1, 20]),
        explore in prop::sample::select(vec![0u32, 1, 2, 5]),
        features in any::<bool>(), patterns in any::<bool>(),
    ) {
        let Some(l) = pulled_level(w, h, &walls, boxes, &pulls) else { return Ok(()) };
        let p = bfs_pushes(&l).expect("pulled levels are solvable");
        let mut o = astar_opts(true, true);
        o.any = true;
        o.packing = packing;
        o.connectivity = connectivity;
        o.idle_step = idle_step;
        o.explore = explore;
        o.astar_features = features;
        o.astar_patterns = patterns;
        let r = solve(&l, &o);
        prop_assert_eq!(r.verdict, Verdict::Solved, "{:?}\n{}", r.reason, l);
        prop_assert!(r.satisficing);
        let v = verify(&l, r.plan.as_ref().unwrap()).unwrap();
        prop_assert!(v.pushes >= p);
        prop_assert!(r.proven_below.is_none_or(|b| b < p), "{:?} vs {}", r.proven_below, p);
        if r.optimal.is_some() {
            prop_assert_eq!(v.pushes, p);
        }
    }

    /// The satisficing search on random rooms, solvable or not: a verified plan exactly
    /// when the BFS has one, and "no plan" only when it has none (the passes' orders,
    /// feature cells or greedy, exhaust the same positions).
    #[test]
    fn satisficing_verdicts_match_the_bfs_on_random_rooms(
        w in 2usize..6, h in 1usize..4,
        cells in prop::collection::vec(any::<u8>(), 8..24),
        boxes in 1usize..4,
        features in any::<bool>(), patterns in any::<bool>(),
        explore in prop::sample::select(vec![0u32, 1, 2]),
    ) {
        let Some(l) = random_level(w, h, &cells, boxes, false) else { return Ok(()) };
        let mut o = learn_opts(true, patterns);
        o.any = true;
        o.astar_features = features;
        o.explore = explore;
        let r = solve(&l, &o);
        match bfs_pushes(&l) {
            Some(p) => {
                prop_assert_eq!(r.verdict, Verdict::Solved, "{:?}\n{}", r.reason, l);
                prop_assert!(verify(&l, r.plan.as_ref().unwrap()).unwrap().pushes >= p);
            }
            None => prop_assert!(
                matches!(r.verdict, Verdict::Unsolvable | Verdict::NoPlan),
                "{:?} {:?}\n{}", r.verdict, r.reason, l
            ),
        }
    }
}
