//! Reads what SAT solvers answer: competition output (`s` and `v` lines, or `v` lines
//! alone), MiniSat's result file, a bare list of literals, or a Python list as PySAT's
//! `solver.get_model()` prints it.

use std::fmt;

/// A solver's verdict with its model (the true and false literals it printed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverAnswer {
    /// Satisfiable, with the literals of the model (possibly none: `v 0`).
    Sat(Vec<i32>),
    /// Unsatisfiable.
    Unsat,
    /// No verdict (limit reached).
    Unknown,
}

/// Why an answer could not be read: where (1-based line and column) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerError {
    /// Line of the offending text (0 when the problem is the text as a whole).
    pub line: usize,
    /// Column (in characters) of the offending text.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: ", self.line, self.column)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for AnswerError {}

fn error(line: usize, column: usize, message: impl Into<String>) -> AnswerError {
    AnswerError {
        line,
        column,
        message: message.into(),
    }
}

/// Reads a solver's standard output (`s SATISFIABLE` and `v …` lines) or, when it has
/// no `s` line, MiniSat's result file (`SAT` then the literals, or `UNSAT`).
/// `Ok(None)` means neither says anything.
pub fn parse_solver_output(
    stdout: &str,
    result_file: Option<&str>,
) -> Result<Option<SolverAnswer>, AnswerError> {
    if let Some(a) = parse_competition(stdout)? {
        return Ok(Some(a));
    }
    match result_file {
        Some(text) => parse_result_file(text),
        None => Ok(None),
    }
}

/// Reads a model in any of the forms people have: competition output (with or without
/// the `s` line), a MiniSat result file, a bare list of literals (`0` ends it and may be
/// left out), or a Python list such as `[1, -2, 3]`. `c` lines are comments.
pub fn parse_model(text: &str) -> Result<SolverAnswer, AnswerError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Some(a) = parse_competition(text)? {
        return Ok(a);
    }
    if let Some(a) = parse_result_file(text)? {
        return Ok(a);
    }
    let mut lits = Vec::new();
    let mut seen_token = false;
    for (ln, line) in text.lines().enumerate() {
        if is_comment(line) {
            continue;
        }
        for (col, tok) in tokens(line, ",[]") {
            seen_token = true;
            lits.push(literal(tok, ln + 1, col)?);
        }
    }
    if !seen_token {
        return Err(error(
            0,
            0,
            "no model found: expected 's SATISFIABLE' and 'v' lines, 'v' lines alone, a \
             MiniSat result file (SAT, then literals), bare literals, or a list such as [1, -2, 3]",
        ));
    }
    lits.retain(|&l| l != 0);
    Ok(SolverAnswer::Sat(lits))
}

fn is_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('c') || t.starts_with('#')
}

/// The whitespace-separated tokens of `line` (also split at `seps`), with their 1-based
/// character columns.
fn tokens<'a>(line: &'a str, seps: &'a str) -> impl Iterator<Item = (usize, &'a str)> + 'a {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (col, (byte, ch)) in line.char_indices().enumerate() {
        let sep = ch.is_whitespace() || seps.contains(ch);
        match (sep, start) {
            (true, Some((b, c))) => {
                out.push((c + 1, &line[b..byte]));
                start = None;
            }
            (false, None) => start = Some((byte, col)),
            _ => {}
        }
    }
    if let Some((b, c)) = start {
        out.push((c + 1, &line[b..]));
    }
    out.into_iter()
}

fn literal(tok: &str, line: usize, column: usize) -> Result<i32, AnswerError> {
    tok.parse::<i32>()
        .ok()
        .filter(|&n| n != i32::MIN)
        .ok_or_else(|| {
            error(
                line,
                column,
                format!("'{tok}' is not a literal (a non-zero integer)"),
            )
        })
}

fn parse_competition(text: &str) -> Result<Option<SolverAnswer>, AnswerError> {
    let mut status = None;
    let mut lits = Vec::new();
    let mut v_lines = false;
    for (ln, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if let Some(s) = line.strip_prefix("s ") {
            status = Some(match s.trim() {
                "SATISFIABLE" => true,
                "UNSATISFIABLE" => return Ok(Some(SolverAnswer::Unsat)),
                "UNKNOWN" | "INDETERMINATE" => return Ok(Some(SolverAnswer::Unknown)),
                other => {
                    return Err(error(
                        ln + 1,
                        3,
                        format!(
                            "unknown status '{other}' (expected SATISFIABLE, UNSATISFIABLE or UNKNOWN)"
                        ),
                    ));
                }
            });
        } else if let Some(v) = line
            .strip_prefix('v')
            .filter(|v| v.is_empty() || v.starts_with(' '))
        {
            v_lines = true;
            for (col, tok) in tokens(v, "") {
                lits.push(literal(tok, ln + 1, col + 1)?);
            }
        }
    }
    lits.retain(|&l| l != 0);
    match (status, v_lines) {
        (Some(_), false) => Err(error(0, 0, "said SATISFIABLE but printed no 'v' lines")),
        (_, true) => Ok(Some(SolverAnswer::Sat(lits))),
        (None, false) => Ok(None),
    }
}

fn parse_result_file(text: &str) -> Result<Option<SolverAnswer>, AnswerError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((first_ln, first)) = lines.next() else {
        return Ok(None);
    };
    match first.trim() {
        "SAT" => {
            let mut lits = Vec::new();
            for (ln, line) in lines {
                for (col, tok) in tokens(line, "") {
                    lits.push(literal(tok, ln + 1, col)?);
                }
            }
            lits.retain(|&l| l != 0);
            Ok(Some(SolverAnswer::Sat(lits)))
        }
        "UNSAT" => Ok(Some(SolverAnswer::Unsat)),
        "INDET" | "INDETERMINATE" => Ok(Some(SolverAnswer::Unknown)),
        _ => {
            let _ = first_ln;
            Ok(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solver_output_forms_are_understood() {
        let comp = "c hello\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
        assert_eq!(
            parse_solver_output(comp, None),
            Ok(Some(SolverAnswer::Sat(vec![1, -2, 3])))
        );
        assert_eq!(
            parse_solver_output("s UNSATISFIABLE\n", None),
            Ok(Some(SolverAnswer::Unsat))
        );
        assert_eq!(
            parse_solver_output("SATISFIABLE\n", Some("SAT\n-1 2 0\n")),
            Ok(Some(SolverAnswer::Sat(vec![-1, 2])))
        );
        assert_eq!(
            parse_solver_output("", Some("UNSAT\n")),
            Ok(Some(SolverAnswer::Unsat))
        );
        assert_eq!(parse_solver_output("", None), Ok(None));
        assert!(parse_solver_output("s SATISFIABLE\n", None).is_err());
    }

    #[test]
    fn every_model_form_people_have_is_read() {
        let sat = |v: &[i32]| Ok(SolverAnswer::Sat(v.to_vec()));
        assert_eq!(parse_model("1 -2 3 0\n"), sat(&[1, -2, 3]));
        assert_eq!(parse_model("1 -2 3\n"), sat(&[1, -2, 3]));
        assert_eq!(parse_model("v 1 -2\nv 3 0\n"), sat(&[1, -2, 3]));
        assert_eq!(parse_model("s SATISFIABLE\nv 0\n"), sat(&[]));
        assert_eq!(parse_model("v 0\n"), sat(&[]));
        assert_eq!(parse_model("SAT\n1 -2 3 0\n"), sat(&[1, -2, 3]));
        assert_eq!(parse_model("[1, -2, 3]\n"), sat(&[1, -2, 3]));
        assert_eq!(parse_model("[1, -2,\n 3]"), sat(&[1, -2, 3]));
        assert_eq!(parse_model("\u{feff}c model\n1 2\n"), sat(&[1, 2]));
        assert_eq!(parse_model("UNSAT\n"), Ok(SolverAnswer::Unsat));
        assert_eq!(parse_model("s UNSATISFIABLE\n"), Ok(SolverAnswer::Unsat));
    }

    #[test]
    fn bad_models_name_line_and_column() {
        let e = parse_model("1 2\n3 x4\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        assert_eq!(
            e.to_string(),
            "2:3: 'x4' is not a literal (a non-zero integer)"
        );
        let e = parse_model("v 1 -2\nv 3 y\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 5));
        assert!(
            parse_model("\n\n")
                .unwrap_err()
                .to_string()
                .contains("no model found")
        );
        assert!(parse_model("hello\n").is_err());
        let e = parse_model("s MAYBE\n").unwrap_err();
        assert!(e.to_string().contains("unknown status 'MAYBE'"));
    }
}
