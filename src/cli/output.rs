//! Lines on stdout that never panic: `println!` panics when stdout is closed or full,
//! so every command writes through [`line()`] (or its own writer) and hands the error to
//! [`Fail`]: a closed pipe ends the run quietly with exit 0, any other write error
//! (`> /dev/full`) is reported with exit 5.

use super::Fail;
use std::io::Write;

/// Writes `text` and a newline on stdout, flushed.
pub fn line(text: std::fmt::Arguments<'_>) -> Result<(), Fail> {
    let mut out = std::io::stdout().lock();
    out.write_fmt(text)?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(())
}

/// `println!` that returns `Result<(), Fail>` instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::output::line(format_args!($($arg)*))
    };
}
pub(crate) use outln;
