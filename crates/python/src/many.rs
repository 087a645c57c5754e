//! `solve_many`: puzzles solved by [`gridsat_sat::batch`] on worker threads (one warm
//! [`Toolkit`] each) with the GIL released, handed back in input order. The input is
//! fed a bounded number of puzzles ahead of the consumer (by `gridsat.sudoku.Results`,
//! a run at a time), so an endless generator works.
//!
//! A runner thread drives the batch: its input is the puzzles fed, its sink puts the
//! results in order into a [`Mailbox`] that the consumer empties a run at a time
//! ([`SolveMany::take`]), so a batch of quick puzzles costs no wake-up per puzzle on
//! either side.

use crate::certify::CertFail;
use crate::errors;
use crate::mailbox::{Gathered, Mailbox};
use crate::result::{Solved, SudokuResult, solved};
use crate::run::{CancelToken, TICK, Watch, budget, panic_message, settle};
use crate::sudoku::request;
use gridsat_sat::Interrupt;
use gridsat_sat::batch::{Batch, Flow, Sink};
use gridsat_sat::solver::CertificateFolder;
use gridsat_sudoku::api::{Request, RequestError};
use gridsat_sudoku::{
    SolveOptions,
    report::{Label, Toolkit, manifest_header},
};
use pyo3::prelude::*;
use std::collections::VecDeque;
use std::convert::Infallible;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// What a worker found for one puzzle.
enum Outcome {
    /// The answer, and its certificate's manifest block (`certify`).
    Solved(Solved, Option<String>),
    /// The answer's certificate was not written.
    Uncertified(CertFail),
    Failed(RequestError),
    Panicked(String),
    /// The answer could not be made Python objects (no memory for them).
    Unconverted(PyErr),
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

/// A result with its puzzle's input position.
type Placed = (usize, Outcome);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The puzzles fed, as the batch's input: waits for the next run; ends once the input
/// is finished or the batch interrupted.
struct Fed {
    rx: Receiver<Vec<Job>>,
    run: std::vec::IntoIter<Job>,
    /// Puzzles fed and not yet taken by the batch (shared with the feeder).
    queued: Arc<AtomicUsize>,
    interrupt: Interrupt,
}

impl Iterator for Fed {
    type Item = Job;
    fn next(&mut self) -> Option<Job> {
        while !self.interrupt.is_set() {
            if let Some(job) = self.run.next() {
                self.queued.fetch_sub(1, Ordering::SeqCst);
                return Some(job);
            }
            match self.rx.recv_timeout(TICK) {
                Ok(run) => self.run = run.into_iter(),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
        None
    }
}

/// The batch's sink: each result goes into the mailbox; the consumer is woken only
/// when it has the run it asked for or no more input is queued. A panic stops the
/// batch (that worker's toolkit may be broken).
struct ToConsumer {
    mailbox: Arc<Mailbox<Placed>>,
    queued: Arc<AtomicUsize>,
    /// The certificate folder (`certify`): blocks are added in input order.
    folder: Option<CertificateFolder>,
}

impl ToConsumer {
    fn input_empty(&self) -> bool {
        self.queued.load(Ordering::SeqCst) == 0
    }
}

impl Sink<Placed> for ToConsumer {
    type Error = Infallible;
    fn put(&mut self, _: usize, mut out: Placed) -> Result<Flow, Infallible> {
        if let (Some(f), Outcome::Solved(_, Some(block))) = (&mut self.folder, &out.1) {
            if let Err(e) = crate::certify::add(f, block) {
                out.1 = Outcome::Uncertified(e);
            }
        }
        let panicked = matches!(out.1, Outcome::Panicked(_));
        let now = panicked || self.input_empty();
        self.mailbox.put(out, now);
        Ok(if panicked { Flow::Stop } else { Flow::Continue })
    }
    fn waiting(&mut self) -> Result<(), Infallible> {
        if self.input_empty() {
            self.mailbox.flush();
        }
        Ok(())
    }
}

/// Solves one job with the worker's toolkit.
fn solve_one(setup: &Setup, tk: &mut Toolkit, req: &mut Request, job: &Job) -> Outcome {
    req.puzzle.clone_from(&job.text);
    let label = setup.start + job.position + 1;
    let out = catch_unwind(AssertUnwindSafe(|| {
        let p = req.parsed()?;
        let (a, json) = tk
            .solve_json(&Label::new(label), &p)
            .map_err(RequestError::Toolkit)?;
        let block = match (&a, &setup.certify) {
            (Some(a), Some(dir)) => {
                crate::certify::sudoku_entry(dir, label, &p, a, &setup.opts.budget)
            }
            _ => Ok(None),
        };
        Ok((a, json, block))
    }));
    match out {
        Ok(Ok((a, json, Ok(block)))) => Outcome::Solved(solved(a, json), block),
        Ok(Ok((_, _, Err(e)))) => Outcome::Uncertified(e),
        Ok(Err(e)) => Outcome::Failed(e),
        Err(p) => Outcome::Panicked(panic_message(&*p)),
    }
}

/// Ends the mailbox when the runner ends, however it ends (a panic in the batch
/// included): the consumer then stops waiting.
struct EndOnDrop(Arc<Mailbox<Placed>>);

impl Drop for EndOnDrop {
    fn drop(&mut self) {
        self.0.end();
    }
}

/// The runner thread: the batch over the puzzles fed, until the input ends or the
/// batch is interrupted. (A time limit does not stop it: the puzzles after it still
/// get `unknown` reports.)
fn run(setup: &Setup, fed: Fed, mailbox: Arc<Mailbox<Placed>>, folder: Option<CertificateFolder>) {
    let _end = EndOnDrop(Arc::clone(&mailbox));
    let interrupt = fed.interrupt.clone();
    let mut sink = ToConsumer {
        mailbox,
        queued: Arc::clone(&fed.queued),
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
}

/// The iterator of `solve_many` (native part): the Python side feeds it puzzles a run
/// ahead of the consumer (`feed`, then `finish` at the end of the input) and takes the
/// results in feed order, a run at a time (`take`) or one by one (`__next__`).
#[pyclass(module = "gridsat._native")]
pub struct SolveMany {
    /// Where puzzles are fed; `None` once the input is finished.
    feed: Mutex<Option<Sender<Vec<Job>>>>,
    /// Puzzles fed and not yet taken by the batch.
    queued: Arc<AtomicUsize>,
    mailbox: Arc<Mailbox<Placed>>,
    /// Results received and not yet handed back.
    ready: Mutex<VecDeque<Placed>>,
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
    let queued = Arc::new(AtomicUsize::new(0));
    let mailbox = Arc::new(Mailbox::default());
    let fed = Fed {
        rx: feed_rx,
        run: Vec::new().into_iter(),
        queued: Arc::clone(&queued),
        interrupt: interrupt.clone(),
    };
    let to_runner = Arc::clone(&mailbox);
    std::thread::Builder::new()
        .name("gridsat-solve-many".into())
        .spawn(move || run(&setup, fed, to_runner, folder))
        .map_err(|e| errors::memory(format!("cannot start a solver thread: {e}")))?;
    Ok(SolveMany {
        feed: Mutex::new(Some(feed_tx)),
        queued,
        mailbox,
        ready: Mutex::new(VecDeque::new()),
        start,
        next: AtomicUsize::new(0),
        fed: AtomicUsize::new(0),
        interrupt,
        watch,
    })
}

impl SolveMany {
    /// Waits until a result is ready to hand back, for a run of up to `want` of them
    /// (see [`Mailbox`]), checking signals, the token and the process-wide interrupt
    /// every tick. The GIL is given up only to wait.
    fn wait(&self, py: Python<'_>, want: usize) -> PyResult<()> {
        loop {
            if !lock(&self.ready).is_empty() {
                return Ok(());
            }
            if let Some(run) = self.mailbox.take_now(want) {
                lock(&self.ready).extend(run);
                continue;
            }
            let mailbox = &self.mailbox;
            match py.detach(|| settle(mailbox.gather(want, TICK))) {
                Gathered::Items(run) => lock(&self.ready).extend(run),
                Gathered::Ended => {
                    return Err(errors::internal(py, "the solver threads stopped early"));
                }
                Gathered::Nothing => {
                    if let Err(e) = self.watch.check(py) {
                        self.interrupt.interrupt();
                        return Err(e);
                    }
                }
            }
        }
    }

    /// The exception of a result that is not an answer.
    fn raised(&self, py: Python<'_>, pos: usize, out: Outcome) -> PyErr {
        let err = match out {
            Outcome::Solved(..) => unreachable!("an answer is not raised"),
            Outcome::Uncertified(e) => e.into_py(py),
            Outcome::Unconverted(e) => e,
            // The other puzzles go on: the caller may catch this and carry on.
            Outcome::Failed(e) => errors::sudoku(py, &e),
            Outcome::Panicked(m) => {
                self.interrupt.interrupt();
                return errors::internal(py, &format!("puzzle {}: {m}", pos + 1));
            }
        };
        let _ = err.value(py).setattr("puzzle", pos + 1);
        err
    }

    /// How many results are still to be handed back; `None` when every one was.
    fn outstanding(&self) -> Option<usize> {
        let (i, fed) = (
            self.next.load(Ordering::SeqCst),
            self.fed.load(Ordering::SeqCst),
        );
        (i < fed).then(|| fed - i)
    }
}

#[pymethods]
impl SolveMany {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// Queues the puzzles `texts` at input `positions` (0-based, one each, rising); the
    /// workers take them in this order.
    fn feed(&self, texts: Vec<String>, positions: Vec<usize>) -> PyResult<()> {
        if texts.len() != positions.len() {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "feed: one position per puzzle",
            ));
        }
        let last = positions.iter().max().copied().unwrap_or(0);
        if self.start.checked_add(last + 1).is_none() {
            return Err(pyo3::exceptions::PyOverflowError::new_err(
                "start + the puzzle's position does not fit 64 bits",
            ));
        }
        let n = texts.len();
        let jobs: Vec<Job> = (texts.into_iter().zip(positions))
            .map(|(text, position)| Job { position, text })
            .collect();
        self.queued.fetch_add(n, Ordering::SeqCst);
        let sent = match &*lock(&self.feed) {
            Some(tx) => tx.send(jobs).is_ok(),
            None => false,
        };
        if !sent {
            self.queued.fetch_sub(n, Ordering::SeqCst);
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "solve_many: a puzzle fed after the input was finished or the batch closed",
            ));
        }
        self.fed.fetch_add(n, Ordering::SeqCst);
        Ok(())
    }

    /// No more puzzles will be fed: the workers end once every puzzle fed is solved.
    fn finish(&self) {
        lock(&self.feed).take();
    }

    /// The next results in feed order, as many as are ready (waiting for up to `want`
    /// of them, briefly): a `gridsat.sudoku.Result` each. A run ends before a
    /// puzzle that failed; when the first has failed, its exception is raised (with
    /// its `puzzle` attribute). Empty when every puzzle fed was handed back.
    fn take<'py>(&self, py: Python<'py>, want: usize) -> PyResult<Vec<Bound<'py, SudokuResult>>> {
        let Some(left) = self.outstanding() else {
            return Ok(Vec::new());
        };
        self.wait(py, want.clamp(1, left))?;
        let mut ready = lock(&self.ready);
        let mut out = Vec::with_capacity(ready.len());
        while let Some((pos, o)) = ready.pop_front() {
            match o {
                Outcome::Solved(s, _) => match s.into_py(py) {
                    Ok(t) => out.push(t),
                    Err(e) if out.is_empty() => {
                        self.next.fetch_add(1, Ordering::SeqCst);
                        return Err(e);
                    }
                    // Raised at its own turn, after the run before it.
                    Err(e) => {
                        ready.push_front((pos, Outcome::Unconverted(e)));
                        break;
                    }
                },
                o if out.is_empty() => {
                    drop(ready);
                    self.next.fetch_add(1, Ordering::SeqCst);
                    return Err(self.raised(py, pos, o));
                }
                o => {
                    ready.push_front((pos, o));
                    break;
                }
            }
        }
        self.next.fetch_add(out.len(), Ordering::SeqCst);
        Ok(out)
    }

    /// The next result in feed order (a `gridsat.sudoku.Result`); `None` when
    /// every puzzle fed was handed back.
    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, SudokuResult>>> {
        if self.outstanding().is_none() {
            return Ok(None);
        }
        self.wait(py, 1)?;
        let (pos, o) = lock(&self.ready).pop_front().expect("waited for one");
        self.next.fetch_add(1, Ordering::SeqCst);
        match o {
            Outcome::Solved(s, _) => s.into_py(py).map(Some),
            o => Err(self.raised(py, pos, o)),
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
