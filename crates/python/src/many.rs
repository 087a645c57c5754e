//! `solve_many`: puzzles solved on worker threads (one warm [`Toolkit`] each) with the
//! GIL released, handed back in input order.
//!
//! Workers put each result in a shared table and wake the consumer only when it is the
//! result the consumer waits for, so a batch of quick puzzles costs no wake-up per
//! puzzle.

use crate::errors;
use crate::run::{TICK, budget, panic_message};
use crate::sudoku::{Solved, request, solved};
use gridsat_sat::Interrupt;
use gridsat_sudoku::api::{Request, RequestError};
use gridsat_sudoku::{Label, Layout, SolveOptions, Toolkit};
use pyo3::prelude::*;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// What a worker found for one puzzle.
enum Outcome {
    Solved(Solved),
    Failed(RequestError),
    Panicked(String),
}

/// The table the workers fill and the consumer empties.
#[derive(Default)]
struct Done {
    results: HashMap<usize, Outcome>,
    /// The index whose arrival wakes the consumer.
    wanted: usize,
    /// Workers still running.
    running: usize,
}

#[derive(Default)]
struct Shared {
    done: Mutex<Done>,
    ready: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Done> {
        self.done.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The iterator of `solve_many` (native part).
#[pyclass(module = "gridsat._native")]
pub struct SolveMany {
    shared: Arc<Shared>,
    next: AtomicUsize,
    total: usize,
    interrupt: Interrupt,
}

/// The inputs every worker shares.
struct Batch {
    base: Request,
    puzzles: Vec<String>,
    next: AtomicUsize,
    start: usize,
}

/// Whether the batch's interrupt flag is raised.
fn interrupted(tk: &Toolkit) -> bool {
    tk.budget().interrupt().is_some_and(|i| i.is_set())
}

/// One worker: takes the next puzzle until none is left or the batch is interrupted.
/// (A time limit does not stop it: the puzzles after it still get `unknown` reports.)
fn work(batch: &Batch, opts: SolveOptions, shared: &Shared) {
    let mut tk = Toolkit::new(opts);
    let mut req = batch.base.clone();
    while !interrupted(&tk) {
        let i = batch.next.fetch_add(1, Ordering::Relaxed);
        if i >= batch.puzzles.len() {
            break;
        }
        req.puzzle.clone_from(&batch.puzzles[i]);
        let out = catch_unwind(AssertUnwindSafe(|| {
            let p = req.parsed()?;
            tk.solve(&Label::new(batch.start + i + 1), &p, Layout::default())
                .map_err(RequestError::Toolkit)
        }));
        let out = match out {
            Ok(Ok((a, r))) => Outcome::Solved(solved(a, r)),
            Ok(Err(e)) => Outcome::Failed(e),
            Err(p) => Outcome::Panicked(panic_message(&*p)),
        };
        let panicked = matches!(out, Outcome::Panicked(_));
        let mut done = shared.lock();
        done.results.insert(i, out);
        if done.wanted == i {
            shared.ready.notify_one();
        }
        drop(done);
        if panicked {
            break;
        }
    }
    shared.lock().running -= 1;
    shared.ready.notify_one();
}

/// Starts solving `puzzles` (each one puzzle's text) on `threads` workers; the JSON
/// objects number them from `start + 1`.
#[pyfunction]
#[pyo3(signature = (puzzles, request_json, threads, start = 0))]
pub fn sudoku_solve_many(
    py: Python<'_>,
    puzzles: Vec<String>,
    request_json: &str,
    threads: usize,
    start: usize,
) -> PyResult<SolveMany> {
    let base = request(request_json)?;
    let fail = |e: RequestError| errors::sudoku(py, &e);
    let interrupt = Interrupt::new();
    let budget = budget(&interrupt, base.time_limit().map_err(fail)?);
    let opts = base.solve_options(&budget, true).map_err(fail)?;
    let total = puzzles.len();
    let workers = threads.clamp(1, total.max(1));
    let shared = Arc::new(Shared::default());
    shared.lock().running = workers;
    let batch = Arc::new(Batch {
        base,
        puzzles,
        next: AtomicUsize::new(0),
        start,
    });
    for _ in 0..workers {
        let (batch, opts, shared) = (batch.clone(), opts.clone(), shared.clone());
        std::thread::spawn(move || work(&batch, opts, &shared));
    }
    Ok(SolveMany {
        shared,
        next: AtomicUsize::new(0),
        total,
        interrupt,
    })
}

/// How far ahead of the result it waits for the consumer asks to be woken.
const AHEAD: usize = 64;

/// What one wait for a result came to.
enum Waited {
    Got(Outcome),
    Tick,
    Gone,
}

impl SolveMany {
    /// Waits up to a tick for result `i` (with the GIL released by the caller). The
    /// consumer keeps up with quick puzzles, so it asks to be woken only when the
    /// result [`AHEAD`] places on is in (or at the tick): one wake-up per batch.
    fn wait_tick(shared: &Shared, i: usize, total: usize) -> Waited {
        let mut done = shared.lock();
        if let Some(o) = done.results.remove(&i) {
            return Waited::Got(o);
        }
        if done.running == 0 {
            return Waited::Gone;
        }
        let ahead = (i + AHEAD).min(total - 1);
        done.wanted = if done.results.contains_key(&ahead) {
            i
        } else {
            ahead
        };
        let (mut done, _) = shared
            .ready
            .wait_timeout(done, TICK)
            .unwrap_or_else(|e| e.into_inner());
        match done.results.remove(&i) {
            Some(o) => Waited::Got(o),
            None => Waited::Tick,
        }
    }

    /// Waits for result `i`, running the signal handlers every tick.
    fn wait(&self, py: Python<'_>, i: usize) -> PyResult<Outcome> {
        // Already there: no need to give up the GIL.
        if let Some(o) = self.shared.lock().results.remove(&i) {
            return Ok(o);
        }
        loop {
            let shared = &*self.shared;
            let total = self.total;
            match py.detach(|| Self::wait_tick(shared, i, total)) {
                Waited::Got(o) => return Ok(o),
                Waited::Gone => {
                    return Err(errors::internal(py, "the solver threads stopped early"));
                }
                Waited::Tick => {
                    if let Err(e) = py.check_signals() {
                        self.interrupt.interrupt();
                        return Err(e);
                    }
                }
            }
        }
    }
}

#[pymethods]
impl SolveMany {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next result in input order: `(status, json, solutions)`.
    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Solved>> {
        let i = self.next.fetch_add(1, Ordering::SeqCst);
        if i >= self.total {
            self.next.store(self.total, Ordering::SeqCst);
            return Ok(None);
        }
        match self.wait(py, i)? {
            Outcome::Solved(s) => Ok(Some(s)),
            Outcome::Failed(e) => {
                // The other puzzles go on: the caller may catch this and carry on.
                let err = errors::sudoku(py, &e);
                let _ = err.value(py).setattr("puzzle", i + 1);
                Err(err)
            }
            Outcome::Panicked(m) => {
                self.interrupt.interrupt();
                Err(errors::internal(py, &format!("puzzle {}: {m}", i + 1)))
            }
        }
    }

    /// How many puzzles the batch holds.
    fn __len__(&self) -> usize {
        self.total
    }

    /// Stops the workers (the remaining puzzles are not solved).
    fn close(&self) {
        self.interrupt.interrupt();
    }
}

impl Drop for SolveMany {
    fn drop(&mut self) {
        self.interrupt.interrupt();
    }
}
