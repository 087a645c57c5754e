//! `gridsat sudoku candidates`: the pencil marks, as propagation leaves them.

use super::args::GridArgs;
use super::args::{readable, selected};
use super::logic_cache::LogicCache;
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sudoku::{Alphabet, Grid, Logic, contradiction_text, hint_symbol};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;

/// How much reasoning removes candidates.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reasoning {
    /// Only what the filled cells exclude directly (classic pencil marks).
    Givens,
    /// Unit propagation to a fixpoint (naked and hidden singles, and what follows).
    Singles,
    /// Unit propagation plus failed-literal probing.
    Probing,
}

/// Arguments of `gridsat sudoku candidates`.
#[derive(Args, Debug)]
pub struct CandidatesArgs {
    /// The grid (givens and any entries), in any format gridsat reads.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub grid: GridArgs,
    /// Only puzzle K of the file (1-based); default: every puzzle.
    #[arg(long = "index", value_name = "K")]
    pub index: Option<usize>,
    /// How much reasoning removes candidates.
    #[arg(long, value_enum, default_value_t = Reasoning::Singles)]
    pub reasoning: Reasoning,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    pub json: bool,
}

/// The candidates of every cell (a filled cell has only its value).
fn marks(logic: &mut Logic, grid: &Grid, level: Reasoning) -> Result<Vec<Vec<u16>>, String> {
    logic
        .load(grid, &[])
        .map_err(|c| contradiction_text(logic, c, None))?;
    if level == Reasoning::Probing {
        logic
            .probe_to_fixpoint()
            .map_err(|c| contradiction_text(logic, c, None))?;
    }
    let n = grid.n();
    let prop = logic.propagator();
    Ok((0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            if grid.get(r, c) != 0 {
                return vec![grid.get(r, c)];
            }
            (1..=n as u16)
                .filter(|&v| {
                    let l = logic.lit(r, c, v);
                    match level {
                        // Only eliminations one step from the filled cells (or unit clauses).
                        Reasoning::Givens => !(prop.is_false(l) && prop.depth(l.var()) <= 1),
                        _ => !prop.is_false(l),
                    }
                })
                .collect()
        })
        .collect())
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

/// Runs `gridsat sudoku candidates`.
pub fn run(args: CandidatesArgs) -> Result<Exit, Fail> {
    let (_, items) = selected(&args.file, &args.grid, args.index)?;
    let mut cache = LogicCache::default();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut exit = Exit::Ok;
    for (k, item) in items {
        let Some(p) = readable(item, &mut exit) else {
            continue;
        };
        let a = p.alphabet.as_deref();
        let logic = cache.get(&p).map_err(Fail::usage)?;
        match marks(logic, &p.grid, args.reasoning) {
            Err(why) => {
                if args.json {
                    writeln!(
                        out,
                        "{}",
                        json!({"puzzle": k, "status": "contradiction", "reason": why})
                    )?;
                } else {
                    writeln!(out, "puzzle {k}: the grid breaks the rules: {why}")?;
                }
                exit = exit.worst(Exit::NoSolution);
            }
            Ok(cells) => {
                let n = p.grid.n();
                let empty: Vec<usize> = (0..n * n).filter(|&i| p.grid.values()[i] == 0).collect();
                let total: usize = empty.iter().map(|&i| cells[i].len()).sum();
                if args.json {
                    let list: Vec<_> = empty
                        .iter()
                        .map(|&i| json!({"cell": format!("r{}c{}", i / n + 1, i % n + 1), "candidates": cell_text(&cells[i], a)}))
                        .collect();
                    writeln!(
                        out,
                        "{}",
                        json!({"puzzle": k, "empty": empty.len(), "candidates": total, "cells": list})
                    )?;
                } else {
                    writeln!(
                        out,
                        "puzzle {k}: {} empty cells, {total} candidates",
                        empty.len()
                    )?;
                    write!(out, "{}", layout(&p.grid, &cells, a))?;
                }
            }
        }
    }
    out.flush()?;
    Ok(exit)
}
