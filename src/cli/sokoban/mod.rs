//! `gridsat sokoban …`: solve, verify, encode, decode and show Sokoban levels.

mod encode;
mod levels;
mod show;
mod solve;
mod verify;

use super::{Exit, Fail};
use clap::{Args, Subcommand};
use gridsat_sokoban::Format;
use std::path::PathBuf;

/// Sokoban subcommands.
#[derive(Subcommand, Debug)]
pub enum SokobanCmd {
    /// Find an optimal plan (fewest pushes by default, or fewest moves).
    Solve(solve::SolveArgs),
    /// Replay a plan (LURD or course moves) and check that it solves the level.
    Verify(verify::VerifyArgs),
    /// Write the CNF of one horizon as DIMACS with comments naming the variables.
    Encode(encode::EncodeArgs),
    /// Turn a SAT solver's model of an encoded formula back into a verified plan.
    Decode(encode::DecodeArgs),
    /// Print a level, and with a plan every frame of it.
    Show(show::ShowArgs),
}

/// The level file and which levels of it.
#[derive(Args, Debug)]
pub struct LevelArgs {
    /// Level file (XSB collection or course format), or - for stdin.
    pub file: PathBuf,
    /// Level title, 1-based number, list of numbers and ranges (`1-10,36`), or `all`;
    /// titles first.
    #[arg(long, short)]
    pub level: Option<String>,
    /// Input format.
    #[arg(long, value_enum, default_value_t = Format::Auto)]
    pub format: Format,
}

/// Runs a Sokoban subcommand.
pub fn run(cmd: SokobanCmd) -> Result<Exit, Fail> {
    match cmd {
        SokobanCmd::Solve(a) => solve::solve(a),
        SokobanCmd::Verify(a) => verify::verify(a),
        SokobanCmd::Encode(a) => encode::encode(a),
        SokobanCmd::Decode(a) => encode::decode(a),
        SokobanCmd::Show(a) => show::show(a),
    }
}
