//! The small core against brute force and against batsat on random small CNFs, reused
//! through `reset` from one formula to the next as the Sudoku path uses it.

use super::SmallBackend;
use crate::lit::{Lit, Var};
use crate::solver::tests::{exercise, pigeonhole, stops_at_each_limit};
use crate::solver::{Backend, Limits, Outcome};
use proptest::prelude::*;

type Cnf = Vec<Vec<i32>>;

fn lits(c: &[i32]) -> Vec<Lit> {
    c.iter().map(|&d| Lit::from_dimacs(d)).collect()
}

fn satisfies(m: &[bool], c: &[i32]) -> bool {
    c.iter()
        .any(|&d| m[d.unsigned_abs() as usize - 1] == (d > 0))
}

/// Some model of `cnf` over `n` variables under `assumed` (brute force).
fn brute(n: u32, cnf: &Cnf, assumed: &[i32]) -> Option<Vec<bool>> {
    (0..1u32 << n)
        .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
        .find(|m| {
            cnf.iter().all(|c| satisfies(m, c)) && assumed.iter().all(|&a| satisfies(m, &[a]))
        })
}

/// A random CNF: `n` variables, clauses of 1 to 4 literals (mostly 3), about as many
/// as make random 3-SAT hard (4.3 per variable), so that searches meet conflicts deep
/// down and about half the formulas are satisfiable.
fn cnf() -> impl Strategy<Value = (u32, Cnf)> {
    (1u32..13).prop_flat_map(|n| {
        let lit = (1..=n as i32, any::<bool>()).prop_map(|(v, s)| if s { v } else { -v });
        let size = prop_oneof![1 => 1usize..3, 6 => Just(3usize), 1 => Just(4usize)];
        let clause = size.prop_flat_map(move |k| prop::collection::vec(lit.clone(), k));
        let m = (4.3 * n as f64) as usize;
        (Just(n), prop::collection::vec(clause, m / 2..m + 4))
    })
}

/// Solves `cnf` under `assumed` and checks the answer against brute force: a model
/// satisfies every clause and assumption; an unsatisfiable call blames assumptions
/// that are unsatisfiable on their own with the formula.
fn check(
    s: &mut dyn Backend,
    n: u32,
    cnf: &Cnf,
    assumed: &[i32],
) -> Result<Outcome, TestCaseError> {
    let out = s.solve(&lits(assumed)).unwrap();
    let expected = brute(n, cnf, assumed);
    match out {
        Outcome::Sat => {
            prop_assert!(expected.is_some(), "{} said sat", s.name());
            let m: Vec<bool> = (1..=n)
                .map(|v| s.value(Var::new(v).pos()) == Some(true))
                .collect();
            for c in cnf {
                prop_assert!(satisfies(&m, c), "model breaks {:?}", c);
            }
            for &a in assumed {
                prop_assert!(satisfies(&m, &[a]), "model breaks assumption {}", a);
            }
        }
        Outcome::Unsat => {
            prop_assert!(expected.is_none(), "{} said unsat", s.name());
            let blamed: Vec<i32> = assumed
                .iter()
                .copied()
                .filter(|&a| s.failed(Lit::from_dimacs(a)))
                .collect();
            prop_assert!(
                brute(n, cnf, &blamed).is_none(),
                "blamed {:?} of {:?} are satisfiable",
                blamed,
                assumed
            );
        }
        Outcome::Unknown => prop_assert!(false, "unknown without limits"),
    }
    Ok(out)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// One solver reused through `reset` for several formulas, each solved without
    /// and with assumptions, then with a clause added: every answer as brute force's
    /// and as batsat's.
    #[test]
    fn agrees_with_brute_force_and_batsat(
        formulas in prop::collection::vec((cnf(), prop::collection::vec(-10i32..10, 0..4)), 1..5),
        prefer in any::<bool>(),
    ) {
        let mut s = SmallBackend::new();
        for ((n, cnf), assumed) in &formulas {
            s.reset();
            if prefer {
                s.prefer_true();
            }
            s.reserve(*n);
            for c in cnf {
                s.add_clause(&lits(c));
            }
            let assumed: Vec<i32> = assumed.iter().copied()
                .filter(|&a| a != 0 && a.unsigned_abs() <= *n).collect();
            let plain = check(&mut s, *n, cnf, &[])?;
            check(&mut s, *n, cnf, &assumed)?;
            #[cfg(feature = "batsat")]
            {
                let mut b = crate::solver::BatsatBackend::for_small_formulas();
                b.reserve(*n);
                for c in cnf {
                    b.add_clause(&lits(c));
                }
                prop_assert_eq!(b.solve(&[]).unwrap(), plain);
                prop_assert_eq!(b.solve(&lits(&assumed)).unwrap(), s.solve(&lits(&assumed)).unwrap());
            }
            // Incremental: the assumptions made a clause of their own.
            let mut more = cnf.clone();
            if !assumed.is_empty() {
                more.push(assumed.clone());
                s.add_clause(&lits(&assumed));
            }
            check(&mut s, *n, &more, &[])?;
            let _ = plain;
        }
    }
}

#[test]
fn keeps_the_contract() {
    exercise(&mut SmallBackend::new());
    let mut s = SmallBackend::new();
    s.prefer_true();
    exercise(&mut s);
    // Reused after a reset, as good as new.
    s.reset();
    exercise(&mut s);
}

#[test]
fn decides_true_first_when_asked() {
    for prefer in [false, true] {
        let mut s = SmallBackend::new();
        if prefer {
            s.prefer_true();
        }
        s.reserve(4);
        s.add_clause(&[Lit::from_dimacs(4)]);
        assert_eq!(s.solve(&[]).unwrap(), Outcome::Sat);
        let free = [1, 2, 3].map(|v| s.value(Lit::from_dimacs(v)) == Some(true));
        assert_eq!(free, [prefer; 3], "prefer_true = {prefer}");
    }
}

#[test]
fn proves_pigeonhole_8_unsatisfiable_and_learns_past_reductions() {
    let mut s = SmallBackend::new();
    pigeonhole(&mut s, 8);
    assert_eq!(s.solve(&[]).unwrap(), Outcome::Unsat);
    assert!(s.conflicts().unwrap() > 1000);
}

#[test]
fn honours_conflict_limit_deadline_and_interrupt() {
    let mut s = SmallBackend::new();
    pigeonhole(&mut s, 13);
    s.set_limits(Limits {
        conflicts: Some(100),
        deadline: None,
    });
    assert_eq!(s.solve(&[]).unwrap(), Outcome::Unknown);
    assert_eq!(s.conflicts(), Some(100));
    // The rest of the limits, as every backend; a reset forgets the flag left set.
    stops_at_each_limit(&mut s);
    s.reset();
    exercise(&mut s);
}
