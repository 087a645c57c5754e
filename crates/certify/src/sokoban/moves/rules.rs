//! The clauses of the move encoding, family by family (see the parent module).

use super::super::prune::FAR;
use super::{Moves, Var, WAIT};

impl Moves<'_> {
    /// Step 0: the player and every box where they start.
    pub(super) fn initial(&mut self) {
        for c in self.cells.clone() {
            let here = c == self.l.player;
            let p = self.lit(Var::Player(c, 0), here);
            self.out.push(vec![p]);
        }
        for b in 0..self.domain.len() {
            let start = self.starts[b];
            for c in self.domain[b].clone() {
                let x = self.lit(Var::Box(b, c, 0), c == start);
                self.out.push(vec![x]);
            }
        }
    }

    /// The state of step `t`: exactly one cell each, no overlap, and the pruning.
    pub(super) fn layer(&mut self, t: usize) {
        let player: Vec<Var> = self.cells.iter().map(|&c| Var::Player(c, t)).collect();
        self.exactly_one(&player);
        for b in 0..self.domain.len() {
            let own: Vec<Var> = self.domain[b].iter().map(|&c| Var::Box(b, c, t)).collect();
            self.exactly_one(&own);
        }
        for c in self.cells.clone() {
            let here = self.boxes_at(c);
            let p = self.neg(Var::Player(c, t));
            for (i, &x) in here.iter().enumerate() {
                let nx = self.neg(Var::Box(x, c, t));
                self.out.push(vec![p, nx]);
                for &y in &here[i + 1..] {
                    let ny = self.neg(Var::Box(y, c, t));
                    self.out.push(vec![nx, ny]);
                }
            }
        }
        self.dead(t);
        if t > 0 {
            self.too_early(t);
        }
    }

    /// No box on a cell from which no goal can be reached by pushes.
    fn dead(&mut self, t: usize) {
        for b in 0..self.domain.len() {
            for c in self.domain[b].clone() {
                if self.to_goal[c] == FAR {
                    let x = self.neg(Var::Box(b, c, t));
                    self.out.push(vec![x]);
                }
            }
        }
    }

    /// Nothing at step `t` before it can be there; the player on the chessboard colour
    /// of `t` until waiting begins.
    fn too_early(&mut self, t: usize) {
        let colour = |c: usize| (c / self.l.width + c % self.l.width) % 2;
        let start = colour(self.l.player);
        for c in self.cells.clone() {
            let p = self.neg(Var::Player(c, t));
            if self.walk[c] > t {
                self.out.push(vec![p]);
            } else if (colour(c) + t) % 2 != start {
                let w = self.pos(Var::Act(WAIT, t - 1));
                self.out.push(vec![p, w]);
            }
        }
        for b in 0..self.domain.len() {
            for c in self.domain[b].clone() {
                if self.box_lb[b][c] > t {
                    let x = self.neg(Var::Box(b, c, t));
                    self.out.push(vec![x]);
                }
            }
        }
    }

    /// The transition from step `t`: one action, waits only at the end, the player's
    /// move and its push, boxes that stay unless pushed.
    pub(super) fn step(&mut self, t: usize) {
        let acts: Vec<Var> = (0..5).map(|a| Var::Act(a, t)).collect();
        self.exactly_one(&acts);
        if t > 0 {
            let (w0, w1) = (self.neg(Var::Act(WAIT, t - 1)), self.pos(Var::Act(WAIT, t)));
            self.out.push(vec![w0, w1]);
        }
        for c in self.cells.clone() {
            self.moves_from(c, t);
        }
        self.frame(t);
    }

    /// The player on `c` at `t`: waiting keeps it there; a move takes it to the
    /// neighbour, none into a wall; walking into a box pushes it on, where it must fit.
    fn moves_from(&mut self, c: usize, t: usize) {
        let (pc, npc) = (self.pos(Var::Player(c, t)), self.neg(Var::Player(c, t)));
        let w = self.neg(Var::Act(WAIT, t));
        let (stay, nstay) = (
            self.pos(Var::Player(c, t + 1)),
            self.neg(Var::Player(c, t + 1)),
        );
        self.out.extend([vec![npc, w, stay], vec![nstay, w, pc]]);
        for d in 0..4 {
            let na = self.neg(Var::Act(d, t));
            let Some(n) = self.nb(c, d) else {
                self.out.push(vec![npc, na]);
                continue;
            };
            let (pn, npn) = (
                self.pos(Var::Player(n, t + 1)),
                self.neg(Var::Player(n, t + 1)),
            );
            self.out.extend([vec![npc, na, pn], vec![npn, na, pc]]);
            let beyond = self.nb(n, d);
            for b in self.boxes_at(n) {
                let nbn = self.neg(Var::Box(b, n, t));
                match beyond.filter(|&m| self.in_domain[b][m]) {
                    Some(m) => {
                        let bm = self.pos(Var::Box(b, m, t + 1));
                        self.out.push(vec![npc, na, nbn, bm]);
                    }
                    None => self.out.push(vec![npc, na, nbn]),
                }
            }
        }
    }

    /// A box stays unless the player enters its cell, and arrives only from the
    /// neighbour behind it in the direction of the step.
    fn frame(&mut self, t: usize) {
        for b in 0..self.domain.len() {
            for c in self.domain[b].clone() {
                let (now, nnow) = (self.pos(Var::Box(b, c, t)), self.neg(Var::Box(b, c, t)));
                let (next, nnext) = (
                    self.pos(Var::Box(b, c, t + 1)),
                    self.neg(Var::Box(b, c, t + 1)),
                );
                let enter = self.pos(Var::Player(c, t + 1));
                self.out.push(vec![nnow, next, enter]);
                let mut came = vec![nnext, now];
                for d in 0..4 {
                    let Some(from) = self.nb(c, d ^ 1).filter(|&f| self.in_domain[b][f]) else {
                        continue;
                    };
                    let (bf, nbf) = (
                        self.pos(Var::Box(b, from, t)),
                        self.neg(Var::Box(b, from, t)),
                    );
                    came.push(bf);
                    let a = self.pos(Var::Act(d, t));
                    self.out.push(vec![nbf, nnext, a]);
                }
                self.out.push(came);
            }
        }
    }

    /// The transition from step `t` counts as a push when a box leaves its cell; a
    /// sequential counter allows at most `cap` of them.
    pub(super) fn push_budget(&mut self, t: usize, cap: usize) {
        let pushed = self.pos(Var::Pushed(t));
        for b in 0..self.domain.len() {
            for c in self.domain[b].clone() {
                let now = self.neg(Var::Box(b, c, t));
                let next = self.pos(Var::Box(b, c, t + 1));
                self.out.push(vec![now, next, pushed]);
            }
        }
        if cap == 0 {
            self.out.push(vec![-pushed]);
            return;
        }
        let first = self.pos(Var::AtLeast(0, t + 1));
        self.out.push(vec![-pushed, first]);
        if t == 0 {
            return;
        }
        for j in 0..cap {
            let before = self.pos(Var::AtLeast(j, t));
            let now = self.pos(Var::AtLeast(j, t + 1));
            self.out.push(vec![-before, now]);
            if j + 1 < cap {
                let up = self.pos(Var::AtLeast(j + 1, t + 1));
                self.out.push(vec![-pushed, -before, up]);
            }
        }
        let full = self.pos(Var::AtLeast(cap - 1, t));
        self.out.push(vec![-pushed, -full]);
    }

    /// "Goal at T = h", asserted: every box on a goal of its domain, and no box at `t`
    /// farther than `h − t` pushes from every goal.
    pub(super) fn goal(&mut self, h: usize) {
        let g = self.pos(Var::Goal(h));
        for b in 0..self.domain.len() {
            let mut clause = vec![-g];
            for c in self.domain[b].clone() {
                if self.l.goal[c] {
                    clause.push(self.pos(Var::Box(b, c, h)));
                }
            }
            self.out.push(clause);
        }
        for t in 0..=h {
            for b in 0..self.domain.len() {
                for c in self.domain[b].clone() {
                    if self.to_goal[c] != FAR && self.to_goal[c] > h - t {
                        let x = self.neg(Var::Box(b, c, t));
                        self.out.push(vec![-g, x]);
                    }
                }
            }
        }
        self.out.push(vec![g]);
    }
}
