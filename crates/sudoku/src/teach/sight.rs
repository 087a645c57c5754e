//! Queries refuted at sight: "every literal of a set is false" cannot hold when one
//! clause of the formula has all its literals in that set. The family and completeness
//! queries use it to leave out, before the solver sees them, the cases a single clause
//! rules out (every pairwise at-most-one case of a right encoding), which the solver
//! would otherwise refute one conflict at a time.

use gridsat_sat::Lit;
use std::collections::{HashMap, HashSet};

/// Clauses indexed by their literals.
pub struct ClauseIndex<'a> {
    clauses: &'a [Vec<Lit>],
    by_lit: HashMap<Lit, Vec<usize>>,
}

impl<'a> ClauseIndex<'a> {
    /// An index of `clauses`.
    pub fn new(clauses: &'a [Vec<Lit>]) -> ClauseIndex<'a> {
        let mut by_lit: HashMap<Lit, Vec<usize>> = HashMap::new();
        for (i, c) in clauses.iter().enumerate() {
            for &l in c {
                by_lit.entry(l).or_default().push(i);
            }
        }
        ClauseIndex { clauses, by_lit }
    }

    /// Whether some clause has every literal in `false_lits`: then making all of
    /// `false_lits` false falsifies it. An empty set holds no clause.
    pub fn refutes(&self, false_lits: &[Lit]) -> bool {
        let set: HashSet<Lit> = false_lits.iter().copied().collect();
        false_lits.iter().any(|l| {
            self.by_lit.get(l).is_some_and(|ids| {
                ids.iter()
                    .any(|&i| self.clauses[i].iter().all(|x| set.contains(x)))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridsat_sat::Var;

    fn lit(x: i32) -> Lit {
        Var::new(x.unsigned_abs()).lit(x > 0)
    }

    #[test]
    fn a_set_refutes_only_when_it_holds_a_whole_clause() {
        let clauses = vec![vec![lit(-1), lit(-2)], vec![lit(1), lit(2), lit(3)]];
        let index = ClauseIndex::new(&clauses);
        assert!(index.refutes(&[lit(-1), lit(-2)]));
        assert!(index.refutes(&[lit(-2), lit(5), lit(-1)]));
        assert!(!index.refutes(&[lit(-1), lit(2)]));
        assert!(!index.refutes(&[lit(1), lit(2)]));
        assert!(index.refutes(&[lit(1), lit(2), lit(3)]));
        assert!(!index.refutes(&[]));
    }
}
