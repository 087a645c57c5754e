//! Hill climbing towards a difficulty: move a given elsewhere (keeping the solution),
//! restore uniqueness, minimise again, and keep the result when it is no further from
//! the wanted level (harder while below it, easier while above it).

use super::reduce::reduce;
use super::{GenerateError, GenerateOptions, Progress};
use crate::deduce::Logic;
use crate::model::grid::Grid;
use crate::reason::{Difficulty, Rating, rate, search_effort};
use crate::rng::Rng;
use crate::solve::{Activation, Second, Uniqueness};

/// Mutations tried from one starting puzzle.
pub const CLIMB_STEPS: usize = 300;

/// How hard a rating is, for comparing puzzles: the level, then the score (what-ifs
/// made, search for those that need it), then the search effort (measured here for
/// the puzzles the rating does not search).
fn fitness(logic: &mut Logic, q: &Grid, r: &Rating, opts: &GenerateOptions) -> (Difficulty, f64) {
    let conflicts = match r.search {
        Some(e) => e.conflicts,
        None => search_effort(logic, q, &opts.rate, &opts.budget).map_or(0.0, |e| e.0.conflicts),
    };
    (r.level, r.score() + conflicts * 1e-4)
}

/// What a climb ended with.
pub(super) struct Climbed {
    /// The best puzzle found, and its rating.
    pub(super) puzzle: Grid,
    /// Its rating.
    pub(super) rating: Rating,
    /// Uniqueness proofs made (by propagation, by SAT).
    pub(super) proofs: (usize, usize),
    /// Steps taken.
    pub(super) steps: usize,
    /// Puzzles rated on the way, by level.
    pub(super) rated: [usize; 4],
}

/// Climbs from `start` (unique, minimal, with its rating) towards a puzzle of level
/// `want` with the same `solution`; returns the best found (of level `want` if reached)
/// and the uniqueness proofs made (by propagation, by SAT).
#[allow(clippy::too_many_arguments)]
pub(crate) fn climb(
    logic: &mut Logic,
    uniq: &mut Uniqueness,
    act: Activation,
    start: (Grid, Rating),
    solution: &Grid,
    want: Difficulty,
    opts: &GenerateOptions,
    rng: &mut Rng,
) -> Result<Climbed, GenerateError> {
    let n = solution.n();
    let orbits = opts.symmetry.orbits(n);
    let (mut best, mut best_rating) = start;
    let mut best_fit = fitness(logic, &best, &best_rating, opts);
    let mut proofs = (0, 0);
    let (mut steps, mut rated) = (0, [0usize; 4]);
    for step in 0..CLIMB_STEPS {
        steps = step + 1;
        opts.report(Progress::Climbing {
            step,
            steps: CLIMB_STEPS,
            level: best_rating.level,
        });
        if opts.budget.stopped() {
            break;
        }
        let Some(mut q) = mutate(&best, &orbits, solution, rng) else {
            break;
        };
        proofs.1 += restore_uniqueness(uniq, &mut q, act, &orbits, solution, rng)?;
        proofs.1 += 1;
        let (q, p) = reduce(logic, uniq, act, &q, solution, opts, rng)?;
        proofs.0 += p.0;
        proofs.1 += p.1;
        let r = rate(logic, &q, &opts.rate, &opts.budget).map_err(|_| {
            GenerateError::Verification("propagation contradicts a generated puzzle".into())
        })?;
        if r.stopped.is_some() {
            break;
        }
        rated[r.level as usize] += 1;
        let fit = fitness(logic, &q, &r, opts);
        // Towards the wanted level: harder while below it, easier while above it.
        let better = if best_rating.level < want {
            fit >= best_fit
        } else {
            fit <= best_fit
        };
        if better || r.level == want {
            best = q;
            best_rating = r;
            best_fit = fit;
            if best_rating.level == want {
                break;
            }
        }
    }
    Ok(Climbed {
        puzzle: best,
        rating: best_rating,
        proofs,
        steps,
        rated,
    })
}

/// One mutation of `best`: a given orbit out, one or two empty orbits in (from
/// `solution`); `None` when there is nothing left to move.
fn mutate(
    best: &Grid,
    orbits: &[Vec<(usize, usize)>],
    solution: &Grid,
    rng: &mut Rng,
) -> Option<Grid> {
    let mut q = best.clone();
    let given: Vec<usize> = (0..orbits.len())
        .filter(|&k| orbits[k].iter().all(|&(r, c)| q.get(r, c) != 0))
        .collect();
    let empty: Vec<usize> = (0..orbits.len())
        .filter(|&k| orbits[k].iter().all(|&(r, c)| q.get(r, c) == 0))
        .collect();
    if given.is_empty() || empty.len() < 2 {
        return None;
    }
    let out = given[rng.below(given.len())];
    for &(r, c) in &orbits[out] {
        q.set(r, c, 0);
    }
    for _ in 0..1 + rng.below(2) {
        let k = empty[rng.below(empty.len())];
        for &(r, c) in &orbits[k] {
            q.set(r, c, solution.get(r, c));
        }
    }
    Some(q)
}

/// Restores uniqueness of `q`: while another solution exists, gives an orbit where it
/// differs from `solution`. Returns the SAT proofs made.
fn restore_uniqueness(
    uniq: &mut Uniqueness,
    q: &mut Grid,
    act: Activation,
    orbits: &[Vec<(usize, usize)>],
    solution: &Grid,
    rng: &mut Rng,
) -> Result<usize, GenerateError> {
    let mut proofs = 0;
    while let Some(other) = other_solution(uniq, q, act)? {
        proofs += 1;
        let differ: Vec<usize> = (0..orbits.len())
            .filter(|&k| {
                orbits[k]
                    .iter()
                    .any(|&(r, c)| q.get(r, c) == 0 && other.get(r, c) != solution.get(r, c))
            })
            .collect();
        let k = differ[rng.below(differ.len())];
        for &(r, c) in &orbits[k] {
            q.set(r, c, solution.get(r, c));
        }
    }
    Ok(proofs)
}

/// A solution of `q` other than the one `act` excludes, if any.
fn other_solution(
    uniq: &mut Uniqueness,
    q: &Grid,
    act: Activation,
) -> Result<Option<Grid>, GenerateError> {
    match uniq.second(q, act)? {
        Second::None => Ok(None),
        Second::Other(g) => Ok(Some(g)),
        Second::Unknown(r) => Err(GenerateError::Stopped(r)),
    }
}
