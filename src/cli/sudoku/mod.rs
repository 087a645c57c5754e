//! `gridsat sudoku …`: solve, encode, decode and check.

mod args;
mod bench;
mod check;
mod encode;
mod output;
mod solve;

use super::{Exit, Fail};
use clap::Subcommand;

/// Sudoku subcommands.
#[derive(Subcommand, Debug)]
pub enum SudokuCmd {
    /// Solve puzzles and say whether each solution is unique.
    Solve(solve::SolveArgs),
    /// Write a puzzle's formula as DIMACS, with comments naming variables and families.
    Encode(encode::EncodeArgs),
    /// Turn an external solver's model back into a grid (and verify it).
    Decode(encode::DecodeArgs),
    /// Verify that a filled grid solves a puzzle.
    Check(check::CheckArgs),
    /// Measure puzzles per second per encoding, side by side in one run.
    Bench(bench::BenchArgs),
}

/// Runs a Sudoku subcommand.
pub fn run(cmd: SudokuCmd) -> Result<Exit, Fail> {
    match cmd {
        SudokuCmd::Solve(a) => solve::run(a),
        SudokuCmd::Encode(a) => encode::run_encode(a),
        SudokuCmd::Decode(a) => encode::run_decode(a),
        SudokuCmd::Check(a) => check::run(a),
        SudokuCmd::Bench(a) => bench::run(a),
    }
}
