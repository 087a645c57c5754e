//! `solve_many`: puzzles solved by [`gridsat_sat::batch`] on worker threads (one warm
//! [`Toolkit`] each) with the GIL released, handed back in input order. The input is
//! fed a few puzzles ahead of the consumer (by `gridsat.sudoku.Results`), so an
//! endless generator works.
//!
//! A runner thread drives the batch: its input is the puzzles fed, its sink sends the
//! results in order to the consumer, a run of them at a time while the next one is
//! ready, so a batch of quick puzzles costs no wake-up per puzzle.

use crate::certify::CertFail;
use crate::errors;
use crate::run::{CancelToken, TICK, Watch, budget, panic_message, settle};
use crate::sudoku::{PySolved, Solved, request, solved};
use gridsat_sat::Interrupt;
use gridsat_sat::batch::{Batch, Flow, Sink};
use gridsat_sat::solver::CertificateFolder;
use gridsat_sudoku::api::{Request, RequestError};
use gridsat_sudoku::{
    SolveOptions,
    io::Layout,
    report::{Label, Toolkit, manifest_header},
};
use pyo3::prelude::*;
use std::collections::VecDeque;
use std::convert::Infallible;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// What a worker found for one puzzle.
enum Outcome {
    /// The answer, and its certificate's manifest block (`certify`).
    Solved(Solved, Option<String>),
    /// The answer's certificate was not written.
    Uncertified(CertFail),
    Failed(RequestError),
    Panicked(String),
}

/// One puzzle to solve: its input position and its text.
struct Job {
    position: usize,
    text: String,
}

/// The inputs every worker shares.
struct Setup {
    base: Request,
    opts: SolveOptions,
    start: usize,
    threads: usize,
    /// Write certificates (`certify`): the folder's manifest is the sink's.
    certify: Option<PathBuf>,
}

/// The results, each with its puzzle's input position, in feed order.
type Results = Vec<(usize, Outcome)>;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The puzzles fed, as the batch's input: waits for the next; ends once the input is
/// finished or the batch interrupted.
struct Fed {
    rx: Receiver<Job>,
    interrupt: Interrupt,
}

impl Iterator for Fed {
    type Item = Job;
    fn next(&mut self) -> Option<Job> {
        while !self.interrupt.is_set() {
            match self.rx.recv_timeout(TICK) {
                Ok(job) => return Some(job),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
        None
    }
}

/// The batch's sink: results go to the consumer in runs, sent when the next one is
/// not ready. A panic stops the batch (that worker's toolkit may be broken).
struct ToConsumer {
    tx: Sender<Results>,
    run: Results,
    /// The certificate folder (`certify`): blocks are added in input order.
    folder: Option<CertificateFolder>,
}

impl ToConsumer {
    fn send(&mut self) -> Flow {
        if self.run.is_empty() {
            return Flow::Continue;
        }
        match self.tx.send(std::mem::take(&mut self.run)) {
            Ok(()) => Flow::Continue,
            // The consumer is gone: nobody wants the rest.
            Err(_) => Flow::Stop,
        }
    }
}

impl Sink<(usize, Outcome)> for ToConsumer {
    type Error = Infallible;
    fn put(&mut self, _: usize, mut out: (usize, Outcome)) -> Result<Flow, Infallible> {
        if let (Some(f), Outcome::Solved(_, Some(block))) = (&mut self.folder, &out.1) {
            if let Err(e) = crate::certify::add(f, block) {
                out.1 = Outcome::Uncertified(e);
            }
        }
        let panicked = matches!(out.1, Outcome::Panicked(_));
        self.run.push(out);
        if panicked || self.run.len() >= AHEAD {
            let flow = self.send();
            return Ok(if panicked { Flow::Stop } else { flow });
        }
        Ok(Flow::Continue)
    }
    fn waiting(&mut self) -> Result<(), Infallible> {
        self.send();
        Ok(())
    }
}

/// The longest run of results sent at once.
const AHEAD: usize = 64;

/// Solves one job with the worker's toolkit.
fn solve_one(setup: &Setup, tk: &mut Toolkit, req: &mut Request, job: &Job) -> Outcome {
    req.puzzle.clone_from(&job.text);
    let label = setup.start + job.position + 1;
    let out = catch_unwind(AssertUnwindSafe(|| {
        let p = req.parsed()?;
        let (a, r) = tk
            .solve(&Label::new(label), &p, Layout::default())
            .map_err(RequestError::Toolkit)?;
        let block = match (&a, &setup.certify) {
            (Some(a), Some(dir)) => {
                crate::certify::sudoku_entry(dir, label, &p, a, &setup.opts.budget)
            }
            _ => Ok(None),
        };
        Ok((a, r, block))
    }));
    match out {
        Ok(Ok((a, r, Ok(block)))) => Outcome::Solved(solved(a, r), block),
        Ok(Ok((_, _, Err(e)))) => Outcome::Uncertified(e),
        Ok(Err(e)) => Outcome::Failed(e),
        Err(p) => Outcome::Panicked(panic_message(&*p)),
    }
}

/// The runner thread: the batch over the puzzles fed, until the input ends or the
/// batch is interrupted. (A time limit does not stop it: the puzzles after it still
/// get `unknown` reports.)
fn run(setup: &Setup, fed: Fed, tx: Sender<Results>, folder: Option<CertificateFolder>) {
    let interrupt = fed.interrupt.clone();
    let mut sink = ToConsumer {
        tx,
        run: Vec::new(),
        folder,
    };
    let worker = |_| (Toolkit::new(setup.opts.clone()), setup.base.clone());
    let work = |(tk, req): &mut (Toolkit, Request), _, job: Job| {
        (job.position, solve_one(setup, tk, req, &job))
    };
    let ran = Batch::new(setup.threads)
        .until_interrupted(&interrupt)
        .run(fed, worker, work, &mut sink);
    let Ok(_) = ran;
    sink.send();
}

/// The iterator of `solve_many` (native part): the Python side feeds it puzzles a few
/// ahead of the consumer (`feed`, then `finish` at the end of the input) and takes the
/// results in feed order.
#[pyclass(module = "gridsat._native")]
pub struct SolveMany {
    /// Where puzzles are fed; `None` once the input is finished.
    feed: Mutex<Option<Sender<Job>>>,
    results: Mutex<Receiver<Results>>,
    /// Results received and not yet handed back.
    ready: Mutex<VecDeque<(usize, Outcome)>>,
    start: usize,
    next: AtomicUsize,
    fed: AtomicUsize,
    interrupt: Interrupt,
    watch: Watch,
}

/// Starts a batch on `threads` workers; the JSON objects number the puzzles from
/// `start + 1`.
#[pyfunction]
#[pyo3(signature = (request_json, threads, start = 0, cancel = None, certify = None))]
pub fn sudoku_solve_many(
    py: Python<'_>,
    request_json: &str,
    threads: usize,
    start: usize,
    cancel: Option<&CancelToken>,
    certify: Option<PathBuf>,
) -> PyResult<SolveMany> {
    let watch = Watch::new(cancel);
    let base = request(request_json)?;
    let fail = |e: RequestError| errors::sudoku(py, &e);
    let interrupt = Interrupt::new();
    let budget = budget(&interrupt, base.time_limit().map_err(fail)?);
    let opts = base.solve_options(&budget, true).map_err(fail)?;
    let folder = match &certify {
        Some(dir) => Some(crate::certify::open(dir, &manifest_header())?),
        None => None,
    };
    let setup = Setup {
        base,
        opts,
        start,
        threads: threads.max(1),
        certify,
    };
    let (feed_tx, feed_rx) = mpsc::channel();
    let (tx, rx) = mpsc::channel();
    let fed = Fed {
        rx: feed_rx,
        interrupt: interrupt.clone(),
    };
    std::thread::Builder::new()
        .name("gridsat-solve-many".into())
        .spawn(move || run(&setup, fed, tx, folder))
        .map_err(|e| errors::memory(format!("cannot start a solver thread: {e}")))?;
    Ok(SolveMany {
        feed: Mutex::new(Some(feed_tx)),
        results: Mutex::new(rx),
        ready: Mutex::new(VecDeque::new()),
        start,
        next: AtomicUsize::new(0),
        fed: AtomicUsize::new(0),
        interrupt,
        watch,
    })
}

/// What one wait for a result came to.
enum Waited {
    Got(Results),
    Tick,
    Gone,
}

impl SolveMany {
    /// Waits up to a tick for the next run of results (with the GIL released).
    fn wait_tick(results: &Mutex<Receiver<Results>>) -> Waited {
        match lock(results).recv_timeout(TICK) {
            Ok(run) => Waited::Got(run),
            Err(RecvTimeoutError::Timeout) => Waited::Tick,
            Err(RecvTimeoutError::Disconnected) => Waited::Gone,
        }
    }

    /// Waits for the next result, checking signals, the token and the process-wide
    /// interrupt every tick.
    fn wait(&self, py: Python<'_>) -> PyResult<(usize, Outcome)> {
        loop {
            // Already there: no need to give up the GIL.
            if let Some(o) = lock(&self.ready).pop_front() {
                return Ok(o);
            }
            let results = &self.results;
            match py.detach(|| settle(Self::wait_tick(results))) {
                Waited::Got(run) => lock(&self.ready).extend(run),
                Waited::Gone => {
                    return Err(errors::internal(py, "the solver threads stopped early"));
                }
                Waited::Tick => {
                    if let Err(e) = self.watch.check(py) {
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

    /// Queues the puzzle at input `position` (0-based); a worker takes it.
    fn feed(&self, text: String, position: usize) -> PyResult<()> {
        if self.start.checked_add(position + 1).is_none() {
            return Err(pyo3::exceptions::PyOverflowError::new_err(
                "start + the puzzle's position does not fit 64 bits",
            ));
        }
        let sent = match &*lock(&self.feed) {
            Some(tx) => tx.send(Job { position, text }).is_ok(),
            None => false,
        };
        if !sent {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "solve_many: a puzzle fed after the input was finished or the batch closed",
            ));
        }
        self.fed.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    /// No more puzzles will be fed: the workers end once every puzzle fed is solved.
    fn finish(&self) {
        lock(&self.feed).take();
    }

    /// The next result in feed order: `(status, json, solution values)`; `None` when
    /// every puzzle fed was handed back.
    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<PySolved<'py>>> {
        let i = self.next.fetch_add(1, Ordering::SeqCst);
        let fed = self.fed.load(Ordering::SeqCst);
        if i >= fed {
            self.next.store(fed, Ordering::SeqCst);
            return Ok(None);
        }
        match self.wait(py)? {
            (_, Outcome::Solved(s, _)) => s.into_py(py).map(Some),
            (pos, Outcome::Uncertified(e)) => {
                let err = e.into_py(py);
                let _ = err.value(py).setattr("puzzle", pos + 1);
                Err(err)
            }
            (pos, Outcome::Failed(e)) => {
                // The other puzzles go on: the caller may catch this and carry on.
                let err = errors::sudoku(py, &e);
                let _ = err.value(py).setattr("puzzle", pos + 1);
                Err(err)
            }
            (pos, Outcome::Panicked(m)) => {
                self.interrupt.interrupt();
                Err(errors::internal(py, &format!("puzzle {}: {m}", pos + 1)))
            }
        }
    }

    /// How many puzzles were fed so far.
    fn __len__(&self) -> usize {
        self.fed.load(Ordering::SeqCst)
    }

    /// Stops the workers (the remaining puzzles are not solved).
    fn close(&self) {
        self.interrupt.interrupt();
        lock(&self.feed).take();
    }
}

impl Drop for SolveMany {
    fn drop(&mut self) {
        self.close();
    }
}
