//! `gridsat sudoku candidates`: the pencil marks, as propagation leaves them.

use super::args::{Selection, print_report, readable, toolkit, toolkit_failure};
use crate::cli::{Exit, Fail, budget, parse_seconds};
use clap::Args;
use gridsat_sudoku::{Label, Reasoning};
use std::io::Write;
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
            .candidates(&label, &p, args.reasoning)
            .map_err(|e| toolkit_failure(&label.text, &e))?;
        print_report(&mut out, &report, args.json, &mut exit)?;
    }
    out.flush()?;
    Ok(exit)
}
