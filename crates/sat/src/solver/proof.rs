//! One-shot solving with a clausal proof: CaDiCaL, through its C interface, writes a
//! DRAT proof in the text format while it solves, so that an "unsatisfiable" can be
//! checked by any DRAT checker without trusting gridsat or CaDiCaL.
//!
//! The `cadical` crate links CaDiCaL's C interface (`ccadical.h`) but binds only part of
//! it; the few functions needed here are declared below and resolve against the same
//! library.

use super::SolverError;
use crate::budget::Budget;
use crate::lit::Lit;
use std::ffi::{CString, c_char, c_int, c_void};
use std::path::Path;

unsafe extern "C" {
    fn ccadical_init() -> *mut c_void;
    fn ccadical_release(ptr: *mut c_void);
    fn ccadical_add(ptr: *mut c_void, lit: c_int);
    fn ccadical_solve(ptr: *mut c_void) -> c_int;
    fn ccadical_val(ptr: *mut c_void, lit: c_int) -> c_int;
    fn ccadical_set_option(ptr: *mut c_void, name: *const c_char, val: c_int);
    fn ccadical_trace_proof(ptr: *mut c_void, file: *mut libc::FILE, name: *const c_char) -> c_int;
    fn ccadical_close_proof(ptr: *mut c_void);
    fn ccadical_set_terminate(
        ptr: *mut c_void,
        state: *mut c_void,
        terminate: Option<extern "C" fn(*mut c_void) -> c_int>,
    );
}

/// What a proof-writing solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofOutcome {
    /// Unsatisfiable: the proof file holds a DRAT refutation (ending in the empty clause).
    Unsat,
    /// Satisfiable, with the model (`model[v.index()]`); the proof file is meaningless.
    Sat(Vec<bool>),
    /// The budget ran out first.
    Unknown,
}

/// A CaDiCaL instance owned through its C interface.
struct Raw(*mut c_void);

impl Drop for Raw {
    fn drop(&mut self) {
        // SAFETY: the pointer came from ccadical_init and is released once.
        unsafe { ccadical_release(self.0) }
    }
}

extern "C" fn terminate(state: *mut c_void) -> c_int {
    // SAFETY: `state` is the `&Budget` passed to ccadical_set_terminate below, alive for
    // the whole solve call.
    let budget = unsafe { &*(state as *const Budget) };
    c_int::from(budget.stopped())
}

/// Solves the formula of `num_vars` variables and `clauses` once, writing a text DRAT
/// proof to `proof` (created or truncated) as it goes, within `budget`.
pub fn solve_with_proof<'a>(
    num_vars: u32,
    clauses: impl Iterator<Item = &'a [Lit]>,
    proof: &Path,
    budget: &Budget,
) -> Result<ProofOutcome, SolverError> {
    let file = std::fs::File::create(proof).map_err(proof_error(proof))?;
    solve_with_proof_into(num_vars, clauses, file, proof, budget)
}

fn proof_error(proof: &Path) -> impl Fn(std::io::Error) -> SolverError + '_ {
    move |source| SolverError::Io {
        context: format!("writing the proof {}", proof.display()),
        source,
    }
}

/// Clauses handed to CaDiCaL between two looks at the budget while a formula loads.
const LOAD_CHECK: usize = 1 << 16;

/// [`solve_with_proof`] into a file already open for writing (`name`: its path, for
/// messages): certificates create theirs exclusively, never through a symlink.
pub fn solve_with_proof_into<'a>(
    num_vars: u32,
    clauses: impl Iterator<Item = &'a [Lit]>,
    proof: std::fs::File,
    name: &Path,
    budget: &Budget,
) -> Result<ProofOutcome, SolverError> {
    use std::os::fd::IntoRawFd;
    let io = proof_error(name);
    let path = CString::new(name.as_os_str().as_encoded_bytes())
        .map_err(|_| io(std::io::Error::other("a NUL byte in the path")))?;
    let fd = proof.into_raw_fd();
    // SAFETY: plain C calls on a solver created here and a stream opened here on a
    // descriptor this function owns (fclose closes it); the solver is released (Raw's
    // drop) before the stream is closed.
    unsafe {
        let file = libc::fdopen(fd, c"w".as_ptr());
        if file.is_null() {
            let e = std::io::Error::last_os_error();
            libc::close(fd);
            return Err(io(e));
        }
        let outcome = {
            let raw = Raw(ccadical_init());
            ccadical_set_option(raw.0, c"binary".as_ptr(), 0);
            ccadical_trace_proof(raw.0, file, path.as_ptr());
            // Loading a large formula takes CaDiCaL seconds of its own: the budget is
            // asked between clauses too, not only while it searches.
            let mut stopped = false;
            for (i, clause) in clauses.enumerate() {
                if i % LOAD_CHECK == 0 && budget.stopped() {
                    stopped = true;
                    break;
                }
                for l in clause {
                    ccadical_add(raw.0, l.to_dimacs());
                }
                ccadical_add(raw.0, 0);
            }
            let answer = if stopped {
                0
            } else {
                let state = budget as *const Budget as *mut c_void;
                ccadical_set_terminate(raw.0, state, Some(terminate));
                let answer = ccadical_solve(raw.0);
                ccadical_set_terminate(raw.0, std::ptr::null_mut(), None);
                answer
            };
            let outcome = match answer {
                10 => ProofOutcome::Sat(
                    (1..=num_vars as c_int)
                        .map(|v| ccadical_val(raw.0, v) > 0)
                        .collect(),
                ),
                20 => ProofOutcome::Unsat,
                _ => ProofOutcome::Unknown,
            };
            ccadical_close_proof(raw.0);
            outcome
        };
        if libc::fclose(file) != 0 {
            return Err(io(std::io::Error::last_os_error()));
        }
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(n: i32) -> Lit {
        Lit::from_dimacs(n)
    }

    /// Pigeonhole `p` into `p − 1`: unsatisfiable, with no short resolution proof.
    fn pigeonhole(p: i32) -> Vec<Vec<Lit>> {
        let h = p - 1;
        let v = |i: i32, j: i32| lit(i * h + j + 1);
        let mut out: Vec<Vec<Lit>> = (0..p).map(|i| (0..h).map(|j| v(i, j)).collect()).collect();
        for j in 0..h {
            for a in 0..p {
                for b in a + 1..p {
                    out.push(vec![!v(a, j), !v(b, j)]);
                }
            }
        }
        out
    }

    #[test]
    fn an_unsatisfiable_formula_gets_a_text_proof_ending_in_the_empty_clause() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("php.drat");
        let f = pigeonhole(6);
        let r = solve_with_proof(30, f.iter().map(Vec::as_slice), &path, &Budget::unlimited());
        assert_eq!(r.unwrap(), ProofOutcome::Unsat);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.lines().count() > 10, "a real proof");
        assert!(
            text.lines().all(|l| l.ends_with(" 0") || l == "0"),
            "text DRAT lines"
        );
        assert!(
            text.lines().any(|l| l.trim() == "0"),
            "the empty clause is derived"
        );
    }

    fn dratify_lit(l: Lit) -> u32 {
        2 * (l.var().get() - 1) + u32::from(!l.is_pos())
    }

    /// Replays a text DRAT proof with the independent checker `dratify`.
    fn check(vars: u32, formula: &[Vec<Lit>], proof: &str, apply_deletions: bool) -> bool {
        let clauses: Vec<Vec<u32>> = formula
            .iter()
            .map(|c| c.iter().map(|&l| dratify_lit(l)).collect())
            .collect();
        let steps: Vec<(bool, Vec<u32>)> = proof
            .lines()
            .map(|line| {
                let (del, rest) = match line.strip_prefix("d ") {
                    Some(r) => (true, r),
                    None => (false, line),
                };
                let lits = rest
                    .split_whitespace()
                    .map(|t| t.parse::<i32>().unwrap())
                    .filter(|&n| n != 0)
                    .map(|n| dratify_lit(Lit::from_dimacs(n)))
                    .collect();
                (del, lits)
            })
            .collect();
        let mut checker = dratify::Checker::new(vars, &clauses, true, apply_deletions);
        let r = checker.check(&steps);
        r.ok && r.reached_empty
    }

    #[test]
    fn the_proof_passes_an_independent_checker_and_a_tampered_one_fails() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("php.drat");
        let f = pigeonhole(7);
        let r = solve_with_proof(42, f.iter().map(Vec::as_slice), &path, &Budget::unlimited());
        assert_eq!(r.unwrap(), ProofOutcome::Unsat);
        let proof = std::fs::read_to_string(&path).unwrap();
        assert!(
            check(42, &f, &proof, false),
            "accepted ignoring unit deletions"
        );
        assert!(
            check(42, &f, &proof, true),
            "accepted with every deletion applied"
        );
        // Without one "at most one pigeon per hole" clause the formula is satisfiable:
        // no proof of it can be accepted.
        let weaker: Vec<Vec<Lit>> = f
            .iter()
            .filter(|c| c.len() != 2 || c[0] != !lit(1) || c[1] != !lit(7))
            .cloned()
            .collect();
        assert_eq!(weaker.len(), f.len() - 1);
        assert!(!check(42, &weaker, &proof, false));
    }

    #[test]
    fn a_satisfiable_formula_gives_a_model_and_a_spent_budget_unknown() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sat.drat");
        let f = [vec![lit(1), lit(2)], vec![lit(-1)]];
        let r = solve_with_proof(2, f.iter().map(Vec::as_slice), &path, &Budget::unlimited());
        assert_eq!(r.unwrap(), ProofOutcome::Sat(vec![false, true]));
        let spent = Budget::unlimited().with_deadline(Some(std::time::Instant::now()));
        let big = pigeonhole(11);
        let r = solve_with_proof(110, big.iter().map(Vec::as_slice), &path, &spent);
        assert_eq!(r.unwrap(), ProofOutcome::Unknown);
    }
}
