//! The checker's own budget: a memory ceiling that every formula is estimated against
//! before it is built, and a deadline watched while it is built, compared and replayed.

use super::Rejected;
use std::time::{Duration, Instant};

/// How much memory and time checking may take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes: the rebuilt formula may take half; a formula or proof file a quarter as
    /// text and a quarter read into clauses.
    pub memory: u64,
    /// When to stop (`None`: no time limit).
    pub deadline: Option<Instant>,
}

/// Bytes a rebuilt clause takes beyond its literals (its vector and the two sorted
/// copies compared).
pub const BYTES_PER_CLAUSE: u64 = 96;
/// Bytes a rebuilt literal takes: its name (a string of its own), its sign, and its
/// number in the two sorted copies.
pub const BYTES_PER_LITERAL: u64 = 80;

/// Bytes a proof step takes while it is replayed (its vector in the step list, the
/// checker's copy, its index entry and watches).
pub const BYTES_PER_LEMMA: u64 = 160;
/// Bytes a proof literal takes (in the step list, the checker's copy and its index).
pub const BYTES_PER_PROOF_LITERAL: u64 = 12;

impl Limits {
    /// A budget of `memory` bytes and, when given, `time` from now.
    pub fn new(memory: u64, time: Option<Duration>) -> Limits {
        Limits {
            memory,
            deadline: time.map(|t| Instant::now() + t),
        }
    }

    /// No time limit and `memory` bytes.
    pub fn memory(memory: u64) -> Limits {
        Limits::new(memory, None)
    }

    /// `Err(OutOfTime)` once the deadline has passed.
    pub fn in_time(&self, entry: &str) -> Result<(), Rejected> {
        match self.deadline {
            Some(d) if Instant::now() >= d => Err(Rejected::OutOfTime {
                entry: entry.to_string(),
            }),
            _ => Ok(()),
        }
    }

    /// `Err(TooLarge)` when reading a file of `lines` lines (clauses or proof steps)
    /// and `text` bytes into clauses would take more than a quarter of the memory
    /// budget; `what` says what is done with it ("replaying its proof").
    pub fn admit_file(
        &self,
        entry: &str,
        what: &str,
        lines: u64,
        text: u64,
    ) -> Result<(), Rejected> {
        let bytes = lines
            .saturating_mul(BYTES_PER_LEMMA)
            .saturating_add((text / 2).saturating_mul(BYTES_PER_PROOF_LITERAL));
        if bytes <= self.memory / 4 {
            return Ok(());
        }
        Err(Rejected::TooLarge {
            entry: entry.to_string(),
            detail: format!(
                "{what} ({lines} lines) would take about {} MiB, more than a quarter \
                 of the memory budget of {} MiB (raise it with --max-memory)",
                bytes >> 20,
                self.memory >> 20
            ),
        })
    }

    /// `Err(TooLarge)` when a formula of `clauses` clauses and `literals` literals
    /// would take more than half the memory budget.
    pub fn admit(&self, entry: &str, clauses: u64, literals: u64) -> Result<(), Rejected> {
        let bytes = clauses
            .saturating_mul(BYTES_PER_CLAUSE)
            .saturating_add(literals.saturating_mul(BYTES_PER_LITERAL));
        if bytes <= self.memory / 2 {
            return Ok(());
        }
        Err(Rejected::TooLarge {
            entry: entry.to_string(),
            detail: format!(
                "rebuilding its formula ({clauses} clauses, {literals} literals) would take about {} MiB, \
                 more than half of the memory budget of {} MiB (raise it with --max-memory)",
                bytes >> 20,
                self.memory >> 20
            ),
        })
    }
}
