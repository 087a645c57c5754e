//! An exhaustive search over push states, for levels small enough: it proves a level
//! unsolvable outright (no horizon to grow), and its push optimum cross-checks the
//! solver's.

use crate::analysis::{INF, dist_to_goals};
use crate::halt::Halt;
use crate::model::Board;
use gridsat_sat::Budget;
use std::collections::{HashSet, VecDeque};

/// What the exhaustive search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exhausted {
    /// Push states reached from the start (boxes off dead squares).
    pub states: usize,
    /// The fewest pushes of a plan, or `None`: no reachable state is solved.
    pub pushes: Option<usize>,
}

/// Breadth-first search over push states (the boxes and the player's region) from the
/// start, boxes kept off dead squares, until a solved state or every state is seen.
/// `Ok(None)` when more than `max_states` states are reached first.
pub fn exhaust(
    board: &Board,
    max_states: usize,
    budget: &Budget,
) -> Result<Option<Exhausted>, Halt> {
    let per_state = 4 * board.boxes.len() as u64 + 64;
    budget.admit(2 * per_state * max_states as u64, || {
        format!("an exhaustive search of up to {max_states} push states")
    })?;
    let dead: Vec<bool> = dist_to_goals(board).iter().map(|&d| d == INF).collect();
    let key = |boxes: &[u32], player: u32| {
        let region = board.reachable(&board.occupancy(boxes), player);
        let first = region.iter().position(|&r| r).unwrap_or(0) as u32;
        ((boxes.to_vec(), first), region)
    };
    let mut seen: HashSet<(Vec<u32>, u32)> = HashSet::new();
    let mut queue: VecDeque<(Vec<u32>, u32, usize)> = VecDeque::new();
    seen.insert(key(&board.boxes, board.player).0);
    queue.push_back((board.boxes.clone(), board.player, 0));
    while let Some((boxes, player, pushes)) = queue.pop_front() {
        if boxes.iter().all(|&b| board.goal[b as usize]) {
            return Ok(Some(Exhausted {
                states: seen.len(),
                pushes: Some(pushes),
            }));
        }
        if seen.len() % 256 == 0 {
            budget.check()?;
        }
        let (_, region) = key(&boxes, player);
        for (i, &b) in boxes.iter().enumerate() {
            for d in crate::model::Dir::ALL {
                let (Some(behind), Some(ahead)) = (
                    board.nb[b as usize][d.opposite().index()],
                    board.nb[b as usize][d.index()],
                ) else {
                    continue;
                };
                if !region[behind as usize] || dead[ahead as usize] || boxes.contains(&ahead) {
                    continue;
                }
                let mut next = boxes.clone();
                next[i] = ahead;
                next.sort_unstable();
                let (k, _) = key(&next, b);
                if seen.insert(k) {
                    if seen.len() > max_states {
                        return Ok(None);
                    }
                    queue.push_back((next, b, pushes + 1));
                }
            }
        }
    }
    Ok(Some(Exhausted {
        states: seen.len(),
        pushes: None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Format, parse_levels};

    fn run(text: &str) -> Option<Exhausted> {
        let l = &parse_levels(text, "t", Format::Xsb).unwrap()[0];
        exhaust(&Board::new(l), 10_000, &Budget::unlimited()).unwrap()
    }

    #[test]
    fn small_levels_are_settled_both_ways() {
        assert_eq!(run("#######\n#@ $ .#\n#######\n").unwrap().pushes, Some(2));
        let none = run("#######\n#@.$  #\n#######\n").unwrap();
        assert_eq!(none.pushes, None);
        assert_eq!(none.states, 2);
        let l = &parse_levels("#######\n#@ $ .#\n#######\n", "t", Format::Xsb).unwrap()[0];
        assert_eq!(
            exhaust(&Board::new(l), 1, &Budget::unlimited()).unwrap(),
            None
        );
    }
}
