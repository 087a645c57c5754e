//! Singles are unit propagation on the extended encoding: checked against a naive unit
//! propagator written here over the real formula, on random puzzles.

use gridsat_sat::Budget;
use gridsat_sudoku::{
    Grid, Rules,
    deduce::{Deduction, Presolve, deduce},
    encode::{EncodeOptions, Encoding, GivenMode, encode},
    model::{Geometry, Shape},
};
use proptest::prelude::*;

/// Naive unit propagation to a fixpoint: `Some(values)` (per variable: Some(bool) or
/// None) or `None` on a conflict.
fn unit_propagate(clauses: &[Vec<i32>], num_vars: usize) -> Option<Vec<Option<bool>>> {
    let mut val: Vec<Option<bool>> = vec![None; num_vars + 1];
    loop {
        let mut changed = false;
        for c in clauses {
            let mut unassigned = None;
            let mut count = 0;
            let mut satisfied = false;
            for &l in c {
                match val[l.unsigned_abs() as usize] {
                    Some(v) if v == (l > 0) => satisfied = true,
                    Some(_) => {}
                    None => {
                        count += 1;
                        unassigned = Some(l);
                    }
                }
            }
            if satisfied {
                continue;
            }
            match (count, unassigned) {
                (0, _) => return None,
                (1, Some(l)) => {
                    val[l.unsigned_abs() as usize] = Some(l > 0);
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return Some(val);
        }
    }
}

fn random_grid(shape: Shape, seed: u64, holes: &[usize]) -> Grid {
    let (p, q, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    let perm: Vec<u16> = {
        let mut v: Vec<u16> = (1..=n as u16).collect();
        let mut s = seed | 1;
        for i in (1..n).rev() {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            v.swap(i, (s % (i as u64 + 1)) as usize);
        }
        v
    };
    let mut g = Grid::empty(shape);
    for r in 0..n {
        for c in 0..n {
            g.set(r, c, perm[((r % p) * q + r / p + c) % n]);
        }
    }
    for &h in holes {
        g.set((h / n) % n, h % n, 0);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn singles_equal_unit_propagation_on_the_extended_encoding(
        shape in prop::sample::select(vec![Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap(), Shape::new(3, 3).unwrap()]),
        seed in any::<u64>(),
        holes in prop::collection::vec(any::<usize>(), 0..120),
        // Occasionally break a given to reach contradictions too.
        spoil in prop::option::of((any::<usize>(), 1u16..10)),
    ) {
        let mut puzzle = random_grid(shape, seed, &holes);
        let n = shape.n();
        if let Some((cell, v)) = spoil {
            puzzle.set((cell / n) % n, cell % n, (v - 1) % n as u16 + 1);
        }
        let mut opts = EncodeOptions::default();
        opts.encoding = Encoding::Extended;
        opts.givens = GivenMode::Units;
        let enc = encode(&puzzle, &Rules::classic(), &opts).unwrap();
        let clauses: Vec<Vec<i32>> = enc.formula.clauses().map(|(_, c)| c.iter().map(|l| l.to_dimacs()).collect()).collect();
        let up = unit_propagate(&clauses, enc.formula.num_vars() as usize);
        let ded = deduce(&Geometry::new(shape), &puzzle, Presolve::Singles, &Budget::unlimited());
        match (up, ded) {
            (None, Deduction::Contradiction) => {}
            (Some(val), Deduction::Solved(g)) => {
                for r in 0..n { for c in 0..n {
                    let x = enc.vars.var(r, c, g.get(r, c)).unwrap();
                    prop_assert_eq!(val[x.get() as usize], Some(true));
                }}
            }
            (Some(val), Deduction::Open(cands)) => {
                for r in 0..n { for c in 0..n { for v in 1..=n as u16 {
                    let x = enc.vars.var(r, c, v).unwrap();
                    let possible = val[x.get() as usize] != Some(false);
                    prop_assert_eq!(possible, cands.allows(r * n + c, v), "r{}c{}={}", r + 1, c + 1, v);
                }}}
            }
            (up, ded) => prop_assert!(false, "unit propagation {:?} but singles {:?}", up.is_some(), ded),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Deduction (singles, box–line interactions, probing) never removes a value of a
    /// known solution, for square and rectangular boxes.
    #[test]
    fn deduction_keeps_the_known_solution(
        shape in prop::sample::select(vec![
            Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap(), Shape::new(3, 2).unwrap(),
            Shape::new(3, 3).unwrap(), Shape::new(2, 4).unwrap(), Shape::new(3, 4).unwrap(),
        ]),
        seed in any::<u64>(),
        holes in prop::collection::vec(any::<usize>(), 0..200),
    ) {
        let solution = random_grid(shape, seed, &[]);
        let puzzle = random_grid(shape, seed, &holes);
        let n = shape.n();
        match deduce(&Geometry::new(shape), &puzzle, Presolve::Probe, &Budget::unlimited()) {
            Deduction::Contradiction => prop_assert!(false, "a solvable puzzle was declared contradictory"),
            Deduction::Solved(g) => prop_assert_eq!(g, solution),
            Deduction::Open(c) => {
                for cell in 0..n * n {
                    let v = solution.values()[cell];
                    prop_assert!(c.allows(cell, v), "lost the solution's {} at cell {}", v, cell);
                }
            }
            other => prop_assert!(false, "an unexpected deduction: {:?}", other),
        }
    }
}
