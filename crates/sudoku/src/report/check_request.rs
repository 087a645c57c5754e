//! `check-encoding` as a program asks it: the web server's `POST
//! /api/sudoku/check-encoding` body becomes a [`CheckEncodingRequest`], and
//! [`CheckEncodingRequest::check_within`] answers it with the object `gridsat sudoku
//! check-encoding --json` prints, plus its text report under `text`.

use super::fields::{self, FieldError};
use crate::io::parse::{ParseOptions, parse_puzzles};
use crate::model::shape::Shape;
use crate::teach::{Student, TeachError, TeachOptions, VarMap, check_encoding, json, text};
use gridsat_sat::{BackendSpec, Budget};
use std::time::Duration;

/// The largest side whose encodings are checked (as on the command line).
pub const MAX_CHECK_SIDE: usize = 25;

/// A student's clauses and their variable mapping, to be checked. Members left out take
/// the command line's defaults (`base` 1, `size` 9, 100 samples, seed 1, redundancy on).
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct CheckEncodingRequest {
    /// The clauses, as DIMACS CNF text.
    pub dimacs: String,
    /// The variable of "cell (r, c) holds d", an expression over r, c, d and n.
    pub ids: String,
    /// Whether r, c, d count from 1 or from 0.
    #[serde(default = "one")]
    pub base: u8,
    /// The side of the grid.
    #[serde(default = "nine")]
    pub size: usize,
    /// A puzzle the clauses are for (its givens), in any format the command line reads.
    #[serde(default)]
    pub puzzle: Option<String>,
    /// With auxiliary variables: how many random valid grids to try.
    #[serde(default)]
    pub samples: Option<usize>,
    /// The seed of those grids.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Whether to look for redundant clauses.
    #[serde(default)]
    pub redundancy: Option<bool>,
    /// Seconds the check may take (at most what the caller allows).
    #[serde(default)]
    pub time_limit: Option<f64>,
}

fn one() -> u8 {
    1
}

fn nine() -> usize {
    9
}

/// Why a check request got no answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckRequestError {
    /// A member has a value gridsat does not take (the message names it).
    #[error(transparent)]
    Field(#[from] FieldError),
    /// The check itself failed: stopped before any answer, or a solver failure.
    #[error(transparent)]
    Teach(TeachError),
}

impl CheckRequestError {
    /// Whether the request is at fault (a 400), not gridsat (a 500).
    pub fn is_bad_input(&self) -> bool {
        matches!(self, CheckRequestError::Field(_))
    }
}

fn field(name: &str, message: impl Into<String>) -> CheckRequestError {
    FieldError::new(name, message).into()
}

impl CheckEncodingRequest {
    /// Reads the request from a JSON value; an error names the member at fault.
    pub fn from_value(v: serde_json::Value) -> Result<CheckEncodingRequest, CheckRequestError> {
        Ok(fields::from_value(v)?)
    }

    /// The request's own time limit.
    pub fn time_limit(&self) -> Result<Option<Duration>, CheckRequestError> {
        self.time_limit
            .map(gridsat_sat::seconds)
            .transpose()
            .map_err(|e| field("time_limit", e.to_string()))
    }

    /// Checks the clauses within `budget`: the `--json` object of `gridsat sudoku
    /// check-encoding`, with its text report as `text`.
    pub fn check_within(&self, budget: &Budget) -> Result<serde_json::Value, CheckRequestError> {
        let n = self.size;
        if Shape::for_side(n).is_err() || n > MAX_CHECK_SIDE {
            return Err(field(
                "size",
                format!(
                    "{n}: expected the side of a classic grid up to {MAX_CHECK_SIDE} (4, 6, 8, 9, 12, 16, 25…)"
                ),
            ));
        }
        if self.base > 1 {
            return Err(field("base", format!("{}: expected 0 or 1", self.base)));
        }
        let student = Student::from_dimacs(&self.dimacs).map_err(|e| match e {
            TeachError::Dimacs { line, column, message } => field(
                "dimacs",
                format!("line {line}, column {column}: {message} (DIMACS CNF: a 'p cnf VARS CLAUSES' line, then clauses ending in 0)"),
            ),
            e => field("dimacs", e.to_string()),
        })?;
        let map = VarMap::from_expression(&self.ids, n, self.base)
            .map_err(|e| field("ids", e.to_string()))?;
        let puzzle = self.puzzle_grid()?;
        let opts = TeachOptions {
            solver: BackendSpec::Cadical,
            samples: self
                .samples
                .unwrap_or(TeachOptions::DEFAULT_SAMPLES)
                .clamp(1, 10_000),
            seed: self.seed.unwrap_or(TeachOptions::DEFAULT_SEED),
            redundancy: self.redundancy.unwrap_or(true),
        };
        let a = check_encoding(&student, &map, puzzle.as_ref(), &opts, budget).map_err(
            |e| match e {
                TeachError::Size(m) => field("size", m),
                e => CheckRequestError::Teach(e),
            },
        )?;
        let mut out = json(&a, &student, &map);
        out["text"] = text(&a, &student, &map).into();
        Ok(out)
    }

    fn puzzle_grid(&self) -> Result<Option<crate::model::grid::Grid>, CheckRequestError> {
        let Some(text) = &self.puzzle else {
            return Ok(None);
        };
        match parse_puzzles(text, &ParseOptions::default()).next() {
            Some(Ok(p)) => Ok(Some(p.grid)),
            Some(Err(e)) => Err(field(
                "puzzle",
                format!("line {}, column {}: {}", e.line, e.column, e.message()),
            )),
            None => Err(field("puzzle", "the text holds no puzzle")),
        }
    }
}
