//! `gridsat.teach.check_encoding`: a student's clauses and variable mapping checked for
//! soundness, completeness and redundancy; the library's JSON object and text back.

use crate::errors;
use crate::run::{Watch, budget, watched};
use gridsat_sat::Interrupt;
use gridsat_sudoku::teach::{
    Student, TeachError, TeachOptions, VarMap, check_encoding, json, text,
};
use gridsat_sudoku::{ParseOptions, parse_puzzles};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::Duration;

/// Checks `clauses` under the mapping `ids` (an expression, r c d from `base`) or
/// `table` (one variable per (cell, symbol), r c d order, from a Python callable);
/// returns the JSON object (as text) and the text report.
#[pyfunction]
#[pyo3(signature = (clauses, size, ids = None, table = None, base = 1, puzzle = None,
                    samples = 100, seed = 1, redundancy = true, time_limit = None))]
#[allow(clippy::too_many_arguments)]
pub fn teach_check(
    py: Python<'_>,
    clauses: Vec<Vec<i64>>,
    size: usize,
    ids: Option<String>,
    table: Option<Vec<i64>>,
    base: u8,
    puzzle: Option<String>,
    samples: usize,
    seed: u64,
    redundancy: bool,
    time_limit: Option<f64>,
) -> PyResult<(String, String)> {
    let value = |m: String| PyValueError::new_err(m);
    let student = Student::from_lists(&clauses).map_err(|e| value(e.to_string()))?;
    let map = match (ids, table) {
        (Some(expr), None) => VarMap::from_expression(&expr, size, base),
        (None, Some(t)) => VarMap::from_list(&t, size, "a Python function"),
        _ => return Err(value("give the mapping as ids=EXPR or var=callable".into())),
    }
    .map_err(|e| value(e.to_string()))?;
    let grid = match puzzle {
        None => None,
        Some(text) => match parse_puzzles(&text, &ParseOptions::default()).next() {
            Some(Ok(p)) => Some(p.grid),
            Some(Err(e)) => {
                return Err(errors::parse(
                    py,
                    &e.to_string(),
                    e.line,
                    e.column,
                    None,
                    None,
                ));
            }
            None => return Err(value("the puzzle text holds no puzzle".into())),
        },
    };
    let mut opts = TeachOptions::default();
    opts.samples = samples.max(1);
    opts.seed = seed;
    opts.redundancy = redundancy;
    let limit = match time_limit {
        Some(s) => Some(
            gridsat_sat::seconds(s)
                .map_err(|_| value(format!("time_limit {s}: expected seconds ≥ 0")))?,
        ),
        None => None::<Duration>,
    };
    let interrupt = Interrupt::new();
    let b = budget(&interrupt, limit);
    let watch = Watch::new(None);
    let answer = watched(py, &interrupt, &watch, || {
        check_encoding(&student, &map, grid.as_ref(), &opts, &b)
    })?;
    match answer {
        Ok(a) => Ok((
            json(&a, &student, &map).to_string(),
            text(&a, &student, &map),
        )),
        Err(TeachError::Size(m)) => Err(value(m)),
        Err(e) => Err(errors::internal(py, &e.to_string())),
    }
}
