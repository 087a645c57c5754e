//! WXYZ-Wing: three open cells of one house holding four values between them (an almost
//! locked set) and a bivalue cell {x,z} outside it that sees every cell of the set
//! holding x. Each value but z then goes into at most one of the four cells, and the
//! four cells need four values, so z is in one of them: z is out of every cell seeing
//! all the z places of the four. Sudoku Explainer's rating (SukakuExplainer): 5.5, and
//! 5.6 when the largest cell of the pattern holds three values.
//!
//! VWXYZ-Wing: the same with four cells holding five values (SukakuExplainer's
//! `VWXYZWingHint`: 6.2, plus a tenth for each step the largest cell's size is nearer
//! three than the extremes two and five: 6.3 for two or four values, 6.4 for three).

use super::board::{Board, digits};
use super::step::{Technique, TechniqueStep};

/// The WXYZ-Wing with the lowest rating and then the most eliminations.
pub fn wxyz_wing(b: &Board) -> Option<TechniqueStep> {
    als_wing(b, 3)
}

/// The VWXYZ-Wing with the lowest rating and then the most eliminations.
pub fn vwxyz_wing(b: &Board) -> Option<TechniqueStep> {
    als_wing(b, 4)
}

/// SE's rating of a wing whose set has `size` cells, the largest holding `largest` values.
fn rating(size: usize, largest: u32) -> f64 {
    let base = if size == 3 { 5.5 } else { 6.2 };
    let spread = (size as f64 + 1.0 - 3.0) - (3.0 - largest as f64).abs();
    base + 0.1 * spread
}

/// The wing of `size` cells of a house holding `size + 1` values and a bivalue cell.
fn als_wing(b: &Board, size: usize) -> Option<TechniqueStep> {
    let bivalue: Vec<usize> = (0..b.n * b.n)
        .filter(|&c| b.mask(c).count_ones() == 2)
        .collect();
    let mut best: Option<TechniqueStep> = None;
    for h in 0..b.house_cells.len() {
        let open: Vec<usize> = b.house_cells[h]
            .iter()
            .copied()
            .filter(|&c| (2..=size as u32 + 1).contains(&b.mask(c).count_ones()))
            .collect();
        for_each_subset(&open, size, &mut |set| {
            let union = set.iter().fold(0, |m, &c| m | b.mask(c));
            if union.count_ones() as usize != size + 1 {
                return;
            }
            for &p in &bivalue {
                if let Some(s) = wing(b, h, set, union, p) {
                    let better = best.as_ref().is_none_or(|o| {
                        (s.difficulty, usize::MAX - s.eliminations.len())
                            < (o.difficulty, usize::MAX - o.eliminations.len())
                    });
                    if better {
                        best = Some(s);
                    }
                }
            }
        });
    }
    best
}

/// Calls `f` with every `k` of `cells` (in order).
fn for_each_subset(cells: &[usize], k: usize, f: &mut dyn FnMut(&[usize])) {
    fn go(
        cells: &[usize],
        k: usize,
        from: usize,
        cur: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]),
    ) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for i in from..cells.len() {
            cur.push(cells[i]);
            go(cells, k, i + 1, cur, f);
            cur.pop();
        }
    }
    go(cells, k, 0, &mut Vec::new(), f);
}

/// The wing of the set (in house `h`, values `union`) and the bivalue cell `p`, if `p`
/// holds the restricted x and the eliminated z, both of the set's values.
fn wing(b: &Board, h: usize, set: &[usize], union: u64, p: usize) -> Option<TechniqueStep> {
    let pm = b.mask(p);
    if set.contains(&p) || pm & union != pm {
        return None;
    }
    let pair: Vec<u16> = digits(pm).collect();
    let restricted = |x: u16| set.iter().filter(|&&c| b.has(c, x)).all(|&c| b.sees(p, c));
    let (r0, r1) = (restricted(pair[0]), restricted(pair[1]));
    let elim = match (r0, r1) {
        (true, true) => doubly_linked(b, set, union, p),
        (true, false) => out_of_seers(b, set, p, pair[1], true),
        (false, true) => out_of_seers(b, set, p, pair[0], true),
        (false, false) => return None,
    };
    if elim.is_empty() {
        return None;
    }
    let largest = set.iter().map(|&c| b.mask(c).count_ones()).max()?;
    let t = if set.len() == 3 {
        Technique::WxyzWing
    } else {
        Technique::VwxyzWing
    };
    let mut s = TechniqueStep::new(t, rating(set.len(), largest));
    s.eliminations = elim;
    s.cells = std::iter::once(p).chain(set.iter().copied()).collect();
    s.values = digits(union).collect();
    s.houses.push(b.house(h));
    Some(s)
}

/// Value `v` out of the cells (outside the set and `p`) that see all its places in the
/// set, and `p` too when `with_pivot`.
fn out_of_seers(b: &Board, set: &[usize], p: usize, v: u16, with_pivot: bool) -> Vec<(usize, u16)> {
    let mut of: Vec<usize> = set.iter().copied().filter(|&c| b.has(c, v)).collect();
    if with_pivot {
        of.push(p);
    }
    if of.is_empty() {
        return Vec::new();
    }
    (0..b.n * b.n)
        .filter(|&c| b.has(c, v) && !of.contains(&c) && !set.contains(&c) && c != p)
        .filter(|&c| of.iter().all(|&o| b.sees(c, o)))
        .map(|c| (c, v))
        .collect()
}

/// Both of the pivot's values restricted (SE's doubly linked wing): the set holds
/// exactly one of them and the pivot the other, so each of the two is in the set or the
/// pivot, and every other value of the set is locked in the set.
fn doubly_linked(b: &Board, set: &[usize], union: u64, p: usize) -> Vec<(usize, u16)> {
    let pm = b.mask(p);
    let mut out = Vec::new();
    for v in digits(union) {
        out.extend(out_of_seers(b, set, p, v, pm & super::board::bit(v) != 0));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::board::with_masks;

    #[test]
    fn an_almost_locked_triple_and_a_bivalue_cell_make_a_wxyz_wing() {
        // Row 1: r1c1 {1,2}, r1c2 {2,3}, r1c4 {3,4} hold four values in three cells;
        // r2c1 {1,4} sees their only 1 (r1c1) but not their 4 (r1c4). So 4 is in r1c4 or
        // r2c1, and the cells seeing both lose it: r1c3 (row 1 and box 1) and r2c4..r2c6
        // (row 2 and box 2) — none elsewhere.
        let b = with_masks(&[(0, &[1, 2]), (1, &[2, 3]), (3, &[3, 4]), (9, &[1, 4])]);
        let h = (0..b.house_cells.len())
            .find(|&h| [0, 1, 3].iter().all(|c| b.house_cells[h].contains(c)))
            .unwrap();
        let union = [0, 1, 3].iter().fold(0, |m, &c| m | b.mask(c));
        let s = wing(&b, h, &[0, 1, 3], union, 9).unwrap();
        assert_eq!(s.technique, Technique::WxyzWing);
        // The largest cell holds two values: 5.5.
        assert!((s.difficulty - 5.5).abs() < 1e-9);
        assert_eq!(s.eliminations, vec![(2, 4), (12, 4), (13, 4), (14, 4)]);
        // The finder finds a wing on this board too (it may prefer one of more eliminations).
        let best = wxyz_wing(&b).unwrap();
        assert!(best.eliminations.len() >= 4);
    }

    #[test]
    fn an_almost_locked_quad_and_a_bivalue_cell_make_a_vwxyz_wing() {
        // Row 1: r1c1 {1,2}, r1c2 {2,3}, r1c3 {3,5}, r1c4 {4,5} hold five values in four
        // cells; r2c2 {1,4} sees their only 1 (r1c1, box 1). So 4 is in r1c4 or r2c2, and
        // the cells seeing both lose it: r2c4..r2c6 (row 2 and box 2), none elsewhere.
        let b = with_masks(&[
            (0, &[1, 2]),
            (1, &[2, 3]),
            (2, &[3, 5]),
            (3, &[4, 5]),
            (10, &[1, 4]),
        ]);
        let row1 = (0..b.house_cells.len())
            .find(|&h| (0..9).all(|c| b.house_cells[h].contains(&c)))
            .unwrap();
        let union = [0, 1, 2, 3].iter().fold(0, |m, &c| m | b.mask(c));
        let s = wing(&b, row1, &[0, 1, 2, 3], union, 10).unwrap();
        assert_eq!(s.technique, Technique::VwxyzWing);
        // Largest cell: two values, 6.3.
        assert!((s.difficulty - 6.3).abs() < 1e-9);
        assert_eq!(s.eliminations, vec![(12, 4), (13, 4), (14, 4)]);
        assert!(vwxyz_wing(&b).is_some());
    }

    #[test]
    fn a_doubly_linked_wing_locks_the_other_values_in_the_set() {
        // Row 1: r1c1 {1,2}, r1c2 {1,3}, r1c3 {2,3,4}; pivot r2c3 {1,4} sees every 1 (box
        // 1) and every 4 (r1c3) of the set: both restricted. So 1 and 4 are each in the
        // set or the pivot, and 2 and 3 are locked in the set: 2 and 3 leave the rest of
        // row 1 and box 1 (r1c3 has both), 1 and 4 leave the cells seeing all their places.
        let b = with_masks(&[(0, &[1, 2]), (1, &[1, 3]), (2, &[2, 3, 4]), (11, &[1, 4])]);
        let h = (0..b.house_cells.len())
            .find(|&h| (0..9).all(|c| b.house_cells[h].contains(&c)))
            .unwrap();
        let union = [0, 1, 2].iter().fold(0, |m, &c| m | b.mask(c));
        let s = wing(&b, h, &[0, 1, 2], union, 11).unwrap();
        // 2: r1c1 and r1c3 share row 1 and box 1.
        for c in [3, 8, 9, 10, 18, 19, 20] {
            assert!(s.eliminations.contains(&(c, 2)), "r1c{} keeps 2", c + 1);
        }
        // 1: r1c1, r1c2, r2c3 share only box 1.
        assert!(s.eliminations.contains(&(9, 1)) && !s.eliminations.contains(&(3, 1)));
        // Nothing of the pattern itself is removed.
        assert!(
            s.eliminations
                .iter()
                .all(|&(c, _)| ![0, 1, 2, 11].contains(&c))
        );
    }

    #[test]
    fn se_ratings_of_the_wings() {
        assert!((rating(3, 2) - 5.5).abs() < 1e-9);
        assert!((rating(3, 3) - 5.6).abs() < 1e-9);
        assert!((rating(4, 3) - 6.4).abs() < 1e-9);
        assert!((rating(4, 5) - 6.2).abs() < 1e-9);
    }

    #[test]
    fn a_bivalue_cell_that_misses_one_x_place_makes_no_wing() {
        // r6c2 {1,4} sees r1c1? No (other row, column and box): 1 is not restricted, and
        // with 4 as x it misses r1c3's 4 — no wing at all.
        let b = with_masks(&[(0, &[1, 2]), (1, &[2, 3]), (2, &[1, 3, 4]), (46, &[1, 4])]);
        assert!(wxyz_wing(&b).is_none());
    }
}
