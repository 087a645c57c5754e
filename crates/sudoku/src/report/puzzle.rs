//! A puzzle as read: its size, boxes, symbols, givens and rules, for a program (the
//! web page loads a pasted puzzle into its board with it).

use super::{Head, Label, to_json};
use crate::io::format::variant_json;
use crate::io::parse::ParsedPuzzle;
use serde_json::{Map, Value};

/// The object of `parse` (schema `docs/schema/sudoku/parse.json`); the variant
/// members are the puzzle format's own (`io::format::variant_json`).
#[derive(serde::Serialize)]
struct PuzzleJson {
    #[serde(flatten)]
    head: Head,
    size: usize,
    #[serde(rename = "box")]
    shape: String,
    symbols: Option<String>,
    clues: usize,
    givens: String,
    #[serde(flatten)]
    variant: Map<String, Value>,
}

/// `size`, `box`, `symbols` (null for integer grids), `clues`, `givens` (one line, `.`
/// for blanks; integers separated by spaces above 35×35), and the variant members
/// (`rules`, `regions`, `cages`) when there are any.
pub fn puzzle_json(label: &Label, p: &ParsedPuzzle) -> Value {
    let shape = p.grid.shape();
    let a = p.alphabet.as_deref();
    let mut variant = variant_json(&p.grid, &p.rules, a, None);
    variant.retain(|key, _| ["rules", "regions", "cages"].contains(&key.as_str()));
    to_json(&PuzzleJson {
        head: label.head(),
        size: shape.n(),
        shape: shape.to_string(),
        symbols: a.map(|a| a.symbols().iter().collect::<String>()),
        clues: p.grid.num_givens(),
        givens: p.grid.to_line(a),
        variant,
    })
}
