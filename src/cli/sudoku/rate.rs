//! `gridsat sudoku rate`: a difficulty for every puzzle, from the reasoning it needs.

use super::args::{GridArgs, read_puzzles, stdin_path};
use super::dispatch::AnySolver;
use super::logic_cache::LogicCache;
use crate::cli::input::display_name;
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sudoku::{EXTREME_ABOVE, Level, RateOptions, Rating, SolveOptions, Verdict, rate};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `gridsat sudoku rate`.
#[derive(Args, Debug)]
pub struct RateArgs {
    /// Puzzle files (`-` or nothing for stdin), in any format gridsat reads.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub grid: GridArgs,
    /// Searches (each with its own random order) to average the effort over.
    #[arg(long, value_name = "R", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub runs: u64,
    /// Mean search conflicts above which a puzzle is extreme rather than hard.
    #[arg(long, value_name = "C", default_value_t = EXTREME_ABOVE)]
    pub extreme_above: f64,
    /// Rate only the first N puzzles of each file.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Print only the distribution of each file (and the rate of rating).
    #[arg(long)]
    pub summary: bool,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    pub json: bool,
}

/// Words for a rating: `hard (search: 3.2 conflicts, …)`.
pub fn rating_text(r: &Rating) -> String {
    let mut s = format!(
        "{}: singles fill {} of {} empty cells",
        r.level, r.by_singles, r.empty
    );
    if r.level > Level::Easy {
        s.push_str(&format!(
            ", failed-literal probing {} more ({} literals refuted)",
            r.by_probing, r.failed_literals
        ));
    }
    if let Some(e) = r.search {
        s.push_str(&format!(
            ", search {:.1} conflicts on average over {} random orders{}",
            e.conflicts,
            e.runs,
            if e.complete { "" } else { " (limit reached)" }
        ));
    }
    s
}

/// The JSON members of a rating.
pub fn rating_json(r: &Rating) -> serde_json::Value {
    json!({
        "difficulty": r.level.name(),
        "score": (r.score() * 1000.0).round() / 1000.0,
        "empty": r.empty,
        "singles": r.by_singles,
        "probing": r.by_probing,
        "failed_literals": r.failed_literals,
        "search": r.search.map(|e| json!({
            "runs": e.runs,
            "conflicts": e.conflicts,
            "decisions": e.decisions,
            "complete": e.complete,
        })),
    })
}

/// Runs `gridsat sudoku rate`.
pub fn run(args: RateArgs) -> Result<Exit, Fail> {
    let paths = if args.files.is_empty() {
        vec![stdin_path()]
    } else {
        args.files.clone()
    };
    let opts = RateOptions {
        runs: args.runs as usize,
        extreme_above: args.extreme_above,
        ..RateOptions::default()
    };
    let mut solver = AnySolver::new(SolveOptions::default());
    let mut logic = LogicCache::default();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut exit = Exit::Ok;
    for path in &paths {
        let name = display_name(path);
        let mut items = read_puzzles(path, &args.grid)?;
        if let Some(l) = args.limit {
            items.truncate(l);
        }
        let t0 = Instant::now();
        let mut counts = [0usize; 4];
        let mut other = 0usize;
        let mut score_sum = 0.0;
        for (k, item) in items.into_iter().enumerate() {
            let k = k + 1;
            let label = if paths.len() > 1 {
                format!("{name} puzzle {k}")
            } else {
                format!("puzzle {k}")
            };
            let p = match item {
                Ok(p) => p,
                Err(f) => {
                    eprintln!("gridsat: {}", f.message);
                    exit = exit.worst(Exit::Usage);
                    other += 1;
                    continue;
                }
            };
            let answer = solver
                .solve(&p)
                .map_err(|e| Fail::failure(format!("{label}: {e}")))?;
            if answer.verdict != Verdict::Unique {
                other += 1;
                exit = exit.worst(match answer.verdict {
                    Verdict::Multiple => Exit::Multiple,
                    Verdict::Unsat => Exit::NoSolution,
                    _ => Exit::Unknown,
                });
                if args.json {
                    let j = json!({"puzzle": k, "status": answer.verdict.name()});
                    writeln!(out, "{j}")?;
                } else if !args.summary {
                    writeln!(
                        out,
                        "{label}: {} (only puzzles with one solution are rated)",
                        answer.verdict
                    )?;
                }
                continue;
            }
            let l = logic.get(&p).map_err(Fail::usage)?;
            let r = rate(l, &p.grid, &opts).map_err(|_| {
                Fail::failure(format!("{label}: propagation contradicts the solver"))
            })?;
            counts[r.level as usize] += 1;
            score_sum += r.score();
            if args.json {
                let mut j = rating_json(&r);
                j["puzzle"] = json!(k);
                j["status"] = json!("unique");
                if paths.len() > 1 {
                    j["file"] = json!(name);
                }
                writeln!(out, "{j}")?;
            } else if !args.summary {
                writeln!(out, "{label}: {}", rating_text(&r))?;
            }
        }
        if args.summary {
            let rated: usize = counts.iter().sum();
            let secs = t0.elapsed().as_secs_f64();
            let pct = |c: usize| 100.0 * c as f64 / rated.max(1) as f64;
            let levels: Vec<String> = Level::ALL
                .iter()
                .map(|l| {
                    format!(
                        "{} {} ({:.1}%)",
                        l,
                        counts[*l as usize],
                        pct(counts[*l as usize])
                    )
                })
                .collect();
            writeln!(
                out,
                "{name}: {rated} rated: {}; mean score {:.2}{}; {:.1} s, {:.0} puzzles/s",
                levels.join(", "),
                score_sum / rated.max(1) as f64,
                if other > 0 {
                    format!("; {other} not rated (not unique or unreadable)")
                } else {
                    String::new()
                },
                secs,
                (rated + other) as f64 / secs.max(1e-9)
            )?;
        }
    }
    out.flush()?;
    Ok(exit)
}
