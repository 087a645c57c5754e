//! Removal: orbits of givens taken away in random order while the puzzle stays unique,
//! each uniqueness proven by deduction or by a SAT call.

use super::{GenerateError, GenerateOptions, Progress, Target};
use crate::deduce::{Deduction, Logic, Presolve, deduce};
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use crate::rng::Rng;
use crate::solve::{Activation, Second, Uniqueness, other_among};

/// Above this side, uniqueness checks deduce with probing and encode only the
/// candidates left (a warm solver with the full encoding slows down on such grids).
const LARGE_SIDE: usize = 16;

/// Removes orbits of givens from `start` (a subset of `solution`) in random order while
/// the puzzle stays unique; stops at the clue target. Returns the puzzle and the number
/// of uniqueness proofs by propagation and by SAT.
pub(super) fn reduce(
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
    let mut judge = Judge {
        geometry: geometry.as_ref(),
        logic,
        uniq,
        act,
        solution,
        opts,
    };
    let floor = opts.target.floor();
    let total = orbits.len();
    for (tried, orbit) in orbits.into_iter().enumerate() {
        opts.report(Progress::Removing {
            givens: count,
            tried,
            orbits: total,
        });
        if count == floor && opts.target != Target::Minimal {
            break;
        }
        if count - orbit.len() < floor || orbit.iter().any(|&(r, c)| puzzle.get(r, c) == 0) {
            continue;
        }
        for &(r, c) in &orbit {
            puzzle.set(r, c, 0);
        }
        if judge.unique(&puzzle, &mut proofs)? {
            count -= orbit.len();
        } else {
            for &(r, c) in &orbit {
                puzzle.set(r, c, solution.get(r, c));
            }
        }
    }
    Ok((puzzle, proofs))
}

/// Decides uniqueness for the removal: by deduction where it fills the grid, else by SAT.
struct Judge<'a> {
    geometry: Option<&'a Geometry>,
    logic: &'a mut Logic,
    uniq: &'a mut Uniqueness,
    act: Activation,
    solution: &'a Grid,
    opts: &'a GenerateOptions,
}

impl Judge<'_> {
    /// True when `puzzle` has no solution but the known one; counts the proof.
    fn unique(
        &mut self,
        puzzle: &Grid,
        proofs: &mut (usize, usize),
    ) -> Result<bool, GenerateError> {
        let opts = self.opts;
        // Deduction that fills the grid proves uniqueness without the solver (classic
        // grids use the fast bitset propagation, variants the clause propagator). Large
        // classic grids deduce more (probing) and ask the solver about the candidates
        // left only, which keeps the formula small.
        let large = puzzle.n() > LARGE_SIDE;
        let level = if large || opts.no_search {
            Presolve::Probe
        } else {
            Presolve::Singles
        };
        let deduced = self
            .geometry
            .map(|g| deduce(g, puzzle, level, &opts.budget));
        let by_singles = match &deduced {
            Some(d) => matches!(d, Deduction::Solved(_)),
            None => self.logic.load(puzzle, &[]).is_ok() && self.logic.solved(),
        };
        if by_singles {
            proofs.0 += 1;
            return Ok(true);
        }
        if opts.no_search {
            return Ok(false);
        }
        proofs.1 += 1;
        if let Some(Deduction::Stopped(r)) = deduced {
            return Err(GenerateError::Stopped(r));
        }
        let second = match deduced {
            Some(Deduction::Open(cands)) if large => {
                other_among(&cands, self.solution, &opts.backend, &opts.budget)?
            }
            _ => self.uniq.second(puzzle, self.act)?,
        };
        match second {
            Second::None => Ok(true),
            Second::Other(_) => Ok(false),
            Second::Unknown(r) => Err(GenerateError::Stopped(r)),
        }
    }
}
