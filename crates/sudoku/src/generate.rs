//! Puzzle generation: a random solution grid, then givens removed (whole symmetry
//! orbits at a time) while the puzzle keeps exactly one solution, proven by
//! propagation or by a SAT call; optionally down to a clue count or a difficulty.

use crate::candidates::Candidates;
use crate::climb::climb;
use crate::encode::encode_candidates;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::logic::Logic;
use crate::propagate::{Deduction, Presolve, deduce};
use crate::rate::{Level, RateOptions, Rating, rate};
use crate::rng::Rng;
use crate::search::{Order, search};
use crate::shape::Shape;
use crate::sparse::{HittingStats, hitting_set_puzzle};
use crate::symmetry::Symmetry;
use crate::thin::thin;
use crate::unique::{Activation, Uniqueness};
use crate::variants::{Rules, check_solution_with, random_cages, random_regions};
use gridsat_sat::{AmoEncoding, BackendSpec, Interrupt, Limits, Outcome, SolverError};
use std::fmt;
use std::time::Instant;

/// How many givens to leave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Remove givens until none (no orbit, with a symmetry) can go without losing uniqueness.
    Minimal,
    /// Remove givens until exactly this many are left.
    Clues(usize),
}

/// What to generate.
#[derive(Clone, Debug)]
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
    pub difficulty: Option<Level>,
    /// Give up on a puzzle after this many attempts (fresh solution grids).
    pub max_attempts: usize,
    /// Accept a removal only when deduction alone (classic rules: singles, box–line,
    /// probing) still fills the grid; never call the solver for uniqueness.
    pub no_search: bool,
    /// Choose the givens as a hitting set of unavoidable sets (classic rules, no
    /// symmetry) instead of removing them one at a time: far fewer givens on big grids.
    pub hitting_set: bool,
    /// Rounds of thinning after removal (see [`crate::thin`]; needs `no_search`,
    /// classic rules and no symmetry); 0 = none.
    pub thin: u64,
    /// How puzzles are rated.
    pub rate: RateOptions,
    /// The SAT backend for the uniqueness proofs.
    pub backend: BackendSpec,
    /// Stop (with [`GenerateError::Stopped`]) once this flag is raised, e.g. by Ctrl-C.
    pub interrupt: Option<Interrupt>,
    /// Stop (with [`GenerateError::Stopped`]) after this instant.
    pub deadline: Option<Instant>,
}

impl GenerateOptions {
    /// True when the interrupt flag is up or the deadline has passed.
    pub fn stopped(&self) -> bool {
        self.interrupt.as_ref().is_some_and(|f| f.is_set())
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

impl GenerateOptions {
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
            max_attempts: 1000,
            no_search: false,
            hitting_set: false,
            thin: 0,
            rate: RateOptions::default(),
            backend: BackendSpec::default(),
            interrupt: None,
            deadline: None,
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug)]
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

/// Why generation failed.
#[derive(Debug)]
pub enum GenerateError {
    /// The options do not make sense (e.g. an impossible region map).
    Setup(String),
    /// No puzzle met the target within the attempts.
    GaveUp(String),
    /// The SAT backend failed.
    Solver(SolverError),
    /// A generated solution failed the independent check (a bug).
    Verification(String),
    /// The interrupt flag or the deadline stopped the search.
    Stopped,
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Setup(m) | GenerateError::GaveUp(m) => f.write_str(m),
            GenerateError::Solver(e) => write!(f, "{e}"),
            GenerateError::Verification(m) => {
                write!(f, "a generated solution failed verification: {m}")
            }
            GenerateError::Stopped => f.write_str("stopped by the time limit or an interrupt"),
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<SolverError> for GenerateError {
    fn from(e: SolverError) -> Self {
        GenerateError::Solver(e)
    }
}

/// Generates puzzles; the same options, seed and index give the same puzzle.
pub struct Generator {
    opts: GenerateOptions,
    /// Reasoning model and SAT solver for the fixed rules (rebuilt when rules vary).
    fixed: Option<(Logic, Uniqueness)>,
}

impl Generator {
    /// A generator; checks that the rules fit the shape.
    pub fn new(opts: GenerateOptions) -> Result<Generator, GenerateError> {
        opts.rules
            .validate(opts.shape)
            .map_err(GenerateError::Setup)?;
        if let Target::Clues(k) = opts.target {
            if k > opts.shape.cells() {
                return Err(GenerateError::Setup(format!(
                    "--clues {k}: a {n}×{n} grid has only {} cells",
                    opts.shape.cells(),
                    n = opts.shape.n()
                )));
            }
        }
        if opts.hitting_set && (!opts.rules.is_classic() || opts.symmetry != Symmetry::None) {
            return Err(GenerateError::Setup(
                "--hitting-set works on classic puzzles without a symmetry".into(),
            ));
        }
        if opts.thin > 0
            && (!opts.no_search || !opts.rules.is_classic() || opts.symmetry != Symmetry::None)
        {
            return Err(GenerateError::Setup(
                "--thin works with --no-search on classic puzzles without a symmetry".into(),
            ));
        }
        Ok(Generator { opts, fixed: None })
    }

    /// The options.
    pub fn options(&self) -> &GenerateOptions {
        &self.opts
    }

    /// Puzzle number `index` of the run seeded with `seed`.
    pub fn generate(&mut self, seed: u64, index: u64) -> Result<Generated, GenerateError> {
        let mut rng = Rng::for_item(seed, index);
        let mut fewest: Option<usize> = None;
        let mut wrong_level = 0;
        for attempt in 1..=self.opts.max_attempts.max(1) {
            if self.opts.stopped() {
                return Err(GenerateError::Stopped);
            }
            match self.attempt(&mut rng)? {
                Attempt::NoGrid => {}
                Attempt::Above(k) => fewest = Some(fewest.map_or(k, |f| f.min(k))),
                Attempt::Done(mut g) => {
                    if self.opts.difficulty.is_none_or(|d| d == g.rating.level) {
                        g.attempts = attempt;
                        return Ok(*g);
                    }
                    wrong_level += 1;
                }
            }
        }
        let n = self.opts.shape.n();
        Err(GenerateError::GaveUp(match (self.opts.target, fewest) {
            (Target::Clues(k), Some(f)) if wrong_level == 0 => format!(
                "no {n}×{n} puzzle with exactly {k} givens found in {} attempts (the fewest reached was {f}{})",
                self.opts.max_attempts,
                if self.opts.symmetry == Symmetry::None {
                    String::new()
                } else {
                    format!(" with symmetry {}", self.opts.symmetry)
                }
            ),
            _ if wrong_level > 0 => format!(
                "no {} puzzle found in {} attempts ({wrong_level} puzzles of other difficulties were made): raise --max-attempts",
                self.opts.difficulty.map_or("", |d| d.name()),
                self.opts.max_attempts
            ),
            _ => format!(
                "no puzzle found in {} attempts: the rules may admit no {n}×{n} grid",
                self.opts.max_attempts
            ),
        }))
    }

    fn attempt(&mut self, rng: &mut Rng) -> Result<Attempt, GenerateError> {
        let shape = self.opts.shape;
        let mut rules = self.opts.rules.clone();
        if self.opts.random_regions {
            rules.regions = Some(random_regions(shape, rng));
        }
        // The solution grid: a randomised search under every rule but the cages.
        let mut base_rules = rules.clone();
        let cages_later = self.opts.random_cages;
        if cages_later {
            base_rules.cages.clear();
        }
        let varying = self.opts.random_regions || self.opts.random_cages;
        let mut base = if varying || self.fixed.is_none() {
            Some(Logic::new(shape, &base_rules).map_err(GenerateError::Setup)?)
        } else {
            None
        };
        let logic = match &mut base {
            Some(l) => l,
            None => &mut self.fixed.as_mut().expect("built").0,
        };
        let empty = Grid::empty(shape);
        if logic.load(&empty, &[]).is_err() {
            return Ok(Attempt::NoGrid);
        }
        let limit = 20 * shape.cells() as u64;
        let found = search(logic, &mut Order::FewestCandidates(rng), 1, limit);
        let Some(solution) = found.first else {
            if found.complete && !varying {
                let n = shape.n();
                return Err(GenerateError::Setup(format!(
                    "no {n}×{n} grid satisfies the rules {} (proven by exhaustive search)",
                    base_rules.names().join(", ")
                )));
            }
            return Ok(Attempt::NoGrid);
        };
        check_solution_with(&empty, &solution, &base_rules).map_err(GenerateError::Verification)?;
        if cages_later {
            rules.cages = random_cages(&solution, rng);
        }
        // Models for the final rules.
        if varying {
            let logic = Logic::new(shape, &rules).map_err(GenerateError::Setup)?;
            let uniq = Uniqueness::new(shape, &rules, &self.opts.backend);
            self.fixed = Some((logic, uniq));
        } else if self.fixed.is_none() {
            let uniq = Uniqueness::new(shape, &rules, &self.opts.backend);
            self.fixed = Some((base.expect("built above"), uniq));
        }
        let (logic, uniq) = self.fixed.as_mut().expect("built");
        debug_assert_eq!(uniq.rules, rules);
        check_solution_with(&empty, &solution, &rules).map_err(GenerateError::Verification)?;
        let act = uniq.differ_from(&solution);
        let mut hitting = (0, 0);
        let start = if self.opts.hitting_set {
            match sparse_start(&solution, &self.opts, rng) {
                Ok((p, stats)) => {
                    hitting = (stats.by_deduction, stats.by_sat);
                    p
                }
                Err(e) => {
                    uniq.retire(act);
                    return Err(e);
                }
            }
        } else {
            solution.clone()
        };
        // A hitting-set puzzle is minimal already (every given has a private set).
        let result = if self.opts.hitting_set {
            Ok((start, hitting))
        } else {
            reduce(logic, uniq, act, &start, &solution, &self.opts, rng)
        };
        let (mut puzzle, mut proofs) = match result {
            Ok(r) => r,
            Err(e) => {
                uniq.retire(act);
                return Err(e);
            }
        };
        if self.opts.thin > 0 {
            let floor = match self.opts.target {
                Target::Clues(k) => k,
                Target::Minimal => 0,
            };
            let geom = Geometry::new(shape);
            let opts = &self.opts;
            let (thinned, stats) = thin(&geom, &puzzle, &solution, opts.thin, floor, rng, || {
                opts.stopped()
            });
            puzzle = thinned;
            proofs.0 += stats.accepted as usize;
        }
        if let Target::Clues(k) = self.opts.target {
            if puzzle.num_givens() != k {
                return Ok(Attempt::Above(puzzle.num_givens()));
            }
        }
        let mut rating = rate(logic, &puzzle, &self.opts.rate).map_err(|_| {
            GenerateError::Verification("propagation contradicts a generated puzzle".into())
        });
        // Hard and extreme puzzles are rare among random 9×9 ones, and common among
        // larger ones: climb towards the wanted level when search is involved.
        if let (Ok(r), Some(want)) = (&rating, self.opts.difficulty) {
            let search_level = want >= Level::Hard || r.level >= Level::Hard;
            if want != r.level && search_level && self.opts.target == Target::Minimal {
                let start = (puzzle.clone(), r.clone());
                let climbed = climb(logic, uniq, act, start, &solution, want, &self.opts, rng);
                match climbed {
                    Ok((p, r, extra)) => {
                        puzzle = p;
                        rating = Ok(r);
                        proofs.0 += extra.0;
                        proofs.1 += extra.1;
                    }
                    Err(e) => rating = Err(e),
                }
            }
        }
        uniq.retire(act);
        let rating = rating?;
        Ok(Attempt::Done(Box::new(Generated {
            puzzle,
            solution,
            rules,
            rating,
            attempts: 0,
            proofs,
        })))
    }
}

/// A unique puzzle whose givens are a hitting set of unavoidable sets; with a clue
/// target above its count, random givens of `solution` are added up to the target.
fn sparse_start(
    solution: &Grid,
    opts: &GenerateOptions,
    rng: &mut Rng,
) -> Result<(Grid, HittingStats), GenerateError> {
    let goal = match opts.target {
        Target::Clues(k) => Some(k),
        Target::Minimal => None,
    };
    let (mut puzzle, stats) = hitting_set_puzzle(solution, goal, opts, rng)?;
    if let Target::Clues(k) = opts.target {
        let n = solution.n();
        let mut empty: Vec<usize> = (0..n * n).filter(|&i| puzzle.values()[i] == 0).collect();
        rng.shuffle(&mut empty);
        for &i in empty.iter().take(k.saturating_sub(puzzle.num_givens())) {
            puzzle.set(i / n, i % n, solution.get(i / n, i % n));
        }
    }
    Ok((puzzle, stats))
}

enum Attempt {
    /// No solution grid (the rules or regions admit none, or the search gave up).
    NoGrid,
    /// Stuck above the clue target with this many givens.
    Above(usize),
    /// A puzzle.
    Done(Box<Generated>),
}

/// Above this side, uniqueness checks deduce with probing and encode only the
/// candidates left (a warm solver with the full encoding slows down on such grids).
const LARGE_SIDE: usize = 16;

/// True when no solution other than `solution` lies among the candidates `cands`
/// (which deduction derived, so they keep every solution).
fn unique_among(
    cands: &Candidates,
    solution: &Grid,
    opts: &GenerateOptions,
) -> Result<bool, GenerateError> {
    Ok(other_among(cands, solution, opts)?.is_none())
}

/// A solution other than `solution` among the candidates `cands`, if there is one: the
/// reduced formula plus a clause excluding `solution`, solved once.
pub(crate) fn other_among(
    cands: &Candidates,
    solution: &Grid,
    opts: &GenerateOptions,
) -> Result<Option<Grid>, GenerateError> {
    let enc = encode_candidates(cands, AmoEncoding::Pairwise, None);
    let mut backend = opts.backend.build_for(enc.formula.num_clauses())?;
    if let Some(flag) = &opts.interrupt {
        backend.watch(flag.clone());
    }
    backend.set_limits(Limits {
        conflicts: None,
        deadline: opts.deadline,
    });
    backend.prefer_true();
    backend.add_formula(&enc.formula);
    backend.add_clause(&enc.vars.blocking_clause(&cands.placed_grid(), solution));
    match backend.solve(&[])? {
        Outcome::Unsat => Ok(None),
        Outcome::Sat => {
            let b = &backend;
            let other = enc
                .vars
                .decode(solution.shape(), |v| b.value(v.pos()) == Some(true));
            Ok(Some(other))
        }
        Outcome::Unknown => Err(GenerateError::Stopped),
    }
}

/// Removes orbits of givens from the full `solution` in random order while the puzzle
/// stays unique; stops at the clue target. Returns the puzzle and the number of
/// uniqueness proofs by propagation and by SAT.
pub(crate) fn reduce(
    logic: &mut Logic,
    uniq: &mut Uniqueness,
    act: Activation,
    start: &Grid,
    solution: &Grid,
    opts: &GenerateOptions,
    rng: &mut Rng,
) -> Result<(Grid, (usize, usize)), GenerateError> {
    let n = solution.n();
    let mut orbits = opts.symmetry.orbits(n);
    rng.shuffle(&mut orbits);
    let mut puzzle = start.clone();
    let mut count = puzzle.num_givens();
    let mut proofs = (0, 0);
    let geometry = logic
        .rules()
        .is_classic()
        .then(|| Geometry::new(solution.shape()));
    let geometry = geometry.as_ref();
    let floor = match opts.target {
        Target::Clues(k) => k,
        Target::Minimal => 0,
    };
    for orbit in orbits {
        if count == floor && opts.target != Target::Minimal {
            break;
        }
        if count - orbit.len() < floor || orbit.iter().any(|&(r, c)| puzzle.get(r, c) == 0) {
            continue;
        }
        for &(r, c) in &orbit {
            puzzle.set(r, c, 0);
        }
        // Deduction that fills the grid proves uniqueness without the solver (classic
        // grids use the fast bitset propagation, variants the clause propagator). Large
        // classic grids deduce more (probing) and ask the solver about the candidates
        // left only, which keeps the formula small.
        let large = n > LARGE_SIDE;
        let level = if large || opts.no_search {
            Presolve::Probe
        } else {
            Presolve::Singles
        };
        let deduced = geometry.map(|g| deduce(g, &puzzle, level));
        let by_singles = match &deduced {
            Some(d) => matches!(d, Deduction::Solved(_)),
            None => logic.load(&puzzle, &[]).is_ok() && logic.solved(),
        };
        let unique = if by_singles {
            proofs.0 += 1;
            true
        } else {
            if !opts.no_search {
                proofs.1 += 1;
            }
            match deduced {
                _ if opts.no_search => false,
                Some(Deduction::Open(cands)) if large => unique_among(&cands, solution, opts)?,
                _ => uniq.unique(&puzzle, act)?,
            }
        };
        if unique {
            count -= orbit.len();
        } else {
            for &(r, c) in &orbit {
                puzzle.set(r, c, solution.get(r, c));
            }
        }
    }
    Ok((puzzle, proofs))
}
