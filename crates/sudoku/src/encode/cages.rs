//! Killer cage sums as clauses, two ways: enumerate the allowed digit sets, or encode
//! the pseudo-Boolean sum Σ v·x(cell, v) = S as a decision diagram over partial sums.

use crate::model::rules::{Cage, Cell, digit_sets, sum_range};
use gridsat_sat::{AmoEncoding, FamilyId, Formula, Lit, amo::at_most_one};
use std::sync::Arc;

gridsat_sat::named_enum! {
    /// How a cage's sum is encoded (its cells are distinct in both: family `cage distinct`).
    pub enum CageEncoding ("cage encoding") default Sets {
        /// Enumerate the sets of distinct values with the right sum, one selector variable per set (the default: faster on the killer benchmarks).
        Sets = "sets",
        /// The pseudo-Boolean sum as a multi-valued decision diagram over partial sums (Abío et al. 2012).
        Sums = "sums" | "pb",
    }
}

/// Adds the sum constraint of `cage` to family `fam`, over the cell literals `x`.
pub(crate) fn encode_cage_sum(
    f: &mut Formula,
    fam: FamilyId,
    x: &dyn Fn(Cell, u16) -> Lit,
    n: usize,
    cage: &Cage,
    enc: CageEncoding,
) {
    match enc {
        CageEncoding::Sets => sets(f, fam, x, n, cage),
        CageEncoding::Sums => sums(f, fam, x, n, cage),
    }
}

fn sets(
    f: &mut Formula,
    fam: FamilyId,
    x: &dyn Fn((usize, usize), u16) -> Lit,
    n: usize,
    cage: &Cage,
) {
    let combos = digit_sets(cage.cells.len(), n, cage.sum);
    let mut used = vec![false; n + 1];
    for c in &combos {
        for &v in c {
            used[v as usize] = true;
        }
    }
    for &cell in &cage.cells {
        for v in (1..=n as u16).filter(|&v| !used[v as usize]) {
            f.add_clause(fam, &[!x(cell, v)]);
        }
    }
    if combos.len() <= 1 {
        // One set (or none: the empty clause): every one of its values is in the cage.
        match combos.first() {
            None => f.add_clause(fam, &[]),
            Some(set) => {
                for &v in set {
                    let lits: Vec<Lit> = cage.cells.iter().map(|&cell| x(cell, v)).collect();
                    f.add_clause(fam, &lits);
                }
            }
        }
        return;
    }
    let label = cage.label();
    let shared = Arc::new(combos);
    let names = Arc::clone(&shared);
    let block = f.new_named_block(
        &format!("{label} digit sets"),
        &[shared.len() as u32],
        move |i| {
            let set: Vec<String> = names[i[0] as usize].iter().map(|v| v.to_string()).collect();
            format!("{label} holds {{{}}}", set.join(","))
        },
    );
    let sel = |j: usize| block.var(&[j as u32]).pos();
    let any: Vec<Lit> = (0..shared.len()).map(sel).collect();
    f.add_clause(fam, &any);
    let mut buf = Vec::new();
    for (j, set) in shared.iter().enumerate() {
        for &v in set {
            buf.clear();
            buf.push(!sel(j));
            buf.extend(cage.cells.iter().map(|&cell| x(cell, v)));
            f.add_clause(fam, &buf);
        }
    }
    for &cell in &cage.cells {
        for v in (1..=n as u16).filter(|&v| used[v as usize]) {
            buf.clear();
            buf.push(!x(cell, v));
            buf.extend(
                (0..shared.len())
                    .filter(|&j| shared[j].contains(&v))
                    .map(sel),
            );
            f.add_clause(fam, &buf);
        }
    }
}

fn sums(
    f: &mut Formula,
    fam: FamilyId,
    x: &dyn Fn((usize, usize), u16) -> Lit,
    n: usize,
    cage: &Cage,
) {
    let k = cage.cells.len();
    let total = cage.sum;
    // Node (i, s): the first i cells sum to s. Valid when i distinct values can sum to
    // s and the remaining k − i can make up the rest.
    let valid = |i: usize, s: u32| {
        let (lo, hi) = sum_range(i, n);
        let (rlo, rhi) = sum_range(k - i, n);
        s >= lo && s <= hi && total >= s && (rlo..=rhi).contains(&(total - s))
    };
    let label = cage.label();
    // One variable per valid node of the inner layers 1..k−1.
    let inner: Vec<(usize, u32)> = (1..k)
        .flat_map(|i| {
            (0..=total)
                .filter(move |&s| valid(i, s))
                .map(move |s| (i, s))
        })
        .collect();
    let mut index = vec![vec![u32::MAX; total as usize + 1]; k + 1];
    for (j, &(i, s)) in inner.iter().enumerate() {
        index[i][s as usize] = j as u32;
    }
    let names = Arc::new(inner.clone());
    let lbl = label.clone();
    let block = f.new_named_block(
        &format!("{label} partial sums"),
        &[inner.len() as u32],
        move |j| {
            let (i, s) = names[j[0] as usize];
            format!("{lbl}: first {i} cells sum to {s}")
        },
    );
    let node = |i: usize, s: u32| -> Option<Lit> {
        // None: the constant-true root or terminal.
        (i != 0 && i != k).then(|| block.var(&[index[i][s as usize]]).pos())
    };
    let mut clause = Vec::new();
    for i in 0..k {
        let cell = cage.cells[i];
        for s in (0..=total).filter(|&s| valid(i, s)) {
            for v in 1..=n as u16 {
                let t = s + v as u32;
                clause.clear();
                clause.extend(node(i, s).map(|l| !l));
                clause.push(!x(cell, v));
                if t <= total && valid(i + 1, t) {
                    match node(i + 1, t) {
                        Some(next) => clause.push(next),
                        None => continue, // reaching the terminal: nothing to say
                    }
                }
                f.add_clause(fam, &clause);
            }
        }
    }
    // Support: a partial sum needs a predecessor and a value that leads to it.
    for i in 1..k {
        let cell = cage.cells[i - 1];
        let layer: Vec<u32> = (0..=total).filter(|&t| valid(i, t)).collect();
        for &t in &layer {
            let me = node(i, t).expect("inner layer");
            let vals: Vec<u16> = (1..=n as u16)
                .filter(|&v| v as u32 <= t && valid(i - 1, t - v as u32))
                .collect();
            clause.clear();
            clause.push(!me);
            clause.extend(vals.iter().map(|&v| x(cell, v)));
            f.add_clause(fam, &clause);
            if i > 1 {
                clause.clear();
                clause.push(!me);
                clause.extend(vals.iter().filter_map(|&v| node(i - 1, t - v as u32)));
                f.add_clause(fam, &clause);
            }
        }
        let lits: Vec<Lit> = layer.iter().map(|&t| node(i, t).expect("inner")).collect();
        at_most_one(f, fam, &lits, AmoEncoding::Pairwise);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::{EncodeOptions, Encoding, encode_rules};
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;
    use gridsat_sat::{Outcome, default_backend};

    /// Both encodings allow exactly the cage fillings a brute-force count allows: the
    /// number of distinct-valued fillings with the right sum, counted by the solver
    /// with blocking clauses over the cage cells only (a 4×4 or 6×6 grid otherwise free).
    #[test]
    fn both_encodings_count_the_brute_force_fillings() {
        for (p, q) in [(2, 2), (2, 3)] {
            let shape = Shape::new(p, q).unwrap();
            let n = shape.n();
            // A cage on cells of different rows, columns and boxes, so only the cage rules bind.
            let cells = vec![(0, 0), (2, 1), (3, 3)];
            for sum in 6..=(3 * n as u32 - 3) {
                let mut expected = 0;
                for a in 1..=n {
                    for b in 1..=n {
                        for c in 1..=n {
                            if a != b && b != c && a != c && (a + b + c) as u32 == sum {
                                expected += 1;
                            }
                        }
                    }
                }
                for &enc in CageEncoding::ALL {
                    let mut rules = Rules::default();
                    rules.set_cages(vec![Cage {
                        sum,
                        cells: cells.clone(),
                    }]);
                    let opts = EncodeOptions {
                        encoding: Encoding::Extended,
                        cages: enc,
                        ..Default::default()
                    };
                    let (f, vars) = encode_rules(shape, &rules, &opts).unwrap();
                    let mut s = default_backend();
                    s.add_formula(&f);
                    let mut count = 0;
                    while s.solve(&[]).unwrap() == Outcome::Sat {
                        count += 1;
                        let block: Vec<Lit> = cells
                            .iter()
                            .map(|&(r, c)| {
                                let v = (1..=n as u16)
                                    .find(|&v| {
                                        s.value(vars.var(r, c, v).unwrap().pos()) == Some(true)
                                    })
                                    .unwrap();
                                vars.var(r, c, v).unwrap().neg()
                            })
                            .collect();
                        s.add_clause(&block);
                        assert!(count <= expected, "{enc}: too many fillings for sum {sum}");
                    }
                    assert_eq!(count, expected, "{enc}, {n}×{n}, sum {sum}");
                }
            }
        }
    }
}
