//! When a search stops early: a conflict limit per call, a deadline, an interrupt flag
//! and a memory watch, looked at as batsat's are (the flag and the clock every 32nd
//! decision: a few microseconds apart on formulas this small).

use crate::budget::{Budget, Interrupt};
use std::time::Instant;

/// Decisions between two looks at the clock and the flags.
const LOOK_EVERY: u32 = 32;

#[derive(Default)]
pub(super) struct Stop {
    pub(super) interrupt: Interrupt,
    pub(super) deadline: Option<Instant>,
    pub(super) memory: Option<Budget>,
    /// Conflicts allowed in one call.
    pub(super) max_conflicts: Option<u64>,
    conflicts: u64,
    decisions: u32,
}

impl Stop {
    pub(super) fn start_call(&mut self) {
        self.conflicts = 0;
        self.decisions = 0;
    }

    pub(super) fn count_conflict(&mut self) {
        self.conflicts += 1;
    }

    pub(super) fn conflict_limit_hit(&self) -> bool {
        self.max_conflicts.is_some_and(|m| self.conflicts >= m)
    }

    /// True (now and then, before a decision) when the search must stop.
    pub(super) fn should_stop(&mut self) -> bool {
        self.decisions = self.decisions.wrapping_add(1);
        self.decisions % LOOK_EVERY == 0 && self.stopped_now()
    }

    /// True when interrupted, past the deadline or over the memory ceiling.
    pub(super) fn stopped_now(&self) -> bool {
        self.interrupt.is_set()
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.memory.as_ref().is_some_and(Budget::stopped)
    }
}
