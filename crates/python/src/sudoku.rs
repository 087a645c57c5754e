//! Sudoku: every question goes through `gridsat_sudoku::api`, so Python gets the
//! objects the command line prints (`--json`), each answer verified.

use crate::errors;
use crate::run::{budget, watched};
use gridsat_sat::Interrupt;
use gridsat_sudoku::api::{GenerateRequest, Question, Request, RequestError, ask, generate};
use gridsat_sudoku::{Answer, Label, Layout, Report, Toolkit, check_solution};
use pyo3::prelude::*;

/// The request of a JSON object of options (`puzzle`, `box`, `count`, …).
pub fn request(json: &str) -> PyResult<Request> {
    serde_json::from_str(json).map_err(|e| errors::type_error(format!("sudoku options: {e}")))
}

/// A solve's status, JSON object, and solutions as flat lists of values (row by row).
pub type Solved = (&'static str, String, Vec<Vec<u16>>);

/// The status, JSON text and flat solutions of a solve report.
pub fn solved(answer: Option<Answer>, report: Report) -> Solved {
    let status = match &answer {
        Some(a) => a.verdict.name(),
        None => "unknown",
    };
    let grids = answer
        .map(|a| a.solutions.iter().map(|g| g.values().to_vec()).collect())
        .unwrap_or_default();
    (status, report.json.to_string(), grids)
}

/// Solves one puzzle: `(status, json, solutions)`.
#[pyfunction]
pub fn sudoku_solve(py: Python<'_>, request_json: &str) -> PyResult<Solved> {
    let req = request(request_json)?;
    let fail = |e: RequestError| errors::sudoku(py, &e);
    let p = req.parsed().map_err(fail)?;
    let interrupt = Interrupt::new();
    let budget = budget(&interrupt, req.time_limit().map_err(fail)?);
    let opts = req.solve_options(&budget, true).map_err(fail)?;
    let r = watched(py, &interrupt, move || {
        Toolkit::new(opts).solve(&Label::new(1), &p, Layout::default())
    })?;
    let (answer, report) = r.map_err(|e| fail(RequestError::Toolkit(e)))?;
    Ok(solved(answer, report))
}

/// Asks `question` (`hint`, `candidates`, `explain`, `rate`, `propagate`, `parse`,
/// `encode`): `(json, text)` of the report.
#[pyfunction]
pub fn sudoku_ask(
    py: Python<'_>,
    question: &str,
    request_json: &str,
) -> PyResult<(String, String)> {
    let q: Question = question
        .parse()
        .map_err(|e| errors::value(format!("{e}")))?;
    let req = request(request_json)?;
    let fail = |e: RequestError| errors::sudoku(py, &e);
    let interrupt = Interrupt::new();
    let budget = budget(&interrupt, req.time_limit().map_err(fail)?);
    let report = watched(py, &interrupt, || ask(&req, q, &budget, true))?.map_err(fail)?;
    Ok((report.json.to_string(), report.text))
}

/// Generates puzzles: one JSON object per puzzle made.
#[pyfunction]
pub fn sudoku_generate(py: Python<'_>, request_json: &str) -> PyResult<Vec<String>> {
    let req: GenerateRequest = serde_json::from_str(request_json)
        .map_err(|e| errors::type_error(format!("generate options: {e}")))?;
    let fail = |e: RequestError| errors::sudoku(py, &e);
    let interrupt = Interrupt::new();
    let budget = budget(&interrupt, req.time_limit().map_err(fail)?);
    let reports = watched(py, &interrupt, || generate(&req, &budget, true))?.map_err(fail)?;
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
}
