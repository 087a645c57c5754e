//! The progress display of `gridsat sudoku generate` on stderr, when it is a terminal.

use gridsat_sudoku::generate::{Progress, ProgressFn};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The progress display on stderr, when it is a terminal: a line per worker saying what
/// it does with its puzzle, and the count made.
pub struct Display {
    multi: Option<indicatif::MultiProgress>,
    workers: Vec<indicatif::ProgressBar>,
    total: Option<indicatif::ProgressBar>,
}

impl Display {
    pub fn new(threads: usize, count: u64) -> Display {
        if !std::io::stderr().is_terminal() {
            return Display {
                multi: None,
                workers: Vec::new(),
                total: None,
            };
        }
        let multi = indicatif::MultiProgress::new();
        let total = multi.add(indicatif::ProgressBar::new(count));
        total.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles  {elapsed}")
                .expect("valid template"),
        );
        let workers = (0..threads)
            .map(|_| {
                let b = multi.add(indicatif::ProgressBar::new_spinner());
                b.enable_steady_tick(std::time::Duration::from_millis(200));
                b
            })
            .collect();
        Display {
            multi: Some(multi),
            workers,
            total: Some(total),
        }
    }

    /// The progress hook of worker `w`, whose current puzzle (1-based) is `current`.
    pub fn hook(&self, w: usize, current: &Arc<AtomicU64>) -> Option<ProgressFn> {
        let bar = self.workers.get(w)?.clone();
        let current = Arc::clone(current);
        Some(ProgressFn(Arc::new(move |p: Progress| {
            let k = current.load(Ordering::Relaxed);
            bar.set_message(format!("puzzle {k}: {p}"));
        })))
    }

    /// Runs `f` (which prints) with the display out of the way.
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.multi {
            Some(m) => m.suspend(f),
            None => f(),
        }
    }

    pub fn made(&self) {
        if let Some(t) = &self.total {
            t.inc(1);
        }
    }

    pub fn finish(&self) {
        for b in self.workers.iter().chain(&self.total) {
            b.finish_and_clear();
        }
    }
}
