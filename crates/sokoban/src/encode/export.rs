//! One horizon's formula for other solvers (`gridsat sokoban encode`).

use super::Encoding;
use super::horizon::HorizonEncoding;
use super::moves::{MoveEncoding, MoveOptions};
use super::pushes::{PushEncoding, PushOptions};
use crate::analysis::{Unsolvable, analyse};
use crate::model::Level;
use gridsat_sat::Formula;

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

/// The formula of `encoding` (default options) at `horizon` with "goal at T" asserted,
/// or why the level has no solution at all.
pub fn export(level: &Level, encoding: Encoding, horizon: usize) -> Result<Export, Unsolvable> {
    let board = analyse(level)?;
    let mut enc: Box<dyn HorizonEncoding> = match encoding {
        Encoding::Moves => Box::new(MoveEncoding::new(&board, MoveOptions::default())),
        Encoding::Pushes => Box::new(PushEncoding::new(&board, PushOptions::default())),
    };
    while enc.horizon() < horizon {
        enc.extend();
    }
    let goal = enc.goal(horizon);
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
