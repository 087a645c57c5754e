//! `/api/sudoku/…`: every question the toolkit answers, as the `--json` objects of the
//! matching commands (`solve`, `hint`, `candidates`, `explain`, `rate`, `propagate`,
//! `parse`, `encode`), and `generate`.

use super::AppState;
use super::error::{ApiError, json_body};
use super::work::run_limited;
use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use gridsat_sudoku::api::{GenerateRequest, Question, Request, ask_within, generate};
use serde_json::Value;
use std::sync::Arc;

/// The longest DIMACS text `encode` sends to a page (the command line writes any size).
pub const MAX_DIMACS: usize = 32 << 20;

/// `POST /api/sudoku/{question}` with a [`Request`] body.
pub async fn question(
    State(state): State<Arc<AppState>>,
    Path(name): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
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
    let req = Request::from_value(json_body(body)?).map_err(|e| ApiError::bad(e.to_string()))?;
    let asked = req.time_limit().map_err(|e| ApiError::bad(e.to_string()))?;
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
    Ok(Json(report.json))
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
