//! The player's region around a box being moved, by flood fill: the step the searches
//! over a box's cell and the player's side repeat at every node.

use crate::model::Board;

/// The mark of one flood fill. Sixty-four bits never wrap (at 10⁹ fills a second it
/// would take centuries), so a mark left from an old fill can never pass for a new one;
/// thirty-two wrapped after about 4·10⁹ fills, an hour or two of one unbounded pass.
pub type Stamp = u64;

/// Marks the cells the player reaches from `from` around the boxes of `occ` with a new
/// stamp (`stamp` advanced, `stack` the scratch); the least of them: the player's
/// normalised cell of a state's key (the push and pull searches alike).
#[inline]
pub fn least_reached(
    board: &Board,
    occ: &[bool],
    from: u16,
    mark: &mut [Stamp],
    stamp: &mut Stamp,
    stack: &mut Vec<u32>,
) -> u16 {
    *stamp += 1;
    let s = *stamp;
    let mut best = from;
    mark[from as usize] = s;
    stack.clear();
    stack.push(from as u32);
    while let Some(c) = stack.pop() {
        for n in board.nb[c as usize].into_iter().flatten() {
            let n = n as usize;
            if mark[n] != s && !occ[n] {
                mark[n] = s;
                best = best.min(n as u16);
                stack.push(n as u32);
            }
        }
    }
    best
}

/// The player's region around one box: a flood fill marked by stamp, its scratch
/// reused from fill to fill, for the searches over a box's cell and the player's side
/// (`box_moves.rs`, `macros.rs`).
#[derive(Default)]
pub struct Flood {
    mark: Vec<Stamp>,
    stamp: Stamp,
    stack: Vec<u32>,
}

impl Flood {
    /// Marks the cells the player reaches from `p`, the boxes of `occ` and one on `c`
    /// standing; the least of them.
    pub fn fill(&mut self, board: &Board, occ: &[bool], c: u32, p: u32) -> u32 {
        if self.mark.len() < board.len() {
            self.mark = vec![0; board.len()];
        }
        self.stamp += 1;
        let st = self.stamp;
        self.stack.clear();
        self.stack.push(p);
        self.mark[p as usize] = st;
        let mut least = p;
        while let Some(x) = self.stack.pop() {
            for m in board.nb[x as usize].into_iter().flatten() {
                if m != c && !occ[m as usize] && self.mark[m as usize] != st {
                    self.mark[m as usize] = st;
                    least = least.min(m);
                    self.stack.push(m);
                }
            }
        }
        least
    }

    /// Whether the last fill reached cell `x`.
    pub fn has(&self, x: u32) -> bool {
        self.mark[x as usize] == self.stamp
    }
}
