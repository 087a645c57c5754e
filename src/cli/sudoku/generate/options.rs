//! The library's generate options and the output format, from the flags of
//! `gridsat sudoku generate` (or a template file).

use super::super::args::read_one;
use super::GenerateArgs;
use crate::cli::manifest::Manifest;
use crate::cli::{Fail, budget};
use gridsat_sudoku::{
    Rules,
    generate::{GenerateOptions, Target},
    io::PuzzleFormat,
    model::{Alphabet, Shape},
    reason::Difficulty,
    report::manifest_header,
};

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
pub fn options(args: &GenerateArgs) -> Result<(GenerateOptions, Option<Alphabet>), Fail> {
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
    if n > 16 && args.difficulty.is_some_and(|d| d >= Difficulty::Hard) {
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
    opts.se = args.se;
    opts.technique = args.technique;
    opts.level = args.level;
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

/// The output format: the one asked for, or the variant format when regions or cages
/// must be written (which only it and JSON can).
pub fn output_format(args: &GenerateArgs, opts: &GenerateOptions) -> Result<OutputFormat, Fail> {
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

/// The certificate folder's manifest (`--certify`), refused for variants.
pub fn certificate_manifest(
    args: &GenerateArgs,
    opts: &GenerateOptions,
) -> Result<Option<Manifest>, Fail> {
    match &args.certify {
        Some(_) if !opts.rules.is_classic() || args.jigsaw || args.killer => Err(Fail::usage(
            "--certify: certificates cover classic Sudoku only, not variants",
        )),
        Some(dir) => Manifest::create(dir, args.certify_overwrite, &manifest_header()).map(Some),
        None => Ok(None),
    }
}
