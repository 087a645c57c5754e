//! Solving and counting: verdicts unique / multiple / unsat / sat / unknown.

use crate::candidates::Candidates;
use crate::check::check_solution;
use crate::conflict::{
    Conflict, Reason, direct_conflict, duplicate_givens, reason_for, shrink_core,
};
use crate::encode::{
    CellVars, EncodeOptions, Encoding, GivenMode, encode_candidates, encode_rules,
};
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::propagate::{Deduction, Presolve, deduce};
use crate::shape::Shape;
use gridsat_sat::{
    AmoEncoding, Backend, BackendSpec, Interrupt, Limits, Lit, Outcome, SolverError, Var,
};
use std::fmt;
use std::time::{Duration, Instant};

/// How to solve.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// The encoding.
    pub encoding: Encoding,
    /// Deduction before the solver: off, singles, or singles and probing.
    pub presolve: Presolve,
    /// The at-most-one encoding.
    pub amo: AmoEncoding,
    /// The solver backend.
    pub backend: BackendSpec,
    /// Count solutions up to this bound (1 = stop at the first; 2 proves uniqueness).
    pub max_solutions: usize,
    /// Give up (verdict `unknown`) after this instant.
    pub deadline: Option<Instant>,
    /// Give up when this flag is raised (e.g. by Ctrl-C).
    pub interrupt: Option<Interrupt>,
    /// Ask the backend to count conflicts (reported in [`Stats::conflicts`]).
    pub count_conflicts: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            encoding: Encoding::default(),
            presolve: Presolve::default(),
            amo: AmoEncoding::default(),
            backend: BackendSpec::default(),
            max_solutions: 2,
            deadline: None,
            interrupt: None,
            count_conflicts: false,
        }
    }
}

/// What is known about a puzzle's solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Exactly one solution (proven).
    Unique,
    /// At least two solutions.
    Multiple,
    /// No solution (proven).
    Unsat,
    /// A solution, uniqueness not asked for.
    Sat,
    /// Stopped by a limit before the verdict.
    Unknown,
}

impl Verdict {
    /// The lowercase name used in output.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::Unsat => "unsat",
            Verdict::Sat => "sat",
            Verdict::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Size of the formula and effort spent on one puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Cells still open after deduction (0 when deduction alone solved it).
    pub open_cells: usize,
    /// Variables of the formula.
    pub vars: u32,
    /// Clauses of the formula (blocking clauses not included).
    pub clauses: usize,
    /// Number of solver calls.
    pub solver_calls: u32,
    /// Conflicts in those calls, when the backend counts them.
    pub conflicts: Option<u64>,
    /// Wall time spent on the puzzle.
    pub time: Duration,
}

/// The answer for one puzzle. Every solution in it has passed the independent checker.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The verdict.
    pub verdict: Verdict,
    /// Solutions found (up to the bound), each verified.
    pub solutions: Vec<Grid>,
    /// For `unsat`: givens that cannot all hold.
    pub conflict: Option<Conflict>,
    /// Formula size and effort.
    pub stats: Stats,
}

/// Why solving failed (never a verdict: those are in [`Answer`]).
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The backend failed (e.g. an external solver could not run).
    #[error(transparent)]
    Backend(#[from] SolverError),
    /// The backend could not be built or the options do not fit the puzzle.
    #[error("{0}")]
    Setup(String),
    /// A model failed the independent check: a bug in an encoding or a solver.
    #[error("the solver's answer failed verification: {0}")]
    Verification(String),
}

/// A solver kept warm for the rules of one shape, reused across puzzles.
struct Warm {
    shape: Shape,
    vars: CellVars,
    backend: Box<dyn Backend>,
    next_var: u32,
    stats: Stats,
}

/// Solves puzzles one after another, reusing one warm incremental solver across
/// puzzles of the same shape for the full encodings (givens as assumptions).
pub struct SudokuSolver {
    opts: SolveOptions,
    warm: Option<Warm>,
    geometry: Option<Geometry>,
}

impl SudokuSolver {
    /// A solver with these options.
    pub fn new(opts: SolveOptions) -> SudokuSolver {
        SudokuSolver {
            opts,
            warm: None,
            geometry: None,
        }
    }

    /// The options.
    pub fn options(&self) -> &SolveOptions {
        &self.opts
    }

    /// A backend for an incremental formula (`clauses` = None) or a one-shot one.
    fn build_backend(&self, clauses: Option<usize>) -> Result<Box<dyn Backend>, SolveError> {
        let spec = &self.opts.backend;
        let built = match clauses {
            Some(c) => spec.build_for(c),
            None => spec.build(),
        };
        let mut b = built?;
        // Placing a symbol propagates along its row, column, box and cell; ruling
        // one out hardly does (measured: half the conflicts to a first solution).
        b.prefer_true();
        if self.opts.count_conflicts {
            b.count_conflicts();
        }
        b.set_limits(Limits {
            conflicts: None,
            deadline: self.opts.deadline,
        });
        if let Some(flag) = &self.opts.interrupt {
            b.watch(flag.clone());
        }
        Ok(b)
    }

    /// Solves `puzzle`: counts solutions up to the bound and returns the verdict with
    /// verified solutions, or the conflicting givens when there is none.
    pub fn solve(&mut self, puzzle: &Grid) -> Result<Answer, SolveError> {
        let t0 = Instant::now();
        if let Some(conflict) = duplicate_givens(puzzle) {
            return Ok(Answer {
                verdict: Verdict::Unsat,
                solutions: Vec::new(),
                conflict: Some(conflict),
                stats: Stats {
                    time: t0.elapsed(),
                    ..Stats::default()
                },
            });
        }
        if self
            .geometry
            .as_ref()
            .is_none_or(|g| g.shape() != puzzle.shape())
        {
            self.geometry = Some(Geometry::new(puzzle.shape()));
        }
        let geom = self.geometry.as_ref().expect("just built");
        let mut answer = match deduce(geom, puzzle, self.opts.presolve) {
            Deduction::Solved(grid) => {
                check_solution(puzzle, &grid).map_err(SolveError::Verification)?;
                let verdict = if self.opts.max_solutions <= 1 {
                    Verdict::Sat
                } else {
                    Verdict::Unique
                };
                Answer {
                    verdict,
                    solutions: vec![grid],
                    conflict: None,
                    stats: Stats::default(),
                }
            }
            Deduction::Contradiction => Answer {
                verdict: Verdict::Unsat,
                solutions: Vec::new(),
                conflict: None,
                stats: Stats::default(),
            },
            Deduction::Open(cands) => {
                if self.opts.encoding == Encoding::Reduced {
                    self.solve_reduced(puzzle, &cands)?
                } else {
                    self.solve_warm(puzzle, &cands)?
                }
            }
        };
        if answer.verdict == Verdict::Unsat {
            answer.conflict = Some(self.explain(puzzle)?);
        }
        answer.stats.time = t0.elapsed();
        Ok(answer)
    }

    /// True once the deadline has passed or the interrupt flag is up.
    fn stopped(&self) -> bool {
        self.opts.deadline.is_some_and(|d| Instant::now() >= d)
            || self.opts.interrupt.as_ref().is_some_and(|f| f.is_set())
    }

    fn solve_reduced(&mut self, puzzle: &Grid, cands: &Candidates) -> Result<Answer, SolveError> {
        let enc = encode_candidates(cands, self.opts.amo, None);
        let mut stats = Stats {
            open_cells: cands.open_cells(),
            vars: enc.formula.num_vars(),
            clauses: enc.formula.num_clauses(),
            ..Stats::default()
        };
        let unknown = |stats| Answer {
            verdict: Verdict::Unknown,
            solutions: Vec::new(),
            conflict: None,
            stats,
        };
        if self.stopped() {
            return Ok(unknown(stats));
        }
        let mut backend = self.build_backend(Some(enc.formula.num_clauses()))?;
        // Large formulas take a while to load: look at the clock between chunks.
        backend.reserve(enc.formula.num_vars());
        for (i, (_, clause)) in enc.formula.clauses().enumerate() {
            if i % 65_536 == 65_535 && self.stopped() {
                return Ok(unknown(stats));
            }
            backend.add_clause(clause);
        }
        let fixed = cands.placed_grid();
        let (verdict, solutions) = count(
            &mut *backend,
            &enc.vars,
            puzzle,
            &fixed,
            &[],
            None,
            self.opts.max_solutions,
            &mut stats,
        )?;
        Ok(Answer {
            verdict,
            solutions,
            conflict: None,
            stats,
        })
    }

    fn warm_for(&mut self, shape: Shape) -> Result<&mut Warm, SolveError> {
        if self.warm.as_ref().is_none_or(|w| w.shape != shape) {
            let opts = EncodeOptions {
                encoding: self.opts.encoding,
                amo: self.opts.amo,
                givens: GivenMode::Assumptions,
                ..Default::default()
            };
            let (formula, vars) = encode_rules(shape, &opts).map_err(SolveError::Setup)?;
            let mut backend = self.build_backend(None)?;
            backend.add_formula(&formula);
            self.warm = Some(Warm {
                shape,
                vars,
                backend,
                next_var: formula.num_vars() + 1,
                stats: Stats {
                    vars: formula.num_vars(),
                    clauses: formula.num_clauses(),
                    ..Stats::default()
                },
            });
        }
        Ok(self.warm.as_mut().expect("just built"))
    }

    fn solve_warm(&mut self, puzzle: &Grid, cands: &Candidates) -> Result<Answer, SolveError> {
        let max = self.opts.max_solutions;
        let warm = self.warm_for(puzzle.shape())?;
        // Givens and deduced placements hold in every solution: assume them all.
        let fixed = cands.placed_grid();
        let assumptions = given_lits(&warm.vars, &fixed);
        // Blocking clauses for this puzzle hang on a fresh activation literal that is
        // retired afterwards, so the warm solver stays valid for the next puzzle.
        let act = Var::new(warm.next_var);
        warm.next_var += 1;
        warm.backend.reserve(act.get());
        let mut stats = warm.stats;
        stats.open_cells = cands.open_cells();
        let result = count(
            &mut *warm.backend,
            &warm.vars,
            puzzle,
            &fixed,
            &assumptions,
            Some(act),
            max,
            &mut stats,
        );
        warm.backend.add_clause(&[act.neg()]);
        let (verdict, solutions) = result?;
        Ok(Answer {
            verdict,
            solutions,
            conflict: None,
            stats,
        })
    }

    /// Finds a small set of givens that cannot all hold: the failed assumptions of an
    /// exactly-one encoding, then shrunk one given at a time.
    fn explain(&mut self, puzzle: &Grid) -> Result<Conflict, SolveError> {
        let saved = Limits {
            conflicts: None,
            deadline: self.opts.deadline,
        };
        let mut fresh;
        let (backend, vars): (&mut dyn Backend, CellVars) = match self.opts.encoding {
            Encoding::Reduced => {
                let opts = EncodeOptions {
                    encoding: Encoding::Extended,
                    amo: self.opts.amo,
                    ..Default::default()
                };
                let Ok((formula, vars)) = encode_rules(puzzle.shape(), &opts) else {
                    // Too large for assumptions on the full encoding: say what the
                    // givens show directly, if anything.
                    return Ok(direct_conflict(puzzle).unwrap_or(Conflict {
                        givens: Vec::new(),
                        reason: Reason::Unanalysed,
                    }));
                };
                fresh = self.build_backend(None)?;
                fresh.add_formula(&formula);
                (&mut *fresh, vars)
            }
            _ => {
                let warm = self.warm_for(puzzle.shape())?;
                (&mut *warm.backend, warm.vars.clone())
            }
        };
        let Some(core) = shrink_core(backend, &vars, puzzle, saved)? else {
            return Err(SolveError::Verification(
                "the puzzle was found unsatisfiable, then satisfiable".into(),
            ));
        };
        let reason = reason_for(puzzle, &core);
        Ok(Conflict {
            givens: core,
            reason,
        })
    }
}

fn given_lits(vars: &CellVars, puzzle: &Grid) -> Vec<Lit> {
    puzzle
        .givens()
        .map(|p| vars.var(p.row, p.col, p.value).expect("dense").pos())
        .collect()
}

/// Finds up to `max` solutions that differ on the cells open in `fixed` (the backend
/// blocks each one it finds); verifies every model against the original `puzzle`.
#[allow(clippy::too_many_arguments)]
fn count(
    backend: &mut dyn Backend,
    vars: &CellVars,
    puzzle: &Grid,
    fixed: &Grid,
    assumptions: &[Lit],
    act: Option<Var>,
    max: usize,
    stats: &mut Stats,
) -> Result<(Verdict, Vec<Grid>), SolveError> {
    let mut assume = assumptions.to_vec();
    let guard: Vec<Lit> = act.map(|a| a.neg()).into_iter().collect();
    if let Some(a) = act {
        assume.push(a.pos());
    }
    let open = vars.open_candidates(fixed);
    let projection: Vec<Var> = open.iter().map(|&(v, _, _)| v).collect();
    let max = max.max(1);
    let before = backend.conflicts();
    let found = backend.enumerate(&assume, &projection, &guard, max)?;
    if let (Some(a), Some(b)) = (before, backend.conflicts()) {
        stats.conflicts = Some(b - a);
    }
    stats.solver_calls += found.searches;
    let n = puzzle.n();
    let mut solutions: Vec<Grid> = Vec::with_capacity(found.models.len());
    for model in &found.models {
        let mut grid = fixed.clone();
        for (&(_, cell, v), _) in open.iter().zip(model).filter(|&(_, &b)| b) {
            grid.set(cell as usize / n, cell as usize % n, v);
        }
        check_solution(puzzle, &grid).map_err(SolveError::Verification)?;
        if solutions.contains(&grid) {
            return Err(SolveError::Verification(
                "the same solution was found twice".into(),
            ));
        }
        solutions.push(grid);
    }
    let verdict = match (found.outcome, solutions.len()) {
        (Outcome::Unknown, _) => Verdict::Unknown,
        (Outcome::Unsat, 0) => Verdict::Unsat,
        (Outcome::Unsat, 1) => Verdict::Unique,
        (Outcome::Sat, k) if k >= max && max == 1 => Verdict::Sat,
        (_, k) if k >= 2 => Verdict::Multiple,
        (outcome, k) => {
            return Err(SolveError::Verification(format!(
                "the solver ended with {outcome:?} after {k} of {max} solutions"
            )));
        }
    };
    Ok((verdict, solutions))
}
