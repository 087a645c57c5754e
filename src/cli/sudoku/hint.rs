//! `gridsat sudoku hint`: the next step for a player, with its reason.

use super::args::{Selection, not_started, readable, solve_first};
use super::logic_cache::LogicCache;
use crate::cli::{Exit, Fail, budget, parse_seconds};
use clap::Args;
use gridsat_sudoku::{
    Alphabet, Hint, SolveOptions, SudokuSolver, Verdict, Why, hint_symbol, next_hint,
};
use serde_json::{Value, json};
use std::io::Write;
use std::time::Duration;

/// Arguments of `gridsat sudoku hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub input: Selection,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    pub json: bool,
    /// Stop after this many seconds in all; what is known by then is reported (exit 4).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

/// Runs `gridsat sudoku hint`.
pub fn run(args: HintArgs) -> Result<Exit, Fail> {
    let items = args.input.read()?;
    let budget = budget().with_time_limit(args.time_limit);
    let mut opts = SolveOptions::default();
    opts.budget = budget.clone();
    let mut solver = SudokuSolver::new(opts);
    let mut cache = LogicCache::default();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut exit = Exit::Ok;
    for (k, item) in items {
        let Some(p) = readable(item, &mut exit) else {
            continue;
        };
        if not_started(&budget, (&format!("puzzle {k}"), k), args.json, &mut out)? {
            exit = exit.worst(Exit::Unknown);
            continue;
        }
        let a = p.alphabet.as_deref();
        // The grid must still have a solution, or no hint can help.
        let Some(answer) = solve_first(&mut solver, &p, &format!("puzzle {k}"), &mut out)? else {
            exit = exit.worst(Exit::Unknown);
            continue;
        };
        if answer.verdict == Verdict::Unsat {
            let why = answer
                .conflict
                .as_ref()
                .map(|c| c.describe(a))
                .unwrap_or_default();
            if args.json {
                let j = json!({"puzzle": k, "hint": "none", "status": "unsat", "conflict": why});
                writeln!(out, "{j}")?;
            } else {
                writeln!(out, "puzzle {k}: no solution from here: {why}")?;
            }
            exit = exit.worst(Exit::NoSolution);
            continue;
        }
        if answer.verdict == Verdict::Unknown {
            // The hint below is still sound; only the verdict is not known.
            exit = exit.worst(Exit::Unknown);
        }
        let hint = match cache.get(&p, &budget)? {
            Ok(logic) => next_hint(logic, &p.grid, &[], a, &budget),
            Err(r) => {
                // Stopped before the reasoning model was built: nothing is known.
                if args.json {
                    let j = json!({"puzzle": k, "status": "unknown", "reason": r.to_string()});
                    writeln!(out, "{j}")?;
                } else {
                    writeln!(out, "puzzle {k}: unknown ({r})")?;
                }
                exit = exit.worst(Exit::Unknown);
                continue;
            }
        };
        if matches!(hint, Hint::Stopped(_)) {
            exit = exit.worst(Exit::Unknown);
        }
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
            let j = hint_json(k, answer.verdict, &text, &hint, a);
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

/// The JSON object of a hint.
fn hint_json(k: usize, verdict: Verdict, text: &str, hint: &Hint, a: Option<&Alphabet>) -> Value {
    let mut j = json!({"puzzle": k, "status": verdict.name(), "text": text});
    match hint {
        Hint::Place(f) => {
            j["hint"] = json!("place");
            j["cell"] = json!(format!("r{}c{}", f.row + 1, f.col + 1));
            j["value"] = json!(hint_symbol(f.value, a));
            let (kind, house) = match &f.why {
                Why::HiddenSingle { house } => ("hidden single", Some(house.to_string())),
                Why::NakedSingle { .. } => ("naked single", None),
                _ => ("rule", None),
            };
            j["reason"] = json!(kind);
            if let Some(h) = house {
                j["house"] = json!(h);
            }
        }
        Hint::Eliminate(e) => {
            j["hint"] = json!("eliminate");
            j["cell"] = json!(format!("r{}c{}", e.row + 1, e.col + 1));
            j["value"] = json!(hint_symbol(e.value, a));
            j["reason"] = json!("failed literal");
        }
        Hint::Solved => j["hint"] = json!("solved"),
        Hint::Stuck => j["hint"] = json!("stuck"),
        Hint::Contradiction(_) => j["hint"] = json!("contradiction"),
        _ => j["hint"] = json!("unknown"),
    }
    j
}
