//! Optimal move and push counts from the SAT encodings, cross-checked against a plain
//! breadth-first search over (player, boxes) states (`bfs/mod.rs`, written independently
//! of the encoders), on hand-made tiny levels and on random levels made by pulling boxes
//! away from a solved position.
//!
//! The checks of the crate's internals against the same model (the push-count parity,
//! the seed search alone, start symmetries, the two-box table) are in `src/tests.rs`.

mod bfs;

use bfs::{Game, TINY, level, mirrored_level, pulled_level};
use gridsat_sat::Budget;
use gridsat_sokoban::{
    Level, Optimize, Outcome, Plan, SolveOptions, Verdict,
    encode::{PushOptions, Reach},
    replay::{play, replay, summary},
    solve::Search,
    solve_level, verify,
};
use proptest::prelude::*;

/// Solves with the SAT search; `seed` lets it start just below the A* plan (push
/// mode), otherwise it climbs from the lower bound and must find the plan itself.
fn sat(
    level: &Level,
    optimize: Optimize,
    reach: Reach,
    seed: bool,
) -> (Verdict, Option<usize>, Option<usize>) {
    let mut opts = SolveOptions::new(optimize);
    opts.no_seed = !seed;
    opts.pushes.reach = reach;
    sat_with(level, opts)
}

/// Options that leave out the seed and parity (the solver climbs and asks every
/// horizon).
fn no_seed_no_parity() -> SolveOptions {
    let mut opts = SolveOptions::default();
    opts.no_seed = true;
    opts.pushes = PushOptions::default();
    opts.pushes.parity = false;
    opts
}

fn solve(level: &Level, opts: &SolveOptions) -> Outcome {
    solve_level(level, opts, &Budget::unlimited(), None).unwrap()
}

/// Solves with these options (at most 60 pushes); checks the plan by replay and that a
/// solved level is claimed optimal.
fn sat_with(level: &Level, mut opts: SolveOptions) -> (Verdict, Option<usize>, Option<usize>) {
    let optimize = opts.optimize;
    // The SAT horizon search alone (the A* over push states has its own checks below).
    opts.search = Search::Horizon;
    opts.max_moves = None;
    opts.max_pushes = Some(60);
    let r = solve(level, &opts);
    if let Some(p) = &r.plan {
        let v = verify(level, p).unwrap();
        assert_eq!(Some(v.moves), r.moves);
        assert_eq!(Some(v.pushes), r.pushes);
    }
    assert!(r.verdict != Verdict::Solved || r.optimal == Some(optimize));
    (r.verdict, r.moves, r.pushes)
}

#[test]
fn tiny_levels_match_the_bfs_in_both_modes() {
    for text in TINY {
        let l = level(text);
        let g = Game::of(&l);
        let start = (l.player, l.boxes.clone());
        let moves = g.optimum(start.clone(), 1, 1).expect("solvable");
        let pushes = g.optimum(start, 0, 1).expect("solvable");
        let (st, m, _) = sat(&l, Optimize::Moves, Reach::Loops, false);
        assert_eq!(
            (st, m),
            (Verdict::Solved, Some(moves as usize)),
            "moves of\n{text}"
        );
        let (st, _, p) = sat_with(&l, no_seed_no_parity());
        assert_eq!(
            (st, p),
            (Verdict::Solved, Some(pushes as usize)),
            "pushes (no parity) of\n{text}"
        );
        for (reach, seed) in [
            (Reach::Layers, false),
            (Reach::Loops, false),
            (Reach::Loops, true),
        ] {
            let (st, _, p) = sat(&l, Optimize::Pushes, reach, seed);
            assert_eq!(
                (st, p),
                (Verdict::Solved, Some(pushes as usize)),
                "pushes ({reach:?}, seed {seed}) of\n{text}"
            );
        }
    }
}

/// Fewest pushes, then fewest moves: both counts equal Dijkstra's lexicographic optimum.
fn check_pushes_then_moves(l: &Level) {
    let g = Game::of(l);
    let (pushes, moves) = g
        .lex_optimum((l.player, l.boxes.clone()))
        .expect("solvable");
    let r = solve(l, &SolveOptions::new(Optimize::PushesMoves));
    let v = verify(l, r.plan.as_ref().expect("a plan")).unwrap();
    assert_eq!(
        (v.pushes, v.moves),
        (pushes as usize, moves as usize),
        "pushes then moves of\n{l}"
    );
    assert_eq!(r.optimal, Some(Optimize::PushesMoves));
    assert_eq!((r.pushes, r.moves), (Some(v.pushes), Some(v.moves)));
}

#[test]
fn pushes_then_moves_match_dijkstra_on_tiny_levels() {
    for text in TINY {
        check_pushes_then_moves(&level(text));
    }
}

#[test]
fn a_level_the_bfs_cannot_solve_has_no_plan() {
    // Two boxes side by side against the top wall: frozen, but no single box is dead.
    let l = level("######\n#$$  #\n#.. @#\n######\n");
    let g = Game::of(&l);
    assert_eq!(g.optimum((l.player, l.boxes.clone()), 1, 1), None);
    let mut opts = SolveOptions::new(Optimize::Pushes);
    opts.max_pushes = Some(12);
    let r = solve(&l, &opts);
    assert!(
        matches!(r.verdict, Verdict::NoPlan | Verdict::Unsolvable),
        "{:?}",
        r.verdict
    );
    let mut opts = SolveOptions::new(Optimize::Moves);
    opts.max_moves = Some(12);
    let r = solve(&l, &opts);
    assert!(
        matches!(r.verdict, Verdict::NoPlan | Verdict::Unsolvable),
        "{:?}",
        r.verdict
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn pulled_levels_match_the_bfs(
        w in 3usize..6, h in 3usize..5,
        walls in prop::collection::vec(prop::bool::weighted(0.15), 1..30),
        boxes in 1usize..3,
        pulls in prop::collection::vec((0u8..4, prop::bool::weighted(0.6)), 0..80),
    ) {
        let Some(l) = pulled_level(w, h, &walls, boxes, &pulls) else { return Ok(()) };
        let g = Game::of(&l);
        let start = (l.player, l.boxes.clone());
        let moves = g.optimum(start.clone(), 1, 1).expect("pulled levels are solvable");
        if std::env::var_os("SHOW_PULLED").is_some() { eprintln!("{l}moves {moves}"); }
        let pushes = g.optimum(start, 0, 1).expect("pulled levels are solvable");
        let (st, m, _) = sat(&l, Optimize::Moves, Reach::Loops, false);
        prop_assert_eq!(st, Verdict::Solved);
        prop_assert_eq!(m, Some(moves as usize), "moves of\n{}", l);
        for seed in [false, true] {
            let (st, _, p) = sat(&l, Optimize::Pushes, Reach::Loops, seed);
            prop_assert_eq!(st, Verdict::Solved);
            prop_assert_eq!(p, Some(pushes as usize), "pushes (seed {}) of\n{}", seed, l);
        }
        let (_, _, p) = sat(&l, Optimize::Pushes, Reach::Layers, false);
        prop_assert_eq!(p, Some(pushes as usize), "pushes (layers) of\n{}", l);
        check_pushes_then_moves(&l);
    }

    /// Three boxes exercise the pair table, the freeze patterns and the waste budgets
    /// together (push mode only: the move BFS would be slow here).
    #[test]
    fn pulled_three_box_levels_match_the_push_bfs(
        w in 3usize..6, h in 3usize..5,
        walls in prop::collection::vec(prop::bool::weighted(0.1), 1..30),
        pulls in prop::collection::vec((0u8..4, prop::bool::weighted(0.7)), 0..60),
    ) {
        let Some(l) = pulled_level(w, h, &walls, 3, &pulls) else { return Ok(()) };
        let g = Game::of(&l);
        let pushes = g.optimum((l.player, l.boxes.clone()), 0, 1).expect("pulled levels are solvable");
        let (_, _, p) = sat_with(&l, no_seed_no_parity());
        prop_assert_eq!(p, Some(pushes as usize), "pushes (no parity) of\n{}", l);
        for seed in [false, true] {
            let (st, _, p) = sat(&l, Optimize::Pushes, Reach::Loops, seed);
            prop_assert_eq!(st, Verdict::Solved);
            prop_assert_eq!(p, Some(pushes as usize), "pushes (seed {}) of\n{}", seed, l);
        }
    }

    /// Mirror-symmetric starts: trying the first push once per orbit keeps the BFS's
    /// optimum (or its verdict that there is no plan; two boxes that can never both reach
    /// goals are reported unsolvable before any search).
    #[test]
    fn mirrored_levels_match_the_push_bfs(
        w in 1usize..4, h in 1usize..4,
        cells in prop::collection::vec(any::<u8>(), 1..12),
        player_row in 0usize..4,
    ) {
        let Some(text) = mirrored_level(w, h, &cells, player_row) else { return Ok(()) };
        let l = level(&text);
        let g = Game::of(&l);
        let pushes = g.optimum((l.player, l.boxes.clone()), 0, 1);
        let (st, _, p) = sat(&l, Optimize::Pushes, Reach::Loops, false);
        match pushes {
            Some(pushes) => {
                prop_assert_eq!(st, Verdict::Solved, "{}", text);
                prop_assert_eq!(p, Some(pushes as usize), "{}", text);
            }
            None => prop_assert!(st != Verdict::Solved, "{}", text),
        }
    }

    #[test]
    fn random_lurd_strings_replay_like_the_bfs_model(
        idx in 0usize..6,
        plan in prop::collection::vec(prop::sample::select(vec!['u','d','l','r','U','D','L','R']), 0..30),
    ) {
        let l = level(TINY[idx]);
        let g = Game::of(&l);
        let plan: String = plan.into_iter().collect();
        // The model's verdict: every letter must be a legal move written with the right case.
        let mut s = (l.player, l.boxes.clone());
        let mut expected = Ok(());
        let mut pushes = 0;
        for (k, ch) in plan.chars().enumerate() {
            let d = "udlr".find(ch.to_ascii_lowercase()).unwrap();
            match g.step(&s, d) {
                Some((n, pushed)) if pushed == ch.is_ascii_uppercase() => {
                    pushes += pushed as usize;
                    s = n;
                }
                _ => {
                    expected = Err(k + 1);
                    break;
                }
            }
        }
        let parsed: Plan = plan.parse().unwrap();
        match (replay(&l, &parsed), expected) {
            (Ok(r), Ok(())) => {
                prop_assert_eq!(r.player, s.0);
                prop_assert_eq!(r.boxes, s.1.clone());
                prop_assert_eq!(r.moves, plan.len());
                prop_assert_eq!(r.pushes, pushes);
                prop_assert_eq!(r.solved, g.solved(&s));
            }
            (Err(e), Err(k)) => prop_assert_eq!(e.step, k),
            (a, b) => prop_assert!(false, "simulator {:?} vs model {:?} on {}", a, b, plan),
        }
    }

    /// Plans read leniently (letter case ignored, as people write them): the simulator
    /// pushes exactly when the model does, and marks those moves as pushes.
    #[test]
    fn any_case_plans_play_like_the_bfs_model(
        idx in 0usize..6,
        plan in prop::collection::vec(prop::sample::select(vec!['u','d','l','r','U','D','L','R']), 0..30),
    ) {
        let l = level(TINY[idx]);
        let g = Game::of(&l);
        let text: String = plan.into_iter().collect();
        let mut s = (l.player, l.boxes.clone());
        let mut marks = String::new();
        let mut expected = Ok(());
        for (k, ch) in text.chars().enumerate() {
            let d = "udlr".find(ch.to_ascii_lowercase()).unwrap();
            match g.step(&s, d) {
                Some((n, pushed)) => {
                    marks.push(if pushed { ch.to_ascii_uppercase() } else { ch.to_ascii_lowercase() });
                    s = n;
                }
                None => {
                    expected = Err(k + 1);
                    break;
                }
            }
        }
        match (play(&l, &text.parse().unwrap()), expected) {
            (Ok(p), Ok(())) => {
                prop_assert_eq!(p.plan.to_string(), marks);
                let r = summary(&l, &p);
                prop_assert_eq!((r.player, r.boxes), (s.0, s.1.clone()));
                prop_assert_eq!(r.solved, g.solved(&s));
            }
            (Err(e), Err(k)) => prop_assert_eq!(e.step, k),
            (a, b) => prop_assert!(false, "simulator {:?} vs model {:?} on {}", a, b, text),
        }
    }
}
