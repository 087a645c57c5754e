//! `gridsat sudoku check`: does a filled grid solve a puzzle?

use super::args::{GridArgs, read_one};
use super::encode::say;
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sudoku::check_solution;
use std::path::PathBuf;

/// Arguments of `gridsat sudoku check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The puzzle (its first puzzle is used).
    pub puzzle: PathBuf,
    /// The filled grid, in any layout gridsat reads.
    pub solution: PathBuf,
    #[command(flatten)]
    pub grid: GridArgs,
}

/// Runs `gridsat sudoku check`: exit 0 when valid, 1 with the first fault otherwise.
pub fn run(args: CheckArgs) -> Result<Exit, Fail> {
    let puzzle = read_one(&args.puzzle, &args.grid, 1)?;
    let solution = read_one(&args.solution, &args.grid, 1)?;
    match check_solution(&puzzle.grid, &solution.grid, &puzzle.rules) {
        Ok(()) => {
            say("valid: the grid solves the puzzle")?;
            Ok(Exit::Ok)
        }
        Err(why) => {
            say(&format!("invalid: {why}"))?;
            Ok(Exit::NoSolution)
        }
    }
}
