//! Distances on the empty board: push distances of a lone box (dead squares, to the
//! goals, from the start boxes) and the player's walking distances.

use crate::model::{Board, Dir};
use std::collections::VecDeque;

/// A distance that means "unreachable".
pub const INF: u32 = u32::MAX;

/// Push distance from every cell to the nearest goal, for a box alone on the board with
/// the player anywhere; [`INF`] marks a dead square. Found by pulling from the goals.
pub fn dist_to_goals(board: &Board) -> Vec<u32> {
    pull_bfs(board, &board.goals())
}

/// Push distance from every cell to goal `g`.
pub fn dist_to_goal(board: &Board, g: u32) -> Vec<u32> {
    pull_bfs(board, &[g])
}

/// Push distance from `from` to every cell, for a lone box.
pub fn push_dist_from(board: &Board, from: u32) -> Vec<u32> {
    let mut dist = vec![INF; board.len()];
    let mut q = VecDeque::new();
    dist[from as usize] = 0;
    q.push_back(from);
    while let Some(c) = q.pop_front() {
        for d in Dir::ALL {
            let behind = board.nb[c as usize][d.opposite().index()];
            let ahead = board.nb[c as usize][d.index()];
            if let (Some(_), Some(a)) = (behind, ahead)
                && dist[a as usize] == INF
            {
                dist[a as usize] = dist[c as usize] + 1;
                q.push_back(a);
            }
        }
    }
    dist
}

/// Player distances (in moves, boxes ignored) from `from` to every region cell.
pub fn walk_distances(board: &Board, from: u32) -> Vec<u32> {
    let mut dist = vec![INF; board.len()];
    let mut q = VecDeque::new();
    dist[from as usize] = 0;
    q.push_back(from);
    while let Some(c) = q.pop_front() {
        for n in board.nb[c as usize].into_iter().flatten() {
            if dist[n as usize] == INF {
                dist[n as usize] = dist[c as usize] + 1;
                q.push_back(n);
            }
        }
    }
    dist
}

/// Multi-source backward search: a box at `c` reaches `c+d` with the player at `c−d`.
fn pull_bfs(board: &Board, sources: &[u32]) -> Vec<u32> {
    let mut dist = vec![INF; board.len()];
    let mut q = VecDeque::new();
    for &s in sources {
        dist[s as usize] = 0;
        q.push_back(s);
    }
    while let Some(a) = q.pop_front() {
        for d in Dir::ALL {
            // The box came to `a` from `c = a − d`, the player stood at `c − d`.
            let Some(c) = board.nb[a as usize][d.opposite().index()] else {
                continue;
            };
            if board.nb[c as usize][d.opposite().index()].is_some() && dist[c as usize] == INF {
                dist[c as usize] = dist[a as usize] + 1;
                q.push_back(c);
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Format, parse_levels};

    #[test]
    fn corners_and_goal_free_walls_are_dead() {
        let text = "#######\n#@    #\n# $ . #\n#     #\n#######\n";
        let level = &parse_levels(text, "t", Format::Xsb).unwrap()[0];
        let board = Board::new(level);
        let dead: Vec<bool> = dist_to_goals(&board).iter().map(|&d| d == INF).collect();
        let at = |r: usize, c: usize| board.index[level.cell(r, c)].unwrap() as usize;
        assert!(dead[at(1, 1)], "corner");
        assert!(dead[at(1, 3)], "wall without goal");
        assert!(!dead[at(2, 2)]);
        assert!(!dead[at(2, 4)]);
        assert_eq!(dist_to_goals(&board)[at(2, 2)], 2);
        assert_eq!(push_dist_from(&board, at(2, 2) as u32)[at(2, 4)], 2);
        assert_eq!(walk_distances(&board, board.player)[at(3, 5)], 6);
    }
}
