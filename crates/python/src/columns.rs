//! `solve_columns`: a list of puzzles solved on worker threads (one warm [`Toolkit`]
//! each) with the GIL released, answered as two columns — a status code and the first
//! solution's values per puzzle — instead of one Python object per puzzle: what a
//! Dask partition sends back to its client. Each answer is the toolkit's, verified
//! like every other.

use crate::errors;
use crate::result::STATUSES;
use crate::run::{CancelToken, Watch, budget, panic_message, watched};
use crate::sudoku::request;
use gridsat_sat::Interrupt;
use gridsat_sat::batch::{Batch, Flow};
use gridsat_sudoku::api::{Request, RequestError};
use gridsat_sudoku::io::Layout;
use gridsat_sudoku::report::{Label, Toolkit};
use gridsat_sudoku::{Answer, SolveOptions};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::convert::Infallible;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// One puzzle's answer: its status code and its first solution's values (none for
/// `unsat` and `unknown`).
type Answered = (u8, Vec<u16>);

/// A puzzle's answer, or why it has none.
type Row = Result<Answered, Failure>;

enum Failure {
    Request(RequestError),
    Panicked(String),
}

fn code(answer: &Option<Answer>) -> u8 {
    let name = answer.as_ref().map_or("unknown", |a| a.verdict.name());
    STATUSES.iter().position(|&s| s == name).unwrap_or(4) as u8
}

/// Solves one puzzle with the worker's toolkit.
fn row(tk: &mut Toolkit, req: &mut Request, label: usize, text: String) -> Row {
    req.puzzle = text;
    let out = catch_unwind(AssertUnwindSafe(|| {
        let p = req.parsed()?;
        let (a, _) = tk
            .solve(&Label::new(label), &p, Layout::default())
            .map_err(RequestError::Toolkit)?;
        let values = a
            .as_ref()
            .and_then(|a| a.solutions.first())
            .map(|g| g.values().to_vec())
            .unwrap_or_default();
        Ok((code(&a), values))
    }));
    match out {
        Ok(Ok(r)) => Ok(r),
        Ok(Err(e)) => Err(Failure::Request(e)),
        Err(p) => Err(Failure::Panicked(panic_message(&*p))),
    }
}

/// Every row, in input order; the batch stops at the first failure (its position).
fn solve_all(
    base: &Request,
    opts: &SolveOptions,
    puzzles: Vec<String>,
    threads: usize,
    interrupt: &Interrupt,
) -> (Vec<Option<Answered>>, Option<(usize, Failure)>) {
    let n = puzzles.len();
    let mut rows: Vec<Option<Answered>> = (0..n).map(|_| None).collect();
    let mut failed = None;
    let mut sink = |i: usize, r: Row| -> Result<Flow, Infallible> {
        match r {
            Ok(x) => rows[i] = Some(x),
            Err(f) => {
                failed.get_or_insert((i, f));
                return Ok(Flow::Stop);
            }
        }
        Ok(Flow::Continue)
    };
    let worker = |_| (Toolkit::new(opts.clone()), base.clone());
    let work =
        |(tk, req): &mut (Toolkit, Request), i: usize, text: String| row(tk, req, i + 1, text);
    let ran = Batch::new(threads).until_interrupted(interrupt).run(
        puzzles.into_iter(),
        worker,
        work,
        &mut sink,
    );
    let Ok(_) = ran;
    (rows, failed)
}

/// The columns of `rows`: status codes (`unknown` for a puzzle left unsolved by an
/// interrupt), and `width` values per puzzle (the widest grid; zeros where a puzzle
/// has no solution or a smaller grid).
fn columns(rows: &[Option<Answered>]) -> (Vec<u8>, Vec<u16>, usize) {
    let width = rows.iter().flatten().map(|r| r.1.len()).max().unwrap_or(0);
    let mut status = Vec::with_capacity(rows.len());
    let mut values = vec![0u16; rows.len() * width];
    for (k, r) in rows.iter().enumerate() {
        let (c, v) = r.as_ref().map_or((4, &[][..]), |(c, v)| (*c, &v[..]));
        status.push(c);
        values[k * width..k * width + v.len()].copy_from_slice(v);
    }
    (status, values, width)
}

/// Solves `puzzles` with the options of the JSON object on `threads` workers: the
/// status codes (one byte each, [`STATUSES`] order), the first solutions' values
/// (native-endian `u16`, `width` per puzzle) and `width`. A puzzle that cannot be read
/// raises its error with the attribute `puzzle` (1-based position).
#[pyfunction]
#[pyo3(signature = (puzzles, request_json, threads, cancel = None))]
pub fn sudoku_solve_columns<'py>(
    py: Python<'py>,
    puzzles: Vec<String>,
    request_json: &str,
    threads: usize,
    cancel: Option<&CancelToken>,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>, usize)> {
    let watch = Watch::new(cancel);
    // A token cancelled already: a batch quicker than one tick would never look.
    watch.check(py)?;
    let base = request(request_json)?;
    let fail = |e: RequestError| errors::sudoku(py, &e);
    let interrupt = Interrupt::new();
    let budget = budget(&interrupt, base.time_limit().map_err(fail)?);
    let opts = base.solve_options(&budget, true).map_err(fail)?;
    let threads = threads.max(1);
    let (rows, failed) = watched(py, &interrupt, &watch, || {
        solve_all(&base, &opts, puzzles, threads, &interrupt)
    })?;
    match failed {
        Some((i, Failure::Request(e))) => {
            let err = errors::sudoku(py, &e);
            let _ = err.value(py).setattr("puzzle", i + 1);
            return Err(err);
        }
        Some((i, Failure::Panicked(m))) => {
            return Err(errors::internal(py, &format!("puzzle {}: {m}", i + 1)));
        }
        None => {}
    }
    let (status, values, width) = columns(&rows);
    let values = PyBytes::new_with(py, values.len() * 2, |b| {
        for (d, v) in b.chunks_exact_mut(2).zip(&values) {
            d.copy_from_slice(&v.to_ne_bytes());
        }
        Ok(())
    })?;
    Ok((PyBytes::new(py, &status), values, width))
}
