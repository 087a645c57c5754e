//! One push step: exactly one push or wait, the push's preconditions and effects, the
//! frame, and the pruning clauses that relate two steps.

use super::PushEncoding;
use gridsat_sat::{AmoEncoding, Lit, amo};

impl PushEncoding {
    /// Adds the action of step `t` (the number of steps built) and the state after it.
    pub(super) fn add_step(&mut self) {
        if !self.guard.check(&self.f) {
            return;
        }
        let t = self.acts.len();
        let cands = self.cands.clone();
        let coords = self.grid.coords.clone();
        let nc = cands.len() as u32;
        let ab = self
            .f
            .new_named_block(&format!("push t={t}"), &[nc + 1], move |i| {
                if i[0] == nc {
                    return format!("wait at step {t}");
                }
                let (c, d) = cands[i[0] as usize];
                let (r, k) = coords[c as usize];
                format!("push box at ({r},{k}) {d:?} at step {t}")
            });
        self.acts.push(ab);
        self.add_state();
        if !self.guard.check(&self.f) {
            return;
        }
        self.one_action(t);
        self.step_pruning(t);
        if let Some(&g) = self.goals.get(&t) {
            let w = self.wait(t);
            self.f.add_clause(self.fam.goal, &[!g, w]);
        }
        self.effects(t);
        self.frame(t);
    }

    /// Exactly one push or wait, the waste counters' step, and waits only at the end.
    fn one_action(&mut self, t: usize) {
        let fam = self.fam;
        let nc = self.cands.len() as u32;
        let mut all: Vec<Lit> = (0..nc).map(|k| self.push(k, t)).collect();
        all.push(self.wait(t));
        // Pairwise measured fastest (Microban 69, 83, 84); commander keeps big levels small.
        let enc = if all.len() <= 160 || self.opts.pairwise_actions {
            AmoEncoding::Pairwise
        } else {
            AmoEncoding::Commander
        };
        amo::exactly_one(&mut self.f, fam.action, fam.action, &all, enc);
        let wait = self.wait(t);
        for w in &mut self.waste {
            w.add_step(&mut self.f, &all[..nc as usize], wait, &mut self.guard);
        }
        if t > 0 {
            let (w0, w1) = (self.wait(t - 1), self.wait(t));
            self.f.add_clause(fam.action, &[!w0, w1]);
        }
    }

    /// No undo, start symmetry (step 0) and push-count parity.
    fn step_pruning(&mut self, t: usize) {
        let fam = self.fam;
        if self.opts.undo && t > 0 {
            self.no_undo(t);
        }
        if t == 0 {
            for &k in &self.not_first {
                let p = self.push(k, 0);
                self.f.add_clause(fam.symmetry, &[!p]);
            }
        }
        if self.parity.is_some_and(|p| t % 2 != p) {
            // A first wait at step t would end a plan of t pushes: impossible.
            let mut clause = vec![!self.wait(t)];
            if t > 0 {
                clause.push(self.wait(t - 1));
            }
            self.f.add_clause(fam.parity, &clause);
        }
    }

    /// Forbids pushing at step `t` the box that step `t − 1` pushed straight back when
    /// the cell the player ends on was reachable before step `t − 1`: the state after
    /// step `t` would equal the state before step `t − 1` (same boxes, same region), so a
    /// plan doing it is two pushes longer than one without.
    fn no_undo(&mut self, t: usize) {
        for &(k, back, ahead) in self.undo_pairs.iter() {
            if !self.guard.tick(&self.f) {
                return;
            }
            let clause = [
                !self.push(k, t - 1),
                !self.push(back, t),
                !self.reach[t - 1].reach(ahead),
            ];
            self.f.add_clause(self.fam.undo, &clause);
        }
    }

    /// A push needs a box on its cell, none ahead, the player able to reach the cell
    /// behind; afterwards its cell is empty and the cell ahead holds a box.
    fn effects(&mut self, t: usize) {
        let reach = self.reach[t];
        let e = self.fam.effects;
        for (k, &(c, d)) in self.cands.clone().iter().enumerate() {
            if !self.guard.tick(&self.f) {
                return;
            }
            let p = self.push(k as u32, t);
            let behind = self.board.nb[c as usize][d.opposite().index()].expect("candidate");
            let ahead = self.board.nb[c as usize][d.index()].expect("candidate");
            self.f.add_clause(e, &[!p, self.bx(c, t)]);
            self.f.add_clause(e, &[!p, !self.bx(ahead, t)]);
            self.f.add_clause(e, &[!p, reach.reach(behind)]);
            self.f.add_clause(e, &[!p, !self.bx(c, t + 1)]);
            self.f.add_clause(e, &[!p, self.bx(ahead, t + 1)]);
        }
    }

    /// A cell changes only through a push out of it or into it.
    fn frame(&mut self, t: usize) {
        for c in 0..self.board.len() as u32 {
            if !self.guard.tick(&self.f) {
                return;
            }
            let (now, next) = (self.bx(c, t), self.bx(c, t + 1));
            let mut leave = vec![!now, next];
            leave.extend(self.out_of[c as usize].iter().map(|&k| self.push(k, t)));
            self.f.add_clause(self.fam.frame, &leave);
            let mut arrive = vec![now, !next];
            arrive.extend(self.into[c as usize].iter().map(|&k| self.push(k, t)));
            self.f.add_clause(self.fam.frame, &arrive);
        }
    }
}
