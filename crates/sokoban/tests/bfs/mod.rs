//! A tiny independent model of the game for the cross-checks: a breadth-first search over
//! (player, boxes) states, written without any of the crate's code, and generators of
//! small random levels. Shared by `bfs_cross_check.rs` and the crate's own cross-checks
//! of its internals (`src/tests.rs`).
#![allow(dead_code)]

use gridsat_sokoban::{Format, Level, parse_levels};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// A tiny independent model of the game: cells of a `w`-wide grid, walls, goals.
#[derive(Clone)]
pub struct Game {
    pub w: usize,
    pub h: usize,
    pub wall: Vec<bool>,
    pub goal: Vec<bool>,
}

pub type State = (usize, Vec<usize>);

impl Game {
    pub fn of(level: &Level) -> Game {
        Game {
            w: level.width,
            h: level.height,
            wall: level.walls.clone(),
            goal: level.goals.clone(),
        }
    }

    pub fn go(&self, c: usize, d: usize) -> Option<usize> {
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
    pub fn step(&self, s: &State, d: usize) -> Option<(State, bool)> {
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
    pub fn lex_optimum(&self, start: State) -> Option<(u32, u32)> {
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

    pub fn solved(&self, s: &State) -> bool {
        s.1.iter().all(|&b| self.goal[b])
    }

    /// Least cost to a solved state, where a move costs `move_cost` and a push
    /// `push_cost` (Dijkstra's search: with a push of 1001 and a move of 1, a
    /// first-in-first-out queue met a solved state of more pushes first); `None` when
    /// no solved state is reachable.
    pub fn optimum(&self, start: State, move_cost: u32, push_cost: u32) -> Option<u32> {
        let mut dist: HashMap<State, u32> = HashMap::new();
        let mut q = BinaryHeap::new();
        dist.insert(start.clone(), 0);
        q.push(Reverse((0, start)));
        while let Some(Reverse((ds, s))) = q.pop() {
            if dist[&s] < ds {
                continue; // reached more cheaply since queued
            }
            if self.solved(&s) {
                return Some(ds);
            }
            for d in 0..4 {
                if let Some((n, pushed)) = self.step(&s, d) {
                    let nd = ds + if pushed { push_cost } else { move_cost };
                    if dist.get(&n).is_none_or(|&old| nd < old) {
                        dist.insert(n.clone(), nd);
                        q.push(Reverse((nd, n)));
                    }
                }
            }
        }
        None
    }
}

pub fn level(text: &str) -> Level {
    parse_levels(text, "test", Format::Xsb).unwrap().remove(0)
}

pub const TINY: &[&str] = &[
    "#######\n#@ $ .#\n#######\n",
    "######\n#    #\n# #@ #\n# $* #\n# .* #\n#    #\n######\n",
    "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n",
    " #####\n #. .#\n##$ $#\n#  @ #\n#    #\n######\n",
    "#####\n#.  #\n# $ #\n#  @#\n#####\n",
    "######\n#. $@#\n# ## #\n#    #\n######\n",
    // A spare goal: the end position, and with it the parity of the push count, is
    // not fixed (2 pushes here, though the far goal is 3 away).
    "#######\n#@$ ..#\n#######\n",
    // A spare goal walled in by a box on a goal (found by the random rooms' proptest):
    // no push enters that corral, and none need, since the goal may stay empty. The
    // PI-corral pruning once called it a deadlock and the level unsolvable.
    "#######\n#.* $ #\n#.#  @#\n#######\n",
    // Symmetric starts: a mirror, and all eight maps of the square (the first push is
    // tried once per orbit).
    "#######\n#.$@$.#\n#######\n",
    "  ###\n  #.#\n###$###\n#.$@$.#\n###$###\n  #.#\n  ###\n",
];

/// A random half room with one box and one goal, mirrored about a floor column that
/// holds the player: the start is symmetric, so the first push is tried once per orbit.
pub fn mirrored_level(w: usize, h: usize, cells: &[u8], player_row: usize) -> Option<String> {
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
pub fn pulled_level(
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

/// A random room (interior `w` × `h`, walls where `cells` says so) with a player,
/// `boxes` boxes and as many goals (one more with `spare_goal`) on distinct floor cells
/// chosen by `cells`: solvable or not, as it happens. `None` when the room is too small.
pub fn random_level(
    w: usize,
    h: usize,
    cells: &[u8],
    boxes: usize,
    spare_goal: bool,
) -> Option<Level> {
    let (w2, h2) = (w + 2, h + 2);
    let at = |i: usize| cells[i % cells.len()] as usize;
    let mut g = vec![vec!['#'; w2]; h2];
    for r in 0..h {
        for c in 0..w {
            if at(r * w + c) % 5 != 0 {
                g[r + 1][c + 1] = ' ';
            }
        }
    }
    let mut free: Vec<(usize, usize)> = (0..h2)
        .flat_map(|r| (0..w2).map(move |c| (r, c)))
        .filter(|&(r, c)| g[r][c] == ' ')
        .collect();
    let goals = boxes + spare_goal as usize;
    if free.len() < 1 + boxes.max(goals) {
        return None;
    }
    let mut pick = |k: usize| free.remove(at(1000 + k) % free.len());
    let (pr, pc) = pick(0);
    g[pr][pc] = '@';
    let boxes_at: Vec<(usize, usize)> = (0..boxes).map(|k| pick(1 + k)).collect();
    // Goals may lie under boxes (and under the player) too: drawn from all floor cells.
    let mut spots: Vec<(usize, usize)> = free.clone();
    spots.extend(&boxes_at);
    spots.push((pr, pc));
    for &(r, c) in &boxes_at {
        g[r][c] = '$';
    }
    for k in 0..goals {
        let (r, c) = spots.remove(at(2000 + k) % spots.len());
        g[r][c] = match g[r][c] {
            '$' => '*',
            '@' => '+',
            _ => '.',
        };
    }
    let text: String = g
        .into_iter()
        .map(|row| row.into_iter().collect::<String>() + "\n")
        .collect();
    Some(level(&text))
}
