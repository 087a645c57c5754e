//! Waste budgets: a potential over box cells that each push changes by at most one,
//! so the pushes that do not make full progress fit a budget of horizon − bound.
//!
//! With `h` a per-cell potential such that a push from `c` to `a` has
//! `h(c) − h(a) ≤ 1`, write `Φ_t` for the sum of `h` over the boxes at step `t`. A plan of
//! `T` steps (waits included) has `Σ_t (1 − δ_t) = T − (Φ_0 − Φ_T)` where `δ_t` is the
//! drop of `Φ` at step `t`, every term is non-negative, and so the waste — the sum of the
//! terms `1 − δ_t` — is at most `T − (Φ_0 − Φ_T)`. A sequential counter over the steps
//! makes the budget propagate: once it is spent, only full-progress pushes are allowed.

use crate::halt::Guard;
use gridsat_sat::{Block, FamilyId, Formula, Lit};

/// One waste counter, grown a step at a time and a column at a time.
pub struct WasteCounter {
    name: &'static str,
    fam: FamilyId,
    /// Waste of each candidate push (`None`: the potential is infinite there, no count).
    cost: Vec<Option<u32>>,
    /// Waste of a wait step.
    wait_cost: u32,
    max_cost: u32,
    /// Per step `t` (the action of step `t`): `at_least[t][w-1]` is "the action of step
    /// `t` wastes at least `w`".
    at_least: Vec<Vec<Lit>>,
    /// Per step count `t ≥ 1`: `sums[t-1][j-1]` is "the steps before `t` waste at least `j`".
    sums: Vec<Vec<Lit>>,
    /// The potential drop needed from the start to the goal (`Φ_0 − Φ_T`).
    pub drop: u32,
}

impl WasteCounter {
    /// A counter whose candidate pushes waste `cost` (or an unknown amount for `None`),
    /// waits waste `wait_cost`, and whose plans must lower the potential by `drop`.
    pub fn new(
        name: &'static str,
        fam: FamilyId,
        cost: Vec<Option<u32>>,
        wait_cost: u32,
        drop: u32,
    ) -> WasteCounter {
        let max_cost = cost
            .iter()
            .flatten()
            .copied()
            .chain([wait_cost])
            .max()
            .unwrap_or(0);
        WasteCounter {
            name,
            fam,
            cost,
            wait_cost,
            max_cost,
            at_least: Vec::new(),
            sums: Vec::new(),
            drop,
        }
    }

    fn columns(&self) -> usize {
        self.sums.first().map_or(0, |s| s.len())
    }

    /// The waste sum literal "the steps before `t` waste at least `j`" (`None`: false for
    /// `t = 0`; `j = 0` is true and is handled by the caller).
    fn sum(&self, t: usize, j: usize) -> Option<Lit> {
        if t == 0 {
            None
        } else {
            Some(self.sums[t - 1][j - 1])
        }
    }

    /// Adds the counter of the action of step `t` (`acts[k]` the candidate push `k`,
    /// `wait` the wait action), after the action variables of step `t` exist.
    pub fn add_step(&mut self, f: &mut Formula, acts: &[Lit], wait: Lit, guard: &mut Guard) {
        let t = self.at_least.len();
        let m = self.max_cost;
        let name = self.name;
        let mut at_least = Vec::new();
        if m > 0 {
            let b: Block = f.new_named_block(&format!("{name} waste t={t}"), &[m], move |i| {
                format!("{name}: step {t} wastes at least {}", i[0] + 1)
            });
            at_least = (0..m).map(|w| b.var(&[w]).pos()).collect();
        }
        for (k, &p) in acts.iter().enumerate() {
            if let Some(c) = self.cost[k] {
                for &e in &at_least[..c as usize] {
                    f.add_clause(self.fam, &[!p, e]);
                }
            }
        }
        for &e in &at_least[..self.wait_cost as usize] {
            f.add_clause(self.fam, &[!wait, e]);
        }
        self.at_least.push(at_least);
        let cols = self.columns();
        let b = f.new_named_block(
            &format!("{name} sum t={}", t + 1),
            &[cols as u32],
            move |i| format!("{name}: steps before {} waste at least {}", t + 1, i[0] + 1),
        );
        self.sums
            .push((0..cols as u32).map(|j| b.var(&[j]).pos()).collect());
        for j in 1..=cols {
            if !guard.tick(f) {
                return;
            }
            self.sum_clauses(f, t + 1, j);
        }
    }

    /// The clauses defining "the steps before `t` waste at least `j`" from step `t − 1`.
    fn sum_clauses(&self, f: &mut Formula, t: usize, j: usize) {
        let s = self.sums[t - 1][j - 1];
        if let Some(prev) = self.sum(t - 1, j) {
            f.add_clause(self.fam, &[!prev, s]);
        }
        for w in 1..=(self.max_cost as usize).min(j) {
            let e = self.at_least[t - 1][w - 1];
            if j == w {
                f.add_clause(self.fam, &[!e, s]);
            } else if let Some(prev) = self.sum(t - 1, j - w) {
                f.add_clause(self.fam, &[!e, !prev, s]);
            }
        }
    }

    /// Grows every step's sums to `cols` columns.
    fn ensure_columns(&mut self, f: &mut Formula, cols: usize, guard: &mut Guard) {
        let have = self.columns();
        if cols <= have {
            return;
        }
        let name = self.name;
        for t in 1..=self.sums.len() {
            if !guard.check(f) {
                return;
            }
            let b = f.new_named_block(
                &format!("{name} sum t={t} from {}", have + 1),
                &[(cols - have) as u32],
                move |i| {
                    format!(
                        "{name}: steps before {t} waste at least {}",
                        have + 1 + i[0] as usize
                    )
                },
            );
            let extra: Vec<Lit> = (0..(cols - have) as u32)
                .map(|j| b.var(&[j]).pos())
                .collect();
            self.sums[t - 1].extend(extra);
            for j in have + 1..=cols {
                self.sum_clauses(f, t, j);
            }
        }
    }

    /// Under `goal` (a plan of `horizon` steps ends solved), the waste of the steps
    /// before `horizon` is at most `horizon − drop`.
    pub fn bound(&mut self, f: &mut Formula, goal: Lit, horizon: usize, guard: &mut Guard) {
        let Some(budget) = horizon.checked_sub(self.drop as usize) else {
            f.add_clause(self.fam, &[!goal]);
            return;
        };
        if horizon == 0 {
            return;
        }
        self.ensure_columns(f, budget + 1, guard);
        if guard.halt().is_some() {
            return;
        }
        let s = self.sums[horizon - 1][budget];
        f.add_clause(self.fam, &[!goal, !s]);
    }
}
