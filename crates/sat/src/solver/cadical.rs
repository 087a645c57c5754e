//! The default backend: CaDiCaL, compiled from source by the `cadical` crate.

use super::{Backend, Interrupt, Limits, Outcome, SolverError};
use crate::budget::Budget;
use crate::lit::Lit;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Stops the search when interrupted, past the deadline or over the memory ceiling;
/// counts learned clauses.
struct Hooks {
    interrupt: Interrupt,
    deadline: Option<Instant>,
    memory: Option<Budget>,
    count_learned: bool,
    learned: Arc<AtomicU64>,
}

impl cadical::Callbacks for Hooks {
    fn terminate(&mut self) -> bool {
        self.interrupt.is_set()
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.memory.as_ref().is_some_and(Budget::stopped)
    }

    fn max_length(&self) -> i32 {
        if self.count_learned { i32::MAX } else { 0 }
    }

    fn learn(&mut self, _clause: &[i32]) {
        self.learned.fetch_add(1, Ordering::Relaxed);
    }
}

/// CaDiCaL behind the [`Backend`] interface.
pub struct CadicalBackend {
    solver: cadical::Solver<Hooks>,
    learned: Arc<AtomicU64>,
    counting: bool,
    interrupt: Interrupt,
    limits: Limits,
}

impl CadicalBackend {
    /// A fresh solver with default options.
    pub fn new() -> CadicalBackend {
        Self::from_solver(cadical::Solver::new())
    }

    /// A fresh solver with one of CaDiCaL's option sets: `default`, `plain` (no
    /// preprocessing), `sat` (tuned for satisfiable formulas) or `unsat`.
    pub fn with_config(config: &str) -> Result<CadicalBackend, SolverError> {
        cadical::Solver::with_config(config)
            .map(Self::from_solver)
            .map_err(|e| SolverError::Config {
                config: config.to_string(),
                message: e.msg,
            })
    }

    fn from_solver(mut solver: cadical::Solver<Hooks>) -> CadicalBackend {
        let interrupt = Interrupt::new();
        let learned = Arc::new(AtomicU64::new(0));
        solver.set_callbacks(Some(Hooks {
            interrupt: interrupt.clone(),
            deadline: None,
            memory: None,
            count_learned: false,
            learned: learned.clone(),
        }));
        CadicalBackend {
            solver,
            learned,
            counting: false,
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

    fn count_conflicts(&mut self) {
        self.counting = true;
        if let Some(h) = self.solver.get_callbacks() {
            h.count_learned = true;
        }
    }

    fn conflicts(&self) -> Option<u64> {
        // Every conflict learns one clause, which the learn hook counts once enabled.
        self.counting.then(|| self.learned.load(Ordering::Relaxed))
    }

    fn watch(&mut self, flag: Interrupt) {
        self.interrupt = flag.clone();
        if let Some(h) = self.solver.get_callbacks() {
            h.interrupt = flag;
        }
    }

    fn watch_memory(&mut self, memory: Budget) {
        if let Some(h) = self.solver.get_callbacks() {
            h.memory = Some(memory);
        }
    }
}
