//! "Goal at T": the activation literal of a horizon and the clauses it switches on.

use super::MoveEncoding;
use crate::analysis::INF;
use gridsat_sat::Lit;

impl MoveEncoding {
    /// The literal asking for every box on a goal at step `horizon`, with its clauses
    /// (made on first use): each box on one of its goal cells, and with distance
    /// pruning no box at `t` farther than `horizon − t` pushes from every goal.
    pub(super) fn goal_at(&mut self, horizon: usize) -> Lit {
        if let Some(&g) = self.goals.get(&horizon) {
            return g;
        }
        let g = self.f.new_var(&format!("goal at T={horizon}")).pos();
        self.goals.insert(horizon, g);
        if !self.guard.check(&self.f) {
            return g;
        }
        let fam = self.fam;
        for b in 0..self.board.boxes.len() {
            let mut clause = vec![!g];
            for &c in &self.cells_of[b] {
                if self.board.goal[c as usize] {
                    clause.push(self.bx(b, c, horizon).expect("own"));
                }
            }
            self.f.add_clause(fam.goal, &clause);
        }
        if self.opts.distance {
            let from = horizon.saturating_sub(self.max_to_goal as usize);
            for t in from..=horizon {
                if !self.guard.check(&self.f) {
                    return g;
                }
                for b in 0..self.board.boxes.len() {
                    for &c in &self.cells_of[b].clone() {
                        let d = self.to_goal[c as usize];
                        if d != INF && d as usize > horizon - t {
                            let l = self.bx(b, c, t).expect("own");
                            self.f.add_clause(fam.distance, &[!g, !l]);
                        }
                    }
                }
            }
        }
        g
    }
}
