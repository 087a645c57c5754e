//! `/api/sudoku/…`: every question the toolkit answers, as the `--json` objects of the
//! matching commands (`solve`, `hint`, `candidates`, `explain`, `rate`, `propagate`,
//! `parse`, `encode`), and `generate`.

use super::AppState;
use super::bundle::{Certifiable, TempFolder, bundle, take_certify};
use super::error::{ApiError, json_body};
use super::work::run_limited;
use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use gridsat_sat::Budget;
use gridsat_sat::solver::RefuteError;
use gridsat_sudoku::Verdict;
use gridsat_sudoku::api::{GenerateRequest, Question, Request, RequestError, ask_within, generate};
use gridsat_sudoku::io::Layout;
use gridsat_sudoku::report::{
    CertificateError, Label, Toolkit, manifest_header, write_certificate,
};
use serde_json::Value;
use std::sync::Arc;

/// The longest DIMACS text `encode` sends to a page (the command line writes any size).
pub const MAX_DIMACS: usize = 32 << 20;

/// `POST /api/sudoku/{question}` with a [`Request`] body.
pub async fn question(
    State(state): State<Arc<AppState>>,
    Path(name): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let question: Question = name.parse().map_err(|_| ApiError {
        status: StatusCode::NOT_FOUND,
        message: format!(
            "no such question '{name}' (POST /api/sudoku/ one of: {}, generate)",
            Question::ALL
                .iter()
                .map(|q| q.name())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })?;
    let mut body: Value = json_body(body)?;
    let certify = take_certify(&mut body)?;
    if certify && question != Question::Solve {
        return Err(ApiError::bad(format!(
            "certify: {name} makes no claim to certify (certificates are for solve)"
        )));
    }
    let req = Request::from_value(body).map_err(|e| ApiError::bad(e.to_string()))?;
    let asked = req.time_limit().map_err(|e| ApiError::bad(e.to_string()))?;
    if certify {
        let answer = run_limited(&state.limits, asked, move |b| certified_solve(&req, b));
        return answer.await?.map(|a| Json(a).into_response());
    }
    let report = run_limited(&state.limits, asked, move |budget| {
        ask_within(&req, question, budget, false, Some(MAX_DIMACS as u64))
    })
    .await?
    .map_err(|e| ApiError::from_library(e.is_bad_input(), &e))?;
    if question == Question::Encode && report.text.len() > MAX_DIMACS {
        return Err(ApiError::bad(format!(
            "the formula's DIMACS text is {} MB, over the page's limit of {} MB: write it with `gridsat sudoku encode`",
            report.text.len() >> 20,
            MAX_DIMACS >> 20
        )));
    }
    Ok(Json(report.json).into_response())
}

/// The `solve` answer with a `certificate` bundle of its verdict (`"certify": true`),
/// or a `certificate_error` saying why there is none (an `unknown` verdict, a proof
/// the time limit stopped).
fn certified_solve(req: &Request, budget: &Budget) -> Result<Certifiable<Value>, ApiError> {
    let lib = |e: RequestError| ApiError::from_library(e.is_bad_input(), &e);
    let p = req.parsed().map_err(lib)?;
    let opts = req.solve_options(budget, false).map_err(lib)?;
    let (answer, report) = Toolkit::new(opts)
        .solve(&Label::new(1), &p, Layout::default())
        .map_err(|e| lib(RequestError::Toolkit(e)))?;
    let json = report.json;
    let Some(a) = answer.filter(|a| a.verdict != Verdict::Unknown) else {
        let why = "the verdict is unknown: there is nothing to certify";
        return Ok(Certifiable::refused(json, why));
    };
    let tmp = TempFolder::new()?;
    let mut folder = tmp.certificate(&manifest_header())?;
    let c = match write_certificate(folder.dir(), 1, &p, &a, budget) {
        Ok(c) => c,
        Err(e @ CertificateError::Variant) => return Err(ApiError::bad(format!("certify: {e}"))),
        Err(e @ CertificateError::Proof(RefuteError::Stopped)) => {
            return Ok(Certifiable::refused(json, &e.to_string()));
        }
        Err(e) => return Err(ApiError::internal(format!("certificate: {e}"))),
    };
    folder
        .add(&c.manifest)
        .map_err(|e| ApiError::internal(e.to_string()))?;
    Ok(Certifiable::certified(json, bundle(tmp.path(), &c, None)?))
}

/// `POST /api/sudoku/generate` with a [`GenerateRequest`] body: the object of
/// `generate --json` for one puzzle, `{"puzzles": [...]}` for several.
pub async fn make(
    State(state): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let req =
        GenerateRequest::from_value(json_body(body)?).map_err(|e| ApiError::bad(e.to_string()))?;
    let asked = req.time_limit().map_err(|e| ApiError::bad(e.to_string()))?;
    let several = req.count.is_some_and(|c| c > 1);
    let reports = run_limited(&state.limits, asked, move |budget| {
        generate(&req, budget, false)
    })
    .await?
    .map_err(|e| ApiError::from_library(e.is_bad_input(), &e))?;
    let mut objects: Vec<Value> = reports.into_iter().map(|r| r.json).collect();
    if several {
        let many = serde_json::to_value(Puzzles { puzzles: objects })
            .map_err(|e| ApiError::internal(e.to_string()))?;
        Ok(Json(many))
    } else {
        Ok(Json(objects.swap_remove(0)))
    }
}

/// The answer of a generate request for several puzzles (schema `many` in
/// `docs/schema/sudoku/generate.json`).
#[derive(serde::Serialize)]
struct Puzzles {
    puzzles: Vec<Value>,
}
