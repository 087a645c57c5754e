//! Loading a formula into a solver backend with an eye on the budget: shared by the
//! full solve and the sparse path's tail windows.

use gridsat_sat::{Backend, Budget, Formula, StopReason};

/// Loads `formula` into `backend`, looking at the clock between chunks (a large formula
/// takes a while): what stopped it, if the budget ran out first.
pub(super) fn load(
    backend: &mut dyn Backend,
    formula: &Formula,
    budget: &Budget,
) -> Option<StopReason> {
    backend.reserve(formula.num_vars());
    for (i, (_, clause)) in formula.clauses().enumerate() {
        if i % 65_536 == 65_535 {
            if let Some(r) = budget.stop_reason() {
                return Some(r);
            }
        }
        backend.add_clause(clause);
    }
    None
}
