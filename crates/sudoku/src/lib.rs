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
//! let line = answer.solutions[0].to_line(puzzle.alphabet.as_deref());
//! assert!(line.starts_with("534678912"));
//! ```

#![warn(missing_docs)]

mod alldiff;
mod candidates;
mod check;
mod climb;
mod conflict;
mod encode;
mod explain;
mod generate;
mod geometry;
mod grid;
mod hint;
mod logic;
mod parse;
mod propagate;
mod rate;
mod rng;
mod search;
mod shape;
mod solve;
mod sparse;
mod symbols;
mod symmetry;
mod thin;
mod unique;
pub mod variants;

pub use candidates::Candidates;
pub use check::check_solution;
pub use conflict::{Conflict, Reason, direct_conflict, duplicate_givens};
pub use encode::{
    CellVars, EncodeOptions, Encoded, Encoding, GivenMode, encode, encode_candidates, encode_rules,
    encode_rules_with, encode_with,
};
pub use explain::{End, Step, Walk, walk};
pub use generate::{GenerateError, GenerateOptions, Generated, Generator, Target};
pub use geometry::Geometry;
pub use grid::{Grid, Placement};
pub use hint::{FailedProbe, Forced, Hint, Why, contradiction_text, next_hint, sym as hint_symbol};
pub use logic::Logic;
pub use parse::{ParseError, ParseOptions, ParsedPuzzle, Puzzles, parse_puzzles, parse_reader};
pub use propagate::{Deduction, PROBE_MAX_SIDE, PROBE_WIDTH, Presolve, deduce};
pub use rate::{EXTREME_ABOVE, Effort, Level, RateError, RateOptions, Rating, rate};
pub use rng::Rng;
pub use search::{Order, SearchStats, search};
pub use shape::{House, MAX_SIDE, Shape};
pub use solve::{Answer, SolveError, SolveOptions, Stats, SudokuSolver, Verdict};
pub use symbols::{Alphabet, BLANKS, DEFAULT_SYMBOLS};
pub use symmetry::Symmetry;
pub use thin::{ThinStats, thin};
pub use variants::{CageEncoding, Rules, RulesSolver, check_solution_with};
