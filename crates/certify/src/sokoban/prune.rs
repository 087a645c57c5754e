//! The pruning a Sokoban certificate's formula carries, re-derived here from the rules
//! alone, so that the checker trusts none of gridsat's analysis. Each rests on one fact:
//! a box moves one cell per push, and a push needs the cell behind the box (for the
//! player) and the cell ahead (for the box) to be floor. Ignoring the other boxes and
//! where the player can walk only allows more pushes, so the push distances of a lone
//! box are lower bounds:
//!
//! - **dead squares**: a box on a cell from which no push sequence reaches a goal
//!   never ends on one: `¬box(c, t)` at every step;
//! - **distance from the start**: after `t` pushes a box stands at most `t` pushes
//!   from some start box: `¬box(c, t)` where that distance is over `t`;
//! - **distance to the goals**: a box at step `t` of a plan ending by step `H` is at
//!   most `H − t` pushes from some goal: `¬goal ∨ ¬box(c, t)` where it is farther.

use super::{Encoder, Level, neg};

/// An unreachable distance.
pub const FAR: usize = usize::MAX;

/// The lone-box push distances of every cell ([`FAR`]: none).
pub(super) struct Distances {
    /// To the nearest goal (pulled back to the goals).
    pub to_goal: Vec<usize>,
    /// From the nearest start box (pushed away from them).
    pub from_start: Vec<usize>,
}

/// Push distances of a lone box on `l`'s cells `inside` from the nearest of `sources`
/// (`forward`: pushed away from them; otherwise pulled back to them, the distance to
/// the nearest).
pub(super) fn push_distances(
    l: &Level,
    inside: &[bool],
    sources: &[usize],
    forward: bool,
) -> Vec<usize> {
    let nb = |c: usize, d: usize| l.step(c, d).filter(|&n| inside[n]);
    let mut dist = vec![FAR; inside.len()];
    let mut queue = std::collections::VecDeque::new();
    for &s in sources.iter().filter(|&&s| inside[s]) {
        dist[s] = 0;
        queue.push_back(s);
    }
    while let Some(c) = queue.pop_front() {
        for d in 0..4 {
            // Forward: the box at c goes to c + d, the player at c − d.
            // Backward: the box came to c from c − d, the player stood at c − 2d.
            let next = if forward {
                nb(c, d ^ 1).and(nb(c, d))
            } else {
                nb(c, d ^ 1).filter(|&b| nb(b, d ^ 1).is_some())
            };
            if let Some(n) = next.filter(|&n| dist[n] == FAR) {
                dist[n] = dist[c] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

impl Encoder<'_> {
    /// Push distances of a lone box from the nearest of `sources` (see
    /// [`push_distances`]).
    fn push_distances(&self, sources: &[usize], forward: bool) -> Vec<usize> {
        push_distances(self.l, &self.inside, sources, forward)
    }

    /// The lone-box push distances to the nearest goal and from the nearest start box.
    pub(super) fn distances(&self) -> Distances {
        let goals: Vec<usize> = (self.cells.iter().copied())
            .filter(|&c| self.l.goal[c])
            .collect();
        Distances {
            to_goal: self.push_distances(&goals, false),
            from_start: self.push_distances(&self.boxes, true),
        }
    }

    /// The pruning clauses of a formula of horizon `h` whose goal literal is `goal`.
    pub(super) fn prune(&mut self, h: usize, goal: &str, dist: &Distances) {
        let (to_goal, from_start) = (&dist.to_goal, &dist.from_start);
        for t in 0..=h {
            for &c in &self.cells.clone() {
                if to_goal[c] == FAR {
                    self.out.push(vec![neg(self.bx(c, t))]);
                }
                if from_start[c] == FAR || from_start[c] > t {
                    self.out.push(vec![neg(self.bx(c, t))]);
                }
                if to_goal[c] != FAR && to_goal[c] > h - t {
                    self.out
                        .push(vec![neg(goal.to_string()), neg(self.bx(c, t))]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{level, lim};
    use super::super::*;

    #[test]
    fn distances_count_pushes_and_need_room_behind_the_box() {
        // #@ $ .# : the box (column 4) is 2 pushes from the goal (column 6); a box in
        // column 2 can never be pushed right (the player would stand in the wall), so
        // no goal is reachable from there.
        let l = level("#######\n#@ $ .#\n#######\n");
        let f = formula(&l, 3, &lim()).unwrap();
        let units: Vec<&str> = f
            .iter()
            .filter(|c| c.len() == 1 && !c[0].1)
            .map(|c| c[0].0.as_str())
            .collect();
        // Dead: column 2 (nothing behind it) at every step 0..=3.
        for t in 0..=3 {
            assert!(
                units.contains(&format!("box at (2,2) t={t}").as_str()),
                "{t}"
            );
        }
        // From the start (column 4): column 5 only from t = 1, column 6 from t = 2.
        assert!(units.contains(&"box at (2,5) t=0"));
        assert!(!units.contains(&"box at (2,5) t=1"));
        assert!(units.contains(&"box at (2,6) t=1"));
        assert!(!units.contains(&"box at (2,6) t=2"));
        // To the goal by H = 3: column 4 is 2 away, so not after step 1.
        let far: Vec<&str> = f
            .iter()
            .filter(|c| c.len() == 2 && c[0].0 == "goal at T=3")
            .map(|c| c[1].0.as_str())
            .collect();
        assert!(far.contains(&"box at (2,4) t=2") && !far.contains(&"box at (2,4) t=1"));
        assert!(far.contains(&"box at (2,3) t=1") && !far.contains(&"box at (2,3) t=0"));
    }
}
