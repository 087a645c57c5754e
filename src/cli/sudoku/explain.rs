//! `gridsat sudoku explain`: the whole solution as a sequence of reasoning steps, or the
//! conflicting givens of an unsolvable puzzle.

use super::args::GridArgs;
use super::args::{readable, selected};
use super::dispatch::AnySolver;
use super::logic_cache::LogicCache;
use super::output::{Format, grid_text};
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sudoku::{End, SolveOptions, Step, Verdict, walk};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `gridsat sudoku explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// Puzzle file (`-` or nothing for stdin), in any format gridsat reads.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub grid: GridArgs,
    /// Only puzzle K of the file (1-based); default: every puzzle.
    #[arg(long = "index", value_name = "K")]
    pub index: Option<usize>,
    /// Layout of the final grid.
    #[arg(long, value_enum, default_value_t = Format::Grid)]
    pub format: Format,
    /// One JSON object per puzzle per line (the steps as text).
    #[arg(long)]
    pub json: bool,
}

/// Runs `gridsat sudoku explain`.
pub fn run(args: ExplainArgs) -> Result<Exit, Fail> {
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
        let answer = solver
            .solve(&p)
            .map_err(|e| Fail::failure(format!("puzzle {k}: {e}")))?;
        match answer.verdict {
            Verdict::Unsat => {
                let c = answer.conflict.as_ref();
                let text = c.map(|c| c.describe(a)).unwrap_or_default();
                if args.json {
                    let givens: Vec<String> = c
                        .map(|c| c.givens.iter().map(|g| g.describe(a)).collect())
                        .unwrap_or_default();
                    writeln!(
                        out,
                        "{}",
                        json!({"puzzle": k, "status": "unsat", "conflict": givens, "reason": c.map(|c| c.reason_text(a))})
                    )?;
                } else {
                    writeln!(out, "puzzle {k}: no solution: the givens {text}")?;
                }
                exit = exit.worst(Exit::NoSolution);
                continue;
            }
            Verdict::Unknown | Verdict::Sat => {
                exit = exit.worst(Exit::Unknown);
                writeln!(out, "puzzle {k}: {}", answer.verdict)?;
                continue;
            }
            Verdict::Multiple => exit = exit.worst(Exit::Multiple),
            Verdict::Unique => {}
        }
        let solution = (answer.verdict == Verdict::Unique).then(|| answer.solutions[0].clone());
        let logic = cache.get(&p).map_err(Fail::usage)?;
        let w = walk(logic, &p.grid, solution.as_ref(), a);
        let (placed, whatifs, guesses) = w.counts();
        let steps: Vec<String> = w.steps.iter().map(|s| s.describe(a)).collect();
        let (end, grid) = match &w.end {
            End::Solved(g) => ("solved".to_string(), Some(g)),
            End::Contradiction(why) => (format!("contradiction: {why}"), None),
            End::Stuck(g) => (
                "stuck: the puzzle has several solutions, and nothing more is forced".to_string(),
                Some(g),
            ),
        };
        if let (End::Solved(g), Some(s)) = (&w.end, &solution) {
            if g != s {
                return Err(Fail::failure(format!(
                    "puzzle {k}: the explained grid differs from the solver's solution (a bug)"
                )));
            }
        }
        if args.json {
            writeln!(
                out,
                "{}",
                json!({
                    "puzzle": k,
                    "status": answer.verdict.name(),
                    "placements": placed,
                    "what_ifs": whatifs,
                    "guesses": guesses,
                    "steps": steps,
                    "end": end,
                    "grid": grid.map(|g| g.to_line(a)),
                })
            )?;
            continue;
        }
        let empty = p.grid.values().iter().filter(|&&v| v == 0).count();
        writeln!(
            out,
            "puzzle {k}: {}, {empty} empty cells: {placed} placed by singles, {whatifs} what-if eliminations, {guesses} guesses",
            answer.verdict
        )?;
        let width = steps.len().to_string().len();
        for (i, (s, step)) in steps.iter().zip(&w.steps).enumerate() {
            let mark = if matches!(step, Step::Guess(_)) {
                "?"
            } else {
                "."
            };
            writeln!(out, "{:>width$}{mark} {s}", i + 1)?;
        }
        writeln!(out, "{end}")?;
        if let Some(g) = grid {
            writeln!(out, "{}", grid_text(g, a, args.format))?;
        }
    }
    out.flush()?;
    Ok(exit)
}
