//! A model back to pushes and a plan, and the loop formulas that exclude spurious
//! models (reachability marks that no walk supports).

use super::PushEncoding;
use crate::analysis::{Push, pushes_to_plan};
use crate::encode::horizon::Decoded;
use crate::encode::horizon::Values;
use crate::encode::reach::{Reach, add_loop_formula};

impl PushEncoding {
    /// The model's pushes up to the first wait, as a plan; or, when the player cannot
    /// walk to some push, the loop formulas that exclude the model.
    pub(super) fn read_plan(&mut self, s: &dyn Values, horizon: usize) -> Decoded {
        let pushes = self.model_pushes(s, horizon);
        let bad = match pushes_to_plan(&self.board, &pushes) {
            Ok(plan) => return Decoded::Plan(plan, pushes.len()),
            Err(k) => k,
        };
        if self.opts.reach != Reach::Loops {
            // The exact encoding produced an impossible push.
            return Decoded::Spurious { push: bad };
        }
        // Some step's marks include cells the player cannot reach: exclude every
        // connected set of such cells, at every step of the model, by its loop formula
        // (fewer rounds than fixing only the first offending step).
        let mut added = false;
        for t in 1..=pushes.len() {
            for set in self.unfounded_sets(s, t, pushes[t - 1].from) {
                if self.known_loops.insert(set.clone()) {
                    self.add_loop(set);
                    added = true;
                }
            }
        }
        if added {
            Decoded::Refined
        } else {
            Decoded::Spurious { push: bad }
        }
    }

    /// The pushes the model makes before its first wait.
    fn model_pushes(&self, s: &dyn Values, horizon: usize) -> Vec<Push> {
        let mut pushes = Vec::new();
        for t in 0..horizon {
            let Some(k) =
                (0..self.cands.len() as u32).find(|&k| s.value(self.push(k, t)) == Some(true))
            else {
                break;
            };
            let (from, dir) = self.cands[k as usize];
            pushes.push(Push { from, dir });
        }
        pushes
    }

    /// The connected sets of cells marked reachable at step `t` of the model although the
    /// player, standing on `player`, cannot reach them around the model's boxes.
    fn unfounded_sets(&self, s: &dyn Values, t: usize, player: u32) -> Vec<Vec<u32>> {
        let n = self.board.len();
        let occupied: Vec<bool> = (0..n as u32)
            .map(|c| s.value(self.bx(c, t)) == Some(true))
            .collect();
        let truly = self.board.reachable(&occupied, player);
        let marked: Vec<bool> = (0..n as u32)
            .map(|c| s.value(self.reach[t].reach(c)) == Some(true) && !truly[c as usize])
            .collect();
        let mut seen = vec![false; n];
        let mut out = Vec::new();
        for c0 in 0..n {
            if !marked[c0] || seen[c0] {
                continue;
            }
            let mut set = vec![c0 as u32];
            seen[c0] = true;
            let mut i = 0;
            while i < set.len() {
                for &m in &self.grid.nb[set[i] as usize] {
                    if marked[m as usize] && !seen[m as usize] {
                        seen[m as usize] = true;
                        set.push(m);
                    }
                }
                i += 1;
            }
            set.sort_unstable();
            out.push(set);
        }
        out
    }

    /// Adds the loop formula of `set` at every step built so far and remembers it for
    /// the steps to come.
    fn add_loop(&mut self, set: Vec<u32>) {
        let i = self.loops.len();
        for t in 1..self.reach.len() {
            if !self.guard.tick(&self.f) {
                return;
            }
            let at = self.at(t);
            let sr = self.reach[t];
            add_loop_formula(
                &mut self.f,
                self.fam.reach,
                &self.grid,
                &sr,
                &set,
                &at,
                &format!("loop {i} supported at t={t}"),
            );
        }
        self.loops.push(set);
    }
}
