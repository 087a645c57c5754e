//! Reading a plan from a model of the move encoding.

use super::{MoveEncoding, WAIT};
use crate::encode::horizon::Values;
use crate::model::{Dir, Move, Plan};

impl MoveEncoding {
    /// The moves of the model up to the first wait (a push where the cell entered
    /// holds a box), to be verified by replay.
    pub(super) fn read_plan(&self, s: &dyn Values, horizon: usize) -> Plan {
        let mut plan = Plan::new();
        let mut pos = self.board.player;
        for t in 0..horizon {
            let Some(a) = (0..5).find(|&a| s.value(self.a(a, t)) == Some(true)) else {
                break;
            };
            if a == WAIT {
                break;
            }
            let d = Dir::ALL[a as usize];
            let Some(next) = self.board.nb[pos as usize][d.index()] else {
                break;
            };
            let push = (0..self.board.boxes.len()).any(|b| {
                self.bx(b, next, t)
                    .is_some_and(|l| s.value(l) == Some(true))
            });
            plan.push(Move { dir: d, push });
            pos = next;
        }
        plan
    }
}
