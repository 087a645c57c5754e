//! Sudoku of any size as SAT: N×N grids with P×Q boxes, any alphabet, variant rules
//! (X, windoku, jigsaw, anti-knight, anti-king, non-consecutive, killer), four named
//! encodings, solution counting to a bound, conflicting givens named, and every
//! solution checked by an independent checker.
//!
//! The crate is laid out by stage, each importing only earlier ones: `model` (shapes,
//! grids, alphabets, [`Rules`]) → `io` (readers and writers) → `encode` (formulas) →
//! `check` (the independent checker) → `deduce` (propagation, probing) → `solve`
//! (counting, uniqueness, conflicts) → `reason` (hints, explanations, pencil marks,
//! ratings) → `teach` (checking a student's encoding) → `generate` → `report` (what the
//! command line, the Python package and the web server print: text, JSON objects, and
//! what each answer amounts to). Each stage is a public module holding its own types
//! ([`model::Shape`], [`encode::encode`], [`reason::next_hint`], [`generate::Generator`],
//! …); the root holds only what a first program needs (read a puzzle, solve it, check
//! the answer), also gathered in [`prelude`]. Programs that speak in requests (the Python
//! package, the web server) use [`api`], whose [`api::defaults`] are the one set of
//! defaults the command line, the server and Python share.
//!
//! ```
//! use gridsat_sudoku::prelude::*;
//!
//! let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let opts = ParseOptions::default();
//! let puzzle = parse_puzzles(text, &opts).next().unwrap().unwrap();
//! let mut solver = SudokuSolver::new(SolveOptions::default());
//! let answer = solver.solve(&puzzle.grid, &puzzle.rules).unwrap();
//! assert_eq!(answer.verdict, Verdict::Unique);
//! let line = answer.solutions[0].to_line(puzzle.alphabet.as_deref());
//! assert!(line.starts_with("534678912"));
//! ```
//!
//! A 4×4 (2×2 boxes, read from its 16 cells) has exactly one solution, which the
//! independent checker accepts:
//!
//! ```
//! use gridsat_sudoku::{ParseOptions, SolveOptions, SudokuSolver, Verdict};
//! use gridsat_sudoku::{check_solution, parse_puzzles};
//!
//! let puzzle = parse_puzzles("1.3..4.2.1..4...", &ParseOptions::default())
//!     .next()
//!     .unwrap()
//!     .unwrap();
//! assert_eq!(puzzle.grid.shape().n(), 4);
//! let answer = SudokuSolver::new(SolveOptions::default())
//!     .solve(&puzzle.grid, &puzzle.rules)
//!     .unwrap();
//! assert_eq!(answer.verdict, Verdict::Unique);
//! let solution = &answer.solutions[0];
//! let line = solution.to_line(puzzle.alphabet.as_deref());
//! assert_eq!(line, "1234341221434321");
//! assert!(check_solution(&puzzle.grid, solution, &puzzle.rules).is_ok());
//! ```

#![warn(missing_docs)]
#![warn(clippy::too_many_lines)]

pub mod check;
pub mod deduce;
pub mod encode;
pub mod generate;
pub mod io;
pub mod model;
pub mod reason;
pub mod report;
pub mod rng;
pub mod solve;
pub mod teach;

pub use check::check_solution;
pub use io::{ParseError, ParseOptions, ParsedPuzzle, parse_puzzles};
pub use model::{Grid, Rules};
pub use solve::{Answer, SolveError, SolveOptions, SudokuSolver, Verdict};

/// The names a first program needs, for `use gridsat_sudoku::prelude::*;`: read puzzles
/// ([`parse_puzzles`] with [`ParseOptions`]), solve them ([`SudokuSolver`] with
/// [`SolveOptions`], giving an [`Answer`] and its [`Verdict`]) and check a solution
/// ([`check_solution`]).
pub mod prelude {
    pub use crate::check::check_solution;
    pub use crate::io::{ParseError, ParseOptions, ParsedPuzzle, parse_puzzles};
    pub use crate::model::{Grid, Rules};
    pub use crate::solve::{Answer, SolveError, SolveOptions, SudokuSolver, Verdict};
}

/// Requests as programs (the Python package, the web server) ask them.
pub mod api {
    pub use crate::report::{
        CheckEncodingRequest, CheckRequestError, FieldError, GenerateRequest, MAX_COUNT, Question,
        Request, RequestError, ask, ask_within, defaults, encode_report, encode_report_within,
        generate, generate_each,
    };
}

/// Checking a student's encoding: the old path of [`teach`], kept for one release.
#[deprecated(note = "use `gridsat_sudoku::teach`")]
pub mod teaching {
    pub use crate::teach::{
        Assessment, Broken, Completeness, Counterexample, FamilyCheck, Forbidden, MappingError,
        Outcome3, Redundancy, Sizes, Student, TeachError, TeachOptions, VarMap, cells_picture,
        check_encoding, clause_text, json, text,
    };
}
