//! The variant text format, written: what `parse_variant_text` reads back.

use crate::model::grid::Grid;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::symbols::{Alphabet, DEFAULT_SYMBOLS};

/// Writes one puzzle with its rules (and solution, when given) in the variant text
/// format; [`crate::io::parse_variant_text`] reads it back.
pub fn write_variant_text(
    puzzle: &Grid,
    rules: &Rules,
    alphabet: Option<&Alphabet>,
    solution: Option<&Grid>,
    name: Option<&str>,
) -> String {
    let shape = puzzle.shape();
    let n = shape.n();
    let mut s = String::new();
    if let Some(name) = name {
        s.push_str(&format!("name: {name}\n"));
    }
    if Shape::for_side(n).ok() != Some(shape) {
        s.push_str(&format!("box: {shape}\n"));
    }
    if let Some(a) = alphabet {
        if Alphabet::default_for(n).as_ref() != Some(a) {
            s.push_str(&format!(
                "symbols: {}\n",
                a.symbols().iter().collect::<String>()
            ));
        }
    }
    let simple: Vec<&str> = rules.simple().iter().map(|r| r.name()).collect();
    if !simple.is_empty() {
        s.push_str(&format!("rules: {}\n", simple.join(" ")));
    }
    if let Some(reg) = rules.regions() {
        let labels: Vec<char> = DEFAULT_SYMBOLS.chars().chain('a'..='z').collect();
        s.push_str("regions:\n");
        for r in 0..n {
            let row: Vec<String> = (0..n)
                .map(|c| {
                    labels
                        .get(reg.region_of(r, c, n))
                        .map_or('?', |&l| l)
                        .to_string()
                })
                .collect();
            s.push_str(&row.join(" "));
            s.push('\n');
        }
    }
    for cage in rules.cages() {
        let cells: Vec<String> = cage
            .cells
            .iter()
            .map(|&(r, c)| format!("r{}c{}", r + 1, c + 1))
            .collect();
        s.push_str(&format!("cage: {} {}\n", cage.sum, cells.join(" ")));
    }
    s.push_str("givens:\n");
    s.push_str(&puzzle.to_block(alphabet));
    if let Some(sol) = solution {
        s.push_str("solution:\n");
        s.push_str(&sol.to_block(alphabet));
    }
    s
}
