//! Klieber and Kwon's commander at-most-one encoding.

use super::{AtMostOne, Pairwise, aux};
use crate::formula::{FamilyId, Formula};
use crate::lit::Lit;

/// Inputs are split into groups of `group`; each group gets a commander variable that
/// is true when some input in it is (and only then), at most one input per group is
/// allowed pairwise, and at most one commander recursively.
#[derive(Clone, Copy, Debug)]
pub struct Commander {
    /// Group size (at least 2).
    pub group: usize,
}

impl AtMostOne for Commander {
    fn encode(&self, f: &mut Formula, family: FamilyId, lits: &[Lit]) {
        let g = self.group.max(2);
        if lits.len() <= g + 1 {
            return Pairwise.encode(f, family, lits);
        }
        let groups: Vec<&[Lit]> = lits.chunks(g).collect();
        let cmd = aux(f, family, "commander", groups.len());
        let mut clause = Vec::with_capacity(g + 1);
        for (&c, grp) in cmd.iter().zip(&groups) {
            Pairwise.encode(f, family, grp);
            clause.clear();
            clause.push(!c);
            clause.extend_from_slice(grp);
            f.add_clause(family, &clause);
            for &x in grp.iter() {
                f.add_clause(family, &[!x, c]);
            }
        }
        self.encode(f, family, &cmd);
    }
}
