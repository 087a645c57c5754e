//! The push-state closure of "no plan of at most `H` pushes": every position a
//! breadth-first search reaches within `H` pushes while the matching bound leaves room
//! for a plan, each at its depth. The certificate checker (`gridsat-certify`) checks
//! such a list without trusting this code: the start is listed at depth 0, no listed
//! position within `H` is solved, and each push of a listed position of depth `d < H`
//! reaches one listed at depth `d + 1` or less, or one whose bound rules out a plan
//! within `H`.
//!
//! The bound is the one the checker re-derives, so this search may prune nothing more:
//! the least total push distance of lone boxes on the level's floor (every non-wall
//! cell; the other boxes and the player's reach ignored) over the ways of sending the
//! boxes to distinct goals. No freeze deadlocks, dead pairs or corrals: a position they
//! would prune is listed if the bound keeps it.

use crate::analysis::{INF, min_cost_assignment};
use crate::halt::Halt;
use crate::model::{Dir, Level};
use gridsat_sat::Budget;
use std::collections::HashMap;

/// A position: the boxes' level cells (increasing), then the least cell of the
/// player's region.
pub type Position = Vec<u32>;

/// The closure: each position with its depth, in breadth-first order.
#[derive(Clone, Debug, Default)]
pub struct Closure {
    /// (depth, position), depths non-decreasing, the start first.
    pub positions: Vec<(u32, Position)>,
}

/// Why no closure was built.
#[derive(Debug, thiserror::Error)]
pub enum ClosureError {
    /// The budget stopped the search or refused its table.
    #[error(transparent)]
    Halt(#[from] Halt),
    /// Over the most positions the certificate may list.
    #[error("the closure holds more than {0} positions")]
    TooLarge(usize),
    /// A position within the horizon has every box on a goal: a plan of at most `H`
    /// pushes exists.
    #[error("a plan of at most {0} pushes exists")]
    Solvable(usize),
}

/// Bytes one position takes in the search's table.
fn bytes_per_position(boxes: usize) -> u64 {
    96 + 4 * (boxes as u64 + 1)
}

/// The closure of "no plan of at most `h` pushes solves `level`", with at most `max`
/// positions, within `budget`.
pub fn closure(
    level: &Level,
    h: usize,
    max: usize,
    budget: &Budget,
) -> Result<Closure, ClosureError> {
    let rules = Rules::new(level, budget)?;
    let mut scratch = Scratch::new(level.walls.len());
    let per = bytes_per_position(level.boxes.len());
    let boxes: Vec<u32> = level.boxes.iter().map(|&b| b as u32).collect();
    let start = rules.position(&boxes, level.player, &mut scratch);
    // Listed positions keep their depth; positions cut by the bound are kept as `None`
    // so that the bound is computed once per position.
    let mut seen: HashMap<Position, Option<u32>> = HashMap::new();
    seen.insert(start.clone(), Some(0));
    let mut out = Closure::default();
    let (mut layer, mut next_positions) = (vec![start], Vec::new());
    for depth in 0..=h {
        let mut next = Vec::new();
        for p in &layer {
            if out.positions.len() % 1024 == 0 {
                budget.check().map_err(Halt::from)?;
                let bytes = (seen.len() as u64).saturating_mul(per);
                budget
                    .admit(bytes, || format!("a closure of {} positions", seen.len()))
                    .map_err(Halt::from)?;
            }
            if rules.solved(p) {
                return Err(ClosureError::Solvable(h));
            }
            out.positions.push((depth as u32, p.clone()));
            if out.positions.len() > max {
                return Err(ClosureError::TooLarge(max));
            }
            if depth == h {
                continue;
            }
            rules.pushes(p, &mut scratch, &mut next_positions);
            for q in next_positions.drain(..) {
                if seen.contains_key(&q) {
                    continue;
                }
                let keep = rules.bound(&q, budget)?.is_some_and(|b| depth + 1 + b <= h);
                if keep {
                    next.push(q.clone());
                }
                seen.insert(q, keep.then_some(depth as u32 + 1));
            }
        }
        layer = next;
    }
    Ok(out)
}

/// The level's floor and each goal's lone-box push distances.
struct Rules<'a> {
    level: &'a Level,
    /// The floor neighbours of each cell, by direction.
    near: Vec<[Option<u32>; 4]>,
    /// `to_goal[g][c]`: pushes of a lone box from cell `c` to the `g`-th goal.
    to_goal: Vec<Vec<u32>>,
}

/// Buffers reused from position to position: the boxes' cells as flags, region marks
/// by stamp, the flood's stack and the pushes found.
struct Scratch {
    occupied: Vec<bool>,
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
    moves: Vec<(usize, u32)>,
}

impl Scratch {
    fn new(cells: usize) -> Scratch {
        Scratch {
            occupied: vec![false; cells],
            mark: vec![0; cells],
            stamp: 0,
            stack: Vec::new(),
            moves: Vec::new(),
        }
    }

    fn place(&mut self, boxes: &[u32], on: bool) {
        boxes.iter().for_each(|&b| self.occupied[b as usize] = on);
    }
}

impl<'a> Rules<'a> {
    fn new(level: &'a Level, budget: &Budget) -> Result<Rules<'a>, Halt> {
        let floor: Vec<bool> = level.walls.iter().map(|&w| !w).collect();
        let goals: Vec<usize> = (0..floor.len()).filter(|&c| level.goals[c]).collect();
        let mut to_goal = Vec::with_capacity(goals.len());
        for &g in &goals {
            budget.check().map_err(Halt::from)?;
            to_goal.push(pulls(level, &floor, g));
        }
        let near = (0..floor.len())
            .map(|c| Dir::ALL.map(|d| level.step(c, d).filter(|&n| floor[n]).map(|n| n as u32)))
            .collect();
        Ok(Rules {
            level,
            near,
            to_goal,
        })
    }

    fn solved(&self, p: &Position) -> bool {
        p[..p.len() - 1]
            .iter()
            .all(|&b| self.level.goals[b as usize])
    }

    /// The matching bound of the boxes of `p` (`None`: no plan).
    fn bound(&self, p: &Position, budget: &Budget) -> Result<Option<usize>, Halt> {
        let boxes = &p[..p.len() - 1];
        let cost: Vec<Vec<u32>> = (boxes.iter())
            .map(|&b| self.to_goal.iter().map(|g| g[b as usize]).collect())
            .collect();
        Ok(min_cost_assignment(&cost, budget)?.map(|b| b as usize))
    }

    /// Marks the player's region from `from` (the cells free of `s.occupied`) with a
    /// new stamp, which it returns with the region's least cell.
    fn region(&self, s: &mut Scratch, from: u32) -> (u32, u32) {
        s.stamp = s.stamp.wrapping_add(1);
        if s.stamp == 0 {
            s.mark.iter_mut().for_each(|m| *m = 0);
            s.stamp = 1;
        }
        let stamp = s.stamp;
        let mut least = from;
        s.mark[from as usize] = stamp;
        s.stack.clear();
        s.stack.push(from);
        while let Some(c) = s.stack.pop() {
            for n in self.near[c as usize].into_iter().flatten() {
                if s.mark[n as usize] != stamp && !s.occupied[n as usize] {
                    s.mark[n as usize] = stamp;
                    least = least.min(n);
                    s.stack.push(n);
                }
            }
        }
        (stamp, least)
    }

    /// The position of `boxes` with the player at `player`.
    fn position(&self, boxes: &[u32], player: usize, s: &mut Scratch) -> Position {
        s.place(boxes, true);
        let mut p = boxes.to_vec();
        p.sort_unstable();
        p.push(self.region(s, player as u32).1);
        s.place(boxes, false);
        p
    }

    /// The positions one push from `p`, into `out`.
    fn pushes(&self, p: &Position, s: &mut Scratch, out: &mut Vec<Position>) {
        let boxes = &p[..p.len() - 1];
        s.place(boxes, true);
        let (stamp, _) = self.region(s, p[p.len() - 1]);
        s.moves.clear();
        for (i, &b) in boxes.iter().enumerate() {
            for d in Dir::ALL {
                let behind = self.near[b as usize][d.opposite().index()];
                let ahead = self.near[b as usize][d.index()];
                if let (Some(behind), Some(ahead)) = (behind, ahead)
                    && s.mark[behind as usize] == stamp
                    && !s.occupied[ahead as usize]
                {
                    s.moves.push((i, ahead));
                }
            }
        }
        for k in 0..s.moves.len() {
            let (i, ahead) = s.moves[k];
            let b = boxes[i];
            (s.occupied[b as usize], s.occupied[ahead as usize]) = (false, true);
            let least = self.region(s, b).1;
            (s.occupied[b as usize], s.occupied[ahead as usize]) = (true, false);
            let mut q = boxes.to_vec();
            q[i] = ahead;
            q.sort_unstable();
            q.push(least);
            out.push(q);
        }
        s.place(boxes, false);
    }
}

/// Pushes of a lone box on `floor` from every cell to the goal `g` ([`INF`]: none),
/// by pulling it back from `g`: the box reached `c` from `c − d` with the player at
/// `c − 2d`, both floor.
fn pulls(level: &Level, floor: &[bool], g: usize) -> Vec<u32> {
    let mut dist = vec![INF; floor.len()];
    let mut queue = std::collections::VecDeque::from([g]);
    dist[g] = 0;
    while let Some(c) = queue.pop_front() {
        for d in Dir::ALL {
            let from = level.step(c, d.opposite()).filter(|&n| floor[n]);
            let player = from
                .and_then(|n| level.step(n, d.opposite()))
                .filter(|&n| floor[n]);
            if let (Some(n), Some(_)) = (from, player)
                && dist[n] == INF
            {
                dist[n] = dist[c] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

/// The closure as the certificate's `.states` file: a header, then one line per
/// position, `DEPTH PLAYER BOX…` with cells as `ROW,COLUMN` (1-based).
pub fn closure_text(level: &Level, h: usize, closure: &Closure, header: &[String]) -> String {
    let mut out = String::new();
    for line in header {
        out.push_str(&format!("c {line}\n"));
    }
    out.push_str(&format!("p closure {h} {}\n", closure.positions.len()));
    let at = |c: u32| {
        let (r, k) = level.row_col(c as usize);
        format!("{},{}", r + 1, k + 1)
    };
    for (depth, p) in &closure.positions {
        out.push_str(&depth.to_string());
        out.push(' ');
        out.push_str(&at(p[p.len() - 1]));
        for &b in &p[..p.len() - 1] {
            out.push(' ');
            out.push_str(&at(b));
        }
        out.push('\n');
    }
    out
}
