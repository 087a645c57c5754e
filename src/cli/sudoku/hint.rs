//! `gridsat sudoku hint`: the next step for a player, with its reason.

use super::args::Selection;
use super::each::report_each;
use crate::cli::{Exit, Fail, parse_seconds};
use clap::Args;
use std::time::Duration;

/// Arguments of `gridsat sudoku hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub input: Selection,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    pub json: bool,
    /// Stop after this many seconds in all; what is known by then is reported (exit 4).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

/// Runs `gridsat sudoku hint`.
pub fn run(args: HintArgs) -> Result<Exit, Fail> {
    report_each(
        &args.input,
        args.time_limit,
        args.json,
        false, // one line a puzzle: buffered
        |tools, label, p| tools.hint(label, p),
    )
}
