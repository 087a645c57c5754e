//! A puzzle as read: its size, boxes, symbols, givens and rules, for a program (the
//! web page loads a pasted puzzle into its board with it).

use super::{Label, object};
use crate::io::format::variant_json;
use crate::io::parse::ParsedPuzzle;
use serde_json::{Value, json};

/// `size`, `box`, `symbols` (null for integer grids), `clues`, `givens` (one line, `.`
/// for blanks; integers separated by spaces above 35×35), and the variant members
/// (`rules`, `regions`, `cages`) when there are any.
pub fn puzzle_json(label: &Label, p: &ParsedPuzzle) -> Value {
    let shape = p.grid.shape();
    let a = p.alphabet.as_deref();
    let symbols = a.map(|a| a.symbols().iter().collect::<String>());
    let mut j = object(
        label,
        vec![
            ("size", json!(shape.n())),
            ("box", json!(shape.to_string())),
            ("symbols", json!(symbols)),
            ("clues", json!(p.grid.num_givens())),
            ("givens", json!(p.grid.to_line(a))),
        ],
    );
    let variant = variant_json(&p.grid, &p.rules, a, None);
    for key in ["rules", "regions", "cages"] {
        if let Some(v) = variant.get(key) {
            j[key] = v.clone();
        }
    }
    j
}
