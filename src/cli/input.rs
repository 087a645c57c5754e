//! Reading input files (or stdin for `-`) with errors that name the file. Reading is
//! bounded before anything is allocated: a file is read in chunks up to a ceiling,
//! text with a NUL byte is refused at once (so `/dev/zero` is no input), and stdin is
//! read on a thread of its own so that Ctrl-C stops a command that waits for it.

use super::{Exit, Fail, ctrl_c};
use std::io::{self, Read};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::Duration;

/// The most a whole input is read into memory (a quarter of the memory ceiling when
/// that is smaller): larger batches are streamed from stdin.
pub const MAX_INPUT: u64 = 1 << 30;

/// The longest line a stream may have (a 1024×1024 puzzle on one line is about 5 MiB).
pub const MAX_LINE: usize = 64 << 20;

/// Set once Ctrl-C stopped a wait for stdin (the command then ends with what it has).
static STDIN_INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// True when Ctrl-C stopped reading stdin.
pub fn stdin_interrupted() -> bool {
    STDIN_INTERRUPTED.load(Ordering::Relaxed)
}

/// The display name of an input: the path, or `<stdin>` for `-`.
pub fn display_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// The ceiling for one whole input: [`MAX_INPUT`], or a quarter of the memory budget.
fn input_ceiling() -> u64 {
    let memory = super::budget().memory_limit().unwrap_or(u64::MAX);
    MAX_INPUT.min(memory / 4).max(1 << 20)
}

/// Reads a whole text file, or stdin when the path is `-`.
pub fn read_text(path: &Path) -> Result<String, Fail> {
    let name = display_name(path);
    let ceiling = input_ceiling();
    let bytes = if path == Path::new("-") {
        read_bounded(&mut stdin_reader(), &name, ceiling)?
    } else {
        let mut file = std::fs::File::open(path)
            .map_err(|e| Fail::usage(format!("{name}: cannot read: {e}")))?;
        read_bounded(&mut file, &name, ceiling)?
    };
    String::from_utf8(bytes).map_err(|e| {
        let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let (line, column) = position(upto);
        Fail::usage(format!(
            "{name}:{line}:{column}: the file is not valid UTF-8 text"
        ))
    })
}

/// 1-based line and column after `upto`.
fn position(upto: &[u8]) -> (usize, usize) {
    let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = upto.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
    (line, column)
}

/// Reads `r` to the end in chunks, refusing more than `ceiling` bytes and any NUL byte.
fn read_bounded(r: &mut dyn Read, name: &str, ceiling: u64) -> Result<Vec<u8>, Fail> {
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 20];
    loop {
        let k = match r.read(&mut chunk) {
            Ok(0) => break,
            Ok(k) => k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                let (line, column) = position(&bytes);
                return Err(Fail::usage(format!("{name}:{line}:{column}: {e}")));
            }
            Err(e) => return Err(Fail::usage(format!("{name}: cannot read: {e}"))),
        };
        if let Some(at) = chunk[..k].iter().position(|&b| b == 0) {
            bytes.extend_from_slice(&chunk[..at]);
            let (line, column) = position(&bytes);
            return Err(Fail::usage(format!(
                "{name}:{line}:{column}: this is not a text file (a NUL byte)"
            )));
        }
        if bytes.len() as u64 + k as u64 > ceiling {
            return Err(Fail::usage(format!(
                "{name}: more than {} MiB, too large to read whole (raise --max-memory, or give it on stdin to a command that streams it)",
                ceiling >> 20
            )));
        }
        bytes.extend_from_slice(&chunk[..k]);
    }
    if stdin_interrupted() {
        return Err(Fail {
            code: Exit::Unknown,
            message: format!("{name}: interrupted while reading"),
        });
    }
    Ok(bytes)
}

/// Standard input, read on a thread of its own in chunks: waiting for it stops at
/// Ctrl-C (the reader then ends, as at the end of the input, and
/// [`stdin_interrupted`] says so); a NUL byte or a line longer than [`MAX_LINE`] is a
/// read error.
pub fn stdin_reader() -> StdinReader {
    let (tx, rx) = sync_channel::<io::Result<Vec<u8>>>(4);
    std::thread::spawn(move || {
        let mut stdin = io::stdin().lock();
        loop {
            let mut chunk = vec![0u8; 1 << 16];
            match stdin.read(&mut chunk) {
                Ok(0) => return,
                Ok(k) => {
                    chunk.truncate(k);
                    if tx.send(Ok(chunk)).is_err() {
                        return;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    let _ = tx.send(Err(e));
                    return;
                }
            }
        }
    });
    StdinReader {
        rx,
        buf: Vec::new(),
        pos: 0,
        line: 0,
        done: false,
    }
}

/// See [`stdin_reader`].
pub struct StdinReader {
    rx: Receiver<io::Result<Vec<u8>>>,
    buf: Vec<u8>,
    pos: usize,
    /// Bytes since the last newline.
    line: usize,
    done: bool,
}

impl StdinReader {
    /// The next chunk, waiting as long as it takes unless Ctrl-C comes first; false at
    /// the end (or on the interrupt).
    fn fill(&mut self) -> io::Result<bool> {
        let flag = ctrl_c();
        loop {
            if self.done {
                return Ok(false);
            }
            match self.rx.recv_timeout(Duration::from_millis(50)) {
                Ok(Ok(chunk)) => {
                    self.buf = chunk;
                    self.pos = 0;
                    return Ok(true);
                }
                Ok(Err(e)) => return Err(e),
                Err(RecvTimeoutError::Timeout) if flag.is_set() => {
                    STDIN_INTERRUPTED.store(true, Ordering::Relaxed);
                    self.done = true;
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.done = true,
            }
        }
    }
}

impl Read for StdinReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.pos == self.buf.len() && !self.fill()? {
            return Ok(0);
        }
        let k = out.len().min(self.buf.len() - self.pos);
        let data = &self.buf[self.pos..self.pos + k];
        if data.contains(&0) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "this is not text (a NUL byte)",
            ));
        }
        match data.iter().rposition(|&b| b == b'\n') {
            Some(i) => self.line = k - i - 1,
            None => self.line += k,
        }
        if self.line > MAX_LINE {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("a line longer than {} MiB", MAX_LINE >> 20),
            ));
        }
        out[..k].copy_from_slice(data);
        self.pos += k;
        Ok(k)
    }
}
