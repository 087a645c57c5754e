//! Argument parsing and dispatch to the puzzle families.

pub mod cputime;
mod exit;
mod input;
mod sokoban;
mod sudoku;

pub use exit::{Exit, Fail};

use clap::{Parser, Subcommand};
use gridsat_sat::Interrupt;
use std::process::ExitCode;
use std::sync::OnceLock;

/// gridsat: logic puzzles solved by reduction to SAT.
#[derive(Parser, Debug)]
#[command(name = "gridsat", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Parsed once per run: the size difference between variants does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand, Debug)]
enum Command {
    /// Sudoku of any size: solve, count, encode, decode, check.
    #[command(subcommand)]
    Sudoku(sudoku::SudokuCmd),
    /// Sokoban as SAT planning: solve, verify, encode, show.
    #[command(subcommand)]
    Sokoban(sokoban::SokobanCmd),
}

/// The interrupt flag raised by Ctrl-C; long searches watch it and report what they know.
pub fn ctrl_c() -> &'static Interrupt {
    static FLAG: OnceLock<Interrupt> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Interrupt::new();
        let handler_flag = flag.clone();
        // Without a handler Ctrl-C still ends the process; with one, runs can report.
        let _ = ctrlc::set_handler(move || {
            if handler_flag.is_set() {
                std::process::exit(Exit::Unknown as i32);
            }
            handler_flag.interrupt();
        });
        flag
    })
}

/// Parses the command line, runs it, and turns the outcome into an exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Sudoku(cmd) => sudoku::run(cmd),
        Command::Sokoban(cmd) => sokoban::run(cmd),
    };
    match result {
        Ok(code) => code.into(),
        Err(fail) => {
            eprintln!("gridsat: {}", fail.message);
            fail.code.into()
        }
    }
}
