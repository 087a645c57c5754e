//! Unique Rectangles, types 1-4 (Sudoku Explainer's "Unique Rectangle / Loop", HoDoKu's
//! names). Four open cells at the corners of a rectangle in two boxes that could all hold
//! only {a,b} would make a deadly pattern: a and b could swap and the puzzle would have
//! two solutions. So, for a puzzle known to have one, at least one corner holds another
//! value, which is what each type uses. Only applied when the caller has said the puzzle
//! is unique ([`Board::assume_unique`]) and the houses are classic.

use super::board::{Board, bit, digits};
use super::step::{Technique, TechniqueStep};
use super::subsets::each_subset;
use crate::model::house::House;

/// Sudoku Explainer's difficulty of a unique rectangle (types 1, 2 and 4); type 3 adds a
/// tenth for each value of its naked subset beyond the first.
const BASE: f64 = 4.5;

/// A rectangle of open cells whose corners all hold a and b, in exactly two boxes.
struct Rect {
    cells: [usize; 4],
    a: u16,
    b: u16,
}

impl Rect {
    fn ab(&self) -> u64 {
        bit(self.a) | bit(self.b)
    }

    /// The corners holding only {a,b} (the floor) and the others (the roof).
    fn split(&self, b: &Board) -> (Vec<usize>, Vec<usize>) {
        self.cells.iter().partition(|&&c| b.mask(c) == self.ab())
    }

    fn step(&self, t: Technique, d: f64) -> TechniqueStep {
        let mut s = TechniqueStep::new(t, d);
        s.cells = self.cells.to_vec();
        s.cells.sort_unstable();
        s.values = vec![self.a, self.b];
        s
    }
}

/// The box of a cell (none when the boxes are replaced).
fn box_of(b: &Board, c: usize) -> Option<usize> {
    b.cell_houses[c]
        .iter()
        .copied()
        .find(|&h| matches!(b.house(h), House::Box(_)))
}

/// Every candidate rectangle of the board.
fn rectangles(b: &Board) -> Vec<Rect> {
    let n = b.n;
    let mut out = Vec::new();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    let common = cells.iter().fold(u64::MAX, |m, &c| m & b.mask(c));
                    if common.count_ones() < 2 {
                        continue;
                    }
                    let mut boxes: Vec<Option<usize>> =
                        cells.iter().map(|&c| box_of(b, c)).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 || boxes.contains(&None) {
                        continue;
                    }
                    let vals: Vec<u16> = digits(common).collect();
                    for (i, &a) in vals.iter().enumerate() {
                        for &v in &vals[i + 1..] {
                            out.push(Rect { cells, a, b: v });
                        }
                    }
                }
            }
        }
    }
    out
}

/// Open cells (outside `skip`) holding `v` that see every cell of `of`.
fn seeing(b: &Board, v: u16, of: &[usize], skip: &[usize]) -> Vec<(usize, u16)> {
    (0..b.n * b.n)
        .filter(|&c| b.has(c, v) && !skip.contains(&c))
        .filter(|&c| of.iter().all(|&o| b.sees(c, o)))
        .map(|c| (c, v))
        .collect()
}

/// The houses both cells lie in.
fn shared_houses(b: &Board, x: usize, y: usize) -> Vec<usize> {
    b.cell_houses[x]
        .iter()
        .copied()
        .filter(|h| b.cell_houses[y].contains(h))
        .collect()
}

/// Type 1: three corners hold only {a,b}; the fourth loses a and b.
fn type1(b: &Board, r: &Rect) -> Option<TechniqueStep> {
    let (floor, roof) = r.split(b);
    if floor.len() != 3 {
        return None;
    }
    let mut s = r.step(Technique::UniqueRectangle1, BASE);
    s.eliminations = vec![(roof[0], r.a), (roof[0], r.b)];
    Some(s)
}

/// Type 2: the two roof corners hold {a,b} and one same extra x: one of them is x, so
/// x is out of every cell that sees both.
fn type2(b: &Board, r: &Rect) -> Option<TechniqueStep> {
    let (floor, roof) = r.split(b);
    if floor.len() != 2 {
        return None;
    }
    let (e1, e2) = (b.mask(roof[0]) & !r.ab(), b.mask(roof[1]) & !r.ab());
    if e1 != e2 || e1.count_ones() != 1 {
        return None;
    }
    let x = digits(e1).next()?;
    let elim = seeing(b, x, &roof, &r.cells);
    if elim.is_empty() {
        return None;
    }
    let mut s = r.step(Technique::UniqueRectangle2, BASE);
    s.eliminations = elim;
    Some(s)
}

/// Type 4: in a house of both roof corners, one of a, b has no other place: it is in
/// the roof, so the other value cannot be (both would finish the deadly pattern).
fn type4(b: &Board, r: &Rect) -> Option<TechniqueStep> {
    let (floor, roof) = r.split(b);
    if floor.len() != 2 {
        return None;
    }
    for h in shared_houses(b, roof[0], roof[1]) {
        for (lock, rem) in [(r.a, r.b), (r.b, r.a)] {
            if b.places(h, lock).len() != 2 {
                continue;
            }
            let mut s = r.step(Technique::UniqueRectangle4, BASE);
            s.eliminations = vec![(roof[0], rem), (roof[1], rem)];
            s.houses.push(b.house(h));
            return Some(s);
        }
    }
    None
}

/// Type 3: one roof corner holds one of the roof's extra values, so the roof acts as
/// one cell holding those; with j other cells of a house of both it makes a naked
/// subset of j+1 values, which leave the rest of that house.
fn type3(b: &Board, r: &Rect) -> Option<TechniqueStep> {
    let (floor, roof) = r.split(b);
    if floor.len() != 2 {
        return None;
    }
    let extra = (b.mask(roof[0]) | b.mask(roof[1])) & !r.ab();
    let mut best: Option<TechniqueStep> = None;
    for h in shared_houses(b, roof[0], roof[1]) {
        let others: Vec<usize> = b.house_cells[h]
            .iter()
            .copied()
            .filter(|&c| b.value[c] == 0 && !roof.contains(&c))
            .collect();
        for j in 1..=3.min(others.len()) {
            each_subset(others.len(), j, &mut |pick| {
                let set: Vec<usize> = pick.iter().map(|&i| others[i]).collect();
                let union = set.iter().fold(extra, |m, &c| m | b.mask(c));
                if union.count_ones() as usize != j + 1 {
                    return false;
                }
                let d = BASE + 0.1 * j as f64;
                if best.as_ref().is_some_and(|s| s.difficulty <= d + 1e-9) {
                    return false;
                }
                let elim: Vec<(usize, u16)> = others
                    .iter()
                    .filter(|c| !set.contains(c))
                    .flat_map(|&c| digits(b.mask(c) & union).map(move |v| (c, v)))
                    .collect();
                if elim.is_empty() {
                    return false;
                }
                let mut s = r.step(Technique::UniqueRectangle3, d);
                s.eliminations = elim;
                s.houses.push(b.house(h));
                s.cells.extend(set);
                s.values = digits(union | r.ab()).collect();
                best = Some(s);
                true
            });
        }
    }
    best
}

/// The easiest unique rectangle: types 1, 2 and 4 (4.5) before type 3 (4.6 and up).
pub fn unique_rectangle(b: &Board) -> Option<TechniqueStep> {
    if !b.uniqueness() {
        return None;
    }
    let rects = rectangles(b);
    let simple = rects
        .iter()
        .find_map(|r| type1(b, r).or_else(|| type2(b, r)).or_else(|| type4(b, r)));
    if simple.is_some() {
        return simple;
    }
    rects
        .iter()
        .filter_map(|r| type3(b, r))
        .min_by(|x, y| x.difficulty.total_cmp(&y.difficulty))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::grid::Grid;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;

    fn board(masks: &[(usize, &[u16])], unique: bool) -> Board {
        let mut b = Board::new(&Grid::empty(Shape::new(3, 3).unwrap()), &Rules::classic()).unwrap();
        for &(c, vals) in masks {
            b.cand[c] = vals.iter().fold(0, |m, &v| m | bit(v));
        }
        if unique {
            b.assume_unique();
        }
        b
    }

    #[test]
    fn three_bivalue_corners_take_the_pair_from_the_fourth() {
        // r1c1, r1c4, r2c1 {1,2} and r2c4 {1,2,5}: boxes 1 and 2.
        let m = [
            (0, &[1, 2][..]),
            (3, &[1, 2]),
            (9, &[1, 2]),
            (12, &[1, 2, 5]),
        ];
        let s = unique_rectangle(&board(&m, true)).unwrap();
        assert_eq!(s.technique, Technique::UniqueRectangle1);
        assert_eq!(s.eliminations, vec![(12, 1), (12, 2)]);
        // Not without the promise of one solution.
        assert!(unique_rectangle(&board(&m, false)).is_none());
    }

    #[test]
    fn a_rectangle_over_four_boxes_is_no_deadly_pattern() {
        // r1c1, r1c4, r4c1 {1,2} and r4c4 {1,2,5}: four boxes, the swap breaks them.
        let m = [
            (0, &[1, 2][..]),
            (3, &[1, 2]),
            (27, &[1, 2]),
            (30, &[1, 2, 5]),
        ];
        assert!(unique_rectangle(&board(&m, true)).is_none());
    }

    #[test]
    fn a_roof_locked_on_one_value_loses_the_other() {
        // Floor r1c1, r2c1 {1,2}; roof r1c4 {1,2,5}, r2c4 {1,2,6}; in column 4 the 1 is
        // only in the roof (removed elsewhere): the roof loses 2 (type 4).
        let mut b = board(
            &[
                (0, &[1, 2][..]),
                (9, &[1, 2]),
                (3, &[1, 2, 5]),
                (12, &[1, 2, 6]),
            ],
            true,
        );
        for r in 2..9 {
            b.remove(r * 9 + 3, 1);
        }
        let s = unique_rectangle(&b).unwrap();
        assert_eq!(s.technique, Technique::UniqueRectangle4);
        assert_eq!(s.eliminations, vec![(3, 2), (12, 2)]);
    }
}
