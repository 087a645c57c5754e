//! `gridsat sudoku explain`: the whole solution as a sequence of reasoning steps, or the
//! conflicting givens of an unsolvable puzzle.

use super::args::{Selection, print_report, readable, toolkit, toolkit_failure};
use crate::cli::{Exit, Fail, budget, parse_seconds};
use clap::Args;
use gridsat_sudoku::{Label, Layout};
use std::io::Write;
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

/// Runs `gridsat sudoku explain`. Each puzzle's report is written whole and flushed,
/// so an interrupted run never cuts a line.
pub fn run(args: ExplainArgs) -> Result<Exit, Fail> {
    let items = args.input.read()?;
    let mut tools = toolkit(&budget().with_time_limit(args.time_limit));
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut exit = Exit::Ok;
    for (k, item) in items {
        let Some(p) = readable(item, &mut exit) else {
            continue;
        };
        let label = Label::new(k);
        let report = tools
            .explain(&label, &p, args.format)
            .map_err(|e| toolkit_failure(&label.text, &e))?;
        print_report(&mut out, &report, args.json, &mut exit)?;
        out.flush()?;
    }
    Ok(exit)
}
