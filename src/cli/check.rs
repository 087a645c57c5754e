//! `gridsat check-certificate DIR`: checks a certificate folder with gridsat-certify,
//! which shares no code with the solvers and encoders that wrote it.

use super::output::outln;
use super::{Exit, Fail, parse_seconds};
use clap::Args;
use gridsat_certify::{Limits, Manifest, Rejected, check_entry};
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
    for entry in &manifest.entries {
        let who = entry.name.replacen('-', " ", 1);
        match check_entry(&args.dir, entry, &limits) {
            Ok(c) => {
                good += 1;
                outln!("{}", c.summary())?;
            }
            Err(e @ (Rejected::TooLarge { .. } | Rejected::OutOfTime { .. })) => {
                let code = match e {
                    Rejected::TooLarge { .. } => Exit::Usage,
                    _ => Exit::Unknown,
                };
                exit = exit.worst(code);
                outln!("{who}: NOT CHECKED — {e}")?;
                eprintln!("gridsat: {e}");
            }
            Err(e) => {
                bad += 1;
                outln!("{who}: REJECTED — {e}")?;
                eprintln!("gridsat: {}: rejected: {e}", entry.name);
            }
        }
    }
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
