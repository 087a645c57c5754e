//! Failed-literal probing: assume a literal, propagate, and undo; a literal whose
//! assumption leads to a conflict must be false.

use super::{Conflict, Propagator};
use crate::lit::Lit;

/// What followed from assuming one literal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The literal assumed.
    pub assumed: Lit,
    /// The literals it implied, in order, each with the clause that forced it.
    pub implied: Vec<(Lit, usize)>,
    /// The clause that became false, when the assumption failed.
    pub conflict: Option<Conflict>,
}

impl Probe {
    /// True when the assumption led to a conflict (so the literal is false).
    pub fn failed(&self) -> bool {
        self.conflict.is_some()
    }
}

impl Propagator {
    /// Assumes `lit` on a fresh decision level, propagates, records what followed, and
    /// undoes it all. The current assignment should be propagated and consistent.
    pub fn probe(&mut self, lit: Lit) -> Probe {
        let level = self.level();
        self.new_level();
        let start = self.num_assigned();
        let conflict = self.assume_and_propagate(lit);
        let implied = self.trail()[start..]
            .iter()
            .filter_map(|&l| self.reason(l.var()).map(|r| (l, r)))
            .collect();
        self.backtrack(level);
        Probe {
            assumed: lit,
            implied,
            conflict,
        }
    }

    /// Failed-literal probing to a fixpoint at the current level: every unassigned
    /// literal of `candidates` is probed; each one that fails is set false (as an
    /// assumption) and propagated, and the round repeats until nothing fails.
    /// Returns the failed literals in the order found, or the conflict reached when
    /// the assignment turned out inconsistent.
    pub fn probe_to_fixpoint(&mut self, candidates: &[Lit]) -> Result<Vec<Lit>, Conflict> {
        if let Some(c) = self.propagate() {
            return Err(c);
        }
        let mut failed = Vec::new();
        loop {
            let mut changed = false;
            for &l in candidates {
                if self.value(l).is_some() {
                    continue;
                }
                if self.probe(l).failed() {
                    failed.push(l);
                    changed = true;
                    if let Some(c) = self.assume_and_propagate(!l) {
                        return Err(c);
                    }
                }
            }
            if !changed {
                return Ok(failed);
            }
        }
    }
}
