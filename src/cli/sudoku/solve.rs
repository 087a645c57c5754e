//! `gridsat sudoku solve`: verdicts and verified solutions for every puzzle, streamed in
//! input order, on several threads.

mod answer;
mod inputs;
mod stream;

use super::args::{GridArgs, stdin_path};
use crate::cli::input::stdin_interrupted;
use crate::cli::manifest::Manifest;
use crate::cli::{Exit, Fail, budget, parse_seconds};
use answer::Answerer;
use clap::Args;
use gridsat_sat::batch::{Batch, available_threads};
use gridsat_sat::{AmoEncoding, BackendSpec};
use gridsat_sudoku::{
    SolveOptions,
    deduce::Presolve,
    encode::{CageEncoding, Encoding},
    io::Layout,
    report::manifest_header,
    solve::SparsePath,
};
use inputs::{jobs, progress_bar, read_inputs};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use stream::{Writer, print_stats};

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
    #[arg(long = "count", value_name = "K", default_value_t = gridsat_sudoku::api::defaults::COUNT as u64, value_parser = clap::value_parser!(u64).range(1..=gridsat_sudoku::api::defaults::MAX_SOLUTIONS as u64))]
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
    /// Sparse path for empty and nearly empty classic grids (search without a formula, a second solution shown for `multiple`): auto, off or always.
    #[arg(long, value_name = "W", value_enum, default_value_t = SparsePath::default())]
    pub sparse: SparsePath,
    #[arg(long, value_name = "S", default_value_t = BackendSpec::default(), help = solver_help())]
    pub solver: BackendSpec,
    /// Stop after this many seconds in all; puzzles not finished are reported `unknown`.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Worker threads, 1 to 256 (default: all cores). Answers still come in input order.
    #[arg(long, value_name = "N", value_parser = crate::cli::parse_threads)]
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
    /// Write a certificate of every verdict into DIR (classic rules only): the puzzle,
    /// a DRAT proof of its standard formula (from a case split of its own, not the
    /// solver that answered), the solution(s) and `manifest.txt`; check it with
    /// `gridsat check-certificate DIR`.
    #[arg(long, value_name = "DIR")]
    pub certify: Option<PathBuf>,
    /// With --certify: DIR may hold an earlier certificate, whose files (manifest.txt,
    /// puzzle-N.*, level-N.*) are removed first (a symlink is removed, never followed);
    /// without it a DIR that is not empty is refused.
    #[arg(long, requires = "certify")]
    pub certify_overwrite: bool,
}

/// Runs `gridsat sudoku solve`.
pub fn run(args: SolveArgs) -> Result<Exit, Fail> {
    let t0 = Instant::now();
    let paths = if args.files.is_empty() {
        vec![stdin_path()]
    } else {
        args.files.clone()
    };
    let threads = args.threads.unwrap_or_else(available_threads);
    let answerer = Answerer {
        opts: solve_options(&args),
        several: paths.len() > 1,
        json: args.json,
        format: args.format,
        certify: args.certify.clone(),
    };
    let opts = args.grid.parse_options();
    let texts = read_inputs(&paths, &opts)?;
    let mut writer = Writer::new(progress_bar(&texts, &opts));
    if let Some(dir) = &args.certify {
        let header = manifest_header();
        writer.manifest = Some(Manifest::create(dir, args.certify_overwrite, &header)?);
    }
    // Workers read the puzzles themselves, in chunks that grow to 64: every thread is
    // busy with real work (a separate reader thread spent its time waking and waiting
    // on a two-core machine), and quick puzzles cost little locking each.
    Batch::new(threads).chunk(64).window(WINDOW).run(
        jobs(&texts, &opts, &args.grid),
        |_| answerer.solver(),
        |solver, i, job| answerer.answer(solver, job, i),
        &mut writer,
    )?;
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

/// The most answers finished and not yet written (bounds memory on a long input).
const WINDOW: usize = 4096;

/// The library's options from the flags, under the run's budget.
fn solve_options(args: &SolveArgs) -> SolveOptions {
    let mut o = SolveOptions::default();
    o.encoding = args.encoding;
    o.presolve = args.presolve;
    o.amo = args.amo;
    o.sparse = args.sparse;
    o.cages = args.cages;
    o.backend = args.solver.clone();
    o.max_solutions = if args.first { 1 } else { args.count as usize };
    o.budget = budget().with_time_limit(args.time_limit);
    o
}
