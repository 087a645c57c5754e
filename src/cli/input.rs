//! Reading input files (or stdin for `-`) with errors that name the file.

use super::Fail;
use std::io::Read;
use std::path::Path;

/// The display name of an input: the path, or `<stdin>` for `-`.
pub fn display_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Reads a whole text file, or stdin when the path is `-`.
pub fn read_text(path: &Path) -> Result<String, Fail> {
    let name = display_name(path);
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Fail::usage(format!("{name}: cannot read: {e}")))?;
    } else {
        bytes =
            std::fs::read(path).map_err(|e| Fail::usage(format!("{name}: cannot read: {e}")))?;
    }
    String::from_utf8(bytes).map_err(|e| {
        let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = upto.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        Fail::usage(format!(
            "{name}:{line}:{column}: the file is not valid UTF-8 text"
        ))
    })
}
