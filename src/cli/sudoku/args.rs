//! Options shared by the Sudoku subcommands, reading puzzles with them, and the
//! library's messages in command-line words (the flags to use).

use crate::cli::input::{display_name, read_text};
pub use crate::cli::memory_message;
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sat::{Budget, Conclusion};
use gridsat_sudoku::{
    ParseError, ParseOptions, ParsedPuzzle, Rules, SolveError,
    encode::EncodeError,
    generate::GenerateError,
    io::{ParseErrorKind, ParseWarning},
    model::{Alphabet, AlphabetError, RulesError, Shape, ShapeError},
    parse_puzzles,
};
use gridsat_sudoku::{
    SolveOptions,
    report::{Report, Toolkit, ToolkitError},
};
use std::path::{Path, PathBuf};

/// How to read puzzles.
#[derive(Args, Debug, Clone, Default)]
pub struct GridArgs {
    /// Box shape PxQ (rows × columns), e.g. 2x3 for 6×6; square boxes are inferred.
    #[arg(long = "box", value_name = "PxQ", value_parser = parse_shape)]
    pub shape: Option<Shape>,
    /// Symbol alphabet, one character per symbol (e.g. ▲●■★); default 1-9 then A-Z.
    #[arg(long, value_name = "SYMBOLS", value_parser = parse_alphabet)]
    pub symbols: Option<Alphabet>,
    /// Variant rules for every puzzle read, e.g. diagonals,anti-knight (see docs/guide/sudoku-variants.md).
    #[arg(long, value_name = "LIST", value_parser = parse_rules)]
    pub rules: Option<Rules>,
}

fn parse_shape(s: &str) -> Result<Shape, ShapeError> {
    s.parse()
}

fn parse_alphabet(s: &str) -> Result<Alphabet, AlphabetError> {
    Alphabet::custom(s)
}

fn parse_rules(s: &str) -> Result<Rules, RulesError> {
    Rules::parse_list(s)
}

impl GridArgs {
    /// The parse options these flags give.
    pub fn parse_options(&self) -> ParseOptions {
        ParseOptions::new(self.shape, self.symbols.clone().map(std::sync::Arc::new))
    }

    /// Adds the `--rules` to those a puzzle brought.
    pub fn apply_rules(&self, p: &mut ParsedPuzzle) {
        if let Some(rules) = &self.rules {
            p.rules.merge(rules);
        }
    }
}

/// A parse error as `NAME:LINE:COL: message`, naming the flag where one fixes it.
pub fn parse_message(name: &str, e: &ParseError) -> String {
    let what = match &e.kind {
        ParseErrorKind::BoxMismatch { n, shape } => format!(
            "the puzzle is {n}×{n} but --box {shape} makes {m}×{m} grids",
            m = shape.n()
        ),
        ParseErrorKind::NeedsAlphabet { n } => format!(
            "a {n}×{n} grid needs {n} symbols, more than the 35 of 1-9A-Z: write it as integers or give --symbols"
        ),
        other => other.to_string(),
    };
    format!("{name}:{}:{}: {what}", e.line, e.column)
}

/// Says on stderr what may not have been read as meant (`NAME:LINE: warning: …`),
/// naming the flag that fixes it.
pub fn warn_parsed(name: &str, p: &ParsedPuzzle) {
    if let Some(w) = p.warning {
        let what = match w {
            ParseWarning::MaybeHexadoku => "this 16×16 puzzle has 0s and no G: 0 is read as a blank; if it is a symbol (hexadoku 0–F), give --symbols 0123456789ABCDEF".to_string(),
            other => other.to_string(),
        };
        eprintln!("gridsat: {name}:{}: warning: {what}", p.line);
    }
}

/// An encoding error, naming the flag that fixes it.
pub fn encode_message(e: &EncodeError) -> String {
    match e {
        EncodeError::TooLarge { .. } => format!("{e}; use --encoding reduced"),
        EncodeError::Memory(m) => memory_message(m),
        EncodeError::ReadableIds { n } => {
            format!("--readable-ids numbers 9×9 variables only; this grid is {n}×{n}")
        }
        other => other.to_string(),
    }
}

/// A solving error, naming the flag that fixes it.
pub fn solve_message(e: &SolveError) -> String {
    match e {
        SolveError::Encode(e) => encode_message(e),
        SolveError::Memory(m) => memory_message(m),
        other => other.to_string(),
    }
}

/// A generation error, naming the flags that fix it.
pub fn generate_message(e: &GenerateError) -> String {
    use gridsat_sudoku::generate::GaveUp;
    match e {
        GenerateError::TooManyClues { clues, n } => {
            format!("--clues {clues}: a {n}×{n} grid has only {} cells", n * n)
        }
        GenerateError::HittingSet => {
            "--hitting-set works on classic puzzles without a symmetry".into()
        }
        GenerateError::Thin => {
            "--thin works with --no-search on classic puzzles without a symmetry".into()
        }
        GenerateError::Encode(e) => encode_message(e),
        GenerateError::GaveUp(GaveUp::Difficulty {
            level,
            attempts,
            others,
        }) => format!(
            "no {level} puzzle found in {attempts} attempts ({others} puzzles of other difficulties were made): raise --max-attempts"
        ),
        other => other.to_string(),
    }
}

/// A toolkit over `budget`, whose memory-limit answers name the flag that raises it.
pub fn toolkit(budget: &Budget) -> Toolkit {
    let mut opts = SolveOptions::default();
    opts.budget = budget.clone();
    Toolkit::new(opts).with_memory_hint(crate::cli::MEMORY_HINT)
}

/// A question that could not be answered at all: a solver failure (exit 5), or rules
/// the reasoning model cannot take (exit 2).
pub fn toolkit_failure(label: &str, e: &ToolkitError) -> Fail {
    match e {
        // hint, explain and candidates have no --encoding to suggest: say what still works.
        ToolkitError::Encode(e @ EncodeError::TooLarge { .. }) => Fail::usage(format!(
            "{e}: too large for the reasoning model behind hint, explain and candidates; \
             `gridsat sudoku solve` answers the grid"
        )),
        ToolkitError::Encode(e) => Fail::usage(encode_message(e)),
        ToolkitError::Solve(e) => Fail::failure(format!("{label}: {}", solve_message(e))),
        other => Fail::failure(other.to_string()),
    }
}

/// Prints a report (its JSON object or its text) and folds its exit code into `exit`.
pub fn print_report(
    out: &mut impl std::io::Write,
    report: &Report,
    json: bool,
    exit: &mut Exit,
) -> Result<(), Fail> {
    out.write_all(report.printed(json).as_bytes())?;
    *exit = exit.worst(Exit::from(report.conclusion));
    Ok(())
}

/// The exit code of what an answer amounts to.
pub fn exit_of(c: Conclusion) -> Exit {
    Exit::from(c)
}

/// A puzzle read from a file, or the error that spoiled it (already located).
pub type Item = Result<ParsedPuzzle, Fail>;

/// Reads every puzzle of `path` (`-` = stdin). An empty input is an error; a bad
/// puzzle is an item carrying a `FILE:LINE:COL: …` message.
pub fn read_puzzles(path: &Path, grid: &GridArgs) -> Result<Vec<Item>, Fail> {
    let text = read_text(path)?;
    let name = display_name(path);
    let opts = grid.parse_options();
    let items: Vec<Item> = parse_puzzles(&text, &opts)
        .map(|r| {
            let mut p = r.map_err(|e| Fail::usage(parse_message(&name, &e)))?;
            warn_parsed(&name, &p);
            grid.apply_rules(&mut p);
            Ok(p)
        })
        .collect();
    if items.is_empty() {
        return Err(Fail::usage(format!(
            "{name}: no puzzle found (the input is empty)"
        )));
    }
    Ok(items)
}

/// Reads puzzle number `k` (1-based) of `path`.
pub fn read_one(path: &Path, grid: &GridArgs, k: usize) -> Result<ParsedPuzzle, Fail> {
    let mut items = read_puzzles(path, grid)?;
    let count = items.len();
    if k == 0 || k > count {
        return Err(no_puzzle(path, count, k));
    }
    items.swap_remove(k - 1)
}

fn no_puzzle(path: &Path, count: usize, k: usize) -> Fail {
    Fail::usage(format!(
        "{}: has {count} puzzle{}, no puzzle {k}",
        display_name(path),
        if count == 1 { "" } else { "s" }
    ))
}

/// The default input path `-` (stdin).
pub fn stdin_path() -> PathBuf {
    PathBuf::from("-")
}

/// Which puzzles a command works on: every puzzle of a file, or one of them.
#[derive(Args, Debug)]
pub struct Selection {
    /// Puzzle file (`-` or nothing for stdin), in any format gridsat reads.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub grid: GridArgs,
    /// Only puzzle K of the file (1-based); default: every puzzle.
    #[arg(long = "index", value_name = "K")]
    pub index: Option<usize>,
}

impl Selection {
    /// Reads the selected puzzles, numbered from 1.
    pub fn read(&self) -> Result<Vec<(usize, Item)>, Fail> {
        let path = self.file.clone().unwrap_or_else(stdin_path);
        let items = read_puzzles(&path, &self.grid)?;
        let total = items.len();
        let all = items.into_iter().enumerate().map(|(i, p)| (i + 1, p));
        match self.index {
            None => Ok(all.collect()),
            Some(k) if k >= 1 && k <= total => Ok(all.filter(|(i, _)| *i == k).collect()),
            Some(k) => Err(no_puzzle(&path, total, k)),
        }
    }
}

/// The puzzle of an item; for an unreadable one, its located error goes to stderr, the
/// exit code becomes at least 2 (bad input), and `None` is returned.
pub fn readable(item: Item, exit: &mut Exit) -> Option<ParsedPuzzle> {
    match item {
        Ok(p) => Some(p),
        Err(f) => {
            eprintln!("gridsat: {}", f.message);
            *exit = exit.worst(Exit::Usage);
            None
        }
    }
}
