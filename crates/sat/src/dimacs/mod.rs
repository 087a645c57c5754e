//! DIMACS CNF: writing formulas with named variables and families, reading them back,
//! and reading solver answers (competition `s`/`v` lines or MiniSat result files).

mod answer;
mod read;
mod write;

pub use answer::{AnswerError, SolverAnswer, parse_model, parse_solver_output};
pub use read::{DimacsError, read_dimacs};
pub use write::{WriteOptions, write_clauses, write_formula};
