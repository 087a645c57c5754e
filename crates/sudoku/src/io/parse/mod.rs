//! Reads puzzles in every layout gridsat accepts, detected automatically: one puzzle
//! per line, block layout, whitespace-separated integers, and the variant formats
//! (text sections and JSON) that carry rules.

mod layout;
mod lists;
mod puzzles;
mod variant_json;
mod variant_text;

pub use lists::looks_like_list;
pub use puzzles::Puzzles;
pub use variant_json::{looks_like_json, parse_variant_json};
pub use variant_text::{looks_like_variant_text, parse_variant_text};

use crate::model::grid::Grid;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use std::fmt;
use std::io::BufRead;
use std::sync::Arc;

/// What the caller fixes about the puzzles (the rest is inferred).
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct ParseOptions {
    /// Box shape; inferred from N when absent.
    pub shape: Option<Shape>,
    /// Alphabet; the default `1-9A-Z` when absent.
    pub alphabet: Option<Arc<Alphabet>>,
}

impl ParseOptions {
    /// Options with this shape and alphabet.
    pub fn new(shape: Option<Shape>, alphabet: Option<Arc<Alphabet>>) -> ParseOptions {
        ParseOptions { shape, alphabet }
    }
}

/// One puzzle read from the input.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct ParsedPuzzle {
    /// The givens (0 = empty).
    pub grid: Grid,
    /// The alphabet it was written in (shared); `None` for integer grids too large for one.
    pub alphabet: Option<Arc<Alphabet>>,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// Text after the puzzle on its line (one-per-line layout), if any.
    pub comment: Option<String>,
    /// Variant rules (classic unless read from a variant file).
    pub rules: Rules,
    /// The known solution, when the variant file gives one.
    pub solution: Option<Grid>,
    /// Something about the way the puzzle was read that may not be what was meant.
    pub warning: Option<ParseWarning>,
}

/// A way of reading a puzzle that may not be what its author meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseWarning {
    /// A 16×16 puzzle with `0`s (read as blanks) and no `G`: perhaps a hexadoku
    /// written `0-F`.
    #[error(
        "this 16×16 puzzle has 0s and no G: 0 is read as a blank; if it is a symbol (hexadoku 0–F), give the alphabet 0123456789ABCDEF"
    )]
    MaybeHexadoku,
}

impl ParsedPuzzle {
    /// A classic puzzle read at `line`.
    fn classic(grid: Grid, alphabet: Option<Arc<Alphabet>>, line: usize) -> ParsedPuzzle {
        ParsedPuzzle {
            grid,
            alphabet,
            line,
            comment: None,
            rules: Rules::default(),
            solution: None,
            warning: None,
        }
    }
}

/// A problem in the input, at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseError {
    /// Line of the problem.
    pub line: usize,
    /// Column (in characters) of the problem.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong with the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The puzzle's side does not match the box shape the options fix.
    #[error("the puzzle is {n}×{n} but the box shape {shape} makes {m}×{m} grids", m = shape.n())]
    BoxMismatch {
        /// The puzzle's side.
        n: usize,
        /// The shape of the options.
        shape: Shape,
    },
    /// The alphabet of the options has another size than the puzzle.
    #[error("the puzzle is {n}×{n} but the alphabet has {symbols} symbols")]
    AlphabetSize {
        /// The puzzle's side.
        n: usize,
        /// Symbols of the alphabet.
        symbols: usize,
    },
    /// A grid too large for the default alphabet, written in symbols.
    #[error(
        "a {n}×{n} grid needs {n} symbols, more than the 35 of 1-9A-Z: write it as integers or give an alphabet"
    )]
    NeedsAlphabet {
        /// The side.
        n: usize,
    },
    /// Anything else, in words.
    #[error("{0}")]
    Invalid(String),
}

impl ParseError {
    /// An error at `line`, `column`.
    pub fn new(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { line, column, kind }
    }

    /// What is wrong, in words (without the position).
    pub fn message(&self) -> String {
        self.kind.to_string()
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.kind)
    }
}

impl std::error::Error for ParseError {}

/// An error at `line`, `column` said in words.
pub(crate) fn err(line: usize, column: usize, message: impl Into<String>) -> ParseError {
    ParseError::new(line, column, ParseErrorKind::Invalid(message.into()))
}

/// Reads every puzzle of `text`. Each item is a puzzle or the error that spoiled it,
/// so one bad puzzle does not hide the others.
///
/// Text whose first line is a section header such as `rules:` or `givens:`, or that
/// starts with `{`, is read as a variant file (see docs/guide/sudoku-variants.md).
pub fn parse_puzzles<'a>(text: &'a str, opts: &'a ParseOptions) -> Puzzles<'a> {
    Puzzles::new(Box::new(text.lines().map(|l| Ok(l.to_string()))), opts)
}

/// Reads puzzles from a stream as they arrive (e.g. stdin), holding only the lines of
/// the puzzle being read. A read error (or text that is not UTF-8) ends the stream with
/// an error item at its line.
pub fn parse_reader<'a, R: BufRead + Send + 'a>(reader: R, opts: &'a ParseOptions) -> Puzzles<'a> {
    Puzzles::new(Box::new(reader.lines()), opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Vec<Result<ParsedPuzzle, ParseError>> {
        parse_puzzles(text, &ParseOptions::default()).collect()
    }

    const P9: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn the_three_layouts_agree() {
        let line = all(&format!("{P9}  famous\n"));
        let block = "5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";
        let ints: String = P9
            .as_bytes()
            .chunks(9)
            .map(|row| {
                row.iter()
                    .map(|&b| {
                        if b == b'.' {
                            "0".to_string()
                        } else {
                            (b as char).to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
                    + "\n"
            })
            .collect();
        let a = line[0].as_ref().unwrap();
        assert_eq!(a.comment.as_deref(), Some("famous"));
        let b = all(block);
        let c = all(&ints);
        assert_eq!(b.len(), 1);
        assert_eq!(c.len(), 1);
        assert_eq!(&a.grid, &b[0].as_ref().unwrap().grid);
        assert_eq!(&a.grid, &c[0].as_ref().unwrap().grid);
        assert_eq!(a.grid.num_givens(), 30);
    }

    #[test]
    fn several_puzzles_per_file_and_comments() {
        let text = format!("# header\n{P9}\n{P9} second\n\n1234\n3412\n2143\n4321\n\n");
        let got = all(&text);
        assert_eq!(got.len(), 3);
        assert_eq!(got[1].as_ref().unwrap().line, 3);
        let g = &got[2].as_ref().unwrap().grid;
        assert_eq!(g.n(), 4);
        assert!(g.is_full());
    }

    #[test]
    fn large_integer_grids_and_mixed_blanks() {
        let mut text = String::new();
        for r in 0..16 {
            let row: Vec<String> = (0..16)
                .map(|c| {
                    if (r + c) % 3 == 0 {
                        format!("{:>3}", (c + 1))
                    } else {
                        "  .".into()
                    }
                })
                .collect();
            text.push_str(&row.concat());
            text.push_str("\r\n");
        }
        let got = all(&text);
        let p = got[0].as_ref().unwrap();
        assert_eq!(p.grid.n(), 16);
        assert_eq!(p.grid.get(0, 0), 1);
        assert_eq!(p.grid.get(0, 1), 0);
        assert_eq!(p.grid.get(1, 2), 3);
    }

    #[test]
    fn shapes_and_alphabets_from_options() {
        let opts = ParseOptions {
            shape: Some("2x3".parse().unwrap()),
            alphabet: Some(Arc::new(Alphabet::custom("▲●■★◆♥").unwrap())),
        };
        let text = "▲●■★◆♥\n★◆♥▲●■\n●■▲♥★◆\n♥★◆●■▲\n■▲●◆♥★\n◆♥★■▲●\n";
        let got: Vec<_> = parse_puzzles(text, &opts).collect();
        let p = got[0].as_ref().unwrap();
        assert_eq!(p.grid.shape().box_cols(), 3);
        assert_eq!(p.grid.get(0, 1), 2);
        let bad = "▲●■★◆x\n★◆♥▲●■\n●■▲♥★◆\n♥★◆●■▲\n■▲●◆♥★\n◆♥★■▲●\n";
        let e = parse_puzzles(bad, &opts).next().unwrap().unwrap_err();
        assert_eq!((e.line, e.column), (1, 6));
        assert!(e.message().contains("unknown symbol 'x'"));
    }

    #[test]
    fn streams_are_read_as_they_come_and_bad_bytes_are_located() {
        let text = format!("{P9}\n{P9}\n");
        let opts = ParseOptions::default();
        let got: Vec<_> = parse_reader(std::io::Cursor::new(text.into_bytes()), &opts).collect();
        assert_eq!(got.len(), 2);
        assert!(got.iter().all(|r| r.is_ok()));
        let mut bytes = format!("{P9}\n").into_bytes();
        bytes.extend_from_slice(b"\xff\xfe\n");
        let got: Vec<_> = parse_reader(std::io::Cursor::new(bytes), &opts).collect();
        assert_eq!(got.len(), 2);
        let e = got[1].clone().unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message().contains("UTF-8"), "{e}");
    }

    #[test]
    fn malformed_inputs_name_line_and_column() {
        let e = all(&format!("{}\n", &P9[..80]))[0].clone().unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message().contains("this line has 80"), "{e}");
        let e = all(&format!("{P9}\n{}x\n", &P9[..80]))[1]
            .clone()
            .unwrap_err();
        assert_eq!((e.line, e.column), (2, 81));
        let ragged = "1 2 3 4\n3 4 1\n2 1 4 3\n4 3 2 1\n";
        let e = all(ragged)[0].clone().unwrap_err();
        assert_eq!(e.line, 2);
        assert!(
            e.message().contains("3 numbers") || e.message().contains("3 cells"),
            "{e}"
        );
        let e = all("12345\n23451\n34512\n45123\n51234\n")[0]
            .clone()
            .unwrap_err();
        assert!(e.message().contains("5 is not a valid Sudoku side"), "{e}");
        let e = all("1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 17\n")[0]
            .clone()
            .unwrap_err();
        assert_eq!((e.line, e.column), (4, 7));
        assert!(all("").is_empty());
        assert!(all("\n\n# only a comment\n").is_empty());
    }

    /// The 9×9 of [`P9`] as rows of integers joined by `sep` (0 = blank).
    fn int_rows(sep: &str, blank: &str) -> Vec<String> {
        P9.as_bytes()
            .chunks(9)
            .map(|row| {
                row.iter()
                    .map(|&b| match b {
                        b'.' => blank.to_string(),
                        _ => (b as char).to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(sep)
            })
            .collect()
    }

    #[test]
    fn frames_rules_bom_csv_and_lists_read_as_the_same_puzzle() {
        let want = all(P9)[0].as_ref().unwrap().grid.clone();
        let rows = int_rows(" ", ".");
        let boxed = |left: &str, mid: &str, right: &str, side: char| -> String {
            let mut t = format!("{left}\n");
            for (i, r) in rows.iter().enumerate() {
                let cells: Vec<&str> = r.split(' ').collect();
                t += &format!(
                    "{side} {} {side} {} {side} {} {side}\n",
                    cells[..3].join(" "),
                    cells[3..6].join(" "),
                    cells[6..].join(" ")
                );
                if i % 3 == 2 {
                    t += &format!("{}\n", if i == 8 { right } else { mid });
                }
            }
            t
        };
        let ascii = "+-------+-------+-------+";
        let framed = boxed(ascii, ascii, ascii, '|');
        let drawn = boxed(
            "┌───────┬───────┬───────┐",
            "├───────┼───────┼───────┤",
            "└───────┴───────┴───────┘",
            '│',
        );
        let ruled = format!("------+-------+------\n{}\n", int_rows(" ", ".").join("\n"));
        let bom = format!("\u{feff}{P9}\n");
        let csv = int_rows(",", "0").join("\n");
        let csv_empty = int_rows(",", "").join("\n");
        let csv_trailing = int_rows(";", "0").join(";\n") + ";\n";
        let list = format!("[[{}]]", int_rows(", ", "0").join("], ["));
        for (name, text) in [
            ("framed", framed),
            ("box-drawing", drawn),
            ("ruled", ruled),
            ("bom", bom),
            ("csv", csv),
            ("csv with empty fields", csv_empty),
            ("csv with trailing separators", csv_trailing),
            ("python list", list),
        ] {
            let got = all(&text);
            assert_eq!(got.len(), 1, "{name}: {text}");
            let p = got[0]
                .as_ref()
                .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
            assert_eq!(p.grid, want, "{name}");
        }
    }

    /// A 16×16 hexadoku line: symbols 0-F, a few cells blank (written `blank`).
    fn hexadoku(blank: char, blanks: usize) -> String {
        let mut cells: Vec<char> = (0..256)
            .map(|i| {
                let (r, c) = (i / 16, i % 16);
                let v = (r % 4 * 4 + r / 4 + c) % 16;
                char::from_digit(v as u32, 16).unwrap().to_ascii_uppercase()
            })
            .collect();
        for i in 0..blanks {
            cells[i * 17 % 256] = blank;
        }
        cells.into_iter().collect()
    }

    #[test]
    fn hexadoku_zero_is_a_symbol_beside_other_blanks_and_a_warning_otherwise() {
        let p = all(&hexadoku('.', 40))[0].clone().unwrap();
        assert!(p.warning.is_none());
        assert_eq!(p.alphabet.as_ref().unwrap().symbol(1), '0');
        assert_eq!(p.grid.num_givens(), 256 - 40);
        // 0 as the only blank mark, twice in a row: certainly blank, no warning.
        let mut zeros: Vec<char> = hexadoku('.', 0).replace('0', "1").chars().collect();
        zeros[0] = '0';
        zeros[1] = '0';
        let text: String = zeros.iter().collect::<String>().replace('G', "1");
        let p = all(&text)[0].clone().unwrap();
        assert!(p.warning.is_none());
        assert_eq!(p.grid.num_givens(), 254);
        // A full 0-F grid: 0 may be a symbol; read as blank with the warning.
        let p = all(&hexadoku('.', 0))[0].clone().unwrap();
        assert_eq!(p.warning, Some(ParseWarning::MaybeHexadoku));
        assert!(p.warning.unwrap().to_string().contains("0123456789ABCDEF"));
    }

    /// A text of one line (each puzzle of Python's `solve_many`) is read without the
    /// paragraph's row and token counts: the same puzzle, or the same error, as that
    /// line at the head of a paragraph of two, which takes the full detection.
    #[test]
    fn a_text_of_one_line_reads_as_the_line_at_the_head_of_a_paragraph() {
        let hex = "0123456789ABCDEF".repeat(16);
        let lines = [
            P9.to_string(),
            format!("{P9}  famous"),
            format!("   {P9}\t# indented"),
            format!("{P9}\r"),
            hex,
            P9.replace('7', "x"),
        ];
        for line in lines {
            let alone = all(&line);
            let commented = all(&format!("{line}\n# next\n"));
            let head = all(&format!("{line}\n{P9}\n"));
            assert_eq!(
                format!("{:?}", alone[0]),
                format!("{:?}", head[0]),
                "{line:?}"
            );
            assert_eq!(
                format!("{:?}", alone),
                format!("{:?}", commented),
                "{line:?}"
            );
        }
        // A block whose rows have a square length is still a block.
        let rows = "1234567890ABCDEF\n".repeat(16);
        assert_eq!(all(&rows).len(), 1);
        assert_eq!(all(&rows)[0].as_ref().map(|p| p.grid.n()).ok(), Some(16));
    }
}
