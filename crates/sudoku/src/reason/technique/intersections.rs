//! Locked candidates: a value of a box confined to one line is out of the rest of the
//! line (pointing); a value of a line confined to one box is out of the rest of the box
//! (claiming). Any two houses that overlap in more than one cell work alike, so the
//! variants' houses (diagonals, windows, jigsaw regions) take part.

use super::board::Board;
use super::singles::is_block;
use super::step::{Technique, TechniqueStep};

/// Every locked-candidates step: pointing when the confining house is a block.
pub fn locked(b: &Board) -> Vec<TechniqueStep> {
    let mut out = Vec::new();
    for (h, cells) in b.house_cells.iter().enumerate() {
        for v in 1..=b.n as u16 {
            let places: Vec<usize> = cells.iter().copied().filter(|&c| b.has(c, v)).collect();
            if places.len() < 2 {
                continue;
            }
            for &g in &b.cell_houses[places[0]] {
                if g == h || !places.iter().all(|&c| b.cell_houses[c].contains(&g)) {
                    continue;
                }
                let elim: Vec<(usize, u16)> = b.house_cells[g]
                    .iter()
                    .filter(|&&c| b.has(c, v) && !places.contains(&c))
                    .map(|&c| (c, v))
                    .collect();
                if elim.is_empty() {
                    continue;
                }
                let pointing = is_block(b.house(h));
                let (t, d) = if pointing {
                    (Technique::Pointing, 2.6)
                } else {
                    (Technique::Claiming, 2.8)
                };
                let mut s = TechniqueStep::new(t, d);
                s.eliminations = elim;
                s.cells = places.clone();
                s.values.push(v);
                s.houses = vec![b.house(h), b.house(g)];
                out.push(s);
            }
        }
    }
    out
}

/// The first pointing (then claiming) step.
pub fn first(b: &Board, t: Technique) -> Option<TechniqueStep> {
    locked(b).into_iter().find(|s| s.technique == t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::grid::Grid;
    use crate::model::house::House;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;

    #[test]
    fn a_value_in_one_row_of_a_box_points_along_the_row() {
        // A 1 at r2c5 and 2, 3, 4 across row 3 of box 1 leave box 1's 1 in row 1.
        let shape = Shape::new(3, 3).unwrap();
        let mut g = Grid::empty(shape);
        g.set(1, 4, 1);
        g.set(2, 0, 2);
        g.set(2, 1, 3);
        g.set(2, 2, 4);
        let b = Board::new(&g, &Rules::classic()).unwrap();
        let s = first(&b, Technique::Pointing).unwrap();
        assert_eq!(s.houses, vec![House::Box(0), House::Row(0)]);
        assert!(s.eliminations.contains(&(8, 1)));
        assert!(
            s.eliminations
                .iter()
                .all(|&(c, _)| c / 9 == 0 && c % 9 >= 6)
        );
    }
}
