//! PI-corral pruning: of the pushes of a position, only those into one PI-corral.
//!
//! A corral is a connected area of free cells the player cannot reach; its barrier is
//! the boxes next to it. It is a PI-corral when (I) no box of the barrier can be
//! pushed anywhere but into it, now or after any pushes elsewhere (every push whose
//! pushing side lies outside the corral and its barrier ends in the corral, a wall or
//! the barrier), (P) the player reaches every pushing side of a push into it now, and
//! it is not done (a barrier box off a goal, or a goal inside when every goal must be
//! filled: with more goals than boxes a goal may stay empty, and a corral around it
//! need never be entered).
//!
//! Then every plan pushes a barrier box into the corral at some point, and before it
//! touches neither the corral nor its barrier: no box outside can even come next to
//! the corral (each cell next to it is a wall, a barrier box or the corral), so that
//! first push is possible now, and made first it leaves every earlier push possible
//! (the player's region only grows). So a plan of the same length starts with a push
//! into the corral: keeping only those pushes keeps a shortest plan from every
//! position, and an A* over the pruned pushes stays optimal and its exhaustion a
//! proof. A PI-corral that no push enters can never be entered: a deadlock.

use super::flood::Stamp;
use crate::model::{Board, Dir};

/// What the pushes of a position may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// No PI-corral: every push.
    All,
    /// A PI-corral that no push enters: no plan.
    Dead,
    /// Only the pushes that end in the corral of this label.
    Into(Stamp),
}

/// Scratch space: corral labels per cell, barrier marks per cell.
pub struct Corrals {
    label: Vec<Stamp>,
    barrier: Vec<Stamp>,
    stamp: Stamp,
    cells: Vec<u32>,
    boxes: Vec<u32>,
    /// The barrier boxes of the corral the last [`Corrals::pick`] chose.
    picked: Vec<u32>,
    /// As many goals as boxes: every goal must be filled, so a goal inside a corral
    /// forces a push into it.
    goals_filled: bool,
}

impl Corrals {
    /// Scratch space for `board`.
    pub fn new(board: &Board) -> Corrals {
        let n = board.len();
        Corrals {
            goals_filled: board.goal.iter().filter(|&&g| g).count() == board.boxes.len(),
            label: vec![0; n],
            barrier: vec![0; n],
            stamp: 0,
            cells: Vec::new(),
            boxes: Vec::new(),
            picked: Vec::new(),
        }
    }

    /// Whether cell `c` lies in the corral labelled `l` by the last [`Corrals::pick`].
    #[inline]
    pub fn is_in(&self, c: usize, l: Stamp) -> bool {
        self.label[c] == l
    }

    /// The PI-corral with the fewest pushes into it, if any, of the position with
    /// boxes `occ` and the player's region `region[c] == here`.
    pub fn pick(&mut self, board: &Board, occ: &[bool], region: &[Stamp], here: Stamp) -> Pick {
        let first = self.stamp + 1;
        let mut best: Option<(usize, Stamp)> = None;
        for c in 0..board.len() {
            if occ[c] || region[c] == here || self.label[c] >= first {
                continue;
            }
            self.stamp += 1;
            let l = self.stamp;
            self.fill(board, occ, c as u32, l);
            match self.pushes_into(board, occ, region, here, l) {
                Some(0) => return Pick::Dead,
                Some(p) if best.is_none_or(|(b, _)| p < b) => {
                    best = Some((p, l));
                    self.picked.clone_from(&self.boxes);
                }
                _ => {}
            }
        }
        best.map_or(Pick::All, |(_, l)| Pick::Into(l))
    }

    /// The barrier boxes of the PI-corral the last [`Corrals::pick`] chose (`Pick::Into`).
    pub fn picked_barrier(&self) -> &[u32] {
        &self.picked
    }

    /// Labels the corral of `c` with `l` and marks its barrier boxes.
    fn fill(&mut self, board: &Board, occ: &[bool], c: u32, l: Stamp) {
        self.cells.clear();
        self.boxes.clear();
        self.label[c as usize] = l;
        self.cells.push(c);
        let mut i = 0;
        while i < self.cells.len() {
            let x = self.cells[i];
            for n in board.nb[x as usize].into_iter().flatten() {
                let n = n as usize;
                if occ[n] {
                    if self.barrier[n] != l {
                        self.barrier[n] = l;
                        self.boxes.push(n as u32);
                    }
                } else if self.label[n] != l {
                    self.label[n] = l;
                    self.cells.push(n as u32);
                }
            }
            i += 1;
        }
    }

    /// The number of pushes into corral `l` when it is a PI-corral that is not done,
    /// else `None`.
    fn pushes_into(
        &self,
        board: &Board,
        occ: &[bool],
        region: &[Stamp],
        here: Stamp,
        l: Stamp,
    ) -> Option<usize> {
        let done = self.boxes.iter().all(|&b| board.goal[b as usize])
            && !(self.goals_filled && self.cells.iter().any(|&c| board.goal[c as usize]));
        if done {
            return None;
        }
        let mut pushes = 0;
        for &b in &self.boxes {
            for d in Dir::ALL {
                let nb = &board.nb[b as usize];
                let Some(back) = nb[d.opposite().index()] else {
                    continue;
                };
                let back = back as usize;
                if self.label[back] == l || (occ[back] && self.barrier[back] == l) {
                    continue; // the pushing side is the corral or the barrier
                }
                match nb[d.index()] {
                    None => {}
                    Some(a) if occ[a as usize] && self.barrier[a as usize] == l => {}
                    Some(a) if self.label[a as usize] == l => {
                        if region[back] != here {
                            return None; // (P): the player cannot push it in now
                        }
                        pushes += 1;
                    }
                    Some(_) => return None, // (I): a push that leaves the corral
                }
            }
        }
        Some(pushes)
    }
}
