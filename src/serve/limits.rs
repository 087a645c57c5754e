//! The limits of one server: time per request and solves at once.

use gridsat_sat::{Budget, Interrupt};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Time per request and how many solves may run at once.
pub struct Limits {
    time_limit: Duration,
    solves: Arc<Semaphore>,
    max_solves: usize,
}

/// Raises its flag when dropped: a request whose client went away (axum drops the
/// handler's future) stops the work it started.
pub struct CancelOnDrop(pub Interrupt);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.interrupt();
    }
}

/// A running solve: its budget, the permit it holds, and the guard that cancels it.
pub struct Slot {
    /// The budget to run the work under.
    pub budget: Budget,
    /// Held until the work ends.
    _permit: OwnedSemaphorePermit,
    /// Cancels the work when the request is dropped.
    _cancel: CancelOnDrop,
}

impl Limits {
    /// `time_limit` per request, `max_solves` at once.
    pub fn new(time_limit: Duration, max_solves: usize) -> Limits {
        Limits {
            time_limit,
            solves: Arc::new(Semaphore::new(max_solves)),
            max_solves,
        }
    }

    /// The most solves at once.
    pub fn max_solves(&self) -> usize {
        self.max_solves
    }

    /// A slot for one solve, waiting at most a second for a free one: `None` when the
    /// server is busy. `asked` is the request's own time limit (at most the server's).
    pub async fn slot(&self, asked: Option<Duration>) -> Option<Slot> {
        let wait =
            tokio::time::timeout(Duration::from_secs(1), self.solves.clone().acquire_owned());
        let permit = wait.await.ok()?.ok()?;
        let limit = asked.map_or(self.time_limit, |d| d.min(self.time_limit));
        let flag = Interrupt::new();
        let budget = crate::cli::memory_budget()
            .with_interrupt(flag.clone())
            .with_time_limit(Some(limit));
        Some(Slot {
            budget,
            _permit: permit,
            _cancel: CancelOnDrop(flag),
        })
    }
}
