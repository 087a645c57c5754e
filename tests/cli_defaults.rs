//! One set of defaults: every default the command line shows in `--help` for an option
//! that the library also has a default for equals the library's value (its
//! `api::defaults` constants and its options' `Default`), so the command line, the web
//! server and the Python package cannot drift apart.

mod common;

use common::gridsat;
use gridsat_sokoban::SolveOptions as SokobanOptions;
use gridsat_sudoku::api::defaults;
use gridsat_sudoku::generate::GenerateOptions;
use gridsat_sudoku::model::Shape;
use gridsat_sudoku::reason::RateOptions;
use gridsat_sudoku::teach::TeachOptions;

/// The `[default: …]` of `--option` in `gridsat <command…> --help`.
fn help_default(command: &[&str], option: &str) -> String {
    let mut args = command.to_vec();
    args.push("--help");
    let run = gridsat(&args);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    let flag = format!("--{option} ");
    let block: String = run
        .stdout
        .lines()
        .skip_while(|l| !l.trim_start().starts_with(&flag) && !l.contains(&format!(", {flag}")))
        .enumerate()
        .take_while(|(i, l)| *i == 0 || !starts_option(l))
        .map(|(_, l)| l)
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!block.is_empty(), "{args:?} has no --{option}");
    let start = block
        .find("[default: ")
        .unwrap_or_else(|| panic!("--{option} of {command:?} shows no default:\n{block}"));
    let rest = &block[start + "[default: ".len()..];
    rest[..rest.find(']').expect("closing bracket")].to_string()
}

/// Whether a help line starts the next option (`--name` or `-x, --name`), not one of
/// the `- value: …` lines of the possible values.
fn starts_option(line: &str) -> bool {
    let l = line.trim_start();
    l.starts_with("--") || (l.starts_with('-') && l.get(2..4) == Some(", "))
}

#[test]
fn sudoku_help_defaults_are_the_librarys() {
    let solve = gridsat_sudoku::SolveOptions::default();
    let nine = GenerateOptions::new(Shape::for_side(9).expect("9x9"));
    let cases: Vec<(&[&str], &str, String)> = vec![
        (&["sudoku", "solve"], "count", defaults::COUNT.to_string()),
        (
            &["sudoku", "solve"],
            "count",
            solve.max_solutions.to_string(),
        ),
        (&["sudoku", "solve"], "encoding", solve.encoding.to_string()),
        (&["sudoku", "solve"], "presolve", solve.presolve.to_string()),
        (&["sudoku", "solve"], "amo", solve.amo.to_string()),
        (&["sudoku", "solve"], "solver", solve.backend.to_string()),
        (
            &["sudoku", "generate"],
            "count",
            defaults::GENERATE_COUNT.to_string(),
        ),
        (
            &["sudoku", "generate"],
            "max-attempts",
            nine.max_attempts.to_string(),
        ),
        (
            &["sudoku", "rate"],
            "runs",
            RateOptions::default().runs.to_string(),
        ),
        (&["sudoku", "rate"], "runs", defaults::RATE_RUNS.to_string()),
        (
            &["sudoku", "rate"],
            "extreme-above",
            RateOptions::default().extreme_above.to_string(),
        ),
        (
            &["sudoku", "check-encoding"],
            "samples",
            TeachOptions::default().samples.to_string(),
        ),
        (
            &["sudoku", "check-encoding"],
            "seed",
            TeachOptions::default().seed.to_string(),
        ),
    ];
    for (command, option, library) in cases {
        assert_eq!(
            help_default(command, option),
            library,
            "{command:?} --{option}"
        );
    }
}

#[test]
fn sokoban_help_defaults_are_the_librarys() {
    let o = SokobanOptions::default();
    let solve: &[&str] = &["sokoban", "solve"];
    let cases = [
        ("optimize", o.optimize.to_string()),
        ("reach", o.pushes.reach.to_string()),
        ("solver", o.backend.to_string()),
        ("solver", gridsat_sokoban::api::defaults::SOLVER.to_string()),
        ("search", o.search.to_string()),
        ("packing", o.packing.to_string()),
    ];
    for (option, library) in cases {
        assert_eq!(
            help_default(solve, option),
            library,
            "sokoban solve --{option}"
        );
    }
}
