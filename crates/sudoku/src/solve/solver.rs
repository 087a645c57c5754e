//! The one solver: classic puzzles take the fast path (deduction, then the reduced
//! encoding on a one-shot solver, or a warm solver for the full encodings), variant
//! puzzles a warm solver for their rules with the givens as assumptions; both count
//! solutions with one loop and verify every solution with the independent checker.

use super::answer::{Answer, SolveError, Stats, Verdict, Verification};
use super::conflict::{
    Conflict, Reason, broken_givens, direct_conflict, one_step_reason, reason_for, shrink_core,
};
use super::count::{Count, count};
use super::load::load;
use super::sparse::{SparsePath, solve_sparse};
use super::tail::TailSolver;
use crate::check::check_solution;
use crate::deduce::{Deduction, Presolve, deduce};
use crate::encode::{
    CageEncoding, CellVars, EncodeError, EncodeOptions, Encoding, GivenMode,
    encode_candidates_within, encode_rules, encode_rules_within, full_bytes, reduced_bytes,
};
use crate::model::candidates::Candidates;
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use gridsat_sat::{
    AmoEncoding, Backend, BackendSpec, Budget, Formula, Lit, SmallBackend, Var, drop_aside,
};
use std::time::Instant;

/// How to solve.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SolveOptions {
    /// The encoding (variants take `extended` for `reduced`, which is classic-only).
    pub encoding: Encoding,
    /// Deduction before the solver (classic puzzles): off, singles, or singles and probing.
    pub presolve: Presolve,
    /// The at-most-one encoding.
    pub amo: AmoEncoding,
    /// When the sparse path (search on the bitset board, no formula) is tried first.
    pub sparse: SparsePath,
    /// How killer cage sums are encoded.
    pub cages: CageEncoding,
    /// The solver backend.
    pub backend: BackendSpec,
    /// Count solutions up to this bound (1 = stop at the first; 2 proves uniqueness).
    pub max_solutions: usize,
    /// Ask the backend to count conflicts (reported in [`Stats::conflicts`]).
    pub count_conflicts: bool,
    /// The time limit, interrupt flag and memory ceiling every puzzle is solved under.
    pub budget: Budget,
}

impl SolveOptions {
    /// The default [`max_solutions`](SolveOptions::max_solutions): 2, which proves
    /// uniqueness.
    pub const DEFAULT_MAX_SOLUTIONS: usize = 2;
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            encoding: Encoding::default(),
            presolve: Presolve::default(),
            amo: AmoEncoding::default(),
            sparse: SparsePath::default(),
            cages: CageEncoding::default(),
            backend: BackendSpec::default(),
            max_solutions: Self::DEFAULT_MAX_SOLUTIONS,
            count_conflicts: false,
            budget: Budget::unlimited(),
        }
    }
}

/// A solver kept warm for the rules of one shape, reused across puzzles.
struct Warm {
    shape: Shape,
    rules: Rules,
    vars: CellVars,
    backend: Box<dyn Backend>,
    next_var: u32,
    stats: Stats,
    /// The formula, kept for variants (their conflicts are explained by propagation).
    formula: Option<Formula>,
}

/// Solves puzzles one after another under any rules, reusing one warm incremental
/// solver across puzzles of the same shape and rules for the full encodings.
pub struct SudokuSolver {
    opts: SolveOptions,
    warm: Option<Warm>,
    geometry: Option<Geometry>,
    /// The small CDCL core, reset for each reduced formula it takes (one per solver,
    /// so one per thread of a batch: its arrays are allocated once, not per puzzle).
    small: Option<SmallBackend>,
}

impl SudokuSolver {
    /// A solver with these options.
    pub fn new(opts: SolveOptions) -> SudokuSolver {
        SudokuSolver {
            opts,
            warm: None,
            geometry: None,
            small: None,
        }
    }

    /// The options.
    pub fn options(&self) -> &SolveOptions {
        &self.opts
    }

    /// Solves `puzzle` under `rules`: counts solutions up to the bound and returns the
    /// verdict with verified solutions, or the conflicting givens when there is none.
    pub fn solve(&mut self, puzzle: &Grid, rules: &Rules) -> Result<Answer, SolveError> {
        let t0 = Instant::now();
        rules.validate(puzzle.shape())?;
        if let Some(conflict) = broken_givens(puzzle, rules) {
            let mut a = Answer::new(Verdict::Unsat, Vec::new(), Stats::default());
            a.conflict = Some(conflict);
            a.stats.time = t0.elapsed();
            return Ok(a);
        }
        let answer = if rules.is_classic() {
            self.solve_classic(puzzle)
        } else {
            // Variants: no deduction, the givens alone are fixed.
            self.solve_warm(puzzle, rules, puzzle, 0)
        };
        let mut answer = match answer {
            // The budget ran out while a formula was being built: nothing is known.
            Err(SolveError::Encode(EncodeError::Stopped(r))) => {
                Answer::unknown(r, Vec::new(), Stats::default())
            }
            other => other?,
        };
        if answer.verdict == Verdict::Unsat {
            answer.conflict = Some(self.explain(puzzle, rules)?);
        }
        answer.stats.time = t0.elapsed();
        Ok(answer)
    }

    /// Classic rules: deduction first; the candidates it leaves go to the reduced
    /// encoding or, for the full encodings, to the warm solver.
    fn solve_classic(&mut self, puzzle: &Grid) -> Result<Answer, SolveError> {
        if self
            .geometry
            .as_ref()
            .is_none_or(|g| g.shape() != puzzle.shape())
        {
            self.geometry = Some(Geometry::new(puzzle.shape()));
        }
        let geom = self.geometry.as_ref().expect("just built");
        match deduce(geom, puzzle, self.opts.presolve, &self.opts.budget) {
            Deduction::Solved(grid) => {
                check_solution(puzzle, &grid, &Rules::classic()).map_err(Verification::from)?;
                let verdict = if self.opts.max_solutions <= 1 {
                    Verdict::Sat
                } else {
                    Verdict::Unique
                };
                Ok(Answer::new(verdict, vec![grid], Stats::default()))
            }
            Deduction::Contradiction => {
                Ok(Answer::new(Verdict::Unsat, Vec::new(), Stats::default()))
            }
            Deduction::Stopped(r) => Ok(Answer::unknown(r, Vec::new(), Stats::default())),
            Deduction::Open(cands) => {
                let max = self.opts.max_solutions;
                if self.opts.encoding == Encoding::Reduced && self.opts.sparse.applies(&cands, max)
                {
                    let fixed = cands.placed_grid();
                    let backend = |clauses| self.build_backend(Some(clauses));
                    let tail = TailSolver {
                        amo: self.opts.amo,
                        backend: &backend,
                        budget: &self.opts.budget,
                    };
                    if let Some(a) = solve_sparse(geom, puzzle, &fixed, max, &tail)? {
                        return Ok(a);
                    }
                }
                if self.opts.encoding == Encoding::Reduced {
                    self.solve_reduced(puzzle, &cands)
                } else {
                    // Givens and deduced placements hold in every solution.
                    let fixed = cands.placed_grid();
                    self.solve_warm(puzzle, &Rules::classic(), &fixed, cands.open_cells())
                }
            }
        }
    }

    /// A backend for an incremental formula (`clauses` = None) or a one-shot one.
    fn build_backend(&self, clauses: Option<usize>) -> Result<Box<dyn Backend>, SolveError> {
        let spec = &self.opts.backend;
        let built = match clauses {
            Some(c) => spec.build_for(c),
            None => spec.build(),
        };
        let mut b = built?;
        self.prepare(&mut *b);
        Ok(b)
    }

    fn prepare(&self, b: &mut dyn Backend) {
        // Placing a symbol propagates along its row, column, box and cell; ruling
        // one out hardly does (measured: half the conflicts to a first solution).
        b.prefer_true();
        if self.opts.count_conflicts {
            b.count_conflicts();
        }
        b.set_budget(&self.opts.budget);
    }

    /// The small core, reset and prepared, when the backend asked for takes a formula
    /// of `clauses` clauses there.
    fn small_core(&mut self, clauses: usize) -> Option<SmallBackend> {
        if !self.opts.backend.small_core_for(clauses) {
            return None;
        }
        let mut small = self.small.take().unwrap_or_default();
        small.reset();
        self.prepare(&mut small);
        Some(small)
    }

    fn solve_reduced(&mut self, puzzle: &Grid, cands: &Candidates) -> Result<Answer, SolveError> {
        let n = puzzle.n();
        let bytes = reduced_bytes(cands, self.opts.amo);
        self.opts.budget.admit(bytes, || {
            format!("the reduced encoding of this {n}×{n} grid")
        })?;
        let budget = &self.opts.budget;
        let enc = match encode_candidates_within(cands, self.opts.amo, None, budget) {
            Ok(enc) => enc,
            Err(r) => return Ok(Answer::unknown(r, Vec::new(), Stats::default())),
        };
        let mut stats = Stats {
            open_cells: cands.open_cells(),
            vars: enc.formula.num_vars(),
            clauses: enc.formula.num_clauses(),
            ..Stats::default()
        };
        if let Some(r) = budget.stop_reason() {
            return Ok(Answer::unknown(r, Vec::new(), stats));
        }
        let clauses = enc.formula.num_clauses();
        let mut small = self.small_core(clauses);
        let mut built = match small {
            Some(_) => None,
            None => Some(self.build_backend(Some(clauses))?),
        };
        let (backend, loaded): (&mut dyn Backend, _) = match (&mut small, &mut built) {
            // A formula small enough for the small core loads in microseconds: no
            // look at the clock, and no dynamic call per clause.
            (Some(s), _) => {
                s.add_formula(&enc.formula);
                (s, None)
            }
            (None, b) => {
                let b = &mut **b.as_mut().expect("built when not small");
                let stopped = load(b, &enc.formula, &self.opts.budget);
                (b, stopped)
            }
        };
        let budget = &self.opts.budget;
        let answer = match loaded {
            Some(r) => Ok(Answer::unknown(r, Vec::new(), stats)),
            None => {
                let fixed = cands.placed_grid();
                let c = Count {
                    backend,
                    vars: &enc.vars,
                    puzzle,
                    rules: &Rules::classic(),
                    fixed: &fixed,
                    assumptions: &[],
                    act: None,
                    max: self.opts.max_solutions,
                    budget,
                };
                count(c, &mut stats).map(|found| found.into_answer(stats))
            }
        };
        if let Some(b) = built {
            drop_aside(b, clauses);
        }
        if small.is_some() {
            self.small = small;
        }
        answer
    }

    fn warm_for(&mut self, shape: Shape, rules: &Rules) -> Result<&mut Warm, SolveError> {
        if self
            .warm
            .as_ref()
            .is_none_or(|w| w.shape != shape || &w.rules != rules)
        {
            let (n, enc) = (shape.n(), self.opts.encoding.full());
            self.opts.budget.admit(full_bytes(n, self.opts.amo), || {
                format!("the {enc} encoding of a {n}×{n} grid")
            })?;
            let opts = EncodeOptions {
                encoding: self.opts.encoding.full(),
                amo: self.opts.amo,
                cages: self.opts.cages,
                givens: GivenMode::Assumptions,
                ..Default::default()
            };
            let (formula, vars) = encode_rules_within(shape, rules, &opts, &self.opts.budget)?;
            let mut backend = self.build_backend(None)?;
            backend.add_formula(&formula);
            self.warm = Some(Warm {
                shape,
                rules: rules.clone(),
                vars,
                backend,
                next_var: formula.num_vars() + 1,
                stats: Stats {
                    vars: formula.num_vars(),
                    clauses: formula.num_clauses(),
                    ..Stats::default()
                },
                formula: (!rules.is_classic()).then_some(formula),
            });
        }
        Ok(self.warm.as_mut().expect("just built"))
    }

    /// The warm solver under the values of `fixed` (the givens, and what deduction
    /// placed: all of them hold in every solution) as assumptions.
    fn solve_warm(
        &mut self,
        puzzle: &Grid,
        rules: &Rules,
        fixed: &Grid,
        open_cells: usize,
    ) -> Result<Answer, SolveError> {
        let (max, budget) = (self.opts.max_solutions, self.opts.budget.clone());
        let warm = self.warm_for(puzzle.shape(), rules)?;
        let assumptions = given_lits(&warm.vars, fixed);
        // Blocking clauses for this puzzle hang on a fresh activation literal that is
        // retired afterwards, so the warm solver stays valid for the next puzzle.
        let act = Var::new(warm.next_var);
        warm.next_var += 1;
        warm.backend.reserve(act.get());
        let mut stats = warm.stats;
        stats.open_cells = open_cells;
        let result = count(
            Count {
                backend: &mut *warm.backend,
                vars: &warm.vars,
                puzzle,
                rules,
                fixed,
                assumptions: &assumptions,
                act: Some(act),
                max,
                budget: &budget,
            },
            &mut stats,
        );
        warm.backend.add_clause(&[act.neg()]);
        Ok(result?.into_answer(stats))
    }

    /// Finds a small set of givens that cannot all hold: the failed assumptions of an
    /// exactly-one encoding, then shrunk one given at a time, and says why.
    fn explain(&mut self, puzzle: &Grid, rules: &Rules) -> Result<Conflict, SolveError> {
        let budget = self.opts.budget.clone();
        if rules.is_classic() && self.opts.encoding == Encoding::Reduced {
            return self.explain_fresh(puzzle, &budget);
        }
        let warm = self.warm_for(puzzle.shape(), rules)?;
        let core = shrink_core(&mut *warm.backend, &warm.vars, puzzle, &budget)?
            .ok_or(Verification::Flipped)?;
        let reason = match &warm.formula {
            Some(f) => one_step_reason(f, &warm.vars, puzzle.shape(), rules, &core),
            None => reason_for(puzzle, &core),
        };
        Ok(Conflict {
            givens: core,
            reason,
        })
    }

    /// The conflict of a classic puzzle solved with the reduced encoding: on a fresh
    /// solver with the extended encoding (givens as assumptions), or from the givens
    /// alone when that encoding would be too large.
    fn explain_fresh(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Conflict, SolveError> {
        let opts = EncodeOptions {
            encoding: Encoding::Extended,
            amo: self.opts.amo,
            ..Default::default()
        };
        let n = puzzle.n();
        let fits = budget.admit(full_bytes(n, opts.amo), String::new).is_ok();
        let built = fits.then(|| encode_rules(puzzle.shape(), &Rules::classic(), &opts));
        let Some(Ok((formula, vars))) = built else {
            // Too large for assumptions on the full encoding: say what the givens show
            // directly, if anything.
            return Ok(direct_conflict(puzzle).unwrap_or(Conflict {
                givens: Vec::new(),
                reason: Reason::Unanalysed,
            }));
        };
        let mut fresh = self.build_backend(None)?;
        fresh.add_formula(&formula);
        let core = shrink_core(&mut *fresh, &vars, puzzle, budget)?.ok_or(Verification::Flipped)?;
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
