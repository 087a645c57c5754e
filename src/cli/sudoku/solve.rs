//! `gridsat sudoku solve`: verdicts and verified solutions for every puzzle, streamed in
//! input order, on several threads.

use super::args::{GridArgs, exit_of, parse_message, solve_message, stdin_path, warn_parsed};
use crate::cli::input::{display_name, read_text, stdin_interrupted, stdin_reader};
use crate::cli::{Exit, Fail, MEMORY_HINT, budget, ctrl_c, parse_seconds};
use clap::Args;
use gridsat_sat::solver::RefuteError;
use gridsat_sat::{AmoEncoding, BackendSpec};
use gridsat_sudoku::{
    Answer, CertificateError, Certified, Verdict, manifest_header, write_certificate,
};
use gridsat_sudoku::{
    CageEncoding, Encoding, Label, Layout, ParseOptions, ParsedPuzzle, Presolve, Report,
    SolveError, SolveOptions, SudokuSolver, answer_report, error_report, memory_report,
    not_started_report, parse_puzzles, parse_reader,
};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

/// The `--solver` help: the backends gridsat-sat lists.
pub fn solver_help() -> String {
    format!("SAT solver: {}", gridsat_sat::BackendSpec::help())
}

/// Arguments of `gridsat sudoku solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Puzzle files (`-` or nothing for stdin): one per line, block layout, or integers.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Count solutions up to K (2 proves uniqueness).
    #[arg(long = "count", value_name = "K", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub count: u64,
    /// Stop at the first solution (verdict `sat`); the same as --count 1.
    #[arg(long, conflicts_with = "count")]
    pub first: bool,
    #[command(flatten)]
    pub grid: GridArgs,
    /// Encoding: minimal, efficient, extended or reduced.
    #[arg(long, value_name = "E", value_enum, default_value_t = Encoding::default())]
    pub encoding: Encoding,
    /// Deduction before the solver: off, singles, or probe (singles + failed literals).
    #[arg(long, value_name = "P", value_enum, default_value_t = Presolve::default())]
    pub presolve: Presolve,
    /// At-most-one encoding: pairwise, sequential, commander, product or bimander.
    #[arg(long, value_name = "A", value_enum, default_value_t = AmoEncoding::default())]
    pub amo: AmoEncoding,
    #[arg(long, value_name = "S", default_value_t = BackendSpec::default(), help = solver_help())]
    pub solver: BackendSpec,
    /// Stop after this many seconds in all; puzzles not finished are reported `unknown`.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Worker threads (default: all cores). Answers still come in input order.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Print a summary line (puzzles, verdicts, puzzles/s) on stderr at the end.
    #[arg(long)]
    pub stats: bool,
    /// Layout of printed solutions.
    #[arg(long, value_enum, default_value_t = Layout::Line)]
    pub format: Layout,
    /// One JSON object per puzzle per line instead of text.
    #[arg(long)]
    pub json: bool,
    /// Killer cage sums (variants): sets (allowed digit sets) or sums (decision diagram).
    #[arg(long, value_name = "C", value_enum, default_value_t = CageEncoding::default())]
    pub cages: CageEncoding,
    /// Write a certificate of every verdict into DIR (classic rules only): the formula,
    /// a DRAT proof from a separate CaDiCaL run, the solution(s) and `manifest.txt`;
    /// check it with `gridsat check-certificate DIR`.
    #[arg(long, value_name = "DIR")]
    pub certify: Option<PathBuf>,
}

/// One puzzle to answer: where it came from and what was read.
struct Job {
    file: String,
    k: usize,
    item: Result<ParsedPuzzle, String>,
}

/// One answer, formatted, with what it means for the exit code and the summary.
struct Done {
    text: String,
    exit: Exit,
    status: &'static str,
    /// A failure that must stop the run (printed on stderr).
    fatal: Option<String>,
    /// Bad input, also reported on stderr.
    error: Option<String>,
    /// The certificate written (`--certify`).
    certified: Option<Certified>,
}

/// How every puzzle is answered (shared by the workers).
struct Answerer {
    opts: SolveOptions,
    several: bool,
    json: bool,
    format: Layout,
    /// The certificate folder (`--certify`).
    certify: Option<PathBuf>,
}

impl Answerer {
    fn solver(&self) -> SudokuSolver {
        SudokuSolver::new(self.opts.clone())
    }

    fn done(&self, report: &Report, status: &'static str) -> Done {
        Done {
            text: report.printed(self.json).trim_end_matches('\n').to_string(),
            exit: exit_of(report.conclusion),
            status,
            fatal: None,
            error: None,
            certified: None,
        }
    }

    /// Answers puzzle `seq` (0-based over all inputs) of `job`.
    fn answer(&self, solver: &mut SudokuSolver, job: Job, seq: usize) -> Done {
        let label = if self.several {
            Label::in_file(job.k, &job.file)
        } else {
            Label::new(job.k)
        };
        let puzzle = match job.item {
            Ok(p) => p,
            Err(message) => {
                let mut d = self.done(&error_report(&label, &message), "error");
                d.exit = Exit::Usage;
                d.error = Some(message);
                return d;
            }
        };
        if let Some(r) = self.opts.budget.stop_reason() {
            return self.done(&not_started_report(&label, r), "unknown");
        }
        let answer = match solver.solve(&puzzle.grid, &puzzle.rules) {
            Ok(a) => a,
            Err(SolveError::Memory(m)) => {
                return self.done(&memory_report(&label, &m, Some(MEMORY_HINT)), "unknown");
            }
            Err(e) => {
                return Done {
                    text: String::new(),
                    exit: Exit::Failure,
                    status: "failure",
                    fatal: Some(format!("{}: {}", label.text, solve_message(&e))),
                    error: None,
                    certified: None,
                };
            }
        };
        let report = answer_report(&label, &answer, puzzle.alphabet.as_deref(), self.format);
        let mut done = self.done(&report, answer.verdict.name());
        if let Some(dir) = &self.certify {
            self.certify(dir, seq + 1, &puzzle, &answer, &mut done);
        }
        done
    }

    /// Writes the certificate of an answered puzzle (`--certify`) as `puzzle-SEQ.*`: a
    /// variant is refused as bad input, a failed proof stops the run.
    fn certify(&self, dir: &Path, seq: usize, p: &ParsedPuzzle, a: &Answer, done: &mut Done) {
        if a.verdict == Verdict::Unknown {
            return;
        }
        match write_certificate(dir, seq, p, a, &self.opts.budget) {
            Ok(c) => done.certified = Some(c),
            Err(e @ CertificateError::Variant) => {
                let msg = format!("puzzle-{seq}: --certify: {e}");
                done.exit = done.exit.worst(Exit::Usage);
                done.error = Some(msg);
            }
            Err(e @ CertificateError::Proof(RefuteError::Stopped)) => {
                done.exit = done.exit.worst(Exit::Unknown);
                done.error = Some(format!("puzzle-{seq}: no certificate: {e}"));
            }
            Err(e) => done.fatal = Some(format!("puzzle-{seq}: certificate: {e}")),
        }
    }
}

/// Runs `gridsat sudoku solve`.
pub fn run(args: SolveArgs) -> Result<Exit, Fail> {
    let t0 = Instant::now();
    let paths = if args.files.is_empty() {
        vec![stdin_path()]
    } else {
        args.files.clone()
    };
    let threads = match args.threads {
        Some(0) => return Err(Fail::usage("--threads must be at least 1")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let answerer = Answerer {
        opts: solve_options(&args),
        several: paths.len() > 1,
        json: args.json,
        format: args.format,
        certify: args.certify.clone(),
    };
    let opts = args.grid.parse_options();
    let texts = read_inputs(&paths, &opts)?;
    let jobs = texts.iter().flat_map(|(name, text)| {
        let puzzles = match text {
            Some(t) => parse_puzzles(t, &opts),
            None => parse_reader(std::io::BufReader::new(stdin_reader()), &opts),
        };
        let grid = &args.grid;
        puzzles.enumerate().map(move |(i, item)| Job {
            file: name.clone(),
            k: i + 1,
            item: item
                .map(|mut p| {
                    warn_parsed(name, &p);
                    grid.apply_rules(&mut p);
                    p
                })
                .map_err(|e| parse_message(name, &e)),
        })
    });
    let mut writer = Writer::new(progress_bar(&texts, &opts));
    if let Some(dir) = &args.certify {
        writer.manifest = Some(Manifest::create(dir)?);
    }
    if threads == 1 {
        let mut solver = answerer.solver();
        for (i, job) in jobs.enumerate() {
            if writer.stop {
                break;
            }
            writer.put(i, answerer.answer(&mut solver, job, i))?;
        }
    } else {
        run_parallel(jobs, &answerer, threads, &mut writer)?;
    }
    let mut summary = writer.finish()?;
    if stdin_interrupted() {
        eprintln!("gridsat: interrupted while reading <stdin>");
        summary.exit = summary.exit.worst(Exit::Unknown);
    }
    if args.stats {
        print_stats(&summary, t0.elapsed().as_secs_f64(), threads);
        if let (Some(dir), Some(m)) = (&args.certify, &summary.certs) {
            eprintln!("{}", m.stats_line(dir));
        }
    }
    if let Some(msg) = summary.fatal {
        return Err(Fail::failure(msg));
    }
    Ok(summary.exit)
}

/// The library's options from the flags, under the run's budget.
fn solve_options(args: &SolveArgs) -> SolveOptions {
    let mut o = SolveOptions::default();
    o.encoding = args.encoding;
    o.presolve = args.presolve;
    o.amo = args.amo;
    o.cages = args.cages;
    o.backend = args.solver.clone();
    o.max_solutions = if args.first { 1 } else { args.count as usize };
    o.budget = budget().with_time_limit(args.time_limit);
    o
}

/// The input files read whole (so that the progress bar knows the total); stdin
/// (`None`) is streamed. A file without any puzzle is an error.
fn read_inputs(
    paths: &[PathBuf],
    opts: &ParseOptions,
) -> Result<Vec<(String, Option<String>)>, Fail> {
    let mut texts = Vec::new();
    for p in paths {
        let text = if p.as_os_str() != "-" {
            Some(read_text(p)?)
        } else {
            None
        };
        texts.push((display_name(p), text));
    }
    for (name, text) in &texts {
        if text
            .as_deref()
            .is_some_and(|t| parse_puzzles(t, opts).next().is_none())
        {
            return Err(Fail::usage(format!(
                "{name}: no puzzle found (the input is empty)"
            )));
        }
    }
    Ok(texts)
}

/// A progress bar on stderr when it is a terminal and every input is a file (the
/// total costs a second parse: only then).
fn progress_bar(
    texts: &[(String, Option<String>)],
    opts: &ParseOptions,
) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() || texts.iter().any(|(_, t)| t.is_none()) {
        return None;
    }
    let total: usize = texts
        .iter()
        .map(|(_, t)| parse_puzzles(t.as_deref().unwrap_or(""), opts).count())
        .sum();
    let bar = indicatif::ProgressBar::new(total as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} puzzles  {per_sec}  ETA {eta}",
        )
        .expect("valid template"),
    );
    Some(bar)
}

/// The `--stats` summary line on stderr.
fn print_stats(summary: &Summary, secs: f64, threads: usize) {
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

/// Workers take chunks of puzzles straight from the (shared, locked) reader, answer
/// them, and send the answers to this thread, which puts them back in input order.
/// Reading in the workers keeps every thread busy with real work: a separate reader
/// thread spent its time waking and waiting on a two-core machine.
fn run_parallel(
    jobs: impl Iterator<Item = Job> + Send,
    answerer: &Answerer,
    threads: usize,
    writer: &mut Writer,
) -> Result<(), Fail> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Fail::failure(format!("cannot start {threads} threads: {e}")))?;
    let jobs = Mutex::new(jobs.enumerate());
    let (done_tx, done_rx) = mpsc::channel::<Vec<(usize, Done)>>();
    let abort = AtomicBool::new(false);
    std::thread::scope(|ts| -> Result<(), Fail> {
        let (jobs, abort) = (&jobs, &abort);
        ts.spawn(move || {
            pool.scope(|s| {
                for _ in 0..threads {
                    let done_tx = done_tx.clone();
                    s.spawn(move |_| {
                        let mut solver = answerer.solver();
                        // Chunks grow from 1 to 64 puzzles: the first answers come at
                        // once, later ones cost little locking per puzzle.
                        let mut size = 1;
                        while !abort.load(Ordering::Relaxed) {
                            let chunk: Vec<(usize, Job)> = {
                                let mut it = jobs.lock().expect("reader lock");
                                it.by_ref().take(size).collect()
                            };
                            if chunk.is_empty() {
                                break;
                            }
                            size = (size * 2).min(64);
                            let mut answers = Vec::with_capacity(chunk.len());
                            for (i, job) in chunk {
                                let done = answerer.answer(&mut solver, job, i);
                                if done.fatal.is_some() {
                                    abort.store(true, Ordering::Relaxed);
                                }
                                answers.push((i, done));
                            }
                            if done_tx.send(answers).is_err() {
                                break;
                            }
                        }
                    });
                }
            });
            drop(done_tx);
        });
        for chunk in done_rx {
            for (i, done) in chunk {
                writer.put(i, done)?;
            }
        }
        Ok(())
    })
}

/// What the run amounted to.
struct Summary {
    /// Certificates written (`--certify`).
    certs: Option<CertStats>,
    puzzles: usize,
    counts: BTreeMap<&'static str, usize>,
    exit: Exit,
    fatal: Option<String>,
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

/// Writes answers in input order as soon as the next one is ready, and streams them:
/// what is written reaches stdout before the next answer is waited for (within 2 ms in
/// a fast batch, at once after Ctrl-C), so that an interrupted run loses no answer.
struct Writer {
    out: std::io::BufWriter<std::io::Stdout>,
    pending: BTreeMap<usize, Done>,
    next: usize,
    summary: Summary,
    progress: Option<indicatif::ProgressBar>,
    /// `manifest.txt` of the certificate folder, written in input order.
    manifest: Option<Manifest>,
    stop: bool,
    /// Copy input errors to stderr: unless stdout and stderr are one terminal or one
    /// file (`2>&1`), where the stdout line already shows them.
    echo_errors: bool,
    flushed: Instant,
}

impl Writer {
    fn new(progress: Option<indicatif::ProgressBar>) -> Writer {
        Writer {
            out: std::io::BufWriter::with_capacity(1 << 16, std::io::stdout()),
            pending: BTreeMap::new(),
            next: 0,
            summary: Summary {
                certs: None,
                puzzles: 0,
                counts: BTreeMap::new(),
                exit: Exit::Ok,
                fatal: None,
            },
            progress,
            manifest: None,
            stop: false,
            echo_errors: !stdout_is_stderr(),
            flushed: Instant::now(),
        }
    }

    fn put(&mut self, i: usize, done: Done) -> Result<(), Fail> {
        self.pending.insert(i, done);
        while let Some(done) = self.pending.remove(&self.next) {
            self.next += 1;
            if self.stop {
                continue;
            }
            if let Some(msg) = done.fatal {
                self.summary.fatal = Some(msg);
                self.summary.exit = Exit::Failure;
                self.stop = true;
                continue;
            }
            self.write(&done)?;
        }
        // Waiting for the next answer (it may take long): what is written goes out now,
        // unless it went out a moment ago (a fast batch then costs no write per puzzle).
        let age = self.flushed.elapsed();
        let waiting = self.pending.is_empty() && age >= Duration::from_millis(2);
        if ctrl_c().is_set() || waiting || age >= Duration::from_millis(100) {
            self.out.flush()?;
            self.flushed = Instant::now();
        }
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
            m.add(c)?;
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

    fn finish(mut self) -> Result<Summary, Fail> {
        self.out.flush()?;
        if let Some(m) = &mut self.manifest {
            m.flush()?;
        }
        if let Some(bar) = &self.progress {
            bar.finish_and_clear();
        }
        Ok(self.summary)
    }
}

/// `manifest.txt`, written as the answers come (in input order).
pub(super) struct Manifest {
    path: PathBuf,
    out: std::io::BufWriter<std::fs::File>,
}

impl Manifest {
    /// Creates `dir` (if needed) and a new `dir/manifest.txt` with its header.
    pub(super) fn create(dir: &Path) -> Result<Manifest, Fail> {
        std::fs::create_dir_all(dir)
            .map_err(|e| Fail::usage(format!("{}: cannot create: {e}", dir.display())))?;
        let path = dir.join("manifest.txt");
        let file = std::fs::File::create(&path)
            .map_err(|e| Fail::usage(format!("{}: cannot write: {e}", path.display())))?;
        let mut m = Manifest {
            path,
            out: std::io::BufWriter::new(file),
        };
        m.write(&manifest_header())?;
        Ok(m)
    }

    fn write(&mut self, text: &str) -> Result<(), Fail> {
        self.out
            .write_all(text.as_bytes())
            .map_err(|e| Fail::failure(format!("{}: cannot write: {e}", self.path.display())))
    }

    /// Appends the block of one certificate.
    pub(super) fn add(&mut self, c: &Certified) -> Result<(), Fail> {
        self.write(&c.manifest)
    }

    /// Writes out what is buffered.
    pub(super) fn flush(&mut self) -> Result<(), Fail> {
        self.out
            .flush()
            .map_err(|e| Fail::failure(format!("{}: cannot write: {e}", self.path.display())))
    }
}

/// What the certificates of a run came to (`--stats`).
#[derive(Clone, Debug, Default)]
pub(super) struct CertStats {
    entries: usize,
    proofs: usize,
    proof_bytes: u64,
    seconds: f64,
}

impl CertStats {
    pub(super) fn add(&mut self, c: &Certified) {
        self.entries += 1;
        if c.proof_bytes > 0 || c.clauses > 0 {
            self.proofs += 1;
        }
        self.proof_bytes += c.proof_bytes;
        self.seconds += c.seconds;
    }

    /// The `--stats` line about certificates.
    pub(super) fn stats_line(&self, dir: &Path) -> String {
        format!(
            "certificates: {} entries in {} ({} DRAT proofs, {:.1} KiB, {:.3} s summed over threads); \
             the proofs come from a separate CaDiCaL run on the extended encoding, not from \
             the deduction or the solver that answered",
            self.entries,
            dir.display(),
            self.proofs,
            self.proof_bytes as f64 / 1024.0,
            self.seconds
        )
    }
}
