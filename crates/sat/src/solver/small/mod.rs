//! A small CDCL core for formulas of a few hundred variables, reused from one formula
//! to the next: [`SmallBackend::reset`] forgets the formula and keeps every array, so a
//! thread solving puzzle after puzzle stops allocating once it has met its largest
//! formula. Binary clauses (most of a Sudoku's: the at-most-one pairs) are lists of
//! implied literals per literal; longer ones are watched by two literals in one flat
//! arena. The search is MiniSat's in outline — 1UIP learning with minimisation, VSIDS,
//! geometric restarts, learnt-clause reduction by glue — written for this crate.
//!
//! Files: `state` (the data and its reset), `propagate`, `analyze` (learning and
//! failed assumptions), `order` (VSIDS), `search` (the loop, models and their
//! blocking), `reduce` (learnt-clause reduction), `stop` (limits).

mod analyze;
mod order;
mod propagate;
mod reduce;
mod search;
mod state;
mod stop;
#[cfg(test)]
mod tests;

use self::search::{Enumeration, Options, SEED, Solver};
use crate::budget::{Budget, Interrupt};
use crate::lit::{Lit, Var};
use crate::solver::{Backend, Limits, Models, Outcome, SolverError};

/// The small CDCL core behind the [`Backend`] interface, with deadline, interrupt,
/// memory watch and conflict limit; enumeration blocks each model inside one search.
pub struct SmallBackend {
    s: Solver,
    limits: Limits,
    buf: Vec<u32>,
    assumptions: Vec<u32>,
}

impl SmallBackend {
    /// A fresh solver, tuned for formulas of a few hundred variables.
    pub fn new() -> SmallBackend {
        SmallBackend {
            s: Solver::new(Options::default()),
            limits: Limits::default(),
            buf: Vec::new(),
            assumptions: Vec::new(),
        }
    }

    /// Back to a fresh solver (no variables, no clauses, no limits, no watched flag,
    /// decisions false-first), keeping the memory for the next formula.
    pub fn reset(&mut self) {
        self.s.reset(SEED);
        self.limits = Limits::default();
    }

    /// Literal codes of `lits` (variables created as needed) into `out`.
    fn codes(&mut self, lits: &[Lit], out: &mut Vec<u32>) {
        out.clear();
        let mut top = 0;
        for &l in lits {
            top = top.max(l.var().index() + 1);
            out.push(l.code() as u32);
        }
        self.s.core.grow(top);
    }

    fn stopped_before(&self) -> bool {
        self.s.stop.interrupt.is_set() || self.limits.expired()
    }
}

impl Default for SmallBackend {
    fn default() -> Self {
        SmallBackend::new()
    }
}

impl Backend for SmallBackend {
    fn name(&self) -> String {
        "gridsat-small".to_string()
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        if let &[a, b] = clause {
            // Most of a Sudoku's clauses: straight into the implication lists.
            self.s.core.grow(a.var().index().max(b.var().index()) + 1);
            if self.s.core.add_binary(a.code() as u32, b.code() as u32) {
                return;
            }
        }
        let mut buf = std::mem::take(&mut self.buf);
        self.codes(clause, &mut buf);
        self.s.core.add_clause(&mut buf);
        self.buf = buf;
    }

    fn reserve(&mut self, num_vars: u32) {
        self.s.core.grow(num_vars as usize);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<Outcome, SolverError> {
        if self.stopped_before() {
            return Ok(Outcome::Unknown);
        }
        let mut a = std::mem::take(&mut self.assumptions);
        self.codes(assumptions, &mut a);
        let out = self.s.solve(&a, None);
        self.assumptions = a;
        Ok(out)
    }

    fn enumerate(
        &mut self,
        assumptions: &[Lit],
        projection: &[Var],
        guard: &[Lit],
        max: usize,
    ) -> Result<Models, SolverError> {
        if self.stopped_before() {
            return Ok(Models {
                outcome: Outcome::Unknown,
                models: Vec::new(),
                searches: 0,
            });
        }
        let mut a = std::mem::take(&mut self.assumptions);
        self.codes(assumptions, &mut a);
        let mut g = Vec::new();
        self.codes(guard, &mut g);
        let projection: Vec<usize> = projection.iter().map(|v| v.index()).collect();
        if let Some(&top) = projection.iter().max() {
            self.s.core.grow(top + 1);
        }
        let mut e = Enumeration {
            projection: &projection,
            guard: &g,
            max: max.max(1),
            models: Vec::new(),
        };
        let outcome = self.s.solve(&a, Some(&mut e));
        self.assumptions = a;
        Ok(Models {
            outcome,
            models: e.models,
            searches: 1,
        })
    }

    fn value(&self, lit: Lit) -> Option<bool> {
        let v = self.s.model.get(lit.var().index())?;
        Some(*v == lit.is_pos())
    }

    fn failed(&self, lit: Lit) -> bool {
        self.s.failed.contains(&(lit.code() as u32))
    }

    fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        self.s.stop.deadline = limits.deadline;
        self.s.stop.max_conflicts = limits.conflicts;
    }

    fn interrupt_handle(&self) -> Interrupt {
        self.s.stop.interrupt.clone()
    }

    fn watch(&mut self, flag: Interrupt) {
        self.s.stop.interrupt = flag;
    }

    fn watch_memory(&mut self, memory: Budget) {
        self.s.stop.memory = Some(memory);
    }

    fn prefer_true(&mut self) {
        self.s.core.prefer_true = true;
    }

    fn conflicts(&self) -> Option<u64> {
        Some(self.s.conflicts)
    }
}
