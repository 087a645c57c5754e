//! `gridsat check-certificate DIR`: checks a certificate folder with gridsat-certify,
//! which shares no code with the solvers and encoders that wrote it.

use super::{Exit, Fail};
use clap::Args;
use gridsat_certify::{Manifest, Rejected, check_entry};
use std::path::PathBuf;

/// Arguments of `gridsat check-certificate`.
#[derive(Args, Debug)]
pub struct CheckCertificateArgs {
    /// The folder `--certify DIR` wrote (its `manifest.txt` lists the entries).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
}

/// Checks every entry, one line each on stdout; a rejected entry is named on stderr
/// with the reason. Exit 0 only when every entry checks, 1 when one is rejected.
pub fn run(args: CheckCertificateArgs) -> Result<Exit, Fail> {
    let manifest = Manifest::read(&args.dir).map_err(|e| match e {
        Rejected::Io { .. } => Fail::usage(format!("{}: {e}", args.dir.display())),
        e => Fail::negative(format!("{}: {e}", args.dir.display())),
    })?;
    let (mut good, mut bad) = (0, 0);
    for entry in &manifest.entries {
        match check_entry(&args.dir, entry) {
            Ok(c) => {
                good += 1;
                println!("{}", c.summary());
            }
            Err(e) => {
                bad += 1;
                println!("{}: REJECTED — {e}", entry.name.replacen('-', " ", 1));
                eprintln!("gridsat: {}: rejected: {e}", entry.name);
            }
        }
    }
    if bad > 0 {
        return Err(Fail::negative(format!(
            "{bad} of {} entries rejected",
            good + bad
        )));
    }
    println!("all {good} entries checked");
    Ok(Exit::Ok)
}
