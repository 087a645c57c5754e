//! Optimal move and push counts from the SAT encodings, cross-checked against a plain
//! breadth-first search over (player, boxes) states written here, independently of the
//! encoders, on hand-made tiny levels and on random levels made by pulling boxes away
//! from a solved position.

use gridsat_sokoban::board::Board;
use gridsat_sokoban::encode_pushes::{PushOptions, Reach};
use gridsat_sokoban::pairs::pair_table;
use gridsat_sokoban::replay::verify;
use gridsat_sokoban::seed::{SeedLimits, seed_plan};
use gridsat_sokoban::symmetry::start_symmetries;
use gridsat_sokoban::{Format, Level, Optimize, SolveOptions, Status, parse_levels, solve_level};
use proptest::prelude::*;
use std::collections::{HashMap, VecDeque};

/// A tiny independent model of the game: cells of a `w`-wide grid, walls, goals.
#[derive(Clone)]
struct Game {
    w: usize,
    h: usize,
    wall: Vec<bool>,
    goal: Vec<bool>,
}

type State = (usize, Vec<usize>);

impl Game {
    fn of(level: &Level) -> Game {
        Game {
            w: level.width,
            h: level.height,
            wall: level.walls.clone(),
            goal: level.goals.clone(),
        }
    }

    fn go(&self, c: usize, d: usize) -> Option<usize> {
        let (r, k) = ((c / self.w) as i64, (c % self.w) as i64);
        let (dr, dk) = [(-1, 0), (1, 0), (0, -1), (0, 1)][d];
        let (r, k) = (r + dr, k + dk);
        if r < 0 || k < 0 || r >= self.h as i64 || k >= self.w as i64 {
            return None;
        }
        let n = r as usize * self.w + k as usize;
        (!self.wall[n]).then_some(n)
    }

    /// The state after moving in direction `d` and whether it pushed, or `None`.
    fn step(&self, s: &State, d: usize) -> Option<(State, bool)> {
        let n = self.go(s.0, d)?;
        match s.1.iter().position(|&b| b == n) {
            None => Some(((n, s.1.clone()), false)),
            Some(i) => {
                let m = self.go(n, d)?;
                if s.1.contains(&m) {
                    return None;
                }
                let mut boxes = s.1.clone();
                boxes[i] = m;
                boxes.sort_unstable();
                Some(((n, boxes), true))
            }
        }
    }

    /// The least (pushes, moves) in lexicographic order, by Dijkstra over states.
    fn lex_optimum(&self, start: State) -> Option<(u32, u32)> {
        use std::cmp::Reverse;
        let mut dist: HashMap<State, (u32, u32)> = HashMap::new();
        let mut heap = std::collections::BinaryHeap::new();
        dist.insert(start.clone(), (0, 0));
        heap.push(Reverse(((0u32, 0u32), start)));
        while let Some(Reverse((d, s))) = heap.pop() {
            if dist.get(&s).is_some_and(|&best| best < d) {
                continue;
            }
            if self.solved(&s) {
                return Some(d);
            }
            for dir in 0..4 {
                if let Some((n, pushed)) = self.step(&s, dir) {
                    let nd = (d.0 + pushed as u32, d.1 + 1);
                    if dist.get(&n).is_none_or(|&old| nd < old) {
                        dist.insert(n.clone(), nd);
                        heap.push(Reverse((nd, n)));
                    }
                }
            }
        }
        None
    }

    fn solved(&self, s: &State) -> bool {
        s.1.iter().all(|&b| self.goal[b])
    }

    /// Least cost to a solved state, where a move costs `move_cost` and a push
    /// `push_cost` (0-1 BFS); `None` when no solved state is reachable.
    fn optimum(&self, start: State, move_cost: u32, push_cost: u32) -> Option<u32> {
        let mut dist: HashMap<State, u32> = HashMap::new();
        let mut q = VecDeque::new();
        dist.insert(start.clone(), 0);
        q.push_back(start);
        while let Some(s) = q.pop_front() {
            let ds = dist[&s];
            if self.solved(&s) {
                return Some(ds);
            }
            for d in 0..4 {
                if let Some((n, pushed)) = self.step(&s, d) {
                    let c = if pushed { push_cost } else { move_cost };
                    let nd = ds + c;
                    if dist.get(&n).is_none_or(|&old| nd < old) {
                        dist.insert(n.clone(), nd);
                        if c == 0 {
                            q.push_front(n);
                        } else {
                            q.push_back(n);
                        }
                    }
                }
            }
        }
        None
    }
}

fn level(text: &str) -> Level {
    parse_levels(text, "test", Format::Xsb).unwrap().remove(0)
}

/// Solves with the SAT search; `seed` lets it start just below the A* plan (push
/// mode), otherwise it climbs from the lower bound and must find the plan itself.
fn sat(
    level: &Level,
    optimize: Optimize,
    reach: Reach,
    seed: bool,
) -> (Status, Option<usize>, Option<usize>) {
    sat_with(
        level,
        SolveOptions {
            optimize,
            no_seed: !seed,
            pushes: PushOptions {
                reach,
                ..Default::default()
            },
            ..Default::default()
        },
    )
}

/// Solves with these options (at most 60 pushes); checks the plan by replay and that a
/// solved level is claimed optimal.
fn sat_with(level: &Level, opts: SolveOptions) -> (Status, Option<usize>, Option<usize>) {
    let optimize = opts.optimize;
    let opts = SolveOptions {
        max_moves: None,
        max_pushes: Some(60),
        ..opts
    };
    let r = solve_level(level, &opts, None).unwrap();
    if let Some(p) = &r.plan {
        let v = verify(level, p).unwrap();
        assert_eq!(Some(v.moves), r.moves);
        assert_eq!(Some(v.pushes), r.pushes);
    }
    assert!(r.status != Status::Solved || r.optimal == Some(optimize));
    (r.status, r.moves, r.pushes)
}

const TINY: &[&str] = &[
    "#######\n#@ $ .#\n#######\n",
    "######\n#    #\n# #@ #\n# $* #\n# .* #\n#    #\n######\n",
    "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n",
    " #####\n #. .#\n##$ $#\n#  @ #\n#    #\n######\n",
    "#####\n#.  #\n# $ #\n#  @#\n#####\n",
    "######\n#. $@#\n# ## #\n#    #\n######\n",
    // A spare goal: the end position, and with it the parity of the push count, is
    // not fixed (2 pushes here, though the far goal is 3 away).
    "#######\n#@$ ..#\n#######\n",
    // Symmetric starts: a mirror, and all eight maps of the square (the first push is
    // tried once per orbit).
    "#######\n#.$@$.#\n#######\n",
    "  ###\n  #.#\n###$###\n#.$@$.#\n###$###\n  #.#\n  ###\n",
];

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
            (Status::Solved, Some(moves as usize)),
            "moves of\n{text}"
        );
        let parity = Board::new(&l).unwrap().push_parity();
        let goals = l.goals.iter().filter(|&&g| g).count();
        assert_eq!(parity.is_some(), goals == l.boxes.len(), "{text}");
        assert!(parity.is_none_or(|p| pushes as usize % 2 == p), "{text}");
        let (st, _, p) = sat_with(
            &l,
            SolveOptions {
                no_seed: true,
                pushes: PushOptions {
                    parity: false,
                    ..Default::default()
                },
                ..Default::default()
            },
        );
        assert_eq!(
            (st, p),
            (Status::Solved, Some(pushes as usize)),
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
                (Status::Solved, Some(pushes as usize)),
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
    let opts = SolveOptions {
        optimize: Optimize::PushesMoves,
        ..Default::default()
    };
    let r = solve_level(l, &opts, None).unwrap();
    let v = verify(l, r.plan.as_deref().expect("a plan")).unwrap();
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
    let opts = SolveOptions {
        optimize: Optimize::Pushes,
        max_pushes: Some(12),
        ..Default::default()
    };
    let r = solve_level(&l, &opts, None).unwrap();
    assert!(
        matches!(r.status, Status::NoPlan | Status::Unsolvable),
        "{:?}",
        r.status
    );
    let opts = SolveOptions {
        optimize: Optimize::Moves,
        max_moves: Some(12),
        ..Default::default()
    };
    let r = solve_level(&l, &opts, None).unwrap();
    assert!(
        matches!(r.status, Status::NoPlan | Status::Unsolvable),
        "{:?}",
        r.status
    );
}

/// A random half room with one box and one goal, mirrored about a floor column that
/// holds the player: the start is symmetric, so the first push is tried once per orbit.
fn mirrored_level(w: usize, h: usize, cells: &[u8], player_row: usize) -> Option<String> {
    let (wd, ht) = (2 * w + 1, h);
    let mut g = vec![vec![' '; wd]; ht];
    for r in 0..h {
        for c in 0..w {
            let ch = match cells[(r * w + c) % cells.len()] % 8 {
                0 | 1 => '#',
                _ => ' ',
            };
            g[r][c] = ch;
            g[r][wd - 1 - c] = ch;
        }
    }
    // One box and one goal in the left half (and their mirror images).
    let spots: Vec<(usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&(r, c)| g[r][c] == ' ')
        .collect();
    if spots.len() < 2 {
        return None;
    }
    let k = cells.len() % spots.len();
    let (br, bc) = spots[k];
    let (gr, gc) = spots[(k + 1 + cells[0] as usize % (spots.len() - 1)) % spots.len()];
    for (r, c, ch) in [(br, bc, '$'), (gr, gc, '.')] {
        g[r][c] = ch;
        g[r][wd - 1 - c] = ch;
    }
    g[player_row % h][w] = '@';
    let mut text = format!("{}\n", "#".repeat(wd + 2));
    for row in g {
        text.push_str(&format!("#{}#\n", row.into_iter().collect::<String>()));
    }
    text.push_str(&format!("{}\n", "#".repeat(wd + 2)));
    Some(text)
}

/// A random room with a solved position pulled apart by random reverse moves.
fn pulled_level(
    w: usize,
    h: usize,
    walls: &[bool],
    boxes: usize,
    pulls: &[(u8, bool)],
) -> Option<Level> {
    let (w2, h2) = (w + 2, h + 2);
    let mut wall = vec![true; w2 * h2];
    for r in 0..h {
        for c in 0..w {
            wall[(r + 1) * w2 + c + 1] = walls[(r * w + c) % walls.len()];
        }
    }
    let free: Vec<usize> = (0..wall.len()).filter(|&c| !wall[c]).collect();
    if free.len() < boxes + 2 {
        return None;
    }
    let goals: Vec<usize> = free[..boxes].to_vec();
    let mut game = Game {
        w: w2,
        h: h2,
        wall: wall.clone(),
        goal: vec![false; wall.len()],
    };
    for &g in &goals {
        game.goal[g] = true;
    }
    // Start next to a box, so that the first pulls take it along.
    let mut player = (0..4)
        .filter_map(|d| game.go(goals[0], d))
        .find(|c| !goals.contains(c))?;
    let mut bx = goals.clone();
    for &(d, pull) in pulls {
        let mut d = d as usize % 4;
        // Mostly walk away from an adjacent box, pulling it.
        if pull
            && let Some(away) = (0..4).find(|&e| {
                game.go(player, [1, 0, 3, 2][e])
                    .is_some_and(|b| bx.contains(&b))
                    && game.go(player, e).is_some_and(|n| !bx.contains(&n))
            })
        {
            d = away;
        }
        let Some(n) = game.go(player, d) else {
            continue;
        };
        if bx.contains(&n) {
            continue;
        }
        // Pulling: the box behind the player (opposite of d) follows it.
        let back = [1, 0, 3, 2][d];
        if pull
            && let Some(b) = game.go(player, back)
            && let Some(i) = bx.iter().position(|&x| x == b)
        {
            bx[i] = player;
        }
        player = n;
    }
    bx.sort_unstable();
    let mut text = String::new();
    for r in 0..h2 {
        for c in 0..w2 {
            let i = r * w2 + c;
            let ch = if wall[i] {
                '#'
            } else if i == player {
                if game.goal[i] { '+' } else { '@' }
            } else if bx.contains(&i) {
                if game.goal[i] { '*' } else { '$' }
            } else if game.goal[i] {
                '.'
            } else {
                ' '
            };
            text.push(ch);
        }
        text.push('\n');
    }
    Some(level(&text))
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
        prop_assert_eq!(st, Status::Solved);
        prop_assert_eq!(m, Some(moves as usize), "moves of\n{}", l);
        for seed in [false, true] {
            let (st, _, p) = sat(&l, Optimize::Pushes, Reach::Loops, seed);
            prop_assert_eq!(st, Status::Solved);
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
        // Pulled levels have as many goals as boxes: the parity is known and the BFS's
        // optimum has it.
        if let Ok(board) = Board::new(&l) {
            prop_assert_eq!(board.push_parity(), Some(pushes as usize % 2), "{}", l);
        }
        let (_, _, p) = sat_with(&l, SolveOptions {
            no_seed: true,
            pushes: PushOptions { parity: false, ..Default::default() },
            ..Default::default()
        });
        prop_assert_eq!(p, Some(pushes as usize), "pushes (no parity) of\n{}", l);
        for seed in [false, true] {
            let (st, _, p) = sat(&l, Optimize::Pushes, Reach::Loops, seed);
            prop_assert_eq!(st, Status::Solved);
            prop_assert_eq!(p, Some(pushes as usize), "pushes (seed {}) of\n{}", seed, l);
        }
        // The seed search alone: a plan that replays, never shorter than the optimum.
        if let Ok(board) = Board::new(&l) {
            let s = seed_plan(&board, SeedLimits::default()).expect("solvable and small");
            prop_assert!(s.pushes >= pushes as usize);
            prop_assert_eq!(verify(&l, &s.plan).unwrap().pushes, s.pushes);
        }
    }

    /// Mirror-symmetric starts: the symmetry is found, and trying the first push once
    /// per orbit keeps the BFS's optimum (or its verdict that there is no plan; two
    /// boxes that can never both reach goals are reported unsolvable before any search).
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
        if let Ok(board) = Board::new(&l)
            && !board.boxes.is_empty()
        {
            prop_assert!(!start_symmetries(&board).is_empty(), "{}", text);
        }
        let (st, _, p) = sat(&l, Optimize::Pushes, Reach::Loops, false);
        match pushes {
            Some(pushes) => {
                prop_assert_eq!(st, Status::Solved, "{}", text);
                prop_assert_eq!(p, Some(pushes as usize), "{}", text);
            }
            None => prop_assert!(st != Status::Solved, "{}", text),
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
        let Ok(board) = Board::new(&l) else { return Ok(()) };
        prop_assume!(board.fixed.is_empty());
        let Some(table) = pair_table(&board) else { return Ok(()) };
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
        match (gridsat_sokoban::replay::replay(&l, &plan), expected) {
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
}
