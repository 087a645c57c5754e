//! The transition from step `t` to `t + 1`: one action, the player's move, pushes, and
//! boxes that stay where they are unless pushed.

use super::{MoveEncoding, WAIT};
use crate::model::Dir;
use gridsat_sat::{AmoEncoding, Lit, amo};

impl MoveEncoding {
    /// Adds the action of step `t` (the number of steps built) and the state after it.
    pub(super) fn add_step(&mut self) {
        if !self.guard.check(&self.f) {
            return;
        }
        let t = self.act.len();
        let ab = self
            .f
            .new_named_block(&format!("action t={t}"), &[5], move |i| {
                let name = ["up", "down", "left", "right", "wait"][i[0] as usize];
                format!("step {t}->{}: {name}", t + 1)
            });
        self.act.push(ab);
        self.add_layer();
        let fam = self.fam;
        let acts: Vec<Lit> = (0..5).map(|a| self.a(a, t)).collect();
        amo::exactly_one(
            &mut self.f,
            fam.movement,
            fam.movement,
            &acts,
            AmoEncoding::Pairwise,
        );
        if t > 0 {
            let (w0, w1) = (self.a(WAIT, t - 1), self.a(WAIT, t));
            self.f.add_clause(fam.movement, &[!w0, w1]);
        }
        for c in 0..self.board.len() as u32 {
            if !self.guard.tick(&self.f) {
                return;
            }
            self.moves_from(c, t);
        }
        if self.opts.no_reversal && t > 0 {
            self.no_reversal(t);
        }
        self.box_frame(t);
        if let Some(cap) = self.opts.max_pushes
            && self.guard.check(&self.f)
        {
            self.push_budget(t, cap);
        }
    }

    /// The player on `c` at step `t`: waiting keeps it there, a move takes it to the
    /// neighbour (none into a wall), and walking into a box pushes it one cell further,
    /// if that cell can take it.
    fn moves_from(&mut self, c: u32, t: usize) {
        let fam = self.fam;
        let nboxes = self.board.boxes.len();
        let pc = self.p(c, t);
        let wait = self.a(WAIT, t);
        let stay = self.p(c, t + 1);
        self.f.add_clause(fam.movement, &[!pc, !wait, stay]);
        self.f.add_clause(fam.movement, &[!stay, !wait, pc]);
        for d in Dir::ALL {
            let ad = self.a(d.index() as u32, t);
            let Some(nc) = self.board.nb[c as usize][d.index()] else {
                self.f.add_clause(fam.movement, &[!pc, !ad]);
                continue;
            };
            let pn = self.p(nc, t + 1);
            self.f.add_clause(fam.movement, &[!pc, !ad, pn]);
            self.f.add_clause(fam.movement, &[!pn, !ad, pc]);
            let beyond = self.board.nb[nc as usize][d.index()];
            for b in 0..nboxes {
                let Some(bn) = self.bx(b, nc, t) else {
                    continue;
                };
                match beyond.and_then(|m| self.bx(b, m, t + 1)) {
                    Some(bm) => self.f.add_clause(fam.pushing, &[!pc, !ad, !bn, bm]),
                    None => self.f.add_clause(fam.pushing, &[!pc, !ad, !bn]),
                }
            }
        }
    }

    /// A step that walks into `c` and the next step walking straight back: the first
    /// must have pushed a box away from `c`.
    fn no_reversal(&mut self, t: usize) {
        let nboxes = self.board.boxes.len();
        for c in 0..self.board.len() as u32 {
            if !self.guard.tick(&self.f) {
                return;
            }
            for d in Dir::ALL {
                let back = d.opposite();
                let mut clause = vec![
                    !self.a(d.index() as u32, t - 1),
                    !self.a(back.index() as u32, t),
                    !self.p(c, t),
                ];
                clause.extend((0..nboxes).filter_map(|b| self.bx(b, c, t - 1)));
                self.f.add_clause(self.fam.reversal, &clause);
            }
        }
    }

    /// Boxes stay unless the player walks into them, and move only to a neighbour in
    /// the direction of the step.
    fn box_frame(&mut self, t: usize) {
        let fam = self.fam;
        for b in 0..self.board.boxes.len() {
            if !self.guard.tick(&self.f) {
                return;
            }
            for &c in &self.cells_of[b].clone() {
                let now = self.bx(b, c, t).expect("own");
                let next = self.bx(b, c, t + 1).expect("own");
                let enter = self.p(c, t + 1);
                self.f.add_clause(fam.pushing, &[!now, next, enter]);
                let mut came = vec![!next, now];
                for d in Dir::ALL {
                    if let Some(from) = self.board.nb[c as usize][d.opposite().index()]
                        && let Some(bf) = self.bx(b, from, t)
                    {
                        came.push(bf);
                        let ad = self.a(d.index() as u32, t);
                        self.f.add_clause(fam.pushing, &[!bf, !next, ad]);
                    }
                }
                self.f.add_clause(fam.pushing, &came);
            }
        }
    }
}
