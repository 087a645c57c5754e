//! A solution written down, not searched for: the classic pattern grid of a p×q box
//! shape (row `r`, column `c` hold `(q·(r mod p) + ⌊r/p⌋ + c) mod N`), relabelled so that
//! it keeps the givens when they fit one relabelling. An empty grid of any size always
//! fits, which is how an empty 400×400 gets its first solution in milliseconds; a grid
//! whose givens were cut from such a pattern fits too. The caller verifies the grid with
//! the independent checker, as every answer.

use crate::model::grid::Grid;
use crate::model::shape::Shape;

/// The value (0-based) the pattern of `shape` puts at row `r`, column `c`.
fn pattern_value(shape: Shape, r: usize, c: usize) -> usize {
    let (p, q, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    (q * (r % p) + r / p + c) % n
}

/// The pattern grid of `puzzle`'s shape with its symbols renamed to keep every given,
/// or `None` when no renaming keeps them all (two cells the pattern gives one symbol
/// hold different givens, or one given symbol sits where the pattern has two).
pub fn pattern_fill(puzzle: &Grid) -> Option<Grid> {
    let shape = puzzle.shape();
    let n = shape.n();
    // rename[pattern value] = symbol (1-based, 0 = not yet fixed); used[symbol].
    let mut rename = vec![0u16; n];
    let mut used = vec![false; n + 1];
    for (i, &v) in puzzle.values().iter().enumerate() {
        if v == 0 {
            continue;
        }
        let p = pattern_value(shape, i / n, i % n);
        match rename[p] {
            0 if !used[v as usize] => {
                rename[p] = v;
                used[v as usize] = true;
            }
            w if w == v => {}
            _ => return None,
        }
    }
    let mut free = (1..=n as u16).filter(|&s| !used[s as usize]);
    for slot in rename.iter_mut().filter(|s| **s == 0) {
        *slot = free.next()?;
    }
    let cells = (0..n * n)
        .map(|i| rename[pattern_value(shape, i / n, i % n)])
        .collect();
    Grid::from_values(shape, cells).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_solution;
    use crate::model::rules::Rules;

    #[test]
    fn the_pattern_of_every_box_shape_is_a_solution_of_the_empty_grid() {
        for (p, q) in [
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (2, 5),
            (4, 4),
            (5, 4),
            (10, 10),
        ] {
            let shape = Shape::new(p, q).unwrap();
            let empty = Grid::empty(shape);
            let g = pattern_fill(&empty).expect("an empty grid fits");
            check_solution(&empty, &g, &Rules::classic())
                .unwrap_or_else(|e| panic!("{p}x{q}: {e:?}"));
        }
    }

    #[test]
    fn givens_cut_from_a_relabelled_pattern_are_kept() {
        let shape = Shape::new(3, 3).unwrap();
        let full = pattern_fill(&Grid::empty(shape)).unwrap();
        // Rename symbols by v -> 10 - v, then keep every seventh cell as a given.
        let mut cells = vec![0u16; 81];
        for i in (0..81).step_by(7) {
            cells[i] = 10 - full.values()[i];
        }
        let puzzle = Grid::from_values(shape, cells).unwrap();
        let g = pattern_fill(&puzzle).expect("the givens fit a renaming");
        check_solution(&puzzle, &g, &Rules::classic()).unwrap();
    }

    #[test]
    fn givens_no_renaming_keeps_are_refused() {
        let shape = Shape::new(2, 2).unwrap();
        // r1c1 and r2c3 share a pattern value (0 and (2+0+2)%4 = 0) but hold 1 and 2.
        let mut cells = vec![0u16; 16];
        cells[0] = 1;
        cells[4 + 2] = 2;
        let puzzle = Grid::from_values(shape, cells).unwrap();
        assert!(pattern_fill(&puzzle).is_none());
        // One symbol where the pattern has two values: refused as well.
        let mut cells = vec![0u16; 16];
        cells[0] = 1;
        cells[1] = 1;
        assert!(pattern_fill(&Grid::from_values(shape, cells).unwrap()).is_none());
    }
}
