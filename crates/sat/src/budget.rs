//! The one budget every piece of work runs under: a deadline, an interrupt flag (Ctrl-C,
//! a cancelled request) and a memory ceiling for what is about to be built.
//!
//! Library code asks [`Budget::stopped`] between units of work (and hands the budget to
//! every solver it builds, [`crate::Backend::set_budget`]); it asks
//! [`Budget::admit`] with a size estimate *before* building a large formula or table, so
//! that a request too large is refused with a message instead of exhausting memory.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A flag that stops a running search from another thread (or a signal handler).
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicBool>);

impl Interrupt {
    /// A fresh, unset flag.
    pub fn new() -> Interrupt {
        Interrupt::default()
    }
    /// Asks every search watching this flag to stop as soon as it can.
    pub fn interrupt(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    /// True once [`Interrupt::interrupt`] was called (and not cleared).
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
    /// Clears the flag so that later searches run again.
    pub fn clear(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// Why work stopped before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// The deadline passed.
    TimeLimit,
    /// The interrupt flag was raised (Ctrl-C, a cancelled request).
    Interrupted,
    /// What the work needed next would not fit the memory budget.
    MemoryLimit,
}

impl StopReason {
    /// The phrase used in messages: `time limit`, `interrupted`, `memory limit`.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::TimeLimit => "time limit",
            StopReason::Interrupted => "interrupted",
            StopReason::MemoryLimit => "memory limit",
        }
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`Budget::check`]: the budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("stopped: {0}")]
pub struct Stopped(pub StopReason);

/// A time limit that is not a number of seconds: negative, NaN or infinite.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error("{0} is not a number of seconds (0 or more)")]
pub struct BadSeconds(pub f64);

/// A time limit of `secs` seconds (fractions allowed, at most 10⁹), as the bindings take
/// it from their callers.
pub fn seconds(secs: f64) -> Result<Duration, BadSeconds> {
    if secs.is_finite() && secs >= 0.0 {
        Ok(Duration::from_secs_f64(secs.min(1e9)))
    } else {
        Err(BadSeconds(secs))
    }
}

/// The error of [`Budget::admit`]: building something would exceed the memory budget.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{what} would need about {} MiB, more than the memory budget of {} MiB",
    .needed / MIB,
    .limit / MIB
)]
pub struct MemoryExceeded {
    /// What was about to be built, e.g. `the extended encoding of a 400×400 grid`.
    pub what: String,
    /// The estimated size in bytes.
    pub needed: u64,
    /// The budget in bytes.
    pub limit: u64,
}

const MIB: u64 = 1 << 20;

/// A deadline, an interrupt flag and a memory ceiling, shared by all the work done for
/// one request. Cloning shares the interrupt flag. The default has no limits at all.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    deadline: Option<Instant>,
    interrupt: Option<Interrupt>,
    memory: Option<u64>,
    watch: Option<Arc<ResidentWatch>>,
}

/// The watch on the process's resident memory behind a memory ceiling: what the
/// estimates cannot foresee (a solver's learnt clauses, allocator slack) stops the work
/// once the process holds more than the ceiling. The system is asked at most every
/// [`ResidentWatch::EVERY`]; ceilings below [`ResidentWatch::FLOOR`] are left to the
/// estimates alone (the process itself takes tens of MiB before any work).
#[derive(Debug)]
struct ResidentWatch {
    origin: Instant,
    /// Nanoseconds after `origin` of the next look.
    next: AtomicU64,
    /// Whether the last look found the process above the ceiling.
    over: AtomicBool,
}

impl ResidentWatch {
    const EVERY: Duration = Duration::from_millis(20);
    const FLOOR: u64 = 256 << 20;

    fn new() -> ResidentWatch {
        ResidentWatch {
            origin: Instant::now(),
            next: AtomicU64::new(0),
            over: AtomicBool::new(false),
        }
    }

    /// Whether the process holds more than `limit` bytes, as of the last look.
    fn over(&self, limit: u64) -> bool {
        let now = self.origin.elapsed().as_nanos() as u64;
        let next = self.next.load(Ordering::Relaxed);
        if now >= next
            && self
                .next
                .compare_exchange(
                    next,
                    now + Self::EVERY.as_nanos() as u64,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                )
                .is_ok()
        {
            let over = resident_memory().is_some_and(|r| r > limit);
            self.over.store(over, Ordering::Relaxed);
        }
        self.over.load(Ordering::Relaxed)
    }
}

/// The resident memory of this process in bytes, where the system tells (Linux:
/// `VmRSS` of `/proc/self/status`).
pub fn resident_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

impl Budget {
    /// No deadline, no interrupt flag, no memory ceiling.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// This budget with a deadline `limit` from now (`None` keeps the current one).
    /// An earlier deadline already set is kept.
    pub fn with_time_limit(self, limit: Option<Duration>) -> Budget {
        let d = limit.and_then(|l| Instant::now().checked_add(l));
        self.with_deadline(d)
    }

    /// This budget with `deadline` (the earlier of it and the current one).
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Budget {
        self.deadline = match (self.deadline, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self
    }

    /// This budget watching `flag` (replacing any flag it watched).
    pub fn with_interrupt(mut self, flag: Interrupt) -> Budget {
        self.interrupt = Some(flag);
        self
    }

    /// This budget with a memory ceiling of `bytes` for what [`Budget::admit`] is asked
    /// about (`None`: no ceiling).
    pub fn with_memory_limit(mut self, bytes: Option<u64>) -> Budget {
        self.memory = bytes;
        self.watch = bytes
            .filter(|&b| b >= ResidentWatch::FLOOR)
            .map(|_| Arc::new(ResidentWatch::new()));
        self
    }

    /// This budget's memory watch alone (no deadline, no interrupt), for a SAT solver's
    /// stop hook: `None` when it has no resident-memory watch (no ceiling, or one below
    /// 256 MiB). What a solver learns during its search is bounded by this watch.
    pub fn memory_watch(&self) -> Option<Budget> {
        self.watch.as_ref().map(|w| Budget {
            deadline: None,
            interrupt: None,
            memory: self.memory,
            watch: Some(w.clone()),
        })
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The interrupt flag watched, if any.
    pub fn interrupt(&self) -> Option<&Interrupt> {
        self.interrupt.as_ref()
    }

    /// The memory ceiling in bytes, if any.
    pub fn memory_limit(&self) -> Option<u64> {
        self.memory
    }

    /// Why the budget is spent, or `None` while work may go on. An interrupt wins over
    /// a passed deadline, which wins over the memory ceiling (the process holding more
    /// than it, looked at every 20 ms; ceilings of 256 MiB and more).
    #[inline]
    pub fn stop_reason(&self) -> Option<StopReason> {
        if self.interrupt.as_ref().is_some_and(Interrupt::is_set) {
            Some(StopReason::Interrupted)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(StopReason::TimeLimit)
        } else if let (Some(w), Some(limit)) = (&self.watch, self.memory) {
            w.over(limit).then_some(StopReason::MemoryLimit)
        } else {
            None
        }
    }

    /// True once the deadline has passed or the interrupt flag is up: the one check
    /// every loop makes.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop_reason().is_some()
    }

    /// `Err` once the budget is spent, for use with `?`.
    pub fn check(&self) -> Result<(), Stopped> {
        match self.stop_reason() {
            Some(r) => Err(Stopped(r)),
            None => Ok(()),
        }
    }

    /// Time left before the deadline (zero once it passed; `None` without one).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// A budget for a part of the work: the same flag and memory ceiling, and a
    /// deadline after `fraction` of the time left (the same deadline without one).
    pub fn share(&self, fraction: f64) -> Budget {
        let mut part = self.clone();
        if let Some(left) = self.remaining() {
            part.deadline = Some(Instant::now() + left.mul_f64(fraction.clamp(0.0, 1.0)));
        }
        part
    }

    /// Refuses, before anything is allocated, to build something of about `bytes`
    /// bytes when that exceeds the memory ceiling. `what` names it for the message.
    pub fn admit(&self, bytes: u64, what: impl FnOnce() -> String) -> Result<(), MemoryExceeded> {
        match self.memory {
            Some(limit) if bytes > limit => Err(MemoryExceeded {
                what: what(),
                needed: bytes,
                limit,
            }),
            _ => Ok(()),
        }
    }
}

/// The machine's physical memory in bytes, where the system tells (Linux:
/// `/proc/meminfo`).
pub fn physical_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The default memory ceiling: three quarters of the physical memory (8 GiB where the
/// system does not tell).
pub fn default_memory_limit() -> u64 {
    physical_memory().map_or(8 << 30, |m| m / 4 * 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_stops_on_its_deadline_or_its_flag() {
        let b = Budget::unlimited();
        assert!(!b.stopped());
        assert_eq!(b.remaining(), None);
        let past = Budget::unlimited().with_deadline(Some(Instant::now()));
        assert_eq!(past.stop_reason(), Some(StopReason::TimeLimit));
        assert_eq!(past.check(), Err(Stopped(StopReason::TimeLimit)));
        let flag = Interrupt::new();
        let b = Budget::unlimited()
            .with_time_limit(Some(Duration::from_secs(60)))
            .with_interrupt(flag.clone());
        assert!(!b.stopped());
        assert!(b.remaining().unwrap() > Duration::from_secs(59));
        flag.interrupt();
        assert_eq!(b.stop_reason(), Some(StopReason::Interrupted));
        // A clone shares the flag.
        flag.clear();
        let c = b.clone();
        flag.interrupt();
        assert!(c.stopped());
    }

    #[test]
    fn deadlines_only_get_earlier_and_shares_end_sooner() {
        let soon = Instant::now() + Duration::from_secs(10);
        let later = soon + Duration::from_secs(100);
        let b = Budget::unlimited()
            .with_deadline(Some(soon))
            .with_deadline(Some(later));
        assert_eq!(b.deadline(), Some(soon));
        let part = b.share(0.1);
        assert!(part.deadline().unwrap() <= Instant::now() + Duration::from_secs(1));
        assert_eq!(Budget::unlimited().share(0.5).deadline(), None);
    }

    #[test]
    fn a_ceiling_below_what_the_process_holds_stops_the_work() {
        let held = resident_memory().expect("Linux tells");
        let mut ballast = vec![1u8; 300 << 20];
        ballast[12345] = 2;
        let b = Budget::unlimited().with_memory_limit(Some(ResidentWatch::FLOOR));
        assert_eq!(b.stop_reason(), Some(StopReason::MemoryLimit));
        assert!(std::hint::black_box(&ballast)[12345] == 2);
        drop(ballast);
        let roomy = Budget::unlimited().with_memory_limit(Some(held + (4 << 30)));
        assert_eq!(roomy.stop_reason(), None);
        // Small ceilings are the estimates' alone.
        let tiny = Budget::unlimited().with_memory_limit(Some(1 << 20));
        assert_eq!(tiny.stop_reason(), None);
    }

    #[test]
    fn admit_refuses_what_exceeds_the_ceiling_and_names_it() {
        let b = Budget::unlimited().with_memory_limit(Some(100 * MIB));
        assert!(b.admit(99 * MIB, || unreachable!()).is_ok());
        let e = b.admit(300 * MIB, || "the formula".into()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the formula would need about 300 MiB, more than the memory budget of 100 MiB"
        );
        assert!(
            Budget::unlimited()
                .admit(u64::MAX, || unreachable!())
                .is_ok()
        );
        assert!(default_memory_limit() > 0);
    }
}
