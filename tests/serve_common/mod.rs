//! A `gridsat serve` on a free loopback port, and raw HTTP/1.1 over real sockets.

#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server on a free loopback port, stopped when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
    /// The first line on stderr: `serving http://127.0.0.1:PORT/`.
    pub banner: String,
    /// The second: the limits it runs with.
    pub limits: String,
}

/// An answer: the status, the head's text and the body.
pub type Answer = (u16, String, String);

impl Server {
    pub fn start(extra: &[&str]) -> Server {
        Server::spawn(Command::new(env!("CARGO_BIN_EXE_gridsat")), extra)
    }

    /// Started under `prlimit --as=BYTES` where prlimit is installed, so that a
    /// regression cannot take the machine's memory.
    pub fn start_capped(address_space: u64, extra: &[&str]) -> Server {
        let have = Command::new("prlimit")
            .arg("--version")
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !have {
            eprintln!("prlimit is not installed: the server runs without a cap");
            return Server::start(extra);
        }
        let mut cmd = Command::new("prlimit");
        cmd.arg(format!("--as={address_space}"))
            .arg("--")
            .arg(env!("CARGO_BIN_EXE_gridsat"));
        Server::spawn(cmd, extra)
    }

    fn spawn(mut cmd: Command, extra: &[&str]) -> Server {
        cmd.arg("serve");
        if !extra.contains(&"--port") {
            cmd.args(["--port", "0"]);
        }
        let mut child = cmd
            .args(extra)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("gridsat serve starts");
        let mut err = BufReader::new(child.stderr.take().expect("stderr"));
        let mut banner = String::new();
        err.read_line(&mut banner).expect("a banner line");
        let mut limits = String::new();
        err.read_line(&mut limits).expect("a limits line");
        // Keep draining stderr so that the server never blocks on it.
        std::thread::spawn(move || {
            let mut sink = String::new();
            let _ = err.read_to_string(&mut sink);
        });
        let port = banner
            .rsplit(':')
            .next()
            .and_then(|t| t.split('/').next())
            .and_then(|p| p.trim().parse().ok())
            .unwrap_or_else(|| panic!("no port in {banner:?}"));
        Server {
            child,
            port,
            banner,
            limits,
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `Host: 127.0.0.1:PORT`.
    pub fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    pub fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
        s
    }

    /// Sends `raw` as it is and reads the answer to the end.
    pub fn raw(&self, raw: &[u8]) -> Answer {
        let mut s = self.connect();
        let _ = s.write_all(raw);
        read_answer(&mut s)
    }

    /// One request with this server's Host and a JSON content type, then `headers`.
    pub fn request(&self, method: &str, path: &str, headers: &str, body: &[u8]) -> Answer {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\n{headers}Content-Length: {}\r\n\r\n",
            self.host(),
            body.len()
        );
        let mut all = head.into_bytes();
        all.extend_from_slice(body);
        self.raw(&all)
    }

    pub fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, _, text) = self.request("POST", path, "", body.to_string().as_bytes());
        let v = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
        (status, v)
    }

    /// A connection that has sent a whole POST of `body` to `path` and not read the
    /// answer: the work runs while it is held; dropping it leaves.
    pub fn start_post(&self, path: &str, body: &Value) -> TcpStream {
        let body = body.to_string();
        let mut c = self.connect();
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.host(),
            body.len()
        );
        c.write_all(head.as_bytes()).unwrap();
        c
    }

    /// A line of `/proc/PID/status` (e.g. `VmHWM`) in kB.
    pub fn status_kb(&self, key: &str) -> u64 {
        let text = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap();
        text.lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix(':'))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or_else(|| panic!("no {key} in /proc status"))
    }

    /// The CPU time the server has used, in seconds (user + system).
    pub fn cpu_seconds(&self) -> f64 {
        let text = std::fs::read_to_string(format!("/proc/{}/stat", self.pid())).unwrap();
        let after = &text[text.rfind(')').unwrap() + 2..];
        let f: Vec<&str> = after.split_whitespace().collect();
        let ticks: u64 = f[11].parse::<u64>().unwrap() + f[12].parse::<u64>().unwrap();
        ticks as f64 / 100.0
    }

    /// Sends SIGINT (what Ctrl-C sends).
    pub fn interrupt(&self) {
        let ok = Command::new("kill")
            .args(["-INT", &self.pid().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "kill -INT failed");
    }

    /// Waits at most `limit` for the server to exit: how long it took, or `None`.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<Duration> {
        let t = Instant::now();
        while t.elapsed() < limit {
            if self.child.try_wait().ok().flatten().is_some() {
                return Some(t.elapsed());
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads an answer to the end of the connection.
pub fn read_answer(s: &mut TcpStream) -> Answer {
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    (status, head.to_string(), body)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            out.push_str(&rest[..rest.len().min(n)]);
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}
