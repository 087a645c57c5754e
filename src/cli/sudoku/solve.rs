//! `gridsat sudoku solve`: verdicts and verified solutions for every puzzle of a file.

use super::args::{GridArgs, read_puzzles, stdin_path};
use super::output::{Format, JsonAnswer, text_answer};
use crate::cli::input::display_name;
use crate::cli::{Exit, Fail, ctrl_c};
use clap::Args;
use gridsat_sat::{AmoEncoding, BackendSpec};
use gridsat_sudoku::{Encoding, SolveOptions, SudokuSolver, Verdict};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

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
    #[arg(long, value_name = "E", default_value_t = Encoding::default())]
    pub encoding: Encoding,
    /// At-most-one encoding: pairwise, sequential, commander, product or bimander.
    #[arg(long, value_name = "A", default_value_t = AmoEncoding::default())]
    pub amo: AmoEncoding,
    /// SAT solver: cadical (built in), batsat (if built), or external:COMMAND (e.g. external:minisat).
    #[arg(long, value_name = "S", default_value_t = BackendSpec::default())]
    pub solver: BackendSpec,
    /// Stop after this many seconds in all; puzzles not finished are reported `unknown`.
    #[arg(long, value_name = "SECS")]
    pub time_limit: Option<f64>,
    /// Layout of printed solutions.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    pub format: Format,
    /// One JSON object per puzzle per line instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `gridsat sudoku solve`.
pub fn run(args: SolveArgs) -> Result<Exit, Fail> {
    let paths = if args.files.is_empty() {
        vec![stdin_path()]
    } else {
        args.files.clone()
    };
    let deadline = match args.time_limit {
        Some(s) if !(s.is_finite() && s >= 0.0) => {
            return Err(Fail::usage(format!(
                "--time-limit {s}: expected a number of seconds ≥ 0"
            )));
        }
        Some(s) => Some(Instant::now() + Duration::from_secs_f64(s.min(1e9))),
        None => None,
    };
    let interrupt = ctrl_c().clone();
    let several = paths.len() > 1;
    let mut items = Vec::new();
    for path in &paths {
        let name = display_name(path);
        items.extend(
            read_puzzles(path, &args.grid)?
                .into_iter()
                .map(|i| (name.clone(), i)),
        );
    }
    let max = if args.first { 1 } else { args.count as usize };
    let mut solver = SudokuSolver::new(SolveOptions {
        encoding: args.encoding,
        amo: args.amo,
        backend: args.solver.clone(),
        max_solutions: max,
        deadline,
        interrupt: Some(interrupt.clone()),
    });
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut exit = Exit::Ok;
    let mut k_in_file = 0;
    let mut last_file = String::new();
    for (file, item) in items {
        if file != last_file {
            k_in_file = 0;
            last_file = file.clone();
        }
        k_in_file += 1;
        let k = k_in_file;
        let label = if several {
            format!("{file} puzzle {k}")
        } else {
            format!("puzzle {k}")
        };
        let json_file = several.then(|| file.clone());
        let puzzle = match item {
            Ok(p) => p,
            Err(fail) => {
                eprintln!("gridsat: {}", fail.message);
                if args.json {
                    let mut j = JsonAnswer::other(k, "error", Some(fail.message));
                    j.file = json_file;
                    writeln!(out, "{}", serde_json::to_string(&j).expect("serializable"))?;
                }
                exit = exit.worst(Exit::Usage);
                continue;
            }
        };
        let stopped = interrupt.is_set() || deadline.is_some_and(|d| Instant::now() >= d);
        if stopped {
            if args.json {
                let mut j = JsonAnswer::other(k, "unknown", None);
                j.file = json_file;
                writeln!(out, "{}", serde_json::to_string(&j).expect("serializable"))?;
            } else {
                writeln!(
                    out,
                    "{label}: unknown (not started: time limit or interrupt)"
                )?;
            }
            exit = exit.worst(Exit::Unknown);
            continue;
        }
        let answer = solver.solve(&puzzle.grid).map_err(|e| {
            let _ = out.flush();
            Fail::failure(format!("{label}: {e}"))
        })?;
        let alphabet = puzzle.alphabet.as_ref();
        if args.json {
            let mut j = JsonAnswer::from_answer(k, &answer, alphabet);
            j.file = json_file;
            writeln!(out, "{}", serde_json::to_string(&j).expect("serializable"))?;
        } else {
            writeln!(
                out,
                "{}",
                text_answer(&label, &answer, alphabet, args.format)
            )?;
        }
        exit = exit.worst(match answer.verdict {
            Verdict::Unique | Verdict::Sat => Exit::Ok,
            Verdict::Multiple => Exit::Multiple,
            Verdict::Unsat => Exit::NoSolution,
            Verdict::Unknown => Exit::Unknown,
        });
    }
    out.flush()?;
    Ok(exit)
}
