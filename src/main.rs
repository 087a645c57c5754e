//! The `gridsat` command line: a thin layer over the gridsat library crates.

/// `eprintln!` that never panics, for every module of the binary (a `macro_rules!`
/// defined here shadows the standard one in `cli` and `serve`): std's panics when
/// stderr is full (`2>/dev/full`) or a closed pipe, turning a message into exit 101.
/// A line that cannot be written is lost; the exit code stays the command's.
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut err = std::io::stderr().lock();
        let _ = err.write_fmt(format_args!($($arg)*));
        let _ = err.write_all(b"\n");
    }};
}

/// `eprint!` that never panics (see `eprintln!` above).
macro_rules! eprint {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = std::io::stderr().lock().write_fmt(format_args!($($arg)*));
    }};
}

mod cli;
mod serve;

/// mimalloc instead of the system allocator: a batch of 9×9 puzzles builds and drops a
/// small solver per puzzle (watch lists, clause arena), and glibc's malloc and free took
/// 6% of the time on `hardest-1106.txt`; with mimalloc the batch is 6% faster
/// (bench/runs/2026-11-30-sudoku.md, "What makes it fast").
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::main()
}
