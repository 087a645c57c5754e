//! The server's limits as the options and the machine set them.

use super::Options;
use super::listen::{self, ConnLimits};

/// The memory ceiling of one request by default, when every solve at once fits.
pub const DEFAULT_REQUEST_MEMORY: u64 = 1 << 30;

/// The limits one server runs with.
#[derive(Debug)]
pub struct Settings {
    /// Requests working at once.
    pub max_solves: usize,
    /// Memory ceiling of each request, in bytes.
    pub memory: u64,
    /// The ceiling of all requests together: three quarters of the memory.
    pub global_memory: u64,
    /// Connections open at once and their idle timeout.
    pub connections: ConnLimits,
}

fn gib(bytes: u64) -> String {
    format!("{:.2}G", bytes as f64 / f64::from(1u32 << 30))
}

/// Each request's ceiling: `asked`, or 1G; either way every solve at once must fit in
/// `global`.
pub fn request_memory(asked: Option<u64>, solves: usize, global: u64) -> Result<u64, String> {
    let share = global / solves as u64;
    match asked {
        None => Ok(DEFAULT_REQUEST_MEMORY.min(share)),
        Some(m) if m <= share => Ok(m),
        Some(m) => Err(format!(
            "--max-memory {} for each of {solves} solves at once is {}, over the server's ceiling of {} (three quarters of the memory): lower --max-memory or --max-solves",
            gib(m),
            gib(m.saturating_mul(solves as u64)),
            gib(global)
        )),
    }
}

impl Settings {
    /// The settings of `args`, whose `max_memory` is each request's ceiling.
    pub fn new(args: &Options) -> Result<Settings, String> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let max_solves = args.max_solves.unwrap_or(cores).max(1);
        let global_memory = gridsat_sat::default_memory_limit();
        if args.idle_timeout.is_zero() {
            return Err("--idle-timeout must be more than 0 seconds".into());
        }
        Ok(Settings {
            max_solves,
            memory: request_memory(args.max_memory, max_solves, global_memory)?,
            global_memory,
            connections: ConnLimits {
                max_connections: listen::max_connections(args.max_connections)?,
                idle: args.idle_timeout,
            },
        })
    }

    /// One line for the banner.
    pub fn describe(&self, time_limit: std::time::Duration) -> String {
        format!(
            "limits: {} solves at once, each up to {} s and {} of memory ({} in all); {} connections, closed after {} s idle",
            self.max_solves,
            time_limit.as_secs_f64(),
            gib(self.memory),
            gib(self.global_memory),
            self.connections.max_connections,
            self.connections.idle.as_secs_f64()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_memory_keeps_every_solve_within_the_ceiling() {
        assert_eq!(request_memory(None, 2, 18 << 30), Ok(1 << 30));
        assert_eq!(request_memory(None, 8, 4 << 30), Ok(512 << 20));
        assert_eq!(request_memory(Some(2 << 30), 4, 8 << 30), Ok(2 << 30));
        let e = request_memory(Some(4 << 30), 4, 8 << 30).unwrap_err();
        assert!(e.contains("lower --max-memory or --max-solves"), "{e}");
    }
}
