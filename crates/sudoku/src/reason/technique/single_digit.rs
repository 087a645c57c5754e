//! Single-digit patterns of two strong links (Sudoku Explainer's turbot fish): two
//! houses where a value has two places each, one end of each seeing the other's: one of
//! the far ends holds the value, so a cell that sees both far ends cannot. Both links
//! in parallel lines make a Skyscraper; a row's and a column's joined in a box, a
//! 2-String Kite.

use super::board::Board;
use super::step::{Technique, TechniqueStep};
use crate::model::house::House;

/// The strong links on `v`: houses with exactly two places for it.
pub fn strong_links(b: &Board, v: u16) -> Vec<(usize, usize, usize)> {
    let mut out: Vec<(usize, usize, usize)> = Vec::new();
    for h in 0..b.house_cells.len() {
        let p = b.places(h, v);
        if p.len() == 2 && !out.iter().any(|&(x, y, _)| (x, y) == (p[0], p[1])) {
            out.push((p[0], p[1], h));
        }
    }
    out
}

/// The name of the pattern made by strong links in houses `h1` and `h2` joined at `a`, `b`.
fn name(bd: &Board, h1: usize, h2: usize, a: usize, b: usize) -> Technique {
    match (bd.house(h1), bd.house(h2)) {
        (House::Row(_), House::Row(_)) | (House::Col(_), House::Col(_)) => Technique::Skyscraper,
        (House::Row(_), House::Col(_)) | (House::Col(_), House::Row(_))
            if bd.cell_houses[a].iter().any(|&h| {
                matches!(bd.house(h), House::Box(_)) && bd.cell_houses[b].contains(&h)
            }) =>
        {
            Technique::TwoStringKite
        }
        _ => Technique::TurbotFish,
    }
}

/// Sudoku Explainer's rating of two strong links in houses `h1` and `h2`
/// (SukakuExplainer's StrongLinksHint: 4.0 when both are lines of one kind, a tenth more
/// when the kinds are mixed, as in a 2-String Kite or a Turbot Fish with a box).
fn rating(bd: &Board, h1: usize, h2: usize) -> f64 {
    match (bd.house(h1), bd.house(h2)) {
        (House::Row(_), House::Row(_)) | (House::Col(_), House::Col(_)) => 4.0,
        _ => 4.1,
    }
}

/// The pattern of strong links `a` and `b` on `v` (each two cells and a house), if
/// one end of each sees one of the other and something is removed.
fn pattern(
    b: &Board,
    v: u16,
    (a1, a2, ha): (usize, usize, usize),
    (b1, b2, hb): (usize, usize, usize),
) -> Option<TechniqueStep> {
    let four = [a1, a2, b1, b2];
    if (1..4).any(|k| four[..k].contains(&four[k])) {
        return None;
    }
    for (x, far_x) in [(a1, a2), (a2, a1)] {
        for (y, far_y) in [(b1, b2), (b2, b1)] {
            if !b.sees(x, y) || b.sees(far_x, far_y) {
                continue;
            }
            let elim: Vec<(usize, u16)> = (0..b.n * b.n)
                .filter(|&c| b.has(c, v) && !four.contains(&c))
                .filter(|&c| b.sees(c, far_x) && b.sees(c, far_y))
                .map(|c| (c, v))
                .collect();
            if elim.is_empty() {
                continue;
            }
            let mut s = TechniqueStep::new(name(b, ha, hb, x, y), rating(b, ha, hb));
            s.eliminations = elim;
            s.cells = vec![far_x, x, y, far_y];
            s.values.push(v);
            s.houses = vec![b.house(ha), b.house(hb)];
            s.chain = vec![
                (far_x, v, true),
                (x, v, false),
                (y, v, true),
                (far_y, v, false),
            ];
            return Some(s);
        }
    }
    None
}

/// The easiest pattern of two strong links that removes something (the first of the
/// easiest: SE sorts its two-link hints by rating, a Skyscraper before a Kite).
pub fn turbot(b: &Board) -> Option<TechniqueStep> {
    let mut best: Option<TechniqueStep> = None;
    for v in 1..=b.n as u16 {
        let links = strong_links(b, v);
        for (i, &la) in links.iter().enumerate() {
            for &lb in &links[i + 1..] {
                let Some(s) = pattern(b, v, la, lb) else {
                    continue;
                };
                if s.difficulty <= 4.0 {
                    return Some(s);
                }
                if best.is_none() {
                    best = Some(s);
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::grid::Grid;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;

    #[test]
    fn two_column_links_joined_in_a_row_make_a_skyscraper() {
        // 1 only at r1c1, r7c1 in column 1 and at r2c4, r7c4 in column 4: r7c1 and r7c4
        // share row 7, so r1c1 or r2c4 is 1, and the cells seeing both lose it.
        let mut b = Board::new(&Grid::empty(Shape::new(3, 3).unwrap()), &Rules::classic()).unwrap();
        for r in 0..9 {
            if r != 0 && r != 6 {
                b.remove(r * 9, 1);
            }
            if r != 1 && r != 6 {
                b.remove(r * 9 + 3, 1);
            }
        }
        let s = turbot(&b).unwrap();
        assert_eq!(s.technique, Technique::Skyscraper);
        let mut elim = s.eliminations.clone();
        elim.sort_unstable();
        assert_eq!(elim, vec![(4, 1), (5, 1), (10, 1), (11, 1)]);
        assert_eq!(s.difficulty, 4.0);
    }

    #[test]
    fn a_kite_rates_a_tenth_above_a_skyscraper() {
        // 1 only at r1c2, r1c7 in row 1 and at r2c1, r8c1 in column 1: r1c2 and r2c1
        // share box 1, so r1c7 or r8c1 is 1 and r8c7 loses it (SE: 2-String Kite, 4.1).
        let mut b = Board::new(&Grid::empty(Shape::new(3, 3).unwrap()), &Rules::classic()).unwrap();
        for c in 0..9 {
            if c != 1 && c != 6 {
                b.remove(c, 1);
            }
        }
        for r in 1..9 {
            if r != 1 && r != 7 {
                b.remove(r * 9, 1);
            }
        }
        let s = turbot(&b).unwrap();
        assert_eq!(s.technique, Technique::TwoStringKite);
        assert_eq!(s.eliminations, vec![(7 * 9 + 6, 1)]);
        assert!((s.difficulty - 4.1).abs() < 1e-9);
    }
}
