//! Solving and counting under any rules: verdicts unique / multiple / unsat / sat /
//! unknown, every solution verified by the independent checker, conflicting givens
//! named; and the uniqueness proofs the generator asks for.

mod answer;
mod conflict;
mod count;
mod load;
mod second;
mod solver;
mod sparse;
mod tail;
mod unique;

pub use answer::{Answer, SolveError, Stats, Verdict, Verification};
pub use conflict::{Conflict, Reason, broken_givens, direct_conflict};
pub use solver::{SolveOptions, SudokuSolver};
pub use sparse::{SPARSE_MIN_SIDE, SparsePath};
pub(crate) use unique::{Activation, Second, Uniqueness, other_among};
