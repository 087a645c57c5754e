//! The API's errors: a status and `{"error": "…"}`, and reading JSON bodies so that a
//! bad one gets such an error (with its line and column) rather than axum's plain text.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

/// An error answer.
#[derive(Debug)]
pub struct ApiError {
    /// 400 for bad requests, 403 for requests from elsewhere than the server's own
    /// page, 408 for bodies sent too slowly, 413 for bodies over the limit, 415 for
    /// bodies that are not JSON, 503 when busy, 500 for gridsat's own failures.
    pub status: StatusCode,
    /// What went wrong, and how to fix it.
    pub message: String,
}

impl ApiError {
    /// A 400: the request is at fault.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// A 403: the request does not come from the server's own page.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::FORBIDDEN,
            message: message.into(),
        }
    }

    /// A 500: gridsat failed.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
        }
    }

    /// A 503: every solving slot stayed taken.
    pub fn busy(max: usize) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!("busy: {max} solves are running; try again in a moment"),
        }
    }

    /// 400 or 500, as the library says who is at fault.
    pub fn from_library(bad_input: bool, e: &dyn std::fmt::Display) -> ApiError {
        if bad_input {
            ApiError::bad(e.to_string())
        } else {
            ApiError::internal(e.to_string())
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message });
        (self.status, axum::Json(body)).into_response()
    }
}

/// The body as `T`: a 413 when it is over the limit, a 400 naming the line and column
/// when it is not the JSON object expected.
pub fn json_body<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| ApiError {
        status: e.status(),
        message: match e.status() {
            StatusCode::PAYLOAD_TOO_LARGE => format!(
                "the request body is over the limit of {} bytes",
                super::MAX_BODY
            ),
            _ => format!("cannot read the request body: {e}"),
        },
    })?;
    serde_json::from_slice(&bytes).map_err(|e| {
        ApiError::bad(format!(
            "request body, line {}, column {}: {}",
            e.line(),
            e.column(),
            strip_position(&e.to_string())
        ))
    })
}

/// serde_json's message without its own " at line L column C" tail.
fn strip_position(s: &str) -> &str {
    s.rfind(" at line ").map_or(s, |i| &s[..i])
}
