//! `gridsat sokoban encode`: one horizon's formula as DIMACS; `decode`: a solver's model
//! of it back to a verified plan.

use super::LevelArgs;
use super::levels::one;
use crate::cli::MEMORY_HINT;
use crate::cli::input::{display_name, read_text};
use crate::cli::output::outln;
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sat::dimacs::{SolverAnswer, WriteOptions, parse_model, write_formula};
use gridsat_sokoban::{
    Format,
    encode::{Encoding, ExportError, ExportOptions, ModelError, decode_model, export},
    halt::Halt,
};
use std::io::Write;
use std::path::PathBuf;

/// The formula asked for: the horizon, the encoding, plain or not.
#[derive(Args, Debug)]
pub struct FormulaArgs {
    /// The horizon T (moves or pushes).
    #[arg(long)]
    pub horizon: usize,
    /// Which encoding.
    #[arg(long, value_enum, default_value_t = Encoding::Pushes)]
    pub optimize: Encoding,
    /// The textbook encoding, without any pruning family.
    #[arg(long)]
    pub plain: bool,
}

impl FormulaArgs {
    fn options(&self) -> ExportOptions {
        let mut o = ExportOptions::new(self.optimize, self.horizon);
        o.plain = self.plain;
        o
    }
}

/// Arguments of `encode`.
#[derive(Args, Debug)]
pub struct EncodeArgs {
    #[command(flatten)]
    pub levels: LevelArgs,
    #[command(flatten)]
    pub formula: FormulaArgs,
    /// Output file (default stdout).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

/// The exit code and message of an export that could not be made.
fn export_failure(file: &str, title: &str, e: &ExportError) -> Fail {
    let (code, hint) = match e {
        ExportError::Unsolvable(_) => (Exit::NoSolution, String::new()),
        ExportError::Halted(Halt::Memory(_)) => (Exit::Usage, format!(" ({MEMORY_HINT})")),
        _ => (Exit::Unknown, String::new()),
    };
    Fail {
        code,
        message: format!("{file}: level {title}: {e}{hint}"),
    }
}

pub fn encode(a: EncodeArgs) -> Result<Exit, Fail> {
    let level = one(&a.levels)?;
    let file = display_name(&a.levels.file);
    let opts = a.formula.options();
    let export = export(&level, &opts, &crate::cli::budget())
        .map_err(|e| export_failure(&file, &level.title, &e))?;
    let plain = if opts.plain { " --plain" } else { "" };
    let header = vec![
        format!(
            "gridsat sokoban encode {file} --level {} --horizon {}{plain}",
            level.title, opts.horizon
        ),
        export.claim,
    ];
    let wopts = WriteOptions {
        header,
        variable_names: true,
    };
    let mut w: Box<dyn Write> = match &a.output {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| Fail::usage(format!("{}: cannot write: {e}", path.display())))?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    write_formula(&mut w, &export.formula, &wopts)?;
    w.flush()?;
    Ok(Exit::Ok)
}

/// Arguments of `decode`.
#[derive(Args, Debug)]
pub struct DecodeArgs {
    /// The solver's output: `s`/`v` lines, a MiniSat result file, bare literals or a
    /// Python list.
    pub model: PathBuf,
    /// The level file the formula was made from (XSB collection or course format).
    #[arg(long)]
    pub puzzle: PathBuf,
    /// Level title or 1-based number (titles first).
    #[arg(long, short)]
    pub level: Option<String>,
    /// Input format of the level file.
    #[arg(long, value_enum, default_value_t = Format::Auto)]
    pub format: Format,
    /// The same options as for `encode`.
    #[command(flatten)]
    pub formula: FormulaArgs,
}

/// Reads the model, rebuilds the formula, prints the plan when the model is one:
/// exit 0; a model that is not a plan is exit 1 with the reason.
pub fn decode(a: DecodeArgs) -> Result<Exit, Fail> {
    let levels = LevelArgs {
        file: a.puzzle.clone(),
        level: a.level.clone(),
        format: a.format,
    };
    let level = one(&levels)?;
    let file = display_name(&a.puzzle);
    let name = display_name(&a.model);
    let text = read_text(&a.model)?;
    let title = &level.title;
    let lits = match parse_model(&text).map_err(|e| Fail::usage(format!("{name}: {e}")))? {
        SolverAnswer::Sat(lits) => lits,
        SolverAnswer::Unsat => {
            let units = a.formula.optimize.units();
            outln!(
                "level {title}: unsat: no plan of at most {} {units}",
                a.formula.horizon
            )?;
            return Ok(Exit::NoSolution);
        }
        SolverAnswer::Unknown => {
            outln!("level {title}: unknown: the solver gave no verdict")?;
            return Ok(Exit::Unknown);
        }
    };
    match decode_model(&level, &a.formula.options(), &lits, &crate::cli::budget()) {
        Ok((plan, r)) => {
            outln!(
                "level {title}: valid: solves the level in {} moves, {} pushes",
                r.moves,
                r.pushes
            )?;
            outln!("{plan}")?;
            Ok(Exit::Ok)
        }
        Err(ModelError::Export(e)) => Err(export_failure(&file, title, &e)),
        Err(e @ ModelError::Beyond { .. }) => Err(Fail::usage(format!(
            "{name}: {e} (were the same options used for encode?)"
        ))),
        Err(e) => {
            outln!("level {title}: invalid: {e}")?;
            Err(Fail::negative(format!(
                "{name}: level {title}: the model is not a plan"
            )))
        }
    }
}
