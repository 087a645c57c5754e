//! The push search in a solve: the A* over push states (its exhaustion proves the push
//! optimum, or that there is no plan), the bound it proved for the horizon search when
//! it stops first, and the satisficing mode.

use super::context::{Solve, min_cap, stop_words};
use super::error::SolveError;
use super::options::{ASTAR_MEMORY, Optimize, Search};
use super::report::{Outcome, SolveStats, Verdict};
use crate::analysis::{Proof, Push, Unsolvable, pushes_to_plan};
use crate::encode::DeadSet;
use crate::model::{Board, Plan};
use crate::search::{
    AnyRun, AstarOptions, AstarOutcome, AstarStats, MAX_CELLS, Order, PushTables, SearchOutcome,
    any_plan, astar,
};
use std::time::Instant;

/// What the push search leaves for the rest of the solve.
pub(super) enum PushStep {
    /// The answer.
    Done(Box<Outcome>),
    /// Stopped first: the bound it proved, for the horizon search to start from.
    Bound(Box<AstarBound>),
}

/// The most clauses a step the A*'s learned deadlocks add to the horizon search's
/// encoding.
const LEARNED_CLAUSES: usize = 20_000;

/// What a stopped A* proved and counted.
pub(super) struct AstarBound {
    /// No plan has fewer pushes.
    pub lower_bound: usize,
    stats: AstarStats,
    seconds: f64,
    /// The proof of that bound, in words.
    words: String,
    /// The deadlocks it learned on box subsets, for the horizon search's encoding.
    pub dead_sets: Vec<DeadSet>,
    /// The satisficing passes' best plan after it, when they found one.
    pub plan: Option<Vec<Push>>,
    /// Their counters and seconds.
    passes: (AstarStats, f64),
}

impl AstarBound {
    /// Adds the A*'s counters to a solve's.
    pub fn add_to(&self, s: &mut SolveStats) {
        add_stats(s, &self.stats, self.seconds);
        add_stats(s, &self.passes.0, self.passes.1);
    }

    /// Carries the bound into a report that the horizon search left unproven with a
    /// weaker one (or none): no plan of fewer pushes, by the A*'s exhaustion.
    pub fn raise(&self, r: &mut Outcome) {
        let Some(p) = self.lower_bound.checked_sub(1) else {
            return;
        };
        let open = r.optimal.is_none() && matches!(r.verdict, Verdict::Unknown | Verdict::Solved);
        if !open || r.proven_below.is_some_and(|q| q >= p) {
            return;
        }
        r.proven_below = Some(p);
        r.proof = Some(self.words.clone());
        let why = r.reason.take().unwrap_or_else(|| "stopped".into());
        r.reason = Some(format!(
            "{why}; the A* proved no plan of at most {p} pushes exists"
        ));
    }
}

fn add_stats(s: &mut SolveStats, a: &AstarStats, seconds: f64) {
    s.astar_expanded += a.expanded;
    s.astar_stored = s.astar_stored.max(a.stored);
    s.astar_deadlocks += a.deadlocks;
    s.astar_subset_tests += a.patterns.tests;
    s.astar_patterns += a.patterns.learned;
    s.astar_pattern_prunes += a.patterns.pruned;
    s.astar_positions += a.patterns.positions;
    s.astar_dead_ends += a.patterns.dead_ends;
    s.astar_seconds += seconds;
}

/// The deadlock tests of a pass, in words.
fn pruned(o: &AstarOptions, tables: &PushTables) -> String {
    let mut s = String::from("dead squares");
    if o.freeze {
        s.push_str(", freeze deadlocks");
    }
    if o.pairs && tables.has_pairs() {
        s.push_str(", dead pairs");
    }
    s.push_str(" and boxes without a matching pruned");
    if o.corrals {
        s.push_str("; pushes restricted to PI-corrals (which keeps a shortest plan)");
    }
    s
}

/// The words of an A* proof that no plan has fewer than `f` pushes.
fn astar_words(f: usize, expanded: u64, o: &AstarOptions, tables: &PushTables) -> String {
    format!(
        "A* over push states exhausted every state with f < {f} under an admissible bound \
         (minimum matching of push distances); {expanded} states expanded; {}",
        pruned(o, tables)
    )
}

impl Solve<'_> {
    /// The push search's options from the solve's: the optimal order, plans below
    /// `cap` + 1 pushes, the table within a quarter of the memory budget.
    fn astar_options(&self, cap: Option<usize>) -> AstarOptions {
        let o = self.opts;
        let quarter = self.budget.memory_limit().map_or(ASTAR_MEMORY, |m| m / 4);
        AstarOptions {
            order: Order::Optimal,
            below: cap.map(|c| c as u32 + 1),
            freeze: o.astar_freeze,
            pairs: o.astar_pairs,
            corrals: o.astar_corrals,
            packing: o.packing,
            connectivity: o.connectivity,
            idle_step: o.idle_step,
            macros: o.astar_macros,
            room_cuts: o.astar_room_cuts,
            pull: o.astar_pull,
            box_moves: o.astar_box_moves,
            features: o.astar_features,
            learn: o.astar_patterns,
            dead_ends: o.astar_dead_ends,
            explore: o.explore,
            memory: o.astar_memory.unwrap_or(quarter.min(ASTAR_MEMORY)),
        }
    }

    /// The A* (or the satisficing search) in push mode, unless the options or the
    /// board's size rule it out (`None`).
    pub(super) fn push_search(&self, board: &Board) -> Result<Option<PushStep>, SolveError> {
        let o = self.opts;
        if o.optimize != Optimize::Pushes
            || (o.search == Search::Horizon && !o.any)
            || board.len() > MAX_CELLS
        {
            return Ok(None);
        }
        let began = Instant::now();
        let budget = match o.search {
            Search::Auto if !o.any => self.budget.share(o.astar_share),
            _ => self.budget.clone(),
        };
        let mut tables = match PushTables::new(board, o.astar_pairs, &budget) {
            Ok(t) => t,
            // Too large or too slow for the A*'s share: the horizon search goes on.
            Err(_) if o.search == Search::Auto && !o.any => return Ok(None),
            Err(halt) => {
                let r = self.halted_before_search(&halt);
                return Ok(Some(PushStep::Done(Box::new(r))));
            }
        };
        let cap = min_cap(o.max_pushes, o.max_moves);
        let base = self.astar_options(cap);
        if o.any {
            let run = any_plan(board, &mut tables, &base, self.budget);
            return self.satisficed(board, run, &base, &tables, began).map(Some);
        }
        let (outcome, stats) = astar(board, &mut tables, &base, &budget);
        let seconds = began.elapsed().as_secs_f64();
        let step = match outcome {
            AstarOutcome::Plan(pushes) => {
                let words = astar_words(pushes.len(), stats.expanded, &base, &tables);
                let mut r = self.astar_plan(board, &pushes, &stats, seconds, Some(words))?;
                r.search = Some("astar");
                PushStep::Done(Box::new(r))
            }
            AstarOutcome::Exhausted => PushStep::Done(Box::new(
                self.exhausted(cap, &stats, seconds, &base, &tables),
            )),
            AstarOutcome::Stopped { lower_bound, halt } if o.search == Search::Astar => {
                let mut r = Outcome::empty(Verdict::Unknown, Optimize::Pushes);
                r.search = Some("astar");
                add_stats(&mut r.stats, &stats, seconds);
                r.stats.lower_bound = stats.start_bound as usize;
                let proven = (lower_bound as usize).checked_sub(1);
                r.proven_below = proven;
                r.stopped = Some(halt.reason());
                r.reason = Some(match proven {
                    Some(p) => format!(
                        "{} in the A*; no plan of at most {p} pushes exists",
                        stop_words(&halt)
                    ),
                    None => format!("{} in the A*", stop_words(&halt)),
                });
                r.proof = proven
                    .map(|_| astar_words(lower_bound as usize, stats.expanded, &base, &tables));
                r.stats.seconds = self.began.elapsed().as_secs_f64();
                PushStep::Done(Box::new(r))
            }
            AstarOutcome::Stopped { lower_bound, .. } => {
                let (plan, passes) = self.passes_after_astar(board, &mut tables, &base);
                PushStep::Bound(Box::new(AstarBound {
                    dead_sets: if o.pushes.learned {
                        tables.dead_sets(board, LEARNED_CLAUSES)
                    } else {
                        Vec::new()
                    },
                    lower_bound: lower_bound as usize,
                    words: astar_words(lower_bound as usize, stats.expanded, &base, &tables),
                    stats,
                    seconds,
                    plan,
                    passes,
                }))
            }
        };
        Ok(Some(step))
    }

    /// After an A* that stopped without a plan: the satisficing passes' best plan within
    /// `plan_share` of the time left (none when that share is 0 or they find none),
    /// with their counters and seconds.
    fn passes_after_astar(
        &self,
        board: &Board,
        tables: &mut PushTables,
        base: &AstarOptions,
    ) -> (Option<Vec<Push>>, (AstarStats, f64)) {
        let share = self.opts.plan_share;
        if share <= 0.0 || self.budget.stopped() {
            return (None, (AstarStats::default(), 0.0));
        }
        let began = Instant::now();
        let run = any_plan(board, tables, base, &self.budget.share(share));
        (run.best, (run.stats, began.elapsed().as_secs_f64()))
    }

    /// The satisficing passes' plan (`pushes`) in place of a horizon search that found
    /// none: walked, verified and checked like every plan ([`Self::astar_plan`]), with
    /// the horizon search's counters, bound and proof (`horizon`, its report).
    pub(super) fn passes_plan_report(
        &self,
        board: &Board,
        pushes: &[Push],
        horizon: Outcome,
    ) -> Result<Outcome, SolveError> {
        let n = pushes.len();
        let mut r = self.astar_plan(board, pushes, &AstarStats::default(), 0.0, None)?;
        if r.verdict != Verdict::Solved || r.optimal.is_some() {
            return Ok(r); // the move encoding took over (a move cap), or it proved
        }
        r.stats = horizon.stats;
        r.proven_below = horizon.proven_below;
        r.proof = horizon.proof;
        r.stopped = horizon.stopped.or(r.stopped);
        r.search = Some("any");
        let why = horizon.reason.unwrap_or_else(|| "stopped".into());
        r.reason = Some(format!(
            "a plan of {n} pushes by the satisficing passes after the A* stopped, not \
             proven optimal; the horizon search: {why}"
        ));
        r.stats.seconds = self.began.elapsed().as_secs_f64();
        Ok(r)
    }

    /// The report of an A* plan proven push-optimal (`proof`) or not (`None`): walked,
    /// then verified and checked like every plan.
    fn astar_plan(
        &self,
        board: &Board,
        pushes: &[Push],
        stats: &AstarStats,
        seconds: f64,
        proof: Option<String>,
    ) -> Result<Outcome, SolveError> {
        let plan: Plan =
            pushes_to_plan(board, pushes).map_err(|push| SolveError::Unwalkable { push })?;
        let mut s = SolveStats {
            lower_bound: stats.start_bound as usize,
            ..SolveStats::default()
        };
        add_stats(&mut s, stats, seconds);
        let n = pushes.len();
        let outcome = SearchOutcome::Plan {
            plan,
            horizon: n,
            optimal: proof.is_some(),
            proven_below: if proof.is_some() {
                n.checked_sub(1)
            } else {
                None
            },
            stopped: None,
        };
        let cap = min_cap(self.opts.max_pushes, self.opts.max_moves);
        let mut r = self.report(outcome, s, cap)?;
        if r.optimal.is_some() && r.proof.is_none() {
            r.proof = proof;
        }
        Ok(r)
    }

    /// The A* ran out of states: no plan within the cap, or none at all.
    fn exhausted(
        &self,
        cap: Option<usize>,
        stats: &AstarStats,
        seconds: f64,
        o: &AstarOptions,
        tables: &PushTables,
    ) -> Outcome {
        let mut r = match cap {
            Some(c) => {
                let mut r = Outcome::empty(Verdict::Unknown, Optimize::Pushes);
                self.no_plan(&mut r, c);
                r.proof = Some(astar_words(c + 1, stats.expanded, o, tables));
                r
            }
            None => self.unsolvable(Unsolvable::NoPlan(Proof::Astar {
                states: stats.stored,
            })),
        };
        r.search = Some("astar");
        r.stats.lower_bound = stats.start_bound as usize;
        add_stats(&mut r.stats, stats, seconds);
        r.stats.seconds = self.began.elapsed().as_secs_f64();
        r
    }

    /// The report of the satisficing search: its best plan, verified, with the lower
    /// bound its passes proved.
    fn satisficed(
        &self,
        board: &Board,
        run: AnyRun,
        o: &AstarOptions,
        tables: &PushTables,
        began: Instant,
    ) -> Result<PushStep, SolveError> {
        let seconds = began.elapsed().as_secs_f64();
        let passes = run.passes.join("; ");
        let mut r = match &run.best {
            Some(pushes) => {
                let lb = run.lower_bound as usize;
                let words = if lb > run.stats.start_bound as usize {
                    astar_words(lb, run.stats.expanded, o, tables)
                } else {
                    format!(
                        "the minimum matching of push distances at the start (an admissible \
                         bound) is {lb} pushes"
                    )
                };
                let proof = run.optimal.then(|| words.clone());
                let mut r = self.astar_plan(board, pushes, &run.stats, seconds, proof)?;
                if !run.optimal {
                    r.proven_below = lb.checked_sub(1);
                    r.proof = Some(format!("lower bound {lb} pushes: {words}"));
                    r.stopped = run.halt.as_ref().map(|h| h.reason());
                }
                r.reason = Some(passes);
                r
            }
            None if run.no_plan => self.unsolvable(Unsolvable::NoPlan(Proof::Astar {
                states: run.stats.stored,
            })),
            None => {
                let mut r = Outcome::empty(Verdict::Unknown, Optimize::Pushes);
                r.stopped = run.halt.as_ref().map(|h| h.reason());
                r.reason = Some(passes);
                add_stats(&mut r.stats, &run.stats, seconds);
                r
            }
        };
        r.satisficing = true;
        r.search = Some("any");
        r.stats.lower_bound = run.stats.start_bound as usize;
        r.stats.seconds = self.began.elapsed().as_secs_f64();
        Ok(PushStep::Done(Box::new(r)))
    }
}
