//! Reads DIMACS CNF with precise error positions.

use crate::formula::Formula;
use crate::lit::Lit;
use std::fmt;

/// A syntax error in a DIMACS file, with its 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DimacsError {
    /// Line of the offending token.
    pub line: usize,
    /// Column (in characters) of the offending token.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for DimacsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for DimacsError {}

fn err(line: usize, column: usize, message: impl Into<String>) -> DimacsError {
    DimacsError {
        line,
        column,
        message: message.into(),
    }
}

/// Parses DIMACS CNF text into a formula whose variables form one block `v` and whose
/// clauses form one family `input`. Comment lines (`c …`) may appear anywhere; clauses
/// may span lines; the header counts are checked.
pub fn read_dimacs(text: &str) -> Result<Formula, DimacsError> {
    let mut header: Option<(u32, usize)> = None;
    let mut reader = Clauses::default();
    for (ln, line) in text.lines().enumerate() {
        let ln = ln + 1;
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('c') || trimmed.starts_with('%') {
            continue;
        }
        if trimmed.starts_with('p') {
            let col = line.len() - trimmed.len() + 1;
            if header.is_some() {
                return Err(err(ln, col, "a second 'p' line"));
            }
            header = Some(parse_header(trimmed, ln, col)?);
            continue;
        }
        let Some((vars, _)) = header else {
            return Err(err(ln, 1, "clause before the 'p cnf' line"));
        };
        reader.read_line(line, ln, vars)?;
    }
    let Some((vars, count)) = header else {
        return Err(err(1, 1, "no 'p cnf' line"));
    };
    let (line, column) = reader.last_pos;
    if !reader.current.is_empty() {
        return Err(err(line, column, "the last clause lacks its terminating 0"));
    }
    if reader.clauses.len() != count {
        let read = reader.clauses.len();
        return Err(err(
            line,
            column,
            format!("the header announces {count} clauses but {read} were read"),
        ));
    }
    let mut f = Formula::new();
    f.new_block("v", &[vars]);
    let fam = f.family("input");
    for c in &reader.clauses {
        f.add_clause(fam, c);
    }
    Ok(f)
}

/// `p cnf VARIABLES CLAUSES` → the two counts.
fn parse_header(trimmed: &str, ln: usize, col: usize) -> Result<(u32, usize), DimacsError> {
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    if words.len() != 4 || words[0] != "p" || words[1] != "cnf" {
        return Err(err(ln, col, "expected 'p cnf VARIABLES CLAUSES'"));
    }
    let vars = words[2]
        .parse::<u32>()
        .ok()
        .filter(|&v| v < i32::MAX as u32)
        .ok_or_else(|| err(ln, col, format!("bad variable count '{}'", words[2])))?;
    let clauses = words[3]
        .parse::<usize>()
        .map_err(|_| err(ln, col, format!("bad clause count '{}'", words[3])))?;
    Ok((vars, clauses))
}

/// The clauses read so far, the one being read, and where the last token was.
#[derive(Default)]
struct Clauses {
    clauses: Vec<Vec<Lit>>,
    current: Vec<Lit>,
    last_pos: (usize, usize),
}

impl Clauses {
    fn read_line(&mut self, line: &str, ln: usize, vars: u32) -> Result<(), DimacsError> {
        let mut rest = line;
        let mut col0 = 0usize;
        while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
            let tail = &rest[start..];
            let end = tail.find(char::is_whitespace).unwrap_or(tail.len());
            let token = &tail[..end];
            let column = col0 + rest[..start].chars().count() + 1;
            self.last_pos = (ln, column);
            let n: i64 = token
                .parse()
                .map_err(|_| err(ln, column, format!("'{token}' is not a literal")))?;
            if n == 0 {
                self.clauses.push(std::mem::take(&mut self.current));
            } else if n.unsigned_abs() > vars as u64 {
                return Err(err(
                    ln,
                    column,
                    format!("literal {n} exceeds the {vars} variables of the header"),
                ));
            } else {
                self.current.push(Lit::from_dimacs(n as i32));
            }
            col0 = column - 1 + token.chars().count();
            rest = &tail[end..];
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dimacs::{WriteOptions, write_formula};

    #[test]
    fn written_formulas_read_back_identically() {
        let mut f = Formula::new();
        let x = f.new_named_block("x", &[3, 2], |i| format!("x{}{}", i[0], i[1]));
        let a = f.family("first family");
        let b = f.family("second family");
        f.add_clause(a, &[x.var(&[0, 0]).pos(), x.var(&[2, 1]).neg()]);
        f.add_clause(b, &[x.var(&[1, 1]).neg()]);
        f.add_clause(
            a,
            &[
                x.var(&[1, 0]).pos(),
                x.var(&[0, 1]).pos(),
                x.var(&[2, 0]).neg(),
            ],
        );
        let mut out = Vec::new();
        let opts = WriteOptions {
            header: vec!["test".into()],
            variable_names: true,
        };
        write_formula(&mut out, &f, &opts).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("c var 6 x21"));
        assert!(text.contains("c   second family: 1 clauses"));
        let g = read_dimacs(&text).unwrap();
        assert_eq!(g.num_vars(), f.num_vars());
        let fc: Vec<&[Lit]> = f.clauses().map(|(_, c)| c).collect();
        let gc: Vec<&[Lit]> = g.clauses().map(|(_, c)| c).collect();
        assert_eq!(fc, gc);
    }

    #[test]
    fn errors_point_at_the_token() {
        let e = read_dimacs("p cnf 2 1\n1 x 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        let e = read_dimacs("p cnf 2 1\n1 3 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        assert!(e.message.contains("exceeds"));
        let e = read_dimacs("p cnf 2 2\n1 2 0\n").unwrap_err();
        assert!(e.message.contains("announces 2 clauses"));
        let e = read_dimacs("1 2 0\n").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(read_dimacs("c only\n").is_err());
        assert!(read_dimacs("p cnf 2 1\n1 2\n").is_err());
        let ok = read_dimacs("c x\np cnf 3 2\n1 -2\n 3 0 -1 0\n").unwrap();
        assert_eq!(ok.num_clauses(), 2);
        assert_eq!(ok.clause(0).len(), 3);
    }
}
