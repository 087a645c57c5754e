//! The push budget: at most a given number of steps push a box.

use super::MoveEncoding;
use gridsat_sat::Lit;

impl MoveEncoding {
    /// Step `t` of the push budget: a box leaving a cell marks the step as pushing, and
    /// a sequential counter (Sinz) over those marks allows at most `cap` of them.
    pub(super) fn push_budget(&mut self, t: usize, cap: usize) {
        let fam = self.fam.budget;
        let pushed = self.f.new_var(&format!("step {t}->{} pushes", t + 1)).pos();
        for b in 0..self.board.boxes.len() {
            for &c in &self.cells_of[b].clone() {
                let now = self.bx(b, c, t).expect("own");
                let next = self.bx(b, c, t + 1).expect("own");
                self.f.add_clause(fam, &[!now, next, pushed]);
            }
        }
        if cap == 0 {
            self.f.add_clause(fam, &[!pushed]);
            return;
        }
        let block =
            self.f
                .new_named_block(&format!("pushes by t={}", t + 1), &[cap as u32], move |i| {
                    format!("at least {} pushes by t={}", i[0] + 1, t + 1)
                });
        let now: Vec<Lit> = (0..cap as u32).map(|j| block.var(&[j]).pos()).collect();
        self.f.add_clause(fam, &[!pushed, now[0]]);
        if let Some(before) = self.pushed_at_least.last().cloned() {
            for j in 0..cap {
                self.f.add_clause(fam, &[!before[j], now[j]]);
                if j + 1 < cap {
                    self.f.add_clause(fam, &[!pushed, !before[j], now[j + 1]]);
                }
            }
            self.f.add_clause(fam, &[!pushed, !before[cap - 1]]);
        }
        self.pushed_at_least.push(now);
    }
}
