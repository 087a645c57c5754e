//! Uniqueness proofs against a known solution: one warm SAT solver per set of rules,
//! asked "is there a solution other than this one?" under the givens as assumptions.

use crate::encode::{CellVars, EncodeOptions, Encoding, GivenMode, encode_rules_with};
use crate::generate::GenerateError;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::variants::Rules;
use gridsat_sat::{AmoEncoding, Backend, BackendSpec, Lit, Outcome, Var};

/// A warm SAT solver for one set of rules that answers "does this puzzle have a
/// solution other than this one?". The solver (the full `extended` encoding) is built
/// on the first question: generators that settle every question by deduction (large
/// grids, `--no-search`) never pay for it; a 49×49 one holds 11 million clauses.
pub(crate) struct Uniqueness {
    pub(crate) rules: Rules,
    shape: Shape,
    spec: BackendSpec,
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
    /// A checker for `rules` (already validated for `shape`); no solver yet.
    pub(crate) fn new(shape: Shape, rules: &Rules, spec: &BackendSpec) -> Uniqueness {
        Uniqueness {
            rules: rules.clone(),
            shape,
            spec: spec.clone(),
            warm: None,
            excluded: Vec::new(),
        }
    }

    fn warm(&mut self) -> Result<&mut Warm, GenerateError> {
        if self.warm.is_none() {
            let opts = EncodeOptions {
                encoding: Encoding::Extended,
                amo: AmoEncoding::Pairwise,
                givens: GivenMode::Assumptions,
                ..Default::default()
            };
            let (f, vars) =
                encode_rules_with(self.shape, &self.rules, &opts).map_err(GenerateError::Setup)?;
            let mut backend = self.spec.build()?;
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

    /// True when `puzzle` has no solution besides the one `act` excludes.
    pub(crate) fn unique(&mut self, puzzle: &Grid, act: Activation) -> Result<bool, GenerateError> {
        debug_assert!(self.excluded[act.0].is_some(), "a retired activation");
        let w = self.warm()?;
        let mut assume: Vec<Lit> = puzzle
            .givens()
            .map(|p| w.vars.var(p.row, p.col, p.value).expect("dense").pos())
            .collect();
        assume.push(w.acts[act.0].pos());
        match w.backend.solve(&assume)? {
            Outcome::Unsat => Ok(true),
            Outcome::Sat => Ok(false),
            Outcome::Unknown => Err(GenerateError::GaveUp(
                "the uniqueness check was interrupted".into(),
            )),
        }
    }

    /// A solution of `puzzle` other than the one `act` excludes, if there is one.
    pub(crate) fn other_solution(
        &mut self,
        puzzle: &Grid,
        act: Activation,
    ) -> Result<Option<Grid>, GenerateError> {
        if self.unique(puzzle, act)? {
            return Ok(None);
        }
        let w = self.warm.as_ref().expect("built by unique");
        let b = &w.backend;
        Ok(Some(w.vars.decode(puzzle.shape(), |v| {
            b.value(v.pos()) == Some(true)
        })))
    }

    pub(crate) fn retire(&mut self, act: Activation) {
        self.excluded[act.0] = None;
        if let Some(w) = &mut self.warm {
            w.backend.add_clause(&[w.acts[act.0].neg()]);
        }
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
        let mut u = Uniqueness::new(s1.shape(), &Rules::default(), &spec);
        let a1 = u.differ_from(&s1);
        let a2 = u.differ_from(&s2);
        u.retire(a1);
        assert!(u.warm.is_none(), "no question asked yet");
        // The full grid s2 has no solution but itself.
        assert!(u.unique(&s2, a2).unwrap());
        // The empty grid has others, and the one found is not s2.
        let other = u
            .other_solution(&Grid::empty(s2.shape()), a2)
            .unwrap()
            .unwrap();
        assert_ne!(other, s2);
        crate::check::check_solution(&Grid::empty(s2.shape()), &other).unwrap();
        // A handle made after the build.
        let a3 = u.differ_from(&s1);
        assert!(u.unique(&s1, a3).unwrap());
        assert!(!u.unique(&s1, a2).unwrap(), "s1 differs from s2");
    }
}
