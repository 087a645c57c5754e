//! `certify=DIR`: the certificate folder of a call (`gridsat_sat::solver::CertificateFolder`,
//! the command line's writer too), the errors of writing an entry as Python sees them,
//! and `check_certificate`, which runs `gridsat-certify` (the checker that shares no
//! code with the solvers) over a folder.

use crate::errors;
use crate::run::{Watch, limit_of, watched};
use gridsat_certify::{Limits, Manifest, Rejected, check_entries};
use gridsat_sat::solver::{CertificateFolder, FolderError, RefuteError};
use gridsat_sat::{Budget, Interrupt};
use gridsat_sudoku::{Answer, ParsedPuzzle, Verdict, report::write_certificate};
use pyo3::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Why one entry's certificate was not written, sorted by what Python raises.
#[derive(Debug)]
pub enum CertFail {
    /// `ValueError`: the claim cannot be certified (a variant, a plan not proven optimal).
    Refused(String),
    /// `TimeoutError`: the budget stopped the proof.
    Stopped(String),
    /// `MemoryError`: the formula was over the memory ceiling.
    Memory(String),
    /// `gridsat.InternalError`: a file could not be written, or the proof-writing
    /// solver disagrees with the verdict.
    Failed(String),
}

impl CertFail {
    /// The failure of writing entry `name`'s files, with the error's message.
    pub fn of_proof(name: &str, e: &RefuteError) -> CertFail {
        match e {
            RefuteError::Stopped => CertFail::Stopped(format!("{name}: no certificate: {e}")),
            e => CertFail::Failed(format!("{name}: certificate: {e}")),
        }
    }

    /// The Python exception.
    pub fn into_py(self, py: Python<'_>) -> PyErr {
        match self {
            CertFail::Refused(m) => errors::value(m),
            CertFail::Stopped(m) => pyo3::exceptions::PyTimeoutError::new_err(m),
            CertFail::Memory(m) => errors::memory(m),
            CertFail::Failed(m) => errors::internal(py, &m),
        }
    }
}

/// `sudoku`'s certificate error sorted for Python.
pub fn sudoku_fail(name: &str, e: &gridsat_sudoku::report::CertificateError) -> CertFail {
    use gridsat_sudoku::report::CertificateError as E;
    match e {
        E::Variant | E::Unknown | E::Solutions { .. } => {
            CertFail::Refused(format!("{name}: certify: {e}"))
        }
        E::Formula(_) => CertFail::Memory(format!("{name}: no certificate: {e}")),
        E::Proof(p) => CertFail::of_proof(name, p),
        e => CertFail::Failed(format!("{name}: certificate: {e}")),
    }
}

/// Writes puzzle `index`'s files into `dir` and returns its manifest block (`None`
/// for an `unknown` verdict, which has no certificate).
pub fn sudoku_entry(
    dir: &Path,
    index: usize,
    p: &ParsedPuzzle,
    a: &Answer,
    budget: &Budget,
) -> Result<Option<String>, CertFail> {
    if a.verdict == Verdict::Unknown {
        return Ok(None);
    }
    let name = format!("puzzle-{index}");
    write_certificate(dir, index, p, a, budget)
        .map(|c| Some(c.manifest))
        .map_err(|e| sudoku_fail(&name, &e))
}

/// Creates the certificate folder `dir` (new or empty) with its manifest's `header`:
/// `FileExistsError` when it holds files, `OSError` when it cannot be written.
pub fn open(dir: &Path, header: &str) -> PyResult<CertificateFolder> {
    CertificateFolder::create(dir, false, header).map_err(|e| match e {
        FolderError::NotEmpty { .. } => pyo3::exceptions::PyFileExistsError::new_err(format!(
            "certify: {e} (remove its files, or choose another folder)"
        )),
        e => pyo3::exceptions::PyOSError::new_err(format!("certify: {e}")),
    })
}

/// Adds a block to the manifest: `OSError` when it cannot be written.
pub fn add(folder: &mut CertificateFolder, block: &str) -> Result<(), CertFail> {
    folder
        .add(block)
        .map_err(|e| CertFail::Failed(format!("certify: {e}")))
}

/// One entry's verdict: `(name, status, claim, message)` with status `checked`,
/// `rejected` or `not checked`, and `message` the checker's summary line or why.
pub type EntryVerdict = (String, &'static str, String, String);

/// Checks every entry of the certificate folder `dir` with `gridsat-certify`, within
/// `time_limit` seconds and `max_memory` bytes (0: the package's ceiling). A folder or
/// manifest that cannot be read raises `OSError`; a manifest that is not one is a
/// single `rejected` entry named `manifest.txt`.
#[pyfunction]
#[pyo3(signature = (dir, time_limit = None, max_memory = 0))]
pub fn check_certificate(
    py: Python<'_>,
    dir: PathBuf,
    time_limit: Option<f64>,
    max_memory: u64,
) -> PyResult<Vec<EntryVerdict>> {
    let time = match time_limit {
        Some(t) if !(t.is_finite() && t >= 0.0) => {
            return Err(errors::value(format!(
                "time_limit: {t} is not a number of seconds"
            )));
        }
        t => t.map(Duration::from_secs_f64),
    };
    let limits = Limits::new(limit_of(max_memory), time);
    let watch = Watch::new(None);
    let interrupt = Interrupt::new();
    let checked = watched(py, &interrupt, &watch, || check_all(&dir, &limits))?;
    checked.map_err(|m| pyo3::exceptions::PyOSError::new_err(format!("{}: {m}", dir.display())))
}

/// Every entry's verdict; `Err` when the manifest cannot be read at all.
fn check_all(dir: &Path, limits: &Limits) -> Result<Vec<EntryVerdict>, String> {
    let manifest = match Manifest::read(dir) {
        Ok(m) => m,
        Err(e @ Rejected::Io { .. }) => return Err(e.to_string()),
        Err(e) => {
            let who = "manifest.txt".to_string();
            return Ok(vec![(who, "rejected", String::new(), e.to_string())]);
        }
    };
    let mut verdicts = Vec::with_capacity(manifest.entries.len());
    let threads = gridsat_sat::batch::available_threads();
    check_entries(dir, &manifest.entries, limits, threads, |entry, r| {
        let claim = entry.claim.map(|c| c.to_string()).unwrap_or_default();
        let (status, message) = match r {
            Ok(c) => ("checked", c.summary()),
            Err(e @ (Rejected::TooLarge { .. } | Rejected::OutOfTime { .. })) => {
                ("not checked", e.to_string())
            }
            Err(e) => ("rejected", e.to_string()),
        };
        verdicts.push((entry.name.clone(), status, claim, message));
        true
    });
    Ok(verdicts)
}
