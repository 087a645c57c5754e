//! Reads XSB collections: levels separated by blank lines, titles from `;` or `Title:` lines.

use crate::error::ParseError;
use crate::level::Level;

/// Characters that may appear in an XSB row (besides run-length digits and `|`).
fn is_cell_char(c: char) -> bool {
    matches!(c, '#' | '@' | '+' | '$' | '*' | '.' | ' ' | '-' | '_')
}

/// True when the (right-trimmed) line is a level row.
fn is_row(line: &str) -> bool {
    line.chars()
        .all(|c| is_cell_char(c) || c.is_ascii_digit() || c == '|')
        && line
            .chars()
            .any(|c| matches!(c, '#' | '@' | '+' | '$' | '*' | '.'))
}

/// A row as read: its line number and the cells with the column each came from.
struct RawRow {
    line: usize,
    cells: Vec<(char, usize)>,
}

/// Parses every level of an XSB text. `file` names the input in error messages.
pub fn parse_xsb(text: &str, file: &str) -> Result<Vec<Level>, ParseError> {
    let mut levels = Vec::new();
    let mut pending_title: Option<String> = None;
    let mut rows: Vec<RawRow> = Vec::new();
    let mut level_title: Option<String> = None;
    // Whether the last finished level may still take a `Title:` line that follows it.
    let mut last_can_take_title = false;

    let finish = |rows: &mut Vec<RawRow>,
                  title: Option<String>,
                  levels: &mut Vec<Level>|
     -> Result<(), ParseError> {
        if rows.is_empty() {
            return Ok(());
        }
        let number = levels.len() + 1;
        let title = title.unwrap_or_else(|| number.to_string());
        let level = build(std::mem::take(rows), title, number, file)?;
        levels.push(level);
        Ok(())
    };

    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim_end();
        if !line.is_empty() && is_row(line) {
            if rows.is_empty() {
                level_title = pending_title.take();
            }
            rows.extend(expand(line, line_no, file, levels.len() + 1)?);
            continue;
        }
        let trimmed = line.trim_start();
        if trimmed.starts_with('#') {
            // Looks like a row but holds something else: say where.
            let (col, ch) = line
                .chars()
                .enumerate()
                .find(|&(_, c)| !(is_cell_char(c) || c.is_ascii_digit() || c == '|'))
                .map(|(k, c)| (k + 1, c))
                .unwrap_or((1, '?'));
            return Err(ParseError {
                file: file.to_string(),
                level: Some(match (&level_title, rows.is_empty()) {
                    (Some(t), false) => t.clone(),
                    _ => (levels.len() + 1).to_string(),
                }),
                line: line_no,
                column: col,
                message: format!(
                    "unknown character {ch:?} in a level row (expected one of # @ + $ * . space - _)"
                ),
            });
        }
        // Anything else ends the current level.
        if !rows.is_empty() {
            finish(&mut rows, level_title.take(), &mut levels)?;
            last_can_take_title = true;
        }
        if let Some(c) = trimmed.strip_prefix(';') {
            let t = c.trim();
            if !t.is_empty() {
                pending_title = Some(t.to_string());
            }
            last_can_take_title = false;
        } else if let Some(t) = strip_title(trimmed) {
            let t = t.trim().to_string();
            if last_can_take_title && !levels.is_empty() {
                levels.last_mut().expect("a level").title = t;
                last_can_take_title = false;
            } else {
                pending_title = Some(t);
            }
        }
    }
    finish(&mut rows, level_title.take(), &mut levels)?;
    if levels.is_empty() {
        return Err(ParseError {
            file: file.to_string(),
            level: None,
            line: text.lines().count().max(1),
            column: 0,
            message: "no level found (expected XSB rows made of # @ + $ * . and spaces)".into(),
        });
    }
    Ok(levels)
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
                return Err(ParseError {
                    file: file.to_string(),
                    level: Some(level.to_string()),
                    line: line_no,
                    column: start,
                    message: format!("run-length count {v} is too large"),
                });
            }
            count = Some((v, start));
            continue;
        }
        if ch == '|' {
            if let Some((_, start)) = count {
                return Err(dangling(file, level, line_no, start));
            }
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
    Ok(out)
}

fn dangling(file: &str, level: usize, line: usize, column: usize) -> ParseError {
    ParseError {
        file: file.to_string(),
        level: Some(level.to_string()),
        line,
        column,
        message: "run-length count is not followed by a cell character".into(),
    }
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
    let err = |line: usize, column: usize, message: String| ParseError {
        file: file.to_string(),
        level: Some(title.clone()),
        line,
        column,
        message,
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
    boxes.sort_unstable();
    Ok(Level {
        title,
        number,
        width,
        height,
        walls,
        goals,
        boxes,
        player,
        max_moves: None,
        row_lines: rows.iter().map(|r| r.line).collect(),
    })
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
