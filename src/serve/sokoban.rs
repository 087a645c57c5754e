//! `/api/sokoban/…`: solve (JSON, or server-sent events with the horizons asked as
//! they go), verify a plan, read a pasted level, and the bundled levels.

use super::AppState;
use super::error::{ApiError, json_body};
use super::work::run_limited;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderMap, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use gridsat_sokoban::Progress;
use gridsat_sokoban::api::{SolveRequest, VerifyRequest, level_json, read_levels, solve, verify};
use serde_json::{Value, json};
use std::convert::Infallible;
use std::sync::Arc;
use tokio_stream::StreamExt;
use tokio_stream::wrappers::UnboundedReceiverStream;

/// The levels offered on the page: the bundled examples (`examples/sokoban`).
const BUNDLED: &[(&str, &str)] = &[
    ("tiny", include_str!("../../examples/sokoban/tiny.xsb")),
    (
        "corridor",
        include_str!("../../examples/sokoban/corridor.txt"),
    ),
    (
        "two boxes",
        include_str!("../../examples/sokoban/two-boxes.txt"),
    ),
    ("corner", include_str!("../../examples/sokoban/corner.txt")),
    (
        "extra goals",
        include_str!("../../examples/sokoban/extra-goals.txt"),
    ),
    (
        "unsolvable",
        include_str!("../../examples/sokoban/unsolvable.txt"),
    ),
];

/// One line of progress, as the command line's progress line says it.
fn progress_text(p: &Progress) -> String {
    let what = match p.outcome {
        None => "solving".to_string(),
        Some(o) => format!("{o:?}").to_lowercase(),
    };
    format!(
        "horizon {} · {} vars · {} clauses · {:.2} s · {what}",
        p.horizon,
        p.variables,
        p.clauses,
        p.elapsed.as_secs_f64()
    )
}

fn wants_events(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/event-stream"))
}

/// `POST /api/sokoban/solve` with a [`SolveRequest`]: the object of `solve --json`, or
/// with `Accept: text/event-stream` the events `progress` (`{"horizon", "text", …}`)
/// then `result` (that object) or `error` (`{"error"}`). Closing the stream cancels
/// the solve.
pub async fn solve_level(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: SolveRequest = json_body(body)?;
    let asked = req.time_limit().map_err(|e| ApiError::bad(e.to_string()))?;
    let level = req
        .level()
        .map_err(|e| ApiError::from_library(e.is_bad_input(), &e))?;
    if !wants_events(&headers) {
        let (_, _, j) = run_limited(&state.limits, asked, move |b| solve(&req, b, false, None))
            .await?
            .map_err(|e| ApiError::from_library(e.is_bad_input(), &e))?;
        return Ok(Json(j).into_response());
    }
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<Event>();
    let started =
        json!({"text": format!("level {}: {} boxes, solving", level.title, level.boxes.len())});
    let _ = tx.send(Event::default().event("progress").data(started.to_string()));
    let work = async move {
        let sender = tx.clone();
        let run = run_limited(&state.limits, asked, move |b| {
            let mut report = |p: &Progress| {
                let data = json!({"horizon": p.horizon, "variables": p.variables, "clauses": p.clauses,
                    "seconds": p.elapsed.as_secs_f64(), "text": progress_text(p)});
                let _ = sender.send(Event::default().event("progress").data(data.to_string()));
            };
            solve(&req, b, false, Some(&mut report))
        });
        let event = match run.await {
            Ok(Ok((_, _, j))) => Event::default().event("result").data(j.to_string()),
            Ok(Err(e)) => error_event(&e.to_string()),
            Err(e) => error_event(&e.message),
        };
        let _ = tx.send(event);
    };
    // The work runs as long as the stream is read: dropping the stream (the client
    // left, or cancelled) drops the work's future, whose slot then interrupts it.
    let abort = AbortOnDrop(tokio::spawn(work));
    let stream = UnboundedReceiverStream::new(rx).map(move |e| {
        let _keep = &abort;
        Ok::<Event, Infallible>(e)
    });
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response())
}

fn error_event(message: &str) -> Event {
    Event::default()
        .event("error")
        .data(json!({ "error": message }).to_string())
}

/// Aborts its task when dropped (with the stream it is kept in).
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// `POST /api/sokoban/verify` with `{"level", "number"?, "plan"}`: the replay's verdict.
pub async fn verify_plan(body: Result<Bytes, BytesRejection>) -> Result<Json<Value>, ApiError> {
    let req: VerifyRequest = json_body(body)?;
    let answer = tokio::task::spawn_blocking(move || verify(&req))
        .await
        .map_err(|e| ApiError::internal(format!("the replay failed: {e} (a bug)")))?;
    answer
        .map(Json)
        .map_err(|e| ApiError::from_library(e.is_bad_input(), &e))
}

/// The body of `/api/sokoban/parse`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ParseRequest {
    level: String,
}

/// `POST /api/sokoban/parse` with `{"level": text}`: `{"levels": [...]}`, each with its
/// `rows` and `text`.
pub async fn parse(body: Result<Bytes, BytesRejection>) -> Result<Json<Value>, ApiError> {
    let req: ParseRequest = json_body(body)?;
    let levels = read_levels(&req.level, "level").map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(Json(
        json!({ "levels": levels.iter().map(level_json).collect::<Vec<_>>() }),
    ))
}

/// `GET /api/sokoban/levels`: the bundled levels, each with its collection and text.
pub async fn bundled() -> Json<Value> {
    let mut out = Vec::new();
    for (collection, text) in BUNDLED {
        let Ok(levels) = read_levels(text, collection) else {
            continue;
        };
        for l in &levels {
            let mut j = level_json(l);
            j["collection"] = json!(collection);
            let own = if levels.len() == 1 {
                text.to_string()
            } else {
                gridsat_sokoban::board_text(l)
            };
            j["text"] = json!(own);
            out.push(j);
        }
    }
    Json(json!({ "levels": out }))
}
