//! `/api/sokoban/…`: solve (JSON, or server-sent events with the horizons asked as
//! they go), verify a plan, read a pasted level, and the bundled levels.

use super::AppState;
use super::bundle::{Certifiable, TempFolder, bundle, take_certify};
use super::error::{ApiError, json_body};
use super::work::run_limited;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderMap, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use gridsat_sat::Budget;
use gridsat_sat::solver::RefuteError;
use gridsat_sokoban::api::{
    LevelsJson, OptionsJson, ReplayJson, RequestError, SolveJson, SolveRequest, VerifyJson,
    VerifyRequest, level_json, options, read_levels, replay_request, solve, verify,
};
use gridsat_sokoban::report::{
    CertificateError, PushBacking, manifest_header, write_certificate_with,
};
use gridsat_sokoban::search::Progress;
use gridsat_sokoban::{Level, Optimize, Outcome};
use serde::Serialize;
use serde_json::Value;
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
    let mut body: Value = json_body(body)?;
    let backing = take_backing(&mut body)?;
    let certify = take_certify(&mut body)?.then_some(backing);
    let req: SolveRequest =
        serde_json::from_value(body).map_err(|e| ApiError::bad(format!("request body: {e}")))?;
    let asked = req.time_limit();
    let level = req
        .level()
        .map_err(|e| ApiError::from_library(e.is_bad_input(), &e))?;
    if !wants_events(&headers) {
        let answer = run_limited(&state.limits, asked, move |b| {
            let solved = solve(&req, b, false, None);
            answer(solved, certify, b)
        });
        return Ok(Json(answer.await??).into_response());
    }
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<Event>();
    let started = ProgressJson {
        text: format!(
            "level {}: {} boxes, solving",
            level.title,
            level.boxes.len()
        ),
        at: None,
    };
    let _ = tx.send(json_event("progress", &started));
    let work = async move {
        let sender = tx.clone();
        let run = run_limited(&state.limits, asked, move |b| {
            let mut report = |p: &Progress| {
                let _ = sender.send(json_event("progress", &ProgressJson::of(p)));
            };
            let solved = solve(&req, b, false, Some(&mut report));
            answer(solved, certify, b)
        });
        let event = match run.await {
            Ok(Ok(j)) => json_event("result", &j),
            Ok(Err(e)) | Err(e) => error_event(&e.message),
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

/// Removes the `certify_with` member of a Sokoban request object: what backs a push
/// optimum (`auto` without it; `auto`, `drat` or `closure`, else a 400).
pub fn take_backing(request: &mut Value) -> Result<PushBacking, ApiError> {
    let Some(object) = request.as_object_mut() else {
        return Ok(PushBacking::Auto);
    };
    match object.remove("certify_with") {
        None => Ok(PushBacking::Auto),
        Some(Value::String(s)) => s
            .parse()
            .map_err(|e: String| ApiError::bad(format!("certify_with: {e}"))),
        Some(_) => Err(ApiError::bad("certify_with: auto, drat or closure")),
    }
}

/// The answer of a solve: its JSON object, and with `certify` the certificate bundle of
/// an optimal plan (or a `certificate_error` saying why there is none).
fn answer(
    solved: Result<(Level, Outcome, SolveJson), RequestError>,
    certify: Option<PushBacking>,
    budget: &Budget,
) -> Result<Certifiable<SolveJson>, ApiError> {
    let (level, report, json) = solved.map_err(|e| ApiError::from_library(e.is_bad_input(), &e))?;
    let Some(backing) = certify else {
        return Ok(Certifiable::plain(json));
    };
    let tmp = TempFolder::new()?;
    let mut folder = tmp.certificate(&manifest_header())?;
    let c = match write_certificate_with(folder.dir(), &level, &report, budget, backing) {
        Ok(c) => c,
        Err(
            e @ (CertificateError::NotOptimal(_)
            | CertificateError::Formula(_)
            | CertificateError::Closure(_)
            | CertificateError::Proof(RefuteError::Stopped)),
        ) => return Ok(Certifiable::refused(json, &e.to_string())),
        Err(e) => return Err(ApiError::internal(format!("certificate: {e}"))),
    };
    folder
        .add(&c.manifest)
        .map_err(|e| ApiError::internal(e.to_string()))?;
    // The horizon of the first claim: moves − 1 for a move-optimal plan, else pushes − 1.
    let cost = |p: &gridsat_sokoban::Plan| match report.optimal {
        Some(Optimize::Moves) => p.moves().len(),
        _ => p.pushes(),
    };
    let horizon = (c.proof_bytes > 0 || c.clauses > 0)
        .then(|| report.plan.as_ref().map(|p| cost(p).saturating_sub(1)))
        .flatten();
    Ok(Certifiable::certified(
        json,
        bundle(tmp.path(), &c, horizon)?,
    ))
}

fn error_event(message: &str) -> Event {
    let error = ErrorJson {
        error: message.to_string(),
    };
    json_event("error", &error)
}

/// An event whose data is `value` as one line of JSON.
fn json_event(name: &str, value: &impl Serialize) -> Event {
    let data = serde_json::to_string(value).unwrap_or_else(|e| {
        let error = ErrorJson {
            error: format!("cannot write the answer: {e}"),
        };
        serde_json::to_string(&error).unwrap_or_default()
    });
    Event::default().event(name).data(data)
}

/// The `error` event: `{"error": message}`; schema `docs/schema/sokoban/error.json`.
#[derive(Serialize)]
struct ErrorJson {
    error: String,
}

/// A `progress` event; schema `docs/schema/sokoban/progress.json`. The first has only
/// `text`; the others say where the horizon search is.
#[derive(Serialize)]
struct ProgressJson {
    #[serde(flatten)]
    at: Option<HorizonJson>,
    text: String,
}

/// Where the horizon search is: the keys of a `progress` event before `text`.
#[derive(Serialize)]
struct HorizonJson {
    horizon: usize,
    variables: u32,
    clauses: usize,
    seconds: f64,
}

impl ProgressJson {
    fn of(p: &Progress) -> ProgressJson {
        ProgressJson {
            at: Some(HorizonJson {
                horizon: p.horizon,
                variables: p.variables,
                clauses: p.clauses,
                seconds: p.elapsed.as_secs_f64(),
            }),
            text: progress_text(p),
        }
    }
}

/// Aborts its task when dropped (with the stream it is kept in).
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// `POST /api/sokoban/verify` with `{"level", "number"?, "plan"}`: the replay's verdict.
/// Counted by `--max-solves` and run on a blocking thread like a solve.
pub async fn verify_plan(
    State(state): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<VerifyJson>, ApiError> {
    let req: VerifyRequest = json_body(body)?;
    run_limited(&state.limits, None, move |_| verify(&req))
        .await?
        .map(Json)
        .map_err(|e| ApiError::from_library(e.is_bad_input(), &e))
}

/// `POST /api/sokoban/options` with a [`SolveRequest`]: the options `solve` would run
/// it with (the library's `OptionsJson`), without solving. Counted by `--max-solves`.
pub async fn solve_options(
    State(state): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<OptionsJson>, ApiError> {
    let req: SolveRequest = json_body(body)?;
    run_limited(&state.limits, None, move |_| options(&req, false))
        .await?
        .map(Json)
        .map_err(|e| ApiError::from_library(e.is_bad_input(), &e))
}

/// `POST /api/sokoban/replay` with `{"level", "number"?, "plan"}`: every position of
/// the plan as the crate's independent simulator plays it, as far as it can be played
/// (the page's replay and play mode). Counted by `--max-solves` like a verify.
pub async fn replay_plan(
    State(state): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<ReplayJson>, ApiError> {
    let req: VerifyRequest = json_body(body)?;
    run_limited(&state.limits, None, move |_| replay_request(&req))
        .await?
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
/// `rows` and `text`. Counted by `--max-solves` and run on a blocking thread.
pub async fn parse(
    State(state): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<LevelsJson>, ApiError> {
    let req: ParseRequest = json_body(body)?;
    let levels = run_limited(&state.limits, None, move |_| {
        read_levels(&req.level, "level")
            .map(|levels| levels.iter().map(level_json).collect::<Vec<_>>())
    })
    .await?
    .map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(Json(LevelsJson { levels }))
}

/// `GET /api/sokoban/levels`: the bundled levels, read once at start.
pub async fn bundled(State(state): State<Arc<AppState>>) -> Json<LevelsJson> {
    Json(state.levels.clone())
}

/// The bundled levels, each with its collection and text.
pub fn bundled_levels() -> LevelsJson {
    let mut out = Vec::new();
    for (collection, text) in BUNDLED {
        let Ok(levels) = read_levels(text, collection) else {
            continue;
        };
        for l in &levels {
            let mut j = level_json(l);
            j.collection = Some(collection.to_string());
            j.text = Some(if levels.len() == 1 {
                text.to_string()
            } else {
                gridsat_sokoban::io::board_text(l)
            });
            out.push(j);
        }
    }
    LevelsJson { levels: out }
}
