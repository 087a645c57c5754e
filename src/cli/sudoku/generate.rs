//! `gridsat sudoku generate`: puzzles with exactly one solution, seeded and reproducible.

use super::args::{GridArgs, generate_message, read_one};
use super::solve::{CertStats, Manifest};
use crate::cli::{Exit, Fail, budget, ctrl_c, parse_seconds};
use clap::Args;
use gridsat_sat::solver::RefuteError;
use gridsat_sat::{BackendSpec, Budget};
use gridsat_sudoku::{
    Alphabet, GenerateError, GenerateOptions, Generated, Generator, Level, Progress, ProgressFn,
    PuzzleFormat, Rules, Shape, SheetPuzzle, Symmetry, Target, Tried, Written, generated_json,
    sheet_document, sheet_pages,
};
use gridsat_sudoku::{CertificateError, Claim, certify};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

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
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub count: u64,
    /// Seed: the same seed (and options) gives the same puzzles. Default: from the clock.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Symmetry of the givens: none, rot180, rot90, mirror or diagonal.
    #[arg(long, value_name = "SYM", value_enum, default_value_t = Symmetry::None)]
    pub symmetry: Symmetry,
    /// Leave exactly K givens.
    #[arg(long, value_name = "K", conflicts_with = "minimal")]
    pub clues: Option<usize>,
    /// Remove givens until none can go (the default when --clues is absent).
    #[arg(long)]
    pub minimal: bool,
    /// Keep only puzzles of this difficulty: easy, medium, hard or extreme (see `rate`).
    #[arg(long, value_name = "D", value_enum)]
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
    #[arg(long, value_name = "S", default_value_t = BackendSpec::default(), help = solver_help())]
    pub solver: BackendSpec,
    /// Stop after this many seconds in all (puzzles not made by then are reported).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Worker threads (output order and content do not depend on it). Default: all cores.
    #[arg(long, value_name = "T")]
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
    /// the formula, a DRAT proof from a separate CaDiCaL run, the solution and
    /// `manifest.txt`; check it with `gridsat check-certificate DIR`.
    #[arg(long, value_name = "DIR")]
    pub certify: Option<PathBuf>,
}

/// What the run made, for the summary.
struct Totals {
    /// Puzzles made or reported as failed.
    reported: u64,
    made: u64,
    proofs: (usize, usize),
    attempts: usize,
    levels: BTreeMap<Level, usize>,
    exit: Exit,
    /// What the generators tried, made or not.
    tried: Tried,
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
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256)
        .min(args.count.max(1) as usize);
    // Check the options once before starting workers.
    Generator::new(opts.clone()).map_err(|e| Fail::usage(generate_message(&e)))?;
    let certify = match &args.certify {
        Some(_) if !opts.rules.is_classic() || args.jigsaw || args.killer => {
            return Err(Fail::usage(
                "--certify: certificates cover classic Sudoku only, not variants",
            ));
        }
        Some(dir) => Some((dir.clone(), Mutex::new(Manifest::create(dir)?))),
        None => None,
    };
    let t0 = Instant::now();
    let writer = Writer {
        seed,
        alphabet: alphabet.as_ref(),
        format,
        json: args.json,
        with_solution: args.with_solution,
        certify,
        budget: opts.budget.clone(),
        certs: Mutex::new(CertStats::default()),
        sheet: RefCell::new(Vec::new()),
    };
    let mut totals = produce(&opts, seed, args.count, threads, &writer)?;
    if let Some((_, m)) = &writer.certify {
        m.lock().expect("manifest lock").flush()?;
    }
    if format == OutputFormat::Svg && !args.json {
        writer.write_sheets(args.out.as_deref())?;
    }
    if totals.made < args.count && ctrl_c().is_set() {
        eprintln!("gridsat: interrupted after {} puzzles", totals.made);
        totals.exit = totals.exit.worst(Exit::Unknown);
    } else if totals.reported < args.count {
        let why = opts
            .budget
            .stop_reason()
            .map_or("stopped".to_string(), |r| r.to_string());
        let first = totals.reported + 1;
        let range = if first == args.count {
            format!("puzzle {first} was")
        } else {
            format!("puzzles {first}–{} were", args.count)
        };
        eprintln!("gridsat: {why}: {range} not started");
        totals.exit = totals.exit.worst(Exit::Unknown);
    }
    if args.stats {
        let detail = opts.difficulty.is_some() || totals.made < args.count;
        print_stats(&totals, t0.elapsed().as_secs_f64(), (threads, seed), detail);
        if let Some((dir, _)) = &writer.certify {
            let certs = writer.certs.lock().expect("stats lock");
            eprintln!("{}", certs.stats_line(dir));
        }
    }
    Ok(totals.exit)
}

/// The output format: the one asked for, or the variant format when regions or cages
/// must be written (which only it and JSON can).
fn output_format(args: &GenerateArgs, opts: &GenerateOptions) -> Result<OutputFormat, Fail> {
    let needs_variant = opts.rules.regions().is_some()
        || !opts.rules.cages().is_empty()
        || opts.random_regions
        || opts.random_cages;
    let format = match args.format {
        Some(f) => f,
        None if needs_variant => OutputFormat::Text(PuzzleFormat::Variant),
        None => OutputFormat::Text(PuzzleFormat::Line),
    };
    if args.out.is_some() && (format != OutputFormat::Svg || args.json) {
        return Err(Fail::usage("--out DIR writes the pages of --format svg"));
    }
    let drawn = matches!(
        format,
        OutputFormat::Svg | OutputFormat::Text(PuzzleFormat::Variant)
    );
    if needs_variant && !args.json && !drawn {
        return Err(Fail::usage(
            "jigsaw regions and killer cages are written with --format variant, --format svg or --json",
        ));
    }
    Ok(format)
}

/// Generates puzzles 0..count on `threads` workers and writes them in order.
fn produce(
    opts: &GenerateOptions,
    seed: u64,
    count: u64,
    threads: usize,
    writer: &Writer,
) -> Result<Totals, Fail> {
    let next = AtomicU64::new(0);
    let display = Display::new(threads, count);
    let (tx, rx) = mpsc::channel::<(u64, Result<Generated, GenerateError>)>();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut totals = Totals {
        reported: 0,
        made: 0,
        proofs: (0, 0),
        attempts: 0,
        levels: BTreeMap::new(),
        exit: Exit::Ok,
        tried: Tried::default(),
    };
    std::thread::scope(|s| -> Result<(), Fail> {
        let mut workers = Vec::new();
        for w in 0..threads {
            let tx = tx.clone();
            let (mut opts, next) = (opts.clone(), &next);
            let current = Arc::new(AtomicU64::new(0));
            opts.progress = display.hook(w, &current);
            workers.push(s.spawn(move || {
                let Ok(mut g) = Generator::new(opts) else {
                    return Tried::default();
                };
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= count || g.options().budget.stopped() {
                        return g.tried();
                    }
                    current.store(k + 1, Ordering::Relaxed);
                    if tx.send((k, g.generate(seed, k))).is_err() {
                        return g.tried();
                    }
                }
            }));
        }
        drop(tx);
        let mut pending: BTreeMap<u64, Result<Generated, GenerateError>> = BTreeMap::new();
        let mut want = 0u64;
        for (k, r) in rx {
            pending.insert(k, r);
            while let Some(r) = pending.remove(&want) {
                want += 1;
                display.suspend(|| totals.record(r, want, &mut out, writer))?;
                display.made();
            }
        }
        for w in workers {
            totals.tried.add(&w.join().unwrap_or_default());
        }
        Ok(())
    })?;
    out.flush()?;
    display.finish();
    Ok(totals)
}

/// The progress display on stderr, when it is a terminal: a line per worker saying what
/// it does with its puzzle, and the count made.
struct Display {
    multi: Option<indicatif::MultiProgress>,
    workers: Vec<indicatif::ProgressBar>,
    total: Option<indicatif::ProgressBar>,
}

impl Display {
    fn new(threads: usize, count: u64) -> Display {
        if !std::io::stderr().is_terminal() {
            return Display {
                multi: None,
                workers: Vec::new(),
                total: None,
            };
        }
        let multi = indicatif::MultiProgress::new();
        let total = multi.add(indicatif::ProgressBar::new(count));
        total.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles  {elapsed}")
                .expect("valid template"),
        );
        let workers = (0..threads)
            .map(|_| {
                let b = multi.add(indicatif::ProgressBar::new_spinner());
                b.enable_steady_tick(std::time::Duration::from_millis(200));
                b
            })
            .collect();
        Display {
            multi: Some(multi),
            workers,
            total: Some(total),
        }
    }

    /// The progress hook of worker `w`, whose current puzzle (1-based) is `current`.
    fn hook(&self, w: usize, current: &Arc<AtomicU64>) -> Option<ProgressFn> {
        let bar = self.workers.get(w)?.clone();
        let current = Arc::clone(current);
        Some(ProgressFn(Arc::new(move |p: Progress| {
            let k = current.load(Ordering::Relaxed);
            bar.set_message(format!("puzzle {k}: {p}"));
        })))
    }

    /// Runs `f` (which prints) with the display out of the way.
    fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.multi {
            Some(m) => m.suspend(f),
            None => f(),
        }
    }

    fn made(&self) {
        if let Some(t) = &self.total {
            t.inc(1);
        }
    }

    fn finish(&self) {
        for b in self.workers.iter().chain(&self.total) {
            b.finish_and_clear();
        }
    }
}

impl Totals {
    /// Writes puzzle `k` (1-based), or reports why it was not made.
    fn record(
        &mut self,
        r: Result<Generated, GenerateError>,
        k: u64,
        out: &mut impl Write,
        writer: &Writer,
    ) -> Result<(), Fail> {
        match r {
            Ok(g) => {
                self.reported += 1;
                self.made += 1;
                self.proofs.0 += g.proofs.0;
                self.proofs.1 += g.proofs.1;
                self.attempts += g.attempts;
                *self.levels.entry(g.rating.level).or_default() += 1;
                writer.write(out, &g, k)?;
            }
            Err(e) => {
                self.reported += 1;
                let code = match e {
                    GenerateError::Rules(_)
                    | GenerateError::Encode(_)
                    | GenerateError::TooManyClues { .. }
                    | GenerateError::HittingSet
                    | GenerateError::Thin
                    | GenerateError::NoGrid { .. } => Exit::Usage,
                    GenerateError::GaveUp(_) | GenerateError::Stopped(_) => Exit::Unknown,
                    _ => Exit::Failure,
                };
                eprintln!("gridsat: puzzle {k}: {}", generate_message(&e));
                self.exit = self.exit.worst(code);
            }
        }
        Ok(())
    }
}

/// The `--stats` summary on stderr; with `detail`, what was tried in all (every
/// attempt, climbing step and rating, for the puzzles made and the others).
fn print_stats(t: &Totals, secs: f64, (threads, seed): (usize, u64), detail: bool) {
    let dist: Vec<String> = t.levels.iter().map(|(l, c)| format!("{l} {c}")).collect();
    let mut line = format!(
        "generated {} puzzles in {secs:.2} s ({:.1} puzzles/s, {threads} thread{}); seed {seed}",
        t.made,
        t.made as f64 / secs.max(1e-9),
        if threads == 1 { "" } else { "s" },
    );
    if t.made > 0 {
        line.push_str(&format!(
            "; uniqueness proofs: {} by propagation, {} by SAT; {} attempts; {}",
            t.proofs.0,
            t.proofs.1,
            t.attempts,
            dist.join(", ")
        ));
    }
    if detail {
        let a = &t.tried;
        let rated: Vec<String> = Level::ALL
            .iter()
            .map(|l| format!("{l} {}", a.rated[*l as usize]))
            .collect();
        // The proofs of puzzles not delivered, when there were any.
        let proofs = if a.proofs == t.proofs {
            String::new()
        } else {
            format!(
                ", uniqueness proofs {} by propagation and {} by SAT",
                a.proofs.0, a.proofs.1
            )
        };
        line.push_str(&format!(
            "; tried in all: {} attempts, {} climbing steps{proofs}, puzzles rated {}",
            a.attempts,
            a.climb_steps,
            rated.join(", ")
        ));
    }
    eprintln!("{line}");
}

/// The shape, rules and alphabet: from the template's first puzzle, or from the flags.
fn template(args: &GenerateArgs) -> Result<(Shape, Rules, Option<Alphabet>), Fail> {
    if let Some(path) = &args.template {
        let p = read_one(path, &args.grid, 1)?;
        return Ok((p.grid.shape(), p.rules, p.alphabet.as_deref().cloned()));
    }
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
    Ok((shape, args.grid.rules.clone().unwrap_or_default(), None))
}

/// The library's options from the flags, and the alphabet puzzles are written in.
fn options(args: &GenerateArgs) -> Result<(GenerateOptions, Option<Alphabet>), Fail> {
    let (shape, mut rules, mut alphabet) = template(args)?;
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
    if args.jigsaw && rules.regions().is_some() {
        return Err(Fail::usage(
            "--jigsaw draws new regions, but the template already has some",
        ));
    }
    if args.killer && !rules.cages().is_empty() {
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
    opts.budget = budget().with_time_limit(args.time_limit);
    Ok((opts, alphabet))
}

/// The `--format` values: the library's text formats, and SVG pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    /// A text format.
    Text(PuzzleFormat),
    /// Printable A4 pages as SVG.
    Svg,
}

impl clap::ValueEnum for OutputFormat {
    fn value_variants<'a>() -> &'a [Self] {
        static ALL: std::sync::OnceLock<Vec<OutputFormat>> = std::sync::OnceLock::new();
        ALL.get_or_init(|| {
            let text = PuzzleFormat::ALL.iter().map(|&f| OutputFormat::Text(f));
            text.chain([OutputFormat::Svg]).collect()
        })
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        match self {
            OutputFormat::Text(f) => f.to_possible_value(),
            OutputFormat::Svg => Some(
                clap::builder::PossibleValue::new("svg")
                    .help("Printable A4 pages (SVG), solution pages with --with-solution"),
            ),
        }
    }
}

/// How generated puzzles are written.
struct Writer<'a> {
    seed: u64,
    alphabet: Option<&'a Alphabet>,
    format: OutputFormat,
    json: bool,
    with_solution: bool,
    /// The certificate folder and its manifest (`--certify`).
    certify: Option<(PathBuf, Mutex<Manifest>)>,
    budget: Budget,
    certs: Mutex<CertStats>,
    /// The puzzles made so far, for SVG pages (written when all are made).
    sheet: RefCell<Vec<(String, Generated)>>,
}

impl Writer<'_> {
    /// Writes puzzle number `k`.
    fn write(&self, out: &mut impl Write, g: &Generated, k: u64) -> Result<(), Fail> {
        let givens = g.puzzle.num_givens();
        if self.json {
            writeln!(out, "{}", generated_json(k, self.seed, g, self.alphabet))?;
            return self.certify(g, k);
        }
        let note = format!("{givens} givens, {}", g.rating.level);
        let format = match self.format {
            OutputFormat::Text(f) => f,
            OutputFormat::Svg => {
                let caption = format!("puzzle {k} · {note}");
                self.sheet.borrow_mut().push((caption, g.clone()));
                return self.certify(g, k);
            }
        };
        let written = Written {
            index: k,
            note: &note,
            puzzle: &g.puzzle,
            rules: &g.rules,
            alphabet: self.alphabet,
            solution: self.with_solution.then_some(&g.solution),
        };
        write!(out, "{}", format.write(&written))?;
        self.certify(g, k)
    }

    /// Writes the certificate of puzzle `k` (`--certify`): unique by construction, the
    /// proof comes from a separate CaDiCaL run.
    fn certify(&self, g: &Generated, k: u64) -> Result<(), Fail> {
        let Some((dir, manifest)) = &self.certify else {
            return Ok(());
        };
        let claim = Claim::unique(&g.puzzle, &g.rules, self.alphabet, &g.solution);
        let c = certify(dir, k as usize, &claim, &self.budget).map_err(|e| match e {
            CertificateError::Variant => Fail::usage(format!("--certify: {e}")),
            CertificateError::Proof(RefuteError::Stopped) => {
                Fail::stopped(format!("puzzle {k}: certificate: {e}"))
            }
            e => Fail::failure(format!("puzzle {k}: certificate: {e}")),
        })?;
        manifest.lock().expect("manifest lock").add(&c)?;
        self.certs.lock().expect("stats lock").add(&c);
        Ok(())
    }

    /// Writes the SVG pages of the puzzles made: one document on stdout, or one file per
    /// page into `dir` (`page-1.svg` …).
    fn write_sheets(&self, dir: Option<&std::path::Path>) -> Result<(), Fail> {
        let made = self.sheet.borrow();
        let items: Vec<SheetPuzzle> = made
            .iter()
            .map(|(caption, g)| SheetPuzzle {
                puzzle: &g.puzzle,
                rules: &g.rules,
                caption,
                solution: Some(&g.solution),
            })
            .collect();
        let bad = |e: gridsat_sudoku::SvgError| Fail::failure(e.to_string());
        let Some(dir) = dir else {
            let doc = sheet_document(&items, self.alphabet, self.with_solution).map_err(bad)?;
            std::io::stdout().lock().write_all(doc.as_bytes())?;
            return Ok(());
        };
        let pages = sheet_pages(&items, self.alphabet, self.with_solution).map_err(bad)?;
        std::fs::create_dir_all(dir)
            .map_err(|e| Fail::usage(format!("{}: cannot create: {e}", dir.display())))?;
        for (i, page) in pages.iter().enumerate() {
            let path = dir.join(format!("page-{}.svg", i + 1));
            std::fs::write(&path, page)
                .map_err(|e| Fail::usage(format!("{}: cannot write: {e}", path.display())))?;
        }
        eprintln!(
            "gridsat: wrote {} pages into {}",
            pages.len(),
            dir.display()
        );
        Ok(())
    }
}
