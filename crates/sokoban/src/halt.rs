//! Why work stopped before its answer: the budget ran out (time, interrupt) or what
//! came next would not fit its memory ceiling. A leaf utility every stage may use.

use gridsat_sat::{MemoryExceeded, StopReason, Stopped};

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
