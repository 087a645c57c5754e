//! Incremental horizon growth in one solver: add a step, assume "goal at T", repeat.

use gridsat_sat::{Backend, Formula, Interrupt, Limits, Lit, Outcome};
use std::time::{Duration, Instant};

/// What the driver needs from an encoding that grows one step at a time.
pub trait HorizonEncoding {
    /// The formula built so far (the driver feeds its new clauses to the solver).
    fn formula(&self) -> &Formula;
    /// Number of steps built.
    fn horizon(&self) -> usize;
    /// Adds one step.
    fn extend(&mut self);
    /// The literal that, assumed, asks for the goal at step `horizon` (at most
    /// `horizon` moves or pushes); creates its clauses on first use.
    fn goal(&mut self, horizon: usize) -> Lit;
    /// Reads a plan from the model of a satisfiable call at `horizon`, or adds clauses
    /// that exclude a spurious model and asks for another call.
    fn decode(&mut self, solver: &dyn Backend, horizon: usize) -> Decoded;
    /// Adds `goal` as a unit clause (for writing one horizon's formula as DIMACS).
    fn assert_goal(&mut self, goal: Lit);
}

/// The result of [`HorizonEncoding::decode`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// A plan in LURD notation (to be verified by replay) and its cost (moves or
    /// pushes, at most the horizon asked).
    Plan(String, usize),
    /// The model was spurious; clauses were added; solve again.
    Refined,
}

/// One line of progress: a horizon asked and what the solver said.
#[derive(Clone, Debug)]
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
pub struct SearchLimits<'a> {
    /// Start at this horizon (an admissible lower bound); the horizon below it is
    /// asked first, so that its unsatisfiability proves optimality.
    pub start: usize,
    /// Give up with "no plan" after this horizon.
    pub max_horizon: Option<usize>,
    /// Stop with "unknown" at this instant.
    pub deadline: Option<Instant>,
    /// Stop with "unknown" when this flag is raised.
    pub interrupt: Option<Interrupt>,
    /// Horizons asked while no plan is known grow by this much (at least 1); once a
    /// plan is found the search walks down to the horizon just below it.
    pub stride: usize,
    /// A plan known before the search (LURD, verified later like any other) and its
    /// cost: the search starts just below it instead of climbing from `start`.
    pub seed: Option<(String, usize)>,
    /// Below a known plan, add `goal(T)` as a unit clause instead of assuming it.
    pub goal_units: bool,
    /// Every plan's cost has this parity (0 even, 1 odd), when known: a horizon of the
    /// other parity asks the same question as the one below it, so it is never asked,
    /// and an unsatisfiable call at `h` also proves that no plan costs `h + 1`.
    pub parity: Option<usize>,
    /// Called before and after each solver call.
    pub progress: Option<&'a mut dyn FnMut(&Progress)>,
}

/// The verdict of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A plan of cost `horizon`; `optimal` when no plan of `horizon − 1` was proven
    /// (by an unsatisfiable call there, or at `horizon − 2` and parity), or `horizon`
    /// is 0.
    Plan {
        /// The plan as decoded (not yet verified).
        plan: String,
        /// The cost of the plan.
        horizon: usize,
        /// True when the horizon below was proven to have no plan.
        optimal: bool,
        /// Largest cost proven to have no plan (at most this many: none).
        proven_below: Option<usize>,
    },
    /// No plan within `max_horizon` (proven by an unsatisfiable call there, or one
    /// below it and parity).
    NoPlan {
        /// No plan of at most this cost.
        horizon: usize,
    },
    /// Stopped by a limit; `proven_below` is the largest horizon proven to have no plan.
    Unknown {
        /// Largest cost proven to have no plan.
        proven_below: Option<usize>,
        /// The horizon being asked when the search stopped.
        horizon: usize,
    },
}

/// Counters of a search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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

/// Runs the incremental search on `enc` with `solver`.
pub fn search(
    enc: &mut dyn HorizonEncoding,
    solver: &mut dyn Backend,
    mut limits: SearchLimits<'_>,
    stats: &mut SearchStats,
) -> Result<Verdict, String> {
    let began = Instant::now();
    solver.set_limits(Limits {
        conflicts: None,
        deadline: limits.deadline,
    });
    let handle = solver.interrupt_handle();
    let stop = Interrupt::new();
    let outer = limits.interrupt.clone();
    let expired = |d: Option<Instant>| d.is_some_and(|d| Instant::now() >= d);
    std::thread::scope(|scope| {
        // Forward the caller's interrupt flag to the solver's own.
        if let Some(outer) = outer.clone() {
            let stop = stop.clone();
            let handle = handle.clone();
            scope.spawn(move || {
                while !stop.is_set() {
                    if outer.is_set() {
                        handle.interrupt();
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
            });
        }
        let result = (|| {
            let mut fed = 0usize;
            let mut proven: Option<usize> = None;
            let mut best: Option<(String, usize)> = None;
            let mut asserted: Option<usize> = None;
            let stride = limits.stride.max(1);
            let parity = limits.parity;
            let wrong = |h: usize| parity.is_some_and(|p| h % 2 != p);
            // Horizons of the wrong parity are rounded: down when walking below a plan,
            // up when climbing (within the cap).
            let down = |h: usize| if wrong(h) && h > 0 { h - 1 } else { h };
            let max_horizon = limits.max_horizon;
            let up = |h: usize| {
                let h = if wrong(h) { h + 1 } else { h };
                max_horizon.map_or(h, |m| if h > m { down(m) } else { h })
            };
            // What an unsatisfiable call at `h` proves: no plan of at most `h` pushes,
            // nor of `h + 1` when no plan can have that parity.
            let proves = |h: usize| if wrong(h + 1) { h + 1 } else { h };
            // The call just below the bound matters only when the bound is the optimum,
            // and the walk down from a plan reaches it then: start a stride higher.
            let mut horizon = up((limits.start + stride).saturating_sub(2));
            if let Some((plan, cost)) = limits.seed.take() {
                if cost == 0 {
                    return Ok(Verdict::Plan {
                        plan,
                        horizon: 0,
                        optimal: true,
                        proven_below: None,
                    });
                }
                if limits.max_horizon.is_none_or(|m| cost <= m) {
                    // Asking just below a known plan skips the unsatisfiable horizons
                    // below the optimum that the climb would pay for.
                    horizon = down(cost - 1);
                    best = Some((plan, cost));
                }
            }
            let give_up =
                |proven: Option<usize>, best: &Option<(String, usize)>, h: usize| match best {
                    Some((plan, cost)) => Verdict::Plan {
                        plan: plan.clone(),
                        horizon: *cost,
                        optimal: false,
                        proven_below: proven,
                    },
                    None => Verdict::Unknown {
                        proven_below: proven,
                        horizon: h,
                    },
                };
            loop {
                let t0 = Instant::now();
                while enc.horizon() < horizon {
                    if expired(limits.deadline) || outer.as_ref().is_some_and(|i| i.is_set()) {
                        stats.encode_time += t0.elapsed();
                        return Ok(give_up(proven, &best, horizon));
                    }
                    enc.extend();
                }
                let goal = enc.goal(horizon);
                let f = enc.formula();
                solver.reserve(f.num_vars());
                for i in fed..f.num_clauses() {
                    solver.add_clause(f.clause(i));
                }
                fed = f.num_clauses();
                stats.encode_time += t0.elapsed();
                let mut report = |outcome: Option<Outcome>, f: &Formula| {
                    if let Some(p) = limits.progress.as_mut() {
                        p(&Progress {
                            horizon,
                            variables: f.num_vars(),
                            clauses: f.num_clauses(),
                            elapsed: began.elapsed(),
                            outcome,
                        });
                    }
                };
                report(None, enc.formula());
                let t1 = Instant::now();
                // Below a known plan every later question asks for fewer pushes, and a plan
                // of fewer pushes also has its boxes on the goals at this horizon (it waits
                // there): the goal can become a clause for good. As a unit it simplifies
                // the formula at the root, which an assumption cannot.
                let descending = best.is_some() && limits.goal_units;
                if descending && asserted != Some(horizon) {
                    solver.add_clause(&[goal]);
                    asserted = Some(horizon);
                }
                let assumptions: &[Lit] = if descending { &[] } else { &[goal] };
                let outcome = solver.solve(assumptions).map_err(|e| e.to_string())?;
                stats.solve_time += t1.elapsed();
                stats.calls += 1;
                report(Some(outcome), enc.formula());
                match outcome {
                    Outcome::Sat => match enc.decode(&*solver, horizon) {
                        Decoded::Plan(plan, cost) => {
                            let cost = cost.min(horizon);
                            if cost == 0 || proven == Some(cost - 1) {
                                return Ok(Verdict::Plan {
                                    plan,
                                    horizon: cost,
                                    optimal: true,
                                    proven_below: cost.checked_sub(1),
                                });
                            }
                            best = Some((plan, cost));
                            // Ask just below the plan: unsatisfiable there proves it optimal.
                            horizon = down(cost - 1);
                        }
                        Decoded::Refined => {
                            stats.refinements += 1;
                            continue;
                        }
                    },
                    Outcome::Unsat => {
                        if !descending && !solver.failed(goal) {
                            return Err(format!(
                                "the formula is unsatisfiable without asking for the goal at {horizon} (an encoding bug)"
                            ));
                        }
                        let none_up_to = proves(horizon);
                        proven = Some(none_up_to);
                        // No plan of at most `horizon`: fix that for good, so the solver
                        // can drop this horizon's conditional clauses.
                        solver.add_clause(&[!goal]);
                        if let Some((plan, cost)) = best.take() {
                            return Ok(Verdict::Plan {
                                plan,
                                horizon: cost,
                                optimal: cost == none_up_to + 1,
                                proven_below: Some(none_up_to),
                            });
                        }
                        if max_horizon.is_some_and(|m| none_up_to >= m) {
                            return Ok(Verdict::NoPlan {
                                horizon: none_up_to,
                            });
                        }
                        horizon = up(none_up_to + stride);
                    }
                    Outcome::Unknown => return Ok(give_up(proven, &best, horizon)),
                }
            }
        })();
        stop.interrupt();
        result
    })
}
