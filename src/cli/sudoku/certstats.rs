//! What the certificates of a run came to (`--stats` with `--certify`).

use gridsat_sudoku::report::Certified;
use std::path::Path;

/// Certificates written, proofs among them, their size and time.
#[derive(Clone, Debug, Default)]
pub struct CertStats {
    entries: usize,
    proofs: usize,
    proof_bytes: u64,
    seconds: f64,
}

impl CertStats {
    /// Counts one certificate.
    pub fn add(&mut self, c: &Certified) {
        self.entries += 1;
        if c.proof_bytes > 0 || c.clauses > 0 {
            self.proofs += 1;
        }
        self.proof_bytes += c.proof_bytes;
        self.seconds += c.seconds;
    }

    /// The `--stats` line about certificates.
    pub fn stats_line(&self, dir: &Path) -> String {
        format!(
            "certificates: {} entries in {} ({} DRAT proofs, {:.1} KiB, {:.3} s summed over threads); \
             the proofs come from a case split of their own on the standard formula (CaDiCaL \
             past 20,000 branches), not from the deduction or the solver that answered",
            self.entries,
            dir.display(),
            self.proofs,
            self.proof_bytes as f64 / 1024.0,
            self.seconds
        )
    }
}
