//! `gridsat sudoku check-encoding`: checks a student's DIMACS encoding of Sudoku and
//! prints a counterexample with the rule it breaks (exit 1), or says that none exists
//! (exit 0).

use super::args::{GridArgs, read_one};
use super::encode::say;
use crate::cli::input::{display_name, read_text};
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sat::BackendSpec;
use gridsat_sudoku::teach::{
    MappingError, Student, TeachError, TeachOptions, VarMap, check_encoding, json, text,
};
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `gridsat sudoku check-encoding`.
#[derive(Args, Debug)]
pub struct CheckEncodingArgs {
    /// The student's clauses, as DIMACS CNF (`-` for stdin).
    pub file: PathBuf,
    /// The variable of "cell (r, c) holds d" as an expression over r, c, d and n (the
    /// side), e.g. '100*r+10*c+d'; r, c and d count from --base.
    #[arg(
        long,
        value_name = "EXPR",
        conflicts_with = "names",
        required_unless_present = "names"
    )]
    pub ids: Option<String>,
    /// Instead of --ids: a file of 'VAR R C D' lines, one per (cell, symbol).
    #[arg(long, value_name = "FILE")]
    pub names: Option<PathBuf>,
    /// Whether r, c and d count from 1 (the course's 100*r+10*c+d) or from 0.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(0..=1))]
    pub base: u8,
    /// The side of the grid (4, 6, 9, 16, 25).
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// A puzzle the clauses are for (its givens): the clauses must allow exactly its solutions.
    #[arg(long, value_name = "FILE")]
    pub puzzle: Option<PathBuf>,
    /// With auxiliary variables: how many random valid grids to try.
    #[arg(long, default_value_t = gridsat_sudoku::api::defaults::TEACH_SAMPLES)]
    pub samples: usize,
    /// The seed of the random valid grids.
    #[arg(long, default_value_t = gridsat_sudoku::api::defaults::TEACH_SEED)]
    pub seed: u64,
    /// Skip the search for redundant clauses.
    #[arg(long)]
    pub no_redundancy: bool,
    /// Stop after this many seconds (the unanswered questions say so; exit 4).
    #[arg(long, value_name = "SECS", value_parser = crate::cli::parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `gridsat sudoku check-encoding`: exit 0 when no problem is found, 1 with a
/// counterexample, 2 for bad input, 4 when the time limit left a question open.
pub fn run(args: CheckEncodingArgs) -> Result<Exit, Fail> {
    let name = display_name(&args.file);
    let cnf = read_text(&args.file)?;
    let student = Student::from_dimacs(&cnf).map_err(|e| match e {
        TeachError::Dimacs { line, column, message } => Fail::usage(format!(
            "{name}:{line}:{column}: {message} (the clauses must be DIMACS CNF: a 'p cnf VARS CLAUSES' line, then clauses ending in 0)"
        )),
        e => Fail::usage(format!("{name}: {e}")),
    })?;
    let map = mapping(&args)?;
    let puzzle = match &args.puzzle {
        Some(path) => Some(read_one(path, &GridArgs::default(), 1)?.grid),
        None => None,
    };
    let mut opts = TeachOptions::default();
    opts.solver = BackendSpec::Cadical;
    opts.samples = args.samples.max(1);
    opts.seed = args.seed;
    opts.redundancy = !args.no_redundancy;
    let budget = crate::cli::budget().with_time_limit(args.time_limit);
    let a =
        check_encoding(&student, &map, puzzle.as_ref(), &opts, &budget).map_err(|e| match e {
            TeachError::Size(m) => Fail::usage(format!("{m} (set --size to the puzzle's side)")),
            TeachError::Stopped(r) => Fail::stopped(format!("stopped: {r}")),
            e => Fail {
                code: Exit::Failure,
                message: e.to_string(),
            },
        })?;
    if args.json {
        say(&json(&a, &student, &map).to_string())?;
    } else {
        say(&text(&a, &student, &map))?;
    }
    Ok(if a.found_problem() {
        Exit::NoSolution
    } else if a.stopped() {
        Exit::Unknown
    } else {
        Exit::Ok
    })
}

fn mapping(args: &CheckEncodingArgs) -> Result<VarMap, Fail> {
    let n = args.size;
    if gridsat_sudoku::model::Shape::for_side(n).is_err() || n > 25 {
        return Err(Fail::usage(format!(
            "--size {n}: expected the side of a classic grid up to 25 (4, 6, 8, 9, 10, 12, 16, 25…)"
        )));
    }
    let bad = |where_: String, e: MappingError| match e {
        MappingError::Expression { .. } => Fail::usage(format!(
            "{where_}: {e} (write it with + - * / ( ), whole numbers and r, c, d, n)"
        )),
        e => Fail::usage(format!("{where_}: {e}")),
    };
    if let Some(path) = &args.names {
        let text = read_text(path)?;
        let name = display_name(path);
        return VarMap::from_names(&text, n, args.base).map_err(|e| match e {
            MappingError::Names {
                line,
                column,
                message,
            } => Fail::usage(format!(
                "{name}:{line}:{column}: {message} (each line: VAR ROW COLUMN SYMBOL)"
            )),
            e => bad(name, e),
        });
    }
    let expr = args.ids.as_deref().unwrap_or_default();
    VarMap::from_expression(expr, n, args.base).map_err(|e| bad("--ids".into(), e))
}
