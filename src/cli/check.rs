//! `gridsat check-certificate DIR`: checks a certificate folder with gridsat-certify,
//! which shares no code with the solvers and encoders that wrote it.

use super::output::outln;
use super::{Exit, Fail, parse_seconds};
use clap::Args;
use gridsat_certify::{Entry, Limits, Manifest, Rejected, check_entries, defined_formula};
use gridsat_sat::batch::available_threads;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `gridsat check-certificate`.
#[derive(Args, Debug)]
pub struct CheckCertificateArgs {
    /// The folder `--certify DIR` wrote (its `manifest.txt` lists the entries).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Stop after this many seconds in all; entries not checked by then are reported
    /// NOT CHECKED (exit 4).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Entries checked at once, 1 to 256 (default: all cores); each takes an even
    /// share of --max-memory. Lines still come in the manifest's order.
    #[arg(long, value_name = "N", value_parser = crate::cli::parse_threads)]
    pub threads: Option<usize>,
    /// Also write, into the folder OUT (created if need be), `NAME.cnf` for every
    /// accepted entry whose formula the certificate defines rather than carries
    /// (`formula standard`): DIMACS with a `c var` line per variable, built by the
    /// checker's own encoder, for running another DRAT checker on `NAME.drat`.
    #[arg(long, value_name = "OUT")]
    pub write_cnf: Option<PathBuf>,
}

/// Checks every entry, one line each on stdout; a rejected entry is named on stderr
/// with the reason. Exit 0 only when every entry checks, 1 when one is rejected, 2
/// when one is too large for `--max-memory`, 4 when the time limit ran out.
pub fn run(args: CheckCertificateArgs) -> Result<Exit, Fail> {
    let memory = super::memory_budget().memory_limit().unwrap_or(u64::MAX);
    let limits = Limits::new(memory, args.time_limit);
    let manifest = Manifest::read(&args.dir).map_err(|e| match e {
        Rejected::Io { .. } => Fail::usage(format!("{}: {e}", args.dir.display())),
        e => Fail::negative(format!("{}: {e}", args.dir.display())),
    })?;
    let (mut good, mut bad, mut exit) = (0, 0, Exit::Ok);
    let mut printed = Ok(());
    let threads = args.threads.unwrap_or_else(available_threads);
    check_entries(
        &args.dir,
        &manifest.entries,
        &limits,
        threads,
        |entry, r| {
            let who = entry.name.replacen('-', " ", 1);
            printed = match r {
                Ok(c) => {
                    good += 1;
                    match write_cnf(&args, entry, &limits) {
                        Ok(()) => outln!("{}", c.summary()),
                        Err(e) => Err(e),
                    }
                }
                Err(e @ (Rejected::TooLarge { .. } | Rejected::OutOfTime { .. })) => {
                    let code = match e {
                        Rejected::TooLarge { .. } => Exit::Usage,
                        _ => Exit::Unknown,
                    };
                    exit = exit.worst(code);
                    eprintln!("gridsat: {e}");
                    outln!("{who}: NOT CHECKED — {e}")
                }
                Err(e) => {
                    bad += 1;
                    eprintln!("gridsat: {}: rejected: {e}", entry.name);
                    outln!("{who}: REJECTED — {e}")
                }
            };
            printed.is_ok()
        },
    );
    printed?;
    let total = manifest.entries.len();
    if bad > 0 {
        return Err(Fail::negative(format!("{bad} of {total} entries rejected")));
    }
    if exit != Exit::Ok {
        eprintln!("gridsat: {} of {total} entries not checked", total - good);
        return Ok(exit);
    }
    outln!("all {good} entries checked")?;
    Ok(Exit::Ok)
}

/// `--write-cnf OUT`: the entry's defined formula into `OUT/NAME.cnf`, never over a file.
fn write_cnf(args: &CheckCertificateArgs, entry: &Entry, limits: &Limits) -> Result<(), Fail> {
    let Some(out) = &args.write_cnf else {
        return Ok(());
    };
    let text = defined_formula(&args.dir, entry, limits)
        .map_err(|e| Fail::negative(format!("{}: {e}", entry.name)))?;
    let Some(text) = text else {
        return Ok(());
    };
    let path = out.join(format!("{}.cnf", entry.name));
    let io = |e: std::io::Error| Fail::usage(format!("--write-cnf: {}: {e}", path.display()));
    std::fs::create_dir_all(out).map_err(io)?;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(io)?;
    std::io::Write::write_all(&mut file, text.as_bytes()).map_err(io)
}
