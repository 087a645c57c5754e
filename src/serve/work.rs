//! Running a request's work off the async threads, inside the server's limits.

use super::error::ApiError;
use super::limits::{Limits, Slot};
use gridsat_sat::Budget;
use std::time::Duration;

/// Runs `work` on a blocking thread with a slot (at most the server's number at once;
/// 503 when none frees within a second) and a budget of the request's time limit capped
/// by the server's, and of the server's memory ceiling per request.
///
/// The blocking thread holds the slot's permit until `work` returns, so a slot is free
/// again only when its work has really stopped. If the client goes away, hyper drops
/// this future; the slot's guard then raises the budget's interrupt and the work stops
/// at its next check.
pub async fn run_limited<T: Send + 'static>(
    limits: &Limits,
    asked: Option<Duration>,
    work: impl FnOnce(&Budget) -> T + Send + 'static,
) -> Result<T, ApiError> {
    let Slot {
        budget,
        permit,
        cancel,
    } = limits
        .slot(asked)
        .await
        .ok_or_else(|| ApiError::busy(limits.max_solves()))?;
    let joined = tokio::task::spawn_blocking(move || {
        let out = work(&budget);
        drop(permit);
        out
    })
    .await;
    // The work is over: raising its flag now changes nothing.
    drop(cancel);
    joined.map_err(|e| ApiError::internal(format!("the work failed: {e} (a bug)")))
}
