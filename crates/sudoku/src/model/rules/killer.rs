//! Killer cages: groups of cells that hold distinct values summing to the cage's sum.

use super::Cell;
use super::RulesError;
use super::cage::{Cage, sum_range};
use super::rule::{ClauseSink, VariantRule};
use crate::model::family::ClauseFamily;
use crate::model::fault::Fault;
use crate::model::grid::Grid;
use crate::model::shape::Shape;
use gridsat_sat::Lit;
use std::ops::Deref;

/// The killer rule: every cage of a puzzle (sorted by their cells).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cages(Vec<Cage>);

impl Cages {
    /// The cages, in the order given.
    pub fn new(cages: Vec<Cage>) -> Cages {
        Cages(cages)
    }
}

impl Deref for Cages {
    type Target = [Cage];
    fn deref(&self) -> &[Cage] {
        &self.0
    }
}

impl Cages {
    fn validate_cage(
        &self,
        k: usize,
        owner: &mut [Option<usize>],
        n: usize,
    ) -> Result<(), RulesError> {
        let cage = &self.0[k];
        if cage.cells.is_empty() {
            return Err(RulesError::EmptyCage);
        }
        if let Some(&(row, col)) = cage.cells.iter().find(|&&(r, c)| r >= n || c >= n) {
            return Err(RulesError::CageCellOutside { row, col, n });
        }
        for &(row, col) in &cage.cells {
            if let Some(j) = owner[row * n + col].replace(k) {
                return Err(if j == k {
                    RulesError::CageCellTwice {
                        cage: cage.label(),
                        row,
                        col,
                    }
                } else {
                    RulesError::CageOverlap {
                        row,
                        col,
                        first: self.0[j].label(),
                        second: cage.label(),
                    }
                });
            }
        }
        let size = cage.cells.len();
        if size > n {
            return Err(RulesError::CageTooLarge {
                cage: cage.label(),
                size,
                n,
            });
        }
        let (lo, hi) = sum_range(size, n);
        if cage.sum < lo || cage.sum > hi {
            return Err(RulesError::CageSum {
                cage: cage.label(),
                sum: cage.sum,
                size,
                n,
                lo,
                hi,
            });
        }
        Ok(())
    }
}

impl VariantRule for Cages {
    fn name(&self) -> &'static str {
        "killer"
    }

    fn validate(&self, shape: Shape) -> Result<(), RulesError> {
        let n = shape.n();
        let mut owner: Vec<Option<usize>> = vec![None; n * n];
        (0..self.0.len()).try_for_each(|k| self.validate_cage(k, &mut owner, n))
    }

    fn families(&self) -> &'static [ClauseFamily] {
        &[ClauseFamily::CageDistinct, ClauseFamily::CageSum]
    }

    /// Distinct values in every cage (all cages), then every cage's sum.
    fn clauses(&self, _shape: Shape, out: &mut dyn ClauseSink) {
        let n = out.n() as u16;
        let distinct = out.family(ClauseFamily::CageDistinct);
        for cage in &self.0 {
            for v in 1..=n {
                let lits: Vec<Lit> = cage.cells.iter().map(|&(r, c)| out.lit(r, c, v)).collect();
                out.at_most_one(distinct, &lits);
            }
        }
        let sum = out.family(ClauseFamily::CageSum);
        for cage in &self.0 {
            out.cage_sum(sum, cage);
        }
    }

    /// Every cage lies on the grid, shares no cell with another, holds distinct values
    /// and makes its sum.
    fn check(&self, solution: &Grid) -> Result<(), Fault> {
        let n = solution.n();
        let mut in_cage = vec![false; n * n];
        for cage in &self.0 {
            let mut total = 0u32;
            let mut seen = vec![false; n + 1];
            let &(r0, c0) = cage
                .cells
                .first()
                .ok_or(Fault::Malformed("a cage without cells".into()))?;
            let name = format!("the cage at r{}c{}", r0 + 1, c0 + 1);
            for &(r, c) in &cage.cells {
                if r >= n || c >= n {
                    return Err(Fault::Malformed(format!(
                        "a cage cell r{}c{} is off the grid",
                        r + 1,
                        c + 1
                    )));
                }
                if std::mem::replace(&mut in_cage[r * n + c], true) {
                    return Err(Fault::Malformed(format!(
                        "r{}c{} is in two cages",
                        r + 1,
                        c + 1
                    )));
                }
                total += solution.get(r, c) as u32;
            }
            for &(row, col) in &cage.cells {
                let value = solution.get(row, col);
                if std::mem::replace(&mut seen[(value as usize).min(n)], true) {
                    return Err(Fault::RepeatedAt {
                        house: name,
                        value,
                        row,
                        col,
                    });
                }
            }
            if total != cage.sum {
                return Err(Fault::Sum {
                    cage: name,
                    total,
                    sum: cage.sum,
                });
            }
        }
        Ok(())
    }

    fn excludes(&self) -> &'static str {
        "excluded by its cage"
    }

    fn broken(&self) -> &'static str {
        "killer cage"
    }

    fn contradiction(&self, family: ClauseFamily, cells: &[(usize, usize, u16)]) -> String {
        let cage = cells
            .first()
            .and_then(|&(r, c, _)| self.0.iter().find(|k| k.cells.contains(&(r, c))));
        match cage {
            Some(k) => format!(
                "the cage at r{}c{} could not make its sum {}",
                k.cells[0].0 + 1,
                k.cells[0].1 + 1,
                k.sum
            ),
            None => format!("the {family} rule would fail"),
        }
    }

    fn anchor(&self, r: usize, c: usize) -> Option<Cell> {
        self.0
            .iter()
            .find(|k| k.cells.contains(&(r, c)))
            .map(|k| k.cells[0])
    }
}
