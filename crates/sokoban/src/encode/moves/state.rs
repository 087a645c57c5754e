//! The variables of one time step and the clauses on that step alone: exactly one
//! position each, no overlap, and the pruning of positions.

use super::{MoveEncoding, WAIT, amo_for};
use crate::analysis::INF;
use gridsat_sat::{Lit, amo};

/// The most literals of one exactly-one built without a check of the budget (about
/// 5 ms of clauses).
const CHUNK: usize = 1 << 14;

impl MoveEncoding {
    /// Allocates the variables of a new step and adds its state constraints.
    pub(super) fn add_layer(&mut self) {
        let t = self.player.len();
        self.state_blocks(t);
        if !self.guard.check(&self.f) {
            return;
        }
        self.positions(t);
        if self.opts.dead_squares && self.guard.check(&self.f) {
            self.dead_squares(t);
        }
        if self.opts.distance && t > 0 && self.guard.check(&self.f) {
            self.distances(t);
        }
    }

    /// The player and box blocks of step `t`.
    fn state_blocks(&mut self, t: usize) {
        let coords = self.coords.clone();
        let pb = self.f.new_named_block(
            &format!("player t={t}"),
            &[self.board.len() as u32],
            move |i| {
                let (r, c) = coords[i[0] as usize];
                format!("player at ({r},{c}) t={t}")
            },
        );
        self.player.push(pb);
        let coords = self.coords.clone();
        let owner = self.owner.clone();
        let bb = self
            .f
            .new_named_block(&format!("box t={t}"), &[self.nslots], move |i| {
                let (b, c) = owner[i[0] as usize];
                let (r, col) = coords[c as usize];
                format!("box {b} at ({r},{col}) t={t}")
            });
        self.boxes.push(bb);
    }

    /// Exactly one position for the player and for each box; no two boxes on a cell,
    /// no box under the player.
    fn positions(&mut self, t: usize) {
        let fam = self.fam;
        let n = self.board.len() as u32;
        let lits: Vec<Lit> = (0..n).map(|c| self.p(c, t)).collect();
        self.exactly_one(&lits);
        for b in 0..self.board.boxes.len() {
            if !self.guard.tick(&self.f) {
                return;
            }
            let lits: Vec<Lit> = self.cells_of[b]
                .iter()
                .map(|&c| self.bx(b, c, t).expect("own"))
                .collect();
            self.exactly_one(&lits);
        }
        for c in 0..n {
            if !self.guard.tick(&self.f) {
                return;
            }
            let here: Vec<Lit> = (0..self.board.boxes.len())
                .filter_map(|b| self.bx(b, c, t))
                .collect();
            let pl = self.p(c, t);
            for (i, &x) in here.iter().enumerate() {
                self.f.add_clause(fam.overlap, &[!pl, !x]);
                for &y in &here[i + 1..] {
                    self.f.add_clause(fam.overlap, &[!x, !y]);
                }
            }
        }
    }

    /// Exactly one of `lits`. Up to [`CHUNK`] of them in one go, as always; more (a
    /// region of a million cells) in chunks that the guard watches between them: each
    /// chunk at most one, a commander variable implied by every literal of its chunk,
    /// and at most one commander (the same models on `lits`).
    fn exactly_one(&mut self, lits: &[Lit]) {
        let fam = self.fam.exactly_one;
        if self.opts.pairwise {
            self.pairwise_exactly_one(lits);
            return;
        }
        if lits.len() <= CHUNK {
            amo::exactly_one(&mut self.f, fam, fam, lits, amo_for(lits.len()));
            return;
        }
        amo::at_least_one(&mut self.f, fam, lits);
        let chunks = lits.len().div_ceil(CHUNK);
        let block = self.f.new_block("exactly one chunks", &[chunks as u32]);
        let mut commanders = Vec::with_capacity(chunks);
        for (i, chunk) in lits.chunks(CHUNK).enumerate() {
            if !self.guard.check(&self.f) {
                return;
            }
            let y = block.var(&[i as u32]).pos();
            for &x in chunk {
                self.f.add_clause(fam, &[!x, y]);
            }
            amo::at_most_one(&mut self.f, fam, chunk, amo_for(chunk.len()));
            commanders.push(y);
        }
        amo::at_most_one(&mut self.f, fam, &commanders, amo_for(chunks));
    }

    /// Exactly one of `lits`, pairwise: the at-least-one clause, then one binary
    /// clause per pair, the guard asked between rows (a row is at most a region).
    fn pairwise_exactly_one(&mut self, lits: &[Lit]) {
        let fam = self.fam.exactly_one;
        amo::at_least_one(&mut self.f, fam, lits);
        for (i, &x) in lits.iter().enumerate() {
            if !self.guard.tick(&self.f) {
                return;
            }
            for &y in &lits[i + 1..] {
                self.f.add_clause(fam, &[!x, !y]);
            }
        }
    }

    /// No box on a dead square at step `t`.
    fn dead_squares(&mut self, t: usize) {
        for b in 0..self.board.boxes.len() {
            if !self.guard.tick(&self.f) {
                return;
            }
            for &c in &self.cells_of[b].clone() {
                if self.to_goal[c as usize] == INF {
                    let l = self.bx(b, c, t).expect("own");
                    self.f.add_clause(self.fam.dead, &[!l]);
                }
            }
        }
    }

    /// Nothing at step `t` before its distance from the start, and the player on the
    /// chessboard colour of `t` until waiting begins.
    fn distances(&mut self, t: usize) {
        let fam = self.fam;
        let colour = |c: u32| {
            let (r, k) = self.coords[c as usize];
            (r + k) % 2
        };
        let start_colour = colour(self.board.player);
        for c in 0..self.board.len() as u32 {
            let l = self.p(c, t);
            if (self.walk[c as usize] as usize) > t {
                self.f.add_clause(fam.distance, &[!l]);
            } else if (colour(c) + t) % 2 != start_colour {
                // Wrong colour of the chessboard: only possible after waiting began.
                let w = self.a(WAIT, t - 1);
                self.f.add_clause(fam.distance, &[!l, w]);
            }
        }
        for b in 0..self.board.boxes.len() {
            if !self.guard.tick(&self.f) {
                return;
            }
            for &c in &self.cells_of[b].clone() {
                if (self.box_lb[b][c as usize] as usize) > t {
                    let l = self.bx(b, c, t).expect("own");
                    self.f.add_clause(fam.distance, &[!l]);
                }
            }
        }
    }
}
