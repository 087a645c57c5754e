//! Reads what SAT solvers answer: competition output or MiniSat's result file.

/// A solver's verdict with its model (the true and false literals it printed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverAnswer {
    /// Satisfiable, with the literals of the model.
    Sat(Vec<i32>),
    /// Unsatisfiable.
    Unsat,
    /// No verdict (limit reached).
    Unknown,
}

/// Reads a solver's standard output (`s SATISFIABLE` and `v …` lines) or, when it has
/// no `s` line, MiniSat's result file (`SAT` then the literals, or `UNSAT`).
/// `Ok(None)` means neither says anything.
pub fn parse_solver_output(
    stdout: &str,
    result_file: Option<&str>,
) -> Result<Option<SolverAnswer>, String> {
    if let Some(a) = parse_competition(stdout)? {
        return Ok(Some(a));
    }
    match result_file {
        Some(text) => parse_result_file(text),
        None => Ok(None),
    }
}

/// Reads a model in any of the forms solvers write: competition output, a MiniSat
/// result file, or a bare list of literals.
pub fn parse_model(text: &str) -> Result<SolverAnswer, String> {
    if let Some(a) = parse_competition(text)? {
        return Ok(a);
    }
    if let Some(a) = parse_result_file(text)? {
        return Ok(a);
    }
    let mut lits = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('c') {
            continue;
        }
        for tok in line.split_whitespace() {
            let n: i32 = tok
                .parse()
                .map_err(|_| format!("line {}: '{tok}' is not a literal", ln + 1))?;
            if n != 0 {
                lits.push(n);
            }
        }
    }
    if lits.is_empty() {
        return Err("no model found (expected 's SATISFIABLE' and 'v' lines, a MiniSat result file, or literals)".into());
    }
    Ok(SolverAnswer::Sat(lits))
}

fn parse_competition(text: &str) -> Result<Option<SolverAnswer>, String> {
    let mut status = None;
    let mut lits = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if let Some(s) = line.strip_prefix("s ") {
            status = Some(match s.trim() {
                "SATISFIABLE" => true,
                "UNSATISFIABLE" => return Ok(Some(SolverAnswer::Unsat)),
                "UNKNOWN" | "INDETERMINATE" => return Ok(Some(SolverAnswer::Unknown)),
                other => return Err(format!("answered an unknown status '{other}'")),
            });
        } else if let Some(v) = line.strip_prefix('v') {
            for tok in v.split_whitespace() {
                let n: i32 = tok
                    .parse()
                    .map_err(|_| format!("wrote '{tok}' in a 'v' line (line {})", ln + 1))?;
                if n != 0 {
                    lits.push(n);
                }
            }
        }
    }
    match status {
        Some(_) if lits.is_empty() => Err("said SATISFIABLE but printed no 'v' lines".into()),
        Some(_) => Ok(Some(SolverAnswer::Sat(lits))),
        None => Ok(None),
    }
}

fn parse_result_file(text: &str) -> Result<Option<SolverAnswer>, String> {
    let mut words = text.split_whitespace();
    match words.next() {
        Some("SAT") => {
            let lits = words
                .map(|t| {
                    t.parse::<i32>()
                        .map_err(|_| format!("wrote '{t}' in its result file"))
                })
                .filter(|r| !matches!(r, Ok(0)))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Some(SolverAnswer::Sat(lits)))
        }
        Some("UNSAT") => Ok(Some(SolverAnswer::Unsat)),
        Some("INDET") | Some("INDETERMINATE") => Ok(Some(SolverAnswer::Unknown)),
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_answer_forms_are_understood() {
        let comp = "c hello\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
        assert_eq!(
            parse_solver_output(comp, None),
            Ok(Some(SolverAnswer::Sat(vec![1, -2, 3])))
        );
        assert_eq!(
            parse_solver_output("s UNSATISFIABLE\n", None),
            Ok(Some(SolverAnswer::Unsat))
        );
        let minisat_stdout = "SATISFIABLE\n";
        assert_eq!(
            parse_solver_output(minisat_stdout, Some("SAT\n-1 2 0\n")),
            Ok(Some(SolverAnswer::Sat(vec![-1, 2])))
        );
        assert_eq!(
            parse_solver_output("", Some("UNSAT\n")),
            Ok(Some(SolverAnswer::Unsat))
        );
        assert_eq!(parse_solver_output("", None), Ok(None));
        assert!(parse_solver_output("s SATISFIABLE\n", None).is_err());
        assert_eq!(
            parse_model("1 -2 3 0\n"),
            Ok(SolverAnswer::Sat(vec![1, -2, 3]))
        );
        assert!(parse_model("hello\n").is_err());
    }
}
