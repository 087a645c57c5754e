//! `POST /api/sudoku/check-encoding`: a student's DIMACS clauses and variable mapping
//! checked, answered with `gridsat sudoku check-encoding --json`'s object and its text.

use super::AppState;
use super::error::{ApiError, json_body};
use super::work::run_limited;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use gridsat_sudoku::api::{CheckEncodingRequest, CheckRequestError};
use gridsat_sudoku::teach::TeachError;
use serde_json::Value;
use std::sync::Arc;

/// Checks the body's clauses within the server's limits. A check stopped before it
/// could answer anything is `{"status": "unknown", "reason": …}`, as other questions.
pub async fn check_encoding(
    State(state): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let req = CheckEncodingRequest::from_value(json_body(body)?)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let asked = req.time_limit().map_err(|e| ApiError::bad(e.to_string()))?;
    match run_limited(&state.limits, asked, move |budget| req.check_within(budget)).await? {
        Ok(answer) => Ok(Json(answer)),
        Err(CheckRequestError::Teach(TeachError::Stopped(r))) => {
            let unknown = Unknown {
                status: "unknown",
                reason: r.name(),
            };
            serde_json::to_value(unknown)
                .map(Json)
                .map_err(|e| ApiError::internal(e.to_string()))
        }
        Err(e) => Err(ApiError::from_library(e.is_bad_input(), &e)),
    }
}

/// A check stopped before it answered anything.
#[derive(serde::Serialize)]
struct Unknown {
    status: &'static str,
    reason: &'static str,
}
