//! Unit propagation that remembers why: every implied literal keeps the clause (and so
//! the clause family) that forced it, and its depth in the implication graph.
//!
//! This is the engine behind explanations: a literal forced by a clause of family
//! `box at least one` is a hidden single in a box, one forced by `cell at least one` a
//! naked single. Failed-literal probing ([`Propagator::probe`]) and chronological
//! backtracking ([`Propagator::new_level`], [`Propagator::backtrack`]) make it enough
//! for a small DPLL search as well.
//!
//! ```
//! use gridsat_sat::{Formula, propagate::Propagator};
//!
//! let mut f = Formula::new();
//! let x = f.new_block("x", &[3]);
//! let fam = f.family("chain");
//! let (a, b, c) = (x.var(&[0]), x.var(&[1]), x.var(&[2]));
//! f.add_clause(fam, &[a.neg(), b.pos()]);
//! f.add_clause(fam, &[b.neg(), c.pos()]);
//! let mut p = Propagator::new(&f);
//! p.assume(a.pos()).unwrap();
//! assert!(p.propagate().is_none());
//! assert_eq!(p.value(c.pos()), Some(true));
//! assert_eq!(p.reason(c), Some(1));
//! assert_eq!(p.depth(c), 2);
//! ```

mod probe;

pub use probe::Probe;

use crate::budget::{Budget, StopReason};
use crate::formula::{FamilyId, Formula};
use crate::lit::{Lit, Var};

/// No reason: an assumption (or a decision), not an implied literal.
const NONE: u32 = u32::MAX;

/// A clause all of whose literals are false: the index of the clause in the formula, or
/// `None` when an assumption contradicted a literal that was already set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The falsified clause, if a clause (not an assumption) failed.
    pub clause: Option<usize>,
}

/// A unit propagator over a fixed formula, with a trail of assignments, the reason and
/// depth of each, and decision levels for probing and backtracking.
#[derive(Clone, Debug)]
pub struct Propagator {
    lits: Vec<Lit>,
    starts: Vec<u32>,
    families: Vec<FamilyId>,
    /// For literal code `l`: (other literal, clause) of each binary clause containing `l`.
    binary: Vec<Vec<(Lit, u32)>>,
    /// For literal code `l`: the longer clauses whose first two (watched) literals include `l`.
    watches: Vec<Vec<u32>>,
    /// Per variable: 0 unassigned, 1 true, -1 false.
    values: Vec<i8>,
    reasons: Vec<u32>,
    depths: Vec<u32>,
    trail: Vec<Lit>,
    levels: Vec<usize>,
    qhead: usize,
    /// Unit and empty clauses, applied at level 0.
    root_units: Vec<u32>,
    root_conflict: Option<Conflict>,
}

impl Propagator {
    /// A propagator for `f` with nothing assumed; unit clauses of `f` are already
    /// enqueued (call [`Propagator::propagate`] to apply them).
    pub fn new(f: &Formula) -> Propagator {
        Propagator::new_within(f, &Budget::unlimited()).expect("an unlimited budget never stops")
    }

    /// [`Propagator::new`] within `budget`: the clock is read every 65,536 clauses, so
    /// that loading a formula of hundreds of millions of clauses stops on time.
    pub fn new_within(f: &Formula, budget: &Budget) -> Result<Propagator, StopReason> {
        let n = f.num_vars() as usize;
        let mut p = Propagator {
            lits: Vec::with_capacity(f.num_literals()),
            starts: Vec::with_capacity(f.num_clauses() + 1),
            families: Vec::with_capacity(f.num_clauses()),
            binary: vec![Vec::new(); 2 * n],
            watches: vec![Vec::new(); 2 * n],
            values: vec![0; n],
            reasons: vec![NONE; n],
            depths: vec![0; n],
            trail: Vec::with_capacity(n),
            levels: Vec::new(),
            qhead: 0,
            root_units: Vec::new(),
            root_conflict: None,
        };
        p.starts.push(0);
        let mut clause: Vec<Lit> = Vec::new();
        let mut seen = vec![u32::MAX; 2 * n];
        for (fam, lits) in f.clauses() {
            let ci = p.families.len() as u32;
            if ci % 65_536 == 65_535 {
                if let Some(r) = budget.stop_reason() {
                    return Err(r);
                }
            }
            // A repeated literal would hide a unit clause from the watches.
            clause.clear();
            for &l in lits {
                if seen[l.code()] != ci {
                    seen[l.code()] = ci;
                    clause.push(l);
                }
            }
            let clause = &clause[..];
            p.lits.extend_from_slice(clause);
            p.starts.push(p.lits.len() as u32);
            p.families.push(fam);
            match clause.len() {
                0 | 1 => p.root_units.push(ci),
                2 => {
                    p.binary[clause[0].code()].push((clause[1], ci));
                    p.binary[clause[1].code()].push((clause[0], ci));
                }
                _ => {
                    p.watches[clause[0].code()].push(ci);
                    p.watches[clause[1].code()].push(ci);
                }
            }
        }
        p.reset();
        Ok(p)
    }

    /// Undoes every assignment and re-applies the unit clauses of the formula.
    pub fn reset(&mut self) {
        self.backtrack(0);
        for l in std::mem::take(&mut self.trail) {
            let v = l.var().index();
            self.values[v] = 0;
            self.reasons[v] = NONE;
        }
        self.qhead = 0;
        self.root_conflict = None;
        for k in 0..self.root_units.len() {
            let ci = self.root_units[k];
            match self.clause(ci as usize) {
                [] => {
                    self.root_conflict = Some(Conflict {
                        clause: Some(ci as usize),
                    })
                }
                &[l] => match self.value(l) {
                    Some(true) => {}
                    Some(false) => {
                        self.root_conflict = Some(Conflict {
                            clause: Some(ci as usize),
                        })
                    }
                    None => self.enqueue(l, ci),
                },
                _ => unreachable!("only unit and empty clauses are root units"),
            }
        }
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.values.len()
    }

    /// Number of clauses.
    pub fn num_clauses(&self) -> usize {
        self.families.len()
    }

    /// The `i`-th clause (literals may be reordered for watching).
    pub fn clause(&self, i: usize) -> &[Lit] {
        &self.lits[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// The family of the `i`-th clause.
    pub fn family(&self, i: usize) -> FamilyId {
        self.families[i]
    }

    /// The value of `lit` (`None` while unassigned).
    #[inline]
    pub fn value(&self, lit: Lit) -> Option<bool> {
        match self.values[lit.var().index()] {
            0 => None,
            s => Some((s > 0) == lit.is_pos()),
        }
    }

    /// True when `lit` is assigned true.
    #[inline]
    pub fn is_true(&self, lit: Lit) -> bool {
        self.value(lit) == Some(true)
    }

    /// True when `lit` is assigned false.
    #[inline]
    pub fn is_false(&self, lit: Lit) -> bool {
        self.value(lit) == Some(false)
    }

    /// The clause that forced `v`, or `None` for an assumption or an unassigned variable.
    pub fn reason(&self, v: Var) -> Option<usize> {
        let r = self.reasons[v.index()];
        (self.values[v.index()] != 0 && r != NONE).then_some(r as usize)
    }

    /// Depth of `v` in the implication graph: 0 for assumptions and unit clauses, and
    /// one more than the deepest other literal of its reason for an implied literal.
    pub fn depth(&self, v: Var) -> u32 {
        self.depths[v.index()]
    }

    /// Assigned literals in the order they were set.
    pub fn trail(&self) -> &[Lit] {
        &self.trail
    }

    /// Number of assigned variables.
    pub fn num_assigned(&self) -> usize {
        self.trail.len()
    }

    /// The current decision level (0 until [`Propagator::new_level`] is called).
    pub fn level(&self) -> usize {
        self.levels.len()
    }

    /// Where the trail of decision level `level` (≥ 1) starts.
    pub fn level_start(&self, level: usize) -> usize {
        if level == 0 {
            0
        } else {
            self.levels[level - 1]
        }
    }

    /// Opens a new decision level: assignments made from now on are undone by
    /// [`Propagator::backtrack`] to the current level.
    pub fn new_level(&mut self) {
        self.levels.push(self.trail.len());
    }

    /// Undoes every assignment made above decision level `level`.
    pub fn backtrack(&mut self, level: usize) {
        if level >= self.levels.len() {
            return;
        }
        let keep = self.levels[level];
        for l in self.trail.drain(keep..) {
            let v = l.var().index();
            self.values[v] = 0;
            self.reasons[v] = NONE;
        }
        self.levels.truncate(level);
        self.qhead = self.qhead.min(keep);
    }

    /// Assumes `lit` at the current level, without a reason. An assumption that
    /// contradicts the current assignment is a conflict; a repeated one is ignored.
    pub fn assume(&mut self, lit: Lit) -> Result<(), Conflict> {
        match self.value(lit) {
            Some(true) => Ok(()),
            Some(false) => Err(Conflict { clause: None }),
            None => {
                self.enqueue(lit, NONE);
                Ok(())
            }
        }
    }

    #[inline]
    fn enqueue(&mut self, lit: Lit, reason: u32) {
        let depth = if reason == NONE {
            0
        } else {
            let (s, e) = (
                self.starts[reason as usize] as usize,
                self.starts[reason as usize + 1] as usize,
            );
            let v = lit.var().index();
            1 + self.lits[s..e]
                .iter()
                .filter(|l| l.var().index() != v)
                .map(|l| self.depths[l.var().index()])
                .max()
                .unwrap_or(0)
        };
        self.set(lit, reason, depth);
    }

    /// Assigns `lit` with its reason and depth.
    #[inline]
    fn set(&mut self, lit: Lit, reason: u32, depth: u32) {
        let v = lit.var().index();
        self.values[v] = if lit.is_pos() { 1 } else { -1 };
        self.reasons[v] = reason;
        self.depths[v] = depth;
        self.trail.push(lit);
    }

    /// Propagates every pending assignment to a fixpoint. Returns the conflict when a
    /// clause became false (the assignment is then inconsistent until backtracking).
    pub fn propagate(&mut self) -> Option<Conflict> {
        if let Some(c) = self.root_conflict {
            return Some(c);
        }
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            let false_lit = !p;
            // Binary clauses: the other literal must hold, one step deeper than `p`.
            let depth = self.depths[p.var().index()] + 1;
            for k in 0..self.binary[false_lit.code()].len() {
                let (other, ci) = self.binary[false_lit.code()][k];
                match self.value(other) {
                    Some(true) => {}
                    Some(false) => return Some(self.fail(ci)),
                    None => self.set(other, ci, depth),
                }
            }
            // Longer clauses: move the watch or propagate.
            let mut ws = std::mem::take(&mut self.watches[false_lit.code()]);
            let mut i = 0;
            let mut conflict = None;
            while i < ws.len() {
                let ci = ws[i];
                let (s, e) = (
                    self.starts[ci as usize] as usize,
                    self.starts[ci as usize + 1] as usize,
                );
                if self.lits[s] == false_lit {
                    self.lits.swap(s, s + 1);
                }
                let first = self.lits[s];
                if self.is_true(first) {
                    i += 1;
                    continue;
                }
                if let Some(k) = (s + 2..e).find(|&k| !self.is_false(self.lits[k])) {
                    self.lits.swap(s + 1, k);
                    let new_watch = self.lits[s + 1];
                    self.watches[new_watch.code()].push(ci);
                    ws.swap_remove(i);
                    continue;
                }
                if self.is_false(first) {
                    conflict = Some(self.fail(ci));
                    break;
                }
                self.enqueue(first, ci);
                i += 1;
            }
            self.watches[false_lit.code()] = ws;
            if conflict.is_some() {
                return conflict;
            }
        }
        None
    }

    fn fail(&mut self, ci: u32) -> Conflict {
        self.qhead = self.trail.len();
        let c = Conflict {
            clause: Some(ci as usize),
        };
        // A conflict without decisions holds until the next reset.
        if self.levels.is_empty() {
            self.root_conflict = Some(c);
        }
        c
    }

    /// Assumes `lit` and propagates.
    pub fn assume_and_propagate(&mut self, lit: Lit) -> Option<Conflict> {
        if let Err(c) = self.assume(lit) {
            return Some(c);
        }
        self.propagate()
    }

    /// The assumptions (literals without a reason) that the literal `lit` (assigned)
    /// depends on, found by walking the reasons back; for explaining a conflict, pass
    /// each literal of the falsified clause.
    pub fn antecedent_assumptions(&self, lits: &[Lit]) -> Vec<Lit> {
        let mut seen = vec![false; self.values.len()];
        let mut stack: Vec<Var> = lits.iter().map(|l| l.var()).collect();
        let mut out = Vec::new();
        while let Some(v) = stack.pop() {
            if std::mem::replace(&mut seen[v.index()], true) || self.values[v.index()] == 0 {
                continue;
            }
            match self.reason(v) {
                None => out.push(v.lit(self.values[v.index()] > 0)),
                Some(ci) => stack.extend(self.clause(ci).iter().map(|l| l.var())),
            }
        }
        out.sort_by_key(|l| l.var());
        out
    }
}

#[cfg(test)]
mod tests;
