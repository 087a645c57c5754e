//! Wings: XY-Wing (a bivalue pivot {x,y} seeing pincers {x,z} and {y,z}: z is out of
//! every cell seeing both pincers), XYZ-Wing (the pivot holds {x,y,z}: out of every cell
//! seeing all three), W-Wing (two unlinked {x,y} cells whose x places are joined by a
//! strong link on x: y is out of every cell seeing both).

use super::board::{Board, bit, digits};
use super::single_digit::strong_links;
use super::step::{Technique, TechniqueStep};

/// Open cells (not in `skip`) that hold `v` and see every cell of `of`.
fn seeing_all(b: &Board, v: u16, of: &[usize]) -> Vec<(usize, u16)> {
    (0..b.n * b.n)
        .filter(|&c| b.has(c, v) && !of.contains(&c))
        .filter(|&c| of.iter().all(|&o| b.sees(c, o)))
        .map(|c| (c, v))
        .collect()
}

/// The first XY-Wing (`xyz` false) or XYZ-Wing (`xyz` true).
pub fn xy_wing(b: &Board, xyz: bool) -> Option<TechniqueStep> {
    let want = if xyz { 3 } else { 2 };
    for pivot in (0..b.n * b.n).filter(|&c| b.mask(c).count_ones() == want) {
        let pm = b.mask(pivot);
        let wings: Vec<usize> = b.peers[pivot]
            .iter()
            .copied()
            .filter(|&c| {
                b.mask(c).count_ones() == 2 && (b.mask(c) & pm).count_ones() == 1 + xyz as u32
            })
            .collect();
        for (i, &p) in wings.iter().enumerate() {
            for &q in &wings[i + 1..] {
                let (mp, mq) = (b.mask(p), b.mask(q));
                let z = mp & mq;
                if z.count_ones() != 1 || mp == mq {
                    continue;
                }
                let ok = if xyz {
                    mp | mq == pm && pm & z != 0
                } else {
                    z & pm == 0 && (mp | mq) & !z == pm
                };
                if !ok {
                    continue;
                }
                let zv = digits(z).next()?;
                let of: Vec<usize> = if xyz { vec![pivot, p, q] } else { vec![p, q] };
                let elim = seeing_all(b, zv, &of);
                if elim.is_empty() {
                    continue;
                }
                let (t, d) = if xyz {
                    (Technique::XyzWing, 4.4)
                } else {
                    (Technique::XyWing, 4.2)
                };
                let mut s = TechniqueStep::new(t, d);
                s.eliminations = elim;
                s.cells = vec![pivot, p, q];
                s.values = digits(pm | mp | mq).collect();
                return Some(s);
            }
        }
    }
    None
}

/// The first W-Wing. Sudoku Explainer has none; it finds the same as an 8-node forcing
/// chain, and the difficulty is that chain's (7.0 and the length rule's 0.1).
pub fn w_wing(b: &Board) -> Option<TechniqueStep> {
    let cells: Vec<usize> = (0..b.n * b.n)
        .filter(|&c| b.mask(c).count_ones() == 2)
        .collect();
    for (i, &w1) in cells.iter().enumerate() {
        for &w2 in &cells[i + 1..] {
            if b.mask(w1) != b.mask(w2) || b.sees(w1, w2) {
                continue;
            }
            let pair: Vec<u16> = digits(b.mask(w1)).collect();
            for (x, y) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                for (s1, s2, h) in strong_links(b, x) {
                    let four = [w1, w2, s1, s2];
                    if (1..4).any(|k| four[..k].contains(&four[k])) {
                        continue;
                    }
                    let joined =
                        (b.sees(w1, s1) && b.sees(w2, s2)) || (b.sees(w1, s2) && b.sees(w2, s1));
                    if !joined {
                        continue;
                    }
                    let elim = seeing_all(b, y, &[w1, w2]);
                    if elim.is_empty() {
                        continue;
                    }
                    let mut s = TechniqueStep::new(Technique::WWing, 7.1);
                    s.eliminations = elim;
                    s.cells = vec![w1, s1, s2, w2];
                    s.values = vec![x, y];
                    s.houses.push(b.house(h));
                    let _ = bit(x);
                    return Some(s);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::board::with_masks;

    #[test]
    fn a_pivot_and_two_pincers_make_an_xy_wing() {
        // Pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: r5c5 loses 3.
        let b = with_masks(&[(0, &[1, 2]), (4, &[1, 3]), (36, &[2, 3])]);
        let s = xy_wing(&b, false).unwrap();
        assert_eq!(s.cells, vec![0, 4, 36]);
        assert_eq!(s.eliminations, vec![(40, 3)]);
    }

    #[test]
    fn a_trivalue_pivot_makes_an_xyz_wing() {
        // Pivot r1c1 {1,2,3}, pincers r1c2 {1,3} (same box) and r5c1 {2,3}: the cells of
        // box 1 in column 1 (r2c1, r3c1) see all three and lose 3.
        let b = with_masks(&[(0, &[1, 2, 3]), (1, &[1, 3]), (36, &[2, 3])]);
        let s = xy_wing(&b, true).unwrap();
        assert_eq!(s.eliminations, vec![(9, 3), (18, 3)]);
    }
}
