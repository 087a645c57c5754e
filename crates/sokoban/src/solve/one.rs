//! One search in one encoding: analysis, the exhaustive search of small levels, the
//! encoding, the seed, the horizon search, verification, and the report.

use super::context::{Solve, min_cap, stop_words};
use super::error::SolveError;
use super::options::{CadicalConfig, Optimize, SolveOptions};
use super::push::{AstarBound, PushStep};
use super::report::{Outcome, SolveStats, Verdict};
use crate::analysis::{Analysis, Proof, Unsolvable, analyse, move_lower_bound, state_bound};
use crate::encode::{DeadSet, HorizonEncoding, MoveEncoding, PushEncoding, PushFamily};
use crate::halt::{Guard, Halt, SOLVER_COST};
use crate::model::{Board, Level, Plan};
use crate::replay::verify;
use crate::search::{
    Progress, SearchLimits, SearchOutcome, SearchStats, SeedLimits, exhaust, search, seed_plan,
};
use gridsat_sat::{Backend, BackendSpec, Budget, SolverError, StopReason};
use std::time::Instant;

/// The solver of a search: the backend asked for, with CaDiCaL's option set applied.
fn build_backend(opts: &SolveOptions) -> Result<Box<dyn Backend>, SolverError> {
    match (&opts.backend, opts.cadical_config) {
        (BackendSpec::Cadical | BackendSpec::Auto, Some(c)) if c != CadicalConfig::Default => Ok(
            Box::new(gridsat_sat::solver::CadicalBackend::with_config(c.name())?),
        ),
        _ => opts.backend.build(),
    }
}

/// An encoding ready to search: where to start, where to stop, the parity of costs.
struct Prepared {
    enc: Box<dyn HorizonEncoding>,
    start: usize,
    max: Option<usize>,
    parity: Option<usize>,
}

/// The encoding of `opts.optimize` on the board, built within `budget` (or why the
/// level has no solution, from the push encoding's pair table).
fn prepare(
    a: &Analysis,
    opts: &SolveOptions,
    budget: &Budget,
    learned: Vec<DeadSet>,
) -> Result<Prepared, Unsolvable> {
    let (board, guard) = (&a.board, Guard::new(budget, SOLVER_COST));
    if opts.optimize == Optimize::Moves {
        let mut mo = opts.moves;
        mo.max_pushes = min_cap(mo.max_pushes, opts.max_pushes);
        return Ok(Prepared {
            enc: Box::new(MoveEncoding::new(board, mo, guard)),
            start: move_lower_bound(board, a.bound),
            max: opts.max_moves,
            parity: None,
        });
    }
    let mut enc = PushEncoding::new(board, opts.pushes, guard);
    enc.add_learned(learned);
    if enc.halted().is_none()
        && let Some((x, y)) = enc.dead_start_pair()
    {
        return Err(Unsolvable::dead_pair(board, x, y));
    }
    Ok(Prepared {
        parity: enc.parity(),
        enc: Box::new(enc),
        start: a.bound as usize,
        max: min_cap(opts.max_pushes, opts.max_moves),
    })
}

/// One search in one encoding within `budget`, optionally starting below a known plan
/// (`given_seed`: the plan and its cost in the unit of `opts.optimize`).
pub(super) fn solve_one(
    level: &Level,
    opts: &SolveOptions,
    budget: &Budget,
    progress: Option<&mut dyn FnMut(&Progress)>,
    given_seed: Option<(Plan, usize)>,
) -> Result<Outcome, SolveError> {
    let mut s = Solve {
        level,
        opts,
        budget,
        began: Instant::now(),
        known_pushes: None,
        states: None,
        longest: None,
    };
    let analysis = match analyse(level, budget) {
        Ok(Ok(a)) => a,
        Ok(Err(why)) => return Ok(s.unsolvable(why)),
        Err(halt) => return Ok(s.halted_before_search(&halt)),
    };
    let board = &analysis.board;
    s.states = state_bound(board);
    s.longest = s
        .states
        .and_then(|n| usize::try_from(n.saturating_sub(1)).ok());
    if let Some(report) = s.exhaust(board) {
        return Ok(report);
    }
    let mut astar = match s.push_search(board)? {
        Some(PushStep::Done(report)) => return Ok(*report),
        Some(PushStep::Bound(b)) => Some(*b),
        None => None,
    };
    let mut solver = build_backend(opts)?;
    let learned = astar
        .as_mut()
        .map(|b| std::mem::take(&mut b.dead_sets))
        .unwrap_or_default();
    let mut p = match prepare(&analysis, opts, budget, learned) {
        Ok(p) => p,
        Err(why) => return Ok(s.unsolvable(why)),
    };
    if let Some(b) = &astar {
        p.start = p.start.max(b.lower_bound);
    }
    if let Some(halt) = p.enc.halted() {
        return Ok(raised(astar.as_ref(), s.halted_before_search(halt)));
    }
    let seed = match given_seed {
        Some(seed) => Some(seed),
        None => match s.seed(board, p.max) {
            Ok(seed) => seed,
            Err(why) => return Ok(s.unsolvable(why)),
        },
    };
    let limits = SearchLimits {
        start: p.start,
        max_horizon: min_cap(p.max, s.longest),
        stride: opts.stride.max(1),
        seed,
        goal_units: !opts.assume_goals,
        parity: p.parity,
        progress,
    };
    let mut stats = SearchStats::default();
    let outcome = search(p.enc.as_mut(), solver.as_mut(), limits, budget, &mut stats)?;
    let mut stats = solve_stats(p.enc.as_ref(), &stats, p.start, p.parity);
    // A large solver is freed on a thread of its own: CaDiCaL frees its clauses one by
    // one, seconds after a time limit stopped it on a level with a 20,000-cell row.
    gridsat_sat::drop_aside(solver, stats.clauses);
    if let Some(b) = &astar {
        b.add_to(&mut stats);
    }
    let mut report = s.report(outcome, stats, p.max)?;
    if report.search.is_none() {
        report.search = Some("horizon");
        report.proof = horizon_proof(&report);
    }
    if report.verdict == Verdict::Unknown
        && let Some(pushes) = astar.as_mut().and_then(|b| b.plan.take())
    {
        report = s.passes_plan_report(board, &pushes, report)?;
    }
    Ok(raised(astar.as_ref(), report))
}

/// `r` with the bound a stopped A* proved, when the horizon search proved less.
fn raised(astar: Option<&AstarBound>, mut r: Outcome) -> Outcome {
    if let Some(b) = astar {
        b.raise(&mut r);
    }
    r
}

/// The words of a horizon search's proof: which horizon was unsatisfiable, and with
/// how many clauses of the deadlocks the A* learned.
pub(super) fn horizon_proof(r: &Outcome) -> Option<String> {
    r.optimal?;
    let unit = r.optimize.unit();
    let Some(p) = r.proven_below else {
        return Some(format!(
            "the plan's {unit}s equal the admissible lower bound"
        ));
    };
    let mut words = match r.stats.push_parity {
        Some(q) if unit == "push" && p > 0 && p % 2 != q => format!(
            "the push encoding at horizon {} is unsatisfiable, and {p} pushes has the wrong parity",
            p - 1
        ),
        _ => format!("the {unit} encoding at horizon {p} is unsatisfiable"),
    };
    let name = PushFamily::Learned.name();
    let learned = (r.stats.families.iter()).find(|f| f.0 == name && f.1 > 0);
    if let Some((_, n)) = learned {
        words.push_str(&format!(
            " (with {n} clauses of deadlocks the A* learned on box subsets)"
        ));
    }
    Some(words)
}

impl Solve<'_> {
    /// The unit of the horizons: "moves" or "pushes".
    fn unit(&self) -> &'static str {
        self.opts.optimize.name()
    }

    /// Stopped before any solver call: in the analysis or while building the encoding.
    pub(super) fn halted_before_search(&self, halt: &Halt) -> Outcome {
        let mut r = Outcome::empty(Verdict::Unknown, self.opts.optimize);
        r.stopped = Some(halt.reason());
        r.reason = Some(format!("{} before the search", stop_words(halt)));
        r.stats.seconds = self.began.elapsed().as_secs_f64();
        r
    }

    pub(super) fn unsolvable(&self, why: Unsolvable) -> Outcome {
        let mut r = Outcome::unsolvable(why, self.opts.optimize);
        r.stats.seconds = self.began.elapsed().as_secs_f64();
        r
    }

    /// On a level with few enough states, every push state: unsolvable when none is
    /// solved, else the push optimum to check the solver's against.
    fn exhaust(&mut self, board: &Board) -> Option<Outcome> {
        let limit = self.opts.exhaust_states;
        let n = self.states.filter(|&n| n <= limit)?;
        // Stopped or too large (`Ok(None)`, `Err`): the solver goes on without it.
        if let Ok(Some(found)) = exhaust(board, n as usize, self.budget) {
            match found.pushes {
                None => {
                    let proof = Proof::Exhaustive {
                        states: found.states,
                    };
                    return Some(self.unsolvable(Unsolvable::NoPlan(proof)));
                }
                Some(p) => self.known_pushes = Some(p),
            }
        }
        None
    }

    /// A first plan from weighted A* (push mode), within a tenth of the budget: the seed
    /// is a shortcut, not the search. A pass that sees every state without a plan
    /// proves there is none.
    fn seed(&self, board: &Board, max: Option<usize>) -> Result<Option<(Plan, usize)>, Unsolvable> {
        if self.opts.optimize != Optimize::Pushes || self.opts.no_seed {
            return Ok(None);
        }
        let limits = SeedLimits {
            max_pushes: max,
            ..SeedLimits::default()
        };
        // The search keeps up to `max_states` states of `k` boxes each: no seed when they
        // would take more than a quarter of the memory budget.
        let per_state = 8 * board.boxes.len() as u64 + 96;
        let bytes = 4 * per_state * limits.max_states as u64;
        if self.budget.memory_limit().is_some_and(|m| bytes > m) {
            return Ok(None);
        }
        let run = seed_plan(board, &limits, &self.budget.share(0.1));
        if let Some(states) = run.exhausted {
            return Err(Unsolvable::NoPlan(Proof::Exhaustive { states }));
        }
        Ok(run.seed.map(|s| (s.plan, s.pushes)))
    }

    /// The report of the search's outcome (`max`: the caps of the options).
    pub(super) fn report(
        &self,
        outcome: SearchOutcome,
        stats: SolveStats,
        max: Option<usize>,
    ) -> Result<Outcome, SolveError> {
        let mut report = Outcome::empty(Verdict::Unknown, self.opts.optimize);
        report.stats = stats;
        match outcome {
            SearchOutcome::Plan {
                plan,
                horizon,
                optimal,
                proven_below,
                stopped,
            } => {
                if let Some(inner) = self.plan(&mut report, plan, horizon, optimal, stopped)? {
                    return Ok(inner);
                }
                report.proven_below = proven_below;
                if !optimal {
                    report.reason = Some(not_proven(&report));
                }
            }
            SearchOutcome::NoPlan { horizon } if max.is_none_or(|m| horizon < m) => {
                let proof = Proof::StateBound {
                    horizon,
                    unit: self.unit(),
                    states: self.states.unwrap_or(horizon as u64 + 1),
                };
                self.impossible(&mut report, proof);
            }
            SearchOutcome::NoPlan { horizon } => self.no_plan(&mut report, horizon),
            SearchOutcome::Impossible { horizon } => {
                let proof = Proof::Invariants {
                    horizon,
                    unit: self.unit(),
                };
                self.impossible(&mut report, proof);
            }
            SearchOutcome::Unknown {
                proven_below,
                horizon,
                halt,
            } => unknown(&mut report, horizon, proven_below, &halt),
        }
        report.stats.seconds = self.began.elapsed().as_secs_f64();
        Ok(report)
    }

    /// A plan of cost `horizon`: verified by replay, its cost checked (and against the
    /// exhaustive search's optimum). A push plan longer than the move budget goes to the
    /// move encoding, whose report is returned instead.
    fn plan(
        &self,
        report: &mut Outcome,
        plan: Plan,
        horizon: usize,
        optimal: bool,
        stopped: Option<Halt>,
    ) -> Result<Option<Outcome>, SolveError> {
        let r = verify(self.level, &plan)?;
        let count = match self.opts.optimize {
            Optimize::Moves => r.moves,
            Optimize::Pushes | Optimize::PushesMoves => r.pushes,
        };
        if count > horizon || (optimal && count != horizon) {
            return Err(SolveError::Cost {
                cost: count,
                unit: self.unit(),
                horizon,
            });
        }
        if let Some(p) = self.known_pushes
            && optimal
            && self.opts.optimize == Optimize::Pushes
            && p != count
        {
            return Err(SolveError::Disagrees {
                solver: count,
                exhaustive: p,
            });
        }
        if self.opts.max_moves.is_some_and(|m| r.moves > m) {
            // A push-optimal plan longer than the move budget: the move encoding
            // decides whether a shorter walk exists.
            let mut sub = self.opts.clone();
            sub.optimize = Optimize::Moves;
            let mut inner = solve_one(self.level, &sub, self.budget, None, None)?;
            inner.stats.seconds = self.began.elapsed().as_secs_f64();
            return Ok(Some(inner));
        }
        report.verdict = Verdict::Solved;
        report.horizon = Some(horizon);
        report.plan = Some(plan);
        report.moves = Some(r.moves);
        report.pushes = Some(r.pushes);
        report.optimal = optimal.then_some(self.opts.optimize);
        if !optimal {
            report.stopped = Some(stopped.map_or(StopReason::TimeLimit, |h| h.reason()));
        }
        Ok(None)
    }

    /// No plan at any horizon, as `proof` shows.
    fn impossible(&self, report: &mut Outcome, proof: Proof) {
        let why = Unsolvable::NoPlan(proof);
        report.verdict = Verdict::Unsolvable;
        report.reason = Some(why.to_string());
        report.unsolvable = Some(why);
    }

    /// No plan of at most `horizon` (in the unit of the encoding).
    pub(super) fn no_plan(&self, report: &mut Outcome, horizon: usize) {
        report.verdict = Verdict::NoPlan;
        report.horizon = Some(horizon);
        report.proven_below = Some(horizon);
        let opts = self.opts;
        report.reason = Some(
            if opts.optimize == Optimize::Pushes && opts.max_moves == Some(horizon) {
                format!(
                    "no plan of at most {horizon} moves (none even with at most {horizon} pushes)"
                )
            } else {
                format!("no plan of at most {horizon} {}", self.unit())
            },
        );
    }
}

/// Why a plan is not claimed optimal.
fn not_proven(report: &Outcome) -> String {
    match report.proven_below {
        Some(p) => format!(
            "stopped before optimality was proven; no plan of at most {p} {} exists",
            report.optimize.name()
        ),
        None => "stopped before optimality was proven".into(),
    }
}

/// The sizes of the final formula and the search's counters.
fn solve_stats(
    enc: &dyn HorizonEncoding,
    stats: &SearchStats,
    lower_bound: usize,
    parity: Option<usize>,
) -> SolveStats {
    let f = enc.formula();
    SolveStats {
        variables: f.num_vars(),
        clauses: f.num_clauses(),
        families: f
            .families()
            .iter()
            .map(|fam| (fam.name.clone(), fam.clauses))
            .collect(),
        calls: stats.calls,
        refinements: stats.refinements,
        seconds: 0.0,
        solve_seconds: stats.solve_time.as_secs_f64(),
        lower_bound,
        push_parity: parity,
        ..SolveStats::default()
    }
}

/// Stopped by `halt` at `horizon`, with what was proven.
pub(super) fn unknown(
    report: &mut Outcome,
    horizon: usize,
    proven_below: Option<usize>,
    halt: &Halt,
) {
    report.horizon = Some(horizon);
    report.proven_below = proven_below;
    report.stopped = Some(halt.reason());
    let why = stop_words(halt);
    report.reason = Some(match proven_below {
        Some(p) => format!(
            "{why} at horizon {horizon}; no plan of at most {p} {} exists",
            report.optimize.name()
        ),
        None => format!("{why} at horizon {horizon}"),
    });
}
