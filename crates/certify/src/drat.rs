//! The proof check: text DRAT replayed by `dratify`, a checker that shares no code with
//! any solver.

use super::cnf::{Cnf, tokens};
use super::{Limits, Rejected};

fn lit(l: i32) -> u32 {
    2 * (l.unsigned_abs() - 1) + u32::from(l < 0)
}

/// The largest variable a proof may use: the formula's, plus room for the fresh
/// variables DRAT allows, bounded so that a hostile proof cannot make the checker
/// allocate without limit.
fn max_var(cnf: &Cnf) -> u32 {
    cnf.vars.saturating_mul(4).saturating_add(1 << 16)
}

/// What the replay of a proof found.
#[derive(Debug)]
pub struct Replayed {
    /// Lemmas checked (RUP or RAT) up to the empty clause.
    pub lemmas: u64,
    /// The formula was refuted by unit propagation alone, before any lemma.
    pub by_propagation: bool,
}

/// Replays `proof` (text DRAT: one lemma per line, `d` for deletions, `c` comments) on
/// `cnf`; `Ok` when it derives the empty clause, every lemma checked.
/// The proof is replayed this many steps at a time, the deadline checked in between.
const CHUNK: usize = 2_000;

pub fn check(
    entry: &str,
    cnf: &Cnf,
    proof: &str,
    file: &str,
    limits: &Limits,
) -> Result<Replayed, Rejected> {
    let lines = proof.bytes().filter(|&b| b == b'\n').count() as u64 + 1;
    limits.admit_file(entry, "replaying its proof", lines, proof.len() as u64)?;
    let clauses: Vec<Vec<u32>> = cnf
        .clauses
        .iter()
        .map(|c| c.iter().map(|&l| lit(l)).collect())
        .collect();
    let mut vars = cnf.vars;
    let mut steps = Vec::new();
    for (i, line) in proof.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('c') {
            continue;
        }
        let (del, rest) = match t.strip_prefix('d') {
            Some(r) => (true, r),
            None => (false, t),
        };
        let mut lits = Vec::new();
        let mut ended = false;
        for (col, tok) in tokens(rest) {
            let n: i32 = tok.parse().map_err(|_| Rejected::Format {
                file: file.to_string(),
                line: i + 1,
                message: format!("column {col}: expected a literal (an integer)"),
            })?;
            if n == 0 {
                ended = true;
                break;
            }
            if n.unsigned_abs() > max_var(cnf) {
                return Err(Rejected::Format {
                    file: file.to_string(),
                    line: i + 1,
                    message: format!(
                        "column {col}: a variable far beyond the formula's {}",
                        cnf.vars
                    ),
                });
            }
            vars = vars.max(n.unsigned_abs());
            lits.push(lit(n));
        }
        if !ended {
            return Err(Rejected::Format {
                file: file.to_string(),
                line: i + 1,
                message: "a proof line that does not end in 0 (truncated?)".into(),
            });
        }
        steps.push((del, lits));
    }
    limits.in_time(entry)?;
    let mut checker = dratify::Checker::new(vars, &clauses, true, true);
    drop(clauses);
    let mut r = checker.check(&[]);
    for chunk in steps.chunks(CHUNK) {
        if r.reached_empty || r.failed_step > 0 {
            break;
        }
        limits.in_time(entry)?;
        r = checker.check(chunk);
    }
    if r.ok && r.reached_empty {
        Ok(Replayed {
            lemmas: r.rup_steps + r.rat_steps,
            by_propagation: r.steps == 0,
        })
    } else {
        let at = if r.failed_step > 0 {
            format!(" (step {})", r.failed_step)
        } else {
            String::new()
        };
        Err(Rejected::Proof {
            entry: entry.to_string(),
            detail: format!("{}{at}", r.reason),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (a ∨ b) (a ∨ ¬b) (¬a ∨ b) (¬a ∨ ¬b): refuted by the lemma `a`, then the empty
    /// clause.
    fn cnf() -> Cnf {
        Cnf::parse("p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n", "f").unwrap()
    }

    fn lim() -> Limits {
        Limits::memory(1 << 30)
    }

    #[test]
    fn a_refutation_is_accepted() {
        let r = check("e", &cnf(), "1 0\nd 1 2 0\n0\n", "p", &lim()).unwrap();
        assert_eq!(r.lemmas, 2);
        assert!(!r.by_propagation);
    }

    #[test]
    fn broken_proofs_are_rejected() {
        let e = check("e", &cnf(), "1 0\n", "p", &lim()).unwrap_err();
        assert!(e.to_string().contains("never derives"), "{e}");
        let e = check("e", &cnf(), "-1 -2 5 0\n1 0\n0\n", "p", &lim());
        assert!(e.is_ok(), "a RAT lemma on a fresh variable is allowed");
        assert!(check("e", &cnf(), "1 0\n0", "p", &lim()).is_ok());
        assert!(
            check("e", &cnf(), "1 0\n1", "p", &lim()).is_err(),
            "truncated line"
        );
        assert!(
            check("e", &cnf(), "4000000 0\n0\n", "p", &lim()).is_err(),
            "huge var"
        );
        assert!(check("e", &cnf(), "x 0\n", "p", &lim()).is_err());
        let small = Limits::memory(2000);
        let e = check("e", &cnf(), &"1 0\n".repeat(100), "p", &small).unwrap_err();
        assert!(
            e.to_string().contains("replaying its proof (101 lines)"),
            "{e}"
        );
    }
}
