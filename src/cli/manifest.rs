//! `manifest.txt` of a certificate folder (`--certify DIR`), the one writer for every
//! command that certifies: Sudoku's `solve` and `generate`, Sokoban's `solve`.

use super::Fail;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `manifest.txt`, written block by block in input order. Each block is written out
/// whole as it is added, so the file lists every certificate written so far even when
/// the run is interrupted.
pub struct Manifest {
    dir: PathBuf,
    out: std::fs::File,
}

impl Manifest {
    /// Prepares `dir` (see [`certdir::prepare`](super::certdir::prepare) for
    /// `overwrite`) and creates its `manifest.txt`, new, starting with `header`.
    pub fn create(dir: &Path, overwrite: bool, header: &str) -> Result<Manifest, Fail> {
        super::certdir::prepare(dir, overwrite)?;
        let out = gridsat_sat::solver::create_new(&dir.join("manifest.txt"))
            .map_err(|e| Fail::usage(format!("cannot write: {e}")))?;
        let mut m = Manifest {
            dir: dir.to_path_buf(),
            out,
        };
        m.add(header)?;
        Ok(m)
    }

    /// The certificate folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Appends one certificate's block.
    pub fn add(&mut self, block: &str) -> Result<(), Fail> {
        self.out.write_all(block.as_bytes()).map_err(|e| {
            let path = self.dir.join("manifest.txt");
            Fail::failure(format!("{}: cannot write: {e}", path.display()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_follow_the_header_and_a_full_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let cert = dir.path().join("cert");
        let mut m = Manifest::create(&cert, false, "# header\n\n").unwrap();
        m.add("entry 1\n").unwrap();
        m.add("entry 2\n").unwrap();
        // Nothing is buffered: the file is whole before the writer is dropped.
        let text = std::fs::read_to_string(cert.join("manifest.txt")).unwrap();
        assert_eq!(text, "# header\n\nentry 1\nentry 2\n");
        assert_eq!(m.dir(), cert);
        drop(m);
        let again = Manifest::create(&cert, false, "# header\n\n");
        assert!(again.is_err_and(|f| f.message.contains("not empty")));
        let fresh = Manifest::create(&cert, true, "# h2\n").unwrap();
        drop(fresh);
        let text = std::fs::read_to_string(cert.join("manifest.txt")).unwrap();
        assert_eq!(text, "# h2\n");
    }
}
