//! Model enumeration over a projection: models found one by one, each blocked.

use super::{Backend, Outcome, SolverError};
use crate::lit::{Lit, Var};

/// Models found by [`Backend::enumerate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Models {
    /// `Unsat`: there is no other model (the list is complete). `Sat`: stopped at the
    /// bound, or at a model that sets no projection variable true (it cannot be
    /// blocked). `Unknown`: a limit or an interrupt stopped the search.
    pub outcome: Outcome,
    /// Each model's values of the projection variables, in projection order.
    pub models: Vec<Vec<bool>>,
    /// Searches run (`solve` calls, or one for an enumeration inside one search).
    pub searches: u32,
}

/// The projection's values in the backend's current model.
pub(crate) fn read_projection<B: Backend + ?Sized>(backend: &B, projection: &[Var]) -> Vec<bool> {
    projection
        .iter()
        .map(|v| backend.value(v.pos()) == Some(true))
        .collect()
}

/// The clause that rules out every model setting all of `model`'s true projection
/// variables true, with the `guard` literals added.
pub(crate) fn blocking_clause(projection: &[Var], model: &[bool], guard: &[Lit]) -> Vec<Lit> {
    projection
        .iter()
        .zip(model)
        .filter(|&(_, &b)| b)
        .map(|(v, _)| v.neg())
        .chain(guard.iter().copied())
        .collect()
}

/// The portable way: solve, block the model with a clause, solve again.
pub(crate) fn by_repeated_calls<B: Backend + ?Sized>(
    backend: &mut B,
    assumptions: &[Lit],
    projection: &[Var],
    guard: &[Lit],
    max: usize,
) -> Result<Models, SolverError> {
    let mut models = Vec::new();
    let mut searches = 0;
    loop {
        searches += 1;
        match backend.solve(assumptions)? {
            Outcome::Sat => {
                let model = read_projection(backend, projection);
                let block = blocking_clause(projection, &model, guard);
                models.push(model);
                if models.len() >= max || block.len() == guard.len() {
                    return Ok(Models {
                        outcome: Outcome::Sat,
                        models,
                        searches,
                    });
                }
                backend.add_clause(&block);
            }
            outcome => {
                return Ok(Models {
                    outcome,
                    models,
                    searches,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    /// Exactly-one groups over consecutive variables (sizes `groups`), plus `extra`
    /// DIMACS clauses: every two models differ in a variable one of them sets true.
    fn clauses(groups: &[u32], extra: &[Vec<i32>]) -> (u32, Vec<Vec<i32>>) {
        let mut out = Vec::new();
        let mut next = 1i32;
        for &g in groups {
            let vars: Vec<i32> = (next..next + g as i32).collect();
            out.push(vars.clone());
            for (i, &a) in vars.iter().enumerate() {
                for &b in &vars[i + 1..] {
                    out.push(vec![-a, -b]);
                }
            }
            next += g as i32;
        }
        let n = (next - 1) as u32;
        out.extend(extra.iter().map(|c| {
            c.iter()
                .map(|&d| if d.unsigned_abs() > n { d.signum() } else { d })
                .collect()
        }));
        (n, out)
    }

    /// Every model, by brute force.
    fn brute(n: u32, clauses: &[Vec<i32>]) -> BTreeSet<Vec<bool>> {
        (0..1u32 << n)
            .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
            .filter(|m| {
                clauses.iter().all(|c| {
                    c.iter()
                        .any(|&d| m[d.unsigned_abs() as usize - 1] == (d > 0))
                })
            })
            .collect()
    }

    fn backends() -> Vec<(&'static str, Box<dyn Backend>)> {
        let mut out: Vec<(&'static str, Box<dyn Backend>)> = Vec::new();
        out.push(("small", Box::new(crate::solver::SmallBackend::new())));
        let mut small_true = crate::solver::SmallBackend::new();
        small_true.prefer_true();
        out.push(("small-true-first", Box::new(small_true)));
        #[cfg(feature = "cadical")]
        out.push(("cadical", Box::new(crate::solver::CadicalBackend::new())));
        #[cfg(feature = "batsat")]
        {
            out.push(("batsat", Box::new(crate::solver::BatsatBackend::new())));
            out.push((
                "batsat-small",
                Box::new(crate::solver::BatsatBackend::for_small_formulas()),
            ));
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Enumeration finds exactly the models brute force finds (no repeats, none
        /// missed), stops at the bound, and a guard retires its blocking clauses.
        #[test]
        fn enumeration_finds_every_model_once(
            groups in prop::collection::vec(1u32..4, 1..5),
            extra in prop::collection::vec(
                prop::collection::vec(prop_oneof![-12i32..-1, 1i32..12], 1..3), 0..4),
            bound in 1usize..6,
        ) {
            let (n, cls) = clauses(&groups, &extra);
            let expected = brute(n, &cls);
            let projection: Vec<Var> = (1..=n).map(Var::new).collect();
            for (name, mut b) in backends() {
                for c in &cls {
                    let lits: Vec<Lit> = c.iter().map(|&d| Lit::from_dimacs(d)).collect();
                    b.add_clause(&lits);
                }
                let all = b.enumerate(&[], &projection, &[], usize::MAX).unwrap();
                prop_assert_eq!(all.outcome, Outcome::Unsat, "{}", name);
                let found: BTreeSet<Vec<bool>> = all.models.iter().cloned().collect();
                prop_assert_eq!(found.len(), all.models.len(), "{}: a model twice", name);
                prop_assert_eq!(&found, &expected, "{}", name);
            }
            // Bounded, under a guard that is retired afterwards.
            let guard = Var::new(n + 1);
            for (name, mut b) in backends() {
                b.reserve(n + 1);
                for c in &cls {
                    let lits: Vec<Lit> = c.iter().map(|&d| Lit::from_dimacs(d)).collect();
                    b.add_clause(&lits);
                }
                let some = b.enumerate(&[guard.pos()], &projection, &[guard.neg()], bound).unwrap();
                let want = expected.len().min(bound);
                prop_assert_eq!(some.models.len(), want, "{}", name);
                let outcome = if expected.len() >= bound { Outcome::Sat } else { Outcome::Unsat };
                prop_assert_eq!(some.outcome, outcome, "{}", name);
                prop_assert!(some.models.iter().all(|m| expected.contains(m)), "{}", name);
                b.add_clause(&[guard.neg()]);
                let again = if expected.is_empty() { Outcome::Unsat } else { Outcome::Sat };
                prop_assert_eq!(b.solve(&[]).unwrap(), again, "{}: guard not retired", name);
            }
        }
    }
}
