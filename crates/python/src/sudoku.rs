//! Sudoku: every question goes through `gridsat_sudoku::api`, so Python gets the
//! objects the command line prints (`--json`), each answer verified.

use crate::certify::CertFail;
use crate::errors;
use crate::result::{SudokuResult, solved};
use crate::run::{CancelToken, Watch, budget, guarded, watched};
use gridsat_sat::Budget;
use gridsat_sat::Interrupt;
use gridsat_sat::solver::CertificateFolder;
use gridsat_sudoku::api::{GenerateRequest, Question, Request, RequestError, ask, generate_each};
use gridsat_sudoku::generate::Generated;
use gridsat_sudoku::io::ParsedPuzzle;
use gridsat_sudoku::model::Alphabet;
use gridsat_sudoku::report::{Claim, Label, Toolkit, certify as certify_claim, manifest_header};
use gridsat_sudoku::{Answer, check_solution};
use pyo3::prelude::*;
use std::path::PathBuf;

/// The request of a JSON object of options (`puzzle`, `box`, `count`, …).
pub fn request(json: &str) -> PyResult<Request> {
    Request::from_json(json).map_err(|e| options_error("sudoku", &e))
}

/// A request the library would not read: `TypeError` when the object as a whole is at
/// fault (an unknown keyword), `ValueError` naming the member otherwise.
fn options_error(what: &str, e: &RequestError) -> PyErr {
    match e {
        RequestError::Option(f) if f.field == "request" => {
            errors::type_error(format!("{what} options: {}", f.message))
        }
        e => errors::value(e.to_string()),
    }
}

/// Solves one puzzle: its `gridsat.sudoku.Result`. With `certify`, writes the
/// verdict's certificate into that new or empty folder as entry `puzzle-1` (what
/// `gridsat sudoku solve --certify DIR` writes); an `unknown` verdict gets none.
#[pyfunction]
#[pyo3(signature = (request_json, cancel = None, certify = None))]
pub fn sudoku_solve<'py>(
    py: Python<'py>,
    request_json: &str,
    cancel: Option<&CancelToken>,
    certify: Option<PathBuf>,
) -> PyResult<Bound<'py, SudokuResult>> {
    let watch = Watch::new(cancel);
    let req = request(request_json)?;
    let fail = |e: RequestError| errors::sudoku(py, &e);
    let p = req.parsed().map_err(fail)?;
    let interrupt = Interrupt::new();
    let budget = budget(&interrupt, req.time_limit().map_err(fail)?);
    let opts = req.solve_options(&budget, true).map_err(fail)?;
    let mut folder = match &certify {
        Some(dir) => Some(crate::certify::open(dir, &manifest_header())?),
        None => None,
    };
    let r = watched(py, &interrupt, &watch, || {
        let solved = Toolkit::new(opts).solve_json(&Label::new(1), &p);
        let cert = match (&solved, &mut folder) {
            (Ok((Some(a), _)), Some(f)) => certify_one(f, 1, &p, a, &budget),
            _ => Ok(()),
        };
        (solved, cert)
    })?;
    let (solved_or, cert) = r;
    let (answer, json) = solved_or.map_err(|e| fail(RequestError::Toolkit(e)))?;
    cert.map_err(|e| e.into_py(py))?;
    solved(answer, json).into_py(py)
}

/// Writes puzzle `index`'s certificate into `folder` and its manifest block; an
/// `unknown` verdict has none.
pub fn certify_one(
    folder: &mut CertificateFolder,
    index: usize,
    p: &ParsedPuzzle,
    a: &Answer,
    budget: &Budget,
) -> Result<(), CertFail> {
    match crate::certify::sudoku_entry(folder.dir(), index, p, a, budget)? {
        Some(block) => crate::certify::add(folder, &block),
        None => Ok(()),
    }
}

/// Asks `question` (`hint`, `candidates`, `explain`, `rate`, `propagate`, `parse`,
/// `encode`): `(json, text)` of the report.
#[pyfunction]
#[pyo3(signature = (question, request_json, cancel = None))]
pub fn sudoku_ask(
    py: Python<'_>,
    question: &str,
    request_json: &str,
    cancel: Option<&CancelToken>,
) -> PyResult<(String, String)> {
    let watch = Watch::new(cancel);
    let q: Question = question
        .parse()
        .map_err(|e| errors::value(format!("{e}")))?;
    let req = request(request_json)?;
    let fail = |e: RequestError| errors::sudoku(py, &e);
    let interrupt = Interrupt::new();
    let budget = budget(&interrupt, req.time_limit().map_err(fail)?);
    let report = watched(py, &interrupt, &watch, || ask(&req, q, &budget, true))?.map_err(fail)?;
    Ok((report.json.to_string(), report.text))
}

/// Generates puzzles: one JSON object per puzzle made. With `certify`, writes each
/// puzzle's uniqueness certificate into that new or empty folder (`puzzle-K.*`, what
/// `gridsat sudoku generate --certify DIR` writes).
#[pyfunction]
#[pyo3(signature = (request_json, cancel = None, certify = None))]
pub fn sudoku_generate(
    py: Python<'_>,
    request_json: &str,
    cancel: Option<&CancelToken>,
    certify: Option<PathBuf>,
) -> PyResult<Vec<String>> {
    let watch = Watch::new(cancel);
    let req =
        GenerateRequest::from_json(request_json).map_err(|e| options_error("generate", &e))?;
    let fail = |e: RequestError| errors::sudoku(py, &e);
    let interrupt = Interrupt::new();
    let budget = budget(&interrupt, req.time_limit().map_err(fail)?);
    let mut folder = match &certify {
        Some(dir) => Some(crate::certify::open(dir, &manifest_header())?),
        None => None,
    };
    let mut failed = None;
    let mut each = |k: u64, g: &Generated, alphabet: Option<&Alphabet>| {
        let Some(f) = &mut folder else { return true };
        let claim = Claim::unique(&g.puzzle, &g.rules, alphabet, &g.solution);
        let name = format!("puzzle-{k}");
        let written = certify_claim(f.dir(), k as usize, &claim, &budget)
            .map_err(|e| crate::certify::sudoku_fail(&name, &e))
            .and_then(|c| crate::certify::add(f, &c.manifest));
        failed = written.err();
        failed.is_none()
    };
    let reports = watched(py, &interrupt, &watch, || {
        generate_each(&req, &budget, true, &mut each)
    })?
    .map_err(fail)?;
    if let Some(e) = failed {
        return Err(e.into_py(py));
    }
    Ok(reports.into_iter().map(|r| r.json.to_string()).collect())
}

/// Checks a filled grid against the request's puzzle with the independent checker:
/// `None` when it solves it, else why not.
#[pyfunction]
pub fn sudoku_check(
    py: Python<'_>,
    request_json: &str,
    solution: String,
) -> PyResult<Option<String>> {
    guarded(py, || {
        let req = request(request_json)?;
        let fail = |e: RequestError| errors::sudoku(py, &e);
        let puzzle = req.parsed().map_err(fail)?;
        let mut filled = req.clone();
        filled.puzzle = solution;
        filled.rules = None;
        let grid = filled.parsed().map_err(fail)?;
        Ok(check_solution(&puzzle.grid, &grid.grid, &puzzle.rules)
            .err()
            .map(|why| why.to_string()))
    })
}
