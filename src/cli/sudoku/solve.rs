//! `gridsat sudoku solve`: verdicts and verified solutions for every puzzle, streamed in
//! input order, on several threads.

use super::args::{
    GridArgs, exit_of, memory_message, parse_message, solve_message, stdin_path, warn_parsed,
};
use super::output::{JsonAnswer, text_answer};
use crate::cli::input::{display_name, read_text, stdin_interrupted, stdin_reader};
use crate::cli::{Exit, Fail, budget, ctrl_c, parse_seconds};
use clap::Args;
use gridsat_sat::{AmoEncoding, BackendSpec, MemoryExceeded, Verdict as _};
use gridsat_sudoku::{
    CageEncoding, Encoding, Layout, ParseOptions, ParsedPuzzle, Presolve, SolveError, SolveOptions,
    SudokuSolver, parse_puzzles, parse_reader,
};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
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
}

/// How every puzzle is answered (shared by the workers).
struct Answerer {
    opts: SolveOptions,
    several: bool,
    json: bool,
    format: Layout,
}

impl Answerer {
    fn solver(&self) -> SudokuSolver {
        SudokuSolver::new(self.opts.clone())
    }

    /// The verdict `unknown` for a puzzle whose formula would not fit the memory budget.
    fn too_large(
        &self,
        label: &str,
        k: usize,
        m: &MemoryExceeded,
        json_line: impl Fn(JsonAnswer) -> String,
    ) -> Done {
        let reason = format!("memory limit: {m}");
        let text = if self.json {
            let mut j = JsonAnswer::other(k, "unknown", None);
            j.reason = Some(reason);
            json_line(j)
        } else {
            format!("{label}: unknown (memory limit: {})", memory_message(m))
        };
        Done {
            text,
            exit: Exit::Unknown,
            status: "unknown",
            fatal: None,
            error: None,
        }
    }

    fn answer(&self, solver: &mut SudokuSolver, job: Job) -> Done {
        let label = if self.several {
            format!("{} puzzle {}", job.file, job.k)
        } else {
            format!("puzzle {}", job.k)
        };
        let json_file = self.several.then(|| job.file.clone());
        let json_line = |mut j: JsonAnswer| {
            j.file = json_file.clone();
            serde_json::to_string(&j).expect("serializable")
        };
        let puzzle = match job.item {
            Ok(p) => p,
            Err(message) => {
                let text = if self.json {
                    json_line(JsonAnswer::other(job.k, "error", Some(message.clone())))
                } else {
                    format!("{label}: error: {message}")
                };
                return Done {
                    text,
                    exit: Exit::Usage,
                    status: "error",
                    fatal: None,
                    error: Some(message),
                };
            }
        };
        if let Some(r) = self.opts.budget.stop_reason() {
            let text = if self.json {
                let mut j = JsonAnswer::other(job.k, "unknown", None);
                j.reason = Some(format!("not started: {r}"));
                json_line(j)
            } else {
                format!("{label}: unknown (not started: time limit or interrupt)")
            };
            return Done {
                text,
                exit: Exit::Unknown,
                status: "unknown",
                fatal: None,
                error: None,
            };
        }
        let answer = match solver.solve(&puzzle.grid, &puzzle.rules) {
            Ok(a) => a,
            Err(SolveError::Memory(m)) => return self.too_large(&label, job.k, &m, json_line),
            Err(e) => {
                return Done {
                    text: String::new(),
                    exit: Exit::Failure,
                    status: "failure",
                    fatal: Some(format!("{label}: {}", solve_message(&e))),
                    error: None,
                };
            }
        };
        let alphabet = puzzle.alphabet.as_deref();
        let text = if self.json {
            json_line(JsonAnswer::from_answer(job.k, &answer, alphabet))
        } else {
            text_answer(&label, &answer, alphabet, self.format)
        };
        Done {
            text,
            exit: exit_of(answer.conclusion()),
            status: answer.verdict.name(),
            fatal: None,
            error: None,
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
    if threads == 1 {
        let mut solver = answerer.solver();
        for (i, job) in jobs.enumerate() {
            if writer.stop {
                break;
            }
            writer.put(i, answerer.answer(&mut solver, job))?;
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
                                let done = answerer.answer(&mut solver, job);
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
                puzzles: 0,
                counts: BTreeMap::new(),
                exit: Exit::Ok,
                fatal: None,
            },
            progress,
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
        if let Some(bar) = &self.progress {
            bar.finish_and_clear();
        }
        Ok(self.summary)
    }
}
