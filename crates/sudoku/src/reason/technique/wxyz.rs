//! WXYZ-Wing: three open cells of one house holding four values between them (an almost
//! locked set) and a bivalue cell {x,z} outside it that sees every cell of the set
//! holding x. Each value but z then goes into at most one of the four cells, and the
//! four cells need four values, so z is in one of them: z is out of every cell seeing
//! all the z places of the four. Sudoku Explainer's rating (SukakuExplainer): 5.5, and
//! 5.6 when the largest cell of the pattern holds three values.

use super::board::{Board, digits};
use super::step::{Technique, TechniqueStep};

/// The WXYZ-Wing with the lowest rating and then the most eliminations.
pub fn wxyz_wing(b: &Board) -> Option<TechniqueStep> {
    let bivalue: Vec<usize> = (0..b.n * b.n)
        .filter(|&c| b.mask(c).count_ones() == 2)
        .collect();
    let mut best: Option<TechniqueStep> = None;
    for h in 0..b.house_cells.len() {
        let open: Vec<usize> = b.house_cells[h]
            .iter()
            .copied()
            .filter(|&c| (2..=4).contains(&b.mask(c).count_ones()))
            .collect();
        for_each_triple(&open, |set| {
            let union = set.iter().fold(0, |m, &c| m | b.mask(c));
            if union.count_ones() != 4 {
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

fn for_each_triple(cells: &[usize], mut f: impl FnMut([usize; 3])) {
    for i in 0..cells.len() {
        for j in i + 1..cells.len() {
            for k in j + 1..cells.len() {
                f([cells[i], cells[j], cells[k]]);
            }
        }
    }
}

/// The wing of the set (in house `h`, values `union`) and the bivalue cell `p`, if `p`
/// holds the restricted x and the eliminated z, both of the set's values.
fn wing(b: &Board, h: usize, set: [usize; 3], union: u64, p: usize) -> Option<TechniqueStep> {
    let pm = b.mask(p);
    if set.contains(&p) || pm & union != pm {
        return None;
    }
    let pair: Vec<u16> = digits(pm).collect();
    for (x, z) in [(pair[0], pair[1]), (pair[1], pair[0])] {
        let restricted = set.iter().filter(|&&c| b.has(c, x)).all(|&c| b.sees(p, c));
        if !restricted {
            continue;
        }
        let mut of: Vec<usize> = set.iter().copied().filter(|&c| b.has(c, z)).collect();
        of.push(p);
        let elim: Vec<(usize, u16)> = (0..b.n * b.n)
            .filter(|&c| b.has(c, z) && !of.contains(&c) && !set.contains(&c))
            .filter(|&c| of.iter().all(|&o| b.sees(c, o)))
            .map(|c| (c, z))
            .collect();
        if elim.is_empty() {
            continue;
        }
        let largest = set.iter().map(|&c| b.mask(c).count_ones()).max()?;
        let d = if largest == 3 { 5.6 } else { 5.5 };
        let mut s = TechniqueStep::new(Technique::WxyzWing, d);
        s.eliminations = elim;
        s.cells = vec![p, set[0], set[1], set[2]];
        s.values = digits(union).collect();
        s.houses.push(b.house(h));
        return Some(s);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::board::with_masks;

    #[test]
    fn an_almost_locked_triple_and_a_bivalue_cell_make_a_wxyz_wing() {
        // Row 1: r1c1 {1,2}, r1c2 {2,3}, r1c3 {1,3,4} hold four values in three cells;
        // r2c2 {1,4} sees every 1 of them (box 1). So 4 is in r1c3 or r2c2, and the cells
        // seeing both lose it: r2c1, r2c3 and r3c1..r3c3 (box 1) — none elsewhere.
        let b = with_masks(&[(0, &[1, 2]), (1, &[2, 3]), (2, &[1, 3, 4]), (10, &[1, 4])]);
        let h = (0..b.house_cells.len())
            .find(|&h| [0, 1, 2].iter().all(|c| b.house_cells[h].contains(c)))
            .unwrap();
        let union = [0, 1, 2].iter().fold(0, |m, &c| m | b.mask(c));
        let s = wing(&b, h, [0, 1, 2], union, 10).unwrap();
        assert_eq!(s.technique, Technique::WxyzWing);
        assert!((s.difficulty - 5.6).abs() < 1e-9);
        assert_eq!(
            s.eliminations,
            vec![(9, 4), (11, 4), (18, 4), (19, 4), (20, 4)]
        );
        // The finder finds a wing on this board too (it may prefer one of more eliminations).
        let best = wxyz_wing(&b).unwrap();
        assert!(best.eliminations.len() >= 5);
    }

    #[test]
    fn a_bivalue_cell_that_misses_one_x_place_makes_no_wing() {
        // r6c2 {1,4} sees r1c1? No (other row, column and box): 1 is not restricted, and
        // with 4 as x it misses r1c3's 4 — no wing at all.
        let b = with_masks(&[(0, &[1, 2]), (1, &[2, 3]), (2, &[1, 3, 4]), (46, &[1, 4])]);
        assert!(wxyz_wing(&b).is_none());
    }
}
