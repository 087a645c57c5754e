//! Tests of the propagator against a naive fixpoint and against brute force.

use super::*;
use proptest::prelude::*;

/// A formula over `n` variables from DIMACS-style integer clauses.
fn formula(n: u32, clauses: &[Vec<i32>]) -> Formula {
    let mut f = Formula::new();
    f.new_block("x", &[n]);
    let fam = f.family("c");
    for c in clauses {
        let lits: Vec<Lit> = c.iter().map(|&d| Lit::from_dimacs(d)).collect();
        f.add_clause(fam, &lits);
    }
    f
}

/// Unit propagation the slow way: scan every clause until nothing changes.
/// Returns the assignment (per variable: None, Some(bool)) or None on conflict.
fn naive(n: usize, clauses: &[Vec<i32>], assumptions: &[i32]) -> Option<Vec<Option<bool>>> {
    let mut val: Vec<Option<bool>> = vec![None; n];
    let lit_val =
        |val: &[Option<bool>], d: i32| val[d.unsigned_abs() as usize - 1].map(|b| b == (d > 0));
    for &a in assumptions {
        match lit_val(&val, a) {
            Some(false) => return None,
            _ => val[a.unsigned_abs() as usize - 1] = Some(a > 0),
        }
    }
    loop {
        let mut changed = false;
        for c in clauses {
            if c.iter().any(|&d| lit_val(&val, d) == Some(true)) {
                continue;
            }
            let mut open: Vec<i32> = c
                .iter()
                .copied()
                .filter(|&d| lit_val(&val, d).is_none())
                .collect();
            open.sort();
            open.dedup();
            match open.len() {
                0 => return None,
                1 => {
                    val[open[0].unsigned_abs() as usize - 1] = Some(open[0] > 0);
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

fn clause_strategy(n: i32) -> impl Strategy<Value = Vec<i32>> {
    prop::collection::vec(
        (1..=n, any::<bool>()).prop_map(|(v, s)| if s { v } else { -v }),
        0..5,
    )
}

proptest! {
    /// The fixpoint, the conflict verdict, and every recorded reason agree with the
    /// naive propagator, including after backtracking and re-propagating.
    #[test]
    fn agrees_with_naive_propagation(
        clauses in prop::collection::vec(clause_strategy(8), 0..25),
        assumptions in prop::collection::vec((1i32..=8, any::<bool>()).prop_map(|(v, s)| if s { v } else { -v }), 0..4),
    ) {
        let f = formula(8, &clauses);
        let mut p = Propagator::new(&f);
        // A first, unrelated probe on a level, undone, must leave no trace.
        if p.propagate().is_none() {
            let _ = p.probe(Lit::from_dimacs(1));
        }
        let mut conflict = p.propagate().is_some();
        for &a in &assumptions {
            if conflict { break; }
            conflict = p.assume_and_propagate(Lit::from_dimacs(a)).is_some();
        }
        let expected = naive(8, &clauses, &assumptions);
        match expected {
            None => prop_assert!(conflict, "naive found a conflict, propagator did not"),
            Some(val) => {
                prop_assert!(!conflict, "propagator found a conflict, naive did not");
                for v in 1..=8u32 {
                    prop_assert_eq!(p.value(Var::new(v).pos()), val[v as usize - 1], "variable {}", v);
                }
                // Every reason is a clause that is unit under the earlier literals.
                for (k, &l) in p.trail().iter().enumerate() {
                    if let Some(ci) = p.reason(l.var()) {
                        let c = p.clause(ci);
                        prop_assert!(c.contains(&l));
                        for &o in c.iter().filter(|&&o| o != l) {
                            let pos = p.trail().iter().position(|&t| t == !o);
                            prop_assert!(pos.is_some_and(|i| i < k), "antecedent {} not earlier", o);
                        }
                    }
                }
            }
        }
    }

    /// A failed literal is false in every model, and probing never loses a model.
    #[test]
    fn probing_is_sound(clauses in prop::collection::vec(clause_strategy(6), 0..18)) {
        let f = formula(6, &clauses);
        let mut p = Propagator::new(&f);
        let all: Vec<Lit> = (1..=6u32).flat_map(|v| [Var::new(v).pos(), Var::new(v).neg()]).collect();
        let models: Vec<u32> = (0..64u32)
            .filter(|m| clauses.iter().all(|c| c.iter().any(|&d| ((m >> (d.unsigned_abs() - 1)) & 1 == 1) == (d > 0))))
            .collect();
        match p.probe_to_fixpoint(&all) {
            Err(_) => prop_assert!(models.is_empty(), "conflict but {} models", models.len()),
            Ok(_) => {
                for v in 1..=6u32 {
                    if let Some(b) = p.value(Var::new(v).pos()) {
                        for m in &models {
                            prop_assert_eq!((m >> (v - 1)) & 1 == 1, b, "fixed variable {} wrong", v);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn depth_and_antecedents_follow_the_implication_graph() {
    // a → b, a ∧ b → c, c → ¬d; assume a.
    let f = formula(4, &[vec![-1, 2], vec![-1, -2, 3], vec![-3, -4]]);
    let mut p = Propagator::new(&f);
    assert!(p.assume_and_propagate(Lit::from_dimacs(1)).is_none());
    assert_eq!(p.depth(Var::new(1)), 0);
    assert_eq!(p.depth(Var::new(2)), 1);
    assert_eq!(p.depth(Var::new(3)), 2);
    assert_eq!(p.depth(Var::new(4)), 3);
    assert_eq!(p.value(Lit::from_dimacs(-4)), Some(true));
    assert_eq!(
        p.antecedent_assumptions(&[Lit::from_dimacs(-4)]),
        vec![Lit::from_dimacs(1)]
    );
    // Probing d fails (it would need ¬c while c is forced).
    let probe = p.probe(Lit::from_dimacs(4));
    assert!(
        probe.failed(),
        "d is already false, so the probe conflicts at once"
    );
    let mut q = Propagator::new(&f);
    let probe = q.probe(Lit::from_dimacs(4));
    assert!(!probe.failed());
    assert_eq!(probe.implied, vec![(Lit::from_dimacs(-3), 2)]);
    assert_eq!(q.num_assigned(), 0, "the probe is undone");
}

#[test]
fn unit_and_empty_clauses_act_at_the_root() {
    let f = formula(2, &[vec![1], vec![-1, 2]]);
    let mut p = Propagator::new(&f);
    assert!(p.propagate().is_none());
    assert_eq!(p.value(Lit::from_dimacs(2)), Some(true));
    p.reset();
    assert!(p.propagate().is_none());
    assert_eq!(p.num_assigned(), 2);
    let g = formula(1, &[vec![1], vec![]]);
    assert!(Propagator::new(&g).propagate().is_some());
}
