//! What the search needs from an encoding that grows one step at a time.

use crate::halt::Halt;
use crate::model::Plan;
use gridsat_sat::{Backend, Formula, Lit};

/// An encoding that grows one step at a time, with an activation literal per horizon.
pub trait HorizonEncoding {
    /// The formula built so far (the driver feeds its new clauses to the solver).
    fn formula(&self) -> &Formula;
    /// Number of steps built.
    fn horizon(&self) -> usize;
    /// Adds one step.
    fn extend(&mut self);
    /// The literal that, assumed, asks for the goal at step `horizon` (at most
    /// `horizon` moves or pushes); creates its clauses on first use.
    fn goal(&mut self, horizon: usize) -> Lit;
    /// Reads a plan from a model at `horizon` (a solver's after a satisfiable call, or
    /// one read from a file), or adds clauses that exclude a spurious model and asks for
    /// another call.
    fn decode(&mut self, model: &dyn Values, horizon: usize) -> Decoded;
    /// Adds `goal` as a unit clause (for writing one horizon's formula as DIMACS).
    fn assert_goal(&mut self, goal: Lit);
    /// The formula built, taken out of the encoding.
    fn into_formula(self: Box<Self>) -> Formula;
    /// Why the encoding stopped short, once its guard tripped (its formula is then
    /// incomplete: only its sizes mean anything).
    fn halted(&self) -> Option<&Halt>;
}

/// The values of a model: what a solver says after a satisfiable call, or an assignment
/// read from a file.
pub trait Values {
    /// The value of `lit` (`None`: unassigned, either value works).
    fn value(&self, lit: Lit) -> Option<bool>;
}

/// A solver's model.
pub struct SolverValues<'a>(pub &'a dyn Backend);

impl Values for SolverValues<'_> {
    fn value(&self, lit: Lit) -> Option<bool> {
        self.0.value(lit)
    }
}

/// A complete assignment: `values[v]` is variable `v`'s value (index 0 unused).
pub struct Assignment(pub Vec<bool>);

impl Values for Assignment {
    fn value(&self, lit: Lit) -> Option<bool> {
        let v = self.0.get(lit.var().get() as usize).copied()?;
        Some(v == lit.is_pos())
    }
}

/// The result of [`HorizonEncoding::decode`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Decoded {
    /// A plan (to be verified by replay) and its cost (moves or pushes, at most the
    /// horizon asked).
    Plan(Plan, usize),
    /// The model was spurious; clauses were added; solve again.
    Refined,
    /// The model's push number `push` (from 0) cannot be made, and no clause that would
    /// exclude the model is left to add: the encoding is wrong.
    Spurious {
        /// The index of the first push that cannot be made.
        push: usize,
    },
}
