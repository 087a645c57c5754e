//! `gridsat serve` against slow and idle clients, on real sockets against the real
//! binary: idle, half-open and slow-body connections are closed after the idle timeout,
//! connections over the cap are refused at once without stopping normal requests once
//! the idle ones are gone, the default cap stays below the limit on open files, and
//! Ctrl-C stops the server within a second whatever the clients hold.

mod common;
mod serve_common;

use common::{gridsat, load_slack};
use serde_json::json;
use serve_common::{Server, read_answer};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Waits (at most `limit`) for the server to close `c`: how long it took and what it
/// sent first, or `None` if it stayed open.
fn closed_within(c: &mut TcpStream, limit: Duration) -> Option<(Duration, String)> {
    let t = Instant::now();
    c.set_read_timeout(Some(limit)).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 512];
    loop {
        match c.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => break,
            Err(_) => return None,
        }
        if t.elapsed() > limit {
            return None;
        }
    }
    Some((t.elapsed(), String::from_utf8_lossy(&got).into_owned()))
}

/// Idle (nothing sent), half-open (part of a head) and slow-body connections.
/// Waits until a normal request is served again (the refused or idle sockets closed),
/// failing past `within`; how long it took.
fn served_again(s: &Server, within: Duration) -> Duration {
    let t = Instant::now();
    loop {
        let (status, _, body) = s.request(
            "POST",
            "/api/sudoku/solve",
            "",
            br#"{"puzzle": "1..............."}"#,
        );
        if status == 200 {
            return t.elapsed();
        }
        assert!(t.elapsed() < within, "not served again: {status} {body}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn slow_clients(s: &Server, each: usize) -> Vec<TcpStream> {
    let mut out = Vec::new();
    for _ in 0..each {
        out.push(s.connect());
        let mut half = s.connect();
        half.write_all(
            format!("POST /api/sudoku/solve HTTP/1.1\r\nHost: {}\r\n", s.host()).as_bytes(),
        )
        .unwrap();
        out.push(half);
        let mut body = s.connect();
        let head = format!(
            "POST /api/sudoku/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"puz",
            s.host()
        );
        body.write_all(head.as_bytes()).unwrap();
        out.push(body);
    }
    out
}

#[test]
fn idle_half_open_and_slow_body_connections_are_closed_after_the_idle_timeout() {
    let s = Server::start(&["--idle-timeout", "1"]);
    let t = Instant::now();
    let mut clients = slow_clients(&s, 5);
    let limit = Duration::from_secs_f64(4.0 + load_slack());
    for (i, c) in clients.iter_mut().enumerate() {
        let (_, first) = closed_within(c, limit)
            .unwrap_or_else(|| panic!("connection {i} still open after {limit:?}"));
        if i % 3 == 2 {
            assert!(first.contains(" 408 "), "slow body {i}: {first:?}");
            assert!(first.contains("did not arrive within 1 s"), "{first}");
        }
    }
    let secs = t.elapsed().as_secs_f64();
    eprintln!("15 slow connections with --idle-timeout 1: all closed after {secs:.2} s");
    assert!(secs >= 0.9, "closed before the timeout: {secs:.2} s");
    assert!(secs < 2.5 + load_slack(), "closed after {secs:.2} s");
    // A kept-alive connection is closed too when it sits idle after its answer.
    let mut kept = s.connect();
    let body = json!({"puzzle": "1..............."}).to_string();
    let head = format!(
        "POST /api/sudoku/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        s.host(),
        body.len()
    );
    kept.write_all(head.as_bytes()).unwrap();
    let (_, answer) =
        closed_within(&mut kept, limit).expect("the idle kept-alive connection is closed");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[test]
fn connections_over_the_cap_are_refused_and_service_resumes_when_idle_ones_close() {
    let s = Server::start(&["--max-connections", "8", "--idle-timeout", "2"]);
    assert!(s.limits.contains("8 connections"), "{}", s.limits);
    let idle: Vec<TcpStream> = (0..8).map(|_| s.connect()).collect();
    std::thread::sleep(Duration::from_millis(200));
    // 40 more: each refused at once (a 503, or closed), none left hanging.
    let t = Instant::now();
    for i in 0..40 {
        let mut c = s.connect();
        let (_, first) = closed_within(&mut c, Duration::from_secs(2))
            .unwrap_or_else(|| panic!("extra connection {i} was left open"));
        assert!(first.is_empty() || first.contains(" 503 "), "{first}");
    }
    eprintln!(
        "40 connections over a cap of 8 refused in {:.2} s",
        t.elapsed().as_secs_f64()
    );
    let (status, _, body) = s.request(
        "POST",
        "/api/sudoku/solve",
        "",
        br#"{"puzzle": "1..............."}"#,
    );
    assert!(
        status == 503 || status == 0,
        "over the cap: {status} {body}"
    );
    if status == 503 {
        assert!(body.contains("connections are open"), "{body}");
    }
    // Once the idle timeout closes the 8, normal requests are served again.
    served_again(&s, Duration::from_secs_f64(4.0 + load_slack()));
    drop(idle);
}

/// The soft limit on open files of process `pid`, from /proc.
fn open_files_limit(pid: u32) -> Option<usize> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/limits")).ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

#[test]
fn the_default_connection_cap_is_below_the_limit_on_open_files() {
    let s = Server::start(&[]);
    let cap: usize = s
        .limits
        .split(" connections")
        .next()
        .and_then(|t| t.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no cap in {}", s.limits));
    if let Some(fds) = open_files_limit(s.pid()) {
        assert!(
            cap + 64 <= fds,
            "a cap of {cap} with {fds} open files allowed"
        );
        let too_many = (fds + 1).to_string();
        let r = gridsat(&["serve", "--port", "0", "--max-connections", &too_many]);
        assert_eq!(r.code, 2, "{}", r.stderr);
        assert!(r.stderr.contains("ulimit -n"), "{}", r.stderr);
    }
    assert!(cap <= 512, "{cap}");
}

#[test]
fn ctrl_c_stops_the_server_within_a_second_whatever_the_clients_hold() {
    let mut s = Server::start(&["--idle-timeout", "60"]);
    let mut half = s.connect();
    half.write_all(b"POST /api/sudoku/solve HTTP/1.1\r\nHost: ")
        .unwrap();
    let _idle = s.connect();
    let slow = json!({"size": 25, "difficulty": "extreme", "time_limit": 60});
    let _solving = s.start_post("/api/sudoku/generate", &slow);
    std::thread::sleep(Duration::from_millis(500));
    s.interrupt();
    let limit = Duration::from_secs_f64(1.0 + load_slack());
    let took = s
        .wait_exit(Duration::from_secs(10))
        .expect("the server still runs 10 s after SIGINT");
    eprintln!(
        "SIGINT with a half-open socket and a solve running: exited in {:.3} s",
        took.as_secs_f64()
    );
    assert!(took < limit, "exited after {took:?}");
    let status = s.child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    // The held connection is closed with it.
    let (status, _, _) = read_answer(&mut half);
    assert_eq!(status, 0);
}

/// Whether the server has closed `c` (a 503 and a close, or a bare close), looking for
/// at most `wait`.
fn is_closed(c: &mut TcpStream, wait: Duration) -> bool {
    closed_within(c, wait).is_some()
}

/// Whether the server has answered or closed `c` by now, without waiting.
fn is_refused_now(c: &mut TcpStream) -> bool {
    c.set_nonblocking(true).unwrap();
    let r = c.read(&mut [0u8; 64]);
    c.set_nonblocking(false).unwrap();
    !matches!(r, Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
}

#[test]
fn more_idle_sockets_than_the_default_cap_leave_the_server_serving() {
    // Before: 1,100 idle sockets (fd limit 1,024) made every new request time out.
    // Refusals come at once, idle timeouts after 6 s: a socket found closed before 5 s
    // was refused (opening 600 sockets takes seconds on a loaded machine).
    let s = Server::start(&["--idle-timeout", "6"]);
    let cap: usize = s
        .limits
        .split(" connections")
        .next()
        .and_then(|t| t.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the cap in the limits line");
    let total = cap + 100;
    let t0 = Instant::now();
    let mut held: Vec<TcpStream> = (0..total).map(|_| s.connect()).collect();
    std::thread::sleep(Duration::from_millis(300));
    let mut refused = 0;
    for c in held.iter_mut() {
        refused += usize::from(is_refused_now(c));
    }
    let looked = t0.elapsed().as_secs_f64();
    eprintln!(
        "{total} idle sockets on a cap of {cap}: {refused} refused at once (looked after {looked:.2} s)"
    );
    assert!(
        looked < 5.0,
        "looked too late to tell refusals from timeouts: {looked:.2} s"
    );
    assert!(
        refused >= total - cap,
        "only {refused} of {total} refused with a cap of {cap}"
    );
    let waited = served_again(&s, Duration::from_secs_f64(9.0 + load_slack()));
    eprintln!("served again after {:.2} s", waited.as_secs_f64());
    let mut open = 0;
    for c in held.iter_mut() {
        open += usize::from(!is_closed(c, Duration::from_secs(2)));
    }
    assert_eq!(
        open, 0,
        "{open} idle sockets still open after the idle timeout"
    );
}
