//! The CDCL search: decide (assumptions first, then the most active variable, true
//! first when asked), propagate, learn from each conflict, restart on a geometric
//! schedule, and at a complete assignment either stop with the model or, when
//! enumerating, block it and go on from where it was found.

use super::analyze::Scratch;
use super::state::{BINARY, Conflict, Core, FALSE, NO_REASON, TRUE, UNDEF};
use super::stop::Stop;
use crate::solver::Outcome;

/// Tuning of the search.
#[derive(Clone, Copy, Debug)]
pub(super) struct Options {
    /// VSIDS decay, random initial activities, learnt-clause minimisation.
    pub(super) decay: f64,
    pub(super) random_start: bool,
    pub(super) minimise: bool,
    /// Conflicts before the first restart, and the factor by which the interval grows.
    pub(super) restart_first: f64,
    pub(super) restart_inc: f64,
    /// Learnt long clauses allowed, as a share of the clauses given (and at least
    /// `learnt_min`), growing by `learnt_inc` at each reduction.
    pub(super) learnt_share: f64,
    pub(super) learnt_min: f64,
    pub(super) learnt_inc: f64,
}

impl Default for Options {
    /// Tuned for formulas of a few hundred variables settled in about a hundred
    /// conflicts (a 9×9 Sudoku after deduction), as batsat's options for them were.
    fn default() -> Options {
        Options {
            decay: 0.95,
            random_start: true,
            minimise: true,
            restart_first: 5.0,
            restart_inc: 2.0,
            learnt_share: 1.0 / 3.0,
            learnt_min: 100.0,
            learnt_inc: 1.1,
        }
    }
}

/// The seed of the random initial activities.
pub(super) const SEED: u64 = 91_648_253;

/// Models blocked inside one search ([`crate::Backend::enumerate`]).
pub(super) struct Enumeration<'a> {
    /// Variable indices (from 0) of the projection.
    pub(super) projection: &'a [usize],
    /// Literal codes added to every blocking clause.
    pub(super) guard: &'a [u32],
    pub(super) max: usize,
    pub(super) models: Vec<Vec<bool>>,
}

/// What a complete assignment leads to.
enum AtModel {
    /// Stop the search here, with this outcome.
    Stop(Outcome),
    /// Go on: the blocking clause is the conflict.
    Blocked(Conflict),
}

/// The core with its search state.
#[derive(Default)]
pub(super) struct Solver {
    pub(super) core: Core,
    pub(super) scratch: Scratch,
    pub(super) stop: Stop,
    pub(super) opts: Options,
    /// After an unsatisfiable call: the assumptions to blame.
    pub(super) failed: Vec<u32>,
    /// After a satisfiable call: per variable, its value in the model.
    pub(super) model: Vec<bool>,
    pub(super) conflicts: u64,
    max_learnts: f64,
    clause: Vec<u32>,
    pub(super) arena2: Vec<u32>,
}

impl Solver {
    /// A solver with these options.
    pub(super) fn new(opts: Options) -> Solver {
        let mut s = Solver {
            opts,
            ..Solver::default()
        };
        s.apply_options();
        s.reset(SEED);
        s
    }

    fn apply_options(&mut self) {
        self.core.order.decay = self.opts.decay;
        self.core.order.random_start = self.opts.random_start;
        self.scratch.minimise = self.opts.minimise;
    }

    /// Forgets every variable and clause (keeping the memory); the same `seed` makes
    /// the same search.
    pub(super) fn reset(&mut self, seed: u64) {
        self.core.reset(seed);
        self.failed.clear();
        self.model.clear();
        self.conflicts = 0;
        self.stop = Stop::default();
    }

    /// Solves under `assumptions` (literal codes); enumerates when `e` is given.
    pub(super) fn solve(
        &mut self,
        assumptions: &[u32],
        mut e: Option<&mut Enumeration>,
    ) -> Outcome {
        self.failed.clear();
        if !self.core.ok || self.core.propagate().is_some() {
            self.core.ok = false;
            return Outcome::Unsat;
        }
        let o = self.opts;
        self.max_learnts = (self.core.originals as f64 * o.learnt_share).max(o.learnt_min);
        self.stop.start_call();
        let mut restart_limit = o.restart_first;
        let mut since_restart = 0.0;
        let outcome = loop {
            if let Some(conflict) = self.core.propagate() {
                if let Some(out) = self.on_conflict(conflict) {
                    break out;
                }
                since_restart += 1.0;
                if self.stop.conflict_limit_hit() {
                    break Outcome::Unknown;
                }
                continue;
            }
            if since_restart >= restart_limit {
                self.restart();
                restart_limit *= o.restart_inc;
                since_restart = 0.0;
            }
            if self.stop.should_stop() {
                break Outcome::Unknown;
            }
            match self.decide(assumptions) {
                Ok(true) => {}
                Ok(false) => match self.at_model(e.as_deref_mut()) {
                    AtModel::Stop(out) => break out,
                    AtModel::Blocked(c) => {
                        if let Some(out) = self.on_conflict(c) {
                            break out;
                        }
                    }
                },
                Err(out) => break out,
            }
        };
        self.core.backtrack(0);
        outcome
    }

    /// Learns from `conflict` and jumps back; `Some(Unsat)` when it is at level 0.
    fn on_conflict(&mut self, conflict: Conflict) -> Option<Outcome> {
        self.conflicts += 1;
        self.stop.count_conflict();
        if self.core.decision_level() == 0 {
            self.core.ok = false;
            return Some(Outcome::Unsat);
        }
        let learnt = self.core.analyze(conflict, &mut self.scratch);
        self.core.backtrack(learnt.level);
        let lits = &self.scratch.learnt;
        match lits.len() {
            1 => self.core.assign(lits[0], NO_REASON),
            2 => {
                self.core.push_binary(lits[0], lits[1]);
                self.core.assign(lits[0], BINARY | lits[1]);
            }
            _ => {
                let cref = self.core.push_long(lits, true, learnt.glue);
                self.core.assign(lits[0], cref);
            }
        }
        self.core.order.decay();
        None
    }

    /// Makes the next decision: `Ok(true)` when made, `Ok(false)` when every variable
    /// is assigned, `Err(Unsat)` when an assumption is false.
    fn decide(&mut self, assumptions: &[u32]) -> Result<bool, Outcome> {
        while (self.core.decision_level() as usize) < assumptions.len() {
            let a = assumptions[self.core.decision_level() as usize];
            match self.core.value(a) {
                TRUE => self.core.new_level(),
                FALSE => {
                    self.core.analyze_final(a, &mut self.failed);
                    return Err(Outcome::Unsat);
                }
                _ => {
                    self.core.new_level();
                    self.core.assign(a, NO_REASON);
                    return Ok(true);
                }
            }
        }
        while let Some(v) = self.core.order.pop() {
            if self.core.value(2 * v as u32) == UNDEF {
                let positive = self.core.prefer[v] || self.core.saved[v];
                self.core.new_level();
                self.core
                    .assign(2 * v as u32 + u32::from(!positive), NO_REASON);
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Every variable is assigned: keep the model, and when enumerating, record it and
    /// block it unless the bound is reached.
    fn at_model(&mut self, e: Option<&mut Enumeration>) -> AtModel {
        self.save_model();
        let Some(e) = e else {
            return AtModel::Stop(Outcome::Sat);
        };
        let model: Vec<bool> = e.projection.iter().map(|&v| self.model[v]).collect();
        // A model seen before (its blocking clause cannot be lost here, but be safe)
        // is not counted twice.
        if !e.models.contains(&model) {
            e.models.push(model);
            if e.models.len() >= e.max {
                return AtModel::Stop(Outcome::Sat);
            }
        }
        self.clause.clear();
        for &v in e.projection {
            if self.model[v] {
                self.clause.push(2 * v as u32 + 1);
            }
        }
        if self.clause.is_empty() {
            return AtModel::Stop(Outcome::Sat);
        }
        self.clause.extend_from_slice(e.guard);
        self.block()
    }

    /// Adds the blocking clause in `self.clause` (all of it false) and jumps back to
    /// its highest level, where it is the conflict.
    fn block(&mut self) -> AtModel {
        let core = &mut self.core;
        let mut clause = std::mem::take(&mut self.clause);
        if clause.iter().any(|&l| core.value(l) != FALSE) {
            // A guard literal holds: the clause blocks nothing in this search.
            self.clause = clause;
            return AtModel::Stop(Outcome::Sat);
        }
        clause.sort_unstable_by_key(|&l| std::cmp::Reverse(core.level[(l >> 1) as usize]));
        clause.dedup();
        let top = core.level[(clause[0] >> 1) as usize];
        core.backtrack(top);
        let conflict = match clause.len() {
            1 => Conflict::Binary(clause[0], clause[0]),
            2 => {
                core.push_binary(clause[0], clause[1]);
                core.originals += 1;
                Conflict::Binary(clause[0], clause[1])
            }
            _ => {
                core.originals += 1;
                Conflict::Long(core.push_long(&clause, false, 0))
            }
        };
        self.clause = clause;
        if top == 0 {
            self.core.ok = false;
            return AtModel::Stop(Outcome::Unsat);
        }
        AtModel::Blocked(conflict)
    }

    fn save_model(&mut self) {
        let n = self.core.num_vars;
        self.model.clear();
        self.model
            .extend((0..n).map(|v| self.core.value(2 * v as u32) == TRUE));
    }

    /// Back to level 0; drops the worse half of the learnt clauses when there are
    /// too many.
    fn restart(&mut self) {
        self.core.backtrack(0);
        if self.core.learnts.len() as f64 >= self.max_learnts {
            self.reduce();
            self.max_learnts *= self.opts.learnt_inc;
        }
    }
}
