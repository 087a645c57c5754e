//! `gridsat sudoku explain`: the whole solution as a sequence of reasoning steps, or the
//! conflicting givens of an unsolvable puzzle.

use super::args::Selection;
use super::each::report_each;
use crate::cli::{Exit, Fail, parse_seconds};
use clap::Args;
use gridsat_sudoku::io::Layout;
use std::time::Duration;

/// Arguments of `gridsat sudoku explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: Selection,
    /// Layout of the final grid.
    #[arg(long, value_enum, default_value_t = Layout::Grid)]
    pub format: Layout,
    /// One JSON object per puzzle per line (the steps as text).
    #[arg(long)]
    pub json: bool,
    /// Stop after this many seconds in all; what is known by then is reported (exit 4).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

/// Runs `gridsat sudoku explain`.
pub fn run(args: ExplainArgs) -> Result<Exit, Fail> {
    report_each(
        &args.input,
        args.time_limit,
        args.json,
        true, // each explanation is long: written out whole as it comes
        |tools, label, p| tools.explain(label, p, args.format),
    )
}
