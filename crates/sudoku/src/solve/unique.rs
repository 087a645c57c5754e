//! Uniqueness proofs against a known solution: one warm SAT solver per set of rules,
//! asked "is there a solution other than this one?" under the givens as assumptions.

use super::answer::SolveError;
use super::answer::stop_reason;
use crate::encode::{
    CellVars, EncodeError, EncodeOptions, Encoding, GivenMode, encode_candidates,
    encode_rules_within, full_bytes, reduced_bytes,
};
use crate::model::candidates::Candidates;
use crate::model::grid::Grid;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use gridsat_sat::{AmoEncoding, Backend, BackendSpec, Budget, Lit, Outcome, StopReason, Var};

/// The answer to "is there a solution other than the known one?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Second {
    /// No: the puzzle is unique.
    None,
    /// Yes, this one.
    Other(Grid),
    /// The budget stopped the search.
    Unknown(StopReason),
}

/// A warm SAT solver for one set of rules that answers "does this puzzle have a
/// solution other than this one?". The solver (the full `extended` encoding) is built
/// on the first question: generators that settle every question by deduction (large
/// grids, `--no-search`) never pay for it; a 49×49 one holds 11 million clauses.
pub(crate) struct Uniqueness {
    pub(crate) rules: Rules,
    shape: Shape,
    spec: BackendSpec,
    budget: Budget,
    warm: Option<Warm>,
    /// The solution each activation excludes; `None` once retired.
    excluded: Vec<Option<Grid>>,
}

/// The built solver, with one activation variable per handle handed out so far.
struct Warm {
    vars: CellVars,
    backend: Box<dyn Backend>,
    acts: Vec<Var>,
    next_var: u32,
}

/// A handle for "differs from this solution", from [`Uniqueness::differ_from`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Activation(usize);

impl Warm {
    /// Adds an activation variable under which "differs from `solution`" holds (none
    /// for a retired one, whose variable is never assumed).
    fn add(&mut self, solution: Option<&Grid>) {
        let act = Var::new(self.next_var);
        self.next_var += 1;
        self.backend.reserve(act.get());
        if let Some(solution) = solution {
            let empty = Grid::empty(solution.shape());
            let mut clause = self.vars.blocking_clause(&empty, solution);
            clause.push(act.neg());
            self.backend.add_clause(&clause);
        }
        self.acts.push(act);
    }
}

impl Uniqueness {
    /// A checker for `rules` (already validated for `shape`); no solver yet. Its solver
    /// will honour `budget`.
    pub(crate) fn new(
        shape: Shape,
        rules: &Rules,
        spec: &BackendSpec,
        budget: &Budget,
    ) -> Uniqueness {
        Uniqueness {
            rules: rules.clone(),
            shape,
            spec: spec.clone(),
            budget: budget.clone(),
            warm: None,
            excluded: Vec::new(),
        }
    }

    fn warm(&mut self) -> Result<&mut Warm, SolveError> {
        if self.warm.is_none() {
            let opts = EncodeOptions {
                encoding: Encoding::Extended,
                amo: AmoEncoding::Pairwise,
                givens: GivenMode::Assumptions,
                ..Default::default()
            };
            let n = self.shape.n();
            self.budget
                .admit(full_bytes(n, AmoEncoding::Pairwise), || {
                    format!("the extended encoding of a {n}×{n} grid")
                })?;
            let (f, vars) = encode_rules_within(self.shape, &self.rules, &opts, &self.budget)?;
            let mut backend = self.spec.build()?;
            backend.set_budget(&self.budget);
            backend.add_formula(&f);
            let mut warm = Warm {
                vars,
                backend,
                acts: Vec::new(),
                next_var: f.num_vars() + 1,
            };
            for solution in &self.excluded {
                warm.add(solution.as_ref());
            }
            self.warm = Some(warm);
        }
        Ok(self.warm.as_mut().expect("just built"))
    }

    /// A fresh activation under which "differs from `solution`" holds.
    pub(crate) fn differ_from(&mut self, solution: &Grid) -> Activation {
        self.excluded.push(Some(solution.clone()));
        if let Some(w) = &mut self.warm {
            w.add(Some(solution));
        }
        Activation(self.excluded.len() - 1)
    }

    /// Whether `puzzle` has a solution besides the one `act` excludes, and which.
    pub(crate) fn second(&mut self, puzzle: &Grid, act: Activation) -> Result<Second, SolveError> {
        debug_assert!(self.excluded[act.0].is_some(), "a retired activation");
        let w = match self.warm() {
            Err(SolveError::Encode(EncodeError::Stopped(r))) => return Ok(Second::Unknown(r)),
            w => w?,
        };
        let mut assume: Vec<Lit> = puzzle
            .givens()
            .map(|p| w.vars.var(p.row, p.col, p.value).expect("dense").pos())
            .collect();
        assume.push(w.acts[act.0].pos());
        match w.backend.solve(&assume)? {
            Outcome::Unsat => Ok(Second::None),
            Outcome::Sat => {
                let b = &w.backend;
                let other = w
                    .vars
                    .decode(puzzle.shape(), |v| b.value(v.pos()) == Some(true));
                Ok(Second::Other(other))
            }
            Outcome::Unknown => Ok(Second::Unknown(stop_reason(&self.budget))),
        }
    }

    /// Retires `act`: its solution is no longer excluded in later questions.
    pub(crate) fn retire(&mut self, act: Activation) {
        self.excluded[act.0] = None;
        if let Some(w) = &mut self.warm {
            w.backend.add_clause(&[w.acts[act.0].neg()]);
        }
    }
}

/// A solution other than `solution` among the candidates `cands` (which deduction
/// derived, so they keep every solution): the reduced formula plus a clause excluding
/// `solution`, solved once on a fresh solver.
pub(crate) fn other_among(
    cands: &Candidates,
    solution: &Grid,
    spec: &BackendSpec,
    budget: &Budget,
) -> Result<Second, SolveError> {
    let n = solution.n();
    budget.admit(reduced_bytes(cands, AmoEncoding::Pairwise), || {
        format!("the reduced encoding of this {n}×{n} grid")
    })?;
    let enc = encode_candidates(cands, AmoEncoding::Pairwise, None);
    let mut backend = spec.build_for(enc.formula.num_clauses())?;
    backend.set_budget(budget);
    backend.prefer_true();
    backend.add_formula(&enc.formula);
    backend.add_clause(&enc.vars.blocking_clause(&cands.placed_grid(), solution));
    match backend.solve(&[])? {
        Outcome::Unsat => Ok(Second::None),
        Outcome::Sat => {
            let b = &backend;
            let other = enc
                .vars
                .decode(solution.shape(), |v| b.value(v.pos()) == Some(true));
            Ok(Second::Other(other))
        }
        Outcome::Unknown => Ok(Second::Unknown(stop_reason(budget))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(s: &str) -> Grid {
        let v = s
            .bytes()
            .map(|b| if b == b'.' { 0 } else { (b - b'0') as u16 })
            .collect();
        Grid::from_values(Shape::for_side(4).unwrap(), v).unwrap()
    }

    /// Activations handed out (and retired) before the solver exists keep their
    /// meaning once the first question builds it, and those handed out after too.
    #[test]
    fn activations_work_across_the_lazy_build() {
        let (s1, s2) = (grid("1234341221434321"), grid("1234341223414123"));
        let spec = BackendSpec::default();
        let mut u = Uniqueness::new(s1.shape(), &Rules::default(), &spec, &Budget::unlimited());
        let a1 = u.differ_from(&s1);
        let a2 = u.differ_from(&s2);
        u.retire(a1);
        assert!(u.warm.is_none(), "no question asked yet");
        // The full grid s2 has no solution but itself.
        assert_eq!(u.second(&s2, a2).unwrap(), Second::None);
        // The empty grid has others, and the one found is not s2.
        let Second::Other(other) = u.second(&Grid::empty(s2.shape()), a2).unwrap() else {
            panic!("the empty grid has other solutions");
        };
        assert_ne!(other, s2);
        crate::check::check_solution(&Grid::empty(s2.shape()), &other, &Rules::classic()).unwrap();
        // A handle made after the build.
        let a3 = u.differ_from(&s1);
        assert_eq!(u.second(&s1, a3).unwrap(), Second::None);
        assert!(
            matches!(u.second(&s1, a2).unwrap(), Second::Other(_)),
            "s1 differs from s2"
        );
    }
}
