//! Reads the course format: a first line `T`, then grid rows of space-separated `# . P B G`.

use super::error::ParseError;
use crate::model::Level;

/// True when the text looks like the course format (its first non-empty line is a number).
pub fn looks_like_course(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.chars().all(|c| c.is_ascii_digit()))
}

/// A grid row as read: its line and its cells, each with the column it came from.
type Row = (usize, Vec<(char, usize)>);

/// Parses a course-format level. The grid edge acts as a wall; goals may outnumber boxes.
pub fn parse_course(text: &str, file: &str) -> Result<Level, ParseError> {
    let err = |line: usize, column: usize, message: String| {
        ParseError::new(file, Some("1".into()), line, column, message)
    };
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
    let (t_line, t_text) = loop {
        match lines.next() {
            Some((_, l)) if l.trim().is_empty() => continue,
            Some(x) => break x,
            None => return Err(err(1, 0, "empty file (expected the move limit T)".into())),
        }
    };
    let t_trim = t_text.trim();
    let t_col = t_text.len() - t_text.trim_start().len() + 1;
    let max_moves: usize = t_trim.parse().map_err(|_| {
        err(
            t_line,
            t_col,
            format!("expected the move limit T (a non-negative integer), found {t_trim:?}"),
        )
    })?;
    let rows = read_rows(lines, &err)?;
    if rows.is_empty() {
        return Err(err(t_line, 0, "no grid after the move limit".into()));
    }
    let mut level = build(&rows, &err)?;
    level.max_moves = Some(max_moves);
    Ok(level)
}

/// Reads the grid rows after the move limit: one block of non-blank lines, every row
/// as long as the first.
fn read_rows<'a>(
    lines: impl Iterator<Item = (usize, &'a str)>,
    err: &impl Fn(usize, usize, String) -> ParseError,
) -> Result<Vec<Row>, ParseError> {
    let mut rows: Vec<Row> = Vec::new();
    let mut ended_at: Option<usize> = None;
    for (line_no, line) in lines {
        if line.trim().is_empty() {
            if !rows.is_empty() && ended_at.is_none() {
                ended_at = Some(line_no);
            }
            continue;
        }
        if let Some(blank) = ended_at {
            return Err(err(
                line_no,
                1,
                format!("text after the grid (the grid ended with the blank line {blank})"),
            ));
        }
        let cells = read_cells(line_no, line, err)?;
        if let Some((first_line, first)) = rows.first()
            && first.len() != cells.len()
        {
            return Err(err(
                line_no,
                0,
                format!(
                    "ragged grid: this row has {} cells, the first row (line {first_line}) has {}",
                    cells.len(),
                    first.len()
                ),
            ));
        }
        rows.push((line_no, cells));
    }
    Ok(rows)
}

/// The cells of one row: single characters `# . P B G` separated by whitespace.
fn read_cells(
    line_no: usize,
    line: &str,
    err: &impl Fn(usize, usize, String) -> ParseError,
) -> Result<Vec<(char, usize)>, ParseError> {
    let mut cells = Vec::new();
    let mut start: Option<usize> = None;
    let chars: Vec<char> = line.chars().collect();
    for k in 0..=chars.len() {
        let ch = chars.get(k).copied();
        match (ch, start) {
            (Some(c), None) if !c.is_whitespace() => start = Some(k),
            (Some(c), Some(_)) if !c.is_whitespace() => {}
            (_, Some(s)) => {
                let token: String = chars[s..k].iter().collect();
                if token.chars().count() != 1 || !matches!(chars[s], '#' | '.' | 'P' | 'B' | 'G') {
                    return Err(err(
                        line_no,
                        s + 1,
                        format!(
                            "unknown cell {token:?} (expected one of # . P B G, separated by spaces)"
                        ),
                    ));
                }
                cells.push((chars[s], s + 1));
                start = None;
            }
            _ => {}
        }
    }
    Ok(cells)
}

/// The level of the rows read, with one player and at least one box.
fn build(
    rows: &[Row],
    err: &impl Fn(usize, usize, String) -> ParseError,
) -> Result<Level, ParseError> {
    let height = rows.len();
    let width = rows[0].1.len();
    let mut walls = vec![false; width * height];
    let mut goals = vec![false; width * height];
    let mut boxes = Vec::new();
    let mut player: Option<(usize, usize, usize)> = None;
    for (r, (line_no, cells)) in rows.iter().enumerate() {
        for (c, &(ch, col)) in cells.iter().enumerate() {
            let i = r * width + c;
            match ch {
                '#' => walls[i] = true,
                'G' => goals[i] = true,
                'B' => boxes.push(i),
                'P' => {
                    if let Some((_, l, k)) = player {
                        return Err(err(
                            *line_no,
                            col,
                            format!("a second player P (the first is at line {l}, column {k})"),
                        ));
                    }
                    player = Some((i, *line_no, col));
                }
                _ => {}
            }
        }
    }
    let first_line = rows[0].0;
    let Some((player, _, _)) = player else {
        return Err(err(first_line, 0, "no player P in the grid".into()));
    };
    if boxes.is_empty() {
        return Err(err(first_line, 0, "no box B in the grid".into()));
    }
    let mut level = Level::new(width, height, walls, goals, boxes, player);
    level.row_lines = rows.iter().map(|r| r.0).collect();
    Ok(level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_course_level() {
        let l = parse_course("7\nP . B . G\n# # . # G\n", "c.txt").unwrap();
        assert_eq!(l.max_moves, Some(7));
        assert_eq!((l.width, l.height), (5, 2));
        assert_eq!(l.player, 0);
        assert_eq!(l.boxes, vec![2]);
        assert_eq!(l.goal_count(), 2);
        assert!(l.walls[5]);
        assert!(looks_like_course("\n 12\nP B G\n"));
        assert!(!looks_like_course("; 1\n####\n"));
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse_course("x\nP B G\n", "c").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = parse_course("3\nP B G\n. X .\n", "c").unwrap_err();
        assert_eq!((e.line, e.column), (3, 3));
        assert!(e.message.contains("unknown cell"));
        let e = parse_course("3\nP B G\n. .\n", "c").unwrap_err();
        assert!(e.message.contains("ragged"), "{e}");
        assert_eq!(e.line, 3);
        let e = parse_course("3\nP B G P\n", "c").unwrap_err();
        assert!(e.message.contains("second player"));
        assert_eq!(e.column, 7);
        let e = parse_course("3\n. . G\n", "c").unwrap_err();
        assert!(e.message.contains("no player"));
        let e = parse_course("3\nP . G\n", "c").unwrap_err();
        assert!(e.message.contains("no box"));
        let e = parse_course("3\nP B G\n\nP\n", "c").unwrap_err();
        assert!(e.message.contains("after the grid"));
        let e = parse_course("3\nPB G\n", "c").unwrap_err();
        assert!(e.message.contains("\"PB\""), "{e}");
    }
}
