//! The `gridsat._native` extension module: the gridsat library crates, bound for Python.
//!
//! The Python package (`python/gridsat`) gives these functions their Pythonic shape;
//! here every call builds a library request, runs it with the GIL released while the
//! calling thread watches for Ctrl-C, and hands back the library's JSON objects.

// Readable units, as in the workspace's crates: no function over 80 lines (the
// repository's clippy.toml, which clippy finds from this crate's directory up).
#![warn(clippy::too_many_lines)]

mod certify;
mod columns;
mod errors;
mod formula;
mod mailbox;
mod many;
mod result;
mod run;
mod sokoban;
mod sudoku;
mod teach;

use pyo3::prelude::*;

/// mimalloc for the Rust side only (Python's objects keep Python's allocator), as the
/// command line uses: batches of small puzzles allocate and free a formula each.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_ask, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_generate, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_check, m)?)?;
    m.add_function(wrap_pyfunction!(formula::sudoku_encode, m)?)?;
    m.add_function(wrap_pyfunction!(many::sudoku_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(columns::sudoku_solve_columns, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban::sokoban_parse, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban::sokoban_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban::sokoban_verify, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban::sokoban_options, m)?)?;
    m.add_function(wrap_pyfunction!(teach::teach_check, m)?)?;
    m.add_function(wrap_pyfunction!(certify::check_certificate, m)?)?;
    m.add_function(wrap_pyfunction!(run::cancel_all, m)?)?;
    m.add_function(wrap_pyfunction!(run::finalizing, m)?)?;
    m.add_function(wrap_pyfunction!(run::set_max_memory, m)?)?;
    m.add_function(wrap_pyfunction!(run::max_memory, m)?)?;
    m.add_class::<run::CancelToken>()?;
    m.add_class::<formula::NativeFormula>()?;
    m.add_class::<many::SolveMany>()?;
    m.add_class::<result::SudokuResult>()?;
    m.add_class::<sokoban::NativeLevel>()?;
    m.add_class::<sokoban::NativePlan>()?;
    Ok(())
}
