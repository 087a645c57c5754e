//! `gridsat sudoku explain`: the whole solution as a sequence of reasoning steps, or the
//! conflicting givens of an unsolvable puzzle.

use super::args::{Selection, readable, solve_first};
use super::logic_cache::LogicCache;
use crate::cli::{Exit, Fail, budget, parse_seconds};
use clap::Args;
use gridsat_sat::{Budget, StopReason};
use gridsat_sudoku::{
    Alphabet, Answer, End, Layout, ParsedPuzzle, SolveOptions, Step, SudokuSolver, Verdict, Walk,
    walk,
};
use serde_json::json;
use std::io::Write;
use std::time::Duration;

/// Arguments of `gridsat sudoku explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: Selection,
    /// Layout of the final grid.
    #[arg(long, value_enum, default_value_t = Layout::Grid)]
    pub format: Layout,
    /// One JSON object per puzzle per line (the steps as text).
    #[arg(long)]
    pub json: bool,
    /// Stop after this many seconds in all; what is known by then is reported (exit 4).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

/// Runs `gridsat sudoku explain`.
pub fn run(args: ExplainArgs) -> Result<Exit, Fail> {
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
        // Each puzzle's text is written whole: an interrupted run never cuts a line.
        let mut text = Vec::new();
        let Some(answer) = solve_first(&mut solver, &p, &format!("puzzle {k}"), &mut text)? else {
            exit = exit.worst(Exit::Unknown);
            out.write_all(&text)?;
            continue;
        };
        let code = explain_one(&mut text, &args, k, &p, &answer, &mut cache, &budget)?;
        out.write_all(&text)?;
        out.flush()?;
        exit = exit.worst(code);
    }
    out.flush()?;
    Ok(exit)
}

/// Explains puzzle `k` (whose answer is `answer`) and says what it amounts to.
fn explain_one(
    out: &mut impl Write,
    args: &ExplainArgs,
    k: usize,
    p: &ParsedPuzzle,
    answer: &Answer,
    cache: &mut LogicCache,
    budget: &Budget,
) -> Result<Exit, Fail> {
    let a = p.alphabet.as_deref();
    let mut exit = Exit::Ok;
    match answer.verdict {
        Verdict::Unsat => {
            write_conflict(out, args.json, k, answer, a)?;
            return Ok(Exit::NoSolution);
        }
        Verdict::Unknown | Verdict::Sat => {
            write_unknown(out, args.json, k, answer.stopped, answer.verdict)?;
            return Ok(Exit::Unknown);
        }
        Verdict::Multiple => exit = Exit::Multiple,
        _ => {}
    }
    let solution = (answer.verdict == Verdict::Unique).then(|| answer.solutions[0].clone());
    let logic = match cache.get(p, budget)? {
        Ok(logic) => logic,
        Err(r) => {
            write_unknown(out, args.json, k, Some(r), Verdict::Unknown)?;
            return Ok(Exit::Unknown);
        }
    };
    let w = walk(logic, &p.grid, solution.as_ref(), a, budget);
    if let (End::Solved(g), Some(s)) = (&w.end, &solution) {
        if g != s {
            return Err(Fail::failure(format!(
                "puzzle {k}: the explained grid differs from the solver's solution (a bug)"
            )));
        }
    }
    write_walk(out, args, k, p, answer.verdict, &w)?;
    if matches!(w.end, End::Stopped(..)) {
        exit = Exit::Unknown;
    }
    Ok(exit)
}

/// Puzzle `k` is not explained: the budget ran out (`stopped`), or the solver could
/// not tell (`verdict`).
fn write_unknown(
    out: &mut impl Write,
    json: bool,
    k: usize,
    stopped: Option<StopReason>,
    verdict: Verdict,
) -> Result<(), Fail> {
    match stopped {
        Some(r) if json => {
            let j = json!({"puzzle": k, "status": "unknown", "reason": r.to_string()});
            writeln!(out, "{j}")?;
        }
        Some(r) => writeln!(out, "puzzle {k}: unknown ({r})")?,
        None => writeln!(out, "puzzle {k}: {verdict}")?,
    }
    Ok(())
}

/// The conflicting givens of a puzzle without solution.
fn write_conflict(
    out: &mut impl Write,
    json: bool,
    k: usize,
    answer: &Answer,
    a: Option<&Alphabet>,
) -> Result<(), Fail> {
    let c = answer.conflict.as_ref();
    let text = c.map(|c| c.describe(a)).unwrap_or_default();
    if json {
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
    Ok(())
}

/// The steps of a walk and how it ended, as text or one JSON object.
fn write_walk(
    out: &mut impl Write,
    args: &ExplainArgs,
    k: usize,
    p: &ParsedPuzzle,
    verdict: Verdict,
    w: &Walk,
) -> Result<(), Fail> {
    let a = p.alphabet.as_deref();
    let (placed, whatifs, guesses) = w.counts();
    let steps: Vec<String> = w.steps.iter().map(|s| s.describe(a)).collect();
    let (end, grid) = match &w.end {
        End::Solved(g) => ("solved".to_string(), Some(g)),
        End::Contradiction(why) => (format!("contradiction: {why}"), None),
        End::Stuck(g) => (
            "stuck: the puzzle has several solutions, and nothing more is forced".to_string(),
            Some(g),
        ),
        End::Stopped(g, r) => (format!("stopped ({r}) before the end"), Some(g)),
        _ => ("stopped".to_string(), None),
    };
    if args.json {
        writeln!(
            out,
            "{}",
            json!({
                "puzzle": k,
                "status": verdict.name(),
                "placements": placed,
                "what_ifs": whatifs,
                "guesses": guesses,
                "steps": steps,
                "end": end,
                "grid": grid.map(|g| g.to_line(a)),
            })
        )?;
        return Ok(());
    }
    let empty = p.grid.values().iter().filter(|&&v| v == 0).count();
    writeln!(
        out,
        "puzzle {k}: {verdict}, {empty} empty cells: {placed} placed by singles, {whatifs} what-if eliminations, {guesses} guesses"
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
        writeln!(out, "{}", args.format.write(g, a))?;
    }
    Ok(())
}
