//! Keeps the reasoning model of the last shape and rules, since building it costs more
//! than using it.

use super::args::encode_message;
use crate::cli::Fail;
use gridsat_sat::{Budget, StopReason};
use gridsat_sudoku::{EncodeError, Logic, ParsedPuzzle};

/// The reasoning model of the last puzzle's shape and rules.
#[derive(Default)]
pub struct LogicCache {
    last: Option<Logic>,
}

impl LogicCache {
    /// The model for `p`'s shape and rules, rebuilt only when they change; what
    /// stopped it when `budget` ran out before or while it was built.
    pub fn get(
        &mut self,
        p: &ParsedPuzzle,
        budget: &Budget,
    ) -> Result<Result<&mut Logic, StopReason>, Fail> {
        let stale = self
            .last
            .as_ref()
            .is_none_or(|l| l.shape() != p.grid.shape() || l.rules() != &p.rules);
        if stale {
            self.last = None;
            if let Some(r) = budget.stop_reason() {
                return Ok(Err(r));
            }
            match Logic::new(p.grid.shape(), &p.rules, budget) {
                Ok(logic) => self.last = Some(logic),
                Err(EncodeError::Stopped(r)) => return Ok(Err(r)),
                Err(e) => return Err(Fail::usage(encode_message(&e))),
            }
        }
        Ok(Ok(self.last.as_mut().expect("just built")))
    }
}
