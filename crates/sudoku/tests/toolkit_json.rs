//! `Toolkit::solve_json` (issue 28: what Python's `solve_many` takes) writes the same
//! JSON object text as `Toolkit::solve`'s report, for every kind of answer.

use gridsat_sudoku::io::Layout;
use gridsat_sudoku::model::Alphabet;
use gridsat_sudoku::report::{Label, Toolkit, answer_json_text};
use gridsat_sudoku::{ParseOptions, ParsedPuzzle, SolveOptions, parse_puzzles};
use std::path::PathBuf;
use std::sync::Arc;

fn example(name: &str, symbols: Option<&str>) -> ParsedPuzzle {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/sudoku")
        .join(name);
    let text = std::fs::read_to_string(path).unwrap();
    let alphabet = symbols.map(|s| Arc::new(Alphabet::custom(s).unwrap()));
    parse_puzzles(&text, &ParseOptions::new(None, alphabet))
        .last()
        .unwrap()
        .unwrap()
}

fn line(text: &str) -> ParsedPuzzle {
    parse_puzzles(text, &ParseOptions::default())
        .next()
        .unwrap()
        .unwrap()
}

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn the_json_text_is_the_reports_json_for_every_verdict() {
    let cases = [
        (line(EASY), 2, "unique"),
        (line(EASY), 1, "sat"),
        (example("broken/two-solutions.txt", None), 3, "multiple"),
        (example("broken/contradiction.txt", None), 2, "unsat"),
        (example("shapes/4x4-shapes.txt", Some("▲●■★")), 2, "unique"),
        (line(&".".repeat(16)), 5, "multiple"),
    ];
    for (k, (p, count, status)) in cases.into_iter().enumerate() {
        let mut opts = SolveOptions::default();
        opts.max_solutions = count;
        let label = Label::in_file(k + 1, "f.txt");
        // The same answer written both ways: byte for byte the same object, its time too.
        let (a, report) = Toolkit::new(opts.clone())
            .solve(&label, &p, Layout::default())
            .unwrap();
        let a = a.unwrap();
        let text = answer_json_text(&label, &a, p.alphabet.as_deref());
        assert_eq!(text, report.json.to_string(), "case {k}");
        assert_eq!(report.json["status"], status, "case {k}");
        // And solve_json's answer, a solve of its own, differs from it in the times only.
        let (b, json) = Toolkit::new(opts).solve_json(&label, &p).unwrap();
        assert_eq!(b.unwrap().solutions, a.solutions, "case {k}");
        let mut got: serde_json::Value = serde_json::from_str(&json).unwrap();
        let mut want = report.json.clone();
        for o in [&mut got, &mut want] {
            let stats = o["stats"].as_object_mut().unwrap();
            stats.remove("time_ms").unwrap();
            stats.remove("seconds").unwrap();
        }
        assert_eq!(got, want, "case {k}");
    }
}
