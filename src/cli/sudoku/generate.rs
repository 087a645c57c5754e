//! `gridsat sudoku generate`: puzzles with exactly one solution, seeded and reproducible.

mod display;
mod options;
mod output;
mod produce;
mod totals;

use super::args::{GridArgs, generate_message};
use super::certstats::CertStats;
use crate::cli::{Exit, Fail, parse_seconds};
use clap::Args;
use gridsat_sat::BackendSpec;
use gridsat_sat::batch::available_threads;
use gridsat_sudoku::{
    generate::{Generator, SeRange, Symmetry},
    reason::{Difficulty, HodokuLevel, Technique},
};
use options::{OutputFormat, certificate_manifest, options, output_format};
use output::Writer;
use produce::produce;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use totals::print_stats;

/// The `--solver` help of `generate`.
fn solver_help() -> String {
    format!(
        "SAT solver for the uniqueness proofs: {}",
        BackendSpec::help()
    )
}

/// Arguments of `gridsat sudoku generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Side N of the grid (4, 6, 8, 9, 12, 16, 25, …); boxes are inferred unless --box is given.
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,
    #[command(flatten)]
    pub grid: GridArgs,
    /// Jigsaw: new random regions for every puzzle.
    #[arg(long)]
    pub jigsaw: bool,
    /// Killer: new random cages (2–4 cells, sums from the solution) for every puzzle.
    #[arg(long)]
    pub killer: bool,
    /// Take shape, alphabet and rules (regions, cages) from the first puzzle of this file.
    #[arg(long, value_name = "FILE")]
    pub template: Option<PathBuf>,
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = gridsat_sudoku::api::defaults::GENERATE_COUNT)]
    pub count: u64,
    /// Seed: the same seed (and options) gives the same puzzles. Default: from the clock.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Symmetry of the givens: none, rot180, rot90, mirror or diagonal.
    #[arg(long, value_name = "SYM", value_enum, default_value_t = Symmetry::default())]
    pub symmetry: Symmetry,
    /// Leave exactly K givens.
    #[arg(long, value_name = "K", conflicts_with = "minimal")]
    pub clues: Option<usize>,
    /// Remove givens until none can go (the default when --clues is absent).
    #[arg(long)]
    pub minimal: bool,
    /// Keep only puzzles of this difficulty: easy, medium, hard or extreme (see `rate`).
    #[arg(long, value_name = "D", value_enum)]
    pub difficulty: Option<Difficulty>,
    /// Keep only puzzles whose Sudoku Explainer rating (ER, the hardest step of the
    /// named-technique path, see `rate`) lies in MIN-MAX, e.g. 7.0-8.0. Gives up after
    /// --max-attempts tries or at --time-limit.
    #[arg(long, value_name = "MIN-MAX")]
    pub se: Option<SeRange>,
    /// Keep only puzzles whose named-technique path uses this technique, e.g. x-wing
    /// (the names of `hint --json`'s "technique").
    #[arg(long, value_name = "NAME", value_enum)]
    pub technique: Option<Technique>,
    /// Keep only puzzles of this HoDoKu-style level: easy, medium, hard, unfair or
    /// extreme (the techniques in HoDoKu's order and points, see `rate`).
    #[arg(long, value_name = "LEVEL", value_enum)]
    pub level: Option<HodokuLevel>,
    /// Keep a removal only when deduction (singles, box–line, probing) still fills the
    /// grid: no solver call at all, so large sparse grids come fast, and every puzzle
    /// can be solved without search.
    #[arg(long)]
    pub no_search: bool,
    /// Choose the givens as a small hitting set of unavoidable sets (cells where a
    /// second solution differs), found by SAT, instead of removing givens one at a
    /// time: about a fifth fewer givens on big grids (classic rules, no symmetry).
    /// With --clues K above the count found, random givens are added up to K.
    #[arg(long, conflicts_with = "no_search")]
    pub hitting_set: bool,
    /// After removal, ROUNDS rounds of thinning (needs --no-search): drop a given, give
    /// instead a cell deduction then cannot fill, and drop the givens that makes
    /// redundant; every step is checked by deduction. 25×25 from 43% to about 37% of
    /// the cells in a few thousand rounds (see docs/guide/sudoku-toolkit.md, Generate).
    #[arg(long, value_name = "ROUNDS", requires = "no_search")]
    pub thin: Option<u64>,
    /// Fresh solution grids to try per puzzle before giving up.
    #[arg(long, value_name = "A", default_value_t = gridsat_sudoku::api::defaults::MAX_ATTEMPTS)]
    pub max_attempts: usize,
    #[arg(long, value_name = "S", default_value_t = BackendSpec::default(), help = solver_help())]
    pub solver: BackendSpec,
    /// Stop after this many seconds in all (puzzles not made by then are reported).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Worker threads, 1 to 256 (output order and content do not depend on it).
    /// Default: all cores.
    #[arg(long, value_name = "T", value_parser = crate::cli::parse_threads)]
    pub threads: Option<usize>,
    /// Output layout; `svg`: printable A4 pages (6 puzzles a page up to 9×9, 2 up to
    /// 16×16, else 1), as one SVG document with the pages stacked, or with --out one
    /// file per page.
    #[arg(long, value_enum)]
    pub format: Option<OutputFormat>,
    /// With --format svg: write page-1.svg, page-2.svg … (solution pages too, with
    /// --with-solution) into this folder instead of one document on stdout.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// One JSON object per puzzle per line, with its solution and rating.
    #[arg(long)]
    pub json: bool,
    /// Also write each solution (a `solution:` section in the variant format, the next
    /// line in the line format, a second block in the grid layouts, solution pages
    /// after the puzzles in SVG).
    #[arg(long)]
    pub with_solution: bool,
    /// Print a summary (puzzles/s, uniqueness proofs, seed) on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Write a certificate of each puzzle's uniqueness into DIR (classic rules only):
    /// the puzzle, a DRAT proof of its standard formula (from a case split of its own,
    /// not the solver that answered), the solution and `manifest.txt`; check it with
    /// `gridsat check-certificate DIR`.
    #[arg(long, value_name = "DIR")]
    pub certify: Option<PathBuf>,
    /// With --certify: DIR may hold an earlier certificate, whose files (manifest.txt,
    /// puzzle-N.*, level-N.*) are removed first (a symlink is removed, never followed);
    /// without it a DIR that is not empty is refused.
    #[arg(long, requires = "certify")]
    pub certify_overwrite: bool,
}

/// Runs `gridsat sudoku generate`.
pub fn run(args: GenerateArgs) -> Result<Exit, Fail> {
    let (opts, alphabet) = options(&args)?;
    let format = output_format(&args, &opts)?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let threads = args
        .threads
        .unwrap_or_else(available_threads)
        .clamp(1, crate::cli::MAX_THREADS)
        .min(args.count.max(1) as usize);
    // Check the options once before starting workers.
    Generator::new(opts.clone()).map_err(|e| Fail::usage(generate_message(&e)))?;
    let manifest = certificate_manifest(&args, &opts)?;
    let t0 = Instant::now();
    let mut writer = Writer {
        seed,
        alphabet: alphabet.as_ref(),
        format,
        json: args.json,
        with_solution: args.with_solution,
        manifest,
        budget: opts.budget.clone(),
        certs: CertStats::default(),
        sheet: Vec::new(),
    };
    let mut totals = produce(&opts, seed, args.count, threads, &mut writer)?;
    if format == OutputFormat::Svg && !args.json {
        writer.write_sheets(args.out.as_deref())?;
    }
    totals.say_unfinished(args.count, &opts.budget);
    if args.stats {
        let detail = opts.difficulty.is_some()
            || opts.se.is_some()
            || opts.technique.is_some()
            || opts.level.is_some()
            || totals.made < args.count;
        print_stats(&totals, t0.elapsed().as_secs_f64(), (threads, seed), detail);
        if let Some(m) = &writer.manifest {
            eprintln!("{}", writer.certs.stats_line(m.dir()));
        }
    }
    Ok(totals.exit)
}
