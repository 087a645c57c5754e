//! Keeps the reasoning model of the last shape and rules, since building it costs more
//! than using it.

use super::args::encode_message;
use crate::cli::Fail;
use gridsat_sudoku::{Logic, ParsedPuzzle};

/// The reasoning model of the last puzzle's shape and rules.
#[derive(Default)]
pub struct LogicCache {
    last: Option<Logic>,
}

impl LogicCache {
    /// The model for `p`'s shape and rules, rebuilt only when they change.
    pub fn get(&mut self, p: &ParsedPuzzle) -> Result<&mut Logic, Fail> {
        let stale = self
            .last
            .as_ref()
            .is_none_or(|l| l.shape() != p.grid.shape() || l.rules() != &p.rules);
        if stale {
            let logic = Logic::new(p.grid.shape(), &p.rules, &crate::cli::budget())
                .map_err(|e| Fail::usage(encode_message(&e)))?;
            self.last = Some(logic);
        }
        Ok(self.last.as_mut().expect("just built"))
    }
}
