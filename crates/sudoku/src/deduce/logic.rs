//! The reasoning model behind hints, pencil marks, ratings and generation: the
//! extended encoding (pairwise, so every elimination has a two-cell reason) of a shape
//! and its rules, with a propagator that remembers why each literal was set.

use crate::encode::{
    CageEncoding, EncodeError, EncodeOptions, Encoding, encode_rules_within, model_bytes,
};
use crate::model::family::ClauseFamily;
use crate::model::grid::{Grid, Placement};
use crate::model::house::{House, HouseKind};
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use gridsat_sat::propagate::{Conflict, Propagator};
use gridsat_sat::{AmoEncoding, Budget, Formula, Lit, StopReason, Var};

/// A puzzle's rules as a formula plus a propagator over it.
#[derive(Debug)]
pub struct Logic {
    shape: Shape,
    rules: Rules,
    formula: Formula,
    prop: Propagator,
}

/// Why failed-literal probing ended early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProbeEnd {
    /// The assignment turned out inconsistent.
    Conflict(Conflict),
    /// The budget ran out (the literals found so far stay set false).
    Stopped(StopReason),
}

impl Logic {
    /// The reasoning model for `shape` under `rules`: the extended encoding with
    /// pairwise at-most-one, and killer sums as digit sets; refused before it is built
    /// when it would exceed the memory ceiling of `budget`, and stopped
    /// ([`EncodeError::Stopped`]) when `budget` runs out while it is being built.
    pub fn new(shape: Shape, rules: &Rules, budget: &Budget) -> Result<Logic, EncodeError> {
        let n = shape.n();
        budget.admit(model_bytes(n), || {
            format!("the reasoning model (the extended encoding) of a {n}×{n} grid")
        })?;
        let opts = EncodeOptions {
            encoding: Encoding::Extended,
            amo: AmoEncoding::Pairwise,
            cages: CageEncoding::Sets,
            ..Default::default()
        };
        let (formula, _) = encode_rules_within(shape, rules, &opts, budget)?;
        if let Some(r) = budget.stop_reason() {
            return Err(EncodeError::Stopped(r));
        }
        let prop = Propagator::new_within(&formula, budget).map_err(EncodeError::Stopped)?;
        Ok(Logic {
            shape,
            rules: rules.clone(),
            formula,
            prop,
        })
    }

    /// The grid shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The formula (extended encoding plus the rules' families).
    pub fn formula(&self) -> &Formula {
        &self.formula
    }

    /// The propagator, in the state of the last [`Logic::load`] (and what followed).
    pub fn propagator(&self) -> &Propagator {
        &self.prop
    }

    /// The propagator, for probing or search.
    pub fn propagator_mut(&mut self) -> &mut Propagator {
        &mut self.prop
    }

    /// The literal "cell (r, c) holds v" (the first block of the formula, row-major).
    #[inline]
    pub fn lit(&self, r: usize, c: usize, v: u16) -> Lit {
        let n = self.shape.n();
        Var::from_index((r * n + c) * n + v as usize - 1).pos()
    }

    /// The cell and value of a cell variable; `None` for auxiliary variables.
    #[inline]
    pub fn cell_of(&self, v: Var) -> Option<(usize, usize, u16)> {
        let n = self.shape.n();
        let i = v.index();
        (i < n * n * n).then(|| (i / (n * n), i / n % n, (i % n) as u16 + 1))
    }

    /// Every positive cell literal, cell by cell.
    pub fn cell_lits(&self) -> Vec<Lit> {
        let n = self.shape.n();
        (0..n * n * n).map(|i| Var::from_index(i).pos()).collect()
    }

    /// Resets the propagator, assumes the filled cells of `grid` and the eliminated
    /// values, and propagates. On a conflict, the falsified clause (if any).
    pub fn load(&mut self, grid: &Grid, eliminated: &[Placement]) -> Result<(), Conflict> {
        self.prop.reset();
        if let Some(c) = self.prop.propagate() {
            return Err(c);
        }
        for p in grid.givens() {
            self.prop.assume(self.lit(p.row, p.col, p.value))?;
        }
        for e in eliminated {
            self.prop.assume(!self.lit(e.row, e.col, e.value))?;
        }
        match self.prop.propagate() {
            Some(c) => Err(c),
            None => Ok(()),
        }
    }

    /// The value propagation fixed at (r, c), if any.
    pub fn fixed(&self, r: usize, c: usize) -> Option<u16> {
        (1..=self.shape.n() as u16).find(|&v| self.prop.is_true(self.lit(r, c, v)))
    }

    /// The grid of every value propagation has fixed (0 elsewhere).
    pub fn fixed_grid(&self) -> Grid {
        let n = self.shape.n();
        let mut g = Grid::empty(self.shape);
        for r in 0..n {
            for c in 0..n {
                g.set(r, c, self.fixed(r, c).unwrap_or(0));
            }
        }
        g
    }

    /// True when propagation has fixed every cell.
    pub fn solved(&self) -> bool {
        let n = self.shape.n();
        (0..n * n).all(|i| self.fixed(i / n, i % n).is_some())
    }

    /// The values of (r, c) propagation has not ruled out (the pencil marks).
    pub fn candidates(&self, r: usize, c: usize) -> Vec<u16> {
        (1..=self.shape.n() as u16)
            .filter(|&v| !self.prop.is_false(self.lit(r, c, v)))
            .collect()
    }

    /// Failed-literal probing on every cell literal, to a fixpoint: each literal whose
    /// assumption fails is set false and propagated, and the rounds repeat until none
    /// fails. Returns the literals found false, in the order found; the budget is asked
    /// before every probe.
    pub fn probe_to_fixpoint(&mut self, budget: &Budget) -> Result<Vec<Lit>, ProbeEnd> {
        let lits = self.cell_lits();
        if let Some(c) = self.prop.propagate() {
            return Err(ProbeEnd::Conflict(c));
        }
        let mut failed = Vec::new();
        loop {
            let mut changed = false;
            for &l in &lits {
                if self.prop.value(l).is_some() {
                    continue;
                }
                // The clock at every probe: a probe on a big grid can propagate for
                // milliseconds, and reading the clock costs tens of nanoseconds.
                if let Some(r) = budget.stop_reason() {
                    return Err(ProbeEnd::Stopped(r));
                }
                if self.prop.probe(l).failed() {
                    failed.push(l);
                    changed = true;
                    if let Some(c) = self.prop.assume_and_propagate(!l) {
                        return Err(ProbeEnd::Conflict(c));
                    }
                }
            }
            if !changed {
                return Ok(failed);
            }
        }
    }

    /// One what-if a player would try: the first value of an open cell (cells with the
    /// fewest candidates first, then in reading order) whose assumption propagates to a
    /// contradiction; it is then set false and propagated. `Ok(None)` when no single
    /// what-if fails (search is needed); the budget is asked at every cell.
    pub fn what_if(&mut self, budget: &Budget) -> Result<Option<Lit>, ProbeEnd> {
        let n = self.shape.n();
        let mut cells: Vec<(usize, usize)> = (0..n * n)
            .filter(|&i| self.fixed(i / n, i % n).is_none())
            .map(|i| (self.candidates(i / n, i % n).len(), i))
            .collect();
        cells.sort_unstable();
        for &(_, i) in &cells {
            if let Some(r) = budget.stop_reason() {
                return Err(ProbeEnd::Stopped(r));
            }
            for v in self.candidates(i / n, i % n) {
                let l = self.lit(i / n, i % n, v);
                if self.prop.probe(l).failed() {
                    self.prop.assume(!l).map_err(ProbeEnd::Conflict)?;
                    if let Some(c) = self.prop.propagate() {
                        return Err(ProbeEnd::Conflict(c));
                    }
                    return Ok(Some(l));
                }
            }
        }
        Ok(None)
    }

    /// The kind of the family of clause `ci`.
    pub fn family(&self, ci: usize) -> Option<ClauseFamily> {
        self.formula
            .family_info(self.prop.family(ci))
            .kind::<ClauseFamily>()
    }

    /// The cells and values of the cell literals of clause `ci`.
    pub fn clause_cells(&self, ci: usize) -> Vec<(usize, usize, u16)> {
        self.prop
            .clause(ci)
            .iter()
            .filter_map(|l| self.cell_of(l.var()))
            .collect()
    }

    /// The house of kind `kind` that holds every cell of `cells`.
    pub fn house_of(&self, kind: HouseKind, cells: &[(usize, usize, u16)]) -> Option<House> {
        let &(r, c, _) = cells.first()?;
        self.rules
            .houses_of(self.shape, r, c)
            .into_iter()
            .filter(|h| h.kind() == kind)
            .find(|&h| {
                let hc = self.rules.house_cells(self.shape, h);
                cells.iter().all(|&(r, c, _)| hc.contains(&(r, c)))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::parse::{ParseOptions, parse_puzzles};

    #[test]
    fn singles_solve_an_easy_puzzle_and_candidates_shrink() {
        let text =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let p = parse_puzzles(text, &ParseOptions::default())
            .next()
            .unwrap()
            .unwrap();
        let mut logic =
            Logic::new(p.grid.shape(), &Rules::default(), &Budget::unlimited()).unwrap();
        logic.load(&p.grid, &[]).unwrap();
        assert!(logic.solved(), "the Wikipedia puzzle falls to singles");
        let fixed = logic.fixed_grid();
        assert!(crate::check::check_solution(&p.grid, &fixed, &Rules::classic()).is_ok());
        let (r, c, v) = logic.cell_of(logic.lit(2, 6, 5).var()).unwrap();
        assert_eq!((r, c, v), (2, 6, 5));
        let mut empty =
            Logic::new(p.grid.shape(), &Rules::default(), &Budget::unlimited()).unwrap();
        let mut g = Grid::empty(p.grid.shape());
        g.set(0, 0, 5);
        empty.load(&g, &[]).unwrap();
        assert_eq!(empty.candidates(0, 1), vec![1, 2, 3, 4, 6, 7, 8, 9]);
        assert_eq!(empty.candidates(0, 0), vec![5]);
        assert_eq!(empty.candidates(4, 4).len(), 9);
    }

    /// Budgeted probing finds what the propagator's own probing finds, in order.
    #[test]
    fn probing_matches_the_propagator() {
        let text =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
        let p = parse_puzzles(text, &ParseOptions::default())
            .next()
            .unwrap()
            .unwrap();
        let mut logic =
            Logic::new(p.grid.shape(), &Rules::default(), &Budget::unlimited()).unwrap();
        logic.load(&p.grid, &[]).unwrap();
        let ours = logic.probe_to_fixpoint(&Budget::unlimited()).unwrap();
        logic.load(&p.grid, &[]).unwrap();
        let lits = logic.cell_lits();
        let theirs = logic.propagator_mut().probe_to_fixpoint(&lits).unwrap();
        assert_eq!(ours, theirs);
        let past = Budget::unlimited().with_deadline(Some(std::time::Instant::now()));
        logic.load(&p.grid, &[]).unwrap();
        assert!(matches!(
            logic.probe_to_fixpoint(&past),
            Err(ProbeEnd::Stopped(StopReason::TimeLimit))
        ));
    }
}
