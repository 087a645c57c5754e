//! `gridsat sokoban encode`: one horizon's formula as DIMACS.

use super::LevelArgs;
use super::levels::one;
use crate::cli::input::display_name;
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sat::dimacs::{WriteOptions, write_formula};
use gridsat_sokoban::{Encoding, ExportError, Halt, export};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `encode`.
#[derive(Args, Debug)]
pub struct EncodeArgs {
    #[command(flatten)]
    pub levels: LevelArgs,
    /// The horizon T (moves or pushes).
    #[arg(long)]
    pub horizon: usize,
    /// Which encoding.
    #[arg(long, value_enum, default_value_t = Encoding::Pushes)]
    pub optimize: Encoding,
    /// Output file (default stdout).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

pub fn encode(a: EncodeArgs) -> Result<Exit, Fail> {
    let level = one(&a.levels)?;
    let file = display_name(&a.levels.file);
    let budget = crate::cli::budget();
    let export = export(&level, a.optimize, a.horizon, &budget).map_err(|e| {
        let (code, hint) = match &e {
            ExportError::Unsolvable(_) => (Exit::NoSolution, ""),
            ExportError::Halted(Halt::Memory(_)) => (Exit::Usage, " (--max-memory SIZE raises it)"),
            _ => (Exit::Unknown, ""),
        };
        Fail {
            code,
            message: format!("{file}: level {}: {e}{hint}", level.title),
        }
    })?;
    let header = vec![
        format!(
            "gridsat sokoban encode {file} --level {} --horizon {}",
            level.title, a.horizon
        ),
        export.claim,
    ];
    let opts = WriteOptions {
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
    write_formula(&mut w, &export.formula, &opts)?;
    w.flush()?;
    Ok(Exit::Ok)
}
