//! Puzzles made on worker threads by the batch runner and written in order.

use super::display::Display;
use super::output::Writer;
use super::totals::Totals;
use crate::cli::Fail;
use gridsat_sat::batch::{Batch, Flow};
use gridsat_sudoku::generate::{GenerateError, GenerateOptions, Generated, Generator};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Generates puzzles 0..count on `threads` workers (one generator each) and writes
/// them in order as they are made; stops starting puzzles once the budget is spent.
pub fn produce(
    opts: &GenerateOptions,
    seed: u64,
    count: u64,
    threads: usize,
    writer: &mut Writer,
) -> Result<Totals, Fail> {
    let display = Display::new(threads, count);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut totals = Totals::new();
    // Each worker's generator and the puzzle (1-based) it works on, for its progress
    // line. The options were checked before: `Generator::new` cannot fail here.
    let worker = |w| {
        let current = Arc::new(AtomicU64::new(0));
        let mut opts = opts.clone();
        opts.progress = display.hook(w, &current);
        (Generator::new(opts).ok(), current)
    };
    let work = |(g, current): &mut (Option<Generator>, Arc<AtomicU64>), _, k: u64| {
        current.store(k + 1, Ordering::Relaxed);
        g.as_mut().map(|g| g.generate(seed, k))
    };
    let mut sink = |i: usize, r: Option<Result<Generated, GenerateError>>| {
        let Some(r) = r else {
            return Ok(Flow::Stop);
        };
        display.suspend(|| totals.record(r, i as u64 + 1, &mut out, writer))?;
        display.made();
        Ok::<_, Fail>(Flow::Continue)
    };
    let ran = Batch::new(threads)
        .window(WINDOW)
        .within(&opts.budget)
        .run(0..count, worker, work, &mut sink)?;
    for (g, _) in &ran.workers {
        if let Some(g) = g {
            totals.tried.add(&g.tried());
        }
    }
    out.flush()?;
    display.finish();
    Ok(totals)
}

/// The most puzzles made and not yet written.
const WINDOW: usize = 256;
