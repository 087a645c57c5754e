//! The loop `hint`, `candidates` and `explain` share: every selected puzzle asked one
//! question of a warm [`Toolkit`], its report printed whole as it comes.

use super::args::{Selection, print_report, readable, toolkit, toolkit_failure};
use crate::cli::{Exit, Fail, budget};
use gridsat_sudoku::{
    ParsedPuzzle,
    report::{Label, Report, Toolkit, ToolkitError},
};
use std::io::Write;
use std::time::Duration;

/// Asks `ask` about every puzzle `input` selects, under one budget of `time_limit`,
/// and prints each report (JSON with `json`); with `flush_each` each is flushed at
/// once (long reports: an interrupted run never cuts one), else the output is
/// buffered (short reports of many puzzles: no write per puzzle). An unreadable puzzle is reported on stderr (exit 2) and the
/// others go on; a question that cannot be answered at all ends the run.
pub fn report_each(
    input: &Selection,
    time_limit: Option<Duration>,
    json: bool,
    flush_each: bool,
    mut ask: impl FnMut(&mut Toolkit, &Label, &ParsedPuzzle) -> Result<Report, ToolkitError>,
) -> Result<Exit, Fail> {
    let items = input.read()?;
    let mut tools = toolkit(&budget().with_time_limit(time_limit));
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut exit = Exit::Ok;
    for (k, item) in items {
        let Some(p) = readable(item, &mut exit) else {
            continue;
        };
        let label = Label::new(k);
        let report = ask(&mut tools, &label, &p).map_err(|e| toolkit_failure(&label.text, &e))?;
        print_report(&mut out, &report, json, &mut exit)?;
        if flush_each {
            out.flush()?;
        }
    }
    out.flush()?;
    Ok(exit)
}
