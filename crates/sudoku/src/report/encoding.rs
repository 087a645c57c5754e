//! A formula as a program sees it: its size, its families with a sample clause each in
//! readable names, and its DIMACS text.

use super::{Head, Label, to_json};
use gridsat_sat::{FamilyId, Formula};
use serde_json::Value;

/// A clause of `family` in readable names, e.g. `¬r1c1=5 ∨ ¬r1c7=5`; `None` for an
/// empty family.
pub fn sample_clause(f: &Formula, family: FamilyId) -> Option<String> {
    let (_, c) = f.clauses().find(|(fam, _)| *fam == family)?;
    Some(clause_text(f, c))
}

fn clause_text(f: &Formula, c: &[gridsat_sat::Lit]) -> String {
    if c.is_empty() {
        return "⊥ (the empty clause)".to_string();
    }
    let lits: Vec<String> = c.iter().map(|&l| f.describe_lit(l)).collect();
    lits.join(" ∨ ")
}

/// One clause family of a formula, with a sample clause in readable names.
#[derive(serde::Serialize)]
struct FamilyJson<'a> {
    name: &'a str,
    clauses: usize,
    literals: usize,
    sample: Option<String>,
}

/// The object of `encode` (schema `docs/schema/sudoku/encode.json`).
#[derive(serde::Serialize)]
struct EncodingJson<'a> {
    #[serde(flatten)]
    head: Head,
    variables: u32,
    clauses: usize,
    literals: usize,
    families: Vec<FamilyJson<'a>>,
    dimacs: &'a str,
}

/// `variables`, `clauses`, `literals`, `families` (each `name`, `clauses`, `literals`,
/// `sample`), and `dimacs`, the text `encode` writes.
pub fn encoding_json(label: &Label, f: &Formula, dimacs: &str) -> Value {
    let mut first: Vec<Option<usize>> = vec![None; f.families().len()];
    for i in 0..f.num_clauses() {
        first[f.clause_family(i).index()].get_or_insert(i);
    }
    let families = f
        .families()
        .iter()
        .zip(&first)
        .map(|(fam, &i)| FamilyJson {
            name: &fam.name,
            clauses: fam.clauses,
            literals: fam.literals,
            sample: i.map(|i| clause_text(f, f.clause(i))),
        })
        .collect();
    to_json(&EncodingJson {
        head: label.head(),
        variables: f.num_vars(),
        clauses: f.num_clauses(),
        literals: f.num_literals(),
        families,
        dimacs,
    })
}
