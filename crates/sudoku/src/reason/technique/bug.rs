//! BUG+1 (Bivalue Universal Grave plus one; SE's "Bivalue Universal Grave", type 1 at
//! 5.6). When every open cell holds two candidates but one, which holds three, and each
//! value has 0 or 2 places in every house except the extra value of that cell (three in
//! each of its houses), then without the extra the grid would be a deadly pattern with
//! two solutions or none. A puzzle known to have one solution therefore takes the extra:
//! it is placed. Only applied when the caller has said the puzzle is unique and the
//! houses are classic.

use super::board::{Board, digits};
use super::step::{Technique, TechniqueStep};

/// Sudoku Explainer's difficulty of BUG type 1.
const DIFFICULTY: f64 = 5.6;

/// The one trivalue open cell when every other open cell is bivalue.
fn plus_one(b: &Board) -> Option<usize> {
    let mut tri = None;
    for c in (0..b.n * b.n).filter(|&c| b.value[c] == 0) {
        match b.mask(c).count_ones() {
            2 => {}
            3 if tri.is_none() => tri = Some(c),
            _ => return None,
        }
    }
    tri
}

/// The BUG+1 placement, if the grid is one.
pub fn bug_plus_one(b: &Board) -> Option<TechniqueStep> {
    if !b.uniqueness() {
        return None;
    }
    let t = plus_one(b)?;
    let v =
        digits(b.mask(t)).find(|&v| b.cell_houses[t].iter().all(|&h| b.places(h, v).len() == 3))?;
    for h in 0..b.house_cells.len() {
        for w in 1..=b.n as u16 {
            let k = b.places(h, w).len();
            let three = w == v && b.cell_houses[t].contains(&h);
            if (three && k != 3) || (!three && k != 0 && k != 2) {
                return None;
            }
        }
    }
    let mut s = TechniqueStep::new(Technique::BugPlusOne, DIFFICULTY);
    s.placements.push((t, v));
    s.cells.push(t);
    s.values = digits(b.mask(t)).collect();
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::grid::Grid;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;

    #[test]
    fn a_pure_grave_has_no_extra_and_needs_the_promise() {
        // A solved grid with r1c1=1, r1c2=2, r4c1=2, r4c2=1 reopened: four {1,2} cells,
        // a deadly pattern with no third candidate, so nothing to place.
        let solved =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
        let vals = solved.bytes().map(|c| (c - b'0') as u16).collect();
        let mut g = Grid::from_values(Shape::new(3, 3).unwrap(), vals).unwrap();
        for c in [0, 1, 27, 28] {
            g.set(c / 9, c % 9, 0);
        }
        let mut b = Board::new(&g, &Rules::classic()).unwrap();
        assert!(bug_plus_one(&b).is_none());
        b.assume_unique();
        assert_eq!(b.mask(0).count_ones(), 2);
        assert!(bug_plus_one(&b).is_none());
        // One extra candidate, 3, in r1c1 that its houses do not hold twice: no BUG+1.
        b.cand[0] |= 1 << 2;
        assert!(bug_plus_one(&b).is_none());
    }
}
