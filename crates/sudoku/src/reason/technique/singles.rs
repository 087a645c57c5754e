//! Singles: the last cell of a house (full house), the only place for a value in a
//! house (hidden single: 1.2 in a box, 1.5 in a line), the only value of a cell (naked
//! single).

use super::board::{Board, digits};
use super::step::{Technique, TechniqueStep};
use crate::model::house::House;

/// A house with one open cell left.
pub fn full_house(b: &Board) -> Option<TechniqueStep> {
    for (h, cells) in b.house_cells.iter().enumerate() {
        let mut open = cells.iter().filter(|&&c| b.value[c] == 0);
        if let (Some(&c), None) = (open.next(), open.next()) {
            let v = digits(b.mask(c)).next()?;
            let mut s = TechniqueStep::new(Technique::FullHouse, 1.0);
            s.placements.push((c, v));
            s.cells.push(c);
            s.values.push(v);
            s.houses.push(b.house(h));
            return Some(s);
        }
    }
    None
}

/// True for the houses Sudoku Explainer rates as blocks (boxes and jigsaw regions).
pub fn is_block(h: House) -> bool {
    matches!(h, House::Box(_) | House::Region(_))
}

/// The only place for a value in a house; boxes first (`blocks`), else lines and the
/// variants' houses.
pub fn hidden_single(b: &Board, blocks: bool) -> Option<TechniqueStep> {
    let diff = if blocks { 1.2 } else { 1.5 };
    for (h, cells) in b.house_cells.iter().enumerate() {
        if is_block(b.house(h)) != blocks {
            continue;
        }
        let mut once = 0u64;
        let mut twice = 0u64;
        for &c in cells {
            twice |= once & b.mask(c);
            once |= b.mask(c);
        }
        if let Some(v) = digits(once & !twice).next() {
            let c = *cells.iter().find(|&&c| b.has(c, v))?;
            let mut s = TechniqueStep::new(Technique::HiddenSingle, diff);
            s.placements.push((c, v));
            s.cells.push(c);
            s.values.push(v);
            s.houses.push(b.house(h));
            return Some(s);
        }
    }
    None
}

/// A cell with one candidate left.
pub fn naked_single(b: &Board) -> Option<TechniqueStep> {
    let c = (0..b.n * b.n).find(|&c| b.value[c] == 0 && b.mask(c).count_ones() == 1)?;
    let v = digits(b.mask(c)).next()?;
    let mut s = TechniqueStep::new(Technique::NakedSingle, 2.3);
    s.placements.push((c, v));
    s.cells.push(c);
    s.values.push(v);
    Some(s)
}

/// A hidden single that `after` has and `before` had not, in a house `within` accepts:
/// the placement a direct technique ends in, with its house.
pub fn new_hidden_single(
    before: &Board,
    after: &Board,
    within: &dyn Fn(House) -> bool,
) -> Option<(usize, u16, House)> {
    for (h, cells) in after.house_cells.iter().enumerate() {
        if !within(after.house(h)) {
            continue;
        }
        for v in 1..=after.n as u16 {
            if cells.iter().any(|&c| after.value[c] == v) {
                continue;
            }
            let now: Vec<usize> = cells.iter().copied().filter(|&c| after.has(c, v)).collect();
            if now.len() == 1 && before.places(h, v).len() > 1 {
                return Some((now[0], v, after.house(h)));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::grid::Grid;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;

    fn board(line: &str) -> Board {
        let shape = Shape::new(3, 3).unwrap();
        let vals = line
            .bytes()
            .map(|c| {
                if c.is_ascii_digit() {
                    (c - b'0') as u16
                } else {
                    0
                }
            })
            .collect();
        Board::new(&Grid::from_values(shape, vals).unwrap(), &Rules::classic()).unwrap()
    }

    #[test]
    fn a_row_missing_one_value_is_a_full_house() {
        let b = board(&format!("12345678.{}", ".".repeat(72)));
        let s = full_house(&b).unwrap();
        assert_eq!(s.placements, vec![(8, 9)]);
        assert_eq!(s.houses, vec![House::Row(0)]);
    }

    #[test]
    fn a_value_with_one_place_in_a_box_is_a_hidden_single() {
        // 1s in rows 2 and 3 (outside box 1) and in columns 2 and 3: box 1 has only r1c1.
        let mut g = vec!['.'; 81];
        g[9 + 4] = '1';
        g[18 + 7] = '1';
        g[3 * 9 + 1] = '1';
        g[6 * 9 + 2] = '1';
        let b = board(&g.iter().collect::<String>());
        let s = hidden_single(&b, true).unwrap();
        assert_eq!(s.placements, vec![(0, 1)]);
        assert_eq!(s.houses, vec![House::Box(0)]);
        assert_eq!(s.difficulty, 1.2);
    }

    #[test]
    fn a_cell_with_one_value_left_is_a_naked_single() {
        // r1c1 sees 2..8 in its row and 9 in its column.
        let b = board(&format!(".2345678.{}9{}", ".".repeat(9), ".".repeat(62)));
        let s = naked_single(&b).unwrap();
        assert_eq!(s.placements, vec![(0, 1)]);
    }
}
