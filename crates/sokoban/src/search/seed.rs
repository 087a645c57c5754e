//! A first plan from weighted A* over push states: an upper bound for the SAT search.
//!
//! The SAT search proves optimality by an unsatisfiable horizon just below a plan; the
//! lower it starts, the more unsatisfiable horizons it pays for on the way up. A plan
//! from this cheap state-space search lets it start just below that plan instead. The
//! plan proves nothing about optimality: that is still the solver's unsatisfiable call.

use crate::analysis::{INF, Push, dist_to_goals, pushes_to_plan};
use crate::model::{Board, Dir, Plan};
use gridsat_sat::Budget;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// Limits of [`seed_plan`] besides its budget.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SeedLimits {
    /// States expanded at most, per pass.
    pub max_states: usize,
    /// Only plans of at most this many pushes are of use.
    pub max_pushes: Option<usize>,
}

impl Default for SeedLimits {
    fn default() -> Self {
        SeedLimits {
            max_states: 200_000,
            max_pushes: None,
        }
    }
}

/// Heuristic weights of the passes, in quarters: 2, 1.5, 1.25, 1.
const WEIGHTS: [u32; 4] = [8, 6, 5, 4];

/// A plan found by the seed search and its number of pushes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Seed {
    /// The plan (to be verified by replay like any other).
    pub plan: Plan,
    /// Its pushes.
    pub pushes: usize,
}

/// What the seed search found: the best plan, or proof that there is none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SeedRun {
    /// The best plan found, if any.
    pub seed: Option<Seed>,
    /// When a pass without a bound ran out of states (no plan at all): the push states
    /// it saw, every one reachable from the start with the boxes off dead squares.
    pub exhausted: Option<usize>,
}

/// Weighted A* passes with falling weights (2, 1.5, 1.25, 1), each only looking for
/// plans shorter than the best so far, while the limits and the budget allow; returns
/// the best plan, or that a pass without a bound saw every state and none solved.
pub fn seed_plan(board: &Board, limits: &SeedLimits, budget: &Budget) -> SeedRun {
    let mut best: Option<Seed> = None;
    let cap = limits.max_pushes.map(|m| m.saturating_add(1) as u32);
    for w in WEIGHTS {
        if budget.stopped() {
            break;
        }
        let bound = best.as_ref().map(|s| s.pushes as u32).or(cap);
        match astar(board, limits, budget, w, bound) {
            Ok(s) => best = Some(s),
            Err(Some(states)) if bound.is_none() => {
                return SeedRun {
                    seed: None,
                    exhausted: Some(states),
                };
            }
            Err(_) => {}
        }
    }
    SeedRun {
        seed: best,
        exhausted: None,
    }
}

struct Node {
    boxes: Vec<u32>,
    player: u32,
    parent: usize,
    push: Option<Push>,
}

/// One pass of the weighted A*: the states found, the cheapest cost of each, the queue.
struct Astar<'a> {
    board: &'a Board,
    to_goal: Vec<u32>,
    /// The heuristic weight, in quarters.
    w: u32,
    /// Only plans cheaper than this count.
    bound: Option<u32>,
    nodes: Vec<Node>,
    best_g: HashMap<(Vec<u32>, u32), u32>,
    /// (weighted f, h, g, node), smallest first.
    open: BinaryHeap<Reverse<(u32, u32, u32, usize)>>,
}

/// Searches push states (boxes and the player's region) by A* with the sum of the
/// boxes' push distances to their nearest goals times `w`/4, boxes kept off dead
/// squares, states that cannot beat `bound` pruned. Fails with the number of states
/// seen when every state was seen and none beats the bound, and with `None` when the
/// limits stop it first.
fn astar(
    board: &Board,
    limits: &SeedLimits,
    budget: &Budget,
    w: u32,
    bound: Option<u32>,
) -> Result<Seed, Option<usize>> {
    let mut a = Astar {
        board,
        to_goal: dist_to_goals(board),
        w,
        bound,
        nodes: Vec::new(),
        best_g: HashMap::new(),
        open: BinaryHeap::new(),
    };
    let start = board.boxes.clone();
    let h0 = a.h(&start);
    if start.iter().any(|&b| a.to_goal[b as usize] == INF) || bound.is_some_and(|b| h0 >= b) {
        return Err(Some(0));
    }
    let (key, _) = a.canon(&start, board.player);
    a.best_g.insert((start.clone(), key), 0);
    a.open.push(Reverse((w * h0, h0, 0, 0)));
    a.nodes.push(Node {
        boxes: start,
        player: board.player,
        parent: usize::MAX,
        push: None,
    });
    let mut expanded = 0usize;
    while let Some(Reverse((_, _, g, i))) = a.open.pop() {
        let boxes = a.nodes[i].boxes.clone();
        let (key, region) = a.canon(&boxes, a.nodes[i].player);
        if a.best_g.get(&(boxes.clone(), key)).is_some_and(|&b| b < g) {
            continue; // reached more cheaply since this entry was queued
        }
        if boxes.iter().all(|&b| board.goal[b as usize]) {
            return a.plan_to(i).ok_or(None);
        }
        expanded += 1;
        if expanded > limits.max_states || budget.stopped() {
            return Err(None);
        }
        a.expand(i, g, &boxes, &region);
    }
    Err(Some(a.best_g.len()))
}

impl Astar<'_> {
    /// The sum of the boxes' push distances to their nearest goals.
    fn h(&self, boxes: &[u32]) -> u32 {
        boxes.iter().map(|&b| self.to_goal[b as usize]).sum()
    }

    /// The player's region around `boxes` and its first cell (the state's key).
    fn canon(&self, boxes: &[u32], player: u32) -> (u32, Vec<bool>) {
        let occupied = self.board.occupancy(boxes);
        let region = self.board.reachable(&occupied, player);
        let first = region.iter().position(|&r| r).unwrap_or(0) as u32;
        (first, region)
    }

    /// The plan of the pushes that led to node `i`.
    fn plan_to(&self, i: usize) -> Option<Seed> {
        let mut pushes = Vec::new();
        let mut k = i;
        while let Some(p) = self.nodes[k].push {
            pushes.push(p);
            k = self.nodes[k].parent;
        }
        pushes.reverse();
        let plan = pushes_to_plan(self.board, &pushes).ok()?;
        Some(Seed {
            plan,
            pushes: pushes.len(),
        })
    }

    /// Queues every push from node `i` (cost `g`, its boxes, the player's region) that
    /// keeps boxes off dead squares, can still beat the bound, and reaches its state
    /// more cheaply than before.
    fn expand(&mut self, i: usize, g: u32, boxes: &[u32], region: &[bool]) {
        let board = self.board;
        for (bi, &b) in boxes.iter().enumerate() {
            for d in Dir::ALL {
                let (Some(behind), Some(ahead)) = (
                    board.nb[b as usize][d.opposite().index()],
                    board.nb[b as usize][d.index()],
                ) else {
                    continue;
                };
                if !region[behind as usize]
                    || self.to_goal[ahead as usize] == INF
                    || boxes.contains(&ahead)
                {
                    continue;
                }
                let mut next = boxes.to_vec();
                next[bi] = ahead;
                next.sort_unstable();
                let (nkey, _) = self.canon(&next, b);
                let ng = g + 1;
                let hn = self.h(&next);
                if self.bound.is_some_and(|b| ng + hn >= b) {
                    continue;
                }
                let entry = self.best_g.entry((next.clone(), nkey)).or_insert(u32::MAX);
                if ng >= *entry {
                    continue;
                }
                *entry = ng;
                self.nodes.push(Node {
                    boxes: next,
                    player: b,
                    parent: i,
                    push: Some(Push { from: b, dir: d }),
                });
                let k = self.nodes.len() - 1;
                self.open.push(Reverse((4 * ng + self.w * hn, hn, ng, k)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Format, parse_levels};
    use crate::model::Level;
    use crate::replay::verify;
    use gridsat_sat::Interrupt;

    fn board(text: &str) -> (Level, Board) {
        let level = parse_levels(text, "t.xsb", Format::Xsb).unwrap().remove(0);
        let b = Board::new(&level);
        (level, b)
    }

    #[test]
    fn corridor_seed_is_the_straight_push() {
        let (level, b) = board("#######\n#@ $ .#\n#######\n");
        let s = seed_plan(&b, &SeedLimits::default(), &Budget::unlimited())
            .seed
            .unwrap();
        assert_eq!(s.pushes, 2);
        assert_eq!(verify(&level, &s.plan).unwrap().pushes, 2);
    }

    #[test]
    fn seeds_replay_and_count_their_pushes() {
        let (level, b) = board("  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########\n");
        let s = seed_plan(&b, &SeedLimits::default(), &Budget::unlimited())
            .seed
            .unwrap();
        let r = verify(&level, &s.plan).unwrap();
        assert_eq!(r.pushes, s.pushes);
    }

    #[test]
    fn a_push_budget_below_the_optimum_finds_nothing() {
        let (_, b) = board("#######\n#@ $ .#\n#######\n");
        let within = |m| SeedLimits {
            max_pushes: Some(m),
            ..SeedLimits::default()
        };
        let budget = Budget::unlimited();
        assert_eq!(seed_plan(&b, &within(1), &budget).seed, None);
        assert_eq!(
            seed_plan(&b, &within(2), &budget).seed.map(|s| s.pushes),
            Some(2)
        );
    }

    #[test]
    fn a_raised_interrupt_stops_it() {
        let (_, b) = board("#######\n#@ $ .#\n#######\n");
        let flag = Interrupt::new();
        flag.interrupt();
        let budget = Budget::unlimited().with_interrupt(flag);
        assert_eq!(seed_plan(&b, &SeedLimits::default(), &budget).seed, None);
    }

    #[test]
    fn a_level_without_a_plan_is_exhausted() {
        let (_, b) = board("#######\n#@.$  #\n#######\n");
        let run = seed_plan(&b, &SeedLimits::default(), &Budget::unlimited());
        assert_eq!((run.seed, run.exhausted), (None, Some(2)));
    }

    #[test]
    fn a_state_limit_of_zero_finds_nothing_unless_solved() {
        let (_, b) = board("#######\n#@ $ .#\n#######\n");
        let limits = SeedLimits {
            max_states: 0,
            ..SeedLimits::default()
        };
        let run = seed_plan(&b, &limits, &Budget::unlimited());
        assert_eq!((run.seed, run.exhausted), (None, None));
    }
}
