//! Running a request's work off the async threads, inside the server's limits.

use super::error::ApiError;
use super::limits::Limits;
use gridsat_sat::Budget;
use std::time::Duration;

/// Runs `work` on a blocking thread with a solving slot (at most the server's number
/// at once; 503 when none frees within a second) and a budget of the request's time
/// limit capped by the server's. If the client goes away, the future is dropped, the
/// slot's guard raises the budget's interrupt and the work stops.
pub async fn run_limited<T: Send + 'static>(
    limits: &Limits,
    asked: Option<Duration>,
    work: impl FnOnce(&Budget) -> T + Send + 'static,
) -> Result<T, ApiError> {
    let slot = limits
        .slot(asked)
        .await
        .ok_or_else(|| ApiError::busy(limits.max_solves()))?;
    let budget = slot.budget.clone();
    let joined = tokio::task::spawn_blocking(move || work(&budget)).await;
    drop(slot);
    joined.map_err(|e| ApiError::internal(format!("the work failed: {e} (a bug)")))
}
