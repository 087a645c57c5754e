//! `gridsat sudoku candidates`: the pencil marks, as propagation leaves them.

use super::args::{Selection, not_started, readable};
use super::logic_cache::LogicCache;
use crate::cli::{Exit, Fail, budget, parse_seconds};
use clap::Args;
use gridsat_sudoku::{Alphabet, Grid, Marks, Reasoning, hint_symbol, pencil_marks};
use serde_json::json;
use std::io::Write;
use std::time::Duration;

/// Arguments of `gridsat sudoku candidates`.
#[derive(Args, Debug)]
pub struct CandidatesArgs {
    #[command(flatten)]
    pub input: Selection,
    /// How much reasoning removes candidates.
    #[arg(long, value_enum, default_value_t = Reasoning::Singles)]
    pub reasoning: Reasoning,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    pub json: bool,
    /// Stop after this many seconds in all; what is known by then is reported (exit 4).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

fn cell_text(values: &[u16], a: Option<&Alphabet>) -> String {
    let syms: Vec<String> = values.iter().map(|&v| hint_symbol(v, a)).collect();
    if syms.iter().all(|s| s.chars().count() == 1) {
        syms.concat()
    } else {
        syms.join(",")
    }
}

/// The pencil-mark grid: every cell padded to one width, boxes separated.
fn layout(grid: &Grid, cells: &[Vec<u16>], a: Option<&Alphabet>) -> String {
    let n = grid.n();
    let (p, q) = (grid.shape().box_rows(), grid.shape().box_cols());
    let texts: Vec<String> = cells.iter().map(|v| cell_text(v, a)).collect();
    let width = texts
        .iter()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let mut s = String::new();
    for r in 0..n {
        if r > 0 && r % p == 0 {
            let seg = "-".repeat(q * (width + 1) - 1);
            s.push_str(&vec![seg; n / q].join("-+-"));
            s.push('\n');
        }
        let mut line = String::new();
        for c in 0..n {
            if c > 0 {
                line.push_str(if c % q == 0 { " | " } else { " " });
            }
            line.push_str(&format!("{:<width$}", texts[r * n + c]));
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

/// The candidates before any reasoning: a filled cell's value, every value elsewhere.
fn unnarrowed(grid: &Grid) -> Vec<Vec<u16>> {
    let n = grid.n();
    (0..n * n)
        .map(|i| match grid.get(i / n, i % n) {
            0 => (1..=n as u16).collect(),
            v => vec![v],
        })
        .collect()
}

/// Runs `gridsat sudoku candidates`.
pub fn run(args: CandidatesArgs) -> Result<Exit, Fail> {
    let items = args.input.read()?;
    let budget = budget().with_time_limit(args.time_limit);
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
        let (marks, what) = match cache.get(&p, &budget)? {
            Ok(logic) => (
                pencil_marks(logic, &p.grid, args.reasoning, &budget),
                "probing stopped",
            ),
            Err(r) => (
                Marks::Stopped(unnarrowed(&p.grid), r),
                "stopped before any reasoning",
            ),
        };
        match marks {
            Marks::Contradiction(why) => {
                if args.json {
                    let j = json!({"puzzle": k, "status": "contradiction", "reason": why});
                    writeln!(out, "{j}")?;
                } else {
                    writeln!(out, "puzzle {k}: the grid breaks the rules: {why}")?;
                }
                exit = exit.worst(Exit::NoSolution);
            }
            Marks::Cells(cells) => write_marks(&mut out, args.json, (k, None), &p.grid, &cells, a)?,
            Marks::Stopped(cells, why) => {
                let stopped = Some((what, why.to_string()));
                write_marks(&mut out, args.json, (k, stopped), &p.grid, &cells, a)?;
                exit = exit.worst(Exit::Unknown);
            }
            _ => exit = exit.worst(Exit::Unknown),
        }
    }
    out.flush()?;
    Ok(exit)
}

/// The marks of puzzle `k`: a count line and the pencil-mark grid, or one JSON object.
fn write_marks(
    out: &mut impl Write,
    json: bool,
    (k, stopped): (usize, Option<(&str, String)>),
    grid: &Grid,
    cells: &[Vec<u16>],
    a: Option<&Alphabet>,
) -> Result<(), Fail> {
    let n = grid.n();
    let empty: Vec<usize> = (0..n * n).filter(|&i| grid.values()[i] == 0).collect();
    let total: usize = empty.iter().map(|&i| cells[i].len()).sum();
    if json {
        let list: Vec<_> = empty
            .iter()
            .map(|&i| json!({"cell": format!("r{}c{}", i / n + 1, i % n + 1), "candidates": cell_text(&cells[i], a)}))
            .collect();
        let mut j = json!({"puzzle": k, "empty": empty.len(), "candidates": total, "cells": list});
        if let Some((_, why)) = &stopped {
            j["stopped"] = json!(why);
        }
        writeln!(out, "{j}")?;
    } else {
        let note = stopped.map_or(String::new(), |(what, why)| format!(" ({what}: {why})"));
        writeln!(
            out,
            "puzzle {k}: {} empty cells, {total} candidates{note}",
            empty.len()
        )?;
        write!(out, "{}", layout(grid, cells, a))?;
    }
    Ok(())
}
