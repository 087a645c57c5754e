//! How `gridsat sudoku solve` answers one puzzle (on any worker): the report, what it
//! means for the exit code, and its certificate.

use super::super::args::{exit_of, solve_message};
use crate::cli::{Exit, MEMORY_HINT};
use gridsat_sat::solver::RefuteError;
use gridsat_sudoku::{
    Answer, ParsedPuzzle, SolveError, SolveOptions, SudokuSolver, Verdict,
    io::Layout,
    report::{
        CertificateError, Certified, Label, Report, answer_report, error_report, memory_report,
        not_started_report, write_certificate,
    },
};
use std::path::{Path, PathBuf};

/// One puzzle to answer: where it came from and what was read.
pub struct Job {
    pub file: String,
    pub k: usize,
    pub item: Result<ParsedPuzzle, String>,
}

/// One answer, formatted, with what it means for the exit code and the summary.
pub struct Done {
    pub text: String,
    pub exit: Exit,
    pub status: &'static str,
    /// A failure that must stop the run (printed on stderr).
    pub fatal: Option<String>,
    /// Bad input, also reported on stderr.
    pub error: Option<String>,
    /// The certificate written (`--certify`).
    pub certified: Option<Certified>,
}

/// How every puzzle is answered (shared by the workers).
pub struct Answerer {
    pub opts: SolveOptions,
    pub several: bool,
    pub json: bool,
    pub format: Layout,
    /// The certificate folder (`--certify`).
    pub certify: Option<PathBuf>,
}

impl Answerer {
    /// A worker's solver.
    pub fn solver(&self) -> SudokuSolver {
        SudokuSolver::new(self.opts.clone())
    }

    fn done(&self, report: &Report, status: &'static str) -> Done {
        Done {
            text: report.printed(self.json).trim_end_matches('\n').to_string(),
            exit: exit_of(report.conclusion),
            status,
            fatal: None,
            error: None,
            certified: None,
        }
    }

    /// Answers puzzle `seq` (0-based over all inputs) of `job`.
    pub fn answer(&self, solver: &mut SudokuSolver, job: Job, seq: usize) -> Done {
        let label = if self.several {
            Label::in_file(job.k, &job.file)
        } else {
            Label::new(job.k)
        };
        let puzzle = match job.item {
            Ok(p) => p,
            Err(message) => {
                let mut d = self.done(&error_report(&label, &message), "error");
                d.exit = Exit::Usage;
                d.error = Some(message);
                return d;
            }
        };
        if let Some(r) = self.opts.budget.stop_reason() {
            return self.done(&not_started_report(&label, r), "unknown");
        }
        let answer = match solver.solve(&puzzle.grid, &puzzle.rules) {
            Ok(a) => a,
            Err(SolveError::Memory(m)) => {
                return self.done(&memory_report(&label, &m, Some(MEMORY_HINT)), "unknown");
            }
            Err(e) => {
                return Done {
                    text: String::new(),
                    exit: Exit::Failure,
                    status: "failure",
                    fatal: Some(format!("{}: {}", label.text, solve_message(&e))),
                    error: None,
                    certified: None,
                };
            }
        };
        let report = answer_report(&label, &answer, puzzle.alphabet.as_deref(), self.format);
        let mut done = self.done(&report, answer.verdict.name());
        if let Some(dir) = &self.certify {
            self.certify(dir, seq + 1, &puzzle, &answer, &mut done);
        }
        done
    }

    /// Writes the certificate of an answered puzzle (`--certify`) as `puzzle-SEQ.*`: a
    /// variant is refused as bad input, a failed proof stops the run.
    fn certify(&self, dir: &Path, seq: usize, p: &ParsedPuzzle, a: &Answer, done: &mut Done) {
        if a.verdict == Verdict::Unknown {
            return;
        }
        match write_certificate(dir, seq, p, a, &self.opts.budget) {
            Ok(c) => done.certified = Some(c),
            Err(e @ CertificateError::Variant) => {
                let msg = format!("puzzle-{seq}: --certify: {e}");
                done.exit = done.exit.worst(Exit::Usage);
                done.error = Some(msg);
            }
            Err(e @ CertificateError::Proof(RefuteError::Stopped)) => {
                done.exit = done.exit.worst(Exit::Unknown);
                done.error = Some(format!("puzzle-{seq}: no certificate: {e}"));
            }
            Err(e) => done.fatal = Some(format!("puzzle-{seq}: certificate: {e}")),
        }
    }
}
