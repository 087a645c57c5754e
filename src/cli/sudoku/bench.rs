//! `gridsat sudoku bench`: puzzles per second per encoding, side by side in one run.

use super::args::{GridArgs, read_puzzles};
use crate::cli::input::display_name;
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sat::{AmoEncoding, BackendSpec};
use gridsat_sudoku::{Encoding, Grid, SolveOptions, SudokuSolver, Verdict};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

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
        value_delimiter = ',',
        default_value = "minimal,efficient,extended,reduced"
    )]
    pub encodings: Vec<Encoding>,
    /// At-most-one encodings to compare, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "pairwise")]
    pub amo: Vec<AmoEncoding>,
    /// Runs per configuration; the median is reported.
    #[arg(long, default_value_t = 3)]
    pub runs: usize,
    /// Only the uniqueness mode (count to 2), not also the first-solution mode.
    #[arg(long)]
    pub unique_only: bool,
    #[command(flatten)]
    pub grid: GridArgs,
    /// SAT solver.
    #[arg(long, default_value_t = BackendSpec::default())]
    pub solver: BackendSpec,
}

/// Runs the benchmark and prints a Markdown table.
pub fn run(args: BenchArgs) -> Result<Exit, Fail> {
    println!("| file | puzzles | encoding | amo | mode | median s | puzzles/s | verdicts |");
    println!("|---|---:|---|---|---|---:|---:|---|");
    for path in &args.files {
        let mut grids: Vec<Grid> = Vec::new();
        for item in read_puzzles(path, &args.grid)? {
            grids.push(item?.grid);
            if args.limit > 0 && grids.len() == args.limit {
                break;
            }
        }
        let modes: &[(usize, &str)] = if args.unique_only {
            &[(2, "unique")]
        } else {
            &[(1, "first"), (2, "unique")]
        };
        for &enc in &args.encodings {
            for &amo in &args.amo {
                for &(max, mode) in modes {
                    let mut times = Vec::new();
                    let mut verdicts = BTreeMap::new();
                    for _ in 0..args.runs.max(1) {
                        verdicts.clear();
                        let mut solver = SudokuSolver::new(SolveOptions {
                            encoding: enc,
                            amo,
                            backend: args.solver.clone(),
                            max_solutions: max,
                            ..Default::default()
                        });
                        let t = Instant::now();
                        for g in &grids {
                            let a = solver.solve(g).map_err(|e| Fail::failure(e.to_string()))?;
                            *verdicts.entry(a.verdict.name()).or_insert(0usize) += 1;
                            if a.verdict == Verdict::Unknown {
                                return Err(Fail::failure("a benchmark puzzle ended unknown"));
                            }
                        }
                        times.push(t.elapsed().as_secs_f64());
                    }
                    times.sort_by(f64::total_cmp);
                    let median = times[times.len() / 2];
                    let v: Vec<String> = verdicts.iter().map(|(k, n)| format!("{n} {k}")).collect();
                    println!(
                        "| {} | {} | {enc} | {amo} | {mode} | {median:.3} | {:.0} | {} |",
                        display_name(path),
                        grids.len(),
                        grids.len() as f64 / median,
                        v.join(", ")
                    );
                }
            }
        }
    }
    Ok(Exit::Ok)
}
