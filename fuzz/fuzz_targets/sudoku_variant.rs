//! The variant formats read directly (text sections and JSON), with the default
//! options and with options fixed by the first byte: every puzzle read has rules that
//! fit its grid, and writes back (text and JSON) to the same givens, rules and
//! solution; every error is at a line of the input; never a panic.
#![no_main]

use gridsat_sudoku::{
    ParseOptions, ParsedPuzzle,
    io::{parse_variant_json, parse_variant_text, variant_json, write_variant_text},
    model::{Alphabet, Shape},
};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

fn options(sel: u8) -> ParseOptions {
    let shape = match sel & 3 {
        1 => Some(Shape::new(2, 2).unwrap()),
        2 => Some(Shape::new(2, 3).unwrap()),
        _ => None,
    };
    let alphabet = match (sel >> 2) & 3 {
        1 => Some("ABCD"),
        2 => Some("▲●■★◆♥"),
        _ => None,
    }
    .map(|s| Arc::new(Alphabet::custom(s).unwrap()));
    ParseOptions::new(shape, alphabet)
}

/// Reads `text` back and finds `p` in it, the same in every respect that was written.
fn same(
    p: &ParsedPuzzle,
    items: Vec<Result<ParsedPuzzle, gridsat_sudoku::ParseError>>,
    what: &str,
    text: &str,
) {
    assert_eq!(items.len(), 1, "{what}:\n{text}");
    let q = items
        .into_iter()
        .next()
        .unwrap()
        .unwrap_or_else(|e| panic!("{what} does not read back: {e}\n{text}"));
    assert_eq!(q.grid, p.grid, "{what}:\n{text}");
    assert_eq!(q.rules, p.rules, "{what}:\n{text}");
    assert_eq!(q.solution, p.solution, "{what}:\n{text}");
}

fn check(p: &ParsedPuzzle, lines: usize) {
    assert!(
        p.line >= 1 && p.line <= lines.max(1),
        "line {} of {lines}",
        p.line
    );
    p.rules
        .validate(p.grid.shape())
        .unwrap_or_else(|e| panic!("rules read that do not fit: {e}"));
    let alphabet = p.alphabet.as_deref();
    let opts = ParseOptions::new(Some(p.grid.shape()), p.alphabet.clone());
    let text = write_variant_text(&p.grid, &p.rules, alphabet, p.solution.as_ref(), None);
    same(p, parse_variant_text(&text, &opts), "variant text", &text);
    let json = serde_json::Value::Object(variant_json(
        &p.grid,
        &p.rules,
        alphabet,
        p.solution.as_ref(),
    ))
    .to_string();
    same(p, parse_variant_json(&json, &opts), "variant JSON", &json);
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, body)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(body);
    let lines = text.lines().count();
    for opts in [ParseOptions::default(), options(sel)] {
        let mut items = parse_variant_text(&text, &opts);
        items.extend(parse_variant_json(&text, &opts));
        for item in items {
            match item {
                Ok(p) => check(&p, lines),
                Err(e) => assert!(e.line <= lines.max(1) + 1, "{e} (of {lines} lines)"),
            }
        }
    }
});
