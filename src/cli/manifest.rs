//! `--certify DIR` and `--certify-overwrite` on the command line: the folder and its
//! `manifest.txt` are `gridsat_sat::solver::CertificateFolder`'s (the one writer that
//! Python and the server use too); this adds the flags' hints to its errors.

use super::Fail;
use gridsat_sat::solver::{CertificateFolder, FolderError};
use std::path::Path;

/// A certificate folder opened for `--certify`, its errors told in the flags' terms.
pub struct Manifest(CertificateFolder);

impl Manifest {
    /// Prepares `dir` and creates its `manifest.txt`, starting with `header`.
    pub fn create(dir: &Path, overwrite: bool, header: &str) -> Result<Manifest, Fail> {
        CertificateFolder::create(dir, overwrite, header)
            .map(Manifest)
            .map_err(|e| match e {
                FolderError::NotEmpty { .. } => Fail::usage(format!(
                    "--certify {e} (--certify-overwrite replaces an earlier certificate in it)"
                )),
                e => Fail::usage(e.to_string()),
            })
    }

    /// The certificate folder.
    pub fn dir(&self) -> &Path {
        self.0.dir()
    }

    /// Appends one certificate's block.
    pub fn add(&mut self, block: &str) -> Result<(), Fail> {
        self.0.add(block).map_err(|e| Fail::failure(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_folder_is_refused_with_the_flag_that_helps() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("notes.txt"), "x").unwrap();
        let again = Manifest::create(dir.path(), false, "# header\n\n");
        assert!(again.is_err_and(
            |f| f.message.contains("not empty") && f.message.contains("--certify-overwrite")
        ));
    }
}
