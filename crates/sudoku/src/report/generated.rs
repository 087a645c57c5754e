//! A generated puzzle as one JSON object, which every reader of gridsat takes back as
//! a puzzle.

use super::rating::rating_json;
use crate::generate::Generated;
use crate::io::format::variant_json;
use crate::model::symbols::Alphabet;
use serde_json::{Value, json};

/// Puzzle `k` of a run with `seed`: `puzzle`, `seed`, `clues`, `difficulty`, the
/// variant fields, `givens`, `solution` and `rating`.
pub fn generated_json(k: u64, seed: u64, g: &Generated, alphabet: Option<&Alphabet>) -> Value {
    let mut m = serde_json::Map::new();
    m.insert("puzzle".into(), json!(k));
    m.insert("seed".into(), json!(seed));
    m.insert("clues".into(), json!(g.puzzle.num_givens()));
    m.insert("difficulty".into(), json!(g.rating.level.name()));
    m.extend(variant_json(
        &g.puzzle,
        &g.rules,
        alphabet,
        Some(&g.solution),
    ));
    m.insert("rating".into(), rating_json(&g.rating));
    Value::Object(m)
}
