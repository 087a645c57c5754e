//! `gridsat sudoku hint`: the next step for a player, with its reason.

use super::args::{GridArgs, readable, selected};
use super::dispatch::AnySolver;
use super::logic_cache::LogicCache;
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sudoku::{Hint, SolveOptions, Verdict, Why, next_hint};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `gridsat sudoku hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    /// The grid so far (givens and the player's entries), in any format gridsat reads.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub grid: GridArgs,
    /// Only puzzle K of the file (1-based); default: every puzzle.
    #[arg(long = "index", value_name = "K")]
    pub index: Option<usize>,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    pub json: bool,
}

/// Runs `gridsat sudoku hint`.
pub fn run(args: HintArgs) -> Result<Exit, Fail> {
    let (_, items) = selected(&args.file, &args.grid, args.index)?;
    let mut solver = AnySolver::new(SolveOptions::default());
    let mut cache = LogicCache::default();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut exit = Exit::Ok;
    for (k, item) in items {
        let Some(p) = readable(item, &mut exit) else {
            continue;
        };
        let a = p.alphabet.as_deref();
        // The grid must still have a solution, or no hint can help.
        let answer = solver
            .solve(&p)
            .map_err(|e| Fail::failure(format!("puzzle {k}: {e}")))?;
        if answer.verdict == Verdict::Unsat {
            let why = answer
                .conflict
                .as_ref()
                .map(|c| c.describe(a))
                .unwrap_or_default();
            if args.json {
                writeln!(
                    out,
                    "{}",
                    json!({"puzzle": k, "hint": "none", "status": "unsat", "conflict": why})
                )?;
            } else {
                writeln!(out, "puzzle {k}: no solution from here: {why}")?;
            }
            exit = exit.worst(Exit::NoSolution);
            continue;
        }
        let logic = cache.get(&p).map_err(Fail::usage)?;
        let hint = next_hint(logic, &p.grid, &[], a);
        let several = answer.verdict == Verdict::Multiple;
        let text = if several && hint == Hint::Stuck {
            "nothing more is forced: this grid has several solutions".to_string()
        } else {
            hint.describe(a)
        };
        if several {
            exit = exit.worst(Exit::Multiple);
        }
        if args.json {
            let mut j = json!({"puzzle": k, "status": answer.verdict.name(), "text": text});
            match &hint {
                Hint::Place(f) => {
                    j["hint"] = json!("place");
                    j["cell"] = json!(format!("r{}c{}", f.row + 1, f.col + 1));
                    j["value"] = json!(gridsat_sudoku::hint_symbol(f.value, a));
                    let (kind, house) = match &f.why {
                        Why::HiddenSingle { house } => ("hidden single", Some(house.to_string())),
                        Why::NakedSingle { .. } => ("naked single", None),
                        Why::Rule { .. } => ("rule", None),
                    };
                    j["reason"] = json!(kind);
                    if let Some(h) = house {
                        j["house"] = json!(h);
                    }
                }
                Hint::Eliminate(e) => {
                    j["hint"] = json!("eliminate");
                    j["cell"] = json!(format!("r{}c{}", e.row + 1, e.col + 1));
                    j["value"] = json!(gridsat_sudoku::hint_symbol(e.value, a));
                    j["reason"] = json!("failed literal");
                }
                Hint::Solved => j["hint"] = json!("solved"),
                Hint::Stuck => j["hint"] = json!("stuck"),
                Hint::Contradiction(_) => j["hint"] = json!("contradiction"),
            }
            writeln!(out, "{j}")?;
        } else {
            let note = if several && hint != Hint::Stuck {
                " (note: this grid has several solutions)"
            } else {
                ""
            };
            writeln!(out, "puzzle {k}: {text}{note}")?;
        }
    }
    out.flush()?;
    Ok(exit)
}
