//! Accepting connections: at most `--max-connections` open at once (the rest get a 503
//! and are closed), each closed when it sends no complete request head within the idle
//! timeout (a new connection, or a kept-alive one between requests), and all of them
//! dropped at once when Ctrl-C stops the server.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Descriptors kept free for the server itself (its files, its threads, the listener).
pub const RESERVED_FDS: u64 = 64;

/// The most connections by default, whatever the descriptor limit allows.
pub const DEFAULT_MAX_CONNECTIONS: usize = 512;

/// How connections are limited.
#[derive(Clone, Copy, Debug)]
pub struct ConnLimits {
    /// Connections open at once.
    pub max_connections: usize,
    /// The longest a connection may take to send a request head (or sit idle between
    /// requests).
    pub idle: Duration,
}

/// The soft limit on open descriptors (`RLIMIT_NOFILE`), if the system tells.
pub fn fd_limit() -> Option<u64> {
    let mut r = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into the struct it is given and reads nothing else.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut r) } == 0;
    // `rlim_t` is u64 on Linux, not on every system.
    #[allow(clippy::unnecessary_cast)]
    let soft = r.rlim_cur as u64;
    (ok && r.rlim_cur != libc::RLIM_INFINITY).then_some(soft)
}

/// The connection cap: `asked`, or the default, below the descriptor limit.
pub fn max_connections(asked: Option<usize>) -> Result<usize, String> {
    let room = fd_limit().map(|n| n.saturating_sub(RESERVED_FDS) as usize);
    match (asked, room) {
        (Some(0), _) => Err("--max-connections must be at least 1".into()),
        (Some(n), Some(r)) if n > r => Err(format!(
            "--max-connections {n} is over what the limit on open files allows ({} open files, {RESERVED_FDS} kept for the server): at most {r}, or raise the limit (ulimit -n)",
            r as u64 + RESERVED_FDS
        )),
        (Some(n), _) => Ok(n),
        (None, Some(0)) => Err(format!(
            "the limit on open files is too low to serve (at most {RESERVED_FDS}): raise it (ulimit -n)"
        )),
        (None, r) => Ok(r.map_or(DEFAULT_MAX_CONNECTIONS, |r| r.min(DEFAULT_MAX_CONNECTIONS))),
    }
}

/// Serves `app` on `listener` until `stop` resolves; then returns at once, leaving the
/// connections' tasks to be dropped with the runtime.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnLimits,
    stop: impl std::future::Future<Output = ()>,
) {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    tokio::pin!(stop);
    loop {
        tokio::select! {
            () = &mut stop => return,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => match open.clone().try_acquire_owned() {
                    Ok(permit) => {
                        tokio::spawn(connection(stream, app.clone(), limits.idle, permit));
                    }
                    Err(_) => {
                        tokio::spawn(refuse(stream, limits.max_connections));
                    }
                },
                // Out of descriptors or the like: wait for some to close, don't spin.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            },
        }
    }
}

/// One connection, counted by `_permit` while it is open.
async fn connection(stream: TcpStream, app: Router, idle: Duration, _permit: OwnedSemaphorePermit) {
    let _ = stream.set_nodelay(true);
    let service = TowerToHyperService::new(app);
    let conn = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(idle)
        .serve_connection(TokioIo::new(stream), service);
    let _ = conn.await;
}

/// A connection over the cap: a 503 saying so, then closed.
async fn refuse(stream: TcpStream, max: usize) {
    let body = format!(
        "{{\"error\":\"busy: {max} connections are open, the most this server keeps; try again in a moment\"}}"
    );
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    // A new socket's send buffer is empty: the short answer goes out in one write, or
    // the client gets the close alone.
    let wait = tokio::time::timeout(Duration::from_millis(200), stream.writable());
    if wait.await.is_ok_and(|r| r.is_ok()) {
        let _ = stream.try_write(answer.as_bytes());
    }
}
