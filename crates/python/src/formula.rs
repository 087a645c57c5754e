//! `gridsat.sudoku.encode`: the formula of a puzzle, open to Python and to PySAT, and
//! models decoded back into grids that the independent checker has accepted.

use crate::errors;
use crate::run::{CancelToken, Watch, budget, guarded, limit_of, watched};
use crate::sudoku::request;
use gridsat_sat::dimacs::{WriteOptions, write_formula};
use gridsat_sat::{Interrupt, Var};
use gridsat_sudoku::api::RequestError;
use gridsat_sudoku::{
    ParsedPuzzle, check_solution,
    encode::Encoded,
    report::{FormulaOptions, encode_formula, formula_header},
};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// The CNF formula of one puzzle (native part of `gridsat.sudoku.Formula`).
#[pyclass(module = "gridsat._native", frozen)]
pub struct NativeFormula {
    enc: Encoded,
    puzzle: ParsedPuzzle,
    options: FormulaOptions,
    /// The memory ceiling of this formula's Python views (bytes).
    limit: u64,
}

/// Encodes the request's puzzle under a memory ceiling of `max_memory` bytes (0: the
/// package's, `gridsat.set_max_memory`).
#[pyfunction]
#[pyo3(signature = (request_json, cancel = None, max_memory = 0))]
pub fn sudoku_encode(
    py: Python<'_>,
    request_json: &str,
    cancel: Option<&CancelToken>,
    max_memory: u64,
) -> PyResult<NativeFormula> {
    let watch = Watch::new(cancel);
    let limit = limit_of(max_memory);
    let req = request(request_json)?;
    let fail = |e: RequestError| errors::sudoku(py, &e);
    let puzzle = req.parsed().map_err(fail)?;
    let options = req.formula_options().map_err(fail)?;
    let interrupt = Interrupt::new();
    let budget = budget(&interrupt, req.time_limit().map_err(fail)?).with_memory_limit(Some(limit));
    let enc = watched(py, &interrupt, &watch, || {
        encode_formula(&puzzle, &options, &budget)
    })?
    .map_err(|e| fail(RequestError::Formula(e)))?;
    Ok(NativeFormula {
        enc,
        puzzle,
        options,
        limit,
    })
}

#[pymethods]
impl NativeFormula {
    /// The number of variables (the largest DIMACS variable).
    #[getter]
    fn nvars(&self) -> u32 {
        self.enc.formula.num_vars()
    }

    /// `(clauses, literals)`: how many of each, for the size estimates.
    fn counts(&self) -> (usize, usize) {
        let f = &self.enc.formula;
        (f.num_clauses(), f.clauses().map(|(_, c)| c.len()).sum())
    }

    /// The memory ceiling (bytes) the Python views are held to.
    #[getter]
    fn max_memory(&self) -> u64 {
        self.limit
    }

    /// Every clause: its DIMACS literals (native-endian `i32` bytes) and the end of
    /// each clause in them (native-endian `u64` bytes). Python bytes, not lists, so
    /// that an allocation failure is a `MemoryError`.
    fn clause_data<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        let (n, lits) = self.counts();
        let f = &self.enc.formula;
        let lit_bytes = PyBytes::new_with(py, lits * 4, |b| {
            let mut out = b.chunks_exact_mut(4);
            for l in f.clauses().flat_map(|(_, c)| c.iter()) {
                if let Some(d) = out.next() {
                    d.copy_from_slice(&l.to_dimacs().to_ne_bytes());
                }
            }
            Ok(())
        })?;
        let end_bytes = PyBytes::new_with(py, n * 8, |b| {
            let mut end = 0u64;
            for (d, (_, c)) in b.chunks_exact_mut(8).zip(f.clauses()) {
                end += c.len() as u64;
                d.copy_from_slice(&end.to_ne_bytes());
            }
            Ok(())
        })?;
        Ok((lit_bytes, end_bytes))
    }

    /// What each variable 1..=nvars means (`r3c7=5`), one a line, as UTF-8 bytes.
    fn names_data<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let f = &self.enc.formula;
        PyBytes::new_with_writer(py, f.num_vars() as usize * 12, |w| {
            for v in 1..=f.num_vars() {
                writeln!(w, "{}", f.describe(Var::new(v)))?;
            }
            Ok(())
        })
    }

    /// The names of the families, in the order they were made, and each clause's
    /// family index (native-endian `u32` bytes).
    fn family_data<'py>(&self, py: Python<'py>) -> PyResult<(Vec<String>, Bound<'py, PyBytes>)> {
        let f = &self.enc.formula;
        let names = f.families().iter().map(|fam| fam.name.clone()).collect();
        let index = PyBytes::new_with(py, f.num_clauses() * 4, |b| {
            for (i, d) in b.chunks_exact_mut(4).enumerate() {
                d.copy_from_slice(&(f.clause_family(i).index() as u32).to_ne_bytes());
            }
            Ok(())
        })?;
        Ok((names, index))
    }

    /// The DIMACS text with the header and variable names `gridsat sudoku encode`
    /// writes, as UTF-8 bytes.
    fn dimacs_data<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let opts = WriteOptions {
            header: formula_header("puzzle 1", &self.puzzle, &self.options),
            variable_names: true,
        };
        PyBytes::new_with_writer(py, 1 << 16, |w| {
            let mut w = w;
            write_formula(&mut w, &self.enc.formula, &opts)?;
            Ok(())
        })
    }

    /// The grid of a model (DIMACS literals; variables left out are false), flat, row by
    /// row, after the model satisfies every clause and the grid passes the checker.
    fn decode(&self, py: Python<'_>, model: Vec<i64>) -> PyResult<Vec<u16>> {
        guarded(py, || self.decode_model(py, model))
    }

    /// The side of the grid.
    #[getter]
    fn side(&self) -> usize {
        self.puzzle.grid.n()
    }
}

impl NativeFormula {
    /// [`NativeFormula::decode`] without its panic guard.
    fn decode_model(&self, py: Python<'_>, model: Vec<i64>) -> PyResult<Vec<u16>> {
        let f = &self.enc.formula;
        let n = f.num_vars();
        let mut value = vec![false; n as usize + 1];
        for l in model {
            let v = l.unsigned_abs();
            if v == 0 || v > u64::from(n) {
                return Err(errors::value(format!(
                    "literal {l} is not one of the formula's {n} variables"
                )));
            }
            value[v as usize] = l > 0;
        }
        if let Some(i) = f.first_falsified(&value[1..]) {
            let fam = &f.family_info(f.clause_family(i)).name;
            return Err(errors::value(format!(
                "the model falsifies clause {} (family '{fam}')",
                i + 1
            )));
        }
        let shape = self.puzzle.grid.shape();
        let grid = self.enc.vars.decode(shape, |v| value[v.get() as usize]);
        match check_solution(&self.puzzle.grid, &grid, &self.puzzle.rules) {
            Ok(()) => Ok(grid.values().to_vec()),
            Err(why) => Err(errors::internal(
                py,
                &format!("the model satisfies the formula but the grid is wrong: {why}"),
            )),
        }
    }
}
