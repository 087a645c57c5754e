//! Walks between pushes: a push list becomes a full plan by the player's shortest
//! walks around the boxes.

use super::distances::INF;
use crate::model::{Board, Dir, Move, Plan};
use std::collections::VecDeque;

/// One push on the board: the box at region cell `from` moves one cell in direction
/// `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Push {
    /// The box's region cell before the push.
    pub from: u32,
    /// The direction of the push.
    pub dir: Dir,
}

/// Turns a push sequence into a plan, walking the player along shortest paths between
/// pushes. Fails with the index of the first push that cannot be made (no box to push,
/// the cell ahead taken, or the cell behind out of the player's reach).
pub fn pushes_to_plan(board: &Board, pushes: &[Push]) -> Result<Plan, usize> {
    let mut occupied = board.occupancy(&board.boxes);
    let mut player = board.player;
    let mut out = Plan::new();
    for (k, p) in pushes.iter().enumerate() {
        let behind = board.nb[p.from as usize][p.dir.opposite().index()].ok_or(k)?;
        let ahead = board.nb[p.from as usize][p.dir.index()].ok_or(k)?;
        if !occupied[p.from as usize] || occupied[ahead as usize] {
            return Err(k);
        }
        let walk = shortest_walk(board, &occupied, player, behind).ok_or(k)?;
        out.append(&walk);
        out.push(Move::push(p.dir));
        occupied[p.from as usize] = false;
        occupied[ahead as usize] = true;
        player = p.from;
    }
    Ok(out)
}

/// A shortest walk (no pushes) from `from` to `to` around the boxes.
pub fn shortest_walk(board: &Board, occupied: &[bool], from: u32, to: u32) -> Option<Plan> {
    if occupied[to as usize] {
        return None;
    }
    let mut prev: Vec<(u32, u8)> = vec![(INF, 0); board.len()];
    let mut q = VecDeque::new();
    prev[from as usize] = (from, 0);
    q.push_back(from);
    while let Some(c) = q.pop_front() {
        if c == to {
            break;
        }
        for d in Dir::ALL {
            if let Some(n) = board.nb[c as usize][d.index()]
                && !occupied[n as usize]
                && prev[n as usize].0 == INF
            {
                prev[n as usize] = (c, d.index() as u8);
                q.push_back(n);
            }
        }
    }
    if prev[to as usize].0 == INF {
        return None;
    }
    let mut steps = Vec::new();
    let mut c = to;
    while c != from {
        let (p, d) = prev[c as usize];
        steps.push(Move::walk(Dir::ALL[d as usize]));
        c = p;
    }
    Some(steps.into_iter().rev().collect())
}
