//! Inputs from the `dimacs` fuzz corpus (`fuzz/`, see fuzz/README.md),
//! minimized by hand: each reaches a distinct path of the DIMACS reader or of the
//! solver-answer readers, and is read correctly or refused with its position.

use gridsat_sat::dimacs::{SolverAnswer, parse_model, parse_solver_output, read_dimacs};

fn refused_formula(text: &str, at: &str) {
    let e = read_dimacs(text).map(|_| ()).unwrap_err();
    assert_eq!(e.to_string(), at, "{text:?}");
}

#[test]
fn formulas_are_read_or_refused_at_the_token() {
    let f = read_dimacs("p cnf 3 2\n1 -2 0\n2 3 0\n").unwrap();
    assert_eq!((f.num_vars(), f.clauses().count()), (3, 2));
    for (text, at) in [
        (
            "p cnf 2 1\n1 -3 0\n",
            "line 2, column 3: literal -3 exceeds the 2 variables of the header",
        ),
        (
            "p cnf 3 1\n1 2 0\n2 3 0\n",
            "line 3, column 5: the header announces 1 clauses but 2 were read",
        ),
        (
            "p cnf 99999999999 1\n1 0\n",
            "line 1, column 1: bad variable count '99999999999'",
        ),
        (
            "p cnf 3 2\n1 -2\n",
            "line 2, column 3: the last clause lacks its terminating 0",
        ),
        (
            "1 -2 0\n",
            "line 1, column 1: clause before the 'p cnf' line",
        ),
        (
            "p cnf 2 1\n1 x 0\n",
            "line 2, column 3: 'x' is not a literal",
        ),
    ] {
        refused_formula(text, at);
    }
}

#[test]
fn models_in_every_form_are_read() {
    let sat = SolverAnswer::Sat(vec![1, -2, 3]);
    for text in [
        "s SATISFIABLE\nv 1 -2 3 0\n",
        "s SATISFIABLE\nv 1 -2\nv 3\n",
        "SAT\n1 -2 3 0\n",
        "[1, -2, 3]",
        "v 1 -2\nv 3 0\n",
    ] {
        assert_eq!(parse_model(text).unwrap(), sat, "{text:?}");
    }
    assert_eq!(
        parse_model("[1, -2, 0]").unwrap(),
        SolverAnswer::Sat(vec![1, -2])
    );
    assert_eq!(parse_model("UNSAT\n").unwrap(), SolverAnswer::Unsat);
    // Only the competition form is a solver's standard output.
    assert_eq!(
        parse_solver_output("s UNSATISFIABLE\n", None).unwrap(),
        Some(SolverAnswer::Unsat)
    );
    assert_eq!(parse_solver_output("SAT\n1 -2 3 0\n", None).unwrap(), None);
}

#[test]
fn answers_that_are_no_models_are_refused_at_the_token() {
    // i32::MIN has no variable (its negation overflows): refused, not wrapped.
    let e = parse_model("s SATISFIABLE\nv 1 -2147483648 0\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 5), "{e}");
    assert!(e.message.contains("'-2147483648' is not a literal"), "{e}");
    let e = parse_solver_output("s MAYBE\n", None).unwrap_err();
    assert_eq!((e.line, e.column), (1, 3), "{e}");
    assert!(e.message.contains("unknown status 'MAYBE'"), "{e}");
    let e = parse_model("p cnf 3 2\n1 -2 0\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 1), "{e}");
}
