//! The pairwise (binomial) at-most-one encoding.

use super::AtMostOne;
use crate::formula::{FamilyId, Formula};
use crate::lit::Lit;

/// One clause `¬a ∨ ¬b` for every pair of inputs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pairwise;

impl AtMostOne for Pairwise {
    fn encode(&self, f: &mut Formula, family: FamilyId, lits: &[Lit]) {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                f.add_clause(family, &[!a, !b]);
            }
        }
    }
}
