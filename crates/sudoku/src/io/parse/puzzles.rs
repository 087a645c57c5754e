//! The iterator over the puzzles of a text or a stream: lines are read as needed, each
//! paragraph's layout is detected, and variant files are handed to their readers.

use super::layout::{
    block_shape_error, cells_of, ends_with_separator, int_tokens, is_frame_line, is_rule_line,
    one_line_length, parse_char_block, parse_int_block, parse_int_block_flat, parse_line_puzzle,
    square_side,
};
use super::lists::{looks_like_list, parse_lists};
use super::variant_json::{looks_like_json, parse_variant_json};
use super::variant_text::{looks_like_variant_text, parse_variant_text};
use super::{ParseError, ParseOptions, ParsedPuzzle, err};
use std::collections::VecDeque;

/// The most lines of one paragraph that are kept: the rows and rule lines of the
/// largest grid, and some.
const MAX_PARAGRAPH: usize = 2 * crate::model::shape::MAX_SIDE + 16;

/// Iterator over the puzzles of a text or stream (see [`crate::parse_puzzles`]).
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
    pub(super) fn new(
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
        let list = looks_like_list(&first);
        if !text_format && !json && !list {
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
        } else if json {
            parse_variant_json(&text, self.opts)
        } else {
            parse_lists(&text, self.opts)
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
                Some(Ok(l)) => {
                    // A byte-order mark starts some files written on Windows.
                    let first = self.base + self.buf.len() == 0;
                    match l.strip_prefix('\u{feff}') {
                        Some(rest) if first => self.buf.push_back(rest.to_string()),
                        _ => self.buf.push_back(l),
                    }
                }
                Some(Err(e)) => {
                    // The reader's own messages (a NUL byte, a line too long) say more
                    // than the kind.
                    let what = match (e.kind(), e.get_ref()) {
                        (std::io::ErrorKind::InvalidData, Some(inner)) => inner.to_string(),
                        (std::io::ErrorKind::InvalidData, None) => {
                            "the input is not valid UTF-8 text".to_string()
                        }
                        _ => format!("cannot read: {e}"),
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

    /// The lines of the paragraph starting at `start`, numbered from 1, and its end;
    /// at most [`MAX_PARAGRAPH`] lines are kept (the rest are read and dropped).
    fn paragraph(&mut self, start: usize) -> (Vec<(usize, String)>, usize) {
        let mut rows = Vec::new();
        let mut i = start;
        while self.in_paragraph(i) {
            if rows.len() < MAX_PARAGRAPH {
                rows.push((i + 1, self.line(i).unwrap_or("").to_string()));
            } else {
                self.release(i);
            }
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
        if !self.skip_separators() {
            return self.failure.take().map(|(l, m)| Err(err(l + 1, 1, m)));
        }
        let start = self.pos;
        let line = self.line(start).unwrap_or("").to_string();
        if self.in_line_mode {
            self.pos += 1;
            return Some(parse_line_puzzle(&line, start + 1, self.opts));
        }
        Some(self.paragraph_puzzle(start, &line))
    }
}

impl Puzzles<'_> {
    /// Moves past blank and comment lines (a blank line ends a run of one-line
    /// puzzles) and past a frame's top border (`+---+---+`, a rule line above row 1);
    /// false at the end of the input.
    fn skip_separators(&mut self) -> bool {
        loop {
            match self.line(self.pos) {
                None => return false,
                Some(l) => {
                    let l = l.to_string();
                    if !self.is_separator(&l) && !is_frame_line(&l) {
                        return true;
                    }
                }
            }
            self.pos += 1;
            self.in_line_mode = false;
        }
    }

    /// The puzzle of the paragraph starting at line `start` (0-based) whose first line
    /// is `line`: a block of characters or integers, a one-line puzzle (which starts a
    /// run of them), one line of N² integers, or the error that explains why none fits.
    fn paragraph_puzzle(&mut self, start: usize, line: &str) -> Result<ParsedPuzzle, ParseError> {
        // A paragraph of one row is no block: when its first token has a square length
        // it is a one-line puzzle, what the detection below would come to. Read at once,
        // without the row and token counts (a text of one puzzle, such as each puzzle
        // of Python's `solve_many`, always comes here: issue 28).
        let first_len = line
            .split_whitespace()
            .next()
            .map_or(0, |t| t.chars().count());
        if square_side(first_len).is_some() && !self.in_paragraph(start + 1) {
            self.in_line_mode = true;
            self.pos += 1;
            return parse_line_puzzle(line, start + 1, self.opts);
        }
        let tokens = int_tokens(line).map(|t| t.len());
        let cells = cells_of(line).len();
        let limit = (cells.max(tokens.unwrap_or(0)) + 1).min(MAX_PARAGRAPH);
        let r = self.paragraph_rows(start, limit);
        let trailing = ends_with_separator(line) && tokens == Some(r + 1);
        let block_ints = r >= 2 && (tokens == Some(r) || trailing);
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
            if !block_chars {
                return parse_int_block(&rows, self.opts);
            }
            // One character per cell on the first row, as many as rows: digits may be
            // integers or symbols, and the two readings differ from a side of 10 on
            // (`A` is the tenth symbol) or with an alphabet of the options (`0` may
            // be a symbol). Integers when every row is integers and the alphabet is
            // the default; otherwise characters, and integers only if those fail.
            let all_ints = block_ints && rows.iter().all(|(_, l)| int_tokens(l).is_some());
            if all_ints && self.opts.alphabet.is_none() {
                return parse_int_block(&rows, self.opts);
            }
            return match parse_char_block(&rows, self.opts) {
                Err(_) if all_ints => parse_int_block(&rows, self.opts),
                read => read,
            };
        }
        let first_token = line.split_whitespace().next().unwrap_or("");
        let len = first_token.chars().count();
        if square_side(len).is_some() {
            self.in_line_mode = true;
            self.pos += 1;
            return parse_line_puzzle(line, start + 1, self.opts);
        }
        if let (1, Some(side)) = (r, tokens.and_then(square_side)) {
            self.pos += 1;
            let rows = [(start + 1, line)];
            return parse_int_block_flat(&rows, side, self.opts);
        }
        Err(self.no_layout(start, line, r, len))
    }

    /// Neither layout fits: explains from the shape of the paragraph.
    fn no_layout(&mut self, start: usize, line: &str, rows: usize, len: usize) -> ParseError {
        let (all, end) = self.paragraph(start);
        self.pos = end;
        let col = line.chars().take_while(|c| c.is_whitespace()).count() + 1;
        if all.len() >= MAX_PARAGRAPH {
            return err(
                start + 1,
                col,
                format!(
                    "a paragraph of {} lines is no puzzle (a grid has at most {} rows)",
                    end - start,
                    crate::model::shape::MAX_SIDE
                ),
            );
        }
        if rows == 1 {
            return err(start + 1, col, one_line_length(len));
        }
        let rows: Vec<(usize, &str)> = all
            .iter()
            .filter(|(_, l)| !is_rule_line(l, rows))
            .map(|(n, l)| (*n, l.as_str()))
            .collect();
        block_shape_error(&rows)
    }
}
