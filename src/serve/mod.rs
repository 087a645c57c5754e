//! `gridsat serve`: a local web page over the same library calls as the command line.
//!
//! One binary: the page's files are embedded ([`assets`]), so nothing is fetched at run
//! time. Every answer is the object the matching `--json` command prints, computed by the
//! same code and verified before it is sent. The server answers its own page only
//! ([`gate`]), bounds each request's time and memory and the requests working at once
//! ([`limits`], [`work`]), and bounds connections and their idle time ([`listen`]); see
//! `docs/guide/security.md`.

mod assets;
mod bundle;
mod error;
mod gate;
mod limits;
mod listen;
mod settings;
mod sokoban;
mod sudoku;
mod teach;
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

/// What every handler can reach.
pub struct AppState {
    /// Time, memory and concurrency limits.
    pub limits: Limits,
    /// Which requests are let in.
    pub gate: gate::Gate,
    /// The longest a request head or body may take to arrive.
    pub idle_timeout: Duration,
    /// `GET /api/sokoban/levels`, computed once.
    pub levels: gridsat_sokoban::api::LevelsJson,
}

/// How one server runs: the command line's `gridsat serve` options, as plain values
/// (`src/cli/serve.rs` parses them), so that the server depends on no command-line code.
#[derive(Debug, Clone)]
pub struct Options {
    /// Port to listen on (0: any free port, printed on stderr).
    pub port: u16,
    /// Address to bind.
    pub bind: IpAddr,
    /// The longest any request may work.
    pub time_limit: Duration,
    /// How many requests may work at once (`None`: the number of cores).
    pub max_solves: Option<usize>,
    /// Origins answered besides the server's own page.
    pub allow_origin: Vec<String>,
    /// The longest a request may take to arrive, or a connection sit idle.
    pub idle_timeout: Duration,
    /// The most connections open at once (`None`: 512, or less below the fd limit).
    pub max_connections: Option<usize>,
    /// The memory ceiling of each request (`None`: 1G, or less so that every solve at
    /// once fits in three quarters of the memory).
    pub max_memory: Option<u64>,
}

/// Why a server did not start or stopped with an error.
#[derive(Debug)]
pub enum StartError {
    /// The options cannot work (a port taken, limits that do not fit): exit 2.
    Usage(String),
    /// The machine refused (no runtime): exit 5.
    Failure(String),
}

pub use gate::parse_origin;

/// The router: the page, its files and the JSON API, behind the gate.
pub fn app(state: Arc<AppState>) -> Router {
    let api = Router::new()
        .route("/api/sudoku/generate", post(sudoku::make))
        .route("/api/sudoku/check-encoding", post(teach::check_encoding))
        .route("/api/sudoku/{question}", post(sudoku::question))
        .route("/api/sokoban/solve", post(sokoban::solve_level))
        .route("/api/sokoban/options", post(sokoban::solve_options))
        .route("/api/sokoban/verify", post(sokoban::verify_plan))
        .route("/api/sokoban/replay", post(sokoban::replay_plan))
        .route("/api/sokoban/parse", post(sokoban::parse))
        .route("/api/sokoban/levels", get(sokoban::bundled));
    assets::routes()
        .merge(api)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            gate::guard,
        ))
        .with_state(state)
}

/// Runs the server until Ctrl-C, which stops it at once (requests in flight are cut).
pub fn run(opts: Options) -> Result<(), StartError> {
    let s = settings::Settings::new(&opts).map_err(StartError::Usage)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| StartError::Failure(format!("cannot start the server: {e}")))?;
    let served = runtime.block_on(async move {
        let addr = SocketAddr::new(opts.bind, opts.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| StartError::Usage(format!("cannot listen on {addr}: {e}")))?;
        let local = listener.local_addr().unwrap_or(addr);
        let state = Arc::new(AppState {
            limits: Limits::new(opts.time_limit, s.memory, s.max_solves),
            gate: gate::Gate::new(local, opts.allow_origin.clone()),
            idle_timeout: opts.idle_timeout,
            levels: sokoban::bundled_levels(),
        });
        eprintln!("gridsat: serving http://{local}/ (Ctrl-C stops)");
        eprintln!("gridsat: {}", s.describe(opts.time_limit));
        let stop = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        listen::serve(listener, app(state), s.connections, stop).await;
        Ok(())
    });
    // Work still running on blocking threads ends with the process.
    runtime.shutdown_timeout(Duration::from_millis(100));
    served
}
