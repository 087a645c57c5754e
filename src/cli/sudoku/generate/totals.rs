//! What `gridsat sudoku generate` made: each result recorded in order, and the
//! `--stats` summary.

use super::super::args::generate_message;
use super::output::Writer;
use crate::cli::{Exit, Fail, ctrl_c};
use gridsat_sat::Budget;
use gridsat_sudoku::{
    generate::{GenerateError, Generated, Tried},
    reason::Difficulty,
};
use std::collections::BTreeMap;
use std::io::Write;

/// What the run made, for the summary.
pub struct Totals {
    /// Puzzles made or reported as failed.
    pub reported: u64,
    pub made: u64,
    pub proofs: (usize, usize),
    pub attempts: usize,
    pub levels: BTreeMap<Difficulty, usize>,
    pub exit: Exit,
    /// What the generators tried, made or not.
    pub tried: Tried,
}

impl Totals {
    /// Says on stderr why fewer than `count` puzzles were made (Ctrl-C, or the budget
    /// spent before the others started), and exits 4 then.
    pub fn say_unfinished(&mut self, count: u64, budget: &Budget) {
        if self.made < count && ctrl_c().is_set() {
            eprintln!("gridsat: interrupted after {} puzzles", self.made);
            self.exit = self.exit.worst(Exit::Unknown);
        } else if self.reported < count {
            let why = budget
                .stop_reason()
                .map_or("stopped".to_string(), |r| r.to_string());
            let first = self.reported + 1;
            let range = if first == count {
                format!("puzzle {first} was")
            } else {
                format!("puzzles {first}–{count} were")
            };
            eprintln!("gridsat: {why}: {range} not started");
            self.exit = self.exit.worst(Exit::Unknown);
        }
    }

    /// Nothing made yet.
    pub fn new() -> Totals {
        Totals {
            reported: 0,
            made: 0,
            proofs: (0, 0),
            attempts: 0,
            levels: BTreeMap::new(),
            exit: Exit::Ok,
            tried: Tried::default(),
        }
    }
}

impl Totals {
    /// Writes puzzle `k` (1-based), or reports why it was not made.
    pub fn record(
        &mut self,
        r: Result<Generated, GenerateError>,
        k: u64,
        out: &mut impl Write,
        writer: &mut Writer,
    ) -> Result<(), Fail> {
        match r {
            Ok(g) => {
                self.reported += 1;
                self.made += 1;
                self.proofs.0 += g.proofs.0;
                self.proofs.1 += g.proofs.1;
                self.attempts += g.attempts;
                *self.levels.entry(g.rating.level).or_default() += 1;
                writer.write(out, &g, k)?;
            }
            Err(e) => {
                self.reported += 1;
                let code = match e {
                    GenerateError::Rules(_)
                    | GenerateError::Encode(_)
                    | GenerateError::TooManyClues { .. }
                    | GenerateError::HittingSet
                    | GenerateError::Thin
                    | GenerateError::NoGrid { .. } => Exit::Usage,
                    GenerateError::GaveUp(_) | GenerateError::Stopped(_) => Exit::Unknown,
                    _ => Exit::Failure,
                };
                eprintln!("gridsat: puzzle {k}: {}", generate_message(&e));
                self.exit = self.exit.worst(code);
            }
        }
        Ok(())
    }
}

/// The `--stats` summary on stderr; with `detail`, what was tried in all (every
/// attempt, climbing step and rating, for the puzzles made and the others).
pub fn print_stats(t: &Totals, secs: f64, (threads, seed): (usize, u64), detail: bool) {
    let dist: Vec<String> = t.levels.iter().map(|(l, c)| format!("{l} {c}")).collect();
    let mut line = format!(
        "generated {} puzzles in {secs:.2} s ({:.1} puzzles/s, {threads} thread{}); seed {seed}",
        t.made,
        t.made as f64 / secs.max(1e-9),
        if threads == 1 { "" } else { "s" },
    );
    if t.made > 0 {
        line.push_str(&format!(
            "; uniqueness proofs: {} by propagation, {} by SAT; {} attempts; {}",
            t.proofs.0,
            t.proofs.1,
            t.attempts,
            dist.join(", ")
        ));
    }
    if detail {
        let a = &t.tried;
        let rated: Vec<String> = Difficulty::ALL
            .iter()
            .map(|l| format!("{l} {}", a.rated[*l as usize]))
            .collect();
        // The proofs of puzzles not delivered, when there were any.
        let proofs = if a.proofs == t.proofs {
            String::new()
        } else {
            format!(
                ", uniqueness proofs {} by propagation and {} by SAT",
                a.proofs.0, a.proofs.1
            )
        };
        line.push_str(&format!(
            "; tried in all: {} attempts, {} climbing steps{proofs}, puzzles rated {}",
            a.attempts,
            a.climb_steps,
            rated.join(", ")
        ));
    }
    eprintln!("{line}");
}
