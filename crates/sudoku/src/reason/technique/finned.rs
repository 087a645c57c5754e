//! Finned and sashimi fish (HoDoKu's names): k base lines whose places for a value lie in
//! k cover lines, except for a few extra places, the fins. Either a fin holds the value,
//! or the basic fish holds and the value is out of the rest of the cover lines: so a
//! cover-line cell outside the base lines that sees every fin loses the value. Sashimi:
//! some base line has a single place in the cover lines (without the fins the fish would
//! be degenerate).
//!
//! Sudoku Explainer has no finned fish; it finds the same eliminations as grouped
//! strong-link patterns, and the figures here are those SE gave them on the sample
//! (`bench/sudoku/se-ratings.tsv`): 4.3 for two lines ("Grouped 2 Strong links"), 5.7
//! for three ("Grouped 3 Strong links"); four lines, 6.0, is an estimate (none there).

use super::board::Board;
use super::step::{Technique, TechniqueStep};
use super::subsets::each_subset;
use crate::model::house::House;

/// The most fin positions (cross lines outside the cover) a fish may have.
const MAX_FIN_LINES: usize = 3;

/// The technique (finned, sashimi) and difficulty of a fish of size `k`.
fn named(k: usize, sashimi: bool) -> (Technique, f64) {
    match (k, sashimi) {
        (2, false) => (Technique::FinnedXWing, 4.3),
        (2, true) => (Technique::SashimiXWing, 4.3),
        (3, false) => (Technique::FinnedSwordfish, 5.7),
        (3, true) => (Technique::SashimiSwordfish, 5.7),
        (_, false) => (Technique::FinnedJellyfish, 6.0),
        (_, true) => (Technique::SashimiJellyfish, 6.0),
    }
}

/// Rows as base lines (columns as cover) or the other way round.
#[derive(Clone, Copy)]
struct Orient {
    n: usize,
    rows_base: bool,
}

impl Orient {
    /// The cell at base line `l`, cross position `x`.
    fn at(self, l: usize, x: usize) -> usize {
        if self.rows_base {
            l * self.n + x
        } else {
            x * self.n + l
        }
    }

    fn line(self, l: usize) -> House {
        if self.rows_base {
            House::Row(l)
        } else {
            House::Col(l)
        }
    }

    fn cross(self, x: usize) -> House {
        if self.rows_base {
            House::Col(x)
        } else {
            House::Row(x)
        }
    }
}

/// The step of base lines `base` covered by `cover` (a mask of cross positions), if it
/// removes something: `masks[l]` are the positions of `v` in line `l`.
fn covered(
    b: &Board,
    v: u16,
    o: Orient,
    base: &[usize],
    masks: &[u64],
    cover: u64,
) -> Option<TechniqueStep> {
    let n = b.n;
    if base.iter().any(|&l| masks[l] & cover == 0) {
        return None;
    }
    let fins: Vec<usize> = base
        .iter()
        .flat_map(|&l| {
            (0..n)
                .filter(move |&x| (masks[l] & !cover) >> x & 1 == 1)
                .map(move |x| o.at(l, x))
        })
        .collect();
    let mut elim = Vec::new();
    for x in (0..n).filter(|&x| cover >> x & 1 == 1) {
        for l in (0..n).filter(|l| !base.contains(l)) {
            let c = o.at(l, x);
            if b.has(c, v) && fins.iter().all(|&f| b.sees(c, f)) {
                elim.push((c, v));
            }
        }
    }
    if elim.is_empty() {
        return None;
    }
    let sashimi = base.iter().any(|&l| (masks[l] & cover).count_ones() == 1);
    let (t, d) = named(base.len(), sashimi);
    let mut s = TechniqueStep::new(t, d);
    elim.sort_unstable();
    s.eliminations = elim;
    s.cells = base
        .iter()
        .flat_map(|&l| {
            (0..n)
                .filter(move |&x| masks[l] >> x & 1 == 1)
                .map(move |x| o.at(l, x))
        })
        .collect();
    s.cells.sort_unstable();
    s.values.push(v);
    s.houses = base.iter().map(|&l| o.line(l)).collect();
    s.houses
        .extend((0..n).filter(|&x| cover >> x & 1 == 1).map(|x| o.cross(x)));
    Some(s)
}

/// The first finned or sashimi fish of size `k` (rows as base first, then columns).
pub fn finned(b: &Board, k: usize) -> Option<TechniqueStep> {
    let n = b.n;
    for v in 1..=n as u16 {
        for rows_base in [true, false] {
            let o = Orient { n, rows_base };
            let masks: Vec<u64> = (0..n)
                .map(|l| {
                    (0..n)
                        .filter(|&x| b.has(o.at(l, x), v))
                        .fold(0, |m, x| m | 1 << x)
                })
                .collect();
            let lines: Vec<usize> = (0..n)
                .filter(|&l| (1..=k + MAX_FIN_LINES).contains(&(masks[l].count_ones() as usize)))
                .collect();
            let mut found = None;
            each_subset(lines.len(), k, &mut |pick| {
                let base: Vec<usize> = pick.iter().map(|&i| lines[i]).collect();
                let union = base.iter().fold(0u64, |m, &l| m | masks[l]);
                let spread = union.count_ones() as usize;
                if spread <= k || spread > k + MAX_FIN_LINES {
                    return false;
                }
                let xs: Vec<usize> = (0..n).filter(|&x| union >> x & 1 == 1).collect();
                each_subset(xs.len(), k, &mut |cp| {
                    let cover = cp.iter().fold(0u64, |m, &i| m | 1 << xs[i]);
                    found = covered(b, v, o, &base, &masks, cover);
                    found.is_some()
                })
            });
            if found.is_some() {
                return found;
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

    /// A board where value 1 has only the places `at` in rows `rows` (others open).
    fn board(rows: &[usize], at: &[usize]) -> Board {
        let mut b = Board::new(&Grid::empty(Shape::new(3, 3).unwrap()), &Rules::classic()).unwrap();
        for &r in rows {
            for c in 0..9 {
                if !at.contains(&(r * 9 + c)) {
                    b.remove(r * 9 + c, 1);
                }
            }
        }
        b
    }

    #[test]
    fn a_fin_in_the_box_keeps_only_the_cover_cells_of_that_box() {
        // Row 1: 1 at c1, c5; row 5: 1 at c1, c5, c6 (the fin r5c6 in box 5). The
        // cover columns 1 and 5 lose 1 only where they see the fin: r4c5 and r6c5.
        let b = board(&[0, 4], &[0, 4, 36, 40, 41]);
        let s = finned(&b, 2).unwrap();
        assert_eq!(s.technique, Technique::FinnedXWing);
        assert_eq!(s.eliminations, vec![(31, 1), (49, 1)]);
    }

    #[test]
    fn a_base_line_of_one_cover_place_is_sashimi() {
        // Row 1: 1 at c1, c5; row 5: 1 at c1, c6 (the fin r5c6; r5c5 is gone): r4c5 and
        // r6c5 still see r1c5's partner through the fin's box.
        let b = board(&[0, 4], &[0, 4, 36, 41]);
        let s = finned(&b, 2).unwrap();
        assert_eq!(s.technique, Technique::SashimiXWing);
        assert!(s.eliminations.contains(&(31, 1)) && s.eliminations.contains(&(49, 1)));
    }

    #[test]
    fn fins_in_two_boxes_remove_nothing() {
        // Fins r5c6 (box 5) and r5c9 (box 6): no cover cell sees both.
        let b = board(&[0, 4], &[0, 4, 36, 40, 41, 44]);
        assert!(finned(&b, 2).is_none());
    }
}
