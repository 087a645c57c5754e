//! The optional pure-Rust backend: batsat, a MiniSat descendant (cargo feature `batsat`).

use super::enumerate::Models;
use super::{Backend, Interrupt, Limits, Outcome, SolverError};
use crate::budget::Budget;
use crate::lit::{Lit, Var};
use batsat::theory::{Theory, TheoryArg};
use batsat::{SolverInterface, lbool};
use std::cell::Cell;
use std::time::Instant;

/// Stops the search when interrupted, past the deadline or over the memory ceiling.
#[derive(Default)]
struct Stop {
    interrupt: Interrupt,
    deadline: Option<Instant>,
    memory: Option<Budget>,
    /// Calls so far: the clock is read on every [`CLOCK_EVERY`]th.
    calls: Cell<u32>,
}

/// batsat asks whether to stop before every decision; the deadline and the memory
/// watch each read the clock (a few hundred decisions a hardest-1106 puzzle; with the
/// encoder's reads, 0.9% of that file's instructions end to end, 2% of perf's
/// samples). Every 32nd call looks at them (a few microseconds apart); the interrupt
/// flag, a plain load, is looked at every time.
const CLOCK_EVERY: u32 = 32;

impl batsat::Callbacks for Stop {
    fn stop(&self) -> bool {
        if self.interrupt.is_set() {
            return true;
        }
        let calls = self.calls.get().wrapping_add(1);
        self.calls.set(calls);
        calls % CLOCK_EVERY == 0
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.memory.as_ref().is_some_and(Budget::stopped))
    }
}

/// batsat behind the [`Backend`] interface. It has no conflict limit; deadlines and
/// interrupts work.
pub struct BatsatBackend {
    solver: batsat::Solver<Stop>,
    interrupt: Interrupt,
    limits: Limits,
    buf: Vec<batsat::Lit>,
    /// The decision polarity of new variables (undefined: MiniSat's saved phase).
    polarity: lbool,
}

impl BatsatBackend {
    /// A fresh solver with default options.
    pub fn new() -> BatsatBackend {
        BatsatBackend::with_opts(batsat::SolverOpts::default())
    }

    /// A fresh solver tuned for small one-shot formulas (a few hundred variables,
    /// settled in about a hundred conflicts, such as a 9×9 Sudoku after deduction):
    /// restarts after 5 conflicts, then 10, 20, … instead of Luby steps of 100 (which
    /// never restart such a search), and small random initial activities instead of
    /// deciding variables in index order. On `hardest-1106.txt` with uniqueness this
    /// took conflicts from 107 to 93 a puzzle and time by 11% (BENCHMARKS.md). Learnt
    /// clauses are not minimised: in searches this short the minimisation costs more
    /// than the shorter clauses save (3% on the same file).
    pub fn for_small_formulas() -> BatsatBackend {
        BatsatBackend::with_opts(batsat::SolverOpts {
            luby_restart: false,
            restart_first: 5,
            restart_inc: 2.0,
            rnd_init_act: true,
            ccmin_mode: 0,
            ..batsat::SolverOpts::default()
        })
    }

    fn with_opts(opts: batsat::SolverOpts) -> BatsatBackend {
        let interrupt = Interrupt::new();
        let stop = Stop {
            interrupt: interrupt.clone(),
            ..Stop::default()
        };
        BatsatBackend {
            solver: batsat::Solver::new(opts, stop),
            interrupt,
            limits: Limits::default(),
            buf: Vec::new(),
            polarity: lbool::UNDEF,
        }
    }

    /// Creates variables up to index `idx` (with the chosen polarity) and returns it.
    fn var(&mut self, idx: u32) -> batsat::Var {
        while self.solver.num_vars() <= idx {
            self.solver.new_var(self.polarity, true);
        }
        batsat::Var::unsafe_from_idx(idx)
    }

    fn lit(&mut self, l: Lit) -> batsat::Lit {
        let v = self.var(l.var().index() as u32);
        batsat::Lit::new(v, l.is_pos())
    }
}

impl Default for BatsatBackend {
    fn default() -> Self {
        BatsatBackend::new()
    }
}

impl Backend for BatsatBackend {
    fn name(&self) -> String {
        "batsat-0.6".to_string()
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        for &l in clause {
            buf.push(self.lit(l));
        }
        self.solver.add_clause_reuse(&mut buf);
        self.buf = buf;
    }

    fn reserve(&mut self, num_vars: u32) {
        if num_vars > 0 {
            self.var(num_vars - 1);
        }
    }

    fn prefer_true(&mut self) {
        self.polarity = lbool::TRUE;
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<Outcome, SolverError> {
        if self.interrupt.is_set() || self.limits.expired() {
            return Ok(Outcome::Unknown);
        }
        let a: Vec<batsat::Lit> = assumptions.iter().map(|&l| self.lit(l)).collect();
        let r = self.solver.solve_limited(&a);
        Ok(if r == lbool::TRUE {
            Outcome::Sat
        } else if r == lbool::FALSE {
            Outcome::Unsat
        } else {
            Outcome::Unknown
        })
    }

    fn enumerate(
        &mut self,
        assumptions: &[Lit],
        projection: &[Var],
        guard: &[Lit],
        max: usize,
    ) -> Result<Models, SolverError> {
        if self.interrupt.is_set() || self.limits.expired() {
            return Ok(Models {
                outcome: Outcome::Unknown,
                models: Vec::new(),
                searches: 0,
            });
        }
        let a: Vec<batsat::Lit> = assumptions.iter().map(|&l| self.lit(l)).collect();
        let mut th = Enumerator {
            projection: projection
                .iter()
                .map(|&v| self.lit(v.pos()).var())
                .collect(),
            guard: guard.iter().map(|&l| self.lit(l)).collect(),
            max: max.max(1),
            models: Vec::new(),
            levels: 0,
            clause: Vec::new(),
        };
        let r = self.solver.solve_limited_th(&mut th, &a);
        let outcome = if r == lbool::TRUE {
            Outcome::Sat
        } else if r == lbool::FALSE {
            Outcome::Unsat
        } else {
            Outcome::Unknown
        };
        Ok(Models {
            outcome,
            models: th.models,
            searches: 1,
        })
    }

    fn value(&self, lit: Lit) -> Option<bool> {
        let idx = lit.var().index() as u32;
        if idx >= self.solver.num_vars() {
            return None;
        }
        let v = batsat::Var::unsafe_from_idx(idx);
        let r = self.solver.value_lit(batsat::Lit::new(v, lit.is_pos()));
        if r == lbool::TRUE {
            Some(true)
        } else if r == lbool::FALSE {
            Some(false)
        } else {
            None
        }
    }

    fn failed(&self, lit: Lit) -> bool {
        let idx = lit.var().index() as u32;
        if idx >= self.solver.num_vars() {
            return false;
        }
        let v = batsat::Var::unsafe_from_idx(idx);
        // batsat's core holds the negations of the failed assumptions (MiniSat's convention).
        let l = batsat::Lit::new(v, lit.is_pos());
        self.solver.unsat_core_contains_lit(!l) || self.solver.unsat_core_contains_lit(l)
    }

    fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        self.solver.cb_mut().deadline = limits.deadline;
    }

    fn interrupt_handle(&self) -> Interrupt {
        self.interrupt.clone()
    }

    fn watch(&mut self, flag: Interrupt) {
        self.interrupt = flag.clone();
        self.solver.cb_mut().interrupt = flag;
    }

    fn watch_memory(&mut self, memory: Budget) {
        self.solver.cb_mut().memory = Some(memory);
    }

    fn conflicts(&self) -> Option<u64> {
        Some(self.solver.num_conflicts())
    }
}

/// Enumerates models inside one batsat search: each complete assignment is recorded
/// and, until `max` are found, refuted by its blocking clause as a theory conflict, so
/// the search backjumps from there (the clause is kept as a learnt lemma) instead of
/// restarting from the top as a new `solve` call would.
struct Enumerator {
    projection: Vec<batsat::Var>,
    guard: Vec<batsat::Lit>,
    max: usize,
    models: Vec<Vec<bool>>,
    levels: usize,
    clause: Vec<batsat::Lit>,
}

impl Theory for Enumerator {
    fn final_check(&mut self, acts: &mut TheoryArg) {
        let model: Vec<bool> = self
            .projection
            .iter()
            .map(|&v| acts.value(v) == lbool::TRUE)
            .collect();
        self.clause.clear();
        for (&v, &b) in self.projection.iter().zip(&model) {
            if b {
                self.clause.push(batsat::Lit::new(v, false));
            }
        }
        // A model seen before comes back only if its learnt blocking clause was
        // dropped: it is refuted again, not counted twice.
        if !self.models.contains(&model) {
            self.models.push(model);
            if self.models.len() >= self.max {
                return; // the search ends with this model
            }
        }
        if self.clause.is_empty() {
            return; // nothing to block on: the search ends with this model
        }
        self.clause.extend_from_slice(&self.guard);
        acts.raise_conflict(&self.clause, true);
    }

    fn create_level(&mut self) {
        self.levels += 1;
    }

    fn pop_levels(&mut self, n: usize) {
        self.levels -= n;
    }

    fn n_levels(&self) -> usize {
        self.levels
    }

    fn explain_propagation(&mut self, _p: batsat::Lit) -> &[batsat::Lit] {
        unreachable!("the enumerator never propagates")
    }
}
