//! Sinz's sequential-counter (ladder) at-most-one encoding.

use super::{AtMostOne, aux};
use crate::formula::{FamilyId, Formula};
use crate::lit::Lit;

/// Auxiliary `s_i` means "some of the first i+1 inputs is true"; a true input forbids
/// an earlier one through the ladder. 3n−4 clauses and n−1 auxiliaries for n ≥ 2.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sequential;

impl AtMostOne for Sequential {
    fn encode(&self, f: &mut Formula, family: FamilyId, lits: &[Lit]) {
        let n = lits.len();
        if n <= 1 {
            return;
        }
        let s = aux(f, family, "ladder", n - 1);
        f.add_clause(family, &[!lits[0], s[0]]);
        for i in 1..n - 1 {
            f.add_clause(family, &[!lits[i], s[i]]);
            f.add_clause(family, &[!s[i - 1], s[i]]);
            f.add_clause(family, &[!lits[i], !s[i - 1]]);
        }
        f.add_clause(family, &[!lits[n - 1], !s[n - 2]]);
    }
}
