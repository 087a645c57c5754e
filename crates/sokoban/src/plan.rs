//! Plans: LURD strings, the course output, and push lists turned into full LURD plans
//! by shortest walks between pushes.

use crate::board::{Board, INF};
use crate::level::Dir;
use std::collections::VecDeque;

/// One push: the box at region cell `from` moves one cell in direction `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Push {
    /// The box's region cell before the push.
    pub from: u32,
    /// The direction of the push.
    pub dir: Dir,
}

/// The plan as the course tester expects it: the moves as `U D L R` separated by spaces.
pub fn course_moves(plan: &str) -> String {
    plan.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_uppercase().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Turns a push sequence into a LURD plan, walking the player along shortest paths
/// between pushes. Returns `None` when some push position cannot be reached (a spurious
/// plan) together with the index of that push.
pub fn pushes_to_lurd(board: &Board, pushes: &[Push]) -> Result<String, usize> {
    let mut occupied = vec![false; board.len()];
    for &b in &board.boxes {
        occupied[b as usize] = true;
    }
    let mut player = board.player;
    let mut out = String::new();
    for (k, p) in pushes.iter().enumerate() {
        let behind = board.nb[p.from as usize][p.dir.opposite().index()].ok_or(k)?;
        let ahead = board.nb[p.from as usize][p.dir.index()].ok_or(k)?;
        if !occupied[p.from as usize] || occupied[ahead as usize] {
            return Err(k);
        }
        let walk = shortest_walk(board, &occupied, player, behind).ok_or(k)?;
        out.push_str(&walk);
        out.push(p.dir.letter(true));
        occupied[p.from as usize] = false;
        occupied[ahead as usize] = true;
        player = p.from;
    }
    Ok(out)
}

/// The cells the player reaches from `from` without crossing a box.
pub fn reachable(board: &Board, occupied: &[bool], from: u32) -> Vec<bool> {
    let mut seen = vec![false; board.len()];
    let mut stack = vec![from];
    seen[from as usize] = true;
    while let Some(c) = stack.pop() {
        for n in board.nb[c as usize].into_iter().flatten() {
            if !seen[n as usize] && !occupied[n as usize] {
                seen[n as usize] = true;
                stack.push(n);
            }
        }
    }
    seen
}

/// A shortest walk (lowercase LURD) from `from` to `to` around the boxes.
pub fn shortest_walk(board: &Board, occupied: &[bool], from: u32, to: u32) -> Option<String> {
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
    let mut letters = Vec::new();
    let mut c = to;
    while c != from {
        let (p, d) = prev[c as usize];
        letters.push(Dir::ALL[d as usize].letter(false));
        c = p;
    }
    Some(letters.into_iter().rev().collect())
}
