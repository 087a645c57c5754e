//! `gridsat sudoku show`: one puzzle as text, or as an SVG picture with its verified
//! solution and its pencil marks.

use super::args::{Selection, encode_message, read_one, stdin_path, toolkit, toolkit_failure};
use crate::cli::{Exit, Fail, budget, parse_seconds};
use clap::Args;
use gridsat_sudoku::{Grid, report::Toolkit};
use gridsat_sudoku::{
    ParsedPuzzle, Verdict, check_solution,
    deduce::Logic,
    io::{Layout, SvgOptions, puzzle_svg, write_variant_text},
    reason::{Marks, Reasoning, pencil_marks},
    report::Label,
};
use std::io::Write;
use std::time::Duration;

/// Arguments of `gridsat sudoku show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    pub input: Selection,
    /// Write the puzzle as an SVG picture (givens, boxes or regions, cages, windows)
    /// instead of text.
    #[arg(long)]
    pub svg: bool,
    /// Add the solution, solved and verified (in another colour in the picture); a
    /// puzzle without exactly one solution is refused (exit 1 or 3).
    #[arg(long)]
    pub solution: bool,
    /// Add the pencil marks of the empty cells.
    #[arg(long)]
    pub candidates: bool,
    /// How much reasoning removes pencil marks (with --candidates).
    #[arg(long, value_enum, default_value_t = Reasoning::Singles)]
    pub reasoning: Reasoning,
    /// Stop solving after this many seconds (exit 4).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

/// Runs `gridsat sudoku show`: puzzle `--index K` (default 1) of the file.
pub fn run(args: ShowArgs) -> Result<Exit, Fail> {
    let path = args.input.file.clone().unwrap_or_else(stdin_path);
    let k = args.input.index.unwrap_or(1);
    let p = read_one(&path, &args.input.grid, k)?;
    let label = Label::new(k);
    let mut tools = toolkit(&budget().with_time_limit(args.time_limit));
    let solution = if args.solution {
        Some(verified_solution(&mut tools, &label, &p)?)
    } else {
        None
    };
    let mut out = std::io::stdout().lock();
    if !args.svg {
        let alphabet = p.alphabet.as_deref();
        let text = if p.rules.is_classic() {
            let mut s = p.grid.to_block(alphabet);
            if let Some(sol) = &solution {
                s.push_str("solution:\n");
                s.push_str(&sol.to_block(alphabet));
            }
            s
        } else {
            write_variant_text(&p.grid, &p.rules, alphabet, solution.as_ref(), None)
        };
        out.write_all(text.as_bytes())?;
        if args.candidates {
            let report = tools
                .candidates(&label, &p, args.reasoning)
                .map_err(|e| toolkit_failure(&label.text, &e))?;
            out.write_all(report.text.as_bytes())?;
            return Ok(Exit::from(report.conclusion));
        }
        return Ok(Exit::Ok);
    }
    let marks = if args.candidates {
        Some(marks(&tools, &label, &p, args.reasoning)?)
    } else {
        None
    };
    let mut opts = SvgOptions::default();
    opts.solution = solution.as_ref();
    opts.marks = marks.as_deref();
    let svg = puzzle_svg(&p.grid, &p.rules, p.alphabet.as_deref(), &opts)
        .map_err(|e| Fail::failure(format!("{}: {e}", label.text)))?;
    out.write_all(svg.as_bytes())?;
    Ok(Exit::Ok)
}

/// The puzzle's one solution, solved and checked again here; a puzzle with none, with
/// several, or not decided in time is refused with the exit code its verdict has.
fn verified_solution(tools: &mut Toolkit, label: &Label, p: &ParsedPuzzle) -> Result<Grid, Fail> {
    let (answer, report) = tools
        .solve(label, p, Layout::Grid)
        .map_err(|e| toolkit_failure(&label.text, &e))?;
    let code = Exit::from(report.conclusion);
    let Some(a) = answer else {
        return Err(Fail {
            code,
            message: format!(
                "{}: no solution to show: {}",
                label.text,
                report.text.trim()
            ),
        });
    };
    let why = match a.verdict {
        Verdict::Unique => None,
        Verdict::Multiple => Some("it has more than one solution"),
        Verdict::Unsat => Some("it has no solution"),
        _ => Some("its solution was not decided (a time limit or an interrupt stopped it)"),
    };
    if let Some(why) = why {
        return Err(Fail {
            code: if code == Exit::Ok {
                Exit::NoSolution
            } else {
                code
            },
            message: format!(
                "{}: --solution shows a unique solution only; {why}",
                label.text
            ),
        });
    }
    let solution = a.solutions[0].clone();
    check_solution(&p.grid, &solution, &p.rules)
        .map_err(|f| Fail::failure(format!("{}: the solution fails the check: {f}", label.text)))?;
    Ok(solution)
}

/// The pencil marks of every cell; a contradiction among the givens is refused (exit 1).
fn marks(
    tools: &Toolkit,
    label: &Label,
    p: &ParsedPuzzle,
    reasoning: Reasoning,
) -> Result<Vec<Vec<u16>>, Fail> {
    let budget = tools.budget().clone();
    let mut logic = Logic::new(p.grid.shape(), &p.rules, &budget)
        .map_err(|e| Fail::usage(encode_message(&e)))?;
    match pencil_marks(&mut logic, &p.grid, reasoning, &budget) {
        Marks::Cells(cells) => Ok(cells),
        Marks::Stopped(cells, why) => {
            eprintln!(
                "gridsat: {}: {why}: the marks are drawn as far as probing got",
                label.text
            );
            Ok(cells)
        }
        Marks::Contradiction(why) => Err(Fail {
            code: Exit::NoSolution,
            message: format!("{}: no pencil marks: {why}", label.text),
        }),
        _ => Err(Fail::failure(format!("{}: no pencil marks", label.text))),
    }
}
