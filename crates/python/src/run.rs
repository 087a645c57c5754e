//! Running work with the GIL released while the calling thread watches for Ctrl-C, a
//! [`CancelToken`] and the process-wide interrupt, and turning every failure (a panic
//! included) into a Python exception.
//!
//! Python runs signal handlers in the main thread only, so a solve started from a
//! worker thread never sees Ctrl-C by itself. The process-wide interrupt is a
//! generation counter: `gridsat`'s SIGINT handler and its interpreter-shutdown hook
//! bump it ([`cancel_all`]), and every watcher that started under an older generation
//! stops its work. A counter rather than a flag, so that solves started afterwards run.

use gridsat_sat::{Budget, Interrupt, default_memory_limit};
use pyo3::prelude::*;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

/// How often the waiting thread takes the GIL back to look for signals.
pub const TICK: Duration = Duration::from_millis(50);

/// The process-wide interrupt: bumped by [`cancel_all`].
static GENERATION: AtomicU64 = AtomicU64::new(0);

/// Set by [`finalizing`]: the interpreter is past waiting for its threads.
static FINALIZING: AtomicBool = AtomicBool::new(false);

/// The memory ceiling set by `gridsat.set_max_memory` (0: the default).
static MAX_MEMORY: AtomicU64 = AtomicU64::new(0);

/// Stops every gridsat call running in this process, in any thread (each raises
/// `gridsat.Cancelled`, or `KeyboardInterrupt` in the thread the signal ran in).
#[pyfunction]
pub fn cancel_all() {
    GENERATION.fetch_add(1, Ordering::SeqCst);
}

/// Called by `atexit`: stops every call, and from now on a thread that waits in
/// gridsat never takes the GIL back (it would be a daemon thread of an interpreter
/// that is finalizing, where taking the GIL ends the thread by an unwind that Rust
/// cannot pass: an abort). The process exit ends such threads.
#[pyfunction]
pub fn finalizing() {
    FINALIZING.store(true, Ordering::SeqCst);
    cancel_all();
}

/// What every wait with the GIL released ends with: while the interpreter finalizes,
/// it never returns (see [`finalizing`]).
pub fn settle<T>(value: T) -> T {
    while FINALIZING.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_secs(3600));
    }
    value
}

/// Sets the memory ceiling (bytes; 0 restores the default).
#[pyfunction]
pub fn set_max_memory(bytes: u64) {
    MAX_MEMORY.store(bytes, Ordering::SeqCst);
}

/// The memory ceiling in force: the one set, else the command line's default (three
/// quarters of the physical memory), and never more than the address space the
/// process may still take (`ulimit -v`), so a request is refused before an allocation
/// can fail.
#[pyfunction]
pub fn max_memory() -> u64 {
    limit_of(0)
}

/// The ceiling of a call asking for `bytes` (0: the package's), held under the
/// address space left.
pub fn limit_of(bytes: u64) -> u64 {
    let set = match bytes {
        0 => MAX_MEMORY.load(Ordering::SeqCst),
        b => b,
    };
    let limit = match set {
        0 => default_memory_limit(),
        s => s,
    };
    address_space_left().map_or(limit, |left| limit.min(left))
}

/// Bytes of address space left under `RLIMIT_AS` (Linux: `/proc/self/limits` and
/// `/proc/self/statm`), or `None` without a limit.
fn address_space_left() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    let soft: u64 = line.split_whitespace().nth(3)?.parse().ok()?;
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().next()?.parse().ok()?;
    Some(soft.saturating_sub(pages.saturating_mul(4096)))
}

/// A cancellation token (`gridsat.Cancel`): `cancel()` from any thread stops the calls
/// given it within a second; they raise `gridsat.Cancelled`.
#[pyclass(module = "gridsat._native", name = "Cancel", frozen)]
#[derive(Default)]
pub struct CancelToken {
    flag: Interrupt,
}

#[pymethods]
impl CancelToken {
    #[new]
    fn new() -> Self {
        Self::default()
    }
    /// Stops every call given this token (now and later).
    fn cancel(&self) {
        self.flag.interrupt();
    }
    /// True once `cancel()` was called.
    #[getter]
    fn cancelled(&self) -> bool {
        self.flag.is_set()
    }
}

/// What one call watches besides the signals: its token and the process-wide
/// interrupt as it was when the call started.
#[derive(Clone)]
pub struct Watch {
    token: Option<Interrupt>,
    generation: u64,
}

impl Watch {
    /// The watch of a call starting now, with its optional token.
    pub fn new(token: Option<&CancelToken>) -> Watch {
        Watch {
            token: token.map(|t| t.flag.clone()),
            generation: GENERATION.load(Ordering::SeqCst),
        }
    }

    /// Why the call must stop, if it must: the exception to raise.
    pub fn stop(&self, py: Python<'_>) -> Option<PyErr> {
        if self.token.as_ref().is_some_and(Interrupt::is_set) {
            return Some(crate::errors::cancelled(
                py,
                "cancelled by its gridsat.Cancel token",
            ));
        }
        if GENERATION.load(Ordering::SeqCst) != self.generation {
            return Some(crate::errors::cancelled(
                py,
                "interrupted (Ctrl-C, gridsat.cancel_all() or interpreter shutdown)",
            ));
        }
        None
    }

    /// Signals (main thread only), then the token and the process-wide interrupt.
    pub fn check(&self, py: Python<'_>) -> PyResult<()> {
        py.check_signals()?;
        match self.stop(py) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// The budget of one call: the interrupt the watcher raises, the memory ceiling, and
/// the caller's time limit.
pub fn budget(interrupt: &Interrupt, limit: Option<Duration>) -> Budget {
    Budget::unlimited()
        .with_interrupt(interrupt.clone())
        .with_memory_limit(Some(max_memory()))
        .with_time_limit(limit)
}

/// The message of a panic payload.
pub fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

/// Runs `f` with a panic turned into `gridsat.InternalError` (PyO3 would raise
/// `PanicException`, which is no `Exception`): for the calls that need no watcher.
pub fn guarded<T>(py: Python<'_>, f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|p| Err(crate::errors::internal(py, &panic_message(&*p))))
}

/// Runs `work` on a worker thread with the GIL released. Every [`TICK`] the calling
/// thread takes the GIL back and checks `watch` (signals, token, process-wide
/// interrupt): when it says stop, it raises `interrupt`, waits for the worker to stop
/// (the solvers honour the flag within a second) and returns that exception. A panic
/// in `work` becomes `gridsat.InternalError`.
pub fn watched<T, F>(py: Python<'_>, interrupt: &Interrupt, watch: &Watch, work: F) -> PyResult<T>
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
            match py.detach(move || settle(r.recv_timeout(TICK))) {
                Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Err(e) = watch.check(py) {
                interrupt.interrupt();
                let _ = py.detach(|| settle(handle.join()));
                return Err(e);
            }
        }
        match py.detach(|| settle(handle.join())) {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(p)) | Err(p) => Err(crate::errors::internal(py, &panic_message(&*p))),
        }
    })
}
