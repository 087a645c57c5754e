//! Incremental horizon growth in one solver: add a step, assume "goal at T", repeat.

use super::schedule::Schedule;
use crate::encode::{Decoded, HorizonEncoding, SolverValues};
use crate::halt::Halt;
use crate::model::Plan;
use gridsat_sat::{Backend, Budget, Formula, Lit, Outcome, SolverError, StopReason};
use std::time::{Duration, Instant};

/// One line of progress: a horizon asked and what the solver said.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Progress {
    /// The horizon asked.
    pub horizon: usize,
    /// Variables in the formula.
    pub variables: u32,
    /// Clauses in the formula.
    pub clauses: usize,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The answer (`None` before the call).
    pub outcome: Option<Outcome>,
}

/// Limits and hooks of one search.
#[non_exhaustive]
pub struct SearchLimits<'a> {
    /// Start at this horizon (an admissible lower bound); the horizon below it is
    /// asked first, so that its unsatisfiability proves optimality.
    pub start: usize,
    /// Give up with "no plan" after this horizon.
    pub max_horizon: Option<usize>,
    /// Horizons asked while no plan is known grow by this much (at least 1); once a
    /// plan is found the search walks down to the horizon just below it.
    pub stride: usize,
    /// A plan known before the search (verified later like any other) and its cost:
    /// the search starts just below it instead of climbing from `start`.
    pub seed: Option<(Plan, usize)>,
    /// Below a known plan, add `goal(T)` as a unit clause instead of assuming it.
    pub goal_units: bool,
    /// Every plan's cost has this parity (0 even, 1 odd), when known: a horizon of the
    /// other parity asks the same question as the one below it, so it is never asked,
    /// and an unsatisfiable call at `h` also proves that no plan costs `h + 1`.
    pub parity: Option<usize>,
    /// Called before and after each solver call.
    pub progress: Option<&'a mut dyn FnMut(&Progress)>,
}

impl Default for SearchLimits<'_> {
    fn default() -> Self {
        SearchLimits {
            start: 0,
            max_horizon: None,
            stride: 1,
            seed: None,
            goal_units: true,
            parity: None,
            progress: None,
        }
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SearchOutcome {
    /// A plan of cost `horizon`; `optimal` when no plan of `horizon − 1` was proven
    /// (by an unsatisfiable call there, or at `horizon − 2` and parity), or `horizon`
    /// is 0.
    Plan {
        /// The plan as decoded (not yet verified).
        plan: Plan,
        /// The cost of the plan.
        horizon: usize,
        /// True when the horizon below was proven to have no plan.
        optimal: bool,
        /// Largest cost proven to have no plan (at most this many: none).
        proven_below: Option<usize>,
        /// What stopped the search before optimality was proven, if anything did.
        stopped: Option<Halt>,
    },
    /// No plan within `max_horizon` (proven by an unsatisfiable call there, or one
    /// below it and parity).
    NoPlan {
        /// No plan of at most this cost.
        horizon: usize,
    },
    /// No plan of any length: the formula is unsatisfiable even without the goal at
    /// `horizon`. Every pruning family holds for some shortest plan (waiting at the end
    /// once solved), so no plan exists at all.
    Impossible {
        /// The horizon of the call.
        horizon: usize,
    },
    /// Stopped by a limit; `proven_below` is the largest horizon proven to have no plan.
    Unknown {
        /// Largest cost proven to have no plan.
        proven_below: Option<usize>,
        /// The horizon being asked when the search stopped.
        horizon: usize,
        /// What stopped it.
        halt: Halt,
    },
}

/// A search that could not go on: the solver failed, or the encoding is wrong.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The solver failed.
    #[error(transparent)]
    Solver(#[from] SolverError),
    /// A model decodes to pushes that cannot be made, and nothing excludes it.
    #[error("the model at horizon {horizon} decodes to no plan: push {} cannot be made (an encoding bug)", .push + 1)]
    Spurious {
        /// The horizon asked.
        horizon: usize,
        /// The index of the first impossible push (from 0).
        push: usize,
    },
}

/// Counters of a search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchStats {
    /// Solver calls.
    pub calls: usize,
    /// Refinements (spurious models excluded).
    pub refinements: usize,
    /// Time spent in the solver.
    pub solve_time: Duration,
    /// Time spent building clauses.
    pub encode_time: Duration,
}

/// The state of a running search.
struct Search<'a, 'p> {
    enc: &'a mut dyn HorizonEncoding,
    solver: &'a mut dyn Backend,
    budget: &'a Budget,
    stats: &'a mut SearchStats,
    progress: Option<&'p mut dyn FnMut(&Progress)>,
    schedule: Schedule,
    goal_units: bool,
    began: Instant,
    /// Clauses of the formula already given to the solver.
    fed: usize,
    /// Time spent building the clauses the solver has not been given yet.
    unfed_build: Duration,
    /// The largest cost proven to have no plan.
    proven: Option<usize>,
    /// The best plan known and its cost.
    best: Option<(Plan, usize)>,
    /// The horizon whose goal was added as a unit clause.
    asserted: Option<usize>,
    /// The horizon asked next.
    horizon: usize,
}

/// Runs the incremental search on `enc` with `solver` until a verdict or until the
/// budget is spent (the solver gets the budget too).
pub fn search(
    enc: &mut dyn HorizonEncoding,
    solver: &mut dyn Backend,
    mut limits: SearchLimits<'_>,
    budget: &Budget,
    stats: &mut SearchStats,
) -> Result<SearchOutcome, SearchError> {
    solver.set_budget(budget);
    let schedule = Schedule {
        stride: limits.stride.max(1),
        parity: limits.parity,
        max: limits.max_horizon,
    };
    let mut s = Search {
        enc,
        solver,
        budget,
        stats,
        progress: limits.progress.take(),
        schedule,
        goal_units: limits.goal_units,
        began: Instant::now(),
        fed: 0,
        unfed_build: Duration::ZERO,
        proven: None,
        best: None,
        asserted: None,
        horizon: schedule.first(limits.start),
    };
    if let Some((plan, cost)) = limits.seed.take() {
        if cost == 0 {
            return Ok(SearchOutcome::Plan {
                plan,
                horizon: 0,
                optimal: true,
                proven_below: None,
                stopped: None,
            });
        }
        if limits.max_horizon.is_none_or(|m| cost <= m) {
            // Asking just below a known plan skips the unsatisfiable horizons below the
            // optimum that the climb would pay for.
            s.horizon = schedule.down(cost - 1);
            s.best = Some((plan, cost));
        }
    }
    loop {
        if let Some(end) = s.ask()? {
            return Ok(end);
        }
    }
}

/// Variables a solver creates between two looks at the budget.
const RESERVE_STEP: u32 = 1 << 18;

/// Makes `1..=num_vars` exist in the solver a step at a time, looking at the budget
/// between steps: CaDiCaL sets up millions of variables in one call that cannot stop
/// (measured 1.1 s past a 3 s limit for the 6.3 million of a 20,000-cell row). False
/// when the budget ran out first.
fn reserve_in_steps(solver: &mut dyn Backend, num_vars: u32, budget: &Budget) -> bool {
    let mut made = 0;
    while made < num_vars {
        if budget.stopped() {
            return false;
        }
        made = num_vars.min(made.saturating_add(RESERVE_STEP));
        solver.reserve(made);
    }
    true
}

impl Search<'_, '_> {
    /// Asks the current horizon; `Some` when the search is over.
    fn ask(&mut self) -> Result<Option<SearchOutcome>, SearchError> {
        if !self.build() {
            return Ok(Some(self.give_up()));
        }
        let goal = self.enc.goal(self.horizon);
        if self.enc.halted().is_some() || !self.feed() {
            return Ok(Some(self.give_up()));
        }
        self.report(None);
        let t1 = Instant::now();
        // Below a known plan every later question asks for fewer pushes, and a plan
        // of fewer pushes also has its boxes on the goals at this horizon (it waits
        // there): the goal can become a clause for good. As a unit it simplifies
        // the formula at the root, which an assumption cannot.
        let descending = self.best.is_some() && self.goal_units;
        if descending && self.asserted != Some(self.horizon) {
            self.solver.add_clause(&[goal]);
            self.asserted = Some(self.horizon);
        }
        let assumptions: &[Lit] = if descending { &[] } else { &[goal] };
        let outcome = self.solver.solve(assumptions)?;
        self.stats.solve_time += t1.elapsed();
        self.stats.calls += 1;
        self.report(Some(outcome));
        match outcome {
            Outcome::Sat => self.on_sat(),
            Outcome::Unsat => self.on_unsat(goal, descending),
            Outcome::Unknown => Ok(Some(self.give_up())),
        }
    }

    /// Extends the encoding to the current horizon; false when the budget ran out (or
    /// the encoding's guard tripped inside a step).
    fn build(&mut self) -> bool {
        let t0 = Instant::now();
        let mut going = self.enc.halted().is_none();
        while going && self.enc.horizon() < self.horizon {
            going = !self.budget.stopped();
            if going {
                self.enc.extend();
                going = self.enc.halted().is_none();
            }
        }
        self.stats.encode_time += t0.elapsed();
        self.unfed_build += t0.elapsed();
        going
    }

    /// Gives the solver the clauses it has not seen yet; false when the budget ran out
    /// on the way (a formula of millions of clauses takes seconds to hand over).
    fn feed(&mut self) -> bool {
        // Handing clauses over costs about what building them did, and the solver's
        // set-up of their variables cannot stop half-way: when less time is left than
        // that, stopping now keeps the limit (a 20,000-cell row built 44 million
        // clauses in 3 s, then overran a 3 s limit by up to 2.3 s handing them over).
        if self
            .budget
            .remaining()
            .is_some_and(|left| left < self.unfed_build)
        {
            return false;
        }
        let t0 = Instant::now();
        let f = self.enc.formula();
        if !reserve_in_steps(self.solver, f.num_vars(), self.budget) {
            self.stats.encode_time += t0.elapsed();
            return false;
        }
        let end = f.num_clauses();
        while self.fed < end {
            if self.fed % 4096 == 0 && self.budget.stopped() {
                break;
            }
            self.solver.add_clause(f.clause(self.fed));
            self.fed += 1;
        }
        self.stats.encode_time += t0.elapsed();
        if self.fed == end {
            self.unfed_build = Duration::ZERO;
        }
        self.fed == end
    }

    fn report(&mut self, outcome: Option<Outcome>) {
        if let Some(p) = self.progress.as_mut() {
            let f: &Formula = self.enc.formula();
            p(&Progress {
                horizon: self.horizon,
                variables: f.num_vars(),
                clauses: f.num_clauses(),
                elapsed: self.began.elapsed(),
                outcome,
            });
        }
    }

    /// A model at the current horizon: a plan (optimal when the horizon below it is
    /// proven empty; otherwise ask just below it), or a refinement and the same call.
    fn on_sat(&mut self) -> Result<Option<SearchOutcome>, SearchError> {
        match self.enc.decode(&SolverValues(&*self.solver), self.horizon) {
            Decoded::Plan(plan, cost) => {
                let cost = cost.min(self.horizon);
                if cost == 0 || self.proven == Some(cost - 1) {
                    return Ok(Some(SearchOutcome::Plan {
                        plan,
                        horizon: cost,
                        optimal: true,
                        proven_below: cost.checked_sub(1),
                        stopped: None,
                    }));
                }
                self.best = Some((plan, cost));
                // Ask just below the plan: unsatisfiable there proves it optimal.
                self.horizon = self.schedule.down(cost - 1);
                Ok(None)
            }
            Decoded::Refined if self.enc.halted().is_some() => Ok(Some(self.give_up())),
            Decoded::Refined => {
                self.stats.refinements += 1;
                Ok(None)
            }
            Decoded::Spurious { push } => Err(SearchError::Spurious {
                horizon: self.horizon,
                push,
            }),
        }
    }

    /// No plan of at most the current horizon: the best plan is optimal, or the cap
    /// is reached, or the climb goes on a stride higher. Unsatisfiable without the goal
    /// (the goal not among the failed assumptions), there is no plan at all.
    fn on_unsat(
        &mut self,
        goal: Lit,
        descending: bool,
    ) -> Result<Option<SearchOutcome>, SearchError> {
        if !descending && !self.solver.failed(goal) {
            return Ok(Some(SearchOutcome::Impossible {
                horizon: self.horizon,
            }));
        }
        let none_up_to = self.schedule.proves(self.horizon);
        self.proven = Some(none_up_to);
        // No plan of at most `horizon`: fix that for good, so the solver can drop this
        // horizon's conditional clauses.
        self.solver.add_clause(&[!goal]);
        if let Some((plan, cost)) = self.best.take() {
            return Ok(Some(SearchOutcome::Plan {
                plan,
                horizon: cost,
                optimal: cost == none_up_to + 1,
                proven_below: Some(none_up_to),
                stopped: None,
            }));
        }
        if self.schedule.max.is_some_and(|m| none_up_to >= m) {
            return Ok(Some(SearchOutcome::NoPlan {
                horizon: none_up_to,
            }));
        }
        self.horizon = self.schedule.up(none_up_to + self.schedule.stride);
        Ok(None)
    }

    /// What is known when a limit stops the search.
    fn give_up(&mut self) -> SearchOutcome {
        let halt = match self.enc.halted() {
            Some(h) => h.clone(),
            None => Halt::Stopped(self.budget.stop_reason().unwrap_or(StopReason::TimeLimit)),
        };
        match self.best.take() {
            Some((plan, cost)) => SearchOutcome::Plan {
                plan,
                horizon: cost,
                optimal: false,
                proven_below: self.proven,
                stopped: Some(halt),
            },
            None => SearchOutcome::Unknown {
                proven_below: self.proven,
                horizon: self.horizon,
                halt,
            },
        }
    }
}
