//! The folder `--certify DIR` writes into: created if needed, refused when it holds
//! anything unless `--certify-overwrite` is given, in which case an earlier
//! certificate's files (`manifest.txt`, `puzzle-N.*`, `level-N.*`) are unlinked first —
//! a symlink among them is removed, never followed. Every file is then created new.

use super::Fail;
use std::path::Path;

/// The extensions of the files a certificate entry has.
const EXTENSIONS: &[&str] = &["puzzle", "solution", "xsb", "plan", "cnf", "drat"];

/// Is `name` one a certificate writes: `manifest.txt`, or `puzzle-N.EXT` /
/// `level-N.EXT` with one of [`EXTENSIONS`]?
fn certificate_file(name: &str) -> bool {
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
pub fn prepare(dir: &Path, overwrite: bool) -> Result<(), Fail> {
    let show = dir.display();
    std::fs::create_dir_all(dir).map_err(|e| Fail::usage(format!("{show}: cannot create: {e}")))?;
    let entries = std::fs::read_dir(dir).map_err(|e| Fail::usage(format!("{show}: {e}")))?;
    for entry in entries {
        let entry = entry.map_err(|e| Fail::usage(format!("{show}: {e}")))?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !overwrite {
            return Err(Fail::usage(format!(
                "--certify {show}: the folder is not empty: certificates go into a new or empty \
                 folder (--certify-overwrite replaces an earlier certificate in it)"
            )));
        }
        if !certificate_file(&name) {
            continue;
        }
        let path = entry.path();
        let is_dir = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
        if is_dir {
            return Err(Fail::usage(format!(
                "{}: a folder where a certificate file goes",
                path.display()
            )));
        }
        std::fs::remove_file(&path)
            .map_err(|e| Fail::usage(format!("{}: cannot remove: {e}", path.display())))?;
    }
    Ok(())
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
}
