//! `gridsat sudoku hint`: the next step for a player, with its reason.

use super::args::{Selection, print_report, readable, toolkit, toolkit_failure};
use crate::cli::{Exit, Fail, budget, parse_seconds};
use clap::Args;
use gridsat_sudoku::Label;
use std::io::Write;
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
            .hint(&label, &p)
            .map_err(|e| toolkit_failure(&label.text, &e))?;
        print_report(&mut out, &report, args.json, &mut exit)?;
    }
    out.flush()?;
    Ok(exit)
}
