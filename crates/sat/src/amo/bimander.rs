//! Nguyen and Mai's bimander at-most-one encoding.

use super::{AtMostOne, Pairwise, aux};
use crate::formula::{FamilyId, Formula};
use crate::lit::Lit;

/// Inputs are split into m groups of `group`; at most one per group pairwise, and every
/// input of group i forces ⌈log₂ m⌉ shared bits to spell i, so inputs of two different
/// groups cannot both be true.
#[derive(Clone, Copy, Debug)]
pub struct Bimander {
    /// Group size (at least 1; 1 gives the binary encoding).
    pub group: usize,
}

impl AtMostOne for Bimander {
    fn encode(&self, f: &mut Formula, family: FamilyId, lits: &[Lit]) {
        let g = self.group.max(1);
        let m = lits.len().div_ceil(g);
        if m <= 1 {
            return Pairwise.encode(f, family, lits);
        }
        let bits = (usize::BITS - (m - 1).leading_zeros()) as usize;
        let b = aux(f, family, "bimander bit", bits);
        for (i, grp) in lits.chunks(g).enumerate() {
            Pairwise.encode(f, family, grp);
            for &x in grp {
                for (k, &bit) in b.iter().enumerate() {
                    let want = if i >> k & 1 == 1 { bit } else { !bit };
                    f.add_clause(family, &[!x, want]);
                }
            }
        }
    }
}
