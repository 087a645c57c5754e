//! The answers of `gridsat sudoku solve` written in input order as they come (the
//! batch runner's sink), the run's summary and its `--stats` line.

use super::super::certstats::CertStats;
use super::answer::Done;
use crate::cli::manifest::Manifest;
use crate::cli::{Exit, Fail, ctrl_c};
use gridsat_sat::batch::{Flow, Sink};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// What the run amounted to.
pub struct Summary {
    /// Certificates written (`--certify`).
    pub certs: Option<CertStats>,
    pub puzzles: usize,
    pub counts: BTreeMap<&'static str, usize>,
    pub exit: Exit,
    pub fatal: Option<String>,
}

/// True when stdout and stderr end in the same place: one terminal, or one file or
/// pipe (`2>&1`).
fn stdout_is_stderr() -> bool {
    if std::io::stdout().is_terminal() && std::io::stderr().is_terminal() {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::MetadataExt;
        let id = |fd: std::os::fd::BorrowedFd<'_>| {
            let file = std::fs::File::from(fd.try_clone_to_owned().ok()?);
            let m = file.metadata().ok()?;
            Some((m.dev(), m.ino()))
        };
        if let (Some(a), Some(b)) = (id(std::io::stdout().as_fd()), id(std::io::stderr().as_fd())) {
            return a == b;
        }
    }
    false
}

/// Writes answers in input order (the batch runner hands them over so) and streams
/// them: what is written reaches stdout once the next answer is not ready (within 2 ms
/// in a fast batch, at once after Ctrl-C), so that an interrupted run loses no answer.
pub struct Writer {
    out: std::io::BufWriter<std::io::Stdout>,
    pub summary: Summary,
    progress: Option<indicatif::ProgressBar>,
    /// `manifest.txt` of the certificate folder, written in input order.
    pub manifest: Option<Manifest>,
    /// Copy input errors to stderr: unless stdout and stderr are one terminal or one
    /// file (`2>&1`), where the stdout line already shows them.
    echo_errors: bool,
    flushed: Instant,
}

impl Sink<Done> for Writer {
    type Error = Fail;

    fn put(&mut self, _index: usize, done: Done) -> Result<Flow, Fail> {
        if let Some(msg) = done.fatal {
            self.summary.fatal = Some(msg);
            self.summary.exit = Exit::Failure;
            return Ok(Flow::Stop);
        }
        self.write(&done)?;
        if ctrl_c().is_set() || self.flushed.elapsed() >= Duration::from_millis(100) {
            self.flush()?;
        }
        Ok(Flow::Continue)
    }

    /// Waiting for the next answer (it may take long): what is written goes out now,
    /// unless it went out a moment ago (a fast batch then costs no write per puzzle).
    fn waiting(&mut self) -> Result<(), Fail> {
        if self.flushed.elapsed() >= Duration::from_millis(2) {
            self.flush()?;
        }
        Ok(())
    }
}

impl Writer {
    pub fn new(progress: Option<indicatif::ProgressBar>) -> Writer {
        Writer {
            out: std::io::BufWriter::with_capacity(1 << 16, std::io::stdout()),
            summary: Summary {
                certs: None,
                puzzles: 0,
                counts: BTreeMap::new(),
                exit: Exit::Ok,
                fatal: None,
            },
            progress,
            manifest: None,
            echo_errors: !stdout_is_stderr(),
            flushed: Instant::now(),
        }
    }

    fn flush(&mut self) -> Result<(), Fail> {
        self.out.flush()?;
        self.flushed = Instant::now();
        Ok(())
    }

    /// One answer, as a whole line (an interrupted run never cuts one).
    fn write(&mut self, done: &Done) -> Result<(), Fail> {
        if let (Some(e), true) = (&done.error, self.echo_errors) {
            // Bad input also goes to stderr, located, whatever the output format.
            match &self.progress {
                Some(bar) => bar.suspend(|| eprintln!("gridsat: {e}")),
                None => eprintln!("gridsat: {e}"),
            }
        }
        let mut line = String::with_capacity(done.text.len() + 1);
        line.push_str(&done.text);
        line.push('\n');
        self.out.write_all(line.as_bytes())?;
        if let (Some(m), Some(c)) = (&mut self.manifest, &done.certified) {
            m.add(&c.manifest)?;
            let s = self.summary.certs.get_or_insert_with(CertStats::default);
            s.add(c);
        }
        self.summary.puzzles += 1;
        *self.summary.counts.entry(done.status).or_insert(0) += 1;
        self.summary.exit = self.summary.exit.worst(done.exit);
        if let Some(bar) = &self.progress {
            bar.inc(1);
        }
        Ok(())
    }

    /// Writes out what is left and clears the progress bar.
    pub fn finish(mut self) -> Result<Summary, Fail> {
        self.out.flush()?;
        if let Some(bar) = &self.progress {
            bar.finish_and_clear();
        }
        Ok(self.summary)
    }
}

/// The `--stats` summary line on stderr.
pub fn print_stats(summary: &Summary, secs: f64, threads: usize) {
    let counts: Vec<String> = summary
        .counts
        .iter()
        .map(|(k, n)| format!("{n} {k}"))
        .collect();
    eprintln!(
        "{} puzzles: {} in {secs:.3} s ({:.0} puzzles/s, {threads} thread{})",
        summary.puzzles,
        counts.join(", "),
        summary.puzzles as f64 / secs,
        if threads == 1 { "" } else { "s" }
    );
}
