//! `gridsat serve`: its options, handed to the server as plain values.

use super::{Exit, Fail, parse_seconds};
use crate::serve::{Options, StartError, parse_origin};
use std::net::IpAddr;
use std::time::Duration;

/// The options of `gridsat serve`. The global `--max-memory` is the ceiling of each
/// request here [default: 1G, or less so that every solve at once fits in three
/// quarters of the memory].
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port, printed on stderr).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to bind; the default serves this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// The longest any request may work, in seconds (a solve then answers `unknown`).
    #[arg(long, value_name = "SECS", default_value = "30", value_parser = parse_seconds)]
    pub time_limit: Duration,
    /// How many requests may work at once [default: the number of cores].
    #[arg(long, value_name = "N")]
    pub max_solves: Option<usize>,
    /// Also answer pages from ORIGIN (e.g. `http://mybox.lan:8080`), and the Host name in
    /// it; repeatable. Only the server's own page is answered otherwise.
    #[arg(long, value_name = "ORIGIN", value_parser = parse_origin)]
    pub allow_origin: Vec<String>,
    /// Close a connection that takes longer than this to send a request (or sits idle
    /// between requests), in seconds.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds)]
    pub idle_timeout: Duration,
    /// The most connections open at once; more get a 503 [default: 512, or less to stay
    /// below the limit on open files].
    #[arg(long, value_name = "N")]
    pub max_connections: Option<usize>,
}

/// Runs the server with `args` and the global `--max-memory` until Ctrl-C.
pub fn run(args: ServeArgs, max_memory: Option<u64>) -> Result<Exit, Fail> {
    let opts = Options {
        port: args.port,
        bind: args.bind,
        time_limit: args.time_limit,
        max_solves: args.max_solves,
        allow_origin: args.allow_origin,
        idle_timeout: args.idle_timeout,
        max_connections: args.max_connections,
        max_memory,
    };
    crate::serve::run(opts).map_err(|e| match e {
        StartError::Usage(m) => Fail::usage(m),
        StartError::Failure(m) => Fail::failure(m),
    })?;
    Ok(Exit::Ok)
}
