//! Certificates: for each classic puzzle answered, files that let anyone check the
//! verdict without trusting gridsat — the puzzle, the solution(s), and for `unique`
//! and `unsat` a text DRAT proof that the puzzle's standard formula (the textbook
//! clauses with pairwise at-most-one, the givens as units, for `unique` one clause
//! excluding the solution; defined in docs/guide/certificates.md, rebuilt by the
//! checker) is unsatisfiable, listed in `manifest.txt`. `gridsat check-certificate`
//! (the `gridsat-certify` crate) rebuilds the formula with an encoder of its own and
//! replays the proof.
//!
//! The proof comes from a case split of its own ([`super::case_split`]), or from a
//! separate CaDiCaL run on the formula when the split is too long — not from the
//! solver or the deduction that answered: the claim is checked, not the way it was
//! reached.

use super::case_split::{self, SplitError};
use crate::encode::CellVars;
use crate::encode::{EncodeError, EncodeOptions, Encoding, GivenMode, admit, encode};
use crate::io::parse::ParsedPuzzle;
use crate::model::grid::Grid;
use crate::model::rules::Rules;
use crate::model::symbols::Alphabet;
use crate::solve::{Answer, Verdict};
pub use gridsat_sat::solver::Certified;
use gridsat_sat::solver::{Refutation, RefuteError, write_file, write_proof, write_refutation};
use gridsat_sat::{AmoEncoding, Budget};
use std::path::Path;
use std::time::Instant;

/// Why no certificate was written for a puzzle.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CertificateError {
    /// Certificates cover the classic rules only.
    #[error("certificates cover classic Sudoku only, not variants")]
    Variant,
    /// The verdict is `unknown`: there is nothing to certify.
    #[error("the verdict is unknown: there is nothing to certify")]
    Unknown,
    /// The answer lacks the solutions its verdict needs.
    #[error("the answer has {found} solution(s), its verdict needs {needed}")]
    Solutions {
        /// Solutions in the answer.
        found: usize,
        /// Solutions the verdict needs.
        needed: usize,
    },
    /// The formula could not be built (too large, over the memory budget).
    #[error(transparent)]
    Formula(#[from] EncodeError),
    /// The formula, the proof or a file beside them could not be written, or the
    /// proof-writing solve failed or was stopped.
    #[error(transparent)]
    Proof(RefuteError),
    /// The proof-writing solver found a solution where the verdict says there is none.
    #[error(
        "the proof-writing search found a solution to the formula the verdict claims unsatisfiable"
    )]
    Disagree,
}

/// The first lines of `manifest.txt`.
pub fn manifest_header() -> String {
    "# gridsat certificates: check with `gridsat check-certificate DIR`\n\
     # one block per entry: entry, kind, claim, box, symbols, puzzle, formula (or cnf), proof, solution\n\n"
        .to_string()
}

/// Writes the certificate of puzzle `index` (1-based), answered by `answer`, into
/// `dir` as `puzzle-N.*` files, and returns its manifest block. `unique`: the formula
/// with one more clause excluding the solution over the open cells, its DRAT
/// refutation, the solution; `unsat`: the formula and its refutation; `multiple`: the
/// two solutions; `sat`: the solution.
pub fn write_certificate(
    dir: &Path,
    index: usize,
    puzzle: &ParsedPuzzle,
    answer: &Answer,
    budget: &Budget,
) -> Result<Certified, CertificateError> {
    let claim = Claim {
        puzzle: &puzzle.grid,
        rules: &puzzle.rules,
        alphabet: puzzle.alphabet.as_deref(),
        verdict: answer.verdict,
        solutions: &answer.solutions,
    };
    certify(dir, index, &claim, budget)
}

/// A verdict about a puzzle, to certify: what [`write_certificate`] takes from a parsed
/// puzzle and its answer, or a generator from the puzzle it made.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Claim<'a> {
    /// The givens.
    pub puzzle: &'a Grid,
    /// The rules (classic only).
    pub rules: &'a Rules,
    /// The alphabet the puzzle is written in (`None`: integers).
    pub alphabet: Option<&'a Alphabet>,
    /// The verdict.
    pub verdict: Verdict,
    /// The solutions found, verified (one for `unique`/`sat`, two for `multiple`).
    pub solutions: &'a [Grid],
}

impl<'a> Claim<'a> {
    /// The claim that `puzzle` has exactly one solution, `solution`.
    pub fn unique(
        puzzle: &'a Grid,
        rules: &'a Rules,
        alphabet: Option<&'a Alphabet>,
        solution: &'a Grid,
    ) -> Claim<'a> {
        Claim {
            puzzle,
            rules,
            alphabet,
            verdict: Verdict::Unique,
            solutions: std::slice::from_ref(solution),
        }
    }
}

/// Writes the certificate of `claim` as entry `puzzle-INDEX` into `dir` (see
/// [`write_certificate`]) and returns its manifest block.
pub fn certify(
    dir: &Path,
    index: usize,
    claim: &Claim<'_>,
    budget: &Budget,
) -> Result<Certified, CertificateError> {
    let t0 = Instant::now();
    let c = claim;
    if !c.rules.is_classic() {
        return Err(CertificateError::Variant);
    }
    let (word, needed) = match c.verdict {
        Verdict::Unique => ("unique", 1),
        Verdict::Unsat => ("unsat", 0),
        Verdict::Multiple => ("multiple", 2),
        Verdict::Sat => ("sat", 1),
        _ => return Err(CertificateError::Unknown),
    };
    if c.solutions.len() < needed {
        return Err(CertificateError::Solutions {
            found: c.solutions.len(),
            needed,
        });
    }
    let name = format!("puzzle-{index}");
    let alphabet = c.alphabet;
    let line = |g: &Grid| g.to_line(alphabet);
    let file = |ext: &str| format!("{name}.{ext}");
    let write =
        |f: &str, text: &str| write_file(&dir.join(f), text).map_err(CertificateError::Proof);
    let shape = c.puzzle.shape();
    let symbols = alphabet.map_or("numbers".to_string(), |a| a.symbols().iter().collect());
    let mut manifest = format!(
        "entry {name}\nkind sudoku\nclaim {word}\nrules classic\nbox {}x{}\nsymbols {symbols}\npuzzle {}\n",
        shape.box_rows(),
        shape.box_cols(),
        file("puzzle"),
    );
    write(&file("puzzle"), &format!("{}\n", line(c.puzzle)))?;
    let solutions: String = c.solutions[..needed]
        .iter()
        .map(|g| format!("{}\n", line(g)))
        .collect();
    if needed > 0 {
        write(&file("solution"), &solutions)?;
        manifest.push_str(&format!("solution {}\n", file("solution")));
    }
    let mut refutation = None;
    if matches!(c.verdict, Verdict::Unique | Verdict::Unsat) {
        let excluded = (c.verdict == Verdict::Unique).then(|| &c.solutions[0]);
        let (r, lines) = refute(dir, &name, c, excluded, budget, SPLIT_BRANCHES)?;
        refutation = Some(r);
        manifest.push_str(&lines);
    }
    manifest.push('\n');
    let seconds = t0.elapsed().as_secs_f64();
    Ok(Certified::new(
        name,
        word.to_string(),
        manifest,
        refutation,
        seconds,
    ))
}

/// Branches the case split may take before CaDiCaL writes the proof instead (a
/// branch costs a few microseconds on a 9×9 and a line of the proof).
const SPLIT_BRANCHES: usize = 20_000;

/// Writes `NAME.drat`, a refutation of the puzzle's formula (with the exclusion of
/// `excluded` when given), and returns the manifest lines naming it: the case split's
/// proof when it is short enough, else CaDiCaL's. The formula is the standard one the
/// checker rebuilds (`formula standard`); only when gridsat's own encoding is not in
/// that numbering is it written beside the proof as `NAME.cnf`.
fn refute(
    dir: &Path,
    name: &str,
    claim: &Claim<'_>,
    excluded: Option<&Grid>,
    budget: &Budget,
    branches: usize,
) -> Result<(Refutation, String), CertificateError> {
    let formula_line = format!("formula standard\nproof {name}.drat\n");
    match case_split::refutation(claim.puzzle, excluded, branches, budget) {
        Ok(proof) => {
            let drat = dir.join(format!("{name}.drat"));
            write_file(&drat, &proof).map_err(CertificateError::Proof)?;
            let r = Refutation {
                clauses: standard_clauses(claim.puzzle, excluded.is_some()),
                proof_bytes: proof.len() as u64,
            };
            return Ok((r, formula_line));
        }
        Err(SplitError::Solution(_)) => return Err(CertificateError::Disagree),
        Err(_) if budget.stopped() => return Err(CertificateError::Proof(RefuteError::Stopped)),
        Err(SplitError::GaveUp | SplitError::TooLarge) => {}
    }
    let enc = formula(claim, excluded, budget)?;
    if standard_numbering(claim.puzzle, &enc.vars) {
        let r = write_proof(dir, name, &enc.formula, budget);
        return Ok((cadical(r)?, formula_line));
    }
    let n = claim.puzzle.n();
    let header = vec![
        format!("gridsat certificate {name}: a {n}×{n} Sudoku, classic rules"),
        "extended encoding, pairwise at-most-one, givens as unit clauses".to_string(),
        match excluded {
            Some(_) => "plus one clause excluding the solution found, over the open cells: \
                        unsatisfiable iff that solution is the only one"
                .to_string(),
            None => "unsatisfiable iff the puzzle has no solution".to_string(),
        },
    ];
    let r = write_refutation(dir, name, &enc.formula, header, budget);
    Ok((cadical(r)?, format!("cnf {name}.cnf\nproof {name}.drat\n")))
}

fn cadical(r: Result<Refutation, RefuteError>) -> Result<Refutation, CertificateError> {
    match r {
        Ok(r) => Ok(r),
        Err(RefuteError::Satisfiable) => Err(CertificateError::Disagree),
        Err(e) => Err(CertificateError::Proof(e)),
    }
}

/// The certificate's formula by gridsat's encoder: the `extended` encoding with
/// pairwise at-most-one and the givens as units (the checker's clauses exactly), with
/// the exclusion clause.
fn formula(
    claim: &Claim<'_>,
    excluded: Option<&Grid>,
    budget: &Budget,
) -> Result<crate::encode::Encoded, CertificateError> {
    let o = EncodeOptions {
        encoding: Encoding::Extended,
        amo: AmoEncoding::Pairwise,
        givens: GivenMode::Units,
        alphabet: claim.alphabet.cloned(),
        ..EncodeOptions::default()
    };
    admit(budget, claim.puzzle, &o)?;
    let mut enc = encode(claim.puzzle, claim.rules, &o)?;
    if let Some(solution) = excluded {
        let clause = enc.vars.blocking_clause(claim.puzzle, solution);
        let fam = enc.formula.family("solution excluded");
        enc.formula.add_clause(fam, &clause);
    }
    Ok(enc)
}

/// True when every (cell, value) of `vars` is variable `cell·N + value`, the numbering
/// of the standard formula.
fn standard_numbering(puzzle: &Grid, vars: &CellVars) -> bool {
    let n = puzzle.n();
    (0..n * n).all(|cell| {
        (1..=n as u16).all(|v| {
            vars.var(cell / n, cell % n, v)
                .is_some_and(|x| x.get() as usize == cell * n + v as usize)
        })
    })
}

/// The clauses of the standard formula: at-least-one and pairwise at-most-one for each
/// cell and each (house, symbol), the givens, and the exclusion clause.
fn standard_clauses(puzzle: &Grid, excluded: bool) -> usize {
    let n = puzzle.n();
    4 * n * n * (1 + n * (n - 1) / 2) + puzzle.num_givens() + usize::from(excluded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::shape::Shape;
    use crate::report::case_split::tests::{accepted, grid9, solutions};

    #[test]
    fn past_the_branch_cap_cadical_writes_a_proof_of_the_same_formula() {
        let p = grid9(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        );
        let s = Grid::from_values(Shape::new(3, 3).unwrap(), solutions(&p, 1).remove(0)).unwrap();
        let rules = Rules::classic();
        let claim = Claim::unique(&p, &rules, None, &s);
        let budget = Budget::unlimited();
        for (cap, by_split) in [(0, false), (SPLIT_BRANCHES, true)] {
            let dir = tempfile::tempdir().unwrap();
            let (r, lines) = refute(dir.path(), "p", &claim, Some(&s), &budget, cap).unwrap();
            assert_eq!(lines, "formula standard\nproof p.drat\n");
            assert!(!dir.path().join("p.cnf").exists());
            let proof = std::fs::read_to_string(dir.path().join("p.drat")).unwrap();
            assert_eq!(r.proof_bytes, proof.len() as u64);
            assert_eq!(r.clauses, 4 * 81 * 37 + p.num_givens() + 1, "the clauses");
            // The case split writes one lemma per branch, no deletions; CaDiCaL deletes.
            assert_eq!(!proof.contains("d "), by_split, "cap {cap}");
            assert!(accepted(&p, Some(&s), &proof), "cap {cap}");
        }
    }
}
