//! Difficulty from the reasoning a player needs, on the propagation model of the rules:
//! singles (unit propagation), then the basic techniques (locked candidates, subsets),
//! then what-ifs (failed-literal probing, one level deep, with the basic techniques
//! between rounds); a puzzle none of them solves needs search. The search effort (a
//! small DPLL, averaged over several random orders) orders puzzles within a class.

use super::technique::TechniquePath;
use crate::deduce::{Logic, Order, ProbeEnd, basic_to_fixpoint, search};
use crate::model::grid::Grid;
use crate::rng::Rng;
use gridsat_sat::{Budget, Conclusion, StopReason};

gridsat_sat::named_enum! {
    /// The difficulty classes, by the reasoning each needs.
    pub enum Difficulty ("difficulty") {
        /// Naked and hidden singles (unit propagation) solve it.
        Easy = "easy",
        /// The basic techniques solve it: locked candidates (box–line and the like) and naked or hidden subsets, with singles.
        Medium = "medium",
        /// A few what-ifs are needed (at most 3): assuming a value and following the singles to a contradiction, with singles and the basic techniques between.
        Hard = "hard",
        /// Many what-ifs (more than 3), or search (no single what-if fails: trial and error or nested what-ifs).
        Extreme = "extreme",
    }
}

/// How to measure search effort.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct RateOptions {
    /// Searches (each with its own random order) to average over.
    pub runs: usize,
    /// The most what-ifs a `hard` puzzle needs; with more it is `extreme`.
    pub hard_what_ifs: usize,
    /// Mean search conflicts above which a puzzle that what-ifs solve is `extreme`
    /// too (one that needs search always is).
    pub extreme_above: f64,
    /// Give up one search after this many conflicts (it then counts this many).
    pub max_conflicts: u64,
    /// Rate on Sudoku Explainer's scale too, with the named-technique engine (the
    /// `se` and `hardest` of a report). It costs most of the time on hard puzzles
    /// (top1465: 15 puzzles/s with it, 250/s without, debug build), so a caller that
    /// prints only the buckets (`rate --summary`) turns it off.
    pub techniques: bool,
}

impl RateOptions {
    /// Searches to average the effort over when not told otherwise.
    pub const DEFAULT_RUNS: usize = 5;
}

impl Default for RateOptions {
    fn default() -> Self {
        RateOptions {
            runs: Self::DEFAULT_RUNS,
            hard_what_ifs: HARD_WHAT_IFS,
            extreme_above: EXTREME_ABOVE,
            max_conflicts: 100_000,
            techniques: true,
        }
    }
}

/// The default of [`RateOptions::hard_what_ifs`]: measured with the greedy what-ifs
/// (singles and basic techniques first), 3 puts half of top1465 in `extreme`, all of
/// hardest-1106 (which needs search), and one random minimal 9×9 puzzle in twenty.
pub const HARD_WHAT_IFS: usize = 3;

/// The default of [`RateOptions::extreme_above`]: mean conflicts of the DPLL search
/// (see BENCHMARKS.md for the distributions it was read from).
pub const EXTREME_ABOVE: f64 = 200.0;

/// Mean effort of the searches.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Effort {
    /// Searches run.
    pub runs: usize,
    /// Mean decisions per search.
    pub decisions: f64,
    /// Mean conflicts per search.
    pub conflicts: f64,
    /// True when every search finished within the conflict limit.
    pub complete: bool,
}

/// A puzzle's rating.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Rating {
    /// The difficulty class.
    pub level: Difficulty,
    /// Empty cells (before any reasoning).
    pub empty: usize,
    /// Cells filled by unit propagation from the givens.
    pub by_singles: usize,
    /// Further cells filled once locked candidates and subsets are added.
    pub by_basic: usize,
    /// Further cells filled once failed-literal probing is added.
    pub by_probing: usize,
    /// What-ifs made: values assumed and refuted by propagation (failed literals).
    pub failed_literals: usize,
    /// Search effort, for hard and extreme puzzles.
    pub search: Option<Effort>,
    /// When the budget stopped the rating: why. `level` is then what was known by
    /// then (medium: singles did not suffice; hard: probing did not either).
    pub stopped: Option<StopReason>,
    /// The path in named techniques, when asked for (`rate` asks; generation does not):
    /// its SE rating is [`TechniquePath::rating`].
    pub techniques: Option<TechniquePath>,
    /// The same in HoDoKu's order of techniques, beside `techniques`: its HoDoKu-style
    /// rating is [`TechniquePath::hodoku_rating`].
    pub hodoku: Option<TechniquePath>,
}

impl gridsat_sat::Concludes for Rating {
    fn conclusion(&self) -> Conclusion {
        match self.stopped {
            Some(r) => Conclusion::Unknown(r),
            None => Conclusion::Answered,
        }
    }
}

impl Rating {
    /// The rating of `puzzle` when the budget ran out (`reason`) before anything was
    /// rated: level easy, no cell filled.
    pub fn unrated(puzzle: &Grid, reason: StopReason) -> Rating {
        Rating {
            level: Difficulty::Easy,
            empty: puzzle.n() * puzzle.n() - puzzle.num_givens(),
            by_singles: 0,
            by_basic: 0,
            by_probing: 0,
            failed_literals: 0,
            search: None,
            stopped: Some(reason),
            techniques: None,
            hodoku: None,
        }
    }

    /// True when no single what-if was left to make and the grid was still open.
    pub fn needs_search(&self) -> bool {
        self.level == Difficulty::Extreme
            && self.by_singles + self.by_basic + self.by_probing < self.empty
    }

    /// One number for sorting: 1 easy, 2 medium, 3 hard and 4 extreme, plus a tenth
    /// per what-if (at most 0.9) and, for puzzles that need search, 1 + log₂(1 + mean
    /// search conflicts) / 10.
    pub fn score(&self) -> f64 {
        let base = match self.level {
            Difficulty::Easy => return 1.0,
            Difficulty::Medium => return 2.0,
            Difficulty::Hard => 3.0,
            Difficulty::Extreme => 4.0,
        };
        let what_ifs = (self.failed_literals as f64 / 10.0).min(0.9);
        let search = match (self.needs_search(), self.search) {
            (true, Some(e)) => 1.0 + (1.0 + e.conflicts).log2() / 10.0,
            _ => 0.0,
        };
        base + what_ifs + search
    }
}

/// Why a puzzle could not be rated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RateError {
    /// The givens contradict each other (propagation or probing found it).
    #[error("propagation finds the givens contradictory")]
    Contradiction,
}

/// Rates `puzzle` (which should have a unique solution: ask the solver first), asking
/// `budget` between probes and search steps.
pub fn rate(
    logic: &mut Logic,
    puzzle: &Grid,
    opts: &RateOptions,
    budget: &Budget,
) -> Result<Rating, RateError> {
    let n = puzzle.n();
    logic
        .load(puzzle, &[])
        .map_err(|_| RateError::Contradiction)?;
    let mut rating = Rating {
        level: Difficulty::Easy,
        empty: n * n - puzzle.num_givens(),
        by_singles: fixed(logic) - puzzle.num_givens(),
        by_basic: 0,
        by_probing: 0,
        failed_literals: 0,
        search: None,
        stopped: None,
        techniques: None,
        hodoku: None,
    };
    let steps: [(Difficulty, Step); 2] =
        [(Difficulty::Medium, basic), (Difficulty::Hard, what_ifs)];
    for (level, step) in steps {
        if logic.solved() {
            return Ok(rating);
        }
        let before = fixed(logic);
        rating.level = level;
        match step(logic, &mut rating, budget) {
            Ok(()) => {}
            Err(ProbeEnd::Stopped(r)) => {
                rating.stopped = Some(r);
                return Ok(rating);
            }
            Err(_) => return Err(RateError::Contradiction),
        }
        let filled = fixed(logic) - before;
        match level {
            Difficulty::Medium => rating.by_basic = filled,
            _ => rating.by_probing = filled,
        }
    }
    if !logic.solved() || rating.failed_literals > opts.hard_what_ifs {
        rating.level = Difficulty::Extreme;
    }
    let (effort, stopped) = search_effort(logic, puzzle, opts, budget)?;
    if effort.conflicts > opts.extreme_above {
        rating.level = Difficulty::Extreme;
    }
    rating.search = Some(effort);
    rating.stopped = stopped;
    Ok(rating)
}

/// One reasoning step of the rating, to its fixpoint.
type Step = fn(&mut Logic, &mut Rating, &Budget) -> Result<(), ProbeEnd>;

/// Cells the propagator has fixed.
fn fixed(logic: &Logic) -> usize {
    let n = logic.shape().n();
    (0..n * n)
        .filter(|&i| logic.fixed(i / n, i % n).is_some())
        .count()
}

/// Locked candidates and subsets to a fixpoint.
fn basic(logic: &mut Logic, _: &mut Rating, budget: &Budget) -> Result<(), ProbeEnd> {
    basic_to_fixpoint(logic, budget).map(|_| ())
}

/// What-ifs as a player makes them: one at a time ([`Logic::what_if`], cells with the
/// fewest candidates first), each followed by the singles and the basic techniques,
/// until the grid is solved or no single what-if fails (search is needed). Counts them
/// in `failed_literals`.
fn what_ifs(logic: &mut Logic, rating: &mut Rating, budget: &Budget) -> Result<(), ProbeEnd> {
    while !logic.solved() {
        if logic.what_if(budget)?.is_none() {
            break;
        }
        rating.failed_literals += 1;
        basic_to_fixpoint(logic, budget)?;
    }
    Ok(())
}

/// The mean effort of a DPLL search with unit propagation only, from the givens, over
/// `opts.runs` seeded random orders (fewest candidates first, ties and values at random),
/// each proving that no second solution exists; and what stopped it, when the budget
/// did (the mean is then over the runs made, the last one cut short).
pub fn search_effort(
    logic: &mut Logic,
    puzzle: &Grid,
    opts: &RateOptions,
    budget: &Budget,
) -> Result<(Effort, Option<StopReason>), RateError> {
    logic
        .load(puzzle, &[])
        .map_err(|_| RateError::Contradiction)?;
    let mut total = (0u64, 0u64);
    let mut complete = true;
    let mut runs = 0;
    let mut stopped = None;
    while runs < opts.runs.max(1) && stopped.is_none() {
        let mut rng = Rng::for_item(0x5EA_4C4, runs as u64);
        let st = search(
            logic,
            &mut Order::FewestCandidates(&mut rng),
            2,
            opts.max_conflicts,
            budget,
        );
        total.0 += st.decisions;
        total.1 += st.conflicts;
        complete &= st.complete;
        stopped = st.stopped;
        runs += 1;
    }
    let effort = Effort {
        runs,
        decisions: total.0 as f64 / runs as f64,
        conflicts: total.1 as f64 / runs as f64,
        complete,
    };
    Ok((effort, stopped))
}
