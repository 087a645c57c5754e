//! Puzzle generation: a random solution grid, then givens removed (whole symmetry
//! orbits at a time) while the puzzle keeps exactly one solution, proven by
//! propagation or by a SAT call; optionally down to a clue count or a difficulty.

mod attempt;
mod climb;
mod hitting;
mod random;
mod rated;
mod reduce;
mod symmetry;
mod thin;

pub use hitting::HittingStats;
pub use random::{random_cages, random_regions};
pub use rated::SeRange;
pub use symmetry::Symmetry;
pub use thin::{ThinStats, thin};

use crate::deduce::Logic;
use crate::encode::EncodeError;
use crate::model::grid::Grid;
use crate::model::rules::{Rules, RulesError};
use crate::model::shape::Shape;
use crate::reason::{Difficulty, HodokuLevel, RateOptions, Rating, Technique};
use crate::rng::Rng;
use crate::solve::{SolveError, Uniqueness};
use attempt::Attempt;
use gridsat_sat::{BackendSpec, Budget, Conclusion, SolverError, StopReason};

/// How many givens to leave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Target {
    /// Remove givens until none (no orbit, with a symmetry) can go without losing uniqueness.
    Minimal,
    /// Remove givens until exactly this many are left.
    Clues(usize),
}

impl Target {
    /// The fewest givens the target allows (0 for minimal).
    fn floor(self) -> usize {
        match self {
            Target::Clues(k) => k,
            Target::Minimal => 0,
        }
    }
}

/// What the generator is doing, for a progress display (see
/// [`GenerateOptions::progress`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Progress {
    /// Attempt `attempt` of `max` began: a fresh solution grid.
    Attempt {
        /// The attempt (1-based).
        attempt: usize,
        /// The most attempts made.
        max: usize,
    },
    /// Removal: `givens` left after `tried` of the `orbits` orbits were tried.
    Removing {
        /// Givens left.
        givens: usize,
        /// Orbits tried.
        tried: usize,
        /// Orbits in all.
        orbits: usize,
    },
    /// Collecting unavoidable sets for a hitting set: `sets` found so far.
    Sets {
        /// Sets found.
        sets: usize,
    },
    /// Thinning: round `round` of `rounds`, `givens` left.
    Thinning {
        /// The round.
        round: u64,
        /// Rounds asked for.
        rounds: u64,
        /// Givens left.
        givens: usize,
    },
    /// Climbing towards the difficulty asked for: step `step` of `steps`; the best
    /// puzzle so far is of level `level`.
    Climbing {
        /// The step.
        step: usize,
        /// Steps at most.
        steps: usize,
        /// The level of the best puzzle so far.
        level: Difficulty,
    },
}

impl std::fmt::Display for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Progress::Attempt { attempt, max } => {
                write!(f, "attempt {attempt} of {max}: a solution grid")
            }
            Progress::Removing {
                givens,
                tried,
                orbits,
            } => write!(f, "removing givens: {givens} left ({tried}/{orbits} tried)"),
            Progress::Sets { sets } => write!(f, "collecting unavoidable sets: {sets}"),
            Progress::Thinning {
                round,
                rounds,
                givens,
            } => write!(f, "thinning: round {round}/{rounds}, {givens} givens"),
            Progress::Climbing { step, steps, level } => {
                write!(f, "climbing: step {step}/{steps}, best so far {level}")
            }
        }
    }
}

/// Where progress goes: called from the generating thread, often (keep it cheap).
#[derive(Clone)]
pub struct ProgressFn(pub std::sync::Arc<dyn Fn(Progress) + Send + Sync>);

impl std::fmt::Debug for ProgressFn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ProgressFn")
    }
}

/// What to generate.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct GenerateOptions {
    /// Grid shape.
    pub shape: Shape,
    /// Rules every puzzle follows (regions and cages included when fixed).
    pub rules: Rules,
    /// Draw new random jigsaw regions for every puzzle.
    pub random_regions: bool,
    /// Draw new random killer cages for every puzzle (sums from its solution).
    pub random_cages: bool,
    /// Symmetry of the pattern of givens.
    pub symmetry: Symmetry,
    /// How many givens.
    pub target: Target,
    /// Keep only puzzles of this difficulty.
    pub difficulty: Option<Difficulty>,
    /// Keep only puzzles whose SE rating (ER of the named-technique path) is in range.
    pub se: Option<SeRange>,
    /// Keep only puzzles whose named-technique path uses this technique.
    pub technique: Option<Technique>,
    /// Keep only puzzles of this HoDoKu-style level.
    pub level: Option<HodokuLevel>,
    /// Give up on a puzzle after this many attempts (fresh solution grids).
    pub max_attempts: usize,
    /// Accept a removal only when deduction alone (classic rules: singles, box–line,
    /// probing) still fills the grid; never call the solver for uniqueness.
    pub no_search: bool,
    /// Choose the givens as a hitting set of unavoidable sets (classic rules, no
    /// symmetry) instead of removing them one at a time: far fewer givens on big grids.
    pub hitting_set: bool,
    /// Rounds of thinning after removal (see [`crate::generate::thin`]; needs `no_search`,
    /// classic rules and no symmetry); 0 = none.
    pub thin: u64,
    /// How puzzles are rated.
    pub rate: RateOptions,
    /// The SAT backend for the uniqueness proofs.
    pub backend: BackendSpec,
    /// The time limit, interrupt flag and memory ceiling of the whole run: once spent,
    /// generation stops with [`GenerateError::Stopped`].
    pub budget: Budget,
    /// Told what the generator is doing, when set (a progress display).
    pub progress: Option<ProgressFn>,
}

impl GenerateOptions {
    /// Tells the progress display, if any.
    #[inline]
    pub(crate) fn report(&self, p: Progress) {
        if let Some(f) = &self.progress {
            (f.0)(p);
        }
    }
}

impl GenerateOptions {
    /// The default [`max_attempts`](GenerateOptions::max_attempts).
    pub const DEFAULT_MAX_ATTEMPTS: usize = 1000;

    /// Minimal puzzles of `shape`, classic rules, no symmetry, any difficulty.
    pub fn new(shape: Shape) -> GenerateOptions {
        GenerateOptions {
            shape,
            rules: Rules::default(),
            random_regions: false,
            random_cages: false,
            symmetry: Symmetry::None,
            target: Target::Minimal,
            difficulty: None,
            se: None,
            technique: None,
            level: None,
            max_attempts: Self::DEFAULT_MAX_ATTEMPTS,
            no_search: false,
            hitting_set: false,
            thin: 0,
            rate: RateOptions::default(),
            backend: BackendSpec::default(),
            budget: Budget::unlimited(),
            progress: None,
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Generated {
    /// The givens.
    pub puzzle: Grid,
    /// Its unique solution (checked by the independent checker).
    pub solution: Grid,
    /// Its rules (with the random regions or cages, if any).
    pub rules: Rules,
    /// Its rating.
    pub rating: Rating,
    /// Attempts it took (1 = the first solution grid worked).
    pub attempts: usize,
    /// Uniqueness proofs made by propagation alone, and by SAT calls.
    pub proofs: (usize, usize),
}

impl gridsat_sat::Concludes for Generated {
    fn conclusion(&self) -> Conclusion {
        Conclusion::Answered
    }
}

/// Why no puzzle met the target.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GaveUp {
    /// Every grid got stuck above the clue count.
    #[error(
        "no {n}×{n} puzzle with exactly {clues} givens found in {attempts} attempts (the fewest reached was {fewest}{})",
        symmetry.map_or(String::new(), |s| format!(" with symmetry {s}"))
    )]
    Clues {
        /// The side.
        n: usize,
        /// The clue count asked for.
        clues: usize,
        /// Attempts made.
        attempts: usize,
        /// The fewest givens reached.
        fewest: usize,
        /// The symmetry kept, if any.
        symmetry: Option<Symmetry>,
    },
    /// Puzzles were made, but none rated as asked (SE range, technique).
    #[error(
        "gave up after {attempts} tries: no puzzle {wanted} found ({others} puzzles rated otherwise were made); allow more attempts or widen the range"
    )]
    Rating {
        /// The rating asked for, in words.
        wanted: String,
        /// Attempts made.
        attempts: usize,
        /// Puzzles made that did not fit.
        others: usize,
    },
    /// Puzzles were made, but none of the difficulty asked for.
    #[error(
        "no {level} puzzle found in {attempts} attempts ({others} puzzles of other difficulties were made): allow more attempts"
    )]
    Difficulty {
        /// The difficulty asked for.
        level: Difficulty,
        /// Attempts made.
        attempts: usize,
        /// Puzzles of other difficulties made.
        others: usize,
    },
    /// No solution grid was found at all.
    #[error("no puzzle found in {attempts} attempts: the rules may admit no {n}×{n} grid")]
    NoGrid {
        /// The side.
        n: usize,
        /// Attempts made.
        attempts: usize,
    },
}

/// Why generation failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The rules do not fit the shape.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The reasoning model or a formula could not be built.
    #[error(transparent)]
    Encode(EncodeError),
    /// More givens asked for than the grid has cells.
    #[error("{clues} givens asked for, but a {n}×{n} grid has only {} cells", n * n)]
    TooManyClues {
        /// Givens asked for.
        clues: usize,
        /// The side.
        n: usize,
    },
    /// The hitting-set method with variant rules or a symmetry.
    #[error("the hitting-set method works on classic puzzles without a symmetry")]
    HittingSet,
    /// Thinning with search, variant rules or a symmetry.
    #[error("thinning works without search on classic puzzles without a symmetry")]
    Thin,
    /// The rules admit no grid at all (proven by exhaustive search).
    #[error("no {n}×{n} grid satisfies the rules {rules} (proven by exhaustive search)")]
    NoGrid {
        /// The side.
        n: usize,
        /// The rules' names.
        rules: String,
    },
    /// No puzzle met the target within the attempts.
    #[error(transparent)]
    GaveUp(#[from] GaveUp),
    /// The SAT backend failed.
    #[error(transparent)]
    Solver(#[from] SolverError),
    /// A uniqueness proof failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A generated solution failed the independent check (a bug).
    #[error("a generated solution failed verification: {0}")]
    Verification(String),
    /// The budget (time limit, interrupt) stopped the search.
    #[error("stopped by the time limit or an interrupt")]
    Stopped(StopReason),
}

impl From<EncodeError> for GenerateError {
    /// A build the budget stopped is [`GenerateError::Stopped`], not a failure.
    fn from(e: EncodeError) -> GenerateError {
        match e {
            EncodeError::Stopped(r) => GenerateError::Stopped(r),
            e => GenerateError::Encode(e),
        }
    }
}

/// What a generator tried, over every puzzle it was asked for (made or not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Tried {
    /// Attempts (fresh solution grids).
    pub attempts: usize,
    /// Uniqueness proofs by propagation alone, and by SAT calls.
    pub proofs: (usize, usize),
    /// Climbing steps towards a difficulty.
    pub climb_steps: usize,
    /// Puzzles rated on the way (every attempt's and every climbing step's), by level.
    pub rated: [usize; 4],
}

impl Tried {
    /// Adds what `other` tried.
    pub fn add(&mut self, other: &Tried) {
        self.attempts += other.attempts;
        self.proofs.0 += other.proofs.0;
        self.proofs.1 += other.proofs.1;
        self.climb_steps += other.climb_steps;
        for (a, b) in self.rated.iter_mut().zip(other.rated) {
            *a += b;
        }
    }
}

/// Generates puzzles; the same options, seed and index give the same puzzle.
pub struct Generator {
    opts: GenerateOptions,
    tried: Tried,
    /// Reasoning model and SAT solver for the fixed rules (rebuilt when rules vary).
    fixed: Option<(Logic, Uniqueness)>,
}

impl Generator {
    /// A generator; checks that the options make sense and the rules fit the shape.
    pub fn new(opts: GenerateOptions) -> Result<Generator, GenerateError> {
        opts.rules.validate(opts.shape)?;
        if let Target::Clues(k) = opts.target {
            if k > opts.shape.cells() {
                return Err(GenerateError::TooManyClues {
                    clues: k,
                    n: opts.shape.n(),
                });
            }
        }
        let plain = opts.rules.is_classic() && opts.symmetry == Symmetry::None;
        if opts.hitting_set && !plain {
            return Err(GenerateError::HittingSet);
        }
        if opts.thin > 0 && (!opts.no_search || !plain) {
            return Err(GenerateError::Thin);
        }
        Ok(Generator {
            opts,
            tried: Tried::default(),
            fixed: None,
        })
    }

    /// The options.
    pub fn options(&self) -> &GenerateOptions {
        &self.opts
    }

    /// What this generator tried so far, over every puzzle it was asked for.
    pub fn tried(&self) -> Tried {
        self.tried
    }

    /// Puzzle number `index` of the run seeded with `seed`: the same puzzle whatever
    /// this generator made before, so that a run's output depends on its seed alone
    /// (not on which worker made which puzzle).
    pub fn generate(&mut self, seed: u64, index: u64) -> Result<Generated, GenerateError> {
        // The warm uniqueness solver's models guide the climb to a difficulty; what it
        // learnt on earlier puzzles would change them, so every puzzle starts cold.
        self.fixed = None;
        let mut rng = Rng::for_item(seed, index);
        let mut fewest: Option<usize> = None;
        let mut wrong_level = 0;
        let max = self.opts.max_attempts.max(1);
        for attempt in 1..=max {
            if let Some(r) = self.opts.budget.stop_reason() {
                return Err(GenerateError::Stopped(r));
            }
            self.opts.report(Progress::Attempt { attempt, max });
            self.tried.attempts += 1;
            match self.attempt(&mut rng)? {
                Attempt::NoGrid => {}
                Attempt::Above(k) => fewest = Some(fewest.map_or(k, |f| f.min(k))),
                Attempt::Done(mut g) => {
                    if self.opts.difficulty.is_none_or(|d| d == g.rating.level)
                        && self.rated(&mut g)
                    {
                        g.attempts = attempt;
                        return Ok(*g);
                    }
                    wrong_level += 1;
                }
            }
        }
        Err(self.gave_up(fewest, wrong_level).into())
    }

    /// What the SE range and technique options ask for.
    fn wanted(&self) -> rated::Wanted {
        rated::Wanted {
            se: self.opts.se,
            technique: self.opts.technique,
            level: self.opts.level,
        }
    }

    /// True when `g` is rated as asked (always, when nothing is asked); its technique
    /// path joins its rating.
    fn rated(&self, g: &mut Generated) -> bool {
        let wanted = self.wanted();
        if wanted.any() {
            return true;
        }
        match wanted.check(&g.puzzle, &g.rules, &self.opts.budget) {
            Some(rated) => {
                g.rating.techniques = rated.techniques;
                g.rating.hodoku = rated.hodoku;
                true
            }
            None => false,
        }
    }

    /// Why `max_attempts` attempts made no puzzle.
    fn gave_up(&self, fewest: Option<usize>, wrong_level: usize) -> GaveUp {
        let (n, attempts) = (self.opts.shape.n(), self.opts.max_attempts);
        if wrong_level > 0 && !self.wanted().any() {
            return GaveUp::Rating {
                wanted: self.wanted().text(),
                attempts,
                others: wrong_level,
            };
        }
        match (self.opts.target, fewest, self.opts.difficulty) {
            (Target::Clues(clues), Some(fewest), _) if wrong_level == 0 => GaveUp::Clues {
                n,
                clues,
                attempts,
                fewest,
                symmetry: (self.opts.symmetry != Symmetry::None).then_some(self.opts.symmetry),
            },
            (_, _, Some(level)) if wrong_level > 0 => GaveUp::Difficulty {
                level,
                attempts,
                others: wrong_level,
            },
            _ => GaveUp::NoGrid { n, attempts },
        }
    }
}
