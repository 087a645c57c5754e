//! Naked and hidden subsets (pairs, triples, quads): k cells of a house holding only k
//! values between them take those values from the rest of the house; k values of a
//! house confined to k cells leave those cells no other value.

use super::board::{Board, digits};
use super::step::{Technique, TechniqueStep};

/// Sudoku Explainer's difficulty of a naked subset of `k`.
fn naked_difficulty(k: usize) -> (Technique, f64) {
    match k {
        2 => (Technique::NakedPair, 3.0),
        3 => (Technique::NakedTriple, 3.6),
        _ => (Technique::NakedQuad, 5.0),
    }
}

/// Sudoku Explainer's difficulty of a hidden subset of `k`.
pub fn hidden_difficulty(k: usize) -> (Technique, f64) {
    match k {
        2 => (Technique::HiddenPair, 3.4),
        3 => (Technique::HiddenTriple, 4.0),
        _ => (Technique::HiddenQuad, 5.4),
    }
}

/// Calls `f` with every k-subset of `items` (as indices into it) until it returns true.
pub fn each_subset(len: usize, k: usize, f: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    fn go(
        start: usize,
        len: usize,
        k: usize,
        pick: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if pick.len() == k {
            return f(pick);
        }
        for i in start..len {
            if len - i < k - pick.len() {
                break;
            }
            pick.push(i);
            if go(i + 1, len, k, pick, f) {
                return true;
            }
            pick.pop();
        }
        false
    }
    go(0, len, k, &mut Vec::with_capacity(k), f)
}

/// The first naked subset of size `k` that removes something.
pub fn naked(b: &Board, k: usize) -> Option<TechniqueStep> {
    naked_where(b, k, false)
}

/// The first locked pair or triple (HoDoKu's name): a naked subset whose cells share two
/// houses (a line and a box) and that clears candidates in both (one that clears only one
/// is a plain naked subset, which HoDoKu tries after locked candidates).
pub fn locked(b: &Board, k: usize) -> Option<TechniqueStep> {
    naked_where(b, k, true)
}

/// Whether `set` shares two houses and `elim` removes something in each of them.
fn clears_two_houses(b: &Board, set: &[usize], elim: &[(usize, u16)]) -> bool {
    let common: Vec<&Vec<usize>> = b
        .house_cells
        .iter()
        .filter(|cells| set.iter().all(|c| cells.contains(c)))
        .collect();
    common.len() >= 2
        && common
            .iter()
            .all(|cells| elim.iter().any(|(c, _)| cells.contains(c)))
}

/// The first naked subset of size `k` that removes something; when `locked`, only one
/// whose cells share two houses.
fn naked_where(b: &Board, k: usize, locked: bool) -> Option<TechniqueStep> {
    for (h, cells) in b.house_cells.iter().enumerate() {
        let open: Vec<usize> = cells.iter().copied().filter(|&c| b.value[c] == 0).collect();
        let small: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&c| (2..=k).contains(&(b.mask(c).count_ones() as usize)))
            .collect();
        let mut found = None;
        each_subset(small.len(), k, &mut |pick| {
            let union = pick.iter().fold(0, |m, &i| m | b.mask(small[i]));
            if union.count_ones() as usize != k {
                return false;
            }
            let set: Vec<usize> = pick.iter().map(|&i| small[i]).collect();
            // Every cell that sees all of the subset loses its values (any common house).
            let elim: Vec<(usize, u16)> = (0..b.n * b.n)
                .filter(|&c| b.value[c] == 0 && !set.contains(&c))
                .filter(|&c| set.iter().all(|&s| b.sees(c, s)))
                .flat_map(|c| digits(b.mask(c) & union).map(move |v| (c, v)))
                .collect();
            if elim.is_empty() || (locked && !clears_two_houses(b, &set, &elim)) {
                return false;
            }
            let (t, d) = match (locked, naked_difficulty(k)) {
                (true, (_, d)) if k == 2 => (Technique::LockedPair, d),
                (true, (_, d)) => (Technique::LockedTriple, d),
                (false, td) => td,
            };
            let mut s = TechniqueStep::new(t, d);
            s.eliminations = elim;
            s.cells = set;
            s.values = digits(union).collect();
            s.houses.push(b.house(h));
            found = Some(s);
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Every hidden subset of size `k` that removes something (all of them: the direct
/// form needs to look at each).
pub fn hidden_all(b: &Board, k: usize, first: bool) -> Vec<TechniqueStep> {
    let mut out = Vec::new();
    for (h, cells) in b.house_cells.iter().enumerate() {
        let open: Vec<usize> = cells.iter().copied().filter(|&c| b.value[c] == 0).collect();
        if open.len() <= k {
            continue;
        }
        let vals: Vec<u16> = (1..=b.n as u16)
            .filter(|&v| {
                let p = open.iter().filter(|&&c| b.has(c, v)).count();
                (2..=k).contains(&p)
            })
            .collect();
        each_subset(vals.len(), k, &mut |pick| {
            let vmask = pick.iter().fold(0u64, |m, &i| m | 1 << (vals[i] - 1));
            let set: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| b.mask(c) & vmask != 0)
                .collect();
            if set.len() != k {
                return false;
            }
            let elim: Vec<(usize, u16)> = set
                .iter()
                .flat_map(|&c| digits(b.mask(c) & !vmask).map(move |v| (c, v)))
                .collect();
            if elim.is_empty() {
                return false;
            }
            let (t, d) = hidden_difficulty(k);
            let mut s = TechniqueStep::new(t, d);
            s.eliminations = elim;
            s.cells = set;
            s.values = digits(vmask).collect();
            s.houses.push(b.house(h));
            out.push(s);
            first
        });
        if first && !out.is_empty() {
            break;
        }
    }
    out
}

/// The first hidden subset of size `k`.
pub fn hidden(b: &Board, k: usize) -> Option<TechniqueStep> {
    hidden_all(b, k, true).into_iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::grid::Grid;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;

    fn board(cells: &[(usize, usize, u16)]) -> Board {
        let mut g = Grid::empty(Shape::new(3, 3).unwrap());
        for &(r, c, v) in cells {
            g.set(r, c, v);
        }
        Board::new(&g, &Rules::classic()).unwrap()
    }

    #[test]
    fn two_cells_holding_only_1_and_2_take_them_from_the_row() {
        // r1c1 and r1c2 see 3..8 in their box and a 9 in their columns: only 1 and 2 remain.
        let b = board(&[
            (1, 0, 3),
            (1, 1, 4),
            (1, 2, 5),
            (2, 0, 6),
            (2, 1, 7),
            (2, 2, 8),
            (4, 0, 9),
            (7, 1, 9),
        ]);
        let s = naked(&b, 2).unwrap();
        assert_eq!(s.cells, vec![0, 1]);
        assert_eq!(s.values, vec![1, 2]);
        assert!(s.eliminations.contains(&(8, 1)) && s.eliminations.contains(&(2, 2)));
    }

    #[test]
    fn two_values_confined_to_two_cells_of_a_row_are_a_hidden_pair() {
        // 1 and 2 are kept out of r1c3..r1c9 by givens in rows 2 and 3.
        let b = board(&[
            (1, 3, 1),
            (2, 6, 1),
            (1, 6, 2),
            (2, 3, 2),
            (4, 2, 1),
            (5, 2, 2),
        ]);
        let s = hidden(&b, 2).unwrap();
        assert_eq!(s.cells, vec![0, 1]);
        assert_eq!(s.values, vec![1, 2]);
        assert!(s.eliminations.iter().all(|&(c, v)| c < 2 && v > 2));
    }

    use super::super::board::with_masks;

    #[test]
    fn a_naked_pair_in_a_line_and_a_box_is_a_locked_pair_clearing_both() {
        let b = with_masks(&[(0, &[1, 2]), (1, &[1, 2])]);
        let s = locked(&b, 2).unwrap();
        assert_eq!(s.technique, Technique::LockedPair);
        assert_eq!(s.cells, vec![0, 1]);
        // Row 1 beyond the box and the box beyond row 1 both lose 1 and 2.
        for c in [2, 8, 9, 20] {
            assert!(s.eliminations.contains(&(c, 1)) && s.eliminations.contains(&(c, 2)));
        }
    }

    #[test]
    fn a_pair_in_a_line_and_a_box_that_clears_only_the_line_is_not_locked() {
        // The rest of box 1 holds neither 1 nor 2: only row 1 loses them.
        let mut masks: Vec<(usize, &[u16])> = vec![(0, &[1, 2]), (1, &[1, 2])];
        for c in [2, 9, 10, 11, 18, 19, 20] {
            masks.push((c, &[3, 4, 5]));
        }
        let b = with_masks(&masks);
        assert!(locked(&b, 2).is_none());
        assert_eq!(naked(&b, 2).unwrap().technique, Technique::NakedPair);
    }

    #[test]
    fn a_naked_pair_across_boxes_is_not_locked() {
        let b = with_masks(&[(0, &[1, 2]), (4, &[1, 2])]);
        assert!(locked(&b, 2).is_none());
        assert_eq!(naked(&b, 2).unwrap().technique, Technique::NakedPair);
    }
}
