//! The crate's internals cross-checked against the independent breadth-first model of
//! the game shared with `tests/bfs_cross_check.rs`: the push-count parity, the seed
//! search alone, start symmetries, the two-box table, and the push search's deadlock
//! tests (each position one calls dead has no plan by the breadth-first model), and the
//! windows that shorten a plan (every result replays, never longer than its input).

#[path = "../tests/bfs/mod.rs"]
mod bfs;

use crate::analysis::{Analysis, Unsolvable, pair_table, push_parity, start_symmetries};
use crate::encode::DeadSet;
use crate::model::{Board, Level};
use crate::replay::verify;
use crate::search::{SeedLimits, seed_plan};
use bfs::{Game, TINY, level, mirrored_level, pulled_level, random_level};
use gridsat_sat::Budget;
use proptest::prelude::*;

#[test]
fn tiny_levels_have_the_push_parity_of_the_bfs_optimum() {
    for text in TINY {
        let l = level(text);
        let g = Game::of(&l);
        let pushes = g
            .optimum((l.player, l.boxes.clone()), 0, 1)
            .expect("solvable");
        let parity = push_parity(&analyse(&l).unwrap());
        let goals = l.goals.iter().filter(|&&g| g).count();
        assert_eq!(parity.is_some(), goals == l.boxes.len(), "{text}");
        assert!(parity.is_none_or(|p| pushes as usize % 2 == p), "{text}");
    }
}

/// The board of a level that passes the checks before search.
fn analyse(l: &Level) -> Result<Board, Unsolvable> {
    crate::analysis::analyse(l, &Budget::unlimited())
        .unwrap()
        .map(|a: Analysis| a.board)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Three boxes: the parity is known (as many goals as boxes) and the BFS's optimum
    /// has it; the seed search alone finds a plan that replays, never shorter than the
    /// optimum.
    #[test]
    fn pulled_three_box_levels_have_the_parity_and_a_seed(
        w in 3usize..6, h in 3usize..5,
        walls in prop::collection::vec(prop::bool::weighted(0.1), 1..30),
        pulls in prop::collection::vec((0u8..4, prop::bool::weighted(0.7)), 0..60),
    ) {
        let Some(l) = pulled_level(w, h, &walls, 3, &pulls) else { return Ok(()) };
        let g = Game::of(&l);
        let pushes = g.optimum((l.player, l.boxes.clone()), 0, 1).expect("pulled levels are solvable");
        if let Ok(board) = analyse(&l) {
            prop_assert_eq!(push_parity(&board), Some(pushes as usize % 2), "{}", l);
            let s = seed_plan(&board, &SeedLimits::default(), &Budget::unlimited())
                .seed
                .expect("solvable and small");
            prop_assert!(s.pushes >= pushes as usize);
            prop_assert_eq!(verify(&l, &s.plan).unwrap().pushes, s.pushes);
        }
    }

    /// Mirror-symmetric starts: the symmetry is found.
    #[test]
    fn mirrored_levels_have_a_start_symmetry(
        w in 1usize..4, h in 1usize..4,
        cells in prop::collection::vec(any::<u8>(), 1..12),
        player_row in 0usize..4,
    ) {
        let Some(text) = mirrored_level(w, h, &cells, player_row) else { return Ok(()) };
        let l = level(&text);
        if let Ok(board) = analyse(&l)
            && !board.boxes.is_empty()
        {
            prop_assert!(!start_symmetries(&board).is_empty(), "{}", text);
        }
    }

    /// The two-box table equals the least pushes found by the BFS for the pair alone,
    /// minimised over the player's start.
    #[test]
    fn pair_table_matches_the_bfs(
        w in 3usize..6, h in 2usize..5,
        walls in prop::collection::vec(prop::bool::weighted(0.15), 1..30),
        pulls in prop::collection::vec((0u8..4, prop::bool::weighted(0.6)), 0..40),
        pick in (0usize..1000, 0usize..1000),
    ) {
        let Some(l) = pulled_level(w, h, &walls, 2, &pulls) else { return Ok(()) };
        let Ok(board) = analyse(&l) else { return Ok(()) };
        prop_assume!(board.fixed.is_empty());
        let Some(table) = pair_table(&board, &Budget::unlimited()) else { return Ok(()) };
        let n = board.len();
        let (a, b) = (pick.0 % n, pick.1 % n);
        prop_assume!(a != b);
        let g = Game::of(&l);
        let (ca, cb) = (board.cells[a], board.cells[b]);
        let best = (0..n)
            .filter(|&p| p != a && p != b)
            .filter_map(|p| {
                let mut bx = vec![ca, cb];
                bx.sort_unstable();
                g.optimum((board.cells[p], bx), 0, 1)
            })
            .min();
        let got = table.get(a as u32, b as u32);
        prop_assert_eq!(best.unwrap_or(u32::MAX), got, "cells {} {} of\n{}", a, b, l);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Every deadlock test of the push search (freeze, dead pairs, no matching) only
    /// rejects positions that the breadth-first model cannot solve; and each fires on
    /// some of these rooms (checked by the counts in `deadlock_tests_fire`).
    #[test]
    fn detected_deadlocks_have_no_plan(
        w in 2usize..6, h in 1usize..5,
        cells in prop::collection::vec(any::<u8>(), 8..30),
        boxes in 2usize..4,
    ) {
        let Some(l) = random_level(w, h, &cells, boxes, false) else { return Ok(()) };
        let (freeze, pair, matching) = deadlock_verdicts(&l);
        if freeze || pair || matching {
            let solvable = Game::of(&l).optimum((l.player, l.boxes.clone()), 0, 1).is_some();
            prop_assert!(!solvable, "freeze {} pair {} matching {}\n{}", freeze, pair, matching, l);
        }
    }
}

/// What the three deadlock tests say of a level's start.
fn deadlock_verdicts(l: &Level) -> (bool, bool, bool) {
    use crate::analysis::{Deadlocks, FreezeScratch, Matcher, frozen_off_goal};
    let b = Board::new(l);
    if !b.stuck.is_empty() {
        return (false, false, false);
    }
    let dl = Deadlocks::new(&b, true, &Budget::unlimited());
    let occ = b.occupancy(&b.boxes);
    let mut s = FreezeScratch::default();
    let freeze = b
        .boxes
        .iter()
        .any(|&x| frozen_off_goal(&b, &dl.dead, &occ, x, &mut s));
    let pair = b
        .boxes
        .iter()
        .any(|&x| b.boxes.iter().any(|&y| x != y && dl.dead_pair(x, y)));
    let bx: Vec<u16> = b.boxes.iter().map(|&x| x as u16).collect();
    let matching = Matcher::new(&b).bound(&bx).is_none();
    (freeze, pair, matching)
}

#[test]
fn deadlock_tests_fire() {
    // Two boxes side by side against the top wall, off goals: frozen (the goals on that
    // wall keep each square alive on its own).
    let frozen = level("#######\n# $$. #\n#  .  #\n#@    #\n#######\n");
    assert!(deadlock_verdicts(&frozen).0);
    // Two boxes in a one-wide corridor that leads to both goals from one side: the
    // second box can never pass the first (a dead pair, each box alone fine).
    let pair = level("#######\n#@$ $.#\n####  #\n   #. #\n   ####\n");
    let (_, p, _) = deadlock_verdicts(&pair);
    let solvable = Game::of(&pair).optimum((pair.player, pair.boxes.clone()), 0, 1);
    assert!(!p || solvable.is_none());
}

/// The deadlocks an optimal push search learns on `board`.
fn learned_sets(board: &Board) -> Vec<DeadSet> {
    use crate::search::{AstarOptions, Order, PushTables, astar};
    let budget = Budget::unlimited();
    let mut tables = PushTables::new(board, true, &budget).unwrap();
    let o = AstarOptions {
        corrals: false,
        ..AstarOptions::sound(Order::Optimal, 1 << 24)
    };
    astar(board, &mut tables, &o, &budget);
    tables.dead_sets(board, usize::MAX)
}

/// Each learned deadlock has no plan by the breadth-first model: its boxes alone, the
/// player on every cell it names (on every free cell when it names none), beside the
/// boxes the board fixed as walls.
fn check_dead_sets(l: &Level, board: &Board, sets: &[DeadSet]) {
    let g = Game::of(l);
    for s in sets {
        let mut bx: Vec<usize> = s.boxes.iter().map(|&c| board.cells[c as usize]).collect();
        bx.extend(&board.fixed);
        bx.sort_unstable();
        let free: Vec<u32> = (0..board.len() as u32)
            .filter(|c| !s.boxes.contains(c))
            .collect();
        let players = if s.player.is_empty() {
            &free
        } else {
            &s.player
        };
        for &p in players {
            let plan = g.optimum((board.cells[p as usize], bx.clone()), 0, 1);
            assert!(plan.is_none(), "{s:?} has a plan from {p} in\n{l}");
        }
    }
}

/// The horizon search alone (no A*, no seed) on the push encoding with `sets` added,
/// up to `max` pushes: the pushes of its optimal plan, and the learned clauses.
fn horizon_with(board: &Board, sets: Vec<DeadSet>, max: usize) -> (Option<usize>, usize) {
    use crate::encode::{HorizonEncoding, PushEncoding, PushOptions};
    use crate::halt::{Guard, SOLVER_COST};
    use crate::search::{SearchLimits, SearchOutcome, SearchStats, search};
    let budget = Budget::unlimited();
    let mut enc = PushEncoding::new(
        board,
        PushOptions::default(),
        Guard::new(&budget, SOLVER_COST),
    );
    enc.add_learned(sets);
    let mut solver = gridsat_sat::BackendSpec::default().build().unwrap();
    let limits = SearchLimits {
        max_horizon: Some(max),
        parity: enc.parity(),
        ..SearchLimits::default()
    };
    let mut stats = SearchStats::default();
    let out = search(&mut enc, solver.as_mut(), limits, &budget, &mut stats).unwrap();
    let pushes = match out {
        SearchOutcome::Plan {
            horizon, optimal, ..
        } => {
            assert!(optimal);
            Some(horizon)
        }
        _ => None,
    };
    let families = enc.formula().families();
    let learned = families.iter().find(|f| f.name == "learned deadlocks");
    (pushes, learned.map_or(0, |f| f.clauses))
}

/// The deadlocks the A* learns on random rooms of three to five boxes (many without a
/// plan) are dead by the breadth-first model; handed to the horizon search as clauses
/// they keep its optimum the model's; and over the rooms enough are learned and added
/// to count (the test would pass vacuously otherwise).
#[test]
fn learned_deadlocks_have_no_plan_and_keep_the_horizon_optimum() {
    let (mut learned, mut clauses) = (0, 0);
    let levels = random_rooms(300, |l, board| {
        let sets = learned_sets(board);
        check_dead_sets(l, board, &sets);
        learned += sets.len();
        let Some(best) = Game::of(l).optimum((l.player, l.boxes.clone()), 0, 1) else {
            return;
        };
        let best = best as usize;
        let (pushes, added) = horizon_with(board, sets, best + 1);
        assert_eq!(pushes, Some(best), "{l}");
        clauses += added;
    });
    eprintln!("{levels} rooms: {learned} deadlocks learned, {clauses} clauses added");
    assert!(
        learned >= 10 && clauses >= 10,
        "learned {learned}, clauses {clauses}"
    );
}

/// A greedy pass with `o` on 300 random rooms, every pattern it learns checked dead
/// by the breadth-first model: the rooms, and `count` of its stats summed.
fn greedy_patterns_are_dead(
    o: &crate::search::AstarOptions,
    count: impl Fn(&crate::search::AstarStats) -> u64,
) -> (usize, u64) {
    use crate::search::{PushTables, astar};
    let mut total = 0;
    let levels = random_rooms(300, |l, board| {
        let budget = Budget::unlimited();
        let mut tables = PushTables::new(board, true, &budget).unwrap();
        let (_, stats) = astar(board, &mut tables, o, &budget);
        check_dead_sets(l, board, &tables.dead_sets(board, usize::MAX));
        total += count(&stats);
    });
    (levels, total)
}

/// The dead ends a greedy pass learns from whole positions on random rooms (a box
/// just landed on a goal, the position without a plan, shrunk to the boxes that
/// matter) are dead by the breadth-first model, and enough are learned to count.
#[test]
fn dead_ends_learned_from_whole_positions_have_no_plan() {
    use crate::search::{AstarOptions, Order};
    let o = AstarOptions {
        corrals: false,
        dead_ends: true,
        ..AstarOptions::sound(Order::Greedy, 1 << 24)
    };
    let (levels, dead_ends) = greedy_patterns_are_dead(&o, |s| s.patterns.dead_ends);
    eprintln!("{levels} rooms: {dead_ends} dead ends learned");
    assert!(dead_ends >= 10, "dead ends learned: {dead_ends}");
}

/// The patterns a greedy pass learns from the barriers of PI-corrals on random rooms
/// (the barrier and the boxes next to it, searched alone) are dead by the
/// breadth-first model, and enough are learned to count.
#[test]
fn patterns_learned_from_corral_barriers_have_no_plan() {
    use crate::search::{AstarOptions, Order};
    let o = AstarOptions::sound(Order::Greedy, 1 << 24);
    let (levels, corrals) = greedy_patterns_are_dead(&o, |s| s.patterns.corrals);
    eprintln!("{levels} rooms: {corrals} patterns learned from corral barriers");
    assert!(
        corrals >= 10,
        "patterns learned from corral barriers: {corrals}"
    );
}

/// The satisficing search (`--any`, with the CLI's guidance, macros, box moves and
/// goal-room cuts) on random rooms without a time limit: its plan replays to solved and
/// is no shorter than the breadth-first optimum, which it then proves; "no plan" only
/// when the model has none; and once a weighted pass runs out of states below the best
/// plan, no other weighted pass searches them again (the optimal pass takes over).
#[test]
fn the_satisficing_search_agrees_with_the_breadth_first_model() {
    use crate::analysis::pushes_to_plan;
    use crate::search::{AstarOptions, Order, PushTables, any_plan};
    let (mut proven, mut ran_out) = (0, 0);
    let levels = random_rooms(300, |l, board| {
        let budget = Budget::unlimited();
        let mut tables = PushTables::new(board, true, &budget).unwrap();
        let o = AstarOptions {
            packing: 8,
            connectivity: 4,
            idle_step: 20,
            macros: true,
            box_moves: true,
            room_cuts: true,
            features: true,
            pull: true,
            ..AstarOptions::sound(Order::Optimal, 1 << 24)
        };
        let run = any_plan(board, &mut tables, &o, &budget);
        let optimum = Game::of(l).optimum((l.player, l.boxes.clone()), 0, 1);
        match (&run.best, optimum) {
            (Some(p), Some(best)) => {
                let plan = pushes_to_plan(board, p).expect("the plan walks");
                assert_eq!(verify(l, &plan).unwrap().pushes, p.len(), "{l}");
                assert!(run.optimal && p.len() == best as usize, "{l}{run:?}");
                assert!(run.lower_bound <= best, "{l}");
                proven += 1;
            }
            (None, None) => assert!(run.no_plan, "{l}{run:?}"),
            _ => panic!("the model's optimum {optimum:?}, the search's {run:?}\n{l}"),
        }
        let weighted = |p: &String| p.starts_with("weighted");
        if let Some(i) = run
            .passes
            .iter()
            .position(|p| weighted(p) && p.ends_with("none shorter"))
        {
            ran_out += 1;
            assert!(!run.passes[i + 1..].iter().any(weighted), "{run:?}");
        }
    });
    eprintln!("{levels} rooms: {proven} plans proven optimal, {ran_out} weighted passes ran out");
    assert!(
        proven >= 50 && ran_out >= 5,
        "proven {proven}, ran out {ran_out}"
    );
}

/// The pull search (backwards from the solved position, `search/pull.rs`) without a
/// limit on random rooms: it reaches the start exactly when the breadth-first model has
/// a plan, and its plan, read forwards, replays to solved.
#[test]
fn the_pull_search_agrees_with_the_breadth_first_model() {
    use crate::analysis::pushes_to_plan;
    use crate::search::pull_search;
    let mut plans = 0;
    random_rooms(300, |l, board| {
        let Some(run) = pull_search(board, 1 << 26, &Budget::unlimited()) else {
            return;
        };
        assert!(run.halt.is_none(), "{l}");
        let optimum = Game::of(l).optimum((l.player, l.boxes.clone()), 0, 1);
        match (&run.plan, optimum) {
            (Some(p), Some(best)) => {
                let plan = pushes_to_plan(board, p).expect("the plan walks");
                assert_eq!(verify(l, &plan).unwrap().pushes, p.len(), "{l}");
                assert!(p.len() >= best as usize, "{l}");
                plans += 1;
            }
            (None, None) => {}
            (plan, best) => panic!("the pull search's {plan:?}, the model's {best:?}\n{l}"),
        }
    });
    assert!(plans >= 50, "plans {plans}");
}

/// A greedy pass that meets a position a pull search reached (the pull search stopped
/// early by its memory, so the pass has to walk most of the way) returns its pushes to
/// that position and then the pull search's back to solved: the plan replays, and
/// enough passes meet to count. So do the passes that take tunnel and goal-room macros
/// or whole box moves as one step, as the first passes do (a macro that met the pull
/// search once lost all but its first push).
#[test]
fn a_pass_that_meets_the_pull_search_has_a_plan_that_replays() {
    use crate::search::{AstarOptions, Order};
    let sound = AstarOptions::sound(Order::Greedy, 1 << 24);
    let macros = AstarOptions {
        macros: true,
        room_cuts: true,
        ..sound.clone()
    };
    let box_moves = AstarOptions {
        box_moves: true,
        ..macros.clone()
    };
    for (name, o) in [
        ("single pushes", sound),
        ("macros", macros),
        ("box moves", box_moves),
    ] {
        let met = passes_meeting_the_pull_search(&o);
        eprintln!("{name}: {met} passes met the pull search");
        assert!(met >= 20, "{name}: met {met}");
    }
}

/// How many passes with `o` met the pull search on random rooms; every plan replays,
/// and a pass of single pushes finds one exactly when the breadth-first model does.
fn passes_meeting_the_pull_search(o: &crate::search::AstarOptions) -> u32 {
    use crate::analysis::pushes_to_plan;
    use crate::search::{AstarOutcome, PushTables, astar, pull_search};
    let mut met = 0;
    random_rooms(300, |l, board| {
        let budget = Budget::unlimited();
        let Some(run) = pull_search(board, 24 << 10, &budget) else {
            return;
        };
        let mut tables = PushTables::new(board, true, &budget).unwrap();
        tables.keep_pulled(Some(run.pulled));
        // What a pass's ceiling is reduced by: held, and within the pull's ceiling.
        let held = tables.pulled_bytes();
        assert!(held > 0 && held <= 24 << 10, "{held} bytes kept");
        let (outcome, stats) = astar(board, &mut tables, o, &budget);
        let optimum = Game::of(l).optimum((l.player, l.boxes.clone()), 0, 1);
        let skips = o.macros || o.box_moves;
        match (outcome, optimum) {
            (AstarOutcome::Plan(p), Some(_)) => {
                let plan = pushes_to_plan(board, &p).expect("the plan walks");
                assert_eq!(verify(l, &plan).unwrap().pushes, p.len(), "{l}");
                met += u32::from(stats.met);
            }
            (AstarOutcome::Exhausted, None) => {}
            (AstarOutcome::Exhausted, Some(_)) if skips => {}
            (outcome, best) => panic!("the pass's {outcome:?}, the model's {best:?}\n{l}"),
        }
    });
    met
}

/// Calls `each` on `n` random rooms of three to five boxes (from a fixed seed; many
/// have no plan) and returns `n`.
fn random_rooms(n: usize, mut each: impl FnMut(&Level, &Board)) -> usize {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut levels = 0;
    while levels < n {
        let (w, h) = (4 + next() % 3, 3 + next() % 2);
        let cells: Vec<u8> = (0..24).map(|_| next() as u8).collect();
        let boxes = 3 + (next() % 3) as usize;
        let Some(l) = random_level(w as usize, h as usize, &cells, boxes, false) else {
            continue;
        };
        let Ok(board) = analyse(&l) else { continue };
        levels += 1;
        each(&l, &board);
    }
    levels
}

/// The windows that shorten a plan (`search/window.rs`).
mod windows {
    use super::{analyse, bfs::Game, bfs::pulled_level};
    use crate::analysis::{Push, pushes_to_plan};
    use crate::model::{Board, Dir};
    use crate::replay::verify;
    use crate::search::{AstarOptions, AstarOutcome, Order, PushTables, astar, shorten};
    use gridsat_sat::Budget;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// A plan made wasteful on purpose (random pushes first, then a greedy plan from
        /// where they lead) comes out of the windows no longer (and with as many pushes, no
        /// more moves), and it replays to solved.
        #[test]
        fn windows_never_lengthen_a_plan_and_it_replays(
            w in 3usize..7, h in 3usize..6,
            walls in prop::collection::vec(prop::bool::weighted(0.1), 1..30),
            boxes in 1usize..4,
            pulls in prop::collection::vec((0u8..4, prop::bool::weighted(0.7)), 0..60),
            wander in prop::collection::vec(0usize..64, 0..30),
        ) {
            let Some(l) = pulled_level(w, h, &walls, boxes, &pulls) else { return Ok(()) };
            let Ok(board) = analyse(&l) else { return Ok(()) };
            let Some(plan) = wasteful_plan(&board, &wander) else { return Ok(()) };
            let budget = Budget::unlimited().with_time_limit(Some(std::time::Duration::from_secs(5)));
            let (short, _) = shorten(&board, plan.clone(), &window_options(), &budget);
            prop_assert!(short.len() <= plan.len());
            let moves = pushes_to_plan(&board, &short).expect("the windows' plan walks");
            // As many pushes: never more moves (a part of as many pushes is kept only
            // when the plan then walks less).
            let before = pushes_to_plan(&board, &plan).expect("the input walks");
            prop_assert!(short.len() < plan.len() || moves.len() <= before.len());
            let r = verify(&l, &moves);
            prop_assert!(r.is_ok(), "{:?}\n{}", r, l);
            prop_assert_eq!(r.unwrap().pushes, short.len());
            let optimum = Game::of(&l).optimum((l.player, l.boxes.clone()), 0, 1).expect("solvable");
            prop_assert!(short.len() >= optimum as usize);
        }
    }

    fn window_options() -> AstarOptions {
        AstarOptions::sound(Order::Optimal, 64 << 20)
    }

    /// Pushes picked by `wander` among those the player can make (each pick an index
    /// into them) and after which the position still has a plan, then a greedy plan from
    /// the position they lead to.
    fn wasteful_plan(board: &Board, wander: &[usize]) -> Option<Vec<Push>> {
        let mut there = board.clone();
        let mut plan = Vec::new();
        let mut rest = greedy_plan(&there)?;
        for &pick in wander {
            let occ = there.occupancy(&there.boxes);
            let reach = there.reachable(&occ, there.player);
            let legal: Vec<Push> = (there.boxes.iter())
                .flat_map(|&b| Dir::ALL.map(|dir| Push { from: b, dir }))
                .filter(|p| {
                    let behind = there.nb[p.from as usize][p.dir.opposite().index()];
                    let ahead = there.nb[p.from as usize][p.dir.index()];
                    behind.is_some_and(|c| reach[c as usize])
                        && ahead.is_some_and(|c| !occ[c as usize])
                })
                .collect();
            if legal.is_empty() {
                break;
            }
            let p = legal[pick % legal.len()];
            let mut next = there.clone();
            let ahead = there.nb[p.from as usize][p.dir.index()]?;
            *next.boxes.iter_mut().find(|b| **b == p.from)? = ahead;
            next.boxes.sort_unstable();
            next.player = p.from;
            if let Some(r) = greedy_plan(&next) {
                (there, rest) = (next, r);
                plan.push(p);
            }
        }
        plan.extend(rest);
        Some(plan)
    }

    /// A plan of `board` by the greedy order, if it has one.
    fn greedy_plan(board: &Board) -> Option<Vec<Push>> {
        let budget = Budget::unlimited();
        let mut tables = PushTables::new(board, true, &budget).ok()?;
        let opts = AstarOptions {
            order: Order::Greedy,
            ..window_options()
        };
        match astar(board, &mut tables, &opts, &budget).0 {
            AstarOutcome::Plan(p) => Some(p),
            _ => None,
        }
    }
}
