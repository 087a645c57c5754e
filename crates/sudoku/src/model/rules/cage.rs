//! A killer cage: cells whose distinct values make a sum, and the arithmetic of such sums.

use super::Cell;

/// A killer cage: its cells (row, column; sorted) hold distinct values summing to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The required sum of the values (1..=N) in the cage.
    pub sum: u32,
    /// The cells, in reading order.
    pub cells: Vec<Cell>,
}

impl Cage {
    /// The cage's name in messages: its first cell, e.g. `cage r1c1`.
    pub fn label(&self) -> String {
        let (r, c) = self.cells[0];
        format!("cage r{}c{}", r + 1, c + 1)
    }
}

/// The least and greatest sums of `k` distinct values of 1..=n.
pub fn sum_range(k: usize, n: usize) -> (u32, u32) {
    let lo = k * (k + 1) / 2;
    let hi = k * (2 * n + 1 - k.min(2 * n + 1)) / 2;
    (lo as u32, hi as u32)
}

/// Every set of `k` distinct values of 1..=n summing to `sum`, each ascending.
pub fn digit_sets(k: usize, n: usize, sum: u32) -> Vec<Vec<u16>> {
    fn go(k: usize, n: u16, from: u16, left: u32, cur: &mut Vec<u16>, out: &mut Vec<Vec<u16>>) {
        if k == 0 {
            if left == 0 {
                out.push(cur.clone());
            }
            return;
        }
        for v in from..=n {
            // The k values from v upward sum to at least k·v + k(k−1)/2.
            let least = k as u32 * v as u32 + (k * (k - 1) / 2) as u32;
            if least > left {
                break;
            }
            cur.push(v);
            go(k - 1, n, v + 1, left - v as u32, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(k, n as u16, 1, sum, &mut Vec::new(), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_sets_are_the_textbook_ones() {
        assert_eq!(digit_sets(2, 9, 3), vec![vec![1, 2]]);
        assert_eq!(digit_sets(2, 9, 10).len(), 4);
        assert_eq!(digit_sets(3, 9, 15).len(), 8);
        assert_eq!(digit_sets(9, 9, 45).len(), 1);
        assert!(digit_sets(2, 9, 18).is_empty());
    }
}
