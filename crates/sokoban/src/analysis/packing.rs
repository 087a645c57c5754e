//! A packing order of the goals, for the satisficing search's guidance (never for a
//! bound): found backwards from the solved position, the goal whose box can be pulled
//! out most easily with the other goals still filled is the one to fill last. The
//! pulls are the player's: the player walks (around the filled goals and the box) from
//! where it starts to each cell it pulls from, so a goal deep in a room is freed only
//! once the goals between it and the door are; when no goal can be freed that way, the
//! pulls alone decide (the player may start inside the room).

use crate::model::{Board, Dir};
use std::collections::VecDeque;

/// The walk is taken into account on boards where goals² × cells stays below this (all
/// of XSokoban, at most 5·10⁵): each search of a goal's pulls floods the board per node,
/// so a room of 200 boxes would take seconds before any search started.
const WALK_WORK: usize = 1_000_000;

/// The most nodes a search of a goal's pulls with the walk expands (a box leaves the
/// goals within a few pulls or the goal waits for a later round).
const WALK_NODES: usize = 64;

/// The rank of each goal cell in a packing order (0: fill first), `u32::MAX` for cells
/// that are not goals. Goals that the backward pass cannot free share the first ranks.
pub fn packing_order(board: &Board) -> Vec<u32> {
    let n = board.len();
    let mut filled = board.goal.clone();
    let mut rank = vec![u32::MAX; n];
    let mut left: Vec<u32> = board.goals();
    let mut next = left.len() as u32;
    let walks = left.len() * left.len() * n <= WALK_WORK;
    while !left.is_empty() {
        // The goal whose box reaches a cell off the goals in the fewest pulls.
        let best = |walk: bool| {
            left.iter()
                .enumerate()
                .filter_map(|(i, &g)| pulls_out(board, &filled, g, walk).map(|d| (d, i)))
                .min()
        };
        let walked = if walks { best(true) } else { None };
        let Some((_, i)) = walked.or_else(|| best(false)) else {
            break;
        };
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
/// boxes on the other `filled` goals standing as walls; with `walk`, the player first
/// walks from its start to the cell of the first pull and, pull by pull, stays where
/// it steps to (a search over the box's cell and the player's side).
fn pulls_out(board: &Board, filled: &[bool], g: u32, walk: bool) -> Option<u32> {
    let n = board.len();
    let free = |c: u32| c == g || !filled[c as usize];
    // A node is the box's cell and the side of it the player stands on; without the
    // walk every side counts as reached.
    let mut dist = vec![u32::MAX; 4 * n];
    let mut q = VecDeque::new();
    let start = walk.then(|| walk_region(board, filled, g, board.player, g));
    for (k, p) in board.nb[g as usize].iter().enumerate() {
        let Some(p) = *p else { continue };
        if free(p) && start.as_ref().is_none_or(|r| r[p as usize]) {
            dist[4 * g as usize + k] = 0;
            q.push_back(4 * g + k as u32);
        }
    }
    let mut expanded = 0;
    while let Some(node) = q.pop_front() {
        let (c, k) = (node / 4, node as usize % 4);
        if !board.goal[c as usize] {
            return Some(dist[node as usize]);
        }
        expanded += 1;
        if walk && expanded > WALK_NODES {
            return None;
        }
        let here = board.nb[c as usize][k].expect("the player's side is a cell");
        let reach = walk.then(|| walk_region(board, filled, g, here, c));
        for d in Dir::ALL {
            // Pull towards d: the player stands at c + d and steps to c + 2d.
            let Some(p) = board.nb[c as usize][d.index()] else {
                continue;
            };
            let Some(p2) = board.nb[p as usize][d.index()] else {
                continue;
            };
            let next = 4 * p as usize + d.index();
            let walks = reach.as_ref().is_none_or(|r| r[p as usize]);
            if free(p) && free(p2) && walks && dist[next] == u32::MAX {
                dist[next] = dist[node as usize] + 1;
                q.push_back(next as u32);
            }
        }
    }
    None
}

/// The cells the player reaches from `from` around the box at `at` and the boxes on
/// the `filled` goals other than `g` (the goal the box came from).
fn walk_region(board: &Board, filled: &[bool], g: u32, from: u32, at: u32) -> Vec<bool> {
    let mut occ: Vec<bool> = filled.to_vec();
    occ[g as usize] = false;
    occ[at as usize] = true;
    if occ[from as usize] {
        return vec![false; board.len()];
    }
    board.reachable(&occ, from)
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
