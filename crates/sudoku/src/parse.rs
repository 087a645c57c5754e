//! Reads puzzles in every layout gridsat accepts, detected automatically:
//! one puzzle per line, block layout, and whitespace-separated integers.

use crate::grid::Grid;
use crate::shape::Shape;
use crate::symbols::Alphabet;
use crate::variants::{
    Rules, looks_like_json, looks_like_variant_text, parse_variant_json, parse_variant_text,
};
use std::collections::VecDeque;
use std::fmt;
use std::io::BufRead;
use std::sync::Arc;

/// What the command line fixes about the puzzles (the rest is inferred).
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// Box shape from `--box PxQ`; inferred from N when absent.
    pub shape: Option<Shape>,
    /// Alphabet from `--symbols`; the default `1-9A-Z` when absent.
    pub alphabet: Option<Arc<Alphabet>>,
}

/// One puzzle read from the input.
#[derive(Clone, Debug)]
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
}

/// A problem in the input, at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Line of the problem.
    pub line: usize,
    /// Column (in characters) of the problem.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

fn err(line: usize, column: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        column,
        message: message.into(),
    }
}

/// Reads every puzzle of `text`. Each item is a puzzle or the error that spoiled it,
/// so one bad puzzle does not hide the others.
///
/// Text whose first line is a section header such as `rules:` or `givens:`, or that
/// starts with `{`, is read as a variant file (see [`crate::variants`]).
pub fn parse_puzzles<'a>(text: &'a str, opts: &'a ParseOptions) -> Puzzles<'a> {
    Puzzles::new(Box::new(text.lines().map(|l| Ok(l.to_string()))), opts)
}

/// Reads puzzles from a stream as they arrive (e.g. stdin), holding only the lines of
/// the puzzle being read. A read error (or text that is not UTF-8) ends the stream with
/// an error item at its line.
pub fn parse_reader<'a, R: BufRead + Send + 'a>(reader: R, opts: &'a ParseOptions) -> Puzzles<'a> {
    Puzzles::new(Box::new(reader.lines()), opts)
}

/// Iterator over the puzzles of a text or stream (see [`parse_puzzles`]).
pub struct Puzzles<'a> {
    src: Box<dyn Iterator<Item = std::io::Result<String>> + Send + 'a>,
    /// Lines `base..base + buf.len()` (0-based), read but not yet consumed.
    buf: VecDeque<String>,
    base: usize,
    eof: bool,
    /// A read error at this 0-based line, reported once the lines before it are used.
    failure: Option<(usize, String)>,
    pos: usize,
    /// Inside a paragraph of one-puzzle-per-line puzzles.
    in_line_mode: bool,
    opts: &'a ParseOptions,
    /// The puzzles of a variant file, read at once.
    variant: Option<std::vec::IntoIter<Result<ParsedPuzzle, ParseError>>>,
    /// True once the first lines were checked for the variant formats.
    format_checked: bool,
}

impl<'a> Puzzles<'a> {
    fn new(
        src: Box<dyn Iterator<Item = std::io::Result<String>> + Send + 'a>,
        opts: &'a ParseOptions,
    ) -> Self {
        Puzzles {
            src,
            buf: VecDeque::new(),
            base: 0,
            eof: false,
            failure: None,
            pos: 0,
            in_line_mode: false,
            opts,
            variant: None,
            format_checked: false,
        }
    }

    /// Reads a variant file (text sections or JSON) whole, when the first line that is
    /// neither blank nor a comment says the input is one.
    fn check_variant_format(&mut self) {
        self.format_checked = true;
        let mut i = self.pos;
        let first = loop {
            match self.line(i) {
                None => return,
                Some(l) => {
                    let t = l.trim_start();
                    let comment = t.starts_with('#') || t.starts_with("//") || t.starts_with(';');
                    if !t.is_empty() && !comment {
                        break l.to_string();
                    }
                }
            }
            i += 1;
        };
        let (text_format, json) = (looks_like_variant_text(&first), looks_like_json(&first));
        if !text_format && !json {
            return;
        }
        let mut text = String::new();
        let mut k = self.pos;
        while let Some(l) = self.line(k) {
            text.push_str(l);
            text.push('\n');
            k += 1;
        }
        // Lines before `pos` were blank or comments: keep the numbering.
        let text = "\n".repeat(self.pos) + &text;
        let mut items = if text_format {
            parse_variant_text(&text, self.opts)
        } else {
            parse_variant_json(&text, self.opts)
        };
        if let Some((l, m)) = self.failure.take() {
            items.push(Err(err(l + 1, 1, m)));
        }
        self.variant = Some(items.into_iter());
    }

    /// Line `i` (0-based), reading ahead as needed; `None` past the end.
    fn line(&mut self, i: usize) -> Option<&str> {
        while !self.eof && i >= self.base + self.buf.len() {
            match self.src.next() {
                Some(Ok(l)) => self.buf.push_back(l),
                Some(Err(e)) => {
                    let what = if e.kind() == std::io::ErrorKind::InvalidData {
                        "the input is not valid UTF-8 text".to_string()
                    } else {
                        format!("cannot read: {e}")
                    };
                    self.failure = Some((self.base + self.buf.len(), what));
                    self.eof = true;
                }
                None => self.eof = true,
            }
        }
        self.buf.get(i.checked_sub(self.base)?).map(String::as_str)
    }

    /// Forgets the lines before `i`.
    fn release(&mut self, i: usize) {
        while self.base < i && !self.buf.is_empty() {
            self.buf.pop_front();
            self.base += 1;
        }
    }

    fn is_separator(&self, line: &str) -> bool {
        let t = line.trim();
        if t.is_empty() {
            return true;
        }
        let comment_start = t.starts_with('#') || t.starts_with(';') || t.starts_with("//");
        let first = t.chars().next().unwrap_or(' ');
        let is_symbol = self
            .opts
            .alphabet
            .as_ref()
            .is_some_and(|a| a.value(first).is_some());
        comment_start && !is_symbol
    }

    /// True when line `i` exists and belongs to a paragraph.
    fn in_paragraph(&mut self, i: usize) -> bool {
        match self.line(i) {
            Some(l) => {
                let l = l.to_string();
                !self.is_separator(&l)
            }
            None => false,
        }
    }

    /// Number of row lines (rule lines dropped) of the paragraph starting at `start`,
    /// counting at most `limit + 1`.
    fn paragraph_rows(&mut self, start: usize, limit: usize) -> usize {
        let first_cells = self.line(start).map_or(0, |l| cells_of(l).len());
        let mut rows = 0;
        let mut i = start;
        while rows <= limit && self.in_paragraph(i) {
            if i == start || !is_rule_line(self.line(i).unwrap_or(""), first_cells) {
                rows += 1;
            }
            i += 1;
        }
        rows
    }

    /// The lines of the paragraph starting at `start`, numbered from 1, and its end.
    fn paragraph(&mut self, start: usize) -> (Vec<(usize, String)>, usize) {
        let mut rows = Vec::new();
        let mut i = start;
        while self.in_paragraph(i) {
            rows.push((i + 1, self.line(i).unwrap_or("").to_string()));
            i += 1;
        }
        (rows, i)
    }
}

impl Iterator for Puzzles<'_> {
    type Item = Result<ParsedPuzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if !self.format_checked {
            self.check_variant_format();
        }
        if let Some(v) = &mut self.variant {
            return v.next();
        }
        self.release(self.pos);
        loop {
            let pos = self.pos;
            match self.line(pos) {
                None => {
                    return self.failure.take().map(|(l, m)| Err(err(l + 1, 1, m)));
                }
                Some(l) => {
                    let l = l.to_string();
                    if !self.is_separator(&l) {
                        break;
                    }
                }
            }
            self.pos += 1;
            self.in_line_mode = false;
        }
        let start = self.pos;
        let line = self.line(start).unwrap_or("").to_string();
        if self.in_line_mode {
            self.pos += 1;
            return Some(parse_line_puzzle(&line, start + 1, self.opts));
        }
        let tokens = int_tokens(&line).map(|t| t.len());
        let cells = cells_of(&line).len();
        let limit = cells.max(tokens.unwrap_or(0)) + 1;
        let r = self.paragraph_rows(start, limit);
        let block_ints = r >= 2 && tokens == Some(r);
        let block_chars = r >= 2 && cells == r;
        if block_ints || block_chars {
            let (all, end) = self.paragraph(start);
            self.pos = end;
            let rows: Vec<(usize, &str)> = all
                .iter()
                .enumerate()
                .filter(|(k, (_, l))| *k == 0 || !is_rule_line(l, r))
                .map(|(_, (n, l))| (*n, l.as_str()))
                .collect();
            return Some(if block_ints {
                parse_int_block(&rows, self.opts)
            } else {
                parse_char_block(&rows, self.opts)
            });
        }
        let first_token = line.split_whitespace().next().unwrap_or("");
        let len = first_token.chars().count();
        let square_side = (len as f64).sqrt().round() as usize;
        if square_side * square_side == len && square_side >= 4 {
            self.in_line_mode = true;
            self.pos += 1;
            return Some(parse_line_puzzle(&line, start + 1, self.opts));
        }
        if r == 1 {
            if let Some(t) = tokens {
                let side = (t as f64).sqrt().round() as usize;
                if side * side == t && side >= 4 {
                    self.pos += 1;
                    let rows = [(start + 1, line.as_str())];
                    return Some(parse_int_block_flat(&rows, side, self.opts));
                }
            }
        }
        // Neither layout fits: explain from the shape of the paragraph.
        let (all, end) = self.paragraph(start);
        self.pos = end;
        let col = line.chars().take_while(|c| c.is_whitespace()).count() + 1;
        Some(Err(if r == 1 {
            err(
                start + 1,
                col,
                format!(
                    "a one-line puzzle needs N² symbols for a side N (16, 36, 81, 256, …); this line has {len}"
                ),
            )
        } else {
            let rows: Vec<(usize, &str)> = all
                .iter()
                .filter(|(_, l)| !is_rule_line(l, r))
                .map(|(n, l)| (*n, l.as_str()))
                .collect();
            block_shape_error(&rows)
        }))
    }
}

/// The cell characters of a block row: everything but whitespace and `|`.
fn cells_of(line: &str) -> Vec<(usize, char)> {
    line.chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace() && *c != '|')
        .map(|(i, c)| (i + 1, c))
        .collect()
}

/// The tokens of a row when every one is an integer or a blank mark (`|` dropped).
fn int_tokens(line: &str) -> Option<Vec<(usize, &str)>> {
    let mut out = Vec::new();
    let mut col = 0;
    let mut rest = line;
    while let Some(s) = rest.find(|c: char| !c.is_whitespace()) {
        col += rest[..s].chars().count();
        let tail = &rest[s..];
        let e = tail.find(char::is_whitespace).unwrap_or(tail.len());
        let tok = &tail[..e];
        if tok != "|" {
            let ok = tok.bytes().all(|b| b.is_ascii_digit()) || matches!(tok, "." | "_" | "-");
            if !ok {
                return None;
            }
            out.push((col + 1, tok));
        }
        col += tok.chars().count();
        rest = &tail[e..];
    }
    Some(out)
}

/// A separator line such as `---+---+---` or `======`.
fn is_rule_line(line: &str, cells_per_row: usize) -> bool {
    let t = line.trim();
    if t.is_empty() || !t.chars().all(|c| "-+=|".contains(c) || c.is_whitespace()) {
        return false;
    }
    t.contains('+') || t.contains('=') || t.chars().filter(|&c| c == '-').count() != cells_per_row
}

fn shape_for(n: usize, opts: &ParseOptions, line: usize, col: usize) -> Result<Shape, ParseError> {
    match opts.shape {
        Some(s) if s.n() == n => Ok(s),
        Some(s) => Err(err(
            line,
            col,
            format!(
                "the puzzle is {n}×{n} but --box {s} makes {m}×{m} grids",
                m = s.n()
            ),
        )),
        None => Shape::for_side(n).map_err(|m| err(line, col, m)),
    }
}

fn alphabet_for(
    n: usize,
    opts: &ParseOptions,
    line: usize,
    col: usize,
) -> Result<Arc<Alphabet>, ParseError> {
    match &opts.alphabet {
        Some(a) if a.len() == n => Ok(a.clone()),
        Some(a) => Err(err(
            line,
            col,
            format!("the puzzle is {n}×{n} but the alphabet has {} symbols", a.len()),
        )),
        None => Alphabet::shared_default(n).ok_or_else(|| {
            err(
                line,
                col,
                format!("a {n}×{n} grid needs {n} symbols, more than the 35 of 1-9A-Z: write it as integers or give --symbols"),
            )
        }),
    }
}

fn symbol_value(c: char, a: &Alphabet, line: usize, col: usize) -> Result<u16, ParseError> {
    if let Some(v) = a.value(c) {
        Ok(v)
    } else if a.is_blank(c) {
        Ok(0)
    } else {
        let syms: String = a.symbols().iter().collect();
        Err(err(
            line,
            col,
            format!("unknown symbol '{c}' (symbols are {syms}; blanks are . 0 _ -)"),
        ))
    }
}

fn parse_line_puzzle(
    line: &str,
    ln: usize,
    opts: &ParseOptions,
) -> Result<ParsedPuzzle, ParseError> {
    let lead = line.chars().take_while(|c| c.is_whitespace()).count();
    let trimmed = line.trim_start();
    let (token, rest) = trimmed
        .split_once(char::is_whitespace)
        .unwrap_or((trimmed, ""));
    let len = token.chars().count();
    let n = (len as f64).sqrt().round() as usize;
    if n * n != len || n < 4 {
        return Err(err(
            ln,
            lead + 1,
            format!(
                "a one-line puzzle needs N² symbols for a side N (16, 36, 81, 256, …); this line has {len}"
            ),
        ));
    }
    let shape = shape_for(n, opts, ln, lead + 1)?;
    let alphabet = alphabet_for(n, opts, ln, lead + 1)?;
    let mut cells = Vec::with_capacity(len);
    for (i, c) in token.chars().enumerate() {
        cells.push(symbol_value(c, &alphabet, ln, lead + i + 1)?);
    }
    let comment = rest.trim();
    Ok(ParsedPuzzle {
        grid: Grid::from_values(shape, cells).expect("values checked"),
        alphabet: Some(alphabet),
        line: ln,
        comment: (!comment.is_empty()).then(|| comment.to_string()),
        rules: Rules::default(),
        solution: None,
    })
}

fn parse_char_block(
    rows: &[(usize, &str)],
    opts: &ParseOptions,
) -> Result<ParsedPuzzle, ParseError> {
    let n = rows.len();
    let first = rows[0].0;
    let shape = shape_for(n, opts, first, 1)?;
    let alphabet = alphabet_for(n, opts, first, 1)?;
    let mut cells = Vec::with_capacity(n * n);
    for &(ln, line) in rows {
        let row = cells_of(line);
        if row.len() != n {
            let col = row.get(n).map_or(line.chars().count() + 1, |c| c.0);
            return Err(err(
                ln,
                col,
                format!("this row has {} cells, expected {n}", row.len()),
            ));
        }
        for (col, c) in row {
            cells.push(symbol_value(c, &alphabet, ln, col)?);
        }
    }
    Ok(ParsedPuzzle {
        grid: Grid::from_values(shape, cells).expect("values checked"),
        alphabet: Some(alphabet),
        line: first,
        comment: None,
        rules: Rules::default(),
        solution: None,
    })
}

fn parse_int_block(
    rows: &[(usize, &str)],
    opts: &ParseOptions,
) -> Result<ParsedPuzzle, ParseError> {
    let n = rows.len();
    for &(ln, line) in rows {
        let count = int_tokens(line).map(|t| t.len());
        if count != Some(n) {
            let col = line.chars().take_while(|c| c.is_whitespace()).count() + 1;
            return Err(match count {
                Some(k) => err(ln, col, format!("this row has {k} numbers, expected {n}")),
                None => {
                    let bad = line
                        .split_whitespace()
                        .find(|t| int_tokens(t).is_none())
                        .unwrap_or("");
                    let at = line
                        .find(bad)
                        .map_or(col, |b| line[..b].chars().count() + 1);
                    err(
                        ln,
                        at,
                        format!("'{bad}' is not a number (blanks are 0 or .)"),
                    )
                }
            });
        }
    }
    parse_int_block_flat(rows, n, opts)
}

/// Integer cells of `rows`, N² in all, row-major.
fn parse_int_block_flat(
    rows: &[(usize, &str)],
    n: usize,
    opts: &ParseOptions,
) -> Result<ParsedPuzzle, ParseError> {
    let first = rows[0].0;
    let shape = shape_for(n, opts, first, 1)?;
    let mut cells = Vec::with_capacity(n * n);
    for &(ln, line) in rows {
        for (col, tok) in int_tokens(line).unwrap_or_default() {
            let v = match tok {
                "." | "_" | "-" => 0,
                t => t.parse::<usize>().unwrap_or(usize::MAX),
            };
            if v > n {
                return Err(err(
                    ln,
                    col,
                    format!("value {tok} is out of range 0..{n} (0 = empty)"),
                ));
            }
            cells.push(v as u16);
        }
    }
    let alphabet = match &opts.alphabet {
        Some(a) if a.len() == n => Some(a.clone()),
        Some(a) => {
            return Err(err(
                first,
                1,
                format!(
                    "the puzzle is {n}×{n} but the alphabet has {} symbols",
                    a.len()
                ),
            ));
        }
        None => Alphabet::shared_default(n),
    };
    Ok(ParsedPuzzle {
        grid: Grid::from_values(shape, cells).expect("values checked"),
        alphabet,
        line: first,
        comment: None,
        rules: Rules::default(),
        solution: None,
    })
}

/// Explains why a paragraph of several lines is not a block puzzle.
fn block_shape_error(rows: &[(usize, &str)]) -> ParseError {
    let r = rows.len();
    let counts: Vec<usize> = rows.iter().map(|(_, l)| cells_of(l).len()).collect();
    // The most common row length is what the author meant; the first row that differs is wrong.
    let mut common = counts[0];
    let mut best = 0;
    for &c in &counts {
        let k = counts.iter().filter(|&&d| d == c).count();
        if k > best {
            best = k;
            common = c;
        }
    }
    if let Some(i) = counts.iter().position(|&c| c != common) {
        let (ln, line) = rows[i];
        let col = line.chars().take_while(|c| c.is_whitespace()).count() + 1;
        return err(
            ln,
            col,
            format!(
                "ragged block: this row has {} cells, the other rows {common}",
                counts[i]
            ),
        );
    }
    err(
        rows[0].0,
        1,
        format!("a block puzzle needs as many rows as cells per row: {r} rows of {common} cells"),
    )
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
        assert!(e.message.contains("unknown symbol 'x'"));
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
        assert!(e.message.contains("UTF-8"), "{e}");
    }

    #[test]
    fn malformed_inputs_name_line_and_column() {
        let e = all(&format!("{}\n", &P9[..80]))[0].clone().unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message.contains("this line has 80"), "{e}");
        let e = all(&format!("{P9}\n{}x\n", &P9[..80]))[1]
            .clone()
            .unwrap_err();
        assert_eq!((e.line, e.column), (2, 81));
        let ragged = "1 2 3 4\n3 4 1\n2 1 4 3\n4 3 2 1\n";
        let e = all(ragged)[0].clone().unwrap_err();
        assert_eq!(e.line, 2);
        assert!(
            e.message.contains("3 numbers") || e.message.contains("3 cells"),
            "{e}"
        );
        let e = all("12345\n23451\n34512\n45123\n51234\n")[0]
            .clone()
            .unwrap_err();
        assert!(e.message.contains("5 is not a valid Sudoku side"), "{e}");
        let e = all("1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 17\n")[0]
            .clone()
            .unwrap_err();
        assert_eq!((e.line, e.column), (4, 7));
        assert!(all("").is_empty());
        assert!(all("\n\n# only a comment\n").is_empty());
    }
}
