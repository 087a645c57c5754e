//! "Goal at T": the activation literal of a horizon and the clauses it switches on.

use super::PushEncoding;
use crate::analysis::INF;
use gridsat_sat::Lit;

impl PushEncoding {
    /// The literal asking for every box on a goal at step `horizon` (a plan of at most
    /// `horizon` pushes), with its clauses, made on first use.
    pub(super) fn goal_at(&mut self, horizon: usize) -> Lit {
        if let Some(&g) = self.goals.get(&horizon) {
            return g;
        }
        let g = self.f.new_var(&format!("goal at T={horizon}")).pos();
        self.goals.insert(horizon, g);
        if !self.guard.check(&self.f) {
            return g;
        }
        let n = self.board.len() as u32;
        for c in 0..n {
            if !self.board.goal[c as usize] {
                let l = self.bx(c, horizon);
                self.f.add_clause(self.fam.goal, &[!g, !l]);
            }
        }
        if self.opts.distance {
            self.goal_distances(g, horizon);
        }
        for w in &mut self.waste {
            w.bound(&mut self.f, g, horizon, &mut self.guard);
        }
        for i in 0..self.pairs.far.len() {
            if !self.guard.tick(&self.f) {
                return g;
            }
            let (a, b, d) = self.pairs.far[i];
            for t in (horizon + 1).saturating_sub(d as usize)..=horizon {
                let clause = [!g, !self.bx(a, t), !self.bx(b, t)];
                self.f.add_clause(self.fam.pairs, &clause);
            }
        }
        if self.opts.goal_reach && self.board.boxes.len() == self.per_goal.len() {
            self.goal_reach_within(g, horizon);
        }
        if horizon < self.acts.len() {
            // The plan ends by `horizon`: every later step waits (the chain of waits
            // does the rest), so the steps built beyond it give the solver nothing to do.
            let w = self.wait(horizon);
            self.f.add_clause(self.fam.goal, &[!g, w]);
        }
        g
    }

    /// Under `g`: no box at step `t` more than `horizon − t` pushes from every goal.
    fn goal_distances(&mut self, g: Lit, horizon: usize) {
        let n = self.board.len() as u32;
        for t in horizon.saturating_sub(self.max_to_goal as usize)..=horizon {
            if !self.guard.check(&self.f) {
                return;
            }
            for c in 0..n {
                let d = self.to_goal[c as usize];
                if d != INF && d as usize > horizon - t {
                    let l = self.bx(c, t);
                    self.f.add_clause(self.fam.distance, &[!g, !l]);
                }
            }
        }
    }

    /// Under `g`: at every step `t`, each goal has a box within `horizon − t` pushes.
    fn goal_reach_within(&mut self, g: Lit, horizon: usize) {
        let n = self.board.len() as u32;
        for gi in 0..self.per_goal.len() {
            let maxd = self.per_goal[gi]
                .1
                .iter()
                .copied()
                .filter(|&d| d != INF)
                .max()
                .unwrap_or(0);
            for t in horizon.saturating_sub(maxd as usize)..=horizon {
                if !self.guard.tick(&self.f) {
                    return;
                }
                let d = &self.per_goal[gi].1;
                let mut clause = vec![!g];
                clause.extend(
                    (0..n)
                        .filter(|&c| d[c as usize] as usize <= horizon - t && d[c as usize] != INF)
                        .map(|c| self.bx(c, t)),
                );
                self.f.add_clause(self.fam.goal_reach, &clause);
            }
        }
    }
}
