//! Deadlocks a search over push states meets, and its admissible bound: dead squares,
//! freeze deadlocks (boxes that block each other for good, one of them off a goal),
//! dead pairs from the two-box table, and the minimum-cost matching of boxes to goals
//! by push distance ([`Matcher`]), whose infeasibility is a bipartite deadlock.
//!
//! Every test here is sound: a position it rejects has no plan to a solved position,
//! so a search that prunes it loses no plan, and the exhaustion of such a search is a
//! proof.

use super::distances::{INF, dist_to_goal, dist_to_goals, push_dist_from};
use super::pairs::pair_table;
use crate::halt::Halt;
use crate::model::{Board, Dir};
use gridsat_sat::Budget;

/// The static deadlock tables of a board: dead squares and dead pairs.
#[derive(Clone, Debug)]
pub struct Deadlocks {
    n: usize,
    /// Cells from which a lone box reaches no goal.
    pub dead: Vec<bool>,
    /// Bit `a * n + b`: two boxes on `a` and `b` never both reach goals (empty when the
    /// two-box table was not built).
    pairs: Vec<u64>,
}

impl Deadlocks {
    /// The tables of `board`; the pair table only when `pairs` is asked for and the
    /// board is small enough (see [`super::pairs::MAX_PAIR_CELLS`]) within `budget`.
    pub fn new(board: &Board, pairs: bool, budget: &Budget) -> Deadlocks {
        let n = board.len();
        let dead: Vec<bool> = dist_to_goals(board).iter().map(|&d| d == INF).collect();
        let mut bits = Vec::new();
        if let Some(table) = pairs.then(|| pair_table(board, budget)).flatten() {
            bits = vec![0u64; (n * n).div_ceil(64)];
            for a in 0..n {
                for b in 0..n {
                    if a != b && !dead[a] && !dead[b] && table.get(a as u32, b as u32) == INF {
                        let i = a * n + b;
                        bits[i / 64] |= 1 << (i % 64);
                    }
                }
            }
        }
        Deadlocks {
            n,
            dead,
            pairs: bits,
        }
    }

    /// Whether the two-box table was built.
    pub fn has_pairs(&self) -> bool {
        !self.pairs.is_empty()
    }

    /// Two boxes on `a` and `b` can never both reach goals.
    #[inline]
    pub fn dead_pair(&self, a: u32, b: u32) -> bool {
        if self.pairs.is_empty() {
            return false;
        }
        let i = a as usize * self.n + b as usize;
        self.pairs[i / 64] >> (i % 64) & 1 == 1
    }
}

/// Scratch space of [`frozen_off_goal`], reused between calls.
#[derive(Clone, Debug, Default)]
pub struct FreezeScratch {
    cluster: Vec<u32>,
    alive: Vec<bool>,
}

/// Whether the box on `c` belongs to a set of boxes that can never move, one of them
/// off a goal (`occupied`: the boxes, `c` among them). The set is the greatest one
/// among the boxes connected to `c` through neighbouring boxes in which every box is
/// blocked along both axes, an axis being blocked by a wall on either side, a box of
/// the set on either side, or dead squares on both sides (a push along it only makes a
/// dead box). No box of such a set can move first in any plan, so none ever moves.
pub fn frozen_off_goal(
    board: &Board,
    dead: &[bool],
    occupied: &[bool],
    c: u32,
    s: &mut FreezeScratch,
) -> bool {
    s.cluster.clear();
    s.cluster.push(c);
    let mut i = 0;
    while i < s.cluster.len() && s.cluster.len() <= 64 {
        let x = s.cluster[i];
        for m in board.nb[x as usize].into_iter().flatten() {
            if occupied[m as usize] && !s.cluster.contains(&m) {
                s.cluster.push(m);
            }
        }
        i += 1;
    }
    s.alive.clear();
    s.alive.resize(s.cluster.len(), true);
    let in_set = |s: &FreezeScratch, m: u32| {
        s.cluster
            .iter()
            .position(|&x| x == m)
            .is_some_and(|k| s.alive[k])
    };
    loop {
        let mut changed = false;
        for k in 0..s.cluster.len() {
            if !s.alive[k] {
                continue;
            }
            let x = s.cluster[k] as usize;
            let blocked = |a: Dir, b: Dir| match (board.nb[x][a.index()], board.nb[x][b.index()]) {
                (None, _) | (_, None) => true,
                (Some(p), Some(q)) => {
                    (dead[p as usize] && dead[q as usize]) || in_set(s, p) || in_set(s, q)
                }
            };
            if !(blocked(Dir::Left, Dir::Right) && blocked(Dir::Up, Dir::Down)) {
                s.alive[k] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (0..s.cluster.len()).any(|k| s.alive[k] && !board.goal[s.cluster[k] as usize])
}

/// The minimum-cost matching of boxes to distinct goals by push distance (each box
/// alone on the board), with buffers reused between calls: an admissible and
/// consistent bound on the pushes left (one push moves one box one cell, which changes
/// its distance to any goal by at most one).
///
/// [`Matcher::bound`] solves a position from scratch and keeps its solution as the
/// base; [`Matcher::bound_moved`] solves the base with one box moved by re-assigning
/// that box alone (one augmenting search, O(k·m) instead of O(k²·m)).
#[derive(Clone, Debug)]
pub struct Matcher {
    /// Push distance `[goal * n + cell]`, [`INF`] where none.
    dist: Vec<u32>,
    n: usize,
    m: usize,
    k: usize,
    u: Vec<i64>,
    v: Vec<i64>,
    p: Vec<usize>,
    way: Vec<usize>,
    minv: Vec<i64>,
    used: Vec<bool>,
    /// Costs `[row * m + goal]` of the base position's boxes.
    cost: Vec<i64>,
    base: (Vec<i64>, Vec<i64>, Vec<usize>),
    row: Vec<i64>,
}

const BIG: i64 = 1 << 40;

impl Matcher {
    /// The push distances of every cell to every goal of `board`.
    #[cfg(test)]
    pub fn new(board: &Board) -> Matcher {
        Matcher::within(board, &Budget::unlimited()).expect("no limits")
    }

    /// The bytes of the distance table of `board`: one `u32` per goal and cell.
    pub fn table_bytes(board: &Board) -> u64 {
        4 * board.goals().len() as u64 * board.len() as u64
    }

    /// [`Matcher::new`] within `budget`: the distance table is refused when its size
    /// exceeds the memory ceiling, and the clock is asked between goals (each one a
    /// search over the whole board).
    pub fn within(board: &Board, budget: &Budget) -> Result<Matcher, Halt> {
        let goals = board.goals();
        let n = board.len();
        budget.admit(Matcher::table_bytes(board), || {
            format!(
                "the A*'s push distances of {n} cells to {} goals",
                goals.len()
            )
        })?;
        Matcher::of(&goals, |g| dist_to_goal(board, g), n, budget)
    }

    /// The matching of boxes to the cells where the boxes start, by pull distance (the
    /// push distance from each start cell): the bound of a search backwards from the
    /// solved position, within `budget` like [`Matcher::within`].
    pub fn to_start(board: &Board, budget: &Budget) -> Result<Matcher, Halt> {
        let n = board.len();
        budget.admit(4 * board.boxes.len() as u64 * n as u64, || {
            format!(
                "the pull distances of {n} cells to {} start cells",
                board.boxes.len()
            )
        })?;
        Matcher::of(&board.boxes, |s| push_dist_from(board, s), n, budget)
    }

    /// The matching to `targets`, the distance of every cell to target `t` given by
    /// `dist(t)`; the clock is asked between targets.
    fn of(
        targets: &[u32],
        dist: impl Fn(u32) -> Vec<u32>,
        n: usize,
        budget: &Budget,
    ) -> Result<Matcher, Halt> {
        let mut table = Vec::with_capacity(targets.len() * n);
        for &t in targets {
            budget.check()?;
            table.extend(dist(t));
        }
        let m = targets.len();
        Ok(Matcher {
            dist: table,
            n,
            m,
            k: 0,
            u: Vec::new(),
            v: vec![0; m + 1],
            p: vec![0; m + 1],
            way: vec![0; m + 1],
            minv: vec![0; m + 1],
            used: vec![false; m + 1],
            cost: Vec::new(),
            base: (Vec::new(), Vec::new(), Vec::new()),
            row: Vec::new(),
        })
    }

    /// Writes the costs of a box on `cell` into `out`; false when it reaches no goal.
    fn costs(&self, cell: u16, out: &mut [i64]) -> bool {
        let mut any = false;
        for (g, o) in out.iter_mut().enumerate() {
            let d = self.dist[g * self.n + cell as usize];
            any |= d != INF;
            *o = if d == INF { BIG } else { d as i64 };
        }
        any
    }

    /// The least total push distance of the boxes on `boxes` to distinct goals, or
    /// `None` when no assignment reaches a goal for every box (a deadlock). The
    /// solution becomes the base of [`Matcher::bound_moved`].
    pub fn bound(&mut self, boxes: &[u16]) -> Option<u32> {
        let (k, m) = (boxes.len(), self.m);
        self.k = k;
        if m < k {
            return None;
        }
        self.cost.clear();
        self.cost.resize(k * m, 0);
        let mut cost = std::mem::take(&mut self.cost);
        let all = boxes
            .iter()
            .enumerate()
            .all(|(i, &b)| self.costs(b, &mut cost[i * m..(i + 1) * m]));
        self.cost = cost;
        if !all {
            return None;
        }
        let total = self.solve();
        self.base = (self.u.clone(), self.v.clone(), self.p.clone());
        (total < BIG).then_some(total as u32)
    }

    /// The Hungarian method from scratch over the `self.k` rows of `self.cost`.
    fn solve(&mut self) -> i64 {
        self.u.clear();
        self.u.resize(self.k + 1, 0);
        self.v.fill(0);
        self.p.fill(0);
        for i in 1..=self.k {
            self.augment(i);
        }
        self.total()
    }

    /// The bound of the base position with the box of row `row` (its index in the
    /// slice given to [`Matcher::bound`]) moved to `cell`; the base is kept.
    pub fn bound_moved(&mut self, row: usize, cell: u16) -> Option<u32> {
        let m = self.m;
        if self.k < m {
            // A free goal column may carry a negative potential: the one augmenting
            // path would not be a shortest one, so solve afresh (the base is kept).
            let mut new = vec![0; m];
            if !self.costs(cell, &mut new) {
                return None;
            }
            let slot = &mut self.cost[row * m..(row + 1) * m];
            slot.swap_with_slice(&mut new);
            let total = self.solve();
            self.cost[row * m..(row + 1) * m].swap_with_slice(&mut new);
            return (total < BIG).then_some(total as u32);
        }
        let mut new = std::mem::take(&mut self.row);
        new.resize(m, 0);
        let reaches = self.costs(cell, &mut new);
        let result = reaches.then(|| {
            self.u.copy_from_slice(&self.base.0);
            self.v.copy_from_slice(&self.base.1);
            self.p.copy_from_slice(&self.base.2);
            let slot = &mut self.cost[row * m..(row + 1) * m];
            slot.swap_with_slice(&mut new);
            // Re-assign the row alone: potentials stay feasible (v ≤ 0 ≤ costs).
            self.u[row + 1] = 0;
            if let Some(j) = (1..=m).find(|&j| self.p[j] == row + 1) {
                self.p[j] = 0;
            }
            self.augment(row + 1);
            let total = self.total();
            let slot = &mut self.cost[row * m..(row + 1) * m];
            slot.swap_with_slice(&mut new);
            total
        });
        self.row = new;
        result.filter(|&t| t < BIG).map(|t| t as u32)
    }

    fn total(&self) -> i64 {
        let m = self.m;
        (1..=m)
            .filter(|&j| self.p[j] != 0)
            .map(|j| self.cost[(self.p[j] - 1) * m + j - 1])
            .sum()
    }

    /// One row of the Hungarian method with potentials: row `i` (from 1) joins the
    /// assignment along a shortest augmenting path.
    fn augment(&mut self, i: usize) {
        let m = self.m;
        self.p[0] = i;
        let mut j0 = 0;
        self.minv.fill(i64::MAX);
        self.used.fill(false);
        loop {
            self.used[j0] = true;
            let i0 = self.p[j0];
            let (mut delta, mut j1) = (i64::MAX, 0);
            let row = &self.cost[(i0 - 1) * m..i0 * m];
            for j in 1..=m {
                if !self.used[j] {
                    let cur = row[j - 1] - self.u[i0] - self.v[j];
                    if cur < self.minv[j] {
                        self.minv[j] = cur;
                        self.way[j] = j0;
                    }
                    if self.minv[j] < delta {
                        delta = self.minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=m {
                if self.used[j] {
                    self.u[self.p[j]] += delta;
                    self.v[j] -= delta;
                } else {
                    self.minv[j] -= delta;
                }
            }
            j0 = j1;
            if self.p[j0] == 0 {
                break;
            }
        }
        while j0 != 0 {
            let j1 = self.way[j0];
            self.p[j0] = self.p[j1];
            j0 = j1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::bound::min_cost_assignment;
    use crate::io::{Format, parse_levels};

    fn board(text: &str) -> Board {
        Board::new(&parse_levels(text, "t", Format::Xsb).unwrap()[0])
    }

    #[test]
    fn two_boxes_against_a_wall_are_frozen_off_goal() {
        let b = board("#######\n# $$. #\n#  .  #\n#@    #\n#######\n");
        let dl = Deadlocks::new(&b, true, &Budget::unlimited());
        let occ = b.occupancy(&b.boxes);
        let mut s = FreezeScratch::default();
        assert!(frozen_off_goal(&b, &dl.dead, &occ, b.boxes[0], &mut s));
        let free = board("#######\n# $ $.#\n#  .  #\n#@    #\n#######\n");
        let dl = Deadlocks::new(&free, true, &Budget::unlimited());
        let occ = free.occupancy(&free.boxes);
        assert!(!frozen_off_goal(
            &free,
            &dl.dead,
            &occ,
            free.boxes[0],
            &mut s
        ));
    }

    #[test]
    fn the_matcher_agrees_with_the_hungarian_of_the_analysis() {
        let b = board(" #####\n #. .#\n##$ $#\n#  @ #\n#    #\n######\n");
        let mut m = Matcher::new(&b);
        let boxes: Vec<u16> = b.boxes.iter().map(|&x| x as u16).collect();
        let rows: Vec<Vec<u32>> = b
            .boxes
            .iter()
            .map(|&x| (0..m.m).map(|g| m.dist[g * m.n + x as usize]).collect())
            .collect();
        let want = min_cost_assignment(&rows, &Budget::unlimited()).unwrap();
        assert_eq!(m.bound(&boxes), want);
    }

    #[test]
    fn moving_one_box_matches_solving_from_scratch() {
        // More goals than boxes (solved afresh), then as many (one augmenting path).
        moved_matches_fresh("########\n#. . . #\n# $$ $ #\n#  @ $.#\n#   .  #\n########\n");
        moved_matches_fresh("########\n#. . . #\n# $$ $ #\n#  @ $.#\n#  $.  #\n########\n");
        moved_matches_fresh("#########\n#.  $  .#\n# $ # $ #\n#.  @ $.#\n#########\n");
    }

    fn moved_matches_fresh(text: &str) {
        let b = board(text);
        let mut m = Matcher::new(&b);
        let boxes: Vec<u16> = b.boxes.iter().map(|&x| x as u16).collect();
        let mut fresh = m.clone();
        m.bound(&boxes);
        for row in 0..boxes.len() {
            for cell in 0..b.len() as u16 {
                if boxes.contains(&cell) {
                    continue;
                }
                let mut moved = boxes.clone();
                moved[row] = cell;
                assert_eq!(
                    m.bound_moved(row, cell),
                    fresh.bound(&moved),
                    "row {row} cell {cell}"
                );
            }
        }
    }
}
