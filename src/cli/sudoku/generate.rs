//! `gridsat sudoku generate`: puzzles with exactly one solution, seeded and reproducible.

use super::args::{GridArgs, read_one};
use super::rate::rating_json;
use crate::cli::{Exit, Fail, ctrl_c};
use clap::Args;
use gridsat_sat::BackendSpec;
use gridsat_sudoku::variants::{variant_json, write_variant_text};
use gridsat_sudoku::{
    Alphabet, GenerateError, GenerateOptions, Generated, Generator, Level, Shape, Symmetry, Target,
};
use serde_json::json;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Output layouts of `generate`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenFormat {
    /// One puzzle per line (`.` for blanks), then a comment.
    Line,
    /// Block layout with box separators; puzzles separated by blank lines.
    Grid,
    /// Whitespace-separated integers, 0 for blanks; puzzles separated by blank lines.
    Ints,
    /// The variant text format (rules, regions, cages, givens): the default for variants.
    Variant,
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
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub count: u64,
    /// Seed: the same seed (and options) gives the same puzzles. Default: from the clock.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Symmetry of the givens: none, rot180, rot90, mirror or diagonal.
    #[arg(long, value_name = "SYM", default_value_t = Symmetry::None)]
    pub symmetry: Symmetry,
    /// Leave exactly K givens.
    #[arg(long, value_name = "K", conflicts_with = "minimal")]
    pub clues: Option<usize>,
    /// Remove givens until none can go (the default when --clues is absent).
    #[arg(long)]
    pub minimal: bool,
    /// Keep only puzzles of this difficulty: easy, medium, hard or extreme (see `rate`).
    #[arg(long, value_name = "D")]
    pub difficulty: Option<Level>,
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
    /// the cells in a few thousand rounds (see README, Sparse giants).
    #[arg(long, value_name = "ROUNDS", requires = "no_search")]
    pub thin: Option<u64>,
    /// Fresh solution grids to try per puzzle before giving up.
    #[arg(long, value_name = "A", default_value_t = 1000)]
    pub max_attempts: usize,
    /// SAT solver for the uniqueness proofs: auto (CaDiCaL here), cadical or batsat.
    #[arg(long, value_name = "S", default_value_t = BackendSpec::default())]
    pub solver: BackendSpec,
    /// Stop after this many seconds in all (puzzles not made by then are reported).
    #[arg(long, value_name = "SECS")]
    pub time_limit: Option<f64>,
    /// Worker threads (output order and content do not depend on it). Default: all cores.
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// Output layout.
    #[arg(long, value_enum)]
    pub format: Option<GenFormat>,
    /// One JSON object per puzzle per line, with its solution and rating.
    #[arg(long)]
    pub json: bool,
    /// Also write each solution (a `solution:` section in the variant format, the next
    /// line in the line format, a second block in the grid layouts).
    #[arg(long)]
    pub with_solution: bool,
    /// Print a summary (puzzles/s, uniqueness proofs, seed) on stderr.
    #[arg(long)]
    pub stats: bool,
}

/// Runs `gridsat sudoku generate`.
pub fn run(args: GenerateArgs) -> Result<Exit, Fail> {
    let (opts, alphabet) = options(&args)?;
    let format = match args.format {
        Some(f) => f,
        None if opts.rules.regions.is_some()
            || !opts.rules.cages.is_empty()
            || opts.random_regions
            || opts.random_cages =>
        {
            GenFormat::Variant
        }
        None => GenFormat::Line,
    };
    let needs_variant = opts.rules.regions.is_some()
        || !opts.rules.cages.is_empty()
        || opts.random_regions
        || opts.random_cages;
    if needs_variant && !args.json && format != GenFormat::Variant {
        return Err(Fail::usage(
            "jigsaw regions and killer cages are written with --format variant or --json",
        ));
    }
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256)
        .min(args.count.max(1) as usize);
    // Check the options once before starting workers.
    Generator::new(opts.clone()).map_err(|e| Fail::usage(e.to_string()))?;
    let t0 = Instant::now();
    let next = AtomicU64::new(0);
    let interrupt = ctrl_c().clone();
    let (tx, rx) = mpsc::channel::<(u64, Result<Generated, GenerateError>)>();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut exit = Exit::Ok;
    let mut totals = (0usize, 0usize, 0usize);
    let mut levels: BTreeMap<Level, usize> = BTreeMap::new();
    let mut made = 0u64;
    let writer = Writer {
        seed,
        alphabet: alphabet.as_ref(),
        format,
        json: args.json,
        with_solution: args.with_solution,
    };
    std::thread::scope(|s| -> Result<(), Fail> {
        for _ in 0..threads {
            let tx = tx.clone();
            let opts = opts.clone();
            let next = &next;
            s.spawn(move || {
                let Ok(mut g) = Generator::new(opts) else {
                    return;
                };
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= args.count || g.options().stopped() {
                        return;
                    }
                    if tx.send((k, g.generate(seed, k))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut pending: BTreeMap<u64, Result<Generated, GenerateError>> = BTreeMap::new();
        let mut want = 0u64;
        for (k, r) in rx {
            pending.insert(k, r);
            while let Some(r) = pending.remove(&want) {
                want += 1;
                match r {
                    Ok(g) => {
                        made += 1;
                        totals.0 += g.proofs.0;
                        totals.1 += g.proofs.1;
                        totals.2 += g.attempts;
                        *levels.entry(g.rating.level).or_default() += 1;
                        writer.write(&mut out, &g, want)?;
                    }
                    Err(e) => {
                        let code = match e {
                            GenerateError::Setup(_) => Exit::Usage,
                            GenerateError::GaveUp(_) | GenerateError::Stopped => Exit::Unknown,
                            _ => Exit::Failure,
                        };
                        eprintln!("gridsat: puzzle {want}: {e}");
                        exit = exit.worst(code);
                    }
                }
            }
        }
        Ok(())
    })?;
    out.flush()?;
    if made < args.count && interrupt.is_set() {
        eprintln!("gridsat: interrupted after {made} puzzles");
        exit = exit.worst(Exit::Unknown);
    }
    if args.stats {
        let secs = t0.elapsed().as_secs_f64();
        let dist: Vec<String> = levels.iter().map(|(l, c)| format!("{l} {c}")).collect();
        eprintln!(
            "generated {made} puzzles in {secs:.2} s ({:.1} puzzles/s, {threads} thread{}); seed {seed}; uniqueness proofs: {} by propagation, {} by SAT; {} attempts; {}",
            made as f64 / secs.max(1e-9),
            if threads == 1 { "" } else { "s" },
            totals.0,
            totals.1,
            totals.2,
            dist.join(", ")
        );
    }
    Ok(exit)
}

fn options(args: &GenerateArgs) -> Result<(GenerateOptions, Option<Alphabet>), Fail> {
    let (shape, mut rules, mut alphabet) = match &args.template {
        Some(path) => {
            let p = read_one(path, &args.grid, 1)?;
            (p.grid.shape(), p.rules, p.alphabet.as_deref().cloned())
        }
        None => {
            let n = args.size.or(args.grid.shape.map(|s| s.n())).unwrap_or(9);
            let shape = match args.grid.shape {
                Some(s) if s.n() == n => s,
                Some(s) => {
                    return Err(Fail::usage(format!(
                        "--size {n} does not match --box {s} ({m}×{m})",
                        m = s.n()
                    )));
                }
                None => Shape::for_side(n).map_err(|m| Fail::usage(format!("--size {n}: {m}")))?,
            };
            (shape, args.grid.rules.clone().unwrap_or_default(), None)
        }
    };
    if args.template.is_some() {
        if let Some(r) = &args.grid.rules {
            rules.merge(r);
        }
    }
    let n = shape.n();
    if let Some(a) = &args.grid.symbols {
        if a.len() != n {
            return Err(Fail::usage(format!(
                "--symbols has {} symbols but the grid is {n}×{n}",
                a.len()
            )));
        }
        alphabet = Some(a.clone());
    } else if alphabet.is_none() {
        alphabet = Alphabet::default_for(n);
    }
    if args.jigsaw && rules.regions.is_some() {
        return Err(Fail::usage(
            "--jigsaw draws new regions, but the template already has some",
        ));
    }
    if args.killer && !rules.cages.is_empty() {
        return Err(Fail::usage(
            "--killer draws new cages, but the template already has some",
        ));
    }
    if n > 16 && args.difficulty.is_some_and(|d| d >= Level::Hard) {
        eprintln!("gridsat: note: hard puzzles above 16×16 are rare; this may take long");
    }
    let mut opts = GenerateOptions::new(shape);
    opts.rules = rules;
    opts.random_regions = args.jigsaw;
    opts.random_cages = args.killer;
    opts.symmetry = args.symmetry;
    opts.target = match args.clues {
        Some(k) => Target::Clues(k),
        None => Target::Minimal,
    };
    opts.difficulty = args.difficulty;
    opts.max_attempts = args.max_attempts.max(1);
    opts.no_search = args.no_search;
    opts.hitting_set = args.hitting_set;
    opts.thin = args.thin.unwrap_or(0);
    opts.backend = args.solver.clone();
    opts.interrupt = Some(ctrl_c().clone());
    opts.deadline = match args.time_limit {
        Some(s) if !(s.is_finite() && s >= 0.0) => {
            return Err(Fail::usage(format!(
                "--time-limit {s}: expected a number of seconds ≥ 0"
            )));
        }
        Some(s) => Some(Instant::now() + std::time::Duration::from_secs_f64(s.min(1e9))),
        None => None,
    };
    Ok((opts, alphabet))
}

/// How generated puzzles are written.
struct Writer<'a> {
    seed: u64,
    alphabet: Option<&'a Alphabet>,
    format: GenFormat,
    json: bool,
    with_solution: bool,
}

impl Writer<'_> {
    /// Writes puzzle number `k`.
    fn write(&self, out: &mut impl Write, g: &Generated, k: u64) -> Result<(), Fail> {
        let (seed, alphabet, format, with_solution) =
            (self.seed, self.alphabet, self.format, self.with_solution);
        let as_json = self.json;
        let givens = g.puzzle.num_givens();
        if as_json {
            let mut m = serde_json::Map::new();
            m.insert("puzzle".into(), json!(k));
            m.insert("seed".into(), json!(seed));
            m.insert("clues".into(), json!(givens));
            m.insert("difficulty".into(), json!(g.rating.level.name()));
            m.extend(variant_json(
                &g.puzzle,
                &g.rules,
                alphabet,
                Some(&g.solution),
            ));
            m.insert("rating".into(), rating_json(&g.rating));
            writeln!(out, "{}", serde_json::Value::Object(m))?;
            return Ok(());
        }
        let note = format!("{givens} givens, {}", g.rating.level);
        match format {
            GenFormat::Line => {
                writeln!(out, "{}  {note}", g.puzzle.to_line(alphabet))?;
                if with_solution {
                    writeln!(
                        out,
                        "{}  solution of puzzle {k}",
                        g.solution.to_line(alphabet)
                    )?;
                }
            }
            GenFormat::Grid | GenFormat::Ints => {
                let a = if format == GenFormat::Grid {
                    alphabet
                } else {
                    None
                };
                writeln!(out, "# puzzle {k}: {note}")?;
                writeln!(out, "{}", g.puzzle.to_block(a))?;
                if with_solution {
                    writeln!(out, "# solution of puzzle {k}")?;
                    writeln!(out, "{}", g.solution.to_block(a))?;
                }
            }
            GenFormat::Variant => {
                writeln!(out, "# puzzle {k}: {note}")?;
                let sol = with_solution.then_some(&g.solution);
                writeln!(
                    out,
                    "{}",
                    write_variant_text(&g.puzzle, &g.rules, alphabet, sol, None)
                )?;
            }
        }
        Ok(())
    }
}
