//! Solving and counting under variant rules, every solution checked by the variant checker.

use super::Rules;
use super::check::check_solution_with;
use crate::conflict::{Conflict, Reason, shrink_core};
use crate::encode::{CellVars, EncodeOptions, Encoding, GivenMode, encode_rules_with};
use crate::grid::{Grid, Placement};
use crate::shape::{House, Shape};
use crate::solve::{Answer, SolveError, SolveOptions, Stats, Verdict};
use crate::variants::CageEncoding;
use gridsat_sat::propagate::Propagator;
use gridsat_sat::{Backend, Formula, Limits, Lit, Outcome, Var};
use std::time::Instant;

/// A warm solver for one shape and one set of rules.
struct Warm {
    shape: Shape,
    rules: Rules,
    vars: CellVars,
    formula: Formula,
    backend: Box<dyn Backend>,
    next_var: u32,
}

/// Solves puzzles under variant rules, like [`crate::SudokuSolver`] does for classic
/// ones: counts solutions up to the bound, verifies each with
/// [`super::check_solution_with`], and names conflicting givens for `unsat`. Puzzles
/// with the same shape and rules reuse one warm incremental solver.
pub struct RulesSolver {
    opts: SolveOptions,
    cages: CageEncoding,
    warm: Option<Warm>,
}

impl RulesSolver {
    /// A solver with these options (the `reduced` encoding falls back to `extended`:
    /// it is defined for classic Sudoku only).
    pub fn new(opts: SolveOptions) -> RulesSolver {
        RulesSolver {
            opts,
            cages: CageEncoding::default(),
            warm: None,
        }
    }

    /// Chooses the killer cage encoding.
    pub fn with_cage_encoding(mut self, cages: CageEncoding) -> RulesSolver {
        self.cages = cages;
        self
    }

    fn warm_for(&mut self, shape: Shape, rules: &Rules) -> Result<&mut Warm, SolveError> {
        if self
            .warm
            .as_ref()
            .is_none_or(|w| w.shape != shape || &w.rules != rules)
        {
            let encoding = match self.opts.encoding {
                Encoding::Reduced => Encoding::Extended,
                e => e,
            };
            let opts = EncodeOptions {
                encoding,
                amo: self.opts.amo,
                givens: GivenMode::Assumptions,
                cages: self.cages,
                ..Default::default()
            };
            let (formula, vars) =
                encode_rules_with(shape, rules, &opts).map_err(SolveError::Setup)?;
            let mut backend = self.opts.backend.build()?;
            backend.set_limits(Limits {
                conflicts: None,
                deadline: self.opts.deadline,
            });
            if let Some(flag) = &self.opts.interrupt {
                backend.watch(flag.clone());
            }
            backend.add_formula(&formula);
            self.warm = Some(Warm {
                shape,
                rules: rules.clone(),
                vars,
                next_var: formula.num_vars() + 1,
                formula,
                backend,
            });
        }
        Ok(self.warm.as_mut().expect("just built"))
    }

    /// Solves `puzzle` under `rules`: the verdict, verified solutions (up to the
    /// bound), or the conflicting givens.
    pub fn solve(&mut self, puzzle: &Grid, rules: &Rules) -> Result<Answer, SolveError> {
        let t0 = Instant::now();
        rules.validate(puzzle.shape()).map_err(SolveError::Setup)?;
        if let Some(conflict) = broken_givens(puzzle, rules) {
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
        let max = self.opts.max_solutions.max(1);
        let warm = self.warm_for(puzzle.shape(), rules)?;
        let mut stats = Stats {
            vars: warm.formula.num_vars(),
            clauses: warm.formula.num_clauses(),
            ..Stats::default()
        };
        let givens: Vec<Placement> = puzzle.givens().collect();
        let lit = |p: &Placement| warm.vars.var(p.row, p.col, p.value).expect("dense").pos();
        let mut assume: Vec<Lit> = givens.iter().map(lit).collect();
        let act = Var::new(warm.next_var);
        warm.next_var += 1;
        warm.backend.reserve(act.get());
        assume.push(act.pos());
        let mut solutions: Vec<Grid> = Vec::new();
        let verdict = loop {
            stats.solver_calls += 1;
            match warm.backend.solve(&assume)? {
                Outcome::Sat => {
                    let b = &warm.backend;
                    let grid = warm
                        .vars
                        .decode(puzzle.shape(), |v| b.value(v.pos()) == Some(true));
                    check_solution_with(puzzle, &grid, rules).map_err(SolveError::Verification)?;
                    if solutions.contains(&grid) {
                        return Err(SolveError::Verification(
                            "the same solution was found twice".into(),
                        ));
                    }
                    let mut block = warm.vars.blocking_clause(puzzle, &grid);
                    block.push(act.neg());
                    solutions.push(grid);
                    if solutions.len() >= max {
                        break if max == 1 {
                            Verdict::Sat
                        } else {
                            Verdict::Multiple
                        };
                    }
                    warm.backend.add_clause(&block);
                }
                Outcome::Unsat => {
                    break match solutions.len() {
                        0 => Verdict::Unsat,
                        1 => Verdict::Unique,
                        _ => Verdict::Multiple,
                    };
                }
                Outcome::Unknown => break Verdict::Unknown,
            }
        };
        warm.backend.add_clause(&[act.neg()]);
        let conflict = if verdict == Verdict::Unsat {
            Some(self.explain(puzzle, rules)?)
        } else {
            None
        };
        stats.time = t0.elapsed();
        Ok(Answer {
            verdict,
            solutions,
            conflict,
            stats,
        })
    }

    /// Shrinks the failed assumptions to a small set of givens, then says why they
    /// conflict when propagation shows it in one step.
    fn explain(&mut self, puzzle: &Grid, rules: &Rules) -> Result<Conflict, SolveError> {
        let saved = Limits {
            conflicts: None,
            deadline: self.opts.deadline,
        };
        let warm = self.warm_for(puzzle.shape(), rules)?;
        let vars = warm.vars.clone();
        // Satisfiable givens cannot happen here (the count found no solution); an empty
        // set is the honest answer if it ever did.
        let core = shrink_core(&mut *warm.backend, &vars, puzzle, saved)?.unwrap_or_default();
        let reason = one_step_reason(&warm.formula, &vars, puzzle.shape(), rules, &core);
        Ok(Conflict {
            givens: core,
            reason,
        })
    }
}

/// Two givens that break a rule outright: equal values in a house of the variant, or
/// a pair rule (knight, king, consecutive) broken.
pub fn broken_givens(puzzle: &Grid, rules: &Rules) -> Option<Conflict> {
    let shape = puzzle.shape();
    let at = |(r, c): (usize, usize)| Placement {
        row: r,
        col: c,
        value: puzzle.get(r, c),
    };
    for h in rules.houses(shape) {
        let cells: Vec<(usize, usize)> = rules
            .house_cells(shape, h)
            .into_iter()
            .filter(|&(r, c)| puzzle.get(r, c) != 0)
            .collect();
        for (i, &a) in cells.iter().enumerate() {
            if let Some(&b) = cells[i + 1..].iter().find(|&&b| at(b).value == at(a).value) {
                return Some(Conflict {
                    givens: vec![at(a), at(b)],
                    reason: Reason::SameHouse(h),
                });
            }
        }
    }
    for pr in rules.pair_rules() {
        for (a, b) in Rules::pairs(shape, pr) {
            let (va, vb) = (at(a).value, at(b).value);
            if va == 0 || vb == 0 {
                continue;
            }
            let broken = match pr {
                super::houses::PairRule::Consecutive => va.abs_diff(vb) == 1,
                _ => va == vb,
            };
            if broken {
                return Some(Conflict {
                    givens: vec![at(a), at(b)],
                    reason: Reason::Broken(pr.family()),
                });
            }
        }
    }
    None
}

/// Why `core` conflicts, when propagating it alone reaches a conflict in a clause that
/// says so: no value for a cell, no place for a value in a house, or a cage.
fn one_step_reason(
    f: &Formula,
    vars: &CellVars,
    shape: Shape,
    rules: &Rules,
    core: &[Placement],
) -> Reason {
    let mut p = Propagator::new(f);
    let mut conflict = p.propagate();
    for g in core {
        if conflict.is_some() {
            break;
        }
        conflict = p.assume_and_propagate(vars.var(g.row, g.col, g.value).expect("dense").pos());
    }
    let Some(ci) = conflict.and_then(|c| c.clause) else {
        return Reason::Contradictory;
    };
    let family = f.family_info(p.family(ci)).name.as_str();
    let cells: Vec<(usize, usize, u16)> = p
        .clause(ci)
        .iter()
        .filter_map(|l| cell_of(vars, shape, l.var()))
        .collect();
    if family == "cell at least one" {
        if let Some(&(r, c, _)) = cells.first() {
            return Reason::NoValueFor(r, c);
        }
    }
    if family.ends_with(" at least one") {
        if let Some(&(r, c, v)) = cells.first() {
            let kind = family.trim_end_matches(" at least one");
            if let Some(h) = rules
                .houses_of(shape, r, c)
                .into_iter()
                .find(|h| h.kind() == kind && house_matches(rules, shape, *h, &cells))
            {
                return Reason::NoPlaceFor(v, h);
            }
        }
    }
    if family.starts_with("cage") {
        return Reason::Broken("killer cage");
    }
    Reason::Contradictory
}

fn house_matches(rules: &Rules, shape: Shape, h: House, cells: &[(usize, usize, u16)]) -> bool {
    let hc = rules.house_cells(shape, h);
    cells.iter().all(|&(r, c, _)| hc.contains(&(r, c)))
}

/// The cell and value of a cell variable of a full (dense) encoding.
pub(crate) fn cell_of(vars: &CellVars, shape: Shape, v: Var) -> Option<(usize, usize, u16)> {
    match vars {
        CellVars::Dense { block, .. } => block
            .index_of(v)
            .map(|i| (i[0] as usize, i[1] as usize, i[2] as u16 + 1)),
        _ => {
            let n = shape.n();
            (0..n * n).find_map(|cell| {
                (1..=n as u16).find_map(|val| {
                    (vars.var(cell / n, cell % n, val) == Some(v)).then_some((
                        cell / n,
                        cell % n,
                        val,
                    ))
                })
            })
        }
    }
}
