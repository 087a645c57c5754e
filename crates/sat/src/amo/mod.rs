//! At-most-one and exactly-one constraints, with one file per encoding behind [`AtMostOne`].

mod bimander;
mod commander;
mod pairwise;
mod product;
mod sequential;

pub use bimander::Bimander;
pub use commander::Commander;
pub use pairwise::Pairwise;
pub use product::Product;
pub use sequential::Sequential;

use crate::formula::{FamilyId, Formula};
use crate::lit::Lit;

/// An encoding of "at most one of these literals is true" into clauses.
///
/// Encodings may allocate auxiliary variables; they are put in a block named after the
/// family, so that DIMACS comments still say what every variable is.
pub trait AtMostOne {
    /// Adds clauses to `f`, in `family`, that allow at most one of `lits` to be true.
    fn encode(&self, f: &mut Formula, family: FamilyId, lits: &[Lit]);
}

crate::named_enum! {
    /// The selectable at-most-one encodings.
    pub enum AmoEncoding ("at-most-one encoding") default Pairwise {
        /// One binary clause per pair: n(n−1)/2 clauses, no auxiliary variables.
        Pairwise = "pairwise",
        /// Sinz's sequential counter (ladder): 3n−4 clauses, n−1 auxiliary variables.
        Sequential = "sequential" | "ladder",
        /// Klieber and Kwon's commander encoding, groups of three, recursive.
        Commander = "commander",
        /// Chen's two-product encoding on a √n × √n grid, recursive.
        Product = "product",
        /// Nguyen and Mai's bimander encoding: groups of two with binary-coded group numbers.
        Bimander = "bimander",
    }
}

impl AmoEncoding {
    /// The encoder behind the name.
    pub fn encoder(self) -> &'static dyn AtMostOne {
        match self {
            AmoEncoding::Pairwise => &Pairwise,
            AmoEncoding::Sequential => &Sequential,
            AmoEncoding::Commander => &Commander { group: 3 },
            AmoEncoding::Product => &Product,
            AmoEncoding::Bimander => &Bimander { group: 2 },
        }
    }
}

/// Adds "at most one of `lits`" to `f` in `family`, using `enc`.
pub fn at_most_one(f: &mut Formula, family: FamilyId, lits: &[Lit], enc: AmoEncoding) {
    enc.encoder().encode(f, family, lits);
}

/// Adds "at least one of `lits`" (one clause) to `f` in `family`.
pub fn at_least_one(f: &mut Formula, family: FamilyId, lits: &[Lit]) {
    f.add_clause(family, lits);
}

/// Adds "exactly one of `lits`": the at-least-one clause in `alo`, the rest in `amo`.
pub fn exactly_one(f: &mut Formula, alo: FamilyId, amo: FamilyId, lits: &[Lit], enc: AmoEncoding) {
    at_least_one(f, alo, lits);
    at_most_one(f, amo, lits, enc);
}

/// Allocates `n` auxiliary variables for an encoding, named after the family.
pub(crate) fn aux(f: &mut Formula, family: FamilyId, what: &str, n: usize) -> Vec<Lit> {
    let name = format!("{} {what}", f.family_info(family).name);
    let b = f.new_block(&name, &[n as u32]);
    (0..n as u32).map(|i| b.var(&[i]).pos()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Outcome, default_backend};

    /// For every assignment of the inputs (as assumptions), the encoding is satisfiable
    /// exactly when at most one input is true.
    fn check_semantics(enc: AmoEncoding, n: usize) {
        let mut f = Formula::new();
        let fam = f.family("amo");
        let xs = f.new_block("x", &[n as u32]);
        let lits: Vec<Lit> = (0..n as u32).map(|i| xs.var(&[i]).pos()).collect();
        at_most_one(&mut f, fam, &lits, enc);
        let mut s = default_backend();
        s.add_formula(&f);
        for mask in 0u32..(1 << n) {
            let assumptions: Vec<Lit> = (0..n)
                .map(|i| xs.var(&[i as u32]).lit(mask >> i & 1 == 1))
                .collect();
            let expected = if mask.count_ones() <= 1 {
                Outcome::Sat
            } else {
                Outcome::Unsat
            };
            assert_eq!(
                s.solve(&assumptions).unwrap(),
                expected,
                "{enc} with n={n}, inputs {mask:b}"
            );
        }
    }

    #[test]
    fn every_encoding_means_at_most_one() {
        for &enc in AmoEncoding::ALL {
            for n in 0..=11 {
                check_semantics(enc, n);
            }
        }
    }

    #[test]
    fn pairwise_and_sequential_have_the_textbook_sizes() {
        for n in 2..20usize {
            let mut f = Formula::new();
            let fam = f.family("amo");
            let xs = f.new_block("x", &[n as u32]);
            let lits: Vec<Lit> = (0..n as u32).map(|i| xs.var(&[i]).pos()).collect();
            at_most_one(&mut f, fam, &lits, AmoEncoding::Pairwise);
            assert_eq!(f.num_clauses(), n * (n - 1) / 2);
            let mut g = Formula::new();
            let fam = g.family("amo");
            let xs = g.new_block("x", &[n as u32]);
            let lits: Vec<Lit> = (0..n as u32).map(|i| xs.var(&[i]).pos()).collect();
            at_most_one(&mut g, fam, &lits, AmoEncoding::Sequential);
            assert_eq!(g.num_clauses(), 3 * n - 4);
            assert_eq!(g.num_vars() as usize, n + n - 1);
        }
    }

    #[test]
    fn names_parse_back() {
        for &enc in AmoEncoding::ALL {
            assert_eq!(enc.name().parse::<AmoEncoding>(), Ok(enc));
        }
        assert!("nonsense".parse::<AmoEncoding>().is_err());
    }
}
