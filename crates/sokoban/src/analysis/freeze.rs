//! Freeze patterns: sets of cells whose boxes block each other for good.

use crate::model::{Board, Dir};

/// Cell sets that may never all hold boxes unless all are goals: 2×2 squares of boxes
/// and walls, and two adjacent boxes each blocked by a wall across their line.
pub fn freeze_patterns(board: &Board) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    // The sets found so far, to keep the first of each in `out` without a quadratic
    // scan: every set lies in one 2×2 square of the grid, so its smallest level cell `m`
    // and which of `m + 1`, `m + w − 1`, `m + w`, `m + w + 1` it holds name it.
    let mut seen = vec![0u16; board.index.len()];
    let w = board.width;
    let mut add = |out: &mut Vec<Vec<u32>>, s: Vec<u32>| {
        let m = board.cells[s[0] as usize];
        let mut mask = 0u16;
        for &c in &s[1..] {
            let off = board.cells[c as usize] - m;
            let bit = [1, w.wrapping_sub(1), w, w + 1]
                .iter()
                .position(|&o| o == off)
                .expect("a freeze set lies in one 2×2 square");
            mask |= 1 << bit;
        }
        if seen[m] & (1 << mask) == 0 {
            seen[m] |= 1 << mask;
            out.push(s);
        }
    };
    let n = board.len() as u32;
    let off_goal = |s: &[u32]| s.iter().any(|&c| !board.goal[c as usize]);
    for c in 0..n {
        // c is the top-left cell of a 2×2 square when it is a region cell; squares whose
        // top-left is a wall are found from another region cell of the square below.
        let right = board.nb[c as usize][Dir::Right.index()];
        let down = board.nb[c as usize][Dir::Down.index()];
        let diag = right
            .and_then(|r| board.nb[r as usize][Dir::Down.index()])
            .or_else(|| down.and_then(|d| board.nb[d as usize][Dir::Right.index()]));
        let mut s: Vec<u32> = [Some(c), right, down, diag].into_iter().flatten().collect();
        s.sort_unstable();
        s.dedup();
        if s.len() >= 2 && off_goal(&s) {
            add(&mut out, s);
        }
        for (along, across) in [
            (Dir::Right, [Dir::Up, Dir::Down]),
            (Dir::Down, [Dir::Left, Dir::Right]),
        ] {
            if let Some(m) = board.nb[c as usize][along.index()] {
                let blocked = |x: u32| {
                    across
                        .iter()
                        .any(|d| board.nb[x as usize][d.index()].is_none())
                };
                let pair = vec![c.min(m), c.max(m)];
                if blocked(c) && blocked(m) && off_goal(&pair) {
                    add(&mut out, pair);
                }
            }
        }
    }
    // Squares whose top-left corner is a wall: start from the bottom-right region cell.
    for c in 0..n {
        let up = board.nb[c as usize][Dir::Up.index()];
        let left = board.nb[c as usize][Dir::Left.index()];
        let diag = up
            .and_then(|u| board.nb[u as usize][Dir::Left.index()])
            .or_else(|| left.and_then(|l| board.nb[l as usize][Dir::Up.index()]));
        let mut s: Vec<u32> = [Some(c), up, left, diag].into_iter().flatten().collect();
        s.sort_unstable();
        s.dedup();
        if s.len() >= 2 && off_goal(&s) {
            add(&mut out, s);
        }
    }
    // A single box in a 2×2 of walls is a corner: the dead squares cover it. Keep only
    // sets where every box is blocked on both axes.
    out.retain(|s| frozen(board, s));
    out
}

/// True when boxes on every cell of `s` (and walls outside the region) block each other
/// on both axes.
fn frozen(board: &Board, s: &[u32]) -> bool {
    s.iter().all(|&c| {
        let blocked = |d: Dir| match board.nb[c as usize][d.index()] {
            None => true,
            Some(m) => s.contains(&m),
        };
        (blocked(Dir::Up) || blocked(Dir::Down)) && (blocked(Dir::Left) || blocked(Dir::Right))
    })
}
