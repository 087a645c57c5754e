//! Reads XSB collections: levels separated by blank lines, titles from `;` or `Title:` lines.

use super::error::ParseError;
use crate::model::Level;

/// Characters that may appear in an XSB row (besides run-length digits and `|`).
fn is_cell_char(c: char) -> bool {
    matches!(c, '#' | '@' | '+' | '$' | '*' | '.' | ' ' | '-' | '_')
}

/// True when the (right-trimmed) line is a level row: cell characters (with run-length
/// counts and `|` separators), at least one of them visible (`-` and `_` are floor that
/// can be seen, so a row of floor alone is written with them).
fn is_row(line: &str) -> bool {
    line.chars()
        .all(|c| is_cell_char(c) || c.is_ascii_digit() || c == '|')
        && line
            .chars()
            .any(|c| matches!(c, '#' | '@' | '+' | '$' | '*' | '.' | '-' | '_'))
}

/// A row as read: its line number and the cells with the column each came from.
struct RawRow {
    line: usize,
    cells: Vec<(char, usize)>,
}

/// The reader's state between lines.
struct Reader<'a> {
    file: &'a str,
    levels: Vec<Level>,
    /// The title for the next level (the last `;` comment or `Title:` line).
    pending_title: Option<String>,
    /// The rows of the level being read.
    rows: Vec<RawRow>,
    /// The title of the level being read.
    level_title: Option<String>,
    /// Whether the last finished level may still take a `Title:` line that follows it.
    last_can_take_title: bool,
}

/// Parses every level of an XSB text. `file` names the input in error messages.
pub fn parse_xsb(text: &str, file: &str) -> Result<Vec<Level>, ParseError> {
    let mut r = Reader {
        file,
        levels: Vec::new(),
        pending_title: None,
        rows: Vec::new(),
        level_title: None,
        last_can_take_title: false,
    };
    for (i, raw) in text.lines().enumerate() {
        r.line(i + 1, raw.trim_end())?;
    }
    r.finish()?;
    if r.levels.is_empty() {
        return Err(ParseError::new(
            file,
            None,
            text.lines().count().max(1),
            0,
            "no level found (expected XSB rows made of # @ + $ * . and spaces)",
        ));
    }
    Ok(r.levels)
}

impl Reader<'_> {
    /// Reads one (right-trimmed) line.
    fn line(&mut self, line_no: usize, line: &str) -> Result<(), ParseError> {
        if !line.is_empty() && is_row(line) {
            if self.rows.is_empty() {
                self.level_title = self.pending_title.take();
            }
            let rows = expand(line, line_no, self.file, self.levels.len() + 1)?;
            self.rows.extend(rows);
            return Ok(());
        }
        let trimmed = line.trim_start();
        if trimmed.starts_with('#') {
            return Err(self.bad_row(line_no, line));
        }
        // Anything else ends the current level.
        if !self.rows.is_empty() {
            self.finish()?;
            self.last_can_take_title = true;
        }
        if let Some(c) = trimmed.strip_prefix(';') {
            let t = c.trim();
            if !t.is_empty() {
                self.pending_title = Some(t.to_string());
            }
            self.last_can_take_title = false;
        } else if let Some(t) = strip_title(trimmed) {
            let t = t.trim().to_string();
            match self.levels.last_mut() {
                Some(last) if self.last_can_take_title => {
                    last.title = t;
                    self.last_can_take_title = false;
                }
                _ => self.pending_title = Some(t),
            }
        }
        Ok(())
    }

    /// A line that looks like a row but holds something else: say where.
    fn bad_row(&self, line_no: usize, line: &str) -> ParseError {
        let (col, ch) = line
            .chars()
            .enumerate()
            .find(|&(_, c)| !(is_cell_char(c) || c.is_ascii_digit() || c == '|'))
            .map(|(k, c)| (k + 1, c))
            .unwrap_or((1, '?'));
        let level = match (&self.level_title, self.rows.is_empty()) {
            (Some(t), false) => t.clone(),
            _ => (self.levels.len() + 1).to_string(),
        };
        ParseError::new(
            self.file,
            Some(level),
            line_no,
            col,
            format!(
                "unknown character {ch:?} in a level row (expected one of # @ + $ * . space - _)"
            ),
        )
    }

    /// Turns the rows read so far into a level.
    fn finish(&mut self) -> Result<(), ParseError> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let number = self.levels.len() + 1;
        let title = self
            .level_title
            .take()
            .unwrap_or_else(|| number.to_string());
        let level = build(std::mem::take(&mut self.rows), title, number, self.file)?;
        self.levels.push(level);
        Ok(())
    }
}

fn strip_title(line: &str) -> Option<&str> {
    let lower = line.to_ascii_lowercase();
    if lower.starts_with("title:") {
        Some(&line[6..])
    } else {
        None
    }
}

/// Expands run-length counts (`4#`) and `|` row separators of one line.
fn expand(line: &str, line_no: usize, file: &str, level: usize) -> Result<Vec<RawRow>, ParseError> {
    let mut out = vec![RawRow {
        line: line_no,
        cells: Vec::new(),
    }];
    let mut count: Option<(usize, usize)> = None; // (value, column where it started)
    for (k, ch) in line.chars().enumerate() {
        let col = k + 1;
        if let Some(d) = ch.to_digit(10) {
            let (v, start) = count.unwrap_or((0, col));
            let v = v * 10 + d as usize;
            if v > 10_000 {
                return Err(ParseError::new(
                    file,
                    Some(level.to_string()),
                    line_no,
                    start,
                    format!("run-length count {v} is too large"),
                ));
            }
            count = Some((v, start));
            continue;
        }
        if ch == '|' {
            if let Some((_, start)) = count {
                return Err(dangling(file, level, line_no, start));
            }
            end_row(out.last_mut().expect("a row"), file, level, col)?;
            out.push(RawRow {
                line: line_no,
                cells: Vec::new(),
            });
            continue;
        }
        let n = count.take().map(|(v, _)| v).unwrap_or(1);
        let row = out.last_mut().expect("a row");
        for _ in 0..n {
            row.cells.push((ch, col));
        }
    }
    if let Some((_, start)) = count {
        return Err(dangling(file, level, line_no, start));
    }
    if out.len() > 1 {
        let last_bar = line.chars().count() - line.chars().rev().take_while(|&c| c != '|').count();
        end_row(out.last_mut().expect("a row"), file, level, last_bar)?;
    }
    Ok(out)
}

/// Ends a row of a `|`-separated line: its trailing spaces are no cells (as at the end
/// of a line), and a row left with no cell at all is refused, at the `|` (column
/// `bar`) that ends or starts it: a blank row cannot be written in XSB.
fn end_row(row: &mut RawRow, file: &str, level: usize, bar: usize) -> Result<(), ParseError> {
    while row.cells.last().is_some_and(|&(ch, _)| ch == ' ') {
        row.cells.pop();
    }
    if row.cells.is_empty() {
        return Err(ParseError::new(
            file,
            Some(level.to_string()),
            row.line,
            bar,
            "an empty row between '|' separators (write floor as - or _)",
        ));
    }
    Ok(())
}

fn dangling(file: &str, level: usize, line: usize, column: usize) -> ParseError {
    ParseError::new(
        file,
        Some(level.to_string()),
        line,
        column,
        "run-length count is not followed by a cell character",
    )
}

/// Turns the rows of one level into a [`Level`], checking players and boxes.
fn build(rows: Vec<RawRow>, title: String, number: usize, file: &str) -> Result<Level, ParseError> {
    let height = rows.len();
    let width = rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
    let n = width * height;
    let mut walls = vec![false; n];
    let mut goals = vec![false; n];
    let mut boxes = Vec::new();
    let mut player: Option<(usize, usize, usize)> = None; // cell, line, column
    let err = |line: usize, column: usize, message: String| {
        ParseError::new(file, Some(title.clone()), line, column, message)
    };
    for (r, row) in rows.iter().enumerate() {
        for (c, &(ch, col)) in row.cells.iter().enumerate() {
            let i = r * width + c;
            match ch {
                '#' => walls[i] = true,
                '.' => goals[i] = true,
                '$' => boxes.push(i),
                '*' => {
                    boxes.push(i);
                    goals[i] = true;
                }
                '@' | '+' => {
                    if let Some((_, l, k)) = player {
                        return Err(err(
                            row.line,
                            col,
                            format!("a second player (the first is at line {l}, column {k})"),
                        ));
                    }
                    player = Some((i, row.line, col));
                    goals[i] = ch == '+';
                }
                _ => {}
            }
        }
    }
    let first_line = rows[0].line;
    let Some((player, _, _)) = player else {
        return Err(err(first_line, 0, "no player (@ or +) in the level".into()));
    };
    if boxes.is_empty() {
        return Err(err(first_line, 0, "no box ($ or *) in the level".into()));
    }
    let mut level = Level::new(width, height, walls, goals, boxes, player);
    level.title = title;
    level.number = number;
    level.row_lines = rows.iter().map(|r| r.line).collect();
    Ok(level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_titles_rows_and_run_lengths() {
        let text =
            "; collection\n\n; First\n\n####\n#@$.#\n####\n\nTitle: ignored?\n;2nd\n5#|#@*+#|5#\n";
        let err = parse_xsb(text, "t.xsb").unwrap_err();
        assert!(err.message.contains("second player"), "{err}");
        let text = "; First\n#####\n#@$.#\n#####\n\n;Second\n5#|#.$@#|5#\n";
        let levels = parse_xsb(text, "t.xsb").unwrap();
        assert_eq!(levels.len(), 2);
        assert_eq!(levels[0].title, "First");
        assert_eq!(levels[1].title, "Second");
        assert_eq!(levels[1].width, 5);
        assert_eq!(levels[1].height, 3);
        assert_eq!(levels[1].boxes, vec![levels[1].cell(1, 2)]);
        assert_eq!(levels[1].row_lines, vec![7, 7, 7]);
    }

    #[test]
    fn a_title_line_after_a_level_names_it() {
        let text = "#####\n#@$.#\n#####\nTitle: Tiny\n\n#####\n#.$@#\n#####\n";
        let levels = parse_xsb(text, "t.xsb").unwrap();
        assert_eq!(levels[0].title, "Tiny");
        assert_eq!(levels[1].title, "2");
    }

    #[test]
    fn unknown_characters_are_located() {
        let text = "; 1\n#####\n#@$x.#\n#####\n";
        let e = parse_xsb(text, "bad.xsb").unwrap_err();
        assert_eq!((e.line, e.column), (3, 4));
        assert!(e.to_string().starts_with("bad.xsb:3:4: level 1:"), "{e}");
    }

    #[test]
    fn missing_player_and_box_are_reported() {
        let e = parse_xsb("#####\n# $.#\n#####\n", "f").unwrap_err();
        assert!(e.message.contains("no player"));
        assert_eq!(e.line, 1);
        let e = parse_xsb("#####\n#@ .#\n#####\n", "f").unwrap_err();
        assert!(e.message.contains("no box"));
        let e = parse_xsb("; nothing here\n", "f").unwrap_err();
        assert!(e.message.contains("no level"));
        let e = parse_xsb("3#|#@$.3|5#\n", "f").unwrap_err();
        assert!(e.message.contains("run-length"), "{e}");
    }
}
