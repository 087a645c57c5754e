//! `gridsat sudoku candidates`: the pencil marks, as propagation leaves them.

use super::args::Selection;
use super::each::report_each;
use crate::cli::{Exit, Fail, parse_seconds};
use clap::Args;
use gridsat_sudoku::reason::Reasoning;
use std::time::Duration;

/// Arguments of `gridsat sudoku candidates`.
#[derive(Args, Debug)]
pub struct CandidatesArgs {
    #[command(flatten)]
    pub input: Selection,
    /// How much reasoning removes candidates.
    #[arg(long, value_enum, default_value_t = Reasoning::Singles)]
    pub reasoning: Reasoning,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    pub json: bool,
    /// Stop after this many seconds in all; what is known by then is reported (exit 4).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

/// Runs `gridsat sudoku candidates`.
pub fn run(args: CandidatesArgs) -> Result<Exit, Fail> {
    report_each(
        &args.input,
        args.time_limit,
        args.json,
        false, // one line a puzzle: buffered
        |tools, label, p| tools.candidates(label, p, args.reasoning),
    )
}
