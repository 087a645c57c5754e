//! One attempt: a random solution grid under the rules, then a puzzle made from it
//! (removal, or a hitting set), thinned, rated, and climbed towards the difficulty
//! asked for.

use super::climb::climb;
use super::hitting::hitting_set_puzzle;
use super::random::{random_cages, random_regions};
use super::reduce::reduce;
use super::thin::thin;
use super::{GenerateError, GenerateOptions, Generated, Generator, Progress, Target, Tried};
use crate::check::check_solution;
use crate::deduce::{Logic, Order, search};
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use crate::model::rules::Rules;
use crate::reason::{Difficulty, Rating, rate};
use crate::rng::Rng;
use crate::solve::{Activation, Uniqueness};

/// What one attempt made.
pub(super) enum Attempt {
    /// No solution grid (the rules or regions admit none, or the search gave up).
    NoGrid,
    /// Stuck above the clue target with this many givens.
    Above(usize),
    /// A puzzle.
    Done(Box<Generated>),
}

/// A puzzle before rating: its givens and the uniqueness proofs made (by propagation,
/// by SAT).
struct Made {
    puzzle: Grid,
    proofs: (usize, usize),
}

impl Generator {
    /// One attempt with a fresh solution grid.
    pub(super) fn attempt(&mut self, rng: &mut Rng) -> Result<Attempt, GenerateError> {
        let (mut rules, base_rules) = self.draw_rules(rng);
        let Some(solution) = self.solution_grid(&base_rules, rng)? else {
            return Ok(Attempt::NoGrid);
        };
        if self.opts.random_cages {
            rules.set_cages(random_cages(&solution, rng));
        }
        self.models_for(&rules)?;
        let (logic, uniq) = self.fixed.as_mut().expect("built");
        debug_assert_eq!(uniq.rules, rules);
        let empty = Grid::empty(solution.shape());
        check_solution(&empty, &solution, &rules)
            .map_err(|f| GenerateError::Verification(f.to_string()))?;
        let act = uniq.differ_from(&solution);
        let result = make(
            logic,
            uniq,
            act,
            &solution,
            &self.opts,
            rng,
            &mut self.tried,
        );
        uniq.retire(act);
        let (made, rating) = result?;
        match rating {
            Err(k) => Ok(Attempt::Above(k)),
            Ok(rating) => Ok(Attempt::Done(Box::new(Generated {
                puzzle: made.puzzle,
                solution,
                rules,
                rating,
                attempts: 0,
                proofs: made.proofs,
            }))),
        }
    }

    /// The rules of this attempt (with fresh random regions), and the rules its
    /// solution grid is drawn under (without the cages, which come from the grid).
    fn draw_rules(&self, rng: &mut Rng) -> (Rules, Rules) {
        let mut rules = self.opts.rules.clone();
        if self.opts.random_regions {
            rules.set_regions(Some(random_regions(self.opts.shape, rng)));
        }
        let mut base_rules = rules.clone();
        if self.opts.random_cages {
            base_rules.set_cages(Vec::new());
        }
        (rules, base_rules)
    }

    /// True when every attempt has its own rules (random regions or cages).
    fn varying(&self) -> bool {
        self.opts.random_regions || self.opts.random_cages
    }

    /// A random solution grid under `base_rules`: a randomised search, checked by the
    /// independent checker. `None` when the search gave up.
    fn solution_grid(
        &mut self,
        base_rules: &Rules,
        rng: &mut Rng,
    ) -> Result<Option<Grid>, GenerateError> {
        let shape = self.opts.shape;
        let varying = self.varying();
        if varying || self.fixed.is_none() {
            let logic = Logic::new(shape, base_rules, &self.opts.budget)?;
            let uniq = Uniqueness::new(shape, base_rules, &self.opts.backend, &self.opts.budget);
            self.fixed = Some((logic, uniq));
        }
        let logic = &mut self.fixed.as_mut().expect("built").0;
        let empty = Grid::empty(shape);
        if logic.load(&empty, &[]).is_err() {
            return Ok(None);
        }
        let limit = 20 * shape.cells() as u64;
        let order = &mut Order::FewestCandidates(rng);
        let found = search(logic, order, 1, limit, &self.opts.budget);
        let Some(solution) = found.first else {
            if found.complete && !varying {
                return Err(GenerateError::NoGrid {
                    n: shape.n(),
                    rules: base_rules.names().join(", "),
                });
            }
            return Ok(None);
        };
        check_solution(&empty, &solution, base_rules)
            .map_err(|f| GenerateError::Verification(f.to_string()))?;
        Ok(Some(solution))
    }

    /// The reasoning model and uniqueness solver for the final rules (those of the
    /// solution grid, unless cages were drawn from it).
    fn models_for(&mut self, rules: &Rules) -> Result<(), GenerateError> {
        if self.opts.random_cages {
            let shape = self.opts.shape;
            let logic = Logic::new(shape, rules, &self.opts.budget)?;
            let uniq = Uniqueness::new(shape, rules, &self.opts.backend, &self.opts.budget);
            self.fixed = Some((logic, uniq));
        }
        Ok(())
    }
}

/// The puzzle for `solution` and its rating; `Err(givens)` in the rating when the
/// clue target was missed.
#[allow(clippy::too_many_arguments)]
fn make(
    logic: &mut Logic,
    uniq: &mut Uniqueness,
    act: Activation,
    solution: &Grid,
    opts: &GenerateOptions,
    rng: &mut Rng,
    tried: &mut Tried,
) -> Result<(Made, Result<Rating, usize>), GenerateError> {
    let mut made = if opts.hitting_set {
        // A hitting-set puzzle is minimal already (every given has a private set).
        sparse_start(solution, opts, rng)?
    } else {
        let (puzzle, proofs) = reduce(logic, uniq, act, solution, solution, opts, rng)?;
        Made { puzzle, proofs }
    };
    if opts.thin > 0 {
        opts.report(Progress::Thinning {
            round: 0,
            rounds: opts.thin,
            givens: made.puzzle.num_givens(),
        });
        let geom = Geometry::new(solution.shape());
        let floor = opts.target.floor();
        let (thinned, stats) = thin(
            &geom,
            &made.puzzle,
            solution,
            opts.thin,
            floor,
            rng,
            &opts.budget,
        );
        made.puzzle = thinned;
        made.proofs.0 += stats.accepted as usize;
    }
    if let Target::Clues(k) = opts.target {
        if made.puzzle.num_givens() != k {
            let givens = made.puzzle.num_givens();
            tried.proofs.0 += made.proofs.0;
            tried.proofs.1 += made.proofs.1;
            return Ok((made, Err(givens)));
        }
    }
    let rating = rated(logic, &made.puzzle, opts)?;
    tried.rated[rating.level as usize] += 1;
    let rating = climb_to(
        logic, uniq, act, &mut made, rating, solution, opts, rng, tried,
    )?;
    tried.proofs.0 += made.proofs.0;
    tried.proofs.1 += made.proofs.1;
    Ok((made, Ok(rating)))
}

/// The rating of a generated puzzle (a contradiction would be a bug; a stopped rating
/// stops the run).
fn rated(
    logic: &mut Logic,
    puzzle: &Grid,
    opts: &GenerateOptions,
) -> Result<Rating, GenerateError> {
    let r = rate(logic, puzzle, &opts.rate, &opts.budget).map_err(|_| {
        GenerateError::Verification("propagation contradicts a generated puzzle".into())
    })?;
    match r.stopped {
        Some(reason) => Err(GenerateError::Stopped(reason)),
        None => Ok(r),
    }
}

/// Hard and extreme puzzles are rare among random 9×9 ones, and common among larger
/// ones: climbs towards the wanted level when search is involved.
#[allow(clippy::too_many_arguments)]
fn climb_to(
    logic: &mut Logic,
    uniq: &mut Uniqueness,
    act: Activation,
    made: &mut Made,
    rating: Rating,
    solution: &Grid,
    opts: &GenerateOptions,
    rng: &mut Rng,
    tried: &mut Tried,
) -> Result<Rating, GenerateError> {
    let Some(want) = opts.difficulty else {
        return Ok(rating);
    };
    let search_level = want >= Difficulty::Hard || rating.level >= Difficulty::Hard;
    if want == rating.level || !search_level || opts.target != Target::Minimal {
        return Ok(rating);
    }
    let start = (made.puzzle.clone(), rating);
    let c = climb(logic, uniq, act, start, solution, want, opts, rng)?;
    made.puzzle = c.puzzle;
    made.proofs.0 += c.proofs.0;
    made.proofs.1 += c.proofs.1;
    tried.climb_steps += c.steps;
    for (a, b) in tried.rated.iter_mut().zip(c.rated) {
        *a += b;
    }
    Ok(c.rating)
}

/// A unique puzzle whose givens are a hitting set of unavoidable sets; with a clue
/// target above its count, random givens of `solution` are added up to the target.
fn sparse_start(
    solution: &Grid,
    opts: &GenerateOptions,
    rng: &mut Rng,
) -> Result<Made, GenerateError> {
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
    Ok(Made {
        puzzle,
        proofs: (stats.by_deduction, stats.by_sat),
    })
}
