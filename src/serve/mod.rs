//! `gridsat serve`: a local web page over the same library calls as the command line.
//!
//! One binary: the page's files are embedded ([`assets`]), so nothing is fetched at run
//! time. Every answer is the object the matching `--json` command prints, computed by the
//! same code and verified before it is sent. Limits: request bodies up to 1 MB, a time
//! limit per request (the answer then says `unknown`), at most as many solves at once as
//! there are cores, and the server binds to 127.0.0.1 unless told otherwise.

mod assets;
mod error;
mod limits;
mod sokoban;
mod sudoku;
mod work;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

pub use limits::Limits;

/// The largest request body accepted.
pub const MAX_BODY: usize = 1 << 20;

/// What every handler can reach: the limits and the level collections offered.
pub struct AppState {
    /// Time, concurrency and size limits.
    pub limits: Limits,
}

/// The options of `gridsat serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port, printed on stderr).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to bind; the default serves this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// The longest any request may work, in seconds (a solve then answers `unknown`).
    #[arg(long, value_name = "SECS", default_value = "30", value_parser = crate::cli::parse_seconds)]
    pub time_limit: Duration,
    /// How many solves may run at once [default: the number of cores].
    #[arg(long, value_name = "N")]
    pub max_solves: Option<usize>,
}

/// The router: the page, its files and the JSON API.
pub fn app(state: Arc<AppState>) -> Router {
    let api = Router::new()
        .route("/api/sudoku/generate", post(sudoku::make))
        .route("/api/sudoku/{question}", post(sudoku::question))
        .route("/api/sokoban/solve", post(sokoban::solve_level))
        .route("/api/sokoban/verify", post(sokoban::verify_plan))
        .route("/api/sokoban/parse", post(sokoban::parse))
        .route("/api/sokoban/levels", get(sokoban::bundled));
    assets::routes()
        .merge(api)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

/// Runs the server until Ctrl-C.
pub fn run(args: ServeArgs) -> Result<crate::cli::Exit, crate::cli::Fail> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let state = Arc::new(AppState {
        limits: Limits::new(args.time_limit, args.max_solves.unwrap_or(cores).max(1)),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| crate::cli::Fail::failure(format!("cannot start the server: {e}")))?;
    runtime.block_on(async move {
        let addr = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| crate::cli::Fail::usage(format!("cannot listen on {addr}: {e}")))?;
        let local = listener.local_addr().unwrap_or(addr);
        eprintln!("gridsat: serving http://{local}/ (Ctrl-C stops)");
        axum::serve(listener, app(state))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(|e| crate::cli::Fail::failure(format!("server error: {e}")))?;
        Ok(crate::cli::Exit::Ok)
    })
}
