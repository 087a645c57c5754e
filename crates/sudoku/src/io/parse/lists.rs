//! Puzzles written as lists, as programs print them: a Python or JSON list of rows
//! (`[[5, 3, 0, …], [6, 0, 0, …], …]`), a list of such puzzles, or one flat list of N²
//! values; values are integers (0 = blank), one-symbol strings, or `None`/`null`.

use super::{ParseError, ParseOptions, ParsedPuzzle, err, parse_puzzles};
use serde_json::Value;

/// True when `line` (the first that is neither blank nor a comment) opens a list.
pub fn looks_like_list(line: &str) -> bool {
    line.trim_start().starts_with('[')
}

/// The text as JSON: Python's single quotes, `None`, `True`/`False` and trailing commas
/// made JSON, keeping every character's position (so errors keep their line and
/// column).
fn as_json(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut quote: Option<char> = None;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match (quote, c) {
            (Some(q), _) if c == q => {
                quote = None;
                out.push('"');
            }
            (Some(_), _) => out.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                out.push('"');
            }
            (None, ',') if next_non_blank(&chars, i + 1) == Some(']') => out.push(' '),
            (None, 'N') if chars[i..].starts_with(&['N', 'o', 'n', 'e']) => {
                out.push_str("null");
                i += 3;
            }
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

fn next_non_blank(chars: &[char], from: usize) -> Option<char> {
    chars[from..].iter().copied().find(|c| !c.is_whitespace())
}

/// 1-based line and column of byte offset `at` in `text`.
fn position(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Reads every list of `text` (one after another, like JSON Lines) as puzzles.
pub(super) fn parse_lists(
    text: &str,
    opts: &ParseOptions,
) -> Vec<Result<ParsedPuzzle, ParseError>> {
    let json = as_json(text);
    let mut out = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(&json).into_iter::<Value>();
    loop {
        let start = stream.byte_offset();
        let skipped = json[start..].len() - json[start..].trim_start().len();
        let (line, column) = position(&json, start + skipped);
        match stream.next() {
            None => break,
            Some(Err(e)) => {
                let message = format!("invalid list: {e}")
                    .replace(&format!(" at line {} column {}", e.line(), e.column()), "");
                out.push(Err(err(e.line(), e.column().max(1), message)));
                break;
            }
            Some(Ok(v)) => out.extend(puzzles_of(&v, opts, line, column)),
        }
    }
    out
}

/// The puzzles of one list: a list of puzzles (lists of rows) or one puzzle.
fn puzzles_of(
    v: &Value,
    opts: &ParseOptions,
    line: usize,
    column: usize,
) -> Vec<Result<ParsedPuzzle, ParseError>> {
    let nested = |x: &Value| x.as_array().is_some_and(|a| a.iter().all(Value::is_array));
    match v.as_array() {
        Some(items) if !items.is_empty() && items.iter().all(nested) => items
            .iter()
            .map(|p| one_puzzle(p, opts, line, column))
            .collect(),
        _ => vec![one_puzzle(v, opts, line, column)],
    }
}

/// One puzzle: a list of N rows of N values, or a flat list of N² values.
fn one_puzzle(
    v: &Value,
    opts: &ParseOptions,
    line: usize,
    column: usize,
) -> Result<ParsedPuzzle, ParseError> {
    let bad = |m: &str| err(line, column, m.to_string());
    let items = v.as_array().ok_or_else(|| bad("expected a list of rows"))?;
    let rows: Vec<Vec<&Value>> = if items.iter().all(Value::is_array) {
        items
            .iter()
            .map(|r| r.as_array().map(|a| a.iter().collect()).unwrap_or_default())
            .collect()
    } else {
        vec![items.iter().collect()]
    };
    let mut text = String::new();
    for row in &rows {
        let cells: Result<Vec<String>, ParseError> =
            row.iter().map(|x| cell_text(x, &bad)).collect();
        text.push_str(&cells?.join(" "));
        text.push('\n');
    }
    let mut ps = parse_puzzles(&text, opts);
    let p = ps.next().ok_or_else(|| bad("an empty list is no puzzle"))?;
    let mut p = p.map_err(|e| err(line, column, format!("in this list: {}", e.message())))?;
    if ps.next().is_some() {
        return Err(bad("this list holds more than one puzzle"));
    }
    p.line = line;
    Ok(p)
}

/// A value as the text of one cell: integers as they are, `null` as a blank, a string
/// as its one symbol (an empty string is a blank).
fn cell_text(x: &Value, bad: &dyn Fn(&str) -> ParseError) -> Result<String, ParseError> {
    match x {
        Value::Null => Ok("0".into()),
        Value::Number(k) if k.is_u64() => Ok(k.to_string()),
        Value::String(s) if s.trim().is_empty() => Ok(".".into()),
        Value::String(s) if s.trim().chars().count() == 1 || s.trim().parse::<u32>().is_ok() => {
            Ok(s.trim().to_string())
        }
        other => Err(bad(&format!(
            "{other} is not a cell value (an integer, 0 or null for blank, or one symbol)"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_lists_of_rows_read_as_puzzles() {
        let rows: Vec<String> = (0..4)
            .map(|r| {
                let v: Vec<String> = (0..4)
                    .map(|c| ((r * 2 + r / 2 + c) % 4 + 1).to_string())
                    .collect();
                format!("[{}]", v.join(", "))
            })
            .collect();
        let one = format!("[{}]", rows.join(",\n "));
        let got = parse_lists(&one, &ParseOptions::default());
        let p = got[0].as_ref().unwrap();
        assert_eq!(p.grid.n(), 4);
        assert!(p.grid.is_full());
        let py = "[['1', '.', None, 4], [0,0,0,0], [0,0,0,0], [0,0,0,0],]";
        let got = parse_lists(py, &ParseOptions::default());
        let p = got[0].as_ref().unwrap();
        assert_eq!(
            (p.grid.get(0, 0), p.grid.get(0, 1), p.grid.get(0, 3)),
            (1, 0, 4)
        );
        let two = format!("[{one}, {one}]");
        assert_eq!(parse_lists(&two, &ParseOptions::default()).len(), 2);
        let e = parse_lists("[[1, 2, 3]", &ParseOptions::default())[0]
            .clone()
            .unwrap_err();
        assert!(e.message().contains("invalid list"), "{e}");
    }
}
