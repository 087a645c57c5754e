//! `gridsat sudoku …` (placeholder).

use super::{Exit, Fail};
use clap::Subcommand;

/// Sudoku subcommands.
#[derive(Subcommand, Debug)]
pub enum SudokuCmd {
    /// Not yet available.
    Solve,
}

/// Runs a Sudoku subcommand.
pub fn run(_cmd: SudokuCmd) -> Result<Exit, Fail> {
    Err(Fail::usage("sudoku is not implemented yet"))
}
