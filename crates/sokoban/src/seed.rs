//! A first plan from weighted A* over push states: an upper bound for the SAT search.
//!
//! The SAT search proves optimality by an unsatisfiable horizon just below a plan; the
//! lower it starts, the more unsatisfiable horizons it pays for on the way up. A plan
//! from this cheap state-space search lets it start just below that plan instead. The
//! plan proves nothing about optimality: that is still the solver's unsatisfiable call.

use crate::board::{Board, INF};
use crate::deadsquares::dist_to_goals;
use crate::level::Dir;
use crate::plan::{Push, pushes_to_lurd, reachable};
use gridsat_sat::Interrupt;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::time::Instant;

/// Limits of [`seed_plan`].
#[derive(Clone, Debug)]
pub struct SeedLimits {
    /// States expanded at most, per pass.
    pub max_states: usize,
    /// Give up at this instant.
    pub deadline: Option<Instant>,
    /// Only plans of at most this many pushes are of use.
    pub max_pushes: Option<usize>,
    /// Give up when this flag is raised (Ctrl-C).
    pub interrupt: Option<Interrupt>,
}

impl Default for SeedLimits {
    fn default() -> Self {
        SeedLimits {
            max_states: 200_000,
            deadline: None,
            max_pushes: None,
            interrupt: None,
        }
    }
}

impl SeedLimits {
    fn stopped(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.interrupt.as_ref().is_some_and(|i| i.is_set())
    }
}

/// Heuristic weights of the passes, in quarters: 2, 1.5, 1.25, 1.
const WEIGHTS: [u32; 4] = [8, 6, 5, 4];

/// A plan found by the seed search: LURD and its number of pushes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seed {
    /// The plan in LURD notation (to be verified by replay like any other).
    pub plan: String,
    /// Its pushes.
    pub pushes: usize,
}

/// Weighted A* passes with falling weights (2, 1.5, 1.25, 1), each only looking for
/// plans shorter than the best so far, while the limits allow; returns the best plan.
pub fn seed_plan(board: &Board, limits: SeedLimits) -> Option<Seed> {
    let mut best: Option<Seed> = None;
    let cap = limits.max_pushes.map(|m| m.saturating_add(1) as u32);
    for w in WEIGHTS {
        if limits.stopped() {
            break;
        }
        let bound = best.as_ref().map(|s| s.pushes as u32).or(cap);
        if let Some(s) = astar(board, &limits, w, bound) {
            best = Some(s);
        }
    }
    best
}

struct Node {
    boxes: Vec<u32>,
    player: u32,
    parent: usize,
    push: Option<Push>,
}

/// Searches push states (boxes and the player's region) by A* with the sum of the
/// boxes' push distances to their nearest goals times `w`/4, boxes kept off dead
/// squares, states that cannot beat `bound` pruned. Returns `None` when the limits stop
/// it first or no plan beats the bound.
fn astar(board: &Board, limits: &SeedLimits, w: u32, bound: Option<u32>) -> Option<Seed> {
    let to_goal = dist_to_goals(board);
    let n = board.len();
    let h = |boxes: &[u32]| -> u32 { boxes.iter().map(|&b| to_goal[b as usize]).sum() };
    let solved = |boxes: &[u32]| boxes.iter().all(|&b| board.goal[b as usize]);
    if board.boxes.iter().any(|&b| to_goal[b as usize] == INF)
        || bound.is_some_and(|b| h(&board.boxes) >= b)
    {
        return None;
    }
    let canon = |boxes: &[u32], player: u32| -> (u32, Vec<bool>) {
        let mut occupied = vec![false; n];
        for &b in boxes {
            occupied[b as usize] = true;
        }
        let region = reachable(board, &occupied, player);
        let first = region.iter().position(|&r| r).unwrap_or(0) as u32;
        (first, region)
    };
    let mut nodes: Vec<Node> = Vec::new();
    let mut best_g: HashMap<(Vec<u32>, u32), u32> = HashMap::new();
    let mut open: BinaryHeap<Reverse<(u32, u32, u32, usize)>> = BinaryHeap::new();
    let start = board.boxes.clone();
    let (key, _) = canon(&start, board.player);
    best_g.insert((start.clone(), key), 0);
    open.push(Reverse((w * h(&start), h(&start), 0, 0)));
    nodes.push(Node {
        boxes: start,
        player: board.player,
        parent: usize::MAX,
        push: None,
    });
    let mut expanded = 0usize;
    while let Some(Reverse((_, _, g, i))) = open.pop() {
        let boxes = nodes[i].boxes.clone();
        let player = nodes[i].player;
        let (key, region) = canon(&boxes, player);
        if best_g.get(&(boxes.clone(), key)).is_some_and(|&b| b < g) {
            continue; // reached more cheaply since this entry was queued
        }
        if solved(&boxes) {
            let mut pushes = Vec::new();
            let mut k = i;
            while let Some(p) = nodes[k].push {
                pushes.push(p);
                k = nodes[k].parent;
            }
            pushes.reverse();
            let plan = pushes_to_lurd(board, &pushes).ok()?;
            return Some(Seed {
                plan,
                pushes: pushes.len(),
            });
        }
        expanded += 1;
        if expanded > limits.max_states || (expanded % 1024 == 0 && limits.stopped()) {
            return None;
        }
        for (bi, &b) in boxes.iter().enumerate() {
            for d in Dir::ALL {
                let (Some(behind), Some(ahead)) = (
                    board.nb[b as usize][d.opposite().index()],
                    board.nb[b as usize][d.index()],
                ) else {
                    continue;
                };
                if !region[behind as usize]
                    || to_goal[ahead as usize] == INF
                    || boxes.contains(&ahead)
                {
                    continue;
                }
                let mut next = boxes.clone();
                next[bi] = ahead;
                next.sort_unstable();
                let (nkey, _) = canon(&next, b);
                let ng = g + 1;
                let hn = h(&next);
                if bound.is_some_and(|b| ng + hn >= b) {
                    continue;
                }
                let entry = best_g.entry((next.clone(), nkey)).or_insert(u32::MAX);
                if ng >= *entry {
                    continue;
                }
                *entry = ng;
                nodes.push(Node {
                    boxes: next,
                    player: b,
                    parent: i,
                    push: Some(Push { from: b, dir: d }),
                });
                open.push(Reverse((4 * ng + w * hn, hn, ng, nodes.len() - 1)));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Format, parse_levels, replay::verify};

    fn board(text: &str) -> (crate::Level, Board) {
        let level = parse_levels(text, "t.xsb", Format::Xsb).unwrap().remove(0);
        let b = Board::new(&level).unwrap();
        (level, b)
    }

    #[test]
    fn corridor_seed_is_the_straight_push() {
        let (level, b) = board("#######\n#@ $ .#\n#######\n");
        let s = seed_plan(&b, SeedLimits::default()).unwrap();
        assert_eq!(s.pushes, 2);
        assert_eq!(verify(&level, &s.plan).unwrap().pushes, 2);
    }

    #[test]
    fn seeds_replay_and_count_their_pushes() {
        let (level, b) = board("  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########\n");
        let s = seed_plan(&b, SeedLimits::default()).unwrap();
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
        assert_eq!(seed_plan(&b, within(1)), None);
        assert_eq!(seed_plan(&b, within(2)).map(|s| s.pushes), Some(2));
    }

    #[test]
    fn a_raised_interrupt_stops_it() {
        let (_, b) = board("#######\n#@ $ .#\n#######\n");
        let flag = Interrupt::new();
        flag.interrupt();
        let limits = SeedLimits {
            interrupt: Some(flag),
            ..SeedLimits::default()
        };
        assert_eq!(seed_plan(&b, limits), None);
    }

    #[test]
    fn a_state_limit_of_zero_finds_nothing_unless_solved() {
        let (_, b) = board("#######\n#@ $ .#\n#######\n");
        let limits = SeedLimits {
            max_states: 0,
            ..SeedLimits::default()
        };
        assert_eq!(seed_plan(&b, limits), None);
    }
}
