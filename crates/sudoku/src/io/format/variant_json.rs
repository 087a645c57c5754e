//! The variant JSON form, written: what `parse_variant_json` reads back.

use crate::model::grid::Grid;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::symbols::{Alphabet, DEFAULT_SYMBOLS};
use serde_json::{Map, Value, json};

/// The JSON object of a puzzle with its rules (and solution): what
/// [`crate::io::parse_variant_json`] reads. Grids are one line of symbols (integers
/// separated by spaces above 35×35).
pub fn variant_json(
    puzzle: &Grid,
    rules: &Rules,
    alphabet: Option<&Alphabet>,
    solution: Option<&Grid>,
) -> Map<String, Value> {
    let shape = puzzle.shape();
    let n = shape.n();
    let mut m = Map::new();
    if Shape::for_side(n).ok() != Some(shape) {
        m.insert("box".into(), json!(shape.to_string()));
    }
    if let Some(a) = alphabet {
        if Alphabet::default_for(n).as_ref() != Some(a) {
            m.insert(
                "symbols".into(),
                json!(a.symbols().iter().collect::<String>()),
            );
        }
    }
    let names: Vec<&str> = rules.simple().iter().map(|r| r.name()).collect();
    if !names.is_empty() {
        m.insert("rules".into(), json!(names));
    }
    if let Some(reg) = rules.regions() {
        let labels: Vec<char> = DEFAULT_SYMBOLS.chars().chain('a'..='z').collect();
        let rows: Vec<String> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| labels.get(reg.region_of(r, c, n)).copied().unwrap_or('?'))
                    .collect()
            })
            .collect();
        m.insert("regions".into(), json!(rows));
    }
    if !rules.cages().is_empty() {
        let cages: Vec<Value> = rules
            .cages()
            .iter()
            .map(|k| {
                let cells: Vec<String> = k
                    .cells
                    .iter()
                    .map(|&(r, c)| format!("r{}c{}", r + 1, c + 1))
                    .collect();
                json!({"sum": k.sum, "cells": cells})
            })
            .collect();
        m.insert("cages".into(), Value::Array(cages));
    }
    m.insert("givens".into(), json!(puzzle.to_line(alphabet)));
    if let Some(s) = solution {
        m.insert("solution".into(), json!(s.to_line(alphabet)));
    }
    m
}
