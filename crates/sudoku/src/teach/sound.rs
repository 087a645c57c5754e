//! Soundness: does every model of the student's formula fill a valid grid? For each
//! reference family, the student's formula ∧ "some rule of this family is broken" (a
//! disjunction of indicators, each implying the literals that break one rule) is
//! solved; unsatisfiable proves the family kept, a model is a counterexample, checked
//! again from its cells before it is reported.

use super::broken::{Broken, FAMILIES, candidates};
use super::mapping::VarMap;
use super::sight::ClauseIndex;
use super::student::Student;
use super::{Counterexample, FamilyCheck, Outcome3, TeachError, new_solver};
use crate::check::check_solution;
use crate::model::family::ClauseFamily;
use crate::model::grid::Grid;
use crate::model::house::HouseKind;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use gridsat_sat::{Backend, Budget, Limits, Lit, Outcome, Var};

/// The conflicts a first pass gives each query: the queries a counting argument
/// settles (house at-least-one from cell at-least-one and house at-most-one, …) are
/// pigeonhole formulas, hard for CDCL, and are left to the argument.
const FIRST_PASS_CONFLICTS: u64 = 5_000;

/// The conflicts the second pass gives each query left open: a query that is a
/// pigeonhole formula the counting argument does not cover (a house kind broken in one
/// house only) can run for hours; it is reported as undecided instead.
const LAST_PASS_CONFLICTS: u64 = 50_000;

/// One family's query: its selector, and one indicator per rule it may break.
struct Query {
    family: ClauseFamily,
    select: Var,
    indicators: Vec<Var>,
    rules: Vec<Broken>,
}

/// Checks every family of [`FAMILIES`] (the givens only with a puzzle): a first pass
/// with few conflicts each, then what the kept families imply by counting, then the
/// rest with the whole budget.
pub fn check_families(
    student: &Student,
    map: &VarMap,
    shape: Shape,
    puzzle: Option<&Grid>,
    spec: &gridsat_sat::BackendSpec,
    budget: &Budget,
) -> Result<Vec<FamilyCheck>, TeachError> {
    let mut solver = new_solver(spec, budget)?;
    let queries = build(&mut *solver, student, map, shape, puzzle);
    let mut done: Vec<Option<Outcome3>> = vec![None; queries.len()];
    for pass in 0..2 {
        let conflicts = Some(if pass == 0 {
            FIRST_PASS_CONFLICTS
        } else {
            LAST_PASS_CONFLICTS
        });
        solver.set_limits(Limits {
            conflicts,
            deadline: budget.deadline(),
        });
        for (k, q) in queries.iter().enumerate() {
            if done[k].is_some() {
                continue;
            }
            if implied(q.family, &queries, &done) {
                done[k] = Some(Outcome3::Implied);
                continue;
            }
            budget.check().map_err(|s| TeachError::Stopped(s.0))?;
            done[k] = match solver.solve(&[q.select.pos()])? {
                Outcome::Unsat => Some(Outcome3::Kept),
                Outcome::Unknown if pass == 0 => None,
                Outcome::Unknown => Some(Outcome3::Unknown),
                Outcome::Sat => {
                    let found = q
                        .indicators
                        .iter()
                        .position(|t| solver.value(t.pos()) == Some(true))
                        .ok_or_else(|| TeachError::Verification("no indicator is true".into()))?;
                    let ce =
                        counterexample(&*solver, student, map, shape, puzzle, &q.rules[found])?;
                    Some(Outcome3::Broken(ce))
                }
            };
        }
    }
    let out = queries.iter().zip(done).map(|(q, outcome)| FamilyCheck {
        family: q.family,
        outcome: outcome.unwrap_or(Outcome3::Unknown),
    });
    Ok(out.collect())
}

/// The student's clauses, and for each family a selector and the clause "selector →
/// some rule of the family is broken".
fn build(
    solver: &mut dyn Backend,
    student: &Student,
    map: &VarMap,
    shape: Shape,
    puzzle: Option<&Grid>,
) -> Vec<Query> {
    let mut next = student.max_var().max(map.max_var()) + 1;
    solver.reserve(next - 1);
    for c in student.clauses() {
        solver.add_clause(c);
    }
    let with_givens = puzzle.is_some_and(|p| p.num_givens() > 0);
    let families = FAMILIES
        .into_iter()
        .filter(|&f| f != ClauseFamily::Given || with_givens);
    let index = ClauseIndex::new(student.clauses());
    let mut out = Vec::new();
    for family in families {
        // A case one student clause rules out is left out: its conditions falsify
        // that clause. A family with no case left is kept, proved by the solver at once.
        let rules: Vec<Broken> = candidates(family, shape, puzzle)
            .into_iter()
            .filter(|rule| {
                let negated: Vec<Lit> = rule.conditions(map, shape).iter().map(|&l| !l).collect();
                !index.refutes(&negated)
            })
            .collect();
        let select = Var::new(next);
        next += 1;
        let mut any = vec![select.neg()];
        let mut indicators = Vec::with_capacity(rules.len());
        for rule in &rules {
            let t = Var::new(next);
            next += 1;
            solver.reserve(t.get());
            for l in rule.conditions(map, shape) {
                solver.add_clause(&[t.neg(), l]);
            }
            any.push(t.pos());
            indicators.push(t);
        }
        solver.add_clause(&any);
        out.push(Query {
            family,
            select,
            indicators,
            rules,
        });
    }
    out
}

/// Whether the families settled as kept imply `family` by counting, over a house of N
/// cells and N symbols: cell at-least-one and the house's at-most-one give its
/// at-least-one and cell at-most-one (N cells hold at least N placements, N symbols at
/// most N); cell at-most-one and the house's at-least-one give its at-most-one and
/// cell at-least-one (the same count the other way).
fn implied(family: ClauseFamily, queries: &[Query], done: &[Option<Outcome3>]) -> bool {
    let kept = |f: ClauseFamily| {
        queries
            .iter()
            .zip(done)
            .any(|(q, d)| q.family == f && matches!(d, Some(Outcome3::Kept | Outcome3::Implied)))
    };
    let houses = [HouseKind::Row, HouseKind::Column, HouseKind::Box];
    let any_house = |at_least: bool| {
        houses.iter().any(|&h| {
            kept(if at_least {
                ClauseFamily::at_least_one(h)
            } else {
                ClauseFamily::at_most_one(h)
            })
        })
    };
    match family {
        ClauseFamily::CellAtMostOne => kept(ClauseFamily::CellAtLeastOne) && any_house(false),
        ClauseFamily::CellAtLeastOne => kept(ClauseFamily::CellAtMostOne) && any_house(true),
        f => match f.house() {
            Some((h, true)) => {
                kept(ClauseFamily::CellAtLeastOne) && kept(ClauseFamily::at_most_one(h))
            }
            Some((h, false)) => {
                kept(ClauseFamily::CellAtMostOne) && kept(ClauseFamily::at_least_one(h))
            }
            None => false,
        },
    }
}

/// The symbols each cell holds in `value`'s assignment, row by row.
pub fn cells_of(map: &VarMap, value: impl Fn(u32) -> bool) -> Vec<Vec<u16>> {
    let n = map.n();
    (0..n * n)
        .map(|i| {
            (1..=n as u16)
                .filter(|&d| value(map.var(i / n, i % n, d)))
                .collect()
        })
        .collect()
}

/// The counterexample of a model, verified: the model satisfies every student clause,
/// the rule is broken in its cells (recomputed from them), and when every cell holds one
/// symbol the independent checker rejects the grid.
fn counterexample(
    solver: &dyn Backend,
    student: &Student,
    map: &VarMap,
    shape: Shape,
    puzzle: Option<&Grid>,
    rule: &Broken,
) -> Result<Counterexample, TeachError> {
    let value = |l: Lit| solver.value(l).unwrap_or(false);
    if let Some(i) = student
        .clauses()
        .iter()
        .position(|c| !c.iter().any(|&l| value(l)))
    {
        let why = format!("the model falsifies student clause {}", i + 1);
        return Err(TeachError::Verification(why));
    }
    let cells = cells_of(map, |v| value(Var::new(v).pos()));
    if !rule.holds_in(&cells, shape) {
        return Err(TeachError::Verification(format!("'{rule}' does not hold")));
    }
    if cells.iter().all(|c| c.len() == 1) {
        let values = cells.iter().map(|c| c[0]).collect();
        let grid = Grid::from_values(shape, values)
            .map_err(|e| TeachError::Verification(e.to_string()))?;
        let empty = Grid::empty(shape);
        if check_solution(puzzle.unwrap_or(&empty), &grid, &Rules::classic()).is_ok() {
            let why = format!("the checker accepts the grid said to break '{rule}'");
            return Err(TeachError::Verification(why));
        }
    }
    Ok(Counterexample {
        broken: rule.clone(),
        cells,
    })
}
