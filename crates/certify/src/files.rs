//! Reading the files of a certificate folder, which may be hostile: only plain names
//! inside the folder, only regular files (never a symlink, FIFO or device), each kind
//! of file under a size cap checked before it is read.

use super::Rejected;
use std::io::Read;
use std::path::Path;

/// The kinds of file a folder holds, each with its size cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `manifest.txt`.
    Manifest,
    /// A Sudoku puzzle or solution file, a Sokoban level or plan.
    Puzzle,
    /// A formula (DIMACS).
    Formula,
    /// A DRAT proof, or a Sokoban push-state closure.
    Proof,
}

/// The cap of the manifest, puzzle, solution, level and plan files.
pub const SMALL_FILE_CAP: u64 = 16 << 20;
/// The cap of a formula or a proof (also at most a quarter of the memory budget).
pub const LARGE_FILE_CAP: u64 = 4 << 30;

impl Kind {
    /// The most bytes a file of this kind may hold under the memory budget `memory`.
    pub fn cap(self, memory: u64) -> u64 {
        match self {
            Kind::Manifest | Kind::Puzzle => SMALL_FILE_CAP,
            Kind::Formula | Kind::Proof => LARGE_FILE_CAP.min(memory / 4),
        }
    }
}

/// The longest file or entry name accepted.
const MAX_NAME: usize = 128;

/// Is `name` a plain name: 1 to 128 ASCII letters, digits, `.`, `-` or `_`, not
/// starting with `.` (so no `..`, no `/`, no absolute path, nothing hidden)?
pub fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'))
}

fn io(name: &str, message: impl Into<String>) -> Rejected {
    Rejected::Io {
        file: name.to_string(),
        message: message.into(),
    }
}

/// Reads the file `name` of `dir` as text: `name` must be a plain name, the file a
/// regular file (a symlink is refused, not followed; a FIFO or device is refused
/// before it is opened for reading) of at most `kind.cap(memory)` bytes, in UTF-8.
pub fn read(dir: &Path, name: &str, kind: Kind, memory: u64) -> Result<String, Rejected> {
    if !plain_name(name) {
        return Err(io(
            name_shown(name),
            "a file name must be 1 to 128 letters, digits, '.', '-' or '_', not starting with '.' (a plain name inside the folder)",
        ));
    }
    let path = dir.join(name);
    let meta = std::fs::symlink_metadata(&path).map_err(|e| io(name, e.kind().to_string()))?;
    if !meta.file_type().is_file() {
        return Err(io(
            name,
            "not a regular file (symlinks, folders, FIFOs and devices are refused)",
        ));
    }
    let cap = kind.cap(memory);
    if meta.len() > cap {
        return Err(io(
            name,
            format!(
                "{} bytes, more than the {cap} this kind of file may hold",
                meta.len()
            ),
        ));
    }
    let file = open(&path).map_err(|e| io(name, e.kind().to_string()))?;
    let meta = file
        .metadata()
        .map_err(|e| io(name, e.kind().to_string()))?;
    if !meta.file_type().is_file() {
        return Err(io(name, "not a regular file"));
    }
    let mut bytes = Vec::with_capacity(meta.len().min(cap) as usize);
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io(name, e.kind().to_string()))?;
    if bytes.len() as u64 > cap {
        return Err(io(
            name,
            format!("more than the {cap} bytes this kind of file may hold"),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        io(
            name,
            format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to() + 1),
        )
    })
}

/// How a refused name is shown: itself when plain, else a placeholder (a name read
/// from the manifest is not echoed unless it is harmless).
pub fn name_shown(name: &str) -> &str {
    if plain_name(name) {
        name
    } else {
        "(a name that is not plain)"
    }
}

/// Opens `path` for reading without following a symlink and without blocking on a
/// FIFO swapped in after the check.
#[cfg(unix)]
fn open(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_pass() {
        for good in ["manifest.txt", "puzzle-1.cnf", "level_3.xsb", "a"] {
            assert!(plain_name(good), "{good}");
        }
        for bad in [
            "",
            "../x",
            "/etc/passwd",
            "a/b",
            ".hidden",
            "..",
            "a b",
            "é",
            &"x".repeat(129),
        ] {
            assert!(!plain_name(bad), "{bad}");
        }
    }

    #[test]
    fn symlinks_folders_and_oversized_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("ok.txt"), "hello").unwrap();
        assert_eq!(read(d, "ok.txt", Kind::Puzzle, 1 << 30).unwrap(), "hello");
        std::os::unix::fs::symlink(d.join("ok.txt"), d.join("link.txt")).unwrap();
        let e = read(d, "link.txt", Kind::Puzzle, 1 << 30).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        std::fs::create_dir(d.join("sub")).unwrap();
        assert!(read(d, "sub", Kind::Puzzle, 1 << 30).is_err());
        std::fs::write(d.join("big.cnf"), vec![b'1'; 1000]).unwrap();
        let e = read(d, "big.cnf", Kind::Formula, 400).unwrap_err();
        assert!(e.to_string().contains("more than the 100"), "{e}");
        std::fs::write(d.join("bin.txt"), [b'a', 0xff]).unwrap();
        let e = read(d, "bin.txt", Kind::Puzzle, 1 << 30).unwrap_err();
        assert!(e.to_string().contains("not UTF-8 text (byte 2)"), "{e}");
    }
}
