//! Sudoku X: both long diagonals hold every symbol once.

use super::rule::VariantRule;
use crate::model::fault::Fault;
use crate::model::grid::Grid;
use crate::model::house::House;
use crate::model::shape::Shape;

/// The diagonals rule.
#[derive(Clone, Copy, Debug)]
pub struct Diagonals;

impl VariantRule for Diagonals {
    fn name(&self) -> &'static str {
        "diagonals"
    }

    fn houses(&self, _shape: Shape) -> Vec<House> {
        vec![House::Diagonal(0), House::Diagonal(1)]
    }

    fn houses_of(&self, shape: Shape, r: usize, c: usize) -> Vec<House> {
        let n = shape.n();
        let mut v = Vec::new();
        if r == c {
            v.push(House::Diagonal(0));
        }
        if r + c == n - 1 {
            v.push(House::Diagonal(1));
        }
        v
    }

    /// The cells (i, i) and (i, N−1−i) hold distinct values.
    fn check(&self, solution: &Grid) -> Result<(), Fault> {
        let n = solution.n();
        for (name, anti) in [("the main diagonal", false), ("the anti-diagonal", true)] {
            let mut seen = vec![false; n + 1];
            for row in 0..n {
                let col = if anti { n - 1 - row } else { row };
                let value = solution.get(row, col);
                if std::mem::replace(&mut seen[(value as usize).min(n)], true) {
                    return Err(Fault::RepeatedAt {
                        house: name.to_string(),
                        value,
                        row,
                        col,
                    });
                }
            }
        }
        Ok(())
    }
}
