//! Basic fish: a value whose places in k rows lie in k columns between them (or the
//! other way round) is out of the rest of those columns: X-Wing (2), Swordfish (3),
//! Jellyfish (4).

use super::board::Board;
use super::step::{Technique, TechniqueStep};
use super::subsets::each_subset;
use crate::model::house::House;

/// The technique and Sudoku Explainer difficulty of a fish of size `k`.
fn named(k: usize) -> (Technique, f64) {
    match k {
        2 => (Technique::XWing, 3.2),
        3 => (Technique::Swordfish, 3.8),
        _ => (Technique::Jellyfish, 5.2),
    }
}

/// The first fish of size `k` (rows as base first, then columns).
pub fn fish(b: &Board, k: usize) -> Option<TechniqueStep> {
    let n = b.n;
    for v in 1..=n as u16 {
        for rows_base in [true, false] {
            // line -> mask of cross positions holding v
            let at = |line: usize, x: usize| {
                if rows_base {
                    line * n + x
                } else {
                    x * n + line
                }
            };
            let masks: Vec<u64> = (0..n)
                .map(|l| {
                    (0..n)
                        .filter(|&x| b.has(at(l, x), v))
                        .fold(0, |m, x| m | 1 << x)
                })
                .collect();
            let lines: Vec<usize> = (0..n)
                .filter(|&l| (2..=k).contains(&(masks[l].count_ones() as usize)))
                .collect();
            let mut found = None;
            each_subset(lines.len(), k, &mut |pick| {
                let cover = pick.iter().fold(0u64, |m, &i| m | masks[lines[i]]);
                if cover.count_ones() as usize != k {
                    return false;
                }
                let base: Vec<usize> = pick.iter().map(|&i| lines[i]).collect();
                let mut elim = Vec::new();
                let mut cells = Vec::new();
                for x in (0..n).filter(|&x| cover >> x & 1 == 1) {
                    for l in 0..n {
                        let c = at(l, x);
                        if base.contains(&l) {
                            if b.has(c, v) {
                                cells.push(c);
                            }
                        } else if b.has(c, v) {
                            elim.push((c, v));
                        }
                    }
                }
                if elim.is_empty() {
                    return false;
                }
                let (t, d) = named(k);
                let mut s = TechniqueStep::new(t, d);
                s.eliminations = elim;
                cells.sort_unstable();
                s.cells = cells;
                s.values.push(v);
                let line = |l| {
                    if rows_base {
                        House::Row(l)
                    } else {
                        House::Col(l)
                    }
                };
                let cross = |x| {
                    if rows_base {
                        House::Col(x)
                    } else {
                        House::Row(x)
                    }
                };
                s.houses = base.iter().map(|&l| line(l)).collect();
                s.houses
                    .extend((0..n).filter(|&x| cover >> x & 1 == 1).map(cross));
                found = Some(s);
                true
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

    #[test]
    fn a_value_in_two_rows_confined_to_two_columns_is_an_x_wing() {
        // Rows 1 and 5 lose their 1 everywhere but columns 1 and 5 (givens 2..9 fill the
        // rest of those rows), so 1 leaves the rest of columns 1 and 5.
        let mut g = Grid::empty(Shape::new(3, 3).unwrap());
        let others = [1, 2, 3, 5, 6, 7, 8];
        for (i, &c) in others.iter().enumerate() {
            g.set(0, c, i as u16 + 2);
            g.set(4, c, ((i + 3) % 7) as u16 + 2);
        }
        let b = Board::new(&g, &Rules::classic()).unwrap();
        let s = fish(&b, 2).unwrap();
        assert_eq!(s.technique, Technique::XWing);
        assert_eq!(s.values, vec![1]);
        assert_eq!(s.cells, vec![0, 4, 36, 40]);
        assert!(
            s.eliminations
                .iter()
                .all(|&(c, v)| v == 1 && (c % 9 == 0 || c % 9 == 4))
        );
        assert!(s.eliminations.contains(&(9, 1)));
    }
}
