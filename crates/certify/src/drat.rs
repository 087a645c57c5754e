//! The proof check: text DRAT replayed by `dratify`, a checker that shares no code with
//! any solver.

use super::Rejected;
use super::cnf::Cnf;

fn lit(l: i32) -> u32 {
    2 * (l.unsigned_abs() - 1) + u32::from(l < 0)
}

/// Replays `proof` (text DRAT: one lemma per line, `d` for deletions, `c` comments) on
/// `cnf`; `Ok` with the number of steps when it derives the empty clause.
pub fn check(entry: &str, cnf: &Cnf, proof: &str, file: &str) -> Result<u64, Rejected> {
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
        for tok in rest.split_whitespace() {
            let n: i32 = tok.parse().map_err(|_| Rejected::Format {
                file: file.to_string(),
                line: i + 1,
                message: format!("'{tok}' is not a literal"),
            })?;
            if n == 0 {
                break;
            }
            vars = vars.max(n.unsigned_abs());
            lits.push(lit(n));
        }
        steps.push((del, lits));
    }
    let mut checker = dratify::Checker::new(vars, &clauses, true, true);
    let r = checker.check(&steps);
    if r.ok && r.reached_empty {
        Ok(r.steps)
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
