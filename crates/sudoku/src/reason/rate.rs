//! Difficulty from how much reasoning the formula needs: unit propagation alone on the
//! extended encoding (singles), propagation plus failed-literal probing, or search —
//! and then the search effort, averaged over several random orders.

use crate::deduce::{Logic, Order, ProbeEnd, search};
use crate::model::grid::Grid;
use crate::rng::Rng;
use gridsat_sat::{Budget, Conclusion, StopReason};

gridsat_sat::named_enum! {
    /// The difficulty classes.
    pub enum Level ("difficulty") {
        /// Unit propagation alone (naked and hidden singles) solves it.
        Easy = "easy",
        /// Propagation plus failed-literal probing solves it.
        Medium = "medium",
        /// Search is needed, and little of it.
        Hard = "hard",
        /// Search is needed, and much of it.
        Extreme = "extreme",
    }
}

/// How to measure search effort.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct RateOptions {
    /// Searches (each with its own random order) to average over.
    pub runs: usize,
    /// Mean conflicts above which a search-needing puzzle is `extreme`.
    pub extreme_above: f64,
    /// Give up one search after this many conflicts (it then counts this many).
    pub max_conflicts: u64,
}

impl Default for RateOptions {
    fn default() -> Self {
        RateOptions {
            runs: 5,
            extreme_above: EXTREME_ABOVE,
            max_conflicts: 100_000,
        }
    }
}

/// The default boundary between `hard` and `extreme`: mean conflicts of the DPLL
/// search (see BENCHMARKS.md for the distributions it was read from).
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
    pub level: Level,
    /// Empty cells (before any reasoning).
    pub empty: usize,
    /// Cells filled by unit propagation from the givens.
    pub by_singles: usize,
    /// Further cells filled once failed-literal probing is added.
    pub by_probing: usize,
    /// Literals found false by probing.
    pub failed_literals: usize,
    /// Search effort, when search was needed.
    pub search: Option<Effort>,
    /// When the budget stopped the rating: why. `level` is then what was known by
    /// then (medium: singles did not suffice; hard: probing did not either).
    pub stopped: Option<StopReason>,
}

impl gridsat_sat::Verdict for Rating {
    fn conclusion(&self) -> Conclusion {
        match self.stopped {
            Some(r) => Conclusion::Unknown(r),
            None => Conclusion::Answered,
        }
    }
}

impl Rating {
    /// One number for sorting: 1 easy, 2 medium, and 3 + log₂(1 + mean conflicts) with search.
    pub fn score(&self) -> f64 {
        match (self.level, self.search) {
            (Level::Easy, _) => 1.0,
            (Level::Medium, _) => 2.0,
            (_, Some(e)) => 3.0 + (1.0 + e.conflicts).log2(),
            (_, None) => 3.0,
        }
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
    let empty = n * n - puzzle.num_givens();
    logic
        .load(puzzle, &[])
        .map_err(|_| RateError::Contradiction)?;
    let fixed = |l: &Logic| {
        (0..n * n)
            .filter(|&i| l.fixed(i / n, i % n).is_some())
            .count()
    };
    let after_up = fixed(logic);
    let by_singles = after_up - puzzle.num_givens();
    let mut rating = Rating {
        level: Level::Easy,
        empty,
        by_singles,
        by_probing: 0,
        failed_literals: 0,
        search: None,
        stopped: None,
    };
    if after_up == n * n {
        return Ok(rating);
    }
    let failed = match logic.probe_to_fixpoint(budget) {
        Ok(f) => f,
        Err(ProbeEnd::Conflict(_)) => return Err(RateError::Contradiction),
        Err(ProbeEnd::Stopped(r)) => {
            rating.level = Level::Medium;
            rating.stopped = Some(r);
            return Ok(rating);
        }
    };
    rating.failed_literals = failed.len();
    let after_probe = fixed(logic);
    rating.by_probing = after_probe - after_up;
    if after_probe == n * n {
        rating.level = Level::Medium;
        return Ok(rating);
    }
    let (effort, stopped) = search_effort(logic, puzzle, opts, budget)?;
    rating.level = if effort.conflicts > opts.extreme_above {
        Level::Extreme
    } else {
        Level::Hard
    };
    rating.search = Some(effort);
    rating.stopped = stopped;
    Ok(rating)
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
