//! A packing order of the goals, for the satisficing search's guidance (never for a
//! bound): found backwards from the solved position, the goal whose box can be pulled
//! out most easily with the other goals still filled is the one to fill last.

use crate::model::{Board, Dir};
use std::collections::VecDeque;

/// The rank of each goal cell in a packing order (0: fill first), `u32::MAX` for cells
/// that are not goals. Goals that the backward pass cannot free share the first ranks.
pub fn packing_order(board: &Board) -> Vec<u32> {
    let n = board.len();
    let mut filled = board.goal.clone();
    let mut rank = vec![u32::MAX; n];
    let mut left: Vec<u32> = board.goals();
    let mut next = left.len() as u32;
    while !left.is_empty() {
        // The goal whose box reaches a cell off the goals in the fewest pulls.
        let best = left
            .iter()
            .enumerate()
            .filter_map(|(i, &g)| pulls_out(board, &filled, g).map(|d| (d, i)))
            .min();
        let Some((_, i)) = best else { break };
        let g = left.swap_remove(i);
        next -= 1;
        rank[g as usize] = next;
        filled[g as usize] = false;
    }
    for g in left {
        rank[g as usize] = 0;
    }
    rank
}

/// The fewest pulls that bring a lone box from goal `g` to a cell off the goals, the
/// boxes on the other `filled` goals standing as walls.
fn pulls_out(board: &Board, filled: &[bool], g: u32) -> Option<u32> {
    let mut dist = vec![u32::MAX; board.len()];
    let mut q = VecDeque::new();
    dist[g as usize] = 0;
    q.push_back(g);
    let free = |c: u32| c == g || !filled[c as usize];
    while let Some(c) = q.pop_front() {
        if !board.goal[c as usize] {
            return Some(dist[c as usize]);
        }
        for d in Dir::ALL {
            // Pull towards d: the player stands at c + d and steps to c + 2d.
            let Some(p) = board.nb[c as usize][d.index()] else {
                continue;
            };
            let Some(p2) = board.nb[p as usize][d.index()] else {
                continue;
            };
            if free(p) && free(p2) && dist[p as usize] == u32::MAX {
                dist[p as usize] = dist[c as usize] + 1;
                q.push_back(p);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Format, parse_levels};

    #[test]
    fn a_dead_end_corridor_fills_from_its_end() {
        let text = "##########\n#...    @#\n######## #\n# $ $ $  #\n##########\n";
        let l = &parse_levels(text, "t", Format::Xsb).unwrap()[0];
        let b = Board::new(l);
        let rank = packing_order(&b);
        let at = |c: usize| rank[b.index[l.cell(1, c)].unwrap() as usize];
        assert!(
            at(1) < at(2) && at(2) < at(3),
            "{:?}",
            (at(1), at(2), at(3))
        );
    }
}
