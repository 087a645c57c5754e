//! The default backend: CaDiCaL, compiled from source by the `cadical` crate.

use super::{Backend, Interrupt, Limits, Outcome, SolverError};
use crate::lit::Lit;
use std::time::Instant;

/// Stops the search when interrupted or past the deadline; counts learned clauses.
struct Hooks {
    interrupt: Interrupt,
    deadline: Option<Instant>,
}

impl cadical::Callbacks for Hooks {
    fn terminate(&mut self) -> bool {
        self.interrupt.is_set() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// CaDiCaL behind the [`Backend`] interface.
pub struct CadicalBackend {
    solver: cadical::Solver<Hooks>,
    interrupt: Interrupt,
    limits: Limits,
}

impl CadicalBackend {
    /// A fresh solver with default options.
    pub fn new() -> CadicalBackend {
        let interrupt = Interrupt::new();
        let mut solver = cadical::Solver::new();
        solver.set_callbacks(Some(Hooks {
            interrupt: interrupt.clone(),
            deadline: None,
        }));
        CadicalBackend {
            solver,
            interrupt,
            limits: Limits::default(),
        }
    }
}

impl Default for CadicalBackend {
    fn default() -> Self {
        CadicalBackend::new()
    }
}

impl Backend for CadicalBackend {
    fn name(&self) -> String {
        self.solver.signature().to_string()
    }

    #[inline]
    fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause.iter().map(|l| l.to_dimacs()));
    }

    fn reserve(&mut self, num_vars: u32) {
        if num_vars as i32 > self.solver.max_variable() {
            self.solver.reserve(num_vars as i32);
        }
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<Outcome, SolverError> {
        if self.interrupt.is_set() || self.limits.expired() {
            return Ok(Outcome::Unknown);
        }
        if let Some(c) = self.limits.conflicts {
            let c = c.min(i32::MAX as u64) as i32;
            self.solver
                .set_limit("conflicts", c)
                .expect("CaDiCaL knows the conflicts limit");
        }
        let answer = self
            .solver
            .solve_with(assumptions.iter().map(|l| l.to_dimacs()));
        Ok(match answer {
            Some(true) => Outcome::Sat,
            Some(false) => Outcome::Unsat,
            None => Outcome::Unknown,
        })
    }

    #[inline]
    fn value(&self, lit: Lit) -> Option<bool> {
        if lit.var().get() as i32 > self.solver.max_variable() {
            return None;
        }
        self.solver.value(lit.to_dimacs())
    }

    fn failed(&self, lit: Lit) -> bool {
        self.solver.failed(lit.to_dimacs())
    }

    fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        if let Some(h) = self.solver.get_callbacks() {
            h.deadline = limits.deadline;
        }
    }

    fn interrupt_handle(&self) -> Interrupt {
        self.interrupt.clone()
    }

    fn watch(&mut self, flag: Interrupt) {
        self.interrupt = flag.clone();
        if let Some(h) = self.solver.get_callbacks() {
            h.interrupt = flag;
        }
    }
}
