//! Errors in level files, naming the file, the level, the line and the column.

use std::fmt;

/// A problem in a level file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub struct ParseError {
    /// The file name as given by the caller.
    pub file: String,
    /// The level's title or number, when the problem lies inside a level.
    pub level: Option<String>,
    /// The line (from 1).
    pub line: usize,
    /// The column (from 1); 0 when the problem concerns the whole line or level.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl ParseError {
    /// A problem at `line`, `column` of `file`, inside `level` when given.
    pub fn new(
        file: &str,
        level: Option<String>,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> ParseError {
        ParseError {
            file: file.to_string(),
            level,
            line,
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)?;
        if self.column > 0 {
            write!(f, ":{}", self.column)?;
        }
        if let Some(l) = &self.level {
            write!(f, ": level {l}")?;
        }
        write!(f, ": {}", self.message)
    }
}
