//! A generated puzzle as one JSON object, which every reader of gridsat takes back as
//! a puzzle.

use super::rating::rating_json;
use super::to_json;
use crate::generate::Generated;
use crate::io::format::variant_json;
use crate::model::symbols::Alphabet;
use serde_json::{Map, Value};

/// The object of one generated puzzle (schema `docs/schema/sudoku/generate.json`);
/// the variant members, `givens` and `solution` are the puzzle format's own
/// (`io::format::variant_json`), so that a reader takes the object back as a puzzle.
#[derive(serde::Serialize)]
struct GeneratedJson {
    puzzle: u64,
    seed: u64,
    clues: usize,
    difficulty: &'static str,
    #[serde(flatten)]
    puzzle_members: Map<String, Value>,
    rating: Value,
}

/// Puzzle `k` of a run with `seed`: `puzzle`, `seed`, `clues`, `difficulty`, the
/// variant fields, `givens`, `solution` and `rating`.
pub fn generated_json(k: u64, seed: u64, g: &Generated, alphabet: Option<&Alphabet>) -> Value {
    to_json(&GeneratedJson {
        puzzle: k,
        seed,
        clues: g.puzzle.num_givens(),
        difficulty: g.rating.level.name(),
        puzzle_members: variant_json(&g.puzzle, &g.rules, alphabet, Some(&g.solution)),
        rating: rating_json(&g.rating),
    })
}
