//! A packing order of the goals, for the satisficing search's guidance (never for a
//! bound): found backwards from the solved position, the goal whose box can be pulled
//! back most easily with the other goals still filled is the one to fill last. Back
//! means to a cell where a box starts (off the goals): the box has to come from there,
//! while a cell that is merely off the goals may be a pocket no box ever reaches (a
//! goal room's second door into a dead end). Only when no box can be pulled back that
//! far does a cell off the goals do. The pulls are the player's: the player walks
//! (around the filled goals and the box) from where it starts to each cell it pulls
//! from, so a goal deep in a room is freed only once the goals between it and the door
//! are; when no goal can be freed that way, the pulls alone decide (the player may
//! start inside the room).

use crate::model::{Board, Dir};
use std::collections::VecDeque;

/// The walk is taken into account on boards where goals² × cells stays below this (all
/// of XSokoban, at most 5·10⁵; its slowest order takes 23 ms): each search of a goal's
/// pulls floods the board per node, so a room of 200 boxes would take seconds before
/// any search started.
const WALK_WORK: usize = 1_000_000;

/// The most nodes a search of a goal's pulls with the walk expands (a box gets back
/// within some tens of pulls or the goal waits for a later round). XSokoban at 10 s
/// with `--any`: 64 nodes, pulling to any cell off the goals, solved 44 levels; 512,
/// pulling back to where the boxes start, 52 (the two side by side, load 2.5–3.6).
/// Pulling back with 64 nodes or 512 solved the same 58 levels in a later pair: the
/// gain is the target's; 512 lets a box come back from farther.
const WALK_NODES: usize = 512;

/// The rank of each goal cell in a packing order (0: fill first), `u32::MAX` for cells
/// that are not goals. Goals that the backward pass cannot free share the first ranks.
pub fn packing_order(board: &Board) -> Vec<u32> {
    let n = board.len();
    let mut filled = board.goal.clone();
    let mut rank = vec![u32::MAX; n];
    let mut left: Vec<u32> = board.goals();
    let mut next = left.len() as u32;
    let walks = left.len() * left.len() * n <= WALK_WORK;
    let off: Vec<bool> = board.goal.iter().map(|&g| !g).collect();
    let mut starts = vec![false; n];
    for &b in &board.boxes {
        starts[b as usize] = off[b as usize];
    }
    while !left.is_empty() {
        // The goal whose box reaches a cell of `to` in the fewest pulls.
        let best = |walk: bool, to: &[bool]| {
            left.iter()
                .enumerate()
                .filter_map(|(i, &g)| pulls_out(board, &filled, g, walk, to).map(|d| (d, i)))
                .min()
        };
        let walked = if walks {
            best(true, &starts).or_else(|| best(true, &off))
        } else {
            None
        };
        let Some((_, i)) = walked.or_else(|| best(false, &off)) else {
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

/// The fewest pulls that bring a lone box from goal `g` to a cell of `to` (off the
/// goals), the boxes on the other `filled` goals standing as walls; with `walk`, the player first
/// walks from its start to the cell of the first pull and, pull by pull, stays where
/// it steps to (a search over the box's cell and the player's side).
fn pulls_out(board: &Board, filled: &[bool], g: u32, walk: bool, to: &[bool]) -> Option<u32> {
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
        if to[c as usize] {
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

    #[test]
    fn boxes_are_pulled_back_to_where_they_start_not_into_a_pocket() {
        // The goal corridor is open at both ends; the player reaches the left end,
        // but no box comes from there: the boxes come from the right, so the left goal
        // fills first. Pulled to any cell off the goals, the left goal (one pull, the
        // lowest index) was the one to fill last.
        let text = "###########\n#    @    #\n# ####### #\n#  ...  $ #\n####### $ #\n      # $ #\n      #   #\n      #####\n";
        let l = &parse_levels(text, "t", Format::Xsb).unwrap()[0];
        let b = Board::new(l);
        let rank = packing_order(&b);
        let at = |c: usize| rank[b.index[l.cell(3, c)].unwrap() as usize];
        assert!(
            at(3) < at(4) && at(4) < at(5),
            "{:?}",
            (at(3), at(4), at(5))
        );
    }
}
