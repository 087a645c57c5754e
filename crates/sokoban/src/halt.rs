//! Why work stopped before its answer: the budget ran out (time, interrupt) or what
//! came next would not fit its memory ceiling. A leaf utility every stage may use.

use gridsat_sat::{Budget, Formula, MemoryExceeded, StopReason, Stopped};

/// A limit of the budget stopped the work.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Halt {
    /// The deadline passed or the interrupt flag was raised.
    #[error("{0}")]
    Stopped(StopReason),
    /// What was about to be built would exceed the memory budget.
    #[error("{0}")]
    Memory(MemoryExceeded),
}

impl Halt {
    /// The reason in the shared vocabulary.
    pub fn reason(&self) -> StopReason {
        match self {
            Halt::Stopped(r) => *r,
            Halt::Memory(_) => StopReason::MemoryLimit,
        }
    }
}

impl From<Stopped> for Halt {
    fn from(s: Stopped) -> Halt {
        Halt::Stopped(s.0)
    }
}

impl From<MemoryExceeded> for Halt {
    fn from(m: MemoryExceeded) -> Halt {
        Halt::Memory(m)
    }
}

/// A budget checked inside long loops: [`Guard::tick`] is cheap and asks the budget
/// (time, interrupt, and the memory of the formula being built) every 1024 calls, and
/// sooner once the formula has grown by [`CHECK_CLAUSES`] clauses since it last asked
/// (one call may add thousands: the pairs of 200 boxes on a cell), so that the time
/// between two checks stays within milliseconds. Once it trips it stays tripped and
/// says why ([`Guard::halt`]).
#[derive(Clone, Debug, Default)]
pub struct Guard {
    budget: Budget,
    ticks: u32,
    /// The clause count at which the next tick asks the budget.
    next_at: usize,
    halt: Option<Halt>,
    /// Estimated bytes per clause and per literal of the formula (and of its copy in a
    /// solver, when there is one), for the memory ceiling.
    per_clause: u64,
    per_literal: u64,
}

/// The most clauses added between two checks of [`Guard::tick`] (about a millisecond
/// of clause building).
pub const CHECK_CLAUSES: usize = 16_384;

/// Bytes per clause and per literal of a formula under construction: the clause store
/// keeps `4` bytes a literal and `6` a clause, in chunks of 65,536 clauses (only the
/// chunk being filled has spare room), rounded up.
pub const FORMULA_COST: (u64, u64) = (8, 6);

/// Bytes per clause and per literal of a formula fed to CaDiCaL as well: its clause
/// headers, watches and arena on top (measured: 17.2 million clauses, 2.2 GB).
pub const SOLVER_COST: (u64, u64) = (100, 12);

impl Guard {
    /// A guard of `budget` for a formula costing `(per clause, per literal)` bytes.
    pub fn new(budget: &Budget, (per_clause, per_literal): (u64, u64)) -> Guard {
        Guard {
            budget: budget.clone(),
            ticks: 0,
            next_at: CHECK_CLAUSES,
            halt: None,
            per_clause,
            per_literal,
        }
    }

    /// True while work may go on; every 1024 calls, or once `f` has grown by
    /// [`CHECK_CLAUSES`] clauses, it asks the budget.
    #[inline]
    pub fn tick(&mut self, f: &Formula) -> bool {
        if self.halt.is_some() {
            return false;
        }
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks & 1023 != 0 && f.num_clauses() < self.next_at {
            return true;
        }
        self.check(f)
    }

    /// Asks the budget now about time and the interrupt flag.
    pub fn check_time(&mut self) -> bool {
        if self.halt.is_some() {
            return false;
        }
        if let Err(s) = self.budget.check() {
            self.halt = Some(s.into());
            return false;
        }
        true
    }

    /// Asks the budget now: time, interrupt, and the memory of `f` as it stands.
    pub fn check(&mut self, f: &Formula) -> bool {
        self.next_at = f.num_clauses().saturating_add(CHECK_CLAUSES);
        if !self.check_time() {
            return false;
        }
        let bytes = self.bytes(f.num_clauses() as u64, f.num_literals() as u64);
        if let Err(m) = self.budget.admit(bytes, || {
            format!("the formula at {} clauses", f.num_clauses())
        }) {
            self.halt = Some(m.into());
            return false;
        }
        true
    }

    /// Refuses, before building it, a table of `bytes`.
    pub fn admit_bytes(&mut self, bytes: u64, what: impl FnOnce() -> String) -> bool {
        if self.halt.is_some() {
            return false;
        }
        match self.budget.admit(bytes, what) {
            Ok(()) => true,
            Err(m) => {
                self.halt = Some(m.into());
                false
            }
        }
    }

    fn bytes(&self, clauses: u64, literals: u64) -> u64 {
        clauses
            .saturating_mul(self.per_clause)
            .saturating_add(literals.saturating_mul(self.per_literal))
    }

    /// The budget watched.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Why the guard tripped, if it did.
    pub fn halt(&self) -> Option<&Halt> {
        self.halt.as_ref()
    }
}
