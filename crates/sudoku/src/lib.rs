//! Sudoku of any size as SAT: N×N grids with P×Q boxes, any alphabet, variant rules
//! (X, windoku, jigsaw, anti-knight, anti-king, non-consecutive, killer), four named
//! encodings, solution counting to a bound, conflicting givens named, and every
//! solution checked by an independent checker.
//!
//! The crate is laid out by stage, each importing only earlier ones: `model` (shapes,
//! grids, alphabets, [`Rules`]) → `io` (readers and writers) → `encode` (formulas) →
//! `check` (the independent checker) → `deduce` (propagation, probing) → `solve`
//! (counting, uniqueness, conflicts) → `reason` (hints, explanations, pencil marks,
//! ratings) → `generate` → `report` (what the command line, the Python package and the
//! web server print: text, JSON objects, and what each answer amounts to). Everything a
//! user needs is re-exported here.
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

mod check;
mod deduce;
mod encode;
mod generate;
mod io;
mod model;
mod reason;
mod report;
mod rng;
mod solve;
mod teach;

pub use check::check_solution;
pub use deduce::{
    Deduction, Logic, Order, PROBE_MAX_SIDE, PROBE_WIDTH, Presolve, ProbeEnd, SUBSETS_MIN_SIDE,
    SearchStats, basic_to_fixpoint, deduce, deduce_basic, search,
};
pub use encode::{
    CageEncoding, CellVars, EncodeError, EncodeOptions, Encoded, Encoding, GivenMode,
    MAX_FULL_CLAUSES, admit, encode, encode_candidates, encode_candidates_within, encode_rules,
    encode_rules_within, estimated_bytes, full_bytes, full_text_floor, model_bytes, reduced_bytes,
};
pub use generate::{
    GaveUp, GenerateError, GenerateOptions, Generated, Generator, HittingStats, Progress,
    ProgressFn, Symmetry, Target, ThinStats, Tried, random_cages, random_regions, thin,
};
pub use io::format::{
    Layout, PuzzleFormat, SheetPuzzle, SvgError, SvgOptions, Written, per_page, puzzle_svg,
    sheet_document, sheet_pages, variant_json, write_variant_text,
};
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
    Board as TechniqueBoard, MAX_TECHNIQUE_SIDE, PathEnd, SeRating, Technique, TechniquePath,
    TechniqueStep, next_technique_step, technique_path,
};
pub use reason::{
    Difficulty, EXTREME_ABOVE, Effort, End, Excluder, FailedProbe, Forced, HARD_WHAT_IFS, Hint,
    Marks, RateError, RateOptions, Rating, Reasoning, Step, Walk, Why, cell_name,
    contradiction_text, next_hint, pencil_marks, rate, search_effort, sym as hint_symbol, walk,
};
pub use report::{
    FormulaError, FormulaOptions, GenerateRequest, Question, Request, RequestError, ask,
    encode_formula, encode_report, formula_header,
};
/// Requests as programs (the Python package, the web server) ask them.
pub mod api {
    pub use crate::report::{
        FieldError, GenerateRequest, MAX_COUNT, Question, Request, RequestError, ask, ask_within,
        defaults, encode_report, encode_report_within, generate,
    };
}
pub use report::{CertificateError, Certified, Claim, certify, manifest_header, write_certificate};
pub use report::{
    Label, PropagationStep, Report, Toolkit, ToolkitError, answer_report, encoding_json,
    error_report, generated_json, memory_report, not_started_report, propagation, propagation_json,
    puzzle_json, rating_json, rating_text, sample_clause,
};
pub use rng::Rng;
/// Checking a student's encoding: counterexamples and the rules they break.
pub mod teaching {
    pub use crate::teach::{
        Assessment, Broken, Completeness, Counterexample, FamilyCheck, Forbidden, MappingError,
        Outcome3, Redundancy, Sizes, Student, TeachError, TeachOptions, VarMap, cells_picture,
        check_encoding, clause_text, json, text,
    };
}
pub use solve::{
    Answer, Conflict, Reason, SolveError, SolveOptions, Stats, SudokuSolver, Verdict, Verification,
    broken_givens, direct_conflict,
};
