//! `solve_many`: puzzles solved on worker threads (one warm [`Toolkit`] each) with the
//! GIL released, handed back in input order.

use crate::errors;
use crate::run::{TICK, budget, panic_message};
use crate::sudoku::{Solved, request, solved};
use gridsat_sat::Interrupt;
use gridsat_sudoku::api::{Request, RequestError};
use gridsat_sudoku::{Label, Layout, Toolkit};
use pyo3::prelude::*;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};

/// What a worker sends for one puzzle.
enum Outcome {
    Solved(Solved),
    Failed(RequestError),
    Panicked(String),
}

struct State {
    rx: Receiver<(usize, Outcome)>,
    waiting: HashMap<usize, Outcome>,
    next: usize,
}

/// The iterator of `solve_many` (native part).
#[pyclass(module = "gridsat._native")]
pub struct SolveMany {
    state: Mutex<State>,
    total: usize,
    interrupt: Interrupt,
}

/// Whether the batch's interrupt flag is raised.
fn interrupted(tk: &Toolkit) -> bool {
    tk.budget().interrupt().is_some_and(|i| i.is_set())
}

/// One worker: takes the next puzzle until none is left or the batch is interrupted.
fn work(
    base: Request,
    puzzles: Arc<Vec<String>>,
    next: Arc<AtomicUsize>,
    opts: gridsat_sudoku::SolveOptions,
    tx: Sender<(usize, Outcome)>,
    start: usize,
) {
    let mut tk = Toolkit::new(opts);
    let mut req = base;
    loop {
        // Ctrl-C or a dropped iterator raises the interrupt: stop. (A time limit does
        // not: the puzzles after it still get their `unknown` reports.)
        if interrupted(&tk) {
            return;
        }
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= puzzles.len() {
            return;
        }
        req.puzzle.clone_from(&puzzles[i]);
        let out = catch_unwind(AssertUnwindSafe(|| {
            let p = req.parsed()?;
            tk.solve(&Label::new(start + i + 1), &p, Layout::default())
                .map_err(RequestError::Toolkit)
        }));
        let out = match out {
            Ok(Ok((a, r))) => Outcome::Solved(solved(a, r)),
            Ok(Err(e)) => Outcome::Failed(e),
            Err(p) => Outcome::Panicked(panic_message(&*p)),
        };
        let panicked = matches!(out, Outcome::Panicked(_));
        if tx.send((i, out)).is_err() || panicked {
            return;
        }
    }
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
    let puzzles = Arc::new(puzzles);
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = channel();
    for _ in 0..threads.clamp(1, total.max(1)) {
        let (base, puzzles, next, opts, tx) = (
            base.clone(),
            puzzles.clone(),
            next.clone(),
            opts.clone(),
            tx.clone(),
        );
        std::thread::spawn(move || work(base, puzzles, next, opts, tx, start));
    }
    Ok(SolveMany {
        state: Mutex::new(State {
            rx,
            waiting: HashMap::new(),
            next: 0,
        }),
        total,
        interrupt,
    })
}

impl SolveMany {
    /// Waits for puzzle `i`, running the signal handlers every tick.
    fn wait(&self, py: Python<'_>, st: &mut State, i: usize) -> PyResult<Outcome> {
        loop {
            // What has arrived already, without giving up the GIL.
            while let Ok((k, o)) = st.rx.try_recv() {
                st.waiting.insert(k, o);
            }
            if let Some(o) = st.waiting.remove(&i) {
                return Ok(o);
            }
            let rx = &mut st.rx;
            match py.detach(move || rx.recv_timeout(TICK)) {
                Ok((k, o)) => {
                    st.waiting.insert(k, o);
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        self.interrupt.interrupt();
                        return Err(e);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(errors::internal(py, "the solver threads stopped early"));
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

    /// The next result in input order: `(json, solutions)`.
    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Solved>> {
        let mut st = self
            .state
            .lock()
            .map_err(|_| errors::internal(py, "poisoned"))?;
        if st.next >= self.total {
            return Ok(None);
        }
        let i = st.next;
        let o = self.wait(py, &mut st, i)?;
        st.next += 1;
        match o {
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
