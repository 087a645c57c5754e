//! The Python exceptions of gridsat (declared in `gridsat/errors.py`) raised from Rust.

use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;

/// The class `gridsat.errors.<name>`.
fn class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("gridsat.errors")?.getattr(name)
}

/// The exception `made` built, or a plain `RuntimeError(fallback)` when it could not be.
fn raised(made: PyResult<Bound<'_, PyAny>>, fallback: &str) -> PyErr {
    match made {
        Ok(obj) => PyErr::from_value(obj),
        Err(_) => PyRuntimeError::new_err(fallback.to_string()),
    }
}

/// `gridsat.InternalError(message)`: a failure of gridsat, not of the input.
pub fn internal(py: Python<'_>, message: &str) -> PyErr {
    raised(
        class(py, "InternalError").and_then(|c| c.call1((message,))),
        message,
    )
}

/// `gridsat.ParseError(message, line, column, file, level)`.
pub fn parse(
    py: Python<'_>,
    message: &str,
    line: usize,
    column: usize,
    file: Option<&str>,
    level: Option<&str>,
) -> PyErr {
    let args = (message, line, column, file, level);
    raised(class(py, "ParseError").and_then(|c| c.call1(args)), message)
}

/// `gridsat.Cancelled(message)`: a call stopped by its token or the process-wide
/// interrupt.
pub fn cancelled(py: Python<'_>, message: &str) -> PyErr {
    raised(
        class(py, "Cancelled").and_then(|c| c.call1((message,))),
        message,
    )
}

/// `MemoryError(message)`: what was asked would not fit the memory ceiling.
pub fn memory(message: impl Into<String>) -> PyErr {
    PyMemoryError::new_err(message.into())
}

/// Whether a library error is a refusal by the memory ceiling (`Budget::admit`'s
/// `MemoryExceeded`, wrapped in the request's error types).
fn is_memory(message: &str) -> bool {
    message.contains("more than the memory budget")
}

/// `ValueError(message)`: an option or an argument gridsat does not take.
pub fn value(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// `TypeError(message)`.
pub fn type_error(message: impl Into<String>) -> PyErr {
    PyTypeError::new_err(message.into())
}

/// A Sudoku request error as Python sees it: `ParseError` with its position, a
/// `ValueError` for bad input, `InternalError` otherwise.
pub fn sudoku(py: Python<'_>, e: &gridsat_sudoku::report::RequestError) -> PyErr {
    use gridsat_sudoku::report::RequestError;
    match e {
        RequestError::Parse(p) => parse(py, &p.message(), p.line, p.column, None, None),
        e if is_memory(&e.to_string()) => memory(e.to_string()),
        e if e.is_bad_input() => value(e.to_string()),
        e => internal(py, &e.to_string()),
    }
}

/// A Sokoban request error as Python sees it.
pub fn sokoban(py: Python<'_>, e: &gridsat_sokoban::api::RequestError) -> PyErr {
    use gridsat_sokoban::api::RequestError;
    match e {
        RequestError::Parse(p) => parse(
            py,
            &p.message,
            p.line,
            p.column,
            Some(&p.file),
            p.level.as_deref(),
        ),
        e if is_memory(&e.to_string()) => memory(e.to_string()),
        e if e.is_bad_input() => value(e.to_string()),
        e => internal(py, &e.to_string()),
    }
}
