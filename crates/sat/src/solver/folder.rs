//! The folder a certificate is written into, and its `manifest.txt`: the one writer
//! that every front door uses (the command line's `--certify DIR`, Python's
//! `certify=DIR`, the server's bundles). The folder is created if needed and refused
//! when it holds anything, unless `overwrite` is given, in which case an earlier
//! certificate's files (`manifest.txt`, `puzzle-N.*`, `level-N.*`) are unlinked first —
//! a symlink among them is removed, never followed. Every file is then created new.

use super::refute::create_new;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a certificate folder could not be prepared or its manifest written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FolderError {
    /// The folder holds files and `overwrite` was not asked.
    #[error(
        "{}: the folder is not empty: certificates go into a new or empty folder",
        path.display()
    )]
    NotEmpty {
        /// The folder.
        path: PathBuf,
    },
    /// A folder stands where a certificate file goes.
    #[error("{}: a folder where a certificate file goes", path.display())]
    FolderInTheWay {
        /// The folder in the way.
        path: PathBuf,
    },
    /// The folder or a file in it could not be created, read, removed or written.
    #[error("{}: {what}: {source}", path.display())]
    Io {
        /// The folder or file.
        path: PathBuf,
        /// What was being done (`cannot create`, `cannot write`, …).
        what: &'static str,
        /// What went wrong.
        source: std::io::Error,
    },
}

fn io<'a>(path: &'a Path, what: &'static str) -> impl FnOnce(std::io::Error) -> FolderError + 'a {
    move |source| FolderError::Io {
        path: path.to_path_buf(),
        what,
        source,
    }
}

/// The extensions of the files a certificate entry has.
const EXTENSIONS: &[&str] = &["puzzle", "solution", "xsb", "plan", "cnf", "drat", "states"];

/// Is `name` one a certificate writes: `manifest.txt`, or `puzzle-N.EXT` /
/// `level-N.EXT` with EXT one of `puzzle`, `solution`, `xsb`, `plan`, `cnf`, `drat`,
/// `states`?
pub fn certificate_file(name: &str) -> bool {
    if name == "manifest.txt" {
        return true;
    }
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return false;
    };
    let number = stem
        .strip_prefix("puzzle-")
        .or_else(|| stem.strip_prefix("level-"));
    EXTENSIONS.contains(&ext)
        && number.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Makes `dir` ready for a new certificate (see the module's documentation).
pub fn prepare(dir: &Path, overwrite: bool) -> Result<(), FolderError> {
    std::fs::create_dir_all(dir).map_err(io(dir, "cannot create"))?;
    let entries = std::fs::read_dir(dir).map_err(io(dir, "cannot read"))?;
    for entry in entries {
        let entry = entry.map_err(io(dir, "cannot read"))?;
        if !overwrite {
            return Err(FolderError::NotEmpty {
                path: dir.to_path_buf(),
            });
        }
        if !certificate_file(&entry.file_name().to_string_lossy()) {
            continue;
        }
        let path = entry.path();
        if std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
            return Err(FolderError::FolderInTheWay { path });
        }
        std::fs::remove_file(&path).map_err(io(&path, "cannot remove"))?;
    }
    Ok(())
}

/// A certificate folder's `manifest.txt`, written block by block in input order. Each
/// block is written out whole as it is added, so the file lists every certificate
/// written so far even when the run is interrupted.
#[derive(Debug)]
pub struct CertificateFolder {
    dir: PathBuf,
    out: std::fs::File,
}

impl CertificateFolder {
    /// Prepares `dir` (see [`prepare`] for `overwrite`) and creates its
    /// `manifest.txt`, new, starting with `header`.
    pub fn create(
        dir: &Path,
        overwrite: bool,
        header: &str,
    ) -> Result<CertificateFolder, FolderError> {
        prepare(dir, overwrite)?;
        let path = dir.join("manifest.txt");
        let out = create_new(&path).map_err(|e| FolderError::Io {
            path: path.clone(),
            what: "cannot write",
            source: std::io::Error::other(e.to_string()),
        })?;
        let mut m = CertificateFolder {
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
    pub fn add(&mut self, block: &str) -> Result<(), FolderError> {
        let path = self.dir.join("manifest.txt");
        self.out
            .write_all(block.as_bytes())
            .map_err(io(&path, "cannot write"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_certificate_names_are_replaced() {
        for name in [
            "manifest.txt",
            "puzzle-1.cnf",
            "level-155.drat",
            "puzzle-12.solution",
        ] {
            assert!(certificate_file(name), "{name}");
        }
        for name in [
            "notes.txt",
            "puzzle-.cnf",
            "puzzle-1.txt",
            "level-x.xsb",
            "puzzle-1",
        ] {
            assert!(!certificate_file(name), "{name}");
        }
    }

    #[test]
    fn blocks_follow_the_header_and_a_full_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let cert = dir.path().join("cert");
        let mut m = CertificateFolder::create(&cert, false, "# header\n\n").unwrap();
        m.add("entry 1\n").unwrap();
        m.add("entry 2\n").unwrap();
        // Nothing is buffered: the file is whole before the writer is dropped.
        let text = std::fs::read_to_string(cert.join("manifest.txt")).unwrap();
        assert_eq!(text, "# header\n\nentry 1\nentry 2\n");
        assert_eq!(m.dir(), cert);
        drop(m);
        std::fs::write(cert.join("notes.txt"), "keep").unwrap();
        let again = CertificateFolder::create(&cert, false, "# header\n\n");
        assert!(
            matches!(again, Err(FolderError::NotEmpty { .. })),
            "{again:?}"
        );
        let fresh = CertificateFolder::create(&cert, true, "# h2\n").unwrap();
        drop(fresh);
        let text = std::fs::read_to_string(cert.join("manifest.txt")).unwrap();
        assert_eq!(text, "# h2\n");
        assert_eq!(
            std::fs::read_to_string(cert.join("notes.txt")).unwrap(),
            "keep"
        );
    }
}
