//! Inputs from the fuzz corpora (`fuzz/`, see fuzz/README.md), minimized
//! by hand and kept as regression tests: each one reaches a distinct path of the puzzle
//! reader (list, CSV, one-line, block, frame, integer, JSON and variant-text layouts) and
//! is either refused with its position or read correctly, as the targets assert.

use gridsat_sudoku::{
    ParseError, ParseOptions, ParsedPuzzle,
    io::{Layout, parse_reader, parse_variant_json, parse_variant_text},
    parse_puzzles,
};

/// What `sudoku_parse` asserts of every puzzle read: it writes back (one line and
/// block) and reads as the same grid.
fn round_trips(p: &ParsedPuzzle) {
    let alphabet = p.alphabet.clone().expect("a small grid has an alphabet");
    let opts = ParseOptions::new(Some(p.grid.shape()), Some(alphabet.clone()));
    for layout in [Layout::Line, Layout::Grid] {
        let text = layout.write(&p.grid, Some(&alphabet));
        let again: Vec<_> = parse_puzzles(&text, &opts).collect();
        assert_eq!(again.len(), 1, "{text}");
        assert_eq!(again[0].as_ref().unwrap().grid, p.grid, "{text}");
    }
}

/// Every item of `text` read with the default options, from a string and from a
/// stream (both readers must agree).
fn read(text: &str) -> Vec<Result<ParsedPuzzle, ParseError>> {
    let opts = ParseOptions::default();
    let items: Vec<_> = parse_puzzles(text, &opts).collect();
    let streamed: Vec<_> = parse_reader(std::io::Cursor::new(text.as_bytes()), &opts).collect();
    assert_eq!(streamed.len(), items.len(), "{text:?}");
    for (a, b) in items.iter().zip(&streamed) {
        match (a, b) {
            (Ok(a), Ok(b)) => assert_eq!(a.grid, b.grid, "{text:?}"),
            (Err(a), Err(b)) => assert_eq!((a.line, a.column), (b.line, b.column), "{text:?}"),
            _ => panic!("string and stream readers disagree on {text:?}: {a:?} / {b:?}"),
        }
    }
    items
}

/// The only item of `text` is an error at (line, column) whose message contains `what`.
fn refused(items: Vec<Result<ParsedPuzzle, ParseError>>, at: (usize, usize), what: &str) {
    let e = items
        .into_iter()
        .next()
        .expect("an item")
        .expect_err("an error");
    assert_eq!((e.line, e.column), at, "{e}");
    assert!(e.to_string().contains(what), "{e}");
    assert!(
        e.to_string().starts_with(&format!("{}:{}: ", at.0, at.1)),
        "{e}"
    );
}

#[test]
fn a_list_whose_first_row_is_a_cell_is_refused_at_the_row() {
    let items = read("[[1, 2, 3, 4],  2, 0]]\n");
    refused(items.clone(), (1, 1), "[1,2,3,4] is not a cell value");
    // The stray `]` after the list is an error of its own, at its column.
    let e = items[1].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (1, 22), "{e}");
    assert!(e.to_string().contains("invalid list"), "{e}");
}

#[test]
fn a_csv_cell_that_is_no_number_is_refused_at_its_column() {
    // Not all rows are integers: the block is read as characters, and the `A` of the
    // last row (no symbol of a 4×4) is refused where it is.
    refused(
        read("1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3A2,\n"),
        (4, 4),
        "unknown symbol 'A' (symbols are 1234",
    );
    // Rows of integers stay integers: a value out of range is refused at its field.
    refused(
        read("1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,10\n"),
        (4, 7),
        "value 10 is out of range 0..4",
    );
}

#[test]
fn a_short_line_names_the_sides_it_could_have() {
    refused(read("1"), (1, 1), "needs N² symbols for a side N");
}

#[test]
fn an_empty_list_is_no_puzzle() {
    let items = read("[] $\n");
    refused(items.clone(), (1, 1), "an empty list is no puzzle");
    assert_eq!(items[1].as_ref().unwrap_err().column, 4);
}

#[test]
fn a_json_cage_with_an_impossible_sum_is_refused() {
    refused(
        read(r#"{"givens": "1...............", "cages": [{"sum": 2, "cells": ["r1c1", "r1c2"]}]}"#),
        (1, 1),
        "cage r1c1 has sum 2, but 2 distinct values of 1..4 sum to 3..7",
    );
    refused(
        read(
            r#"{"givens": "1...............", "cages": [{"sum": 3, "cells": ["r1Oc1", "r1c2"]}]}"#,
        ),
        (1, 1),
        r#"cage 1: "r1Oc1" is not a cell"#,
    );
}

#[test]
fn a_json_string_broken_by_a_newline_is_refused_where_it_breaks() {
    refused(read("{\"givens\": \"1...\n"), (2, 1), "invalid JSON");
}

#[test]
fn blocks_and_integers_of_no_sudoku_side_are_refused() {
    refused(read("1,2,3,4\n3,4,3,2,\n"), (1, 1), "2 rows of 4 cells");
    // A byte-order mark, then integers: a 2×2 grid, no Sudoku.
    refused(
        read("\u{feff} 1   32\n 22  0\n"),
        (1, 1),
        "2 is not a valid Sudoku side",
    );
    refused(
        read("[999999999999999999999999999999, 3, 4]\n"),
        (1, 1),
        "1e+30 is not a cell value",
    );
}

#[test]
fn a_framed_block_points_at_its_bad_cell() {
    refused(
        read("1 . | . .\n. . | 1 .\n----+----\n. 3 | .' .\n. . | . 4\n"),
        (4, 10),
        "this row has 5 cells, expected 4",
    );
    // The same frame with the cell fixed reads, and round-trips.
    let items = read("1 . | . .\n. . | 1 .\n----+----\n. 3 | . .\n. . | . 4\n");
    let p = items[0].as_ref().unwrap();
    assert_eq!((p.line, p.grid.n()), (1, 4));
    round_trips(p);
}

#[test]
fn a_block_after_a_comment_and_a_blank_line_starts_at_its_first_row() {
    let items = read("# c\n\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 .\n");
    assert_eq!(items.len(), 1);
    let p = items[0].as_ref().unwrap();
    assert_eq!(p.line, 3);
    assert_eq!(p.grid.values()[15], 0);
    round_trips(p);
}

#[test]
fn variant_sections_and_json_are_refused_with_their_positions() {
    let opts = ParseOptions::default();
    refused(
        parse_variant_text(
            "box: 2Ax2\ngivens:\nA . . .\n. . . .\n. . . .\n. . . B\n",
            &opts,
        ),
        (1, 1),
        "box size '2Ax2': '2A' is not a number",
    );
    refused(
        parse_variant_json("7 ", &opts),
        (1, 1),
        "expected a JSON object for each puzzle",
    );
    refused(
        parse_variant_json(r#"{"box": "2x3", "symbols": "A."}"#, &opts),
        (1, 1),
        "'.' cannot be a symbol",
    );
    let regions = r#"["1112[2","111222","333444","333444","555666","555666"]"#;
    refused(
        parse_variant_json(
            &format!(
                r#"{{"box": "2x3", "givens": "1{}", "regions": {regions}}}"#,
                ".".repeat(35)
            ),
            &opts,
        ),
        (1, 1),
        "regions: 7 different labels, 6 needed",
    );
}

/// The first crash of `sudoku_parse`: a 10×10 puzzle (one line, with the symbol `A`)
/// written as a block whose first rows hold only digits was read back as a block of
/// integers, which then refused the `A` of a later row. A block whose rows are not all
/// integers is now read as characters.
#[test]
fn crash_a_block_of_side_10_with_a_letter_after_digit_rows_reads_back() {
    let bytes = std::fs::read("tests/fuzz/crash-10x10-letter-block.txt").unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let items = read(&text);
    let tens: Vec<&ParsedPuzzle> = items
        .iter()
        .filter_map(|r| r.as_ref().ok())
        .filter(|p| p.grid.n() == 10)
        .collect();
    assert_eq!(tens.len(), 1);
    assert_eq!(tens[0].line, 7);
    round_trips(tens[0]);
    // The same in a few lines: digits only on the first row, the tenth symbol later.
    let rows = [
        "1 2 3 4 5 | 6 7 8 9 .",
        ". . . . . | . . . . .",
        ". . . . . | . . . . A",
    ];
    let mut block = rows.join("\n") + "\n";
    for _ in 3..10 {
        block.push_str(rows[1]);
        block.push('\n');
    }
    let items = read(&block);
    let p = items[0].as_ref().unwrap();
    assert_eq!(p.grid.n(), 10);
    assert_eq!(p.grid.values()[29], 10);
    round_trips(p);
    // A letter that is no symbol is still refused where it is.
    refused(
        read(&block.replace('A', "Z")),
        (3, 21),
        "unknown symbol 'Z'",
    );
}

/// Digits in an alphabet of the options are symbols, not integers: with `0-9A-F`,
/// a block of digits reads `0` as the first symbol (the integer reading made it a
/// blank, and the block written from the grid did not read back).
#[test]
fn digits_of_a_given_alphabet_are_symbols_in_a_block() {
    let hex =
        std::sync::Arc::new(gridsat_sudoku::model::Alphabet::custom("0123456789ABCDEF").unwrap());
    let shape = gridsat_sudoku::model::Shape::new(4, 4).unwrap();
    let opts = ParseOptions::new(Some(shape), Some(hex.clone()));
    let mut line = String::from("0");
    line.push_str(&".".repeat(255));
    let p = parse_puzzles(&line, &opts).next().unwrap().unwrap();
    assert_eq!(p.grid.values()[0], 1);
    let block = Layout::Grid.write(&p.grid, Some(&hex));
    let q = parse_puzzles(&block, &opts).next().unwrap().unwrap();
    assert_eq!(q.grid, p.grid, "{block}");
    // Without the alphabet, a block of integers stays integers: 0 is a blank.
    let ints = "1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 4\n";
    let p = read(ints).remove(0).unwrap();
    assert_eq!(p.grid.values()[..2], [1, 0]);
}
