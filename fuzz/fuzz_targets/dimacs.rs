//! DIMACS formulas and solver answers: every form is read or refused with a position.
#![no_main]

use gridsat_sat::dimacs::{SolverAnswer, parse_model, parse_solver_output, read_dimacs};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(f) = read_dimacs(&text) {
        // Every literal of a formula read is within its header's variables.
        for (_, clause) in f.clauses() {
            assert!(clause.iter().all(|l| l.var().get() <= f.num_vars()));
        }
    }
    if let Ok(SolverAnswer::Sat(lits)) = parse_model(&text) {
        assert!(lits.iter().all(|&l| l != 0));
    }
    let _ = parse_solver_output(&text, Some(&text));
});
