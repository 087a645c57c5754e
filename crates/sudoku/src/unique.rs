//! Uniqueness proofs against a known solution: one warm SAT solver per set of rules,
//! asked "is there a solution other than this one?" under the givens as assumptions.

use crate::encode::{CellVars, EncodeOptions, Encoding, GivenMode, encode_rules_with};
use crate::generate::GenerateError;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::variants::Rules;
use gridsat_sat::{AmoEncoding, Backend, BackendSpec, Lit, Outcome, Var};

/// A warm SAT solver for one set of rules that answers "does this puzzle have a
/// solution other than this one?".
pub(crate) struct Uniqueness {
    pub(crate) rules: Rules,
    vars: CellVars,
    backend: Box<dyn Backend>,
    next_var: u32,
}

impl Uniqueness {
    pub(crate) fn new(
        shape: Shape,
        rules: &Rules,
        spec: &BackendSpec,
    ) -> Result<Uniqueness, GenerateError> {
        let opts = EncodeOptions {
            encoding: Encoding::Extended,
            amo: AmoEncoding::Pairwise,
            givens: GivenMode::Assumptions,
            ..Default::default()
        };
        let (f, vars) = encode_rules_with(shape, rules, &opts).map_err(GenerateError::Setup)?;
        let mut backend = spec.build().map_err(GenerateError::Setup)?;
        backend.add_formula(&f);
        Ok(Uniqueness {
            rules: rules.clone(),
            vars,
            backend,
            next_var: f.num_vars() + 1,
        })
    }

    /// A fresh activation literal under which "differs from `solution`" holds.
    pub(crate) fn differ_from(&mut self, solution: &Grid) -> Var {
        let act = Var::new(self.next_var);
        self.next_var += 1;
        self.backend.reserve(act.get());
        let empty = Grid::empty(solution.shape());
        let mut clause = self.vars.blocking_clause(&empty, solution);
        clause.push(act.neg());
        self.backend.add_clause(&clause);
        act
    }

    /// True when `puzzle` has no solution besides the one `act` excludes.
    pub(crate) fn unique(&mut self, puzzle: &Grid, act: Var) -> Result<bool, GenerateError> {
        let mut assume: Vec<Lit> = puzzle
            .givens()
            .map(|p| self.vars.var(p.row, p.col, p.value).expect("dense").pos())
            .collect();
        assume.push(act.pos());
        match self.backend.solve(&assume)? {
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
        act: Var,
    ) -> Result<Option<Grid>, GenerateError> {
        if self.unique(puzzle, act)? {
            return Ok(None);
        }
        let b = &self.backend;
        Ok(Some(self.vars.decode(puzzle.shape(), |v| {
            b.value(v.pos()) == Some(true)
        })))
    }

    pub(crate) fn retire(&mut self, act: Var) {
        self.backend.add_clause(&[act.neg()]);
    }
}
