//! Certificates of push-optimal plans: files that let anyone check "no plan has fewer
//! pushes" without trusting gridsat — the level, the plan, the formula of the horizon
//! just below the plan (the textbook push encoding with only the pruning the checker
//! re-derives — dead squares and lone-box push distances —, player reachability by
//! BFS layers, pairwise exactly-one actions, variable names as `c var` lines) and a text DRAT proof that it is unsatisfiable, listed in `manifest.txt`.
//! `gridsat check-certificate` (the `gridsat-certify` crate) rebuilds the formula
//! with an encoder of its own, replays the plan and replays the proof.
//!
//! The proof comes from a separate CaDiCaL run on that formula, not from the search
//! that found the plan (A*, or the pruned horizon search): the claim is checked, not
//! the way it was reached.

use crate::encode::{Encoding, ExportError, ExportOptions, export};
use crate::model::Level;
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
    /// The answer is not a plan proven push-optimal (no plan, unknown, or optimal in
    /// moves only): there is no optimality claim on pushes to certify.
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
    /// was not push-optimal (e.g. it was optimal only under a move limit).
    #[error("a plan of at most {0} pushes exists: the plan is not push-optimal without limits")]
    Disagree(usize),
}

/// The first lines of a Sokoban `manifest.txt`.
pub fn manifest_header() -> String {
    "# gridsat certificates: check with `gridsat check-certificate DIR`\n\
     # one block per entry: entry, kind, claim, level, plan, horizon, cnf, proof\n\n"
        .to_string()
}

/// The pushes of a plan `report` proves push-optimal, or why it proves nothing of the
/// kind.
fn optimal_pushes(report: &Outcome) -> Result<usize, CertificateError> {
    let not = |why: &str| Err(CertificateError::NotOptimal(why.to_string()));
    if report.verdict != Verdict::Solved {
        return not("no plan was found: certificates cover push-optimal plans");
    }
    match report.optimal {
        Some(Optimize::Pushes | Optimize::PushesMoves) => {}
        Some(Optimize::Moves) => {
            return not("the plan is move-optimal: certificates cover push-optimal plans");
        }
        None => return not("the plan is not proven optimal (stopped before the proof)"),
    }
    let plan = report
        .plan
        .as_ref()
        .ok_or_else(|| CertificateError::NotOptimal("the report holds no plan".to_string()))?;
    Ok(plan.pushes())
}

/// Writes the certificate of `level`, solved by `report` with a plan proven
/// push-optimal, into `dir` as `level-N.*` files and returns its manifest block: the
/// level (`.xsb`), the plan (`.plan`), and unless the plan has no push, the formula of
/// "a plan of at most P − 1 pushes" (`.cnf`) with its DRAT refutation (`.drat`).
pub fn write_certificate(
    dir: &Path,
    level: &Level,
    report: &Outcome,
    budget: &Budget,
) -> Result<Certified, CertificateError> {
    let t0 = Instant::now();
    let pushes = optimal_pushes(report)?;
    let plan = report.plan.as_ref().expect("checked by optimal_pushes");
    let name = format!("level-{}", level.number);
    let file = |ext: &str| format!("{name}.{ext}");
    write(dir, &file("xsb"), &format!("; {}\n{level}", level.title))?;
    write(dir, &file("plan"), &format!("{plan}\n"))?;
    let mut manifest = format!(
        "entry {name}\nkind sokoban\nclaim optimal {pushes}\nlevel {}\nplan {}\n",
        file("xsb"),
        file("plan")
    );
    let mut refutation = None;
    if pushes > 0 {
        refutation = Some(refute(dir, &name, level, pushes - 1, budget)?);
        manifest.push_str(&format!(
            "horizon {}\ncnf {}\nproof {}\n",
            pushes - 1,
            file("cnf"),
            file("drat")
        ));
    }
    manifest.push('\n');
    let claim = format!("optimal {pushes}");
    let seconds = t0.elapsed().as_secs_f64();
    Ok(Certified::new(name, claim, manifest, refutation, seconds))
}

fn write(dir: &Path, file: &str, text: &str) -> Result<(), CertificateError> {
    write_file(&dir.join(file), text).map_err(CertificateError::Proof)
}

/// Writes `NAME.cnf`, the textbook push encoding of "a plan of at most `horizon`
/// pushes", and `NAME.drat`, its refutation by CaDiCaL.
fn refute(
    dir: &Path,
    name: &str,
    level: &Level,
    horizon: usize,
    budget: &Budget,
) -> Result<Refutation, CertificateError> {
    let mut opts = ExportOptions::new(Encoding::Pushes, horizon);
    opts.plain = true;
    opts.checkable = true;
    let exported = export(level, &opts, budget)?;
    let header = vec![
        format!("gridsat certificate {name}: Sokoban level {}", level.title),
        exported.claim.clone(),
        "pairwise exactly-one action per step; unsatisfiable iff no plan has at most \
         this many pushes"
            .to_string(),
    ];
    match write_refutation(dir, name, &exported.formula, header, budget) {
        Ok(r) => Ok(r),
        Err(RefuteError::Satisfiable) => Err(CertificateError::Disagree(horizon)),
        Err(e) => Err(CertificateError::Proof(e)),
    }
}
