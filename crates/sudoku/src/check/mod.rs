//! The independent checker: is a filled grid a solution of a puzzle under its rules?
//!
//! It shares nothing with the encoder: it reads the grid values, the box size and the
//! rules' data (region map, cages), recomputes every row, column and box itself, and
//! asks every rule for its own check ([`crate::model::VariantRule::check`]), which is written
//! from the rule's definition and never uses the geometry the encoder uses.

use crate::model::fault::Fault;
use crate::model::grid::Grid;
use crate::model::rules::Rules;

/// Checks that `solution` fills every cell with 1..=N, keeps every given of `puzzle`,
/// repeats no symbol in any row, column or box (jigsaw regions instead of boxes), and
/// keeps every rule of `rules`. The fault says what is wrong, with 1-based cells.
pub fn check_solution(puzzle: &Grid, solution: &Grid, rules: &Rules) -> Result<(), Fault> {
    let active = rules.active();
    let boxes = !active.iter().any(|r| r.replaces_boxes());
    check_classic(puzzle, solution, boxes)?;
    active.iter().try_for_each(|r| r.check(solution))
}

/// Values, givens, rows, columns and (unless a rule replaces them) boxes.
fn check_classic(puzzle: &Grid, solution: &Grid, boxes: bool) -> Result<(), Fault> {
    let n = solution.n();
    if puzzle.n() != n || puzzle.shape() != solution.shape() {
        return Err(Fault::Size {
            found: n,
            expected: puzzle.n(),
        });
    }
    let values = solution.values();
    for (i, &v) in values.iter().enumerate() {
        let (row, col) = (i / n, i % n);
        if v == 0 || v as usize > n {
            return Err(Fault::NotASymbol {
                row,
                col,
                value: v,
                n,
            });
        }
        let g = puzzle.values()[i];
        if g != 0 && g != v {
            return Err(Fault::GivenChanged {
                row,
                col,
                given: g,
                value: v,
            });
        }
    }
    let (p, q) = (solution.shape().box_rows(), solution.shape().box_cols());
    let mut seen = vec![0u32; n + 1];
    let mut stamp = 0u32;
    let mut house =
        |name: &dyn Fn() -> String, cells: &mut dyn Iterator<Item = usize>| -> Result<(), Fault> {
            stamp += 1;
            for i in cells {
                let v = values[i];
                if seen[v as usize] == stamp {
                    return Err(Fault::Repeated {
                        house: name(),
                        value: v,
                    });
                }
                seen[v as usize] = stamp;
            }
            Ok(())
        };
    for r in 0..n {
        house(&|| format!("row {}", r + 1), &mut (0..n).map(|c| r * n + c))?;
    }
    for c in 0..n {
        house(
            &|| format!("column {}", c + 1),
            &mut (0..n).map(|r| r * n + c),
        )?;
    }
    if boxes {
        // Boxes: P rows tall and Q columns wide, tiled from the top-left corner.
        for top in (0..n).step_by(p) {
            for left in (0..n).step_by(q) {
                let name = || format!("the box at r{}c{}", top + 1, left + 1);
                let mut cells =
                    (top..top + p).flat_map(|r| (left..left + q).map(move |c| r * n + c));
                house(&name, &mut cells)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rules::{Cage, Regions};
    use crate::model::shape::Shape;

    fn latin_6x6() -> Grid {
        // A valid 6×6 Sudoku with 2×3 boxes.
        let rows = ["123456", "456123", "231564", "564231", "312645", "645312"];
        let v = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| (b - b'0') as u16))
            .collect();
        Grid::from_values(Shape::new(2, 3).unwrap(), v).unwrap()
    }

    fn check(puzzle: &Grid, solution: &Grid) -> Result<(), String> {
        check_solution(puzzle, solution, &Rules::classic()).map_err(|f| f.to_string())
    }

    #[test]
    fn accepts_a_solution_and_rejects_each_kind_of_fault() {
        let s = latin_6x6();
        let mut puzzle = Grid::empty(s.shape());
        puzzle.set(0, 0, 1);
        assert_eq!(check(&puzzle, &s), Ok(()));
        // Wrong given.
        puzzle.set(0, 0, 2);
        assert!(check(&puzzle, &s).unwrap_err().contains("given 2"));
        // Empty cell.
        let mut t = s.clone();
        t.set(3, 3, 0);
        assert!(
            check(&Grid::empty(s.shape()), &t)
                .unwrap_err()
                .contains("r4c4")
        );
        // Swapping two cells of a row keeps rows valid but breaks columns.
        let mut u = s.clone();
        let (a, b) = (u.get(0, 0), u.get(0, 1));
        u.set(0, 0, b);
        u.set(0, 1, a);
        assert!(
            check(&Grid::empty(s.shape()), &u)
                .unwrap_err()
                .contains("column")
        );
        // Rows and columns fine but boxes wrong: a cyclic Latin square.
        let v = (0..36).map(|i| ((i / 6 + i % 6) % 6 + 1) as u16).collect();
        let cyc = Grid::from_values(s.shape(), v).unwrap();
        assert!(
            check(&Grid::empty(s.shape()), &cyc)
                .unwrap_err()
                .contains("box")
        );
    }

    fn grid(rows: &[&str]) -> Grid {
        let n = rows.len();
        let v = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| (b - b'0') as u16))
            .collect();
        Grid::from_values(Shape::for_side(n).unwrap(), v).unwrap()
    }

    fn check_with(puzzle: &Grid, solution: &Grid, rules: &Rules) -> Result<(), String> {
        check_solution(puzzle, solution, rules).map_err(|f| f.to_string())
    }

    #[test]
    fn each_rule_rejects_what_it_forbids() {
        // A 4×4 solution whose diagonals hold 1,4,1,4 and 4,1,4,1 … not a Sudoku X.
        let g = grid(&["1234", "3412", "2143", "4321"]);
        let empty = Grid::empty(g.shape());
        assert_eq!(check_with(&empty, &g, &Rules::default()), Ok(()));
        let x = Rules::parse_list("diagonals").unwrap();
        assert!(check_with(&empty, &g, &x).unwrap_err().contains("diagonal"));
        let nc = Rules::parse_list("non-consecutive").unwrap();
        assert!(
            check_with(&empty, &g, &nc)
                .unwrap_err()
                .contains("non-consecutive")
        );
        let king = Rules::parse_list("anti-king").unwrap();
        assert!(
            check_with(&empty, &g, &king)
                .unwrap_err()
                .contains("anti-king")
        );
        let mut k = Rules::default();
        k.set_cages(vec![Cage {
            sum: 3,
            cells: vec![(0, 0), (0, 1)],
        }]);
        assert_eq!(check_with(&empty, &g, &k), Ok(()));
        k.set_cages(vec![Cage {
            sum: 4,
            cells: vec![(0, 0), (0, 1)],
        }]);
        assert!(
            check_with(&empty, &g, &k)
                .unwrap_err()
                .contains("sums to 3")
        );
        // Jigsaw: with rows as regions, boxes no longer count but rows still do.
        let rows_as_regions: Vec<u16> = (0..16).map(|i| (i / 4) as u16).collect();
        let mut j = Rules::default();
        j.set_regions(Some(Regions::new(g.shape(), rows_as_regions).unwrap()));
        let latin = grid(&["1234", "2341", "3412", "4123"]);
        assert!(check(&empty, &latin).is_err(), "boxes are broken");
        assert_eq!(check_with(&empty, &latin, &j), Ok(()));
    }
}
