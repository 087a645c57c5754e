//! The limits of one server: time and memory per request, and solves at once.

use gridsat_sat::{Budget, Interrupt};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Time and memory per request, and how many requests may work at once.
pub struct Limits {
    time_limit: Duration,
    memory: u64,
    solves: Arc<Semaphore>,
    max_solves: usize,
}

/// Raises its flag when dropped: a request whose client went away (hyper drops the
/// handler's future when the connection closes) stops the work it started.
pub struct CancelOnDrop(pub Interrupt);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.interrupt();
    }
}

/// A slot for one request's work: its budget, the permit that counts it, and the guard
/// that cancels it.
pub struct Slot {
    /// The budget to run the work under.
    pub budget: Budget,
    /// Counts the work against `--max-solves`: it must live as long as the work does
    /// (the blocking thread holds it), not as long as the request.
    pub permit: OwnedSemaphorePermit,
    /// Cancels the work when the request is dropped.
    pub cancel: CancelOnDrop,
}

impl Limits {
    /// `time_limit` and `memory` bytes per request, `max_solves` at once.
    pub fn new(time_limit: Duration, memory: u64, max_solves: usize) -> Limits {
        Limits {
            time_limit,
            memory,
            solves: Arc::new(Semaphore::new(max_solves)),
            max_solves,
        }
    }

    /// The most requests working at once.
    pub fn max_solves(&self) -> usize {
        self.max_solves
    }

    /// A slot for one request, waiting at most a second for a free one: `None` when the
    /// server is busy. `asked` is the request's own time limit (at most the server's).
    pub async fn slot(&self, asked: Option<Duration>) -> Option<Slot> {
        let wait =
            tokio::time::timeout(Duration::from_secs(1), self.solves.clone().acquire_owned());
        let permit = wait.await.ok()?.ok()?;
        let limit = asked.map_or(self.time_limit, |d| d.min(self.time_limit));
        let flag = Interrupt::new();
        let budget = Budget::unlimited()
            .with_memory_limit(Some(self.memory))
            .with_interrupt(flag.clone())
            .with_time_limit(Some(limit));
        Some(Slot {
            budget,
            permit,
            cancel: CancelOnDrop(flag),
        })
    }
}
