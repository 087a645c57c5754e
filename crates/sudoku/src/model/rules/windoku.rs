//! Windoku (hyper): P×Q windows, one cell in from the edges and one cell apart, hold
//! every symbol once (four of them on 9×9).

use super::rule::VariantRule;
use crate::model::fault::Fault;
use crate::model::grid::Grid;
use crate::model::house::House;
use crate::model::shape::Shape;

/// The windoku rule.
#[derive(Clone, Copy, Debug)]
pub struct Windoku;

impl VariantRule for Windoku {
    fn name(&self) -> &'static str {
        "windoku"
    }

    fn houses(&self, shape: Shape) -> Vec<House> {
        (0..shape.windows_across() * shape.windows_down())
            .map(House::Window)
            .collect()
    }

    fn houses_of(&self, shape: Shape, r: usize, c: usize) -> Vec<House> {
        (0..shape.windows_across() * shape.windows_down())
            .filter(|&w| {
                let (r0, c0) = shape.window_cell(w, 0);
                (r0..r0 + shape.box_rows()).contains(&r) && (c0..c0 + shape.box_cols()).contains(&c)
            })
            .map(House::Window)
            .collect()
    }

    /// Windows of P×Q cells start at row 1 and column 1 (0-based), one cell apart, and
    /// stay clear of the last row and column; none holds a value twice.
    fn check(&self, solution: &Grid) -> Result<(), Fault> {
        let n = solution.n();
        let (p, q) = (solution.shape().box_rows(), solution.shape().box_cols());
        let mut top = 1;
        while top + p < n {
            let mut left = 1;
            while left + q < n {
                let mut seen = vec![false; n + 1];
                for row in top..top + p {
                    for col in left..left + q {
                        let value = solution.get(row, col);
                        if std::mem::replace(&mut seen[(value as usize).min(n)], true) {
                            return Err(Fault::RepeatedAt {
                                house: format!("the window at r{}c{}", top + 1, left + 1),
                                value,
                                row,
                                col,
                            });
                        }
                    }
                }
                left += q + 1;
            }
            top += p + 1;
        }
        Ok(())
    }
}
