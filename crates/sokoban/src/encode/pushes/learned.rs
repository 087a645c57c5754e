//! Deadlocks learned elsewhere (the A*'s search on box subsets, `search/patterns.rs`)
//! as clauses of every step: a pattern's boxes never all stand on their cells while
//! the player can reach a cell of the pattern's region.
//!
//! Why that is sound: a plan never passes through a position with no plan. In the
//! model of a plan whose reachability marks are exact, a step whose boxes hold a
//! pattern has the player outside the pattern's region, so no mark of a region cell is
//! true there and the clause holds. The clauses take the marks of the region cells next
//! to the pattern's boxes only (the player stands on one after pushing one of them);
//! a pattern whose boxes do not split the free cells needs no mark at all.

use super::PushEncoding;
use gridsat_sat::Lit;

/// A deadlock learned on a few boxes: the boxes on every cell of `boxes` with the
/// player on a cell of `player` have no plan (`player` empty: wherever the player is).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadSet {
    /// The boxes' cells (region indices of the board).
    pub boxes: Vec<u32>,
    /// Cells of the player's region next to the boxes; empty when the region is all
    /// the free cells.
    pub player: Vec<u32>,
}

impl DeadSet {
    /// The clauses it adds to each step.
    pub fn clauses(&self) -> usize {
        self.player.len().max(1)
    }
}

impl PushEncoding {
    /// Adds the learned deadlocks `sets` to every step built so far and to every later
    /// one (nothing when the encoding's `learned` family is switched off).
    pub fn add_learned(&mut self, sets: Vec<DeadSet>) {
        if !self.opts.learned {
            return;
        }
        let n = self.board.len() as u32;
        let fits = |s: &DeadSet| s.boxes.iter().chain(&s.player).all(|&c| c < n);
        let sets: Vec<DeadSet> = sets.into_iter().filter(fits).collect();
        for t in 1..self.boxes.len() {
            self.learned_at(&sets, t);
        }
        self.learned.extend(sets);
    }

    /// The learned clauses of state `t`.
    pub(super) fn learned_clauses(&mut self, t: usize) {
        if t == 0 || self.learned.is_empty() {
            return; // step 0 is fixed by units
        }
        let sets = std::mem::take(&mut self.learned);
        self.learned_at(&sets, t);
        self.learned = sets;
    }

    fn learned_at(&mut self, sets: &[DeadSet], t: usize) {
        let mut clause: Vec<Lit> = Vec::new();
        for s in sets {
            if !self.guard.tick(&self.f) {
                return;
            }
            clause.clear();
            clause.extend(s.boxes.iter().map(|&c| !self.bx(c, t)));
            if s.player.is_empty() {
                self.f.add_clause(self.fam.learned, &clause);
                continue;
            }
            let k = clause.len();
            for &p in &s.player {
                clause.truncate(k);
                clause.push(!self.reach[t].reach(p));
                self.f.add_clause(self.fam.learned, &clause);
            }
        }
    }
}
