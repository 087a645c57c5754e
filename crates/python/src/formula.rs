//! `gridsat.sudoku.encode`: the formula of a puzzle, open to Python and to PySAT, and
//! models decoded back into grids that the independent checker has accepted.

use crate::errors;
use crate::run::{budget, watched};
use crate::sudoku::request;
use gridsat_sat::dimacs::{WriteOptions, write_formula};
use gridsat_sat::{Interrupt, Var};
use gridsat_sudoku::api::RequestError;
use gridsat_sudoku::{
    Encoded, FormulaOptions, ParsedPuzzle, check_solution, encode_formula, formula_header,
};
use pyo3::prelude::*;

/// The CNF formula of one puzzle (native part of `gridsat.sudoku.Formula`).
#[pyclass(module = "gridsat._native", frozen)]
pub struct NativeFormula {
    enc: Encoded,
    puzzle: ParsedPuzzle,
    options: FormulaOptions,
}

/// Encodes the request's puzzle.
#[pyfunction]
pub fn sudoku_encode(py: Python<'_>, request_json: &str) -> PyResult<NativeFormula> {
    let req = request(request_json)?;
    let fail = |e: RequestError| errors::sudoku(py, &e);
    let puzzle = req.parsed().map_err(fail)?;
    let options = req.formula_options().map_err(fail)?;
    let interrupt = Interrupt::new();
    let budget = budget(&interrupt, req.time_limit().map_err(fail)?);
    let enc = watched(py, &interrupt, || {
        encode_formula(&puzzle, &options, &budget)
    })?
    .map_err(|e| fail(RequestError::Formula(e)))?;
    Ok(NativeFormula {
        enc,
        puzzle,
        options,
    })
}

#[pymethods]
impl NativeFormula {
    /// The number of variables (the largest DIMACS variable).
    #[getter]
    fn nvars(&self) -> u32 {
        self.enc.formula.num_vars()
    }

    /// Every clause as DIMACS literals.
    fn clauses(&self) -> Vec<Vec<i32>> {
        self.enc
            .formula
            .clauses()
            .map(|(_, c)| c.iter().map(|l| l.to_dimacs()).collect())
            .collect()
    }

    /// What each variable 1..=nvars means (`r3c7=5`).
    fn names(&self) -> Vec<String> {
        (1..=self.enc.formula.num_vars())
            .map(|v| self.enc.formula.describe(Var::new(v)))
            .collect()
    }

    /// Each family's name and the indices of its clauses, in the order families were made.
    fn families(&self) -> Vec<(String, Vec<usize>)> {
        let f = &self.enc.formula;
        let mut out: Vec<(String, Vec<usize>)> = f
            .families()
            .iter()
            .map(|fam| (fam.name.clone(), Vec::new()))
            .collect();
        for i in 0..f.num_clauses() {
            out[f.clause_family(i).index()].1.push(i);
        }
        out
    }

    /// The DIMACS text with the header and variable names `gridsat sudoku encode` writes.
    fn to_dimacs(&self) -> String {
        let opts = WriteOptions {
            header: formula_header("puzzle 1", &self.puzzle, &self.options),
            variable_names: true,
        };
        let mut buf = Vec::new();
        write_formula(&mut buf, &self.enc.formula, &opts).expect("writing to memory cannot fail");
        String::from_utf8(buf).expect("DIMACS text is UTF-8")
    }

    /// The grid of a model (DIMACS literals; variables left out are false), flat, row by
    /// row, after the model satisfies every clause and the grid passes the checker.
    fn decode(&self, py: Python<'_>, model: Vec<i64>) -> PyResult<Vec<u16>> {
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

    /// The side of the grid.
    #[getter]
    fn side(&self) -> usize {
        self.puzzle.grid.n()
    }
}
