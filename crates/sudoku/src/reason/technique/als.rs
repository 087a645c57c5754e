//! ALS-XZ: two almost locked sets (N cells of one house holding N + 1 values between
//! them; one bivalue cell is one) that share a restricted common value x — every x
//! place of one sees every x place of the other, so at most one set holds x. The set
//! without x is then locked on its other values, so for another common value z one of
//! the two sets holds z: z is out of every cell seeing all the z places of both.
//! HoDoKu's technique (Unfair, 300 points); Sudoku Explainer has it only with a
//! bivalue cell as one set (the WXYZ- and VWXYZ-Wings).

use super::board::{Board, digits};
use super::step::{Technique, TechniqueStep};

/// An almost locked set: its cells (ascending), their values, its house, and the
/// places of each of its values (`places[v - 1]`, empty for the others).
#[derive(Clone, Debug, PartialEq)]
struct Als {
    cells: Vec<usize>,
    mask: u64,
    house: usize,
    places: Vec<Vec<usize>>,
}

impl Als {
    fn new(b: &Board, cells: Vec<usize>, house: usize) -> Als {
        let mask = cells.iter().fold(0, |m, &c| m | b.mask(c));
        let places = (1..=b.n as u16)
            .map(|v| cells.iter().copied().filter(|&c| b.has(c, v)).collect())
            .collect();
        Als {
            cells,
            mask,
            house,
            places,
        }
    }

    /// The places of `v` in the set.
    fn of(&self, v: u16) -> &[usize] {
        &self.places[v as usize - 1]
    }
}

/// The largest set taken (HoDoKu's default search reaches further; seven keeps the
/// enumeration small on a 9×9 grid).
const MOST_CELLS: usize = 7;

/// Every almost locked set of the board, one house at a time (a set lying in two
/// houses is listed once).
fn sets(b: &Board) -> Vec<Als> {
    let mut out: Vec<Als> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for h in 0..b.house_cells.len() {
        let open: Vec<usize> = b.house_cells[h]
            .iter()
            .copied()
            .filter(|&c| b.value[c] == 0 && b.mask(c) != 0)
            .collect();
        // Every subset of the open cells is tried: a house of more (a side over 12) is left.
        if open.len() > 12 {
            continue;
        }
        for pick in 1u32..(1 << open.len()) {
            let k = pick.count_ones() as usize;
            if k > MOST_CELLS {
                continue;
            }
            let cells: Vec<usize> = (0..open.len())
                .filter(|i| pick >> i & 1 == 1)
                .map(|i| open[i])
                .collect();
            let mask = cells.iter().fold(0u64, |m, &c| m | b.mask(c));
            if mask.count_ones() as usize == k + 1 && seen.insert(cells.clone()) {
                out.push(Als::new(b, cells, h));
            }
        }
    }
    out
}

/// The ALS-XZ step of sets `a` and `b` (disjoint), if they share a restricted common
/// value and remove something.
fn xz(bd: &Board, a: &Als, b: &Als) -> Option<TechniqueStep> {
    if a.cells.iter().any(|c| b.cells.contains(c)) {
        return None;
    }
    let common = a.mask & b.mask;
    let restricted = |x: u16| {
        let (pa, pb) = (a.of(x), b.of(x));
        pa.iter().all(|&p| pb.iter().all(|&q| bd.sees(p, q)))
    };
    let x = digits(common).find(|&x| restricted(x))?;
    let mut elims = Vec::new();
    for z in digits(common).filter(|&z| z != x) {
        let zs: Vec<usize> = a.of(z).iter().chain(b.of(z)).copied().collect();
        // A cell seeing every z place is a peer of the first.
        for &c in &bd.peers[zs[0]] {
            if bd.has(c, z) && !zs.contains(&c) && zs.iter().all(|&p| bd.sees(c, p)) {
                elims.push((c, z));
            }
        }
    }
    if elims.is_empty() {
        return None;
    }
    // SE has no ALS-XZ beyond its wings; 6.6, just above the VWXYZ-Wing, is an estimate.
    let mut s = TechniqueStep::new(Technique::AlsXz, 6.6);
    s.eliminations = elims;
    s.cells = a.cells.iter().chain(&b.cells).copied().collect();
    s.values = digits(common).collect();
    s.houses = vec![bd.house(a.house), bd.house(b.house)];
    Some(s)
}

/// The first ALS-XZ (smallest sets first) that removes something.
pub fn als_xz(b: &Board) -> Option<TechniqueStep> {
    let mut all = sets(b);
    all.sort_by_key(|a| a.cells.len());
    for (i, a) in all.iter().enumerate() {
        for c in &all[i + 1..] {
            if a.mask & c.mask == 0 || (a.mask & c.mask).count_ones() < 2 {
                continue;
            }
            if let Some(s) = xz(b, a, c) {
                return Some(s);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::board::with_masks;
    use super::*;

    #[test]
    fn two_sets_with_a_restricted_common_value_remove_the_other() {
        // Set A: r1c1 {1,2} (a bivalue cell). Set B: r1c5 {1,3}, r1c6 {3,2} (row 1: two
        // cells, three values). x = 1: every 1 of A (r1c1) sees every 1 of B (r1c5,
        // row 1). z = 2: r1c1 or r1c6 holds 2, so the other cells of row 1 lose it.
        let b = with_masks(&[(0, &[1, 2]), (4, &[1, 3]), (5, &[2, 3])]);
        let a = Als::new(&b, vec![0], 0);
        let row1 = (0..b.house_cells.len())
            .find(|&h| (0..9).all(|c| b.house_cells[h].contains(&c)))
            .unwrap();
        let set = Als::new(&b, vec![4, 5], row1);
        assert_eq!((a.mask, set.mask), (0b11, 0b111));
        let s = xz(&b, &a, &set).unwrap();
        assert_eq!(s.technique, Technique::AlsXz);
        let mut elim = s.eliminations.clone();
        elim.sort_unstable();
        assert_eq!(elim, vec![(1, 2), (2, 2), (3, 2), (6, 2), (7, 2), (8, 2)]);
    }

    #[test]
    fn sets_are_n_cells_holding_n_plus_one_values() {
        let b = with_masks(&[(0, &[1, 2]), (4, &[1, 3]), (5, &[2, 3])]);
        let all = sets(&b);
        assert!(
            all.iter()
                .all(|a| a.mask.count_ones() as usize == a.cells.len() + 1)
        );
        assert!(all.iter().any(|a| a.cells == vec![0]));
        assert!(all.iter().any(|a| a.cells == vec![4, 5]));
        // r1c1 and r1c5 hold three values in two cells too.
        assert!(all.iter().any(|a| a.cells == vec![0, 4]));
    }

    #[test]
    fn sets_that_share_no_restricted_value_make_nothing() {
        // r1c1 {1,2} and r9c9 {1,2}: they see nothing of each other.
        let b = with_masks(&[(0, &[1, 2]), (80, &[1, 2])]);
        let (a, z) = (Als::new(&b, vec![0], 0), Als::new(&b, vec![80], 0));
        assert!(xz(&b, &a, &z).is_none());
    }
}
