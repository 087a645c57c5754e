//! An independent brute-force solution counter for the tests: backtracking with the
//! fewest-candidates cell first, written from the rules' definitions and sharing no code
//! with gridsat's encoders, checker or propagators.
#![allow(dead_code)]

use gridsat_sudoku::{Grid, Rules, model::Rule};

/// Records that two cells must differ.
type Link = dyn FnMut(usize, usize, &mut Vec<Vec<usize>>);

/// A puzzle's constraints in plain terms: groups of cells that must differ, pairs of
/// cells that must not hold consecutive values, and cages with sums.
pub struct Spec {
    n: usize,
    /// For each cell, the cells that must hold a different value.
    differ: Vec<Vec<usize>>,
    /// For each cell, the orthogonal neighbours that must not be consecutive.
    nonconsecutive: Vec<Vec<usize>>,
    /// For each cell, its cage (index into `cages`).
    cage_of: Vec<Option<usize>>,
    /// Cages: sum and cells.
    cages: Vec<(u32, Vec<usize>)>,
}

impl Spec {
    /// The constraints of `rules` on a grid shaped like `g`.
    pub fn new(g: &Grid, rules: &Rules) -> Spec {
        let shape = g.shape();
        let n = shape.n();
        let (p, q) = (shape.box_rows(), shape.box_cols());
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            groups.push((0..n).map(|c| i * n + c).collect());
            groups.push((0..n).map(|r| r * n + i).collect());
        }
        match rules.regions() {
            Some(reg) => {
                for k in 0..n as u16 {
                    groups.push((0..n * n).filter(|&i| reg.map()[i] == k).collect());
                }
            }
            None => {
                for top in (0..n).step_by(p) {
                    for left in (0..n).step_by(q) {
                        groups.push(
                            (0..n * n)
                                .filter(|&i| {
                                    (top..top + p).contains(&(i / n))
                                        && (left..left + q).contains(&(i % n))
                                })
                                .collect(),
                        );
                    }
                }
            }
        }
        if rules.simple().contains(&Rule::Diagonals) {
            groups.push((0..n).map(|i| i * n + i).collect());
            groups.push((0..n).map(|i| i * n + (n - 1 - i)).collect());
        }
        if rules.simple().contains(&Rule::Windoku) {
            let mut top = 1;
            while top + p < n {
                let mut left = 1;
                while left + q < n {
                    groups.push(
                        (0..n * n)
                            .filter(|&i| {
                                (top..top + p).contains(&(i / n))
                                    && (left..left + q).contains(&(i % n))
                            })
                            .collect(),
                    );
                    left += q + 1;
                }
                top += p + 1;
            }
        }
        let mut differ = vec![Vec::new(); n * n];
        let mut link = |a: usize, b: usize, d: &mut Vec<Vec<usize>>| {
            if a != b && !d[a].contains(&b) {
                d[a].push(b);
                d[b].push(a);
            }
        };
        for gr in &groups {
            for &a in gr {
                for &b in gr {
                    link(a, b, &mut differ);
                }
            }
        }
        let moves = |offs: &[(i64, i64)], d: &mut Vec<Vec<usize>>, link: &mut Link| {
            for a in 0..n * n {
                for &(dr, dc) in offs {
                    let (r, c) = ((a / n) as i64 + dr, (a % n) as i64 + dc);
                    if r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n {
                        link(a, r as usize * n + c as usize, d);
                    }
                }
            }
        };
        if rules.simple().contains(&Rule::AntiKnight) {
            moves(
                &[
                    (1, 2),
                    (2, 1),
                    (-1, 2),
                    (-2, 1),
                    (1, -2),
                    (2, -1),
                    (-1, -2),
                    (-2, -1),
                ],
                &mut differ,
                &mut link,
            );
        }
        if rules.simple().contains(&Rule::AntiKing) {
            moves(
                &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
                &mut differ,
                &mut link,
            );
        }
        let mut nonconsecutive = vec![Vec::new(); n * n];
        if rules.simple().contains(&Rule::NonConsecutive) {
            for a in 0..n * n {
                let (r, c) = (a / n, a % n);
                if r + 1 < n {
                    nonconsecutive[a].push(a + n);
                    nonconsecutive[a + n].push(a);
                }
                if c + 1 < n {
                    nonconsecutive[a].push(a + 1);
                    nonconsecutive[a + 1].push(a);
                }
            }
        }
        let mut cage_of = vec![None; n * n];
        let mut cages = Vec::new();
        for (k, cage) in rules.cages().iter().enumerate() {
            let cells: Vec<usize> = cage.cells.iter().map(|&(r, c)| r * n + c).collect();
            for &i in &cells {
                cage_of[i] = Some(k);
            }
            for &a in &cells {
                for &b in &cells {
                    link(a, b, &mut differ);
                }
            }
            cages.push((cage.sum, cells));
        }
        Spec {
            n,
            differ,
            nonconsecutive,
            cage_of,
            cages,
        }
    }

    fn candidates(&self, vals: &[u16], i: usize) -> Vec<u16> {
        let n = self.n as u16;
        let mut used: u64 = 0;
        for &j in &self.differ[i] {
            used |= 1 << vals[j];
        }
        (1..=n)
            .filter(|&v| used >> v & 1 == 0)
            .filter(|&v| {
                self.nonconsecutive[i]
                    .iter()
                    .all(|&j| vals[j] == 0 || vals[j].abs_diff(v) != 1)
            })
            .filter(|&v| match self.cage_of[i] {
                None => true,
                Some(k) => {
                    let (sum, cells) = &self.cages[k];
                    let used: Vec<u16> =
                        cells.iter().map(|&j| vals[j]).filter(|&x| x != 0).collect();
                    let left = cells.len() - used.len() - 1;
                    let have: u32 = used.iter().map(|&x| x as u32).sum::<u32>() + v as u32;
                    if have > *sum {
                        return false;
                    }
                    let rest = sum - have;
                    let mut free: Vec<u32> = (1..=n)
                        .filter(|&x| x != v && !used.contains(&x))
                        .map(u32::from)
                        .collect();
                    free.sort();
                    if free.len() < left {
                        return false;
                    }
                    let lo: u32 = free[..left].iter().sum();
                    let hi: u32 = free[free.len() - left..].iter().sum();
                    (lo..=hi).contains(&rest)
                }
            })
            .collect()
    }

    /// Counts solutions of `givens` (0 = empty) up to `limit`; returns the count and
    /// the first solution. Givens that already break a rule give 0.
    pub fn count(&self, givens: &[u16], limit: usize) -> (usize, Option<Vec<u16>>) {
        let mut vals = givens.to_vec();
        for i in 0..vals.len() {
            if vals[i] != 0 {
                let v = vals[i];
                vals[i] = 0;
                let ok = self.candidates(&vals, i).contains(&v);
                vals[i] = v;
                if !ok {
                    return (0, None);
                }
            }
        }
        let mut found = (0, None);
        self.go(&mut vals, limit, &mut found);
        found
    }

    fn go(&self, vals: &mut Vec<u16>, limit: usize, found: &mut (usize, Option<Vec<u16>>)) {
        let mut best: Option<(usize, Vec<u16>)> = None;
        for i in 0..vals.len() {
            if vals[i] != 0 {
                continue;
            }
            let c = self.candidates(vals, i);
            if c.is_empty() {
                return;
            }
            if best.as_ref().is_none_or(|(_, b)| c.len() < b.len()) {
                best = Some((i, c));
            }
        }
        let Some((i, cands)) = best else {
            found.0 += 1;
            if found.1.is_none() {
                found.1 = Some(vals.clone());
            }
            return;
        };
        for v in cands {
            vals[i] = v;
            self.go(vals, limit, found);
            vals[i] = 0;
            if found.0 >= limit {
                return;
            }
        }
    }
}
