//! Certificates of optimal plans: files that let anyone check "no plan has fewer
//! pushes" (or moves) without trusting gridsat — the level, the plan, the formula of
//! the horizon just below the plan and a text DRAT proof that it is unsatisfiable,
//! listed in `manifest.txt`. `gridsat check-certificate` (the `gridsat-certify` crate)
//! rebuilds each formula with an encoder of its own, replays the plan and the proof.
//!
//! - push-optimal (`claim optimal P`): the textbook push encoding at `P − 1` with only
//!   the pruning the checker re-derives (dead squares, lone-box push distances and
//!   the two waste budgets built on them),
//!   player reachability by BFS layers, pairwise exactly-one actions;
//! - move-optimal (`claim optimal-moves M`): the move encoding at `M − 1` with only
//!   dead squares, distances and the chessboard colour as pruning, every exactly-one
//!   pairwise;
//! - fewest pushes, then fewest moves: both entries, the second (`level-N-moves`,
//!   `claim optimal-moves M pushes P`) with a push budget of `P` (a sequential counter).
//!
//! The proof comes from a separate CaDiCaL run on that formula, not from the search
//! that found the plan (A*, or the pruned horizon search): the claim is checked, not
//! the way it was reached.

use crate::encode::{Encoding, ExportError, ExportOptions, export};
use crate::model::Level;
use crate::search;
pub use crate::search::ClosureError;
use crate::solve::{Optimize, Outcome, Verdict};
use gridsat_sat::Budget;
pub use gridsat_sat::solver::Certified;
use gridsat_sat::solver::{Refutation, RefuteError, write_file, write_refutation};
use std::path::Path;
use std::time::Instant;

/// Why no certificate was written for a level.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CertificateError {
    /// The answer is not a plan proven optimal (no plan, unknown, stopped before the
    /// proof): there is no optimality claim to certify.
    #[error("{0}")]
    NotOptimal(String),
    /// The formula could not be built (budget, memory).
    #[error(transparent)]
    Formula(#[from] ExportError),
    /// The formula or the proof could not be written, or the proof-writing solve
    /// failed or was stopped.
    #[error(transparent)]
    Proof(RefuteError),
    /// The formula below the plan is satisfiable: a shorter plan exists, so the plan
    /// was not optimal without limits (e.g. it was optimal only under a move limit).
    #[error("a plan of at most {0} {1} exists: the plan is not optimal without limits")]
    Disagree(usize, &'static str),
    /// The push-state closure could not be built (stopped, over the memory budget or
    /// over [`MAX_CLOSURE`] positions).
    #[error("the push-state closure: {0}")]
    Closure(ClosureError),
}

/// What backs a push-optimal claim in a certificate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PushBacking {
    /// The push-state closure; the formula and its DRAT proof when the closure is
    /// over [`MAX_CLOSURE`] positions or the memory budget.
    #[default]
    Auto,
    /// The formula and its DRAT proof, with all the time left.
    Drat,
    /// The push-state closure alone.
    Closure,
}

impl std::str::FromStr for PushBacking {
    type Err = String;
    fn from_str(s: &str) -> Result<PushBacking, String> {
        match s {
            "auto" => Ok(PushBacking::Auto),
            "drat" => Ok(PushBacking::Drat),
            "closure" => Ok(PushBacking::Closure),
            _ => Err(format!("'{s}': expected auto, drat or closure")),
        }
    }
}

/// The first lines of a Sokoban `manifest.txt`.
pub fn manifest_header() -> String {
    "# gridsat certificates: check with `gridsat check-certificate DIR`\n\
     # one block per entry: entry, kind, claim, level, plan, horizon, cnf, proof\n\n"
        .to_string()
}

/// What a report proves optimal: the pushes, the moves (among plans of those pushes
/// when both are set), or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Optimum {
    pushes: Option<usize>,
    moves: Option<usize>,
}

/// What `report` proves optimal, or why it proves nothing of the kind.
fn optimum(report: &Outcome) -> Result<Optimum, CertificateError> {
    let not = |why: &str| Err(CertificateError::NotOptimal(why.to_string()));
    if report.verdict != Verdict::Solved {
        return not("no plan was found: certificates cover optimal plans");
    }
    let plan = report
        .plan
        .as_ref()
        .ok_or_else(|| CertificateError::NotOptimal("the report holds no plan".to_string()))?;
    let (pushes, moves) = (Some(plan.pushes()), Some(plan.moves().len()));
    match report.optimal {
        Some(Optimize::Pushes) => Ok(Optimum {
            pushes,
            moves: None,
        }),
        Some(Optimize::Moves) => Ok(Optimum {
            pushes: None,
            moves,
        }),
        Some(Optimize::PushesMoves) => Ok(Optimum { pushes, moves }),
        None => not("the plan is not proven optimal (stopped before the proof)"),
    }
}

/// One claim of a certificate: no plan below `cost` in `encoding`'s unit (with at most
/// `max_pushes` pushes, for moves).
struct Below {
    encoding: Encoding,
    cost: usize,
    max_pushes: Option<usize>,
}

impl Below {
    fn pushes(cost: usize) -> Below {
        Below {
            encoding: Encoding::Pushes,
            cost,
            max_pushes: None,
        }
    }

    fn moves(cost: usize, max_pushes: Option<usize>) -> Below {
        Below {
            encoding: Encoding::Moves,
            cost,
            max_pushes,
        }
    }

    /// The claim as the manifest says it.
    fn claim(&self) -> String {
        match (self.encoding, self.max_pushes) {
            (Encoding::Pushes, _) => format!("optimal {}", self.cost),
            (Encoding::Moves, None) => format!("optimal-moves {}", self.cost),
            (Encoding::Moves, Some(p)) => format!("optimal-moves {} pushes {p}", self.cost),
        }
    }
}

/// Writes the certificate of `level`, solved by `report` with a plan proven optimal,
/// into `dir` and returns its manifest: the level (`level-N.xsb`), the plan
/// (`level-N.plan`), and per claim, unless the plan costs nothing, the formula of the
/// horizon below the plan (`.cnf`) with its DRAT refutation (`.drat`). A plan with the
/// fewest pushes and then the fewest moves has two entries, `level-N` and
/// `level-N-moves`.
pub fn write_certificate(
    dir: &Path,
    level: &Level,
    report: &Outcome,
    budget: &Budget,
) -> Result<Certified, CertificateError> {
    write_certificate_with(dir, level, report, budget, PushBacking::Auto)
}

/// [`write_certificate`] with the push claim backed as `backing` says.
pub fn write_certificate_with(
    dir: &Path,
    level: &Level,
    report: &Outcome,
    budget: &Budget,
    backing: PushBacking,
) -> Result<Certified, CertificateError> {
    let t0 = Instant::now();
    let optimum = optimum(report)?;
    let plan = report.plan.as_ref().expect("checked by optimum");
    let name = format!("level-{}", level.number);
    write(
        dir,
        &format!("{name}.xsb"),
        &format!("; {}\n{level}", level.title),
    )?;
    write(dir, &format!("{name}.plan"), &format!("{plan}\n"))?;
    let mut claims = Vec::new();
    if let Some(pushes) = optimum.pushes {
        claims.push((name.clone(), Below::pushes(pushes)));
    }
    if let Some(moves) = optimum.moves {
        let entry = match optimum.pushes {
            Some(_) => format!("{name}-moves"),
            None => name.clone(),
        };
        claims.push((entry, Below::moves(moves, optimum.pushes)));
    }
    let (mut manifest, mut total, mut closed) = (String::new(), None::<Refutation>, (0, 0));
    for (entry, below) in &claims {
        let (block, written) = write_entry(dir, (&name, entry), level, below, budget, backing)?;
        manifest.push_str(&block);
        match written {
            Some(Written::Drat(r)) => {
                let t = total.get_or_insert(Refutation {
                    clauses: 0,
                    proof_bytes: 0,
                });
                t.clauses += r.clauses;
                t.proof_bytes += r.proof_bytes;
            }
            Some(Written::Closure { positions, bytes }) => {
                closed = (closed.0 + positions, closed.1 + bytes);
            }
            None => {}
        }
    }
    let claim: Vec<String> = claims.iter().map(|(_, b)| b.claim()).collect();
    let seconds = t0.elapsed().as_secs_f64();
    Ok(
        Certified::new(name, claim.join(", "), manifest, total, seconds)
            .with_closure(closed.0, closed.1),
    )
}

/// What backs one entry's claim.
enum Written {
    /// A formula and its DRAT refutation.
    Drat(Refutation),
    /// A push-state closure (`.states`) of this many positions and bytes.
    Closure { positions: usize, bytes: u64 },
}

/// The most positions a push-state closure lists.
pub const MAX_CLOSURE: usize = 4_000_000;

/// Writes what backs one entry (none when the plan costs nothing) and returns its
/// manifest block; `name` is the level's files. A push claim gets the push-state
/// closure (`entry.states`) or the formula and its DRAT proof (`entry.cnf`,
/// `entry.drat`), as `backing` says; a move claim gets the formula and proof.
fn write_entry(
    dir: &Path,
    (name, entry): (&str, &str),
    level: &Level,
    below: &Below,
    budget: &Budget,
    backing: PushBacking,
) -> Result<(String, Option<Written>), CertificateError> {
    let mut block = format!(
        "entry {entry}\nkind sokoban\nclaim {}\nlevel {name}.xsb\nplan {name}.plan\n",
        below.claim()
    );
    if below.cost == 0 {
        block.push('\n');
        return Ok((block, None));
    }
    let horizon = below.cost - 1;
    block.push_str(&format!("horizon {horizon}\n"));
    let written = match below.encoding {
        Encoding::Moves => Written::Drat(refute(dir, entry, level, below, budget)?),
        Encoding::Pushes => refute_or_close(dir, entry, level, below, (budget, backing))?,
    };
    block.push_str(&match written {
        Written::Drat(_) => format!("cnf {entry}.cnf\nproof {entry}.drat\n\n"),
        Written::Closure { .. } => format!("states {entry}.states\n\n"),
    });
    Ok((block, Some(written)))
}

/// What backs a push claim: with [`PushBacking::Auto`] the push-state closure, or,
/// when it is over [`MAX_CLOSURE`] positions or the memory budget and the run is not
/// stopped, the formula and its DRAT proof with the time left.
fn refute_or_close(
    dir: &Path,
    entry: &str,
    level: &Level,
    below: &Below,
    (budget, backing): (&Budget, PushBacking),
) -> Result<Written, CertificateError> {
    let horizon = below.cost - 1;
    match backing {
        PushBacking::Drat => refute(dir, entry, level, below, budget).map(Written::Drat),
        PushBacking::Closure => close(dir, entry, level, horizon, budget),
        PushBacking::Auto => match close(dir, entry, level, horizon, budget) {
            Err(CertificateError::Closure(ClosureError::TooLarge(_) | ClosureError::Halt(_)))
                if !budget.stopped() =>
            {
                refute(dir, entry, level, below, budget).map(Written::Drat)
            }
            other => other,
        },
    }
}

/// Writes `entry.states`, the push-state closure of "no plan of at most `horizon`
/// pushes".
fn close(
    dir: &Path,
    entry: &str,
    level: &Level,
    horizon: usize,
    budget: &Budget,
) -> Result<Written, CertificateError> {
    let closure = match search::closure(level, horizon, MAX_CLOSURE, budget) {
        Ok(c) => c,
        Err(ClosureError::Solvable(h)) => return Err(CertificateError::Disagree(h, "pushes")),
        Err(e) => return Err(CertificateError::Closure(e)),
    };
    let header = vec![
        format!("gridsat certificate {entry}: Sokoban level {}", level.title),
        format!("push-state closure: no plan of at most {horizon} pushes"),
        "lines: DEPTH PLAYER BOX... with cells as ROW,COLUMN (1-based)".to_string(),
    ];
    let text = search::closure_text(level, horizon, &closure, &header);
    write(dir, &format!("{entry}.states"), &text)?;
    Ok(Written::Closure {
        positions: closure.positions.len(),
        bytes: text.len() as u64,
    })
}

fn write(dir: &Path, file: &str, text: &str) -> Result<(), CertificateError> {
    write_file(&dir.join(file), text).map_err(CertificateError::Proof)
}

/// Writes `NAME.cnf`, the encoding of "a plan of at most `below.cost − 1`" (with only
/// the pruning the checker re-derives), and `NAME.drat`, its refutation by CaDiCaL;
/// neither is left behind when that fails.
fn refute(
    dir: &Path,
    name: &str,
    level: &Level,
    below: &Below,
    budget: &Budget,
) -> Result<Refutation, CertificateError> {
    let refuted = refute_files(dir, name, level, below, budget);
    let ours = !matches!(&refuted, Err(CertificateError::Proof(RefuteError::Io { source, .. }))
        if source.kind() == std::io::ErrorKind::AlreadyExists);
    if refuted.is_err() && ours {
        for ext in ["cnf", "drat"] {
            // An unfinished proof's files; gone already when they were never written.
            let _ = std::fs::remove_file(dir.join(format!("{name}.{ext}")));
        }
    }
    refuted
}

/// [`refute`]'s work.
fn refute_files(
    dir: &Path,
    name: &str,
    level: &Level,
    below: &Below,
    budget: &Budget,
) -> Result<Refutation, CertificateError> {
    let horizon = below.cost - 1;
    let mut opts = ExportOptions::new(below.encoding, horizon);
    opts.plain = true;
    opts.checkable = true;
    opts.max_pushes = below.max_pushes;
    let exported = export(level, &opts, budget)?;
    let unit = below.encoding.units();
    let header = vec![
        format!("gridsat certificate {name}: Sokoban level {}", level.title),
        exported.claim.clone(),
        format!("unsatisfiable iff no plan has at most this many {unit}"),
    ];
    match write_refutation(dir, name, &exported.formula, header, budget) {
        Ok(r) => Ok(r),
        Err(RefuteError::Satisfiable) => Err(CertificateError::Disagree(horizon, unit)),
        Err(e) => Err(CertificateError::Proof(e)),
    }
}
