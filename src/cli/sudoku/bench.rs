//! `gridsat sudoku bench`: puzzles per second per configuration, side by side in one run.

use super::args::{GridArgs, read_puzzles};
use super::encode::say;
use crate::cli::input::display_name;
use crate::cli::{Exit, Fail, budget, cputime, parse_seconds};
use clap::Args;
use gridsat_sat::{AmoEncoding, BackendSpec, Budget};
use gridsat_sudoku::{
    Grid, Rules, SolveOptions, SudokuSolver, Verdict, deduce::Presolve, encode::Encoding,
};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The `--solver` help of `bench`.
fn solvers_help() -> String {
    format!(
        "Solvers to compare, comma-separated: {}",
        BackendSpec::help()
    )
}

/// Arguments of `gridsat sudoku bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Puzzle files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Use at most this many puzzles of each file (0 = all).
    #[arg(long, default_value_t = 0)]
    pub limit: usize,
    /// Encodings to compare, comma-separated.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "minimal,efficient,extended,reduced"
    )]
    pub encodings: Vec<Encoding>,
    /// Presolve levels to compare, comma-separated (off, singles, probe).
    #[arg(long, value_enum, value_delimiter = ',', default_value = "probe")]
    pub presolve: Vec<Presolve>,
    /// At-most-one encodings to compare, comma-separated.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "pairwise")]
    pub amo: Vec<AmoEncoding>,
    #[arg(long = "solver", value_delimiter = ',', default_value = "auto", help = solvers_help())]
    pub solvers: Vec<BackendSpec>,
    /// Runs per configuration; medians are reported.
    #[arg(long, default_value_t = 3)]
    pub runs: usize,
    /// Only the uniqueness mode (count to 2), not also the first-solution mode.
    #[arg(long)]
    pub unique_only: bool,
    /// Count conflicts (costs a little time with CaDiCaL) and report them per puzzle.
    #[arg(long)]
    pub conflicts: bool,
    #[command(flatten)]
    pub grid: GridArgs,
    /// Stop after this many seconds in all; the rows measured by then are printed (exit 4).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

/// One configuration to measure.
struct Config {
    encoding: Encoding,
    presolve: Presolve,
    amo: AmoEncoding,
    solver: BackendSpec,
    max: usize,
    mode: &'static str,
}

/// Runs the benchmark and prints a Markdown table. Rates use the median CPU time of
/// the runs (this thread's time: steadier than wall time on a shared machine); the
/// median wall time is shown beside it.
pub fn run(args: BenchArgs) -> Result<Exit, Fail> {
    say(
        "| file | puzzles | encoding | presolve | amo | solver | mode | wall s | CPU s | puzzles/s (CPU) | verdicts |",
    )?;
    say("|---|---:|---|---|---|---|---|---:|---:|---:|---|")?;
    let budget = budget().with_time_limit(args.time_limit);
    let modes: &[(usize, &str)] = if args.unique_only {
        &[(2, "unique")]
    } else {
        &[(1, "first"), (2, "unique")]
    };
    let mut configs = Vec::new();
    for &encoding in &args.encodings {
        for &presolve in &args.presolve {
            for &amo in &args.amo {
                for solver in &args.solvers {
                    for &(max, mode) in modes {
                        configs.push(Config {
                            encoding,
                            presolve,
                            amo,
                            solver: solver.clone(),
                            max,
                            mode,
                        });
                    }
                }
            }
        }
    }
    for path in &args.files {
        let mut grids: Vec<Grid> = Vec::new();
        for item in read_puzzles(path, &args.grid)? {
            grids.push(item?.grid);
            if args.limit > 0 && grids.len() == args.limit {
                break;
            }
        }
        for c in &configs {
            let m = measure(&grids, c, (args.runs.max(1), args.conflicts), &budget)?;
            let puzzles = if m.done == grids.len() {
                grids.len().to_string()
            } else {
                format!("{} of {}", m.done, grids.len())
            };
            if m.done > 0 {
                say(&format!(
                    "| {} | {puzzles} | {} | {} | {} | {} | {} | {:.3} | {:.3} | {:.0} | {} |",
                    display_name(path),
                    c.encoding,
                    c.presolve,
                    c.amo,
                    c.solver,
                    c.mode,
                    m.wall,
                    m.cpu,
                    m.done as f64 / m.cpu,
                    m.summary,
                ))?;
            }
            if m.done < grids.len() {
                let why = budget
                    .stop_reason()
                    .map_or("stopped".into(), |r| r.to_string());
                let last = match m.done {
                    0 => String::new(),
                    _ => format!(" (the last on {puzzles} puzzles)"),
                };
                eprintln!("gridsat: {why}: the rows above were measured{last}, the others not");
                return Ok(Exit::Unknown);
            }
        }
    }
    Ok(Exit::Ok)
}

/// What one configuration measured.
struct Measured {
    /// Median wall seconds.
    wall: f64,
    /// Median CPU seconds.
    cpu: f64,
    /// The verdict counts (and conflicts).
    summary: String,
    /// Puzzles measured: all of them, or fewer when the budget stopped the first run.
    done: usize,
}

/// Median wall and CPU seconds over `runs` runs, and the verdict counts. When the
/// budget stops a run, the runs completed before it count; when it stops the first,
/// the puzzles solved so far do.
fn measure(
    grids: &[Grid],
    c: &Config,
    (runs, conflicts): (usize, bool),
    budget: &Budget,
) -> Result<Measured, Fail> {
    let mut walls = Vec::new();
    let mut cpus = Vec::new();
    let mut summary = String::new();
    for run in 0..runs {
        let one = measure_run(grids, c, conflicts, budget)?;
        if one.done < grids.len() && run > 0 {
            break;
        }
        walls.push(one.wall);
        cpus.push(one.cpu);
        summary = one.summary;
        if one.done < grids.len() {
            return Ok(Measured { summary, ..one });
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    Ok(Measured {
        wall: median(&mut walls),
        cpu: median(&mut cpus),
        summary,
        done: grids.len(),
    })
}

/// One run over `grids`: until the end, or until the budget stops it.
fn measure_run(
    grids: &[Grid],
    c: &Config,
    conflicts: bool,
    budget: &Budget,
) -> Result<Measured, Fail> {
    let mut verdicts = BTreeMap::new();
    let mut total_conflicts = 0u64;
    let mut opts = SolveOptions::default();
    opts.encoding = c.encoding;
    opts.presolve = c.presolve;
    opts.amo = c.amo;
    opts.backend = c.solver.clone();
    opts.max_solutions = c.max;
    opts.count_conflicts = conflicts;
    opts.budget = budget.clone();
    let mut solver = SudokuSolver::new(opts);
    let classic = Rules::classic();
    let (t, cpu) = (Instant::now(), cputime::thread_seconds());
    let mut done = 0;
    for g in grids {
        let a = solver
            .solve(g, &classic)
            .map_err(|e| Fail::failure(e.to_string()))?;
        if a.verdict == Verdict::Unknown && budget.stopped() {
            break;
        }
        if a.verdict == Verdict::Unknown {
            return Err(Fail::failure("a benchmark puzzle ended unknown"));
        }
        *verdicts.entry(a.verdict.name()).or_insert(0usize) += 1;
        total_conflicts += a.stats.conflicts.unwrap_or(0);
        done += 1;
    }
    let cpu = cputime::thread_seconds() - cpu;
    let mut summary: Vec<String> = verdicts.iter().map(|(k, n)| format!("{n} {k}")).collect();
    if conflicts {
        summary.push(format!(
            "{:.1} conflicts/puzzle",
            total_conflicts as f64 / done.max(1) as f64
        ));
    }
    Ok(Measured {
        wall: t.elapsed().as_secs_f64(),
        cpu,
        summary: summary.join(", "),
        done,
    })
}
