//! The move encoding, written out directly from the rules: "a plan of at most H moves"
//! (optionally "… and at most P pushes"), one player move per step, numbered boxes.
//! Shares no code with gridsat's encoder on purpose; the names are the ones gridsat's
//! move encoding gives its variables, so that the two formulas compare clause for
//! clause.
//!
//! Per step `t`: the player on exactly one cell, each box on exactly one cell of its
//! domain (the cells a lone box can be pushed to from its start), no two boxes and
//! not the player on one cell; per transition exactly one of up, down, left, right,
//! wait (waits only at the end); a move takes the player to the neighbour (never into
//! a wall), walking into a box pushes it one cell on (that cell must take it), boxes
//! stay unless the player walks into them. Every exactly-one is pairwise.
//!
//! The pruning, each clause true of every plan of at most H moves that waits only at
//! the end (re-derived here from the rules):
//! - **dead squares**: a box never stands where no lone-box push sequence reaches a goal;
//! - **distance from the start**: the player is not at `t` where it cannot walk in `t`
//!   moves (boxes ignored), nor on the wrong chessboard colour before waiting began
//!   (every move changes the colour); a box is not at `t` on a cell it cannot reach in
//!   `t` moves: the walk to a cell beside it, then one move per push;
//! - **distance to the goals**: with the goal at `H`, a box at `t` is at most `H − t`
//!   pushes from some goal.

use super::prune::{FAR, push_distances};
use super::{Level, MAX_CLAUSES, Refused};
use crate::Limits;
use crate::cnf::Expected;
use std::collections::HashMap;

/// The index of the wait action (after the four directions of [`DIRS`]).
const WAIT: usize = 4;

/// The variables, by what they mean.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Var {
    /// The player on a cell at a step.
    Player(usize, usize),
    /// Box number `b` on a cell at a step.
    Box(usize, usize, usize),
    /// Action `a` (up, down, left, right, wait) of the transition from step `t`.
    Act(usize, usize),
    /// Every box on a goal at the horizon.
    Goal(usize),
    /// The transition from step `t` pushes a box.
    Pushed(usize),
    /// At least `j + 1` of the transitions before step `t` pushed.
    AtLeast(usize, usize),
}

/// The formula under construction: variables numbered on first use.
struct Moves<'a> {
    l: &'a Level,
    inside: Vec<bool>,
    cells: Vec<usize>,
    /// Where each box starts.
    starts: Vec<usize>,
    /// Per box (numbered in row-major order of their starts): its domain, row-major.
    domain: Vec<Vec<usize>>,
    /// Per box: level cell → in its domain.
    in_domain: Vec<Vec<bool>>,
    /// Player walk distances from its start (boxes ignored).
    walk: Vec<usize>,
    /// Push distances of a lone box to the nearest goal.
    to_goal: Vec<usize>,
    /// Per box: the fewest moves before it can stand on each cell.
    box_lb: Vec<Vec<usize>>,
    number: HashMap<Var, i32>,
    names: Vec<String>,
    out: Vec<Vec<i32>>,
}

impl Moves<'_> {
    fn nb(&self, c: usize, d: usize) -> Option<usize> {
        self.l.step(c, d).filter(|&n| self.inside[n])
    }

    fn name(&self, v: Var) -> String {
        let at = |c: usize| self.l.at(c);
        match v {
            Var::Player(c, t) => format!("player at {} t={t}", at(c)),
            Var::Box(b, c, t) => format!("box {b} at {} t={t}", at(c)),
            Var::Act(a, t) => {
                let what = ["up", "down", "left", "right", "wait"][a];
                format!("step {t}->{}: {what}", t + 1)
            }
            Var::Goal(h) => format!("goal at T={h}"),
            Var::Pushed(t) => format!("step {t}->{} pushes", t + 1),
            Var::AtLeast(j, t) => format!("at least {} pushes by t={t}", j + 1),
        }
    }

    /// The literal of `v` (true: positive).
    fn lit(&mut self, v: Var, sign: bool) -> i32 {
        let n = match self.number.get(&v) {
            Some(&n) => n,
            None => {
                self.names.push(self.name(v));
                let n = self.names.len() as i32;
                self.number.insert(v, n);
                n
            }
        };
        if sign { n } else { -n }
    }

    fn pos(&mut self, v: Var) -> i32 {
        self.lit(v, true)
    }

    fn neg(&mut self, v: Var) -> i32 {
        self.lit(v, false)
    }

    /// Exactly one of `vars`: one clause for at least one, one per pair for at most.
    fn exactly_one(&mut self, vars: &[Var]) {
        let lits: Vec<i32> = vars.iter().map(|&v| self.pos(v)).collect();
        for (i, &x) in lits.iter().enumerate() {
            for &y in &lits[i + 1..] {
                self.out.push(vec![-x, -y]);
            }
        }
        self.out.push(lits);
    }

    /// The boxes whose domain holds `c`.
    fn boxes_at(&self, c: usize) -> Vec<usize> {
        (0..self.domain.len())
            .filter(|&b| self.in_domain[b][c])
            .collect()
    }
}

mod rules;

/// Estimates the clauses of the move formula at horizon `h` (an upper bound) from the
/// domains alone.
fn estimate(m: &Moves, h: usize, cap: Option<usize>) -> usize {
    let n = m.cells.len();
    let dom: usize = m.domain.iter().map(Vec::len).sum();
    let dom2: usize = m.domain.iter().map(|d| d.len() * d.len()).sum();
    let here2: usize = m.cells.iter().map(|&c| m.boxes_at(c).len().pow(2)).sum();
    let per_step = n * n / 2 + dom2 / 2 + here2 + 12 * n + 12 * dom + 3 * cap.unwrap_or(0) + 16;
    (h + 1).saturating_mul(per_step)
}

/// The clauses of "a plan of at most `h` moves (and at most `cap` pushes) solves `l`",
/// estimated against `limits` before they are built.
pub(super) fn formula(
    l: &Level,
    h: usize,
    cap: Option<usize>,
    limits: &Limits,
) -> Result<Expected, Refused> {
    let blocked = l.blocked(limits)?;
    let inside = l.flood(&blocked, l.player);
    let mut m = Moves::new(l, inside, &blocked);
    let clauses = estimate(&m, h, cap);
    if clauses > MAX_CLAUSES {
        return Err(Refused::TooLarge(clauses));
    }
    let (c, lits) = (clauses as u64, (clauses as u64).saturating_mul(3));
    limits.admit("", c, lits).map_err(Refused::Budget)?;
    m.initial();
    for t in 0..=h {
        if limits.in_time("").is_err() {
            return Err(Refused::OutOfTime);
        }
        m.layer(t);
        if t < h {
            m.step(t);
            if let Some(cap) = cap {
                m.push_budget(t, cap);
            }
        }
    }
    m.goal(h);
    Ok(Expected {
        clauses: m.out,
        names: m.names,
    })
}

impl<'a> Moves<'a> {
    /// The tables of `l` on its cells `inside` (`blocked`: walls and boxes that never
    /// move).
    fn new(l: &'a Level, inside: Vec<bool>, blocked: &[bool]) -> Moves<'a> {
        let cells: Vec<usize> = (0..inside.len()).filter(|&c| inside[c]).collect();
        let starts: Vec<usize> = l.boxes.iter().copied().filter(|&b| !blocked[b]).collect();
        let walk = walk_distances(l, &inside, l.player);
        let goals: Vec<usize> = cells.iter().copied().filter(|&c| l.goal[c]).collect();
        let to_goal = push_distances(l, &inside, &goals, false);
        let (mut domain, mut in_domain, mut box_lb) = (Vec::new(), Vec::new(), Vec::new());
        for &s in &starts {
            let pushes = push_distances(l, &inside, &[s], true);
            let beside = (0..4)
                .filter_map(|d| l.step(s, d).filter(|&n| inside[n]))
                .map(|n| walk[n])
                .min()
                .unwrap_or(FAR);
            let lb = pushes.iter().map(|&p| match p {
                0 => 0,
                FAR => FAR,
                p => beside.saturating_add(p),
            });
            box_lb.push(lb.collect::<Vec<usize>>());
            in_domain.push(pushes.iter().map(|&p| p != FAR).collect::<Vec<bool>>());
            domain.push(
                cells
                    .iter()
                    .copied()
                    .filter(|&c| pushes[c] != FAR)
                    .collect(),
            );
        }
        Moves {
            l,
            inside,
            cells,
            starts,
            domain,
            in_domain,
            walk,
            to_goal,
            box_lb,
            number: HashMap::new(),
            names: Vec::new(),
            out: Vec::new(),
        }
    }
}

/// The fewest moves from `from` to every cell of `inside` (boxes ignored).
fn walk_distances(l: &Level, inside: &[bool], from: usize) -> Vec<usize> {
    let mut dist = vec![FAR; inside.len()];
    let mut queue = std::collections::VecDeque::from([from]);
    dist[from] = 0;
    while let Some(c) = queue.pop_front() {
        for n in (0..4).filter_map(|d| l.step(c, d)) {
            if inside[n] && dist[n] == FAR {
                dist[n] = dist[c] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests;
