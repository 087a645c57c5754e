//! Options shared by the Sudoku subcommands, and reading puzzles with them.

use crate::cli::input::{display_name, read_text};
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sudoku::{Alphabet, ParseOptions, ParsedPuzzle, Rules, Shape, parse_puzzles};
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
    /// Variant rules for every puzzle read, e.g. diagonals,anti-knight (see README, Variants).
    #[arg(long, value_name = "LIST", value_parser = Rules::parse_list)]
    pub rules: Option<Rules>,
}

fn parse_shape(s: &str) -> Result<Shape, String> {
    s.parse()
}

fn parse_alphabet(s: &str) -> Result<Alphabet, String> {
    Alphabet::custom(s)
}

impl GridArgs {
    /// The parse options these flags give.
    pub fn parse_options(&self) -> ParseOptions {
        ParseOptions {
            shape: self.shape,
            alphabet: self.symbols.clone().map(std::sync::Arc::new),
        }
    }
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
            let mut p = r.map_err(|e| Fail::usage(format!("{name}:{e}")))?;
            if let Some(rules) = &grid.rules {
                p.rules.merge(rules);
            }
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
        return Err(Fail::usage(format!(
            "{}: has {count} puzzle{}, no puzzle {k}",
            display_name(path),
            if count == 1 { "" } else { "s" }
        )));
    }
    items.swap_remove(k - 1)
}

/// The default input path `-` (stdin).
pub fn stdin_path() -> PathBuf {
    PathBuf::from("-")
}

/// Reads the puzzles of `file` (stdin by default), or only puzzle `index`.
pub fn selected(
    file: &Option<PathBuf>,
    grid: &GridArgs,
    index: Option<usize>,
) -> Result<(String, Vec<(usize, Item)>), Fail> {
    let path = file.clone().unwrap_or_else(stdin_path);
    let items = read_puzzles(&path, grid)?;
    let total = items.len();
    let all: Vec<(usize, Item)> = items
        .into_iter()
        .enumerate()
        .map(|(i, p)| (i + 1, p))
        .collect();
    let chosen = match index {
        None => all,
        Some(k) if k >= 1 && k <= total => all.into_iter().filter(|(i, _)| *i == k).collect(),
        Some(k) => {
            return Err(Fail::usage(format!(
                "{}: has {total} puzzle{}, no puzzle {k}",
                display_name(Path::new(&path)),
                if total == 1 { "" } else { "s" }
            )));
        }
    };
    Ok((display_name(&path), chosen))
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
