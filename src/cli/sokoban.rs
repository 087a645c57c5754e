//! `gridsat sokoban …` (placeholder until the Sokoban crate lands).

use super::{Exit, Fail};
use clap::Subcommand;

/// Sokoban subcommands.
#[derive(Subcommand, Debug)]
pub enum SokobanCmd {
    /// Not yet available.
    Solve,
}

/// Runs a Sokoban subcommand.
pub fn run(_cmd: SokobanCmd) -> Result<Exit, Fail> {
    Err(Fail::usage("sokoban is not implemented yet"))
}
