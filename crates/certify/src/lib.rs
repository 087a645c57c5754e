//! Checks gridsat's certificates without trusting gridsat.
//!
//! A certificate folder holds, for every claim gridsat made ("this Sudoku has exactly
//! one solution", "it has none", "no plan of fewer pushes exists"), the formula the
//! claim rests on (DIMACS, with a `c var N NAME` line per variable), a DRAT proof that
//! the formula is unsatisfiable, the puzzle or level it came from, and the solution or
//! plan. [`check_dir`] believes none of it:
//!
//! 1. it rebuilds the formula from the puzzle with its own encoder — the textbook
//!    clause families written out directly, sharing no code with gridsat's encoders.
//!    A Sudoku entry may define its formula instead of carrying it (`formula
//!    standard`: the rebuilt formula in a documented numbering is the formula); an
//!    entry that carries one is compared with it clause for clause (as clauses over
//!    variable *names*, so numbering and order do not matter);
//! 2. it checks the solution or replays the plan with its own checker;
//! 3. it replays the proof with a DRAT checker (the `dratify` crate).
//!
//! Only when all three pass is the claim accepted.

#![warn(missing_docs)]

mod cnf;
mod drat;
mod files;
mod limits;
mod manifest;
mod parallel;
mod sokoban;
mod sudoku;

pub use files::{Kind, LARGE_FILE_CAP, SMALL_FILE_CAP, plain_name};
pub use limits::Limits;
pub use manifest::{Claim, Entry, Manifest};
pub use parallel::check_entries;

use std::path::Path;

/// Why a certificate was rejected (or could not be read).
#[derive(Debug, thiserror::Error)]
pub enum Rejected {
    /// A file of the certificate could not be read (or is not one the checker reads:
    /// not a plain name, not a regular file, over its size cap).
    #[error("{file}: {message}")]
    Io {
        /// The file (its name when plain, else a placeholder).
        file: String,
        /// What went wrong.
        message: String,
    },
    /// A file is not in the expected format.
    #[error("{file}:{line}: {message}")]
    Format {
        /// The file.
        file: String,
        /// The 1-based line (0: the file as a whole).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The certificate's formula is not the one the rules give.
    #[error("{entry}: the formula is not the encoding of the puzzle: {detail}")]
    Formula {
        /// The entry.
        entry: String,
        /// The first difference found.
        detail: String,
    },
    /// The solution or plan is wrong.
    #[error("{entry}: {detail}")]
    Answer {
        /// The entry.
        entry: String,
        /// What is wrong with it.
        detail: String,
    },
    /// Checking the entry would take more memory than the budget allows (estimated
    /// before anything is built).
    #[error("{entry}: not checked: {detail}")]
    TooLarge {
        /// The entry.
        entry: String,
        /// The estimate and the budget.
        detail: String,
    },
    /// The time limit ran out before the entry was checked.
    #[error("{entry}: not checked: the time limit ran out")]
    OutOfTime {
        /// The entry.
        entry: String,
    },
    /// The proof does not refute the formula.
    #[error("{entry}: the proof does not refute the formula: {detail}")]
    Proof {
        /// The entry.
        entry: String,
        /// The checker's verdict.
        detail: String,
    },
}

/// What was checked for one entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The entry's name (e.g. `puzzle-1`).
    pub name: String,
    /// The claim accepted.
    pub claim: Claim,
    /// Clauses of the formula rebuilt and compared (0 for claims without a proof).
    pub clauses: usize,
    /// The formula was a file of the certificate, compared with the rebuilt one (not
    /// `formula standard`, where the rebuilt one is the formula).
    pub formula_file: bool,
    /// Lemmas of the proof checked (RUP or RAT) up to the empty clause.
    pub lemmas: u64,
    /// The formula was refuted by unit propagation alone (the proof had nothing to add).
    pub by_propagation: bool,
    /// Solutions checked against the puzzle.
    pub solutions: usize,
    /// Positions of a Sokoban push-state closure checked (0: the claim rests on a
    /// formula and its proof, or on nothing).
    pub positions: usize,
}

impl Checked {
    /// One line saying what was checked: `puzzle 3: unique — CNF matches the rules,
    /// proof checked (812 lemmas), solution valid`.
    pub fn summary(&self) -> String {
        let who = self.name.replacen('-', " ", 1);
        let mut parts = Vec::new();
        if self.positions > 0 {
            parts.push(format!(
                "push-state closure checked ({} positions, none solved below the claim)",
                self.positions
            ));
        } else if self.claim.needs_proof() {
            parts.push(if self.formula_file {
                format!("CNF matches the rules ({} clauses)", self.clauses)
            } else {
                format!("formula rebuilt from the rules ({} clauses)", self.clauses)
            });
            parts.push(if self.by_propagation {
                "refuted by unit propagation alone (proof not needed)".to_string()
            } else {
                format!("proof checked ({} lemmas)", self.lemmas)
            });
        }
        match self.solutions {
            0 => {}
            1 if matches!(
                self.claim,
                Claim::Optimal { .. } | Claim::OptimalMoves { .. }
            ) =>
            {
                parts.push("plan replayed, every box on a goal".into())
            }
            1 => parts.push("solution valid".into()),
            n => parts.push(format!("{n} different solutions, each valid")),
        }
        format!("{who}: {} — {}", self.claim, parts.join(", "))
    }
}

/// Checks every entry of the certificate folder `dir` (its `manifest.txt`), in order,
/// within `limits`; the first rejection ends the check.
pub fn check_dir(dir: &Path, limits: &Limits) -> Result<Vec<Checked>, Rejected> {
    let manifest = Manifest::read(dir)?;
    manifest
        .entries
        .iter()
        .map(|e| check_entry(dir, e, limits))
        .collect()
}

/// The formula of an entry that defines its formula instead of carrying it (a Sudoku
/// entry with `formula standard`), as DIMACS text with a `c var` line per variable,
/// built by this crate's own encoder: for running another DRAT checker on the proof.
/// `None` for entries that carry their formula or rest on no proof.
pub fn defined_formula(
    dir: &Path,
    entry: &Entry,
    limits: &Limits,
) -> Result<Option<String>, Rejected> {
    if !entry.cnf.is_empty() || entry.kind != "sudoku" {
        return Ok(None);
    }
    Ok(sudoku::expected(dir, entry, limits)?.map(|e| e.to_dimacs()))
}

/// What an entry's check found before any formula or proof: its solutions.
fn unproven(entry: &Entry, claim: Claim) -> Checked {
    Checked {
        name: entry.name.clone(),
        claim,
        clauses: 0,
        formula_file: !entry.cnf.is_empty(),
        lemmas: 0,
        by_propagation: false,
        solutions: match claim {
            Claim::Unsat => 0,
            Claim::Multiple => 2,
            _ => 1,
        },
        positions: 0,
    }
}

/// Checks one entry of a certificate folder within `limits`: every file it names is
/// read by [`files`](Kind) rules, every formula estimated before it is built.
pub fn check_entry(dir: &Path, entry: &Entry, limits: &Limits) -> Result<Checked, Rejected> {
    let claim = entry.claim.ok_or_else(|| Rejected::Format {
        file: "manifest.txt".into(),
        line: 0,
        message: format!("entry {} has no claim", entry.name),
    })?;
    if entry.kind == "sokoban" && entry.optional("states").is_some() {
        return Ok(Checked {
            positions: sokoban::closure_entry(dir, entry, limits)?,
            ..unproven(entry, claim)
        });
    }
    let expected = match entry.kind.as_str() {
        "sudoku" => sudoku::expected(dir, entry, limits)?,
        "sokoban" => sokoban::expected(dir, entry, limits)?,
        _ => {
            return Err(Rejected::Format {
                file: "manifest.txt".into(),
                line: 0,
                message: format!("entry {}: kind must be sudoku or sokoban", entry.name),
            });
        }
    };
    let mut checked = unproven(entry, claim);
    let Some(expected) = expected else {
        return Ok(checked);
    };
    limits.in_time(&entry.name)?;
    let cnf = if entry.cnf.is_empty() {
        if entry.kind != "sudoku" {
            return Err(Rejected::Format {
                file: "manifest.txt".into(),
                line: 0,
                message: format!(
                    "entry {}: only a Sudoku's formula is given by its definition ('formula standard'); a Sokoban entry names its cnf file",
                    entry.name
                ),
            });
        }
        expected.into_cnf()
    } else {
        let text = files::read(dir, &entry.cnf, Kind::Formula, limits.memory)?;
        let lines = text.bytes().filter(|&b| b == b'\n').count() as u64 + 1;
        limits.admit_file(&entry.name, "reading its formula", lines, text.len() as u64)?;
        let cnf = cnf::Cnf::parse(&text, &entry.cnf)?;
        limits.in_time(&entry.name)?;
        cnf::compare(&entry.name, &expected, &cnf)?;
        cnf
    };
    let proof = files::read(dir, &entry.proof, Kind::Proof, limits.memory)?;
    let replay = drat::check(&entry.name, &cnf, &proof, &entry.proof, limits)?;
    checked.clauses = cnf.clauses.len();
    checked.lemmas = replay.lemmas;
    checked.by_propagation = replay.by_propagation;
    Ok(checked)
}
