//! Argument parsing and dispatch to the puzzle families.

mod check;
pub mod cputime;
mod exit;
mod input;
mod manifest;
pub mod output;
mod serve;
mod sokoban;
mod sudoku;

pub use exit::{Exit, Fail, MEMORY_HINT, memory_message};

use clap::{Parser, Subcommand};
use gridsat_sat::{Budget, Interrupt};
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Duration;

/// gridsat: logic puzzles solved by reduction to SAT.
#[derive(Parser, Debug)]
#[command(name = "gridsat", version, about, long_about = None, propagate_version = true)]
struct Cli {
    /// Refuse (exit 2, or verdict `unknown` with the reason) to build a formula or table
    /// estimated larger than this, e.g. 4G, 512M [default: three quarters of the memory]
    #[arg(long, global = true, value_name = "SIZE", value_parser = parse_size)]
    max_memory: Option<u64>,
    #[command(subcommand)]
    command: Command,
}

/// The memory ceiling of this run (`--max-memory`, or the default).
static MAX_MEMORY: OnceLock<u64> = OnceLock::new();

/// The budget every command starts from: the Ctrl-C flag and the memory ceiling. Each
/// command adds its time limit (`budget().with_time_limit(args.time_limit)`).
pub fn budget() -> Budget {
    memory_budget().with_interrupt(ctrl_c().clone())
}

/// The memory ceiling alone (`--max-memory`), without the Ctrl-C flag. (`gridsat
/// serve` takes `--max-memory` as each request's ceiling and builds its own budgets.)
pub fn memory_budget() -> Budget {
    let memory = *MAX_MEMORY.get_or_init(gridsat_sat::default_memory_limit);
    Budget::unlimited().with_memory_limit(Some(memory))
}

/// Parses `--time-limit SECS`: a number of seconds ≥ 0 (fractions allowed).
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs = s.trim().parse::<f64>().ok();
    secs.and_then(|x| gridsat_sat::seconds(x).ok())
        .ok_or_else(|| format!("expected a number of seconds ≥ 0, not '{s}'"))
}

/// The most worker threads `--threads` takes.
pub const MAX_THREADS: usize = 256;

/// Parses `--threads N`: a whole number from 1 to [`MAX_THREADS`].
pub fn parse_threads(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{s}': expected a number of threads from 1 to {MAX_THREADS}"
        )),
    }
}

/// Parses a size: bytes, or a number with K, M, G or T (powers of 1024; `KiB`, `MB`
/// and the like are accepted too).
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let shift = match unit
        .trim()
        .to_ascii_lowercase()
        .trim_end_matches(['b', 'i'])
    {
        "" => 0,
        "k" => 10,
        "m" => 20,
        "g" => 30,
        "t" => 40,
        _ => {
            return Err(format!(
                "'{s}': expected a size such as 4G, 512M or 1000000"
            ));
        }
    };
    match num.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok((x * (1u64 << shift) as f64) as u64),
        _ => Err(format!(
            "'{s}': expected a size such as 4G, 512M or 1000000"
        )),
    }
}

// Parsed once per run: the size difference between variants does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand, Debug)]
enum Command {
    /// Sudoku of any size: solve, count, encode, decode, check.
    #[command(subcommand)]
    Sudoku(sudoku::SudokuCmd),
    /// Sokoban as SAT planning: solve, verify, encode, show.
    #[command(subcommand)]
    Sokoban(sokoban::SokobanCmd),
    /// Check a certificate folder (`--certify DIR`) without trusting gridsat's encoders or solvers.
    CheckCertificate(check::CheckCertificateArgs),
    /// A local web page: edit, solve and watch Sudoku and Sokoban in a browser.
    Serve(serve::ServeArgs),
    /// Write a shell completion script to stdout, e.g.
    /// `gridsat completions bash > ~/.local/share/bash-completion/completions/gridsat`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Write the manual pages (roff): `gridsat.1` to stdout, or one page per
    /// subcommand into DIR (`gridsat man --dir man/ && man -l man/gridsat-sudoku-solve.1`).
    Man {
        /// Write `gridsat.1` and one page per subcommand into this folder.
        #[arg(long, value_name = "DIR")]
        dir: Option<std::path::PathBuf>,
    },
}

/// The interrupt flag raised by Ctrl-C; long searches watch it and report what they know.
pub fn ctrl_c() -> &'static Interrupt {
    static FLAG: OnceLock<Interrupt> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Interrupt::new();
        let handler_flag = flag.clone();
        // Without a handler Ctrl-C still ends the process; with one, runs can report.
        let _ = ctrlc::set_handler(move || {
            if handler_flag.is_set() {
                std::process::exit(Exit::Unknown as i32);
            }
            handler_flag.interrupt();
        });
        flag
    })
}

/// Parses the command line, runs it, and turns the outcome into an exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    if let Some(m) = cli.max_memory {
        let _ = MAX_MEMORY.set(m);
    }
    let result = match cli.command {
        Command::Sudoku(cmd) => sudoku::run(cmd),
        Command::Sokoban(cmd) => sokoban::run(cmd),
        Command::Serve(args) => serve::run(args, cli.max_memory),
        Command::CheckCertificate(args) => check::run(args),
        Command::Completions { shell } => completions(shell),
        Command::Man { dir } => manual(dir.as_deref()),
    };
    match result {
        Ok(code) => code.into(),
        Err(fail) => report(&fail),
    }
}

/// What clap has to say instead of a run: help and version on stdout (exit 0, or the
/// output error when stdout cannot take them), usage errors on stderr (exit 2).
fn clap_exit(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let printed = e.print();
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let flushed = printed.and_then(|()| std::io::Write::flush(&mut std::io::stdout()));
            match flushed.map_err(Fail::from) {
                Ok(()) => ExitCode::SUCCESS,
                Err(fail) => report(&fail),
            }
        }
        _ => ExitCode::from(e.exit_code().clamp(0, 255) as u8),
    }
}

/// Says what failed on stderr (never panicking, even when stderr is closed) and gives
/// its exit code.
fn report(fail: &Fail) -> ExitCode {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "gridsat: {}", fail.message);
    fail.code.into()
}

fn completions(shell: clap_complete::Shell) -> Result<Exit, Fail> {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    // Into a buffer first: clap_complete panics when its writer fails (a closed pipe).
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "gridsat", &mut script);
    std::io::Write::write_all(&mut std::io::stdout(), &script)?;
    Ok(Exit::Ok)
}

/// The man page of `cmd` and, into `dir`, of each of its subcommands (`gridsat-sudoku-solve.1`).
fn manual(dir: Option<&std::path::Path>) -> Result<Exit, Fail> {
    use clap::CommandFactory;
    let cmd = Cli::command();
    let Some(dir) = dir else {
        clap_mangen::Man::new(cmd).render(&mut std::io::stdout())?;
        return Ok(Exit::Ok);
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| Fail::usage(format!("{}: cannot create: {e}", dir.display())))?;
    let mut pending = vec![(String::from("gridsat"), cmd)];
    while let Some((name, mut cmd)) = pending.pop() {
        cmd = cmd.name(name.clone());
        for sub in cmd.get_subcommands() {
            pending.push((format!("{name}-{}", sub.get_name()), sub.clone()));
        }
        let path = dir.join(format!("{name}.1"));
        let mut out = Vec::new();
        clap_mangen::Man::new(cmd).render(&mut out)?;
        std::fs::write(&path, out)
            .map_err(|e| Fail::usage(format!("{}: cannot write: {e}", path.display())))?;
    }
    Ok(Exit::Ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_seconds_parse() {
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("512MiB"), Ok(512 << 20));
        assert_eq!(parse_size("1.5k"), Ok(1536));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("0").is_err());
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("inf").is_err());
    }
}
