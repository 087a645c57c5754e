//! The state of one step: box variables, the player's reachability, and the pruning
//! clauses on a single step.

use super::PushEncoding;
use crate::analysis::INF;
use crate::encode::reach::{Reach, add_loop_formula, add_step};
use gridsat_sat::Lit;

impl PushEncoding {
    /// Allocates the state of a new step with its reachability and pruning clauses.
    pub(super) fn add_state(&mut self) {
        if !self.guard.check(&self.f) {
            return;
        }
        let t = self.boxes.len();
        let n = self.board.len() as u32;
        let coords = self.grid.coords.clone();
        let bb = self
            .f
            .new_named_block(&format!("box t={t}"), &[n], move |i| {
                let (r, c) = coords[i[0] as usize];
                format!("box at ({r},{c}) t={t}")
            });
        self.boxes.push(bb);
        self.reachability(t);
        if !self.guard.check(&self.f) {
            return;
        }
        if self.opts.dead_squares {
            for c in 0..n {
                if self.to_goal[c as usize] == INF {
                    let l = self.bx(c, t);
                    self.f.add_clause(self.fam.dead, &[!l]);
                }
            }
        }
        if self.opts.distance {
            for c in 0..n {
                if self.from_start[c as usize] == INF || self.from_start[c as usize] as usize > t {
                    let l = self.bx(c, t);
                    self.f.add_clause(self.fam.distance, &[!l]);
                }
            }
        }
        for &(a, b) in &self.pairs.dead {
            let clause = [!self.bx(a, t), !self.bx(b, t)];
            self.f.add_clause(self.fam.pairs, &clause);
        }
        if self.opts.freeze {
            for set in &self.freeze_sets {
                let clause: Vec<Lit> = set.iter().map(|&c| !self.bx(c, t)).collect();
                self.f.add_clause(self.fam.freeze, &clause);
            }
        }
        self.learned_clauses(t);
        if self.opts.goal_reach && self.board.boxes.len() == self.per_goal.len() {
            for (_, d) in &self.per_goal {
                if !self.guard.tick(&self.f) {
                    return;
                }
                let clause: Vec<Lit> = (0..n)
                    .filter(|&c| d[c as usize] != INF)
                    .map(|c| self.bx(c, t))
                    .collect();
                self.f.add_clause(self.fam.goal_reach, &clause);
            }
        }
    }

    /// The reachability marks of step `t` (fixed by units at step 0), with the loop
    /// formulas found so far.
    fn reachability(&mut self, t: usize) {
        let n = self.board.len() as u32;
        let at = self.at(t);
        let free: Vec<Lit> = (0..n).map(|c| !self.bx(c, t)).collect();
        let kind = if t == 0 {
            Reach::Loops
        } else {
            self.opts.reach
        };
        let sr = add_step(
            &mut self.f,
            self.fam.reach,
            &self.grid,
            t,
            kind,
            &at,
            &free,
            self.max_walk,
            t == 0,
            &mut self.guard,
        );
        self.reach.push(sr);
        if t > 0 {
            for (i, set) in self.loops.iter().enumerate() {
                if !self.guard.tick(&self.f) {
                    return;
                }
                add_loop_formula(
                    &mut self.f,
                    self.fam.reach,
                    &self.grid,
                    &sr,
                    set,
                    &at,
                    &format!("loop {i} supported at t={t}"),
                );
            }
        }
    }
}
