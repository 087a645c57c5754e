//! Sudoku of any size as SAT: N×N grids with P×Q boxes, any alphabet, four named
//! encodings, solution counting to a bound, conflicting givens named, and every
//! solution checked by an independent checker.
//!
//! ```
//! use gridsat_sudoku::{parse_puzzles, ParseOptions, SudokuSolver, SolveOptions, Verdict};
//!
//! let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let opts = ParseOptions::default();
//! let puzzle = parse_puzzles(text, &opts).next().unwrap().unwrap();
//! let mut solver = SudokuSolver::new(SolveOptions::default());
//! let answer = solver.solve(&puzzle.grid).unwrap();
//! assert_eq!(answer.verdict, Verdict::Unique);
//! let line = answer.solutions[0].to_line(puzzle.alphabet.as_ref());
//! assert!(line.starts_with("534678912"));
//! ```

mod candidates;
mod check;
mod conflict;
mod encode;
mod grid;
mod parse;
mod shape;
mod solve;
mod symbols;

pub use candidates::Candidates;
pub use check::check_solution;
pub use conflict::{Conflict, Reason, duplicate_givens};
pub use encode::{
    CellVars, EncodeOptions, Encoded, Encoding, GivenMode, encode, encode_candidates, encode_rules,
};
pub use grid::{Grid, Placement};
pub use parse::{ParseError, ParseOptions, ParsedPuzzle, Puzzles, parse_puzzles};
pub use shape::{House, MAX_SIDE, Shape};
pub use solve::{Answer, SolveError, SolveOptions, Stats, SudokuSolver, Verdict};
pub use symbols::{Alphabet, BLANKS, DEFAULT_SYMBOLS};
