//! Sudoku of any size as SAT: N×N grids with P×Q boxes, any alphabet, variant rules
//! (X, windoku, jigsaw, anti-knight, anti-king, non-consecutive, killer), four named
//! encodings, solution counting to a bound, conflicting givens named, and every
//! solution checked by an independent checker.
//!
//! The crate is laid out by stage, each importing only earlier ones: `model` (shapes,
//! grids, alphabets, [`Rules`]) → `io` (readers and writers) → `encode` (formulas) →
//! `check` (the independent checker) → `deduce` (propagation, probing) → `solve`
//! (counting, uniqueness, conflicts) → `reason` (hints, explanations, pencil marks,
//! ratings) → `generate`. Everything a user needs is re-exported here.
//!
//! ```
//! use gridsat_sudoku::{parse_puzzles, ParseOptions, SudokuSolver, SolveOptions, Verdict};
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

#![warn(missing_docs)]
#![warn(clippy::too_many_lines)]

mod check;
mod deduce;
mod encode;
mod generate;
mod io;
mod model;
mod reason;
mod rng;
mod solve;

pub use check::check_solution;
pub use deduce::{
    Deduction, Logic, Order, PROBE_MAX_SIDE, PROBE_WIDTH, Presolve, ProbeEnd, SUBSETS_MIN_SIDE,
    SearchStats, basic_to_fixpoint, deduce, deduce_basic, search,
};
pub use encode::{
    CageEncoding, CellVars, EncodeError, EncodeOptions, Encoded, Encoding, GivenMode,
    MAX_FULL_CLAUSES, admit, encode, encode_candidates, encode_candidates_within, encode_rules,
    encode_rules_within, estimated_bytes, full_bytes, reduced_bytes,
};
pub use generate::{
    GaveUp, GenerateError, GenerateOptions, Generated, Generator, HittingStats, Progress,
    ProgressFn, Symmetry, Target, ThinStats, Tried, random_cages, random_regions, thin,
};
pub use io::format::{Layout, PuzzleFormat, Written, variant_json, write_variant_text};
pub use io::parse::{
    ParseError, ParseErrorKind, ParseOptions, ParseWarning, ParsedPuzzle, Puzzles, looks_like_json,
    looks_like_list, looks_like_variant_text, parse_puzzles, parse_reader, parse_variant_json,
    parse_variant_text,
};
pub use model::candidates::Candidates;
pub use model::family::ClauseFamily;
pub use model::fault::Fault;
pub use model::geometry::Geometry;
pub use model::grid::{Grid, GridError, Placement};
pub use model::house::{House, HouseKind};
pub use model::rules::{
    Cage, Cages, Cell, ClauseSink, Regions, Rule, Rules, RulesError, VariantRule, digit_sets,
    parse_cell, sum_range,
};
pub use model::shape::{MAX_SIDE, Shape, ShapeError};
pub use model::symbols::{
    Alphabet, AlphabetError, BLANKS, DEFAULT_SYMBOLS, HEX_SYMBOLS, SEPARATORS,
};
pub use reason::{
    EXTREME_ABOVE, Effort, End, Excluder, FailedProbe, Forced, HARD_WHAT_IFS, Hint, Level, Marks,
    RateError, RateOptions, Rating, Reasoning, Step, Walk, Why, cell_name, contradiction_text,
    next_hint, pencil_marks, rate, search_effort, sym as hint_symbol, walk,
};
pub use rng::Rng;
pub use solve::{
    Answer, Conflict, Reason, SolveError, SolveOptions, Stats, SudokuSolver, Verdict, Verification,
    broken_givens, direct_conflict,
};
