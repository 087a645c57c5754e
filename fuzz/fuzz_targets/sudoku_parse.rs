//! The Sudoku puzzle reader in every layout it detects (line, block, integers, frames,
//! CSV, lists, variant text, variant JSON), with the default options and with a box
//! shape and an alphabet fixed by the first byte; from a string and from a stream of
//! the raw bytes. Every item is a puzzle whose grid writes back and reads as the same
//! grid, or an error at a line of the input; never a panic.
#![no_main]

use gridsat_sudoku::{
    ParseOptions, ParsedPuzzle,
    io::{Layout, parse_reader},
    model::{Alphabet, Shape},
    parse_puzzles,
};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

/// The options the first byte picks: none, or a shape and/or an alphabet.
fn options(sel: u8) -> ParseOptions {
    let shape = match sel & 7 {
        1 => Some(Shape::new(2, 2).unwrap()),
        2 => Some(Shape::new(2, 3).unwrap()),
        3 => Some(Shape::new(3, 2).unwrap()),
        4 => Some(Shape::new(3, 3).unwrap()),
        5 => Some(Shape::new(4, 4).unwrap()),
        _ => None,
    };
    let alphabet = match (sel >> 3) & 7 {
        1 => Some("ABCD"),
        2 => Some("0123456789ABCDEF"),
        3 => Some("▲●■★◆♥"),
        4 => Some("abcdef"),
        5 => Some("123456789"),
        _ => None,
    }
    .map(|s| Arc::new(Alphabet::custom(s).unwrap()));
    ParseOptions::new(shape, alphabet)
}

/// A puzzle read is consistent with the options and writes back to the same grid.
fn check(p: &ParsedPuzzle, opts: &ParseOptions, lines: usize) {
    let n = p.grid.n();
    assert!(
        p.line >= 1 && p.line <= lines.max(1),
        "line {} of {lines}",
        p.line
    );
    assert!(p.grid.values().iter().all(|&v| usize::from(v) <= n));
    if let Some(s) = opts.shape {
        assert_eq!(p.grid.shape(), s);
    }
    if let Some(sol) = &p.solution {
        assert_eq!(sol.shape(), p.grid.shape());
    }
    let Some(alphabet) = p.alphabet.clone() else {
        return;
    };
    assert_eq!(alphabet.len(), n);
    let again_opts = ParseOptions::new(Some(p.grid.shape()), Some(alphabet.clone()));
    for layout in [Layout::Line, Layout::Grid] {
        let text = layout.write(&p.grid, Some(&alphabet));
        let mut again = parse_puzzles(&text, &again_opts);
        let q = again
            .next()
            .expect("a written grid reads back")
            .unwrap_or_else(|e| panic!("{layout} layout does not read back: {e}\n{text}"));
        assert_eq!(q.grid, p.grid, "{layout} layout:\n{text}");
        assert!(again.next().is_none());
    }
}

fn run(text: &str, bytes: &[u8], opts: &ParseOptions) {
    let lines = text.lines().count();
    for item in parse_puzzles(text, opts) {
        match item {
            Ok(p) => check(&p, opts, lines),
            Err(e) => {
                assert!(e.line <= lines.max(1) + 1, "{e} (of {lines} lines)");
                assert!(!e.message().is_empty());
            }
        }
    }
    let lines = bytes.split(|&b| b == b'\n').count();
    for item in parse_reader(std::io::Cursor::new(bytes), opts) {
        if let Err(e) = item {
            assert!(e.line <= lines + 1, "{e} (of {lines} lines)");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, body)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(body);
    run(&text, body, &ParseOptions::default());
    run(&text, body, &options(sel));
});
