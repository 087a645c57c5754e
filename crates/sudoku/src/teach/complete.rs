//! Completeness: does the student's formula allow every valid grid (of the puzzle, when
//! there is one)? Without auxiliary variables one SAT call answers it: gridsat's
//! reference encoding ∧ "some student clause is false" is unsatisfiable exactly when
//! every valid grid satisfies every student clause. With auxiliary variables the
//! question is ∀ grid ∃ aux, so valid grids are sampled and the student's formula is
//! solved under each; the answer then says how many were tried.

use super::mapping::VarMap;
use super::sight::ClauseIndex;
use super::sound::cells_of;
use super::student::Student;
use super::{Completeness, Forbidden, TeachError, new_solver};
use crate::check::check_solution;
use crate::encode::{EncodeOptions, Encoding, encode_rules};
use crate::model::grid::Grid;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::rng::Rng;
use gridsat_sat::{AmoEncoding, Backend, BackendSpec, Budget, Lit, Outcome, Var};

/// What the completeness check needs.
pub struct Setting<'a> {
    pub student: &'a Student,
    pub map: &'a VarMap,
    pub shape: Shape,
    pub puzzle: Option<&'a Grid>,
    pub spec: &'a BackendSpec,
    pub budget: &'a Budget,
    pub samples: usize,
    pub seed: u64,
}

/// Proves completeness, or finds a valid grid the student's formula forbids, or (with
/// auxiliary variables) samples valid grids.
pub fn check_complete(s: &Setting<'_>) -> Result<Completeness, TeachError> {
    let aux = s
        .student
        .clauses()
        .iter()
        .flatten()
        .any(|l| s.map.cell_of(l.var().get()).is_none());
    if aux { sample(s) } else { prove(s) }
}

/// gridsat's extended encoding (pairwise), in the student's variables, with the
/// puzzle's givens as unit clauses.
pub fn reference(map: &VarMap, shape: Shape, puzzle: Option<&Grid>) -> Vec<Vec<Lit>> {
    let opts = EncodeOptions {
        encoding: Encoding::Extended,
        amo: AmoEncoding::Pairwise,
        ..Default::default()
    };
    let (formula, vars) = encode_rules(shape, &Rules::classic(), &opts).expect("classic grids");
    let n = shape.n();
    let mut to = vec![0u32; formula.num_vars() as usize + 1];
    for r in 0..n {
        for c in 0..n {
            for d in 1..=n as u16 {
                let v = vars.var(r, c, d).expect("dense");
                to[v.get() as usize] = map.var(r, c, d);
            }
        }
    }
    let tr = |l: Lit| Var::new(to[l.var().get() as usize]).lit(l.is_pos());
    let mut out: Vec<Vec<Lit>> = formula
        .clauses()
        .map(|(_, c)| c.iter().map(|&l| tr(l)).collect())
        .collect();
    for p in puzzle.into_iter().flat_map(Grid::givens) {
        out.push(vec![Var::new(map.var(p.row, p.col, p.value)).pos()]);
    }
    out
}

fn prove(s: &Setting<'_>) -> Result<Completeness, TeachError> {
    let mut solver = new_solver(s.spec, s.budget)?;
    let mut next = s.map.max_var().max(s.student.max_var()) + 1;
    solver.reserve(next - 1);
    let reference = reference(s.map, s.shape, s.puzzle);
    for c in &reference {
        solver.add_clause(c);
    }
    // A student clause that contains a reference clause holds in every valid grid.
    let index = ClauseIndex::new(&reference);
    let mut any = Vec::new();
    for clause in s.student.clauses().iter().filter(|c| !index.refutes(c)) {
        let f = Var::new(next);
        next += 1;
        solver.reserve(f.get());
        for &l in clause {
            solver.add_clause(&[f.neg(), !l]);
        }
        any.push(f.pos());
    }
    if any.is_empty() {
        return Ok(Completeness::Proved);
    }
    solver.add_clause(&any);
    match solver.solve(&[])? {
        Outcome::Unsat => Ok(Completeness::Proved),
        Outcome::Unknown => Ok(Completeness::Unknown { tried: 0 }),
        Outcome::Sat => {
            let grid = grid_of(&*solver, s)?;
            let falsified = falsified(s.student, s.map, &grid);
            if falsified.is_empty() {
                let why = "the grid said to be forbidden satisfies every clause";
                return Err(TeachError::Verification(why.into()));
            }
            Ok(Completeness::Forbidden(Forbidden {
                grid,
                falsified,
                core: Vec::new(),
            }))
        }
    }
}

/// The grid of a reference model, accepted by the independent checker.
fn grid_of(solver: &dyn Backend, s: &Setting<'_>) -> Result<Grid, TeachError> {
    let cells = cells_of(s.map, |v| solver.value(Var::new(v).pos()) == Some(true));
    let values = cells
        .iter()
        .map(|c| c.first().copied().unwrap_or(0))
        .collect();
    let grid =
        Grid::from_values(s.shape, values).map_err(|e| TeachError::Verification(e.to_string()))?;
    verified(grid, s)
}

fn verified(grid: Grid, s: &Setting<'_>) -> Result<Grid, TeachError> {
    let empty = Grid::empty(s.shape);
    check_solution(s.puzzle.unwrap_or(&empty), &grid, &Rules::classic())
        .map_err(|f| TeachError::Verification(format!("a reference grid is invalid: {f}")))?;
    Ok(grid)
}

/// The literal of "cell (r, c) holds d" as `grid` sets it, for every (cell, symbol).
fn assignment(map: &VarMap, grid: &Grid) -> Vec<Lit> {
    let n = grid.n();
    let mut out = Vec::with_capacity(n * n * n);
    for r in 0..n {
        for c in 0..n {
            for d in 1..=n as u16 {
                out.push(Var::new(map.var(r, c, d)).lit(grid.get(r, c) == d));
            }
        }
    }
    out
}

/// The student clauses (0-based) whose every literal is a cell literal false in `grid`.
pub fn falsified(student: &Student, map: &VarMap, grid: &Grid) -> Vec<usize> {
    let is_false = |l: &Lit| match map.cell_of(l.var().get()) {
        Some((r, c, d)) => (grid.get(r, c) == d) != l.is_pos(),
        None => false,
    };
    let clauses = student.clauses().iter().enumerate();
    clauses
        .filter(|(_, c)| c.iter().all(is_false))
        .map(|(i, _)| i)
        .collect()
}

fn sample(s: &Setting<'_>) -> Result<Completeness, TeachError> {
    let grids = valid_grids(s)?;
    let mut solver = new_solver(s.spec, s.budget)?;
    solver.reserve(s.map.max_var().max(s.student.max_var()));
    for c in s.student.clauses() {
        solver.add_clause(c);
    }
    for (tried, grid) in grids.iter().enumerate() {
        let assume = assignment(s.map, grid);
        match solver.solve(&assume)? {
            Outcome::Sat => {}
            Outcome::Unknown => return Ok(Completeness::Unknown { tried }),
            Outcome::Unsat => {
                // The cells of the failed assumptions, with the grid's symbol there.
                let mut core: Vec<(usize, usize, u16)> = assume
                    .iter()
                    .filter(|&&l| solver.failed(l))
                    .filter_map(|l| s.map.cell_of(l.var().get()))
                    .map(|(r, c, _)| (r, c, grid.get(r, c)))
                    .collect();
                core.dedup();
                return Ok(Completeness::Forbidden(Forbidden {
                    grid: grid.clone(),
                    falsified: falsified(s.student, s.map, grid),
                    core,
                }));
            }
        }
    }
    Ok(Completeness::Sampled { grids: grids.len() })
}

/// Up to `samples` valid grids: the puzzle's solutions, or (with no puzzle) a solution
/// of the empty grid under random relabellings and row, column, band and stack swaps.
fn valid_grids(s: &Setting<'_>) -> Result<Vec<Grid>, TeachError> {
    let mut solver = new_solver(s.spec, s.budget)?;
    solver.reserve(s.map.max_var());
    for c in reference(s.map, s.shape, s.puzzle) {
        solver.add_clause(&c);
    }
    if s.puzzle.is_some_and(|p| p.num_givens() > 0) {
        let n = s.shape.n();
        let projection: Vec<Var> = (0..n * n * n)
            .map(|i| Var::new(s.map.var(i / (n * n), i / n % n, (i % n) as u16 + 1)))
            .collect();
        let models = solver.enumerate(&[], &projection, &[], s.samples.max(1))?;
        let mut out = Vec::new();
        for m in models.models {
            let values = (0..n * n)
                .map(|cell| (1..=n).find(|&d| m[cell * n + d - 1]).unwrap_or(0) as u16)
                .collect();
            let grid = Grid::from_values(s.shape, values)
                .map_err(|e| TeachError::Verification(e.to_string()))?;
            out.push(verified(grid, s)?);
        }
        return Ok(out);
    }
    if solver.solve(&[])? != Outcome::Sat {
        return Ok(Vec::new());
    }
    let base = grid_of(&*solver, s)?;
    let mut rng = Rng::new(s.seed);
    let mut out = vec![base.clone()];
    while out.len() < s.samples {
        out.push(verified(shuffled(&base, &mut rng), s)?);
    }
    Ok(out)
}

/// `grid` with its symbols relabelled and its rows and columns permuted within bands
/// and stacks, and the bands and stacks permuted: a valid grid again.
fn shuffled(grid: &Grid, rng: &mut Rng) -> Grid {
    let shape = grid.shape();
    let n = shape.n();
    let order = |rng: &mut Rng, size: usize, group: usize| {
        let mut groups: Vec<usize> = (0..n / size).collect();
        rng.shuffle(&mut groups);
        let mut out = Vec::with_capacity(n);
        for g in groups {
            let mut inner: Vec<usize> = (0..size).map(|k| g * size + k).collect();
            rng.shuffle(&mut inner);
            out.extend(inner);
        }
        debug_assert_eq!(out.len(), group);
        out
    };
    let rows = order(rng, shape.box_rows(), n);
    let cols = order(rng, shape.box_cols(), n);
    let mut symbols: Vec<u16> = (1..=n as u16).collect();
    rng.shuffle(&mut symbols);
    let mut out = Grid::empty(shape);
    for r in 0..n {
        for c in 0..n {
            out.set(r, c, symbols[grid.get(rows[r], cols[c]) as usize - 1]);
        }
    }
    out
}
