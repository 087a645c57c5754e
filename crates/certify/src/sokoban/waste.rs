//! Waste budgets, re-derived: the two counters a push-optimal certificate's formula
//! carries, built from the lone-box push distances of [`super::prune`] alone.
//!
//! Take a potential `h` over cells and write `Φ_t` for its sum over the boxes after
//! `t` steps. A push moving a box from `c` to `a` "wastes" `1 + h(a) − h(c)` and a wait
//! wastes 1, so over `H` steps the waste adds up to `H − (Φ_0 − Φ_H)` exactly. Two
//! potentials keep every waste at least 0, because a lone box goes from `c` to `a` in
//! one push whenever the plan's push does:
//!
//! - **to the goals**: `h` the push distance to the nearest goal (`h(c) ≤ 1 + h(a)`);
//!   a solved position has `Φ_H = 0`, so the waste is `H − Φ_0`;
//! - **from the start**: the potential is `−g` with `g` the push distance from the
//!   nearest start box (`g(a) ≤ 1 + g(c)`), so a push wastes `1 + g(c) − g(a)`;
//!   `Φ_0 = 0` and a solved position puts the boxes on distinct goals, so `−Φ_H` is at
//!   least the sum of the smallest `g` over as many goals as boxes (each capped at
//!   2^20, which only lowers it), and the waste is at most `H` minus that sum.
//!
//! So a plan of at most `H` steps wastes at most `H − drop`. The formula counts it
//! with a sequential counter: "step `t` wastes at least `w`" for each push and wait,
//! "the steps before `t` waste at least `j`" summed step by step, and under the goal
//! literal the sum of all `H` steps stays at most `H − drop` (or the goal is false
//! when `H < drop`). Every clause only forces counters up from the waste a real plan
//! makes, so any plan extends to a model: the clauses keep every plan.

use super::prune::{Distances, FAR};
use super::{Encoder, neg, pos};

/// The cap on one goal's distance from the start in the "from start" drop.
const CAP: usize = 1 << 20;

/// One counter: its name in the variable names, each candidate push's waste (`None`
/// where a distance is infinite: a dead cell, already excluded), and the drop.
pub(super) struct Counter {
    name: &'static str,
    cost: Vec<Option<usize>>,
    drop: usize,
}

impl Counter {
    /// The most a single step wastes (a wait wastes 1).
    fn max_cost(&self) -> usize {
        self.cost
            .iter()
            .flatten()
            .copied()
            .chain([1])
            .max()
            .unwrap_or(1)
    }

    fn at_least(&self, t: usize, w: usize) -> String {
        format!("{}: step {t} wastes at least {w}", self.name)
    }

    /// How many clauses [`Encoder::count`] makes at horizon `h`.
    pub(super) fn clauses(&self, h: usize) -> usize {
        let per_step = self
            .cost
            .iter()
            .flatten()
            .fold(1usize, |s, &c| s.saturating_add(c));
        let cols = match h.checked_sub(self.drop) {
            Some(budget) => budget + 1,
            None => 0,
        };
        let sums = cols.saturating_mul(self.max_cost() + 1);
        h.saturating_mul(per_step.saturating_add(sums))
            .saturating_add(1)
    }

    fn sum(&self, t: usize, j: usize) -> String {
        format!("{}: steps before {t} waste at least {j}", self.name)
    }
}

impl Encoder<'_> {
    /// The two counters: to the nearest goal and from the nearest start box.
    pub(super) fn counters(&self, dist: &Distances) -> [Counter; 2] {
        let (to_goal, from_start) = (&dist.to_goal[..], &dist.from_start[..]);
        let fin = |d: &[usize], c: usize| (d[c] != FAR).then_some(d[c]);
        let ahead = |c: usize, d: usize| self.nb(c, d).expect("a candidate has a cell ahead");
        let to_goals = self.cands.iter().map(|&(c, d)| {
            let (hc, ha) = (fin(to_goal, c)?, fin(to_goal, ahead(c, d))?);
            Some((1 + ha).saturating_sub(hc))
        });
        let from = self.cands.iter().map(|&(c, d)| {
            let (gc, ga) = (fin(from_start, c)?, fin(from_start, ahead(c, d))?);
            Some((1 + gc).saturating_sub(ga))
        });
        let drop = (self.boxes.iter()).fold(0usize, |s, &b| s.saturating_add(to_goal[b]));
        let mut at_goals: Vec<usize> = (self.cells.iter())
            .filter(|&&c| self.l.goal[c])
            .map(|&c| from_start[c].min(CAP))
            .collect();
        at_goals.sort_unstable();
        let rise = at_goals.iter().take(self.boxes.len()).sum();
        [
            Counter {
                name: "to goals",
                cost: to_goals.collect(),
                drop,
            },
            Counter {
                name: "from start",
                cost: from.collect(),
                drop: rise,
            },
        ]
    }

    /// One counter's clauses over steps `0..h` and its bound under `goal`.
    pub(super) fn count(&mut self, k: &Counter, h: usize, goal: &str) {
        let m = k.max_cost();
        for t in 0..h {
            for (i, cost) in k.cost.iter().enumerate() {
                for w in 1..=cost.unwrap_or(0) {
                    self.out
                        .push(vec![neg(self.push(i, t)), pos(k.at_least(t, w))]);
                }
            }
            let wait = format!("wait at step {t}");
            self.out.push(vec![neg(wait), pos(k.at_least(t, 1))]);
        }
        let Some(budget) = h.checked_sub(k.drop) else {
            self.out.push(vec![neg(goal.to_string())]);
            return;
        };
        if h == 0 {
            return;
        }
        for t in 1..=h {
            for j in 1..=budget + 1 {
                let s = pos(k.sum(t, j));
                if t > 1 {
                    self.out.push(vec![neg(k.sum(t - 1, j)), s.clone()]);
                }
                for w in 1..=m.min(j) {
                    let e = neg(k.at_least(t - 1, w));
                    if j == w {
                        self.out.push(vec![e, s.clone()]);
                    } else if t > 1 {
                        self.out.push(vec![e, neg(k.sum(t - 1, j - w)), s.clone()]);
                    }
                }
            }
        }
        self.out
            .push(vec![neg(goal.to_string()), neg(k.sum(h, budget + 1))]);
    }
}
