//! Running work with the GIL released while the calling thread watches for Ctrl-C, and
//! turning every failure (a panic included) into a Python exception.

use gridsat_sat::{Budget, Interrupt, default_memory_limit};
use pyo3::prelude::*;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

/// How often the waiting thread takes the GIL back to look for signals.
pub const TICK: Duration = Duration::from_millis(50);

/// The budget of one call: the interrupt the watcher raises, the memory ceiling, and
/// the caller's time limit.
pub fn budget(interrupt: &Interrupt, limit: Option<Duration>) -> Budget {
    Budget::unlimited()
        .with_interrupt(interrupt.clone())
        .with_memory_limit(Some(default_memory_limit()))
        .with_time_limit(limit)
}

/// The message of a panic payload.
pub fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

/// Runs `work` on a worker thread with the GIL released. Every [`TICK`] the calling
/// thread takes the GIL back and runs the signal handlers: when one raises (Ctrl-C is
/// `KeyboardInterrupt`), it raises `interrupt`, waits for the worker to stop (the
/// solvers honour the flag within a second) and returns that exception. A panic in
/// `work` becomes `gridsat.InternalError`.
pub fn watched<T, F>(py: Python<'_>, interrupt: &Interrupt, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    std::thread::scope(|s| {
        let (tx, mut rx) = channel::<()>();
        let handle = s.spawn(move || {
            let r = catch_unwind(AssertUnwindSafe(work));
            let _ = tx.send(());
            r
        });
        loop {
            let r = &mut rx;
            match py.detach(move || r.recv_timeout(TICK)) {
                Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Err(e) = py.check_signals() {
                interrupt.interrupt();
                let _ = py.detach(|| handle.join());
                return Err(e);
            }
        }
        match py.detach(|| handle.join()) {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(p)) | Err(p) => Err(crate::errors::internal(py, &panic_message(&*p))),
        }
    })
}
