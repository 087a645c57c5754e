//! `gridsat sudoku …`: solve, encode, decode and check.
// Readable units here too: no function over 80 lines (clippy.toml).
#![warn(clippy::too_many_lines)]

mod args;
mod bench;
mod candidates;
mod certstats;
mod check;
mod check_encoding;
mod each;
mod encode;
mod explain;
mod generate;
mod hint;
mod rate;
mod show;
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
    /// Generate puzzles with exactly one solution (seeded, symmetric, minimal or K clues).
    Generate(generate::GenerateArgs),
    /// The next step for a player: the cell propagation forces, and why.
    Hint(hint::HintArgs),
    /// The pencil marks: the candidates propagation leaves in every empty cell.
    Candidates(candidates::CandidatesArgs),
    /// The whole solution as reasoning steps, or the conflicting givens.
    Explain(explain::ExplainArgs),
    /// Rate each puzzle: easy (singles), medium (probing), hard or extreme (search effort).
    Rate(rate::RateArgs),
    /// Check a student's DIMACS encoding: a counterexample grid and the rule it breaks.
    CheckEncoding(check_encoding::CheckEncodingArgs),
    /// Show one puzzle as text or as an SVG picture, with its verified solution or pencil marks.
    Show(show::ShowArgs),
}

/// Runs a Sudoku subcommand.
pub fn run(cmd: SudokuCmd) -> Result<Exit, Fail> {
    match cmd {
        SudokuCmd::Solve(a) => solve::run(a),
        SudokuCmd::Encode(a) => encode::run_encode(a),
        SudokuCmd::Decode(a) => encode::run_decode(a),
        SudokuCmd::Check(a) => check::run(a),
        SudokuCmd::Bench(a) => bench::run(a),
        SudokuCmd::Rate(a) => rate::run(a),
        SudokuCmd::Generate(a) => generate::run(a),
        SudokuCmd::Hint(a) => hint::run(a),
        SudokuCmd::Candidates(a) => candidates::run(a),
        SudokuCmd::Explain(a) => explain::run(a),
        SudokuCmd::Show(a) => show::run(a),
        SudokuCmd::CheckEncoding(a) => check_encoding::run(a),
    }
}
