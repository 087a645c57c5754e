//! The `gridsat` command line: a thin layer over the gridsat library crates.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
