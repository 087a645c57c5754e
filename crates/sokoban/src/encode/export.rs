//! One horizon's formula for other solvers (`gridsat sokoban encode`).

use super::Encoding;
use super::horizon::HorizonEncoding;
use super::moves::{MoveEncoding, MoveOptions};
use super::pushes::{PushEncoding, PushOptions};
use crate::analysis::{Unsolvable, analyse};
use crate::halt::{FORMULA_COST, Guard, Halt};
use crate::model::Level;
use gridsat_sat::{Budget, Formula};

/// A formula for one horizon, with the goal asserted, and what its satisfiability means.
#[derive(Debug)]
#[non_exhaustive]
pub struct Export {
    /// The formula (variables and families named).
    pub formula: Formula,
    /// What the formula states, for a comment line: "push encoding: a plan of at most
    /// 12 pushes exists iff this formula is satisfiable".
    pub claim: String,
}

/// Why there is no formula to export.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExportError {
    /// The level has no solution at all (found before building anything).
    #[error("unsolvable: {0}")]
    Unsolvable(Unsolvable),
    /// The budget ran out, or the formula would not fit its memory ceiling.
    #[error("{0}")]
    Halted(Halt),
}

impl From<Halt> for ExportError {
    fn from(h: Halt) -> ExportError {
        ExportError::Halted(h)
    }
}

/// The formula of `encoding` (default options) at `horizon` with "goal at T" asserted,
/// or why the level has no solution at all, built within `budget` (a formula that would
/// exceed its memory ceiling is refused while it grows, never finished).
pub fn export(
    level: &Level,
    encoding: Encoding,
    horizon: usize,
    budget: &Budget,
) -> Result<Export, ExportError> {
    let analysis = analyse(level, budget)?.map_err(ExportError::Unsolvable)?;
    let board = &analysis.board;
    let guard = Guard::new(budget, FORMULA_COST);
    let mut enc: Box<dyn HorizonEncoding> = match encoding {
        Encoding::Moves => Box::new(MoveEncoding::new(board, MoveOptions::default(), guard)),
        Encoding::Pushes => Box::new(PushEncoding::new(board, PushOptions::default(), guard)),
    };
    while enc.horizon() < horizon && enc.halted().is_none() {
        enc.extend();
    }
    let goal = enc.goal(horizon);
    if let Some(h) = enc.halted() {
        return Err(h.clone().into());
    }
    enc.assert_goal(goal);
    let claim = format!(
        "{} encoding: a plan of at most {horizon} {} exists iff this formula is satisfiable",
        encoding.unit(),
        encoding.units()
    );
    Ok(Export {
        formula: enc.into_formula(),
        claim,
    })
}
