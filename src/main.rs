//! The `gridsat` command line: a thin layer over the gridsat library crates.

mod cli;
mod serve;

/// mimalloc instead of the system allocator: a batch of 9×9 puzzles builds and drops a
/// small solver per puzzle (watch lists, clause arena), and glibc's malloc and free took
/// 6% of the time on `hardest-1106.txt`; with mimalloc the batch is 6% faster
/// (BENCHMARKS.md, "What makes it fast").
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::main()
}
