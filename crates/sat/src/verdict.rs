//! The verdict vocabulary shared by every puzzle family.
//!
//! Each family keeps its own verdict words (Sudoku: `unique`, `multiple`, `unsat`, …;
//! Sokoban: `solved`, `no-plan`, `unsolvable`, …) because they say more than a shared
//! word could, but each answer also says what it *amounts to* as a [`Conclusion`], so
//! that a front end (the command line's exit codes, a binding's status class) treats
//! every family the same way.

use crate::budget::StopReason;

/// What an answer amounts to, whatever the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Conclusion {
    /// Answered as asked: a verified solution (proven unique when uniqueness was asked),
    /// a verified plan (proven optimal when optimality was asked).
    Answered,
    /// Proven: there is no solution (no plan within the bound asked about).
    NoSolution,
    /// More than one solution where one was asked for.
    Multiple,
    /// A limit stopped the work before the verdict; what is known so far is reported.
    Unknown(StopReason),
}

impl Conclusion {
    /// How serious the conclusion is when several answers are combined into one (the
    /// most serious wins): answered 0, multiple 1, no solution 2, unknown 3.
    pub fn severity(self) -> u8 {
        match self {
            Conclusion::Answered => 0,
            Conclusion::Multiple => 1,
            Conclusion::NoSolution => 2,
            Conclusion::Unknown(_) => 3,
        }
    }
}

/// Implemented by each puzzle family's answer type.
pub trait Concludes {
    /// What the answer amounts to.
    fn conclusion(&self) -> Conclusion;
}
