//! The layouts of classic puzzles: one puzzle per line, blocks of characters, blocks
//! of integers; and what their rows look like.

use super::{ParseError, ParseErrorKind, ParseOptions, ParseWarning, ParsedPuzzle, err};
use crate::model::grid::Grid;
use crate::model::shape::Shape;
use crate::model::symbols::{Alphabet, SEPARATORS};
use std::sync::Arc;

/// The side N of a grid of `len` cells written on one line (N² = `len`, N ≥ 4).
pub(super) fn square_side(len: usize) -> Option<usize> {
    let side = (len as f64).sqrt().round() as usize;
    (side * side == len && side >= 4).then_some(side)
}

/// The message for a line whose length is no square.
pub(super) fn one_line_length(len: usize) -> String {
    format!(
        "a one-line puzzle needs N² symbols for a side N (16, 36, 81, 256, …); this line has {len}"
    )
}

/// True for a character that separates cells (see [`SEPARATORS`]).
#[inline]
fn is_separator_char(c: char) -> bool {
    c.is_whitespace() || SEPARATORS.contains(&c)
}

/// True for a character of a rule line or a frame: `-+=|` and box drawing.
#[inline]
fn is_rule_char(c: char) -> bool {
    "-+=|".contains(c) || ('\u{2500}'..='\u{257F}').contains(&c) || c.is_whitespace()
}

/// The cell characters of a block row: everything but whitespace and separators.
pub(super) fn cells_of(line: &str) -> Vec<(usize, char)> {
    line.chars()
        .enumerate()
        .filter(|(_, c)| !is_separator_char(*c))
        .map(|(i, c)| (i + 1, c))
        .collect()
}

/// True for an integer token or a blank mark.
fn int_token(tok: &str) -> bool {
    tok.bytes().all(|b| b.is_ascii_digit()) || matches!(tok, "." | "_" | "-")
}

/// The tokens of a row when every one is an integer or a blank mark, each with its
/// 1-based column: separated by whitespace (`|` dropped), or the fields of a CSV row
/// (commas or semicolons; an empty field is a blank, a trailing separator ends the row).
pub(super) fn int_tokens(line: &str) -> Option<Vec<(usize, &str)>> {
    if line.contains([',', ';']) {
        return csv_tokens(line);
    }
    let mut out = Vec::new();
    let mut col = 0;
    let mut rest = line;
    while let Some(s) = rest.find(|c: char| !c.is_whitespace()) {
        col += rest[..s].chars().count();
        let tail = &rest[s..];
        let e = tail.find(char::is_whitespace).unwrap_or(tail.len());
        let tok = &tail[..e];
        if !(tok.chars().count() == 1 && tok.chars().all(|c| SEPARATORS.contains(&c))) {
            if !int_token(tok) {
                return None;
            }
            out.push((col + 1, tok));
        }
        col += tok.chars().count();
        rest = &tail[e..];
    }
    Some(out)
}

/// The fields of a CSV row (see [`int_tokens`]); an empty field is a blank.
fn csv_tokens(line: &str) -> Option<Vec<(usize, &str)>> {
    let mut out = Vec::new();
    let mut col = 1;
    for field in line.split([',', ';']) {
        let lead = field.chars().take_while(|c| c.is_whitespace()).count();
        match field.trim() {
            "" => out.push((col + lead, ".")),
            t if int_token(t) => out.push((col + lead, t)),
            _ => return None,
        }
        col += field.chars().count() + 1;
    }
    Some(out)
}

/// The tokens of a row of `n` integers: [`int_tokens`], less the empty field after a
/// separator that ends a CSV row of `n` values (`5,3,…,9,`).
pub(super) fn int_row(line: &str, n: usize) -> Option<Vec<(usize, &str)>> {
    let mut t = int_tokens(line)?;
    if t.len() == n + 1 && ends_with_separator(line) {
        t.pop();
    }
    Some(t)
}

/// True for a CSV row that ends with a separator.
pub(super) fn ends_with_separator(line: &str) -> bool {
    line.trim_end().ends_with([',', ';'])
}

/// A separator line such as `---+---+---`, `======` or a box-drawing frame.
pub(super) fn is_rule_line(line: &str, cells_per_row: usize) -> bool {
    let t = line.trim();
    if t.is_empty() || !t.chars().all(is_rule_char) {
        return false;
    }
    t.contains(['+', '='])
        || t.chars().any(|c| c > '\u{2000}')
        || t.chars().filter(|&c| c == '-').count() != cells_per_row
}

/// A border above the first row (`+---+---+`, `┌───┬───┐`, `------`): a rule line that
/// cannot be a row of a one-line puzzle (N² dashes).
pub(super) fn is_frame_line(line: &str) -> bool {
    let t = line.trim();
    if t.is_empty() || !t.chars().all(is_rule_char) {
        return false;
    }
    t.contains(['+', '=', '|'])
        || t.chars().any(|c| c > '\u{2000}')
        || square_side(t.chars().count()).is_none()
}

fn shape_for(n: usize, opts: &ParseOptions, line: usize, col: usize) -> Result<Shape, ParseError> {
    match opts.shape {
        Some(s) if s.n() == n => Ok(s),
        Some(shape) => Err(ParseError::new(
            line,
            col,
            ParseErrorKind::BoxMismatch { n, shape },
        )),
        None => Shape::for_side(n).map_err(|m| err(line, col, m.to_string())),
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
        Some(a) => Err(ParseError::new(
            line,
            col,
            ParseErrorKind::AlphabetSize {
                n,
                symbols: a.len(),
            },
        )),
        None => Alphabet::shared_default(n)
            .ok_or_else(|| ParseError::new(line, col, ParseErrorKind::NeedsAlphabet { n })),
    }
}

/// The alphabet of a puzzle of side `n` written with the characters `chars`: the one
/// the options give, or the default; a 16×16 puzzle that writes `0` next to another
/// blank mark and has no `G` is a hexadoku (`0-9A-F`), and one with `0` as its only
/// blank and no `G` is read with the default alphabet, with a warning unless a row
/// holds two `0`s (then `0` cannot be a symbol).
fn alphabet_of(
    n: usize,
    opts: &ParseOptions,
    chars: impl Iterator<Item = char> + Clone,
    (line, col): (usize, usize),
) -> Result<(Arc<Alphabet>, Option<ParseWarning>), ParseError> {
    if opts.alphabet.is_none() && n == 16 {
        let has = |f: &dyn Fn(char) -> bool| chars.clone().any(f);
        if has(&|c| c == '0') && !has(&|c| c == 'G' || c == 'g') {
            if has(&|c| matches!(c, '.' | '_' | '-')) {
                return Ok((Alphabet::hexadecimal(), None));
            }
            // Two 0s in a row: 0 is certainly a blank; otherwise it might be a symbol.
            let cells: Vec<char> = chars.collect();
            let zero_blank = cells
                .chunks(n)
                .any(|row| row.iter().filter(|&&c| c == '0').count() > 1);
            let a = alphabet_for(n, opts, line, col)?;
            return Ok((a, (!zero_blank).then_some(ParseWarning::MaybeHexadoku)));
        }
    }
    Ok((alphabet_for(n, opts, line, col)?, None))
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

pub(super) fn parse_line_puzzle(
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
    if square_side(len) != Some(n) {
        return Err(err(ln, lead + 1, one_line_length(len)));
    }
    let shape = shape_for(n, opts, ln, lead + 1)?;
    let (alphabet, warning) = alphabet_of(n, opts, token.chars(), (ln, lead + 1))?;
    let mut cells = Vec::with_capacity(len);
    for (i, c) in token.chars().enumerate() {
        cells.push(symbol_value(c, &alphabet, ln, lead + i + 1)?);
    }
    let comment = rest.trim();
    let mut p = ParsedPuzzle::classic(
        Grid::from_values(shape, cells).expect("values checked"),
        Some(alphabet),
        ln,
    );
    p.comment = (!comment.is_empty()).then(|| comment.to_string());
    p.warning = warning;
    Ok(p)
}

pub(super) fn parse_char_block(
    rows: &[(usize, &str)],
    opts: &ParseOptions,
) -> Result<ParsedPuzzle, ParseError> {
    let n = rows.len();
    let first = rows[0].0;
    let shape = shape_for(n, opts, first, 1)?;
    let chars = rows
        .iter()
        .flat_map(|(_, l)| cells_of(l).into_iter().map(|c| c.1));
    let (alphabet, warning) = alphabet_of(n, opts, chars, (first, 1))?;
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
    let mut p = ParsedPuzzle::classic(
        Grid::from_values(shape, cells).expect("values checked"),
        Some(alphabet),
        first,
    );
    p.warning = warning;
    Ok(p)
}

pub(super) fn parse_int_block(
    rows: &[(usize, &str)],
    opts: &ParseOptions,
) -> Result<ParsedPuzzle, ParseError> {
    let n = rows.len();
    for &(ln, line) in rows {
        let count = int_row(line, n).map(|t| t.len());
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
pub(super) fn parse_int_block_flat(
    rows: &[(usize, &str)],
    n: usize,
    opts: &ParseOptions,
) -> Result<ParsedPuzzle, ParseError> {
    let first = rows[0].0;
    let shape = shape_for(n, opts, first, 1)?;
    let mut cells = Vec::with_capacity(n * n);
    for &(ln, line) in rows {
        for (col, tok) in int_row(line, n).unwrap_or_default() {
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
            return Err(ParseError::new(
                first,
                1,
                ParseErrorKind::AlphabetSize {
                    n,
                    symbols: a.len(),
                },
            ));
        }
        None => Alphabet::shared_default(n),
    };
    Ok(ParsedPuzzle::classic(
        Grid::from_values(shape, cells).expect("values checked"),
        alphabet,
        first,
    ))
}

/// Explains why a paragraph of several lines is not a block puzzle.
pub(super) fn block_shape_error(rows: &[(usize, &str)]) -> ParseError {
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
