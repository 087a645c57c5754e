//! Sokoban: levels as objects, plans found by `solve_level` (each replayed by the
//! independent simulator) and reported with the command line's JSON object.

use crate::certify::CertFail;
use crate::errors;
use crate::run::{CancelToken, Watch, budget, guarded, watched};
use gridsat_sat::solver::CertificateFolder;
use gridsat_sat::{Budget, Interrupt};
use gridsat_sokoban::api::{
    OptionsJson, RequestError, SolveRequest, level_json, read_levels, verify_level,
};
use gridsat_sokoban::report::{PushBacking, manifest_header, report_json, write_certificate_with};
use gridsat_sokoban::{Level, Outcome, Plan, replay::frames, solve_level};
use pyo3::prelude::*;
use std::path::PathBuf;

/// One level (native part of `gridsat.sokoban.Level`).
#[pyclass(module = "gridsat._native", frozen)]
pub struct NativeLevel {
    level: Level,
    file: String,
}

#[pymethods]
impl NativeLevel {
    /// The level's title (or its number when it has none).
    #[getter]
    fn title(&self) -> String {
        self.level.title.clone()
    }
    /// 1-based position in its collection.
    #[getter]
    fn number(&self) -> usize {
        self.level.number
    }
    /// The file name it was read as.
    #[getter]
    fn file(&self) -> String {
        self.file.clone()
    }
    /// The level as a JSON object (`title`, `rows`, `boxes`, `goals`, …).
    fn to_json(&self) -> String {
        level_json(&self.level).to_string()
    }
    /// The level as XSB text.
    fn xsb(&self) -> String {
        gridsat_sokoban::io::board_text(&self.level)
    }
}

/// Every level of `text` (XSB or course format); `file` names it in errors.
#[pyfunction]
pub fn sokoban_parse(py: Python<'_>, text: &str, file: &str) -> PyResult<Vec<NativeLevel>> {
    guarded(py, || {
        let levels = read_levels(text, file).map_err(|e| errors::sokoban(py, &e))?;
        Ok(levels
            .into_iter()
            .map(|level| NativeLevel {
                level,
                file: file.to_string(),
            })
            .collect())
    })
}

/// A solve's outcome (native part of `gridsat.sokoban.Plan`).
#[pyclass(module = "gridsat._native", frozen)]
pub struct NativePlan {
    level: Level,
    plan: Option<Plan>,
    json: String,
}

#[pymethods]
impl NativePlan {
    /// The JSON object `gridsat sokoban solve --json` prints.
    fn to_json(&self) -> String {
        self.json.clone()
    }
    /// Every position of the plan as XSB text, the start first, as the simulator plays it.
    fn frames(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        let Some(plan) = &self.plan else {
            return Ok(Vec::new());
        };
        guarded(py, || {
            let fs = frames(&self.level, plan).map_err(|e| errors::internal(py, &e.to_string()))?;
            Ok(fs
                .iter()
                .map(|f| self.level.render_with(&f.boxes, f.player))
                .collect())
        })
    }
}

/// Solves `level` with the options of the JSON object (`optimize`, `max_moves`, …).
/// With `certify`, writes the certificate of its optimal plan into that new or
/// empty folder (`level-N.*`, what `gridsat sokoban solve --certify DIR` writes), a
/// push optimum backed as `certify_with` says (`auto`, `drat` or `closure`).
#[pyfunction]
#[pyo3(signature = (level, request_json, cancel = None, certify = None, certify_with = "auto"))]
pub fn sokoban_solve(
    py: Python<'_>,
    level: &NativeLevel,
    request_json: &str,
    cancel: Option<&CancelToken>,
    certify: Option<PathBuf>,
    certify_with: &str,
) -> PyResult<NativePlan> {
    let backing: PushBacking = certify_with
        .parse()
        .map_err(|e: String| errors::value(format!("certify_with: {e}")))?;
    let watch = Watch::new(cancel);
    let req: SolveRequest = serde_json::from_str(request_json).map_err(request_error)?;
    let fail = |e: RequestError| errors::sokoban(py, &e);
    let opts = req.options(&level.level, true).map_err(fail)?;
    let mut folder = match &certify {
        Some(dir) => Some(crate::certify::open(dir, &manifest_header())?),
        None => None,
    };
    let interrupt = Interrupt::new();
    let budget = budget(&interrupt, req.time_limit());
    let lv = &level.level;
    let (solved, cert) = watched(py, &interrupt, &watch, || {
        let solved = solve_level(lv, &opts, &budget, None);
        let cert = match (&solved, &mut folder) {
            (Ok(report), Some(f)) => certify_level(f, lv, report, (&budget, backing)),
            _ => Ok(()),
        };
        (solved, cert)
    })?;
    let report = solved.map_err(|e| fail(RequestError::Solve(e)))?;
    cert.map_err(|e| e.into_py(py))?;
    let json = report_json(&level.file, lv, &report).to_string();
    Ok(NativePlan {
        level: lv.clone(),
        plan: report.plan,
        json,
    })
}

/// Writes the level's certificate into `folder` (its plan must be proven
/// push-optimal) and its manifest block.
fn certify_level(
    folder: &mut CertificateFolder,
    level: &Level,
    report: &Outcome,
    (budget, backing): (&Budget, PushBacking),
) -> Result<(), CertFail> {
    use gridsat_sokoban::report::CertificateError as E;
    let name = format!("level-{}", level.number);
    let written = write_certificate_with(folder.dir(), level, report, budget, backing);
    let c = written.map_err(|e| match &e {
        E::NotOptimal(_) => CertFail::Refused(format!("{name}: no certificate: {e}")),
        E::Formula(_) => CertFail::Memory(format!("{name}: no certificate: {e}")),
        E::Proof(p) => CertFail::of_proof(&name, p),
        E::Closure(c) => closure_fail(&name, c),
        _ => CertFail::Failed(format!("{name}: certificate: {e}")),
    })?;
    crate::certify::add(folder, &c.manifest)
}

/// A push-state closure that was not built, sorted for Python: stopped by the budget
/// (`TimeoutError`), or over the memory budget or the most positions (`MemoryError`).
fn closure_fail(name: &str, e: &gridsat_sokoban::report::ClosureError) -> CertFail {
    use gridsat_sokoban::report::ClosureError as C;
    let message = format!("{name}: no certificate: the push-state closure: {e}");
    match e {
        C::Halt(gridsat_sokoban::halt::Halt::Stopped(_)) => CertFail::Stopped(message),
        C::Halt(_) | C::TooLarge(_) => CertFail::Memory(message),
        _ => CertFail::Failed(message),
    }
}

/// The options `sokoban_solve` would run the request with on `level` (the JSON object
/// of `gridsat sokoban solve --print-options`), without solving.
#[pyfunction]
pub fn sokoban_options(
    py: Python<'_>,
    level: &NativeLevel,
    request_json: &str,
) -> PyResult<String> {
    let req: SolveRequest = serde_json::from_str(request_json).map_err(request_error)?;
    let opts = req
        .options(&level.level, true)
        .map_err(|e| errors::sokoban(py, &e))?;
    Ok(OptionsJson::new(&opts).to_string())
}

/// A request the typed reader refused: a member's value it does not take (a
/// `ValueError` naming the member, as the server's 400 does), or JSON that the Python
/// side did not build well (a `TypeError`).
fn request_error(e: serde_json::Error) -> PyErr {
    let message = strip_position(&e.to_string()).to_string();
    match e.classify() {
        serde_json::error::Category::Data => errors::value(message),
        _ => errors::type_error(format!("sokoban options: {message}")),
    }
}

/// serde_json's message without its " at line L column C" tail (the JSON is the
/// package's own, not the caller's).
fn strip_position(s: &str) -> &str {
    s.rfind(" at line ").map_or(s, |i| &s[..i])
}

/// Replays `plan` (LURD letters or `R D R …`) on `level`: the JSON object of `verify`.
#[pyfunction]
pub fn sokoban_verify(py: Python<'_>, level: &NativeLevel, plan: &str) -> PyResult<String> {
    guarded(py, || Ok(verify_level(&level.level, plan).to_string()))
}
