//! The page's files, embedded in the binary at build time.

use super::AppState;
use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::Arc;

/// `(path, content type, contents)` of every file of `web/`.
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../../web/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../web/style.css"),
    ),
    (
        "js/main.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/js/main.js"),
    ),
    (
        "js/api.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/js/api.js"),
    ),
    (
        "js/sudoku.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/js/sudoku.js"),
    ),
    (
        "js/sokoban.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/js/sokoban.js"),
    ),
    (
        "js/certificate.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/js/certificate.js"),
    ),
    (
        "js/teach.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/js/teach.js"),
    ),
];

fn file(path: &str) -> Response {
    match FILES.iter().find(|(p, _, _)| *p == path) {
        Some((_, kind, body)) => (
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// `/`, `/style.css` and `/js/…`.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/", get(|| async { file("index.html") }))
        .route("/style.css", get(|| async { file("style.css") }))
        .route(
            "/js/{name}",
            get(|Path(name): Path<String>| async move { file(&format!("js/{name}")) }),
        )
}
