//! The independent checker for variants: is a filled grid a solution under the rules?
//!
//! It shares no code with the encoder or with the variant geometry used by it: it
//! reads the grid values, the box size, the rule names, the region map and the cage
//! cell lists, and recomputes every house, neighbour and sum itself.

use super::{Rule, Rules};
use crate::check::check_solution;
use crate::grid::Grid;

/// Checks `solution` against `puzzle` under `rules`: every cell holds 1..=N, the givens
/// are kept, rows and columns hold each value once, so do the boxes (or the jigsaw
/// regions instead), the diagonals and windows when asked, no pair rule is broken, and
/// every cage holds distinct values with its sum. Classic rules use [`check_solution`].
pub fn check_solution_with(puzzle: &Grid, solution: &Grid, rules: &Rules) -> Result<(), String> {
    if rules.is_classic() {
        return check_solution(puzzle, solution);
    }
    let n = solution.n();
    if puzzle.shape() != solution.shape() {
        return Err(format!(
            "the solution is {n}×{n}, the puzzle {m}×{m}",
            m = puzzle.n()
        ));
    }
    let val = |r: usize, c: usize| solution.values()[r * n + c];
    for r in 0..n {
        for c in 0..n {
            let v = val(r, c);
            if v == 0 || v as usize > n {
                return Err(format!(
                    "r{}c{} holds {v}, not a value 1..{n}",
                    r + 1,
                    c + 1
                ));
            }
            let g = puzzle.values()[r * n + c];
            if g != 0 && g != v {
                return Err(format!(
                    "r{}c{} should keep the given {g} but holds {v}",
                    r + 1,
                    c + 1
                ));
            }
        }
    }
    let all_different = |name: &str, cells: &[(usize, usize)]| -> Result<(), String> {
        let mut seen = vec![false; n + 1];
        for &(r, c) in cells {
            let v = val(r, c) as usize;
            if std::mem::replace(&mut seen[v], true) {
                return Err(format!(
                    "{name} holds {v} twice (again at r{}c{})",
                    r + 1,
                    c + 1
                ));
            }
        }
        Ok(())
    };
    for i in 0..n {
        let row: Vec<_> = (0..n).map(|c| (i, c)).collect();
        all_different(&format!("row {}", i + 1), &row)?;
        let col: Vec<_> = (0..n).map(|r| (r, i)).collect();
        all_different(&format!("column {}", i + 1), &col)?;
    }
    let (p, q) = (solution.shape().box_rows(), solution.shape().box_cols());
    match &rules.regions {
        Some(reg) => {
            let map = reg.map();
            if map.len() != n * n {
                return Err(format!("the region map is not {n}×{n}"));
            }
            let mut members: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
            for (i, &k) in map.iter().enumerate() {
                match members.get_mut(k as usize) {
                    Some(m) => m.push((i / n, i % n)),
                    None => return Err(format!("region number {} is out of range", k + 1)),
                }
            }
            for (k, cells) in members.iter().enumerate() {
                if cells.len() != n {
                    return Err(format!(
                        "region {} has {} cells, not {n}",
                        k + 1,
                        cells.len()
                    ));
                }
                all_different(&format!("region {}", k + 1), cells)?;
            }
        }
        None => {
            for top in (0..n).step_by(p) {
                for left in (0..n).step_by(q) {
                    let cells: Vec<_> = (top..top + p)
                        .flat_map(|r| (left..left + q).map(move |c| (r, c)))
                        .collect();
                    all_different(&format!("the box at r{}c{}", top + 1, left + 1), &cells)?;
                }
            }
        }
    }
    if rules.rules.contains(&Rule::Diagonals) {
        let main: Vec<_> = (0..n).map(|i| (i, i)).collect();
        all_different("the main diagonal", &main)?;
        let anti: Vec<_> = (0..n).map(|i| (i, n - 1 - i)).collect();
        all_different("the anti-diagonal", &anti)?;
    }
    if rules.rules.contains(&Rule::Windoku) {
        // Windows of P×Q cells start at row 1 and column 1 (0-based), one cell apart,
        // and stay clear of the last row and column.
        let mut top = 1;
        while top + p < n {
            let mut left = 1;
            while left + q < n {
                let cells: Vec<_> = (top..top + p)
                    .flat_map(|r| (left..left + q).map(move |c| (r, c)))
                    .collect();
                all_different(&format!("the window at r{}c{}", top + 1, left + 1), &cells)?;
                left += q + 1;
            }
            top += p + 1;
        }
    }
    let neighbours = |offsets: &[(isize, isize)], bad: &dyn Fn(u16, u16) -> bool, what: &str| {
        for r in 0..n {
            for c in 0..n {
                for &(dr, dc) in offsets {
                    let (r2, c2) = (r as isize + dr, c as isize + dc);
                    if r2 < 0 || c2 < 0 || r2 >= n as isize || c2 >= n as isize {
                        continue;
                    }
                    let (r2, c2) = (r2 as usize, c2 as usize);
                    if bad(val(r, c), val(r2, c2)) {
                        return Err(format!(
                            "r{}c{}={} and r{}c{}={} break the {what} rule",
                            r + 1,
                            c + 1,
                            val(r, c),
                            r2 + 1,
                            c2 + 1,
                            val(r2, c2)
                        ));
                    }
                }
            }
        }
        Ok(())
    };
    let knight = [
        (-2, -1),
        (-2, 1),
        (-1, -2),
        (-1, 2),
        (1, -2),
        (1, 2),
        (2, -1),
        (2, 1),
    ];
    let king = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    let orthogonal = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    if rules.rules.contains(&Rule::AntiKnight) {
        neighbours(&knight, &|a, b| a == b, "anti-knight")?;
    }
    if rules.rules.contains(&Rule::AntiKing) {
        neighbours(&king, &|a, b| a == b, "anti-king")?;
    }
    if rules.rules.contains(&Rule::NonConsecutive) {
        neighbours(&orthogonal, &|a, b| a.abs_diff(b) == 1, "non-consecutive")?;
    }
    let mut in_cage = vec![false; n * n];
    for cage in &rules.cages {
        let mut total = 0u32;
        for &(r, c) in &cage.cells {
            if r >= n || c >= n {
                return Err(format!("a cage cell r{}c{} is off the grid", r + 1, c + 1));
            }
            if std::mem::replace(&mut in_cage[r * n + c], true) {
                return Err(format!("r{}c{} is in two cages", r + 1, c + 1));
            }
            total += val(r, c) as u32;
        }
        let (r, c) = cage.cells[0];
        let name = format!("the cage at r{}c{}", r + 1, c + 1);
        all_different(&name, &cage.cells)?;
        if total != cage.sum {
            return Err(format!("{name} sums to {total}, not {}", cage.sum));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;
    use crate::variants::{Cage, Regions};

    fn grid(rows: &[&str]) -> Grid {
        let n = rows.len();
        let v = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| (b - b'0') as u16))
            .collect();
        Grid::from_values(Shape::for_side(n).unwrap(), v).unwrap()
    }

    #[test]
    fn each_rule_rejects_what_it_forbids() {
        // A 4×4 solution whose diagonals hold 1,4,1,4 and 4,1,4,1 … not a Sudoku X.
        let g = grid(&["1234", "3412", "2143", "4321"]);
        let empty = Grid::empty(g.shape());
        assert_eq!(check_solution_with(&empty, &g, &Rules::default()), Ok(()));
        let x = Rules::parse_list("diagonals").unwrap();
        assert!(
            check_solution_with(&empty, &g, &x)
                .unwrap_err()
                .contains("diagonal")
        );
        let nc = Rules::parse_list("non-consecutive").unwrap();
        assert!(
            check_solution_with(&empty, &g, &nc)
                .unwrap_err()
                .contains("non-consecutive")
        );
        let king = Rules::parse_list("anti-king").unwrap();
        assert!(
            check_solution_with(&empty, &g, &king)
                .unwrap_err()
                .contains("anti-king")
        );
        let mut k = Rules::default();
        k.cages.push(Cage {
            sum: 3,
            cells: vec![(0, 0), (0, 1)],
        });
        assert_eq!(check_solution_with(&empty, &g, &k), Ok(()));
        k.cages[0].sum = 4;
        assert!(
            check_solution_with(&empty, &g, &k)
                .unwrap_err()
                .contains("sums to 3")
        );
        // Jigsaw: with rows as regions, boxes no longer count but rows still do.
        let rows_as_regions: Vec<u16> = (0..16).map(|i| (i / 4) as u16).collect();
        let j = Rules {
            regions: Some(Regions::new(g.shape(), rows_as_regions).unwrap()),
            ..Rules::default()
        };
        let latin = grid(&["1234", "2341", "3412", "4123"]);
        assert!(check_solution(&empty, &latin).is_err(), "boxes are broken");
        assert_eq!(check_solution_with(&empty, &latin, &j), Ok(()));
    }
}
