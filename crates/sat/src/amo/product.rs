//! Chen's two-product at-most-one encoding.

use super::{AtMostOne, Pairwise, aux};
use crate::formula::{FamilyId, Formula};
use crate::lit::Lit;

/// Inputs are placed on a p × q grid (p = ⌈√n⌉); input (i, j) implies row variable u_i
/// and column variable v_j, and at most one u and one v may hold (recursively). Two
/// true inputs would need two rows or two columns. About 2n + 4√n clauses.
#[derive(Clone, Copy, Debug, Default)]
pub struct Product;

impl AtMostOne for Product {
    fn encode(&self, f: &mut Formula, family: FamilyId, lits: &[Lit]) {
        let n = lits.len();
        if n <= 4 {
            return Pairwise.encode(f, family, lits);
        }
        let p = (n as f64).sqrt().ceil() as usize;
        let q = n.div_ceil(p);
        let u = aux(f, family, "product row", p);
        let v = aux(f, family, "product column", q);
        for (k, &x) in lits.iter().enumerate() {
            f.add_clause(family, &[!x, u[k / q]]);
            f.add_clause(family, &[!x, v[k % q]]);
        }
        self.encode(f, family, &u);
        self.encode(f, family, &v);
    }
}
