//! `gridsat sudoku rate`: a difficulty for every puzzle, from the reasoning it needs.

use super::args::{GridArgs, Item, read_puzzles, stdin_path, toolkit, toolkit_failure};
use crate::cli::input::display_name;
use crate::cli::{Exit, Fail, budget, parse_seconds};
use clap::Args;
use gridsat_sat::Conclusion;
use gridsat_sudoku::{
    reason::{Difficulty, RateOptions},
    report::{Label, Toolkit},
};
use std::io::IsTerminal;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `gridsat sudoku rate`.
#[derive(Args, Debug)]
pub struct RateArgs {
    /// Puzzle files (`-` or nothing for stdin), in any format gridsat reads.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub grid: GridArgs,
    /// Searches (each with its own random order) to average the effort over.
    #[arg(long, value_name = "R", default_value_t = gridsat_sudoku::api::defaults::RATE_RUNS, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub runs: u64,
    /// Mean search conflicts above which a puzzle is extreme rather than hard.
    #[arg(long, value_name = "C", default_value_t = gridsat_sudoku::api::defaults::EXTREME_ABOVE)]
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
    /// Stop after this many seconds in all; what is known by then is reported (exit 4).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

/// A progress bar over `total` puzzles on stderr, when stderr is a terminal and the
/// lines of stdout do not go to it (or only the summary is printed).
fn progress(total: usize, summary: bool) -> Option<indicatif::ProgressBar> {
    let shown = std::io::stderr().is_terminal() && (summary || !std::io::stdout().is_terminal());
    if !shown {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} rated  {per_sec}  ETA {eta}")
            .expect("valid template"),
    );
    Some(bar)
}

/// Rates the puzzles of one file after another with one solver and one model cache.
struct Rater<'a> {
    args: &'a RateArgs,
    opts: RateOptions,
    tools: Toolkit,
    several: bool,
    exit: Exit,
}

/// One file's distribution.
struct Tally {
    counts: [usize; 4],
    other: usize,
    /// Puzzles the budget stopped (counted in `other` too).
    stopped: usize,
    score: f64,
    t0: Instant,
}

/// Runs `gridsat sudoku rate`.
pub fn run(args: RateArgs) -> Result<Exit, Fail> {
    let paths = if args.files.is_empty() {
        vec![stdin_path()]
    } else {
        args.files.clone()
    };
    let mut opts = RateOptions::default();
    opts.runs = args.runs as usize;
    opts.extreme_above = args.extreme_above;
    // The summary prints the buckets only: the SE rating would be computed for nothing.
    opts.techniques = args.json || !args.summary;
    let mut rater = Rater {
        args: &args,
        opts,
        tools: toolkit(&budget().with_time_limit(args.time_limit)),
        several: paths.len() > 1,
        exit: Exit::Ok,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for path in &paths {
        let name = display_name(path);
        let mut items = read_puzzles(path, &args.grid)?;
        if let Some(l) = args.limit {
            items.truncate(l);
        }
        let mut tally = Tally {
            counts: [0; 4],
            other: 0,
            stopped: 0,
            score: 0.0,
            t0: Instant::now(),
        };
        let bar = progress(items.len(), args.summary);
        for (k, item) in items.into_iter().enumerate() {
            rater.one(&mut out, &name, k + 1, item, &mut tally)?;
            if let Some(b) = &bar {
                b.inc(1);
            }
        }
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        if args.summary {
            write_summary(&mut out, &name, &tally)?;
        }
    }
    out.flush()?;
    Ok(rater.exit)
}

impl Rater<'_> {
    /// Rates puzzle `k` of file `name`, writing its line (unless only the summary is
    /// asked for) and counting it.
    fn one(
        &mut self,
        out: &mut impl Write,
        name: &str,
        k: usize,
        item: Item,
        tally: &mut Tally,
    ) -> Result<(), Fail> {
        let label = if self.several {
            Label::in_file(k, name)
        } else {
            Label::new(k)
        };
        let p = match item {
            Ok(p) => p,
            Err(f) => {
                eprintln!("gridsat: {}", f.message);
                self.exit = self.exit.worst(Exit::Usage);
                tally.other += 1;
                return Ok(());
            }
        };
        let (rating, report) = self
            .tools
            .rate(&label, &p, &self.opts)
            .map_err(|e| toolkit_failure(&label.text, &e))?;
        match rating {
            Some(r) if r.stopped.is_none() => {
                tally.counts[r.level as usize] += 1;
                tally.score += r.score();
            }
            _ => {
                tally.other += 1;
                if matches!(report.conclusion, Conclusion::Unknown(_)) {
                    tally.stopped += 1;
                }
            }
        }
        self.exit = self.exit.worst(Exit::from(report.conclusion));
        if self.args.json || !self.args.summary {
            out.write_all(report.printed(self.args.json).as_bytes())?;
        }
        Ok(())
    }
}

/// The `--summary` line of one file.
fn write_summary(out: &mut impl Write, name: &str, t: &Tally) -> Result<(), Fail> {
    let rated: usize = t.counts.iter().sum();
    let secs = t.t0.elapsed().as_secs_f64();
    let pct = |c: usize| 100.0 * c as f64 / rated.max(1) as f64;
    let levels: Vec<String> = Difficulty::ALL
        .iter()
        .map(|l| {
            let c = t.counts[*l as usize];
            format!("{l} {c} ({:.1}%)", pct(c))
        })
        .collect();
    writeln!(
        out,
        "{name}: {rated} rated: {}; mean score {:.2}{}; {:.1} s, {:.0} puzzles/s",
        levels.join(", "),
        t.score / rated.max(1) as f64,
        match (t.other, t.stopped) {
            (0, _) => String::new(),
            (o, 0) => format!("; {o} not rated (not unique or unreadable)"),
            (o, s) => format!("; {o} not rated (not unique, unreadable, or stopped: {s})"),
        },
        secs,
        (rated + t.other) as f64 / secs.max(1e-9)
    )?;
    Ok(())
}
