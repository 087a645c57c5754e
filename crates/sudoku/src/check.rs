//! The independent checker: is a filled grid a solution of a puzzle?
//!
//! It shares nothing with the encoder: it reads only the grid values and the box
//! dimensions and recomputes every row, column and box itself.

use crate::grid::Grid;

/// Checks that `solution` fills every cell with 1..=N, repeats no symbol in any row,
/// column or box, and keeps every given of `puzzle`. The error says what is wrong
/// with 1-based coordinates.
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), String> {
    let n = solution.n();
    if puzzle.n() != n || puzzle.shape() != solution.shape() {
        return Err(format!(
            "the solution is {n}×{n}, the puzzle {m}×{m}",
            m = puzzle.n()
        ));
    }
    let values = solution.values();
    for (i, &v) in values.iter().enumerate() {
        if v == 0 || v as usize > n {
            return Err(format!(
                "r{}c{} holds {v}, not a symbol 1..{n}",
                i / n + 1,
                i % n + 1
            ));
        }
        let g = puzzle.values()[i];
        if g != 0 && g != v {
            return Err(format!(
                "r{}c{} should keep the given {g} but holds {v}",
                i / n + 1,
                i % n + 1
            ));
        }
    }
    let (p, q) = (solution.shape().box_rows(), solution.shape().box_cols());
    let mut seen = vec![0u32; n + 1];
    let mut stamp = 0u32;
    let mut house = |name: String, cells: &mut dyn Iterator<Item = usize>| -> Result<(), String> {
        stamp += 1;
        for i in cells {
            let v = values[i] as usize;
            if seen[v] == stamp {
                return Err(format!("{name} holds {v} twice"));
            }
            seen[v] = stamp;
        }
        Ok(())
    };
    for r in 0..n {
        house(format!("row {}", r + 1), &mut (0..n).map(|c| r * n + c))?;
    }
    for c in 0..n {
        house(format!("column {}", c + 1), &mut (0..n).map(|r| r * n + c))?;
    }
    // Boxes: P rows tall and Q columns wide, tiled from the top-left corner.
    for top in (0..n).step_by(p) {
        for left in (0..n).step_by(q) {
            let name = format!("the box at r{}c{}", top + 1, left + 1);
            let mut cells = (top..top + p).flat_map(|r| (left..left + q).map(move |c| r * n + c));
            house(name, &mut cells)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    fn latin_6x6() -> Grid {
        // A valid 6×6 Sudoku with 2×3 boxes.
        let rows = ["123456", "456123", "231564", "564231", "312645", "645312"];
        let v = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| (b - b'0') as u16))
            .collect();
        Grid::from_values(Shape::new(2, 3).unwrap(), v).unwrap()
    }

    #[test]
    fn accepts_a_solution_and_rejects_each_kind_of_fault() {
        let s = latin_6x6();
        let mut puzzle = Grid::empty(s.shape());
        puzzle.set(0, 0, 1);
        assert_eq!(check_solution(&puzzle, &s), Ok(()));
        // Wrong given.
        puzzle.set(0, 0, 2);
        assert!(check_solution(&puzzle, &s).unwrap_err().contains("given 2"));
        // Empty cell.
        let mut t = s.clone();
        t.set(3, 3, 0);
        assert!(
            check_solution(&Grid::empty(s.shape()), &t)
                .unwrap_err()
                .contains("r4c4")
        );
        // Swapping two cells of a row keeps rows valid but breaks columns.
        let mut u = s.clone();
        let (a, b) = (u.get(0, 0), u.get(0, 1));
        u.set(0, 0, b);
        u.set(0, 1, a);
        assert!(
            check_solution(&Grid::empty(s.shape()), &u)
                .unwrap_err()
                .contains("column")
        );
        // Rows and columns fine but boxes wrong: a cyclic Latin square.
        let v = (0..36).map(|i| ((i / 6 + i % 6) % 6 + 1) as u16).collect();
        let cyc = Grid::from_values(s.shape(), v).unwrap();
        assert!(
            check_solution(&Grid::empty(s.shape()), &cyc)
                .unwrap_err()
                .contains("box")
        );
    }
}
