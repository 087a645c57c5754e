//! A refutation as files a sceptic can check: the formula as DIMACS with its variable
//! names (`NAME.cnf`) and CaDiCaL's text DRAT proof that it is unsatisfiable
//! (`NAME.drat`). The certificates of every puzzle family write theirs with it.

use super::SolverError;
use super::proof::{ProofOutcome, solve_with_proof_into};
use crate::budget::Budget;
use crate::dimacs::{WriteOptions, write_formula};
use crate::formula::Formula;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Why a refutation was not written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RefuteError {
    /// A file could not be written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The proof-writing solver failed.
    #[error(transparent)]
    Solver(#[from] SolverError),
    /// The budget stopped the proof-writing solve.
    #[error("the proof was not finished (stopped)")]
    Stopped,
    /// The formula is satisfiable: there is nothing to refute (the claim is wrong).
    #[error("CaDiCaL found the formula satisfiable: the claim it should refute is wrong")]
    Satisfiable,
}

/// What was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// Clauses of the formula.
    pub clauses: usize,
    /// Bytes of the proof.
    pub proof_bytes: u64,
}

/// What a certificate writer wrote for one entry (a puzzle, a level).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Certified {
    /// The entry's name (`puzzle-N`, `level-N`).
    pub name: String,
    /// The claim, e.g. `unique` or `optimal 8`.
    pub claim: String,
    /// Its block of `manifest.txt` (ending in a blank line).
    pub manifest: String,
    /// Clauses of the formula written (0 without one).
    pub clauses: usize,
    /// Bytes of the proof (0 without one).
    pub proof_bytes: u64,
    /// Positions of a Sokoban push-state closure written instead of a formula and a
    /// proof (0 without one; its file's bytes are then in `proof_bytes`).
    pub positions: usize,
    /// Seconds spent (encoding, proof, writing).
    pub seconds: f64,
}

impl Certified {
    /// An entry and what was written for it.
    pub fn new(
        name: String,
        claim: String,
        manifest: String,
        refutation: Option<Refutation>,
        seconds: f64,
    ) -> Certified {
        let r = refutation.unwrap_or(Refutation {
            clauses: 0,
            proof_bytes: 0,
        });
        Certified {
            name,
            claim,
            manifest,
            clauses: r.clauses,
            proof_bytes: r.proof_bytes,
            positions: 0,
            seconds,
        }
    }

    /// Adds a push-state closure of `positions` positions in a file of `bytes` bytes.
    pub fn with_closure(mut self, positions: usize, bytes: u64) -> Certified {
        self.positions += positions;
        self.proof_bytes += bytes;
        self
    }
}

/// Writes `text` to a new file `path`, naming the file in the error: a file already
/// there (a symlink included, which is never followed) is an error, not replaced.
pub fn write_file(path: &Path, text: &str) -> Result<(), RefuteError> {
    let mut file = create_new(path)?;
    std::io::Write::write_all(&mut file, text.as_bytes()).map_err(io_error(path))
}

/// Creates `path` for writing, exclusively (`O_CREAT | O_EXCL`): it fails when
/// anything, a symlink or a dangling one included, is already there.
pub fn create_new(path: &Path) -> Result<std::fs::File, RefuteError> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => RefuteError::Io {
                path: path.to_path_buf(),
                source: std::io::Error::new(
                    e.kind(),
                    "exists already: certificates are written only into new files, \
                     never over a file or through a symlink",
                ),
            },
            _ => io_error(path)(e),
        })
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> RefuteError + '_ {
    move |source| RefuteError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes `dir/NAME.cnf` (`f` with `header` as comment lines and a `c var` line per
/// variable) and `dir/NAME.drat`, the DRAT refutation of a separate CaDiCaL run on
/// exactly those clauses, within `budget`.
pub fn write_refutation(
    dir: &Path,
    name: &str,
    f: &Formula,
    header: Vec<String>,
    budget: &Budget,
) -> Result<Refutation, RefuteError> {
    let cnf = dir.join(format!("{name}.cnf"));
    let opts = WriteOptions {
        header,
        variable_names: true,
    };
    let file = create_new(&cnf)?;
    let mut out = std::io::BufWriter::new(Watched {
        inner: file,
        budget,
        since: 0,
    });
    let written = write_formula(&mut out, f, &opts).and_then(|()| out.flush());
    if budget.stopped() {
        return Err(RefuteError::Stopped);
    }
    written.map_err(io_error(&cnf))?;
    write_proof(dir, name, f, budget)
}

/// A writer that asks the budget every [`WRITE_CHECK`] bytes and fails once it is
/// spent: a formula of gigabytes takes seconds to write.
struct Watched<'a, W> {
    inner: W,
    budget: &'a Budget,
    since: usize,
}

/// Bytes written between two looks at the budget.
const WRITE_CHECK: usize = 4 << 20;

impl<W: std::io::Write> std::io::Write for Watched<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.since += buf.len();
        if self.since >= WRITE_CHECK {
            self.since = 0;
            if self.budget.stopped() {
                return Err(std::io::Error::other("stopped by the budget"));
            }
        }
        self.inner.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Writes only `NAME.drat`, CaDiCaL's refutation of `f`, for a formula the
/// certificate defines instead of carrying (its checker rebuilds it in the same
/// numbering).
pub fn write_proof(
    dir: &Path,
    name: &str,
    f: &Formula,
    budget: &Budget,
) -> Result<Refutation, RefuteError> {
    let drat = dir.join(format!("{name}.drat"));
    let clauses = (0..f.num_clauses()).map(|i| f.clause(i));
    let proof = create_new(&drat)?;
    match solve_with_proof_into(f.num_vars(), clauses, proof, &drat, budget)? {
        ProofOutcome::Unsat => {}
        ProofOutcome::Sat(_) => return Err(RefuteError::Satisfiable),
        ProofOutcome::Unknown => return Err(RefuteError::Stopped),
    }
    let proof_bytes = std::fs::metadata(&drat).map_err(io_error(&drat))?.len();
    Ok(Refutation {
        clauses: f.num_clauses(),
        proof_bytes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_contradiction_is_written_with_its_proof_and_a_model_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut f = Formula::new();
        let x = f.new_var("x");
        let fam = f.family("both");
        f.add_clause(fam, &[x.pos()]);
        f.add_clause(fam, &[x.neg()]);
        let r = write_refutation(dir.path(), "c", &f, vec!["hi".into()], &Budget::unlimited());
        assert_eq!(r.unwrap().clauses, 2);
        let cnf = std::fs::read_to_string(dir.path().join("c.cnf")).unwrap();
        assert!(
            cnf.starts_with("c hi\n") && cnf.contains("c var 1 x"),
            "{cnf}"
        );
        assert!(dir.path().join("c.drat").exists());
        let mut g = Formula::new();
        let y = g.new_var("y");
        let fam = g.family("one");
        g.add_clause(fam, &[y.pos()]);
        let r = write_refutation(dir.path(), "d", &g, vec![], &Budget::unlimited());
        assert!(matches!(r, Err(RefuteError::Satisfiable)), "{r:?}");
    }

    #[test]
    fn files_are_created_new_never_through_a_symlink() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.txt");
        std::fs::write(&target, "keep").unwrap();
        let link = dir.path().join("c.cnf");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let mut f = Formula::new();
        let x = f.new_var("x");
        let fam = f.family("both");
        f.add_clause(fam, &[x.pos()]);
        f.add_clause(fam, &[x.neg()]);
        let r = write_refutation(dir.path(), "c", &f, vec![], &Budget::unlimited());
        let e = r.unwrap_err().to_string();
        assert!(e.contains("exists already"), "{e}");
        std::os::unix::fs::symlink(&target, dir.path().join("p.txt")).unwrap();
        assert!(write_file(&dir.path().join("p.txt"), "x").is_err());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep");
    }
}
