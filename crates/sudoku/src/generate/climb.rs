//! Hill climbing towards a difficulty: move a given elsewhere (keeping the solution),
//! restore uniqueness, minimise again, and keep the result when it is no further from
//! the wanted level (harder while below it, easier while above it).

use super::reduce::reduce;
use super::{GenerateError, GenerateOptions, Progress};
use crate::deduce::Logic;
use crate::model::grid::Grid;
use crate::reason::{Level, Rating, rate, search_effort};
use crate::rng::Rng;
use crate::solve::{Activation, Second, Uniqueness};

/// Mutations tried from one starting puzzle.
pub const CLIMB_STEPS: usize = 300;

/// How hard a rating is, for comparing puzzles of the same class: failed literals
/// needed for `medium`, search conflicts for `hard` and `extreme`.
fn fitness(logic: &mut Logic, q: &Grid, r: &Rating, opts: &GenerateOptions) -> (Level, f64) {
    let fine = match r.search {
        Some(e) => e.conflicts,
        None => search_effort(logic, q, &opts.rate, &opts.budget).map_or(0.0, |e| e.0.conflicts),
    };
    (r.level, fine)
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
    want: Level,
    opts: &GenerateOptions,
    rng: &mut Rng,
) -> Result<(Grid, Rating, (usize, usize)), GenerateError> {
    let n = solution.n();
    let orbits = opts.symmetry.orbits(n);
    let (mut best, mut best_rating) = start;
    let mut best_fit = fitness(logic, &best, &best_rating, opts);
    let mut proofs = (0, 0);
    for step in 0..CLIMB_STEPS {
        opts.report(Progress::Climbing {
            step,
            steps: CLIMB_STEPS,
            level: best_rating.level,
        });
        if opts.budget.stopped() {
            break;
        }
        let mut q = best.clone();
        let given: Vec<usize> = (0..orbits.len())
            .filter(|&k| orbits[k].iter().all(|&(r, c)| q.get(r, c) != 0))
            .collect();
        let empty: Vec<usize> = (0..orbits.len())
            .filter(|&k| orbits[k].iter().all(|&(r, c)| q.get(r, c) == 0))
            .collect();
        if given.is_empty() || empty.len() < 2 {
            break;
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
        // Restore uniqueness: give a cell where another solution differs.
        while let Some(other) = other_solution(uniq, &q, act)? {
            proofs.1 += 1;
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
    Ok((best, best_rating, proofs))
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
