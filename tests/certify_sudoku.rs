//! Certificates end to end: `sudoku solve --certify DIR` / `sudoku generate --certify DIR`
//! write them, `check-certificate DIR` accepts them, and rejects every tampered copy.

mod common;

use common::{clauses, edit, gridsat, gridsat_stdin, have, rejected, root};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The first puzzle of the 17-clue collection (17 givens, unique).
const SEVENTEEN: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
/// The first puzzle of the "hardest" collection.
const HARDEST: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

fn path(dir: &Path) -> String {
    dir.display().to_string()
}

/// Solves `files` (or `stdin` when no file) with `--certify` into a fresh folder.
fn certify(files: &[&str], stdin: &str) -> (tempfile::TempDir, common::Run) {
    let dir = tempfile::tempdir().unwrap();
    let d = path(dir.path());
    let mut args = vec!["sudoku", "solve", "--certify", &d];
    args.extend_from_slice(files);
    let run = gridsat_stdin(&args, stdin);
    (dir, run)
}

fn check(dir: &Path) -> common::Run {
    gridsat(&["check-certificate", &path(dir)])
}

/// Certifies and checks; returns the checker's stdout lines.
fn certified(files: &[&str], stdin: &str) -> (tempfile::TempDir, Vec<String>) {
    let (dir, run) = certify(files, stdin);
    assert!(
        !run.stderr.contains("certificate"),
        "certify failed: {}",
        run.stderr
    );
    let c = check(dir.path());
    assert_eq!(c.code, 0, "rejected:\n{}{}", c.stdout, c.stderr);
    let lines = c.stdout.lines().map(String::from).collect();
    (dir, lines)
}

#[test]
fn small_grids_certify_and_check() {
    for file in ["examples/sudoku/4x4.txt", "examples/sudoku/6x6.txt"] {
        let (_d, lines) = certified(&[file], "");
        assert!(
            lines[0].starts_with("puzzle 1: unique — formula rebuilt from the rules"),
            "{file}: {lines:?}"
        );
        assert!(lines[0].ends_with("solution valid"), "{lines:?}");
    }
}

#[test]
fn nine_by_nine_seventeen_clue_and_hardest_check_with_real_proofs() {
    let (dir, lines) = certified(&[], &format!("{SEVENTEEN}\n{HARDEST}\n"));
    assert_eq!(lines.len(), 3, "{lines:?}");
    for l in &lines[..2] {
        assert!(
            l.contains(": unique — formula rebuilt from the rules"),
            "{l}"
        );
        assert!(l.contains("proof checked ("), "a real proof: {l}");
    }
    assert_eq!(lines[2], "all 2 entries checked");
    assert!(
        !dir.path().join("puzzle-1.cnf").exists(),
        "the formula is defined, not carried"
    );
    common::carry_formula(dir.path());
    let cnf = std::fs::read_to_string(dir.path().join("puzzle-1.cnf")).unwrap();
    assert!(cnf.contains("c var 1 r1c1=1\n"), "variables are named");
    assert!(
        cnf.contains("c var 729 r9c9=9\n"),
        "and numbered (r·9 + c)·9 + v"
    );
    let c = check(dir.path());
    assert_eq!(
        c.code, 0,
        "the carried formula checks too:\n{}{}",
        c.stdout, c.stderr
    );
    assert!(
        c.stdout.contains("unique — CNF matches the rules"),
        "{}",
        c.stdout
    );
}

#[test]
fn the_famous_hard_puzzles_check() {
    let (_d, lines) = certified(&["examples/sudoku/9x9.txt"], "");
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert!(
        lines
            .iter()
            .take(4)
            .all(|l| l.contains("unique — formula rebuilt"))
    );
}

#[test]
fn multiple_and_unsat_verdicts_check() {
    let (dir, lines) = certified(
        &[
            "examples/sudoku/broken/two-solutions.txt",
            "examples/sudoku/broken/contradiction.txt",
        ],
        "",
    );
    assert_eq!(
        lines[0],
        "puzzle 1: multiple — 2 different solutions, each valid"
    );
    assert!(lines[1].starts_with("puzzle 2: unsat — formula rebuilt from the rules"));
    assert!(
        !dir.path().join("puzzle-1.drat").exists(),
        "no proof for multiple"
    );
    assert!(dir.path().join("puzzle-2.drat").exists());
    assert!(!dir.path().join("puzzle-2.solution").exists());
}

#[test]
fn an_unsat_puzzle_that_propagation_does_not_refute_checks_with_a_proof() {
    // The hardest puzzle with one more given, a wrong digit that repeats none.
    let (_d, lines) = certified(
        &[],
        "1.......8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    );
    assert!(
        lines[0].starts_with("puzzle 1: unsat — formula rebuilt")
            && lines[0].contains("proof checked"),
        "{lines:?}"
    );
}

#[test]
fn sixteen_by_sixteen_checks() {
    let (_d, lines) = certified(&["examples/sudoku/16x16.txt"], "");
    assert!(lines[0].starts_with("puzzle 1: unique — formula rebuilt from the rules"));
}

#[test]
fn generated_puzzles_check() {
    let dir = tempfile::tempdir().unwrap();
    let d = path(dir.path());
    let g = gridsat(&[
        "sudoku",
        "generate",
        "--count",
        "3",
        "--seed",
        "11",
        "--certify",
        &d,
    ]);
    assert_eq!(g.code, 0, "{}", g.stderr);
    let c = check(dir.path());
    assert_eq!(c.code, 0, "{}{}", c.stdout, c.stderr);
    assert!(c.stdout.contains("all 3 entries checked"));
}

#[test]
fn variants_are_refused() {
    let (dir, run) = certify(&["examples/sudoku/variants/sudoku-x.txt"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("certificates cover classic Sudoku only"),
        "{}",
        run.stderr
    );
    let c = check(dir.path());
    assert_ne!(c.code, 0, "an empty certificate proves nothing");
    let g = gridsat(&[
        "sudoku",
        "generate",
        "--jigsaw",
        "--certify",
        &path(dir.path()),
    ]);
    assert_eq!(g.code, 2, "{}", g.stderr);
}

#[test]
fn minisat_agrees_the_unique_cnf_is_unsatisfiable() {
    if !have("minisat") {
        return;
    }
    let (dir, _) = certified(&[], HARDEST);
    common::carry_formula(dir.path());
    let out = Command::new("minisat")
        .arg("-verb=0")
        .arg(dir.path().join("puzzle-1.cnf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(20), "minisat says UNSAT");
}

// ---- tampering -------------------------------------------------------------------

/// A certificate of the hardest puzzle (a real proof, hundreds of lemmas), copied into a
/// fresh folder for each tampering.
fn hard_certificate() -> tempfile::TempDir {
    let (dir, _) = certified(&[], HARDEST);
    common::carry_formula(dir.path());
    dir
}

fn file(dir: &Path, name: &str) -> PathBuf {
    dir.join(name)
}

#[test]
fn a_flipped_literal_in_the_cnf_is_rejected() {
    let dir = hard_certificate();
    edit(dir.path(), "puzzle-1.cnf", |t| {
        // The 100th clause: a cell at-most-one clause `-a -b 0` becomes `a -b 0`.
        clauses(t, |k, l| {
            Some(if k == 100 {
                l.replacen('-', "", 1)
            } else {
                l.to_string()
            })
        })
    });
    rejected(dir.path(), "the formula is not the encoding of the puzzle");
}

#[test]
fn a_dropped_clause_is_rejected() {
    let dir = hard_certificate();
    edit(dir.path(), "puzzle-1.cnf", |t| {
        let t = clauses(t, |k, l| (k != 5000).then(|| l.to_string()));
        // Keep the header consistent, so that only the missing clause can be blamed.
        common::recount(&t, -1)
    });
    rejected(dir.path(), "is missing");
}

#[test]
fn swapped_variable_names_are_rejected() {
    let dir = hard_certificate();
    edit(dir.path(), "puzzle-1.cnf", |t| {
        t.replacen("c var 1 r1c1=1\n", "c var 1 r1c1=X\n", 1)
            .replacen("c var 2 r1c1=2\n", "c var 2 r1c1=1\n", 1)
            .replacen("c var 1 r1c1=X\n", "c var 1 r1c1=2\n", 1)
    });
    rejected(dir.path(), "the formula is not the encoding of the puzzle");
}

#[test]
fn a_dropped_branch_is_rejected() {
    let dir = hard_certificate();
    edit(dir.path(), "puzzle-1.drat", |t| {
        // A branch at the root that is split further: its lemma `-x 0` and every lemma
        // under it (`-x …`). Each lemma of a case split follows from those under it, so
        // one dropped alone may do no harm; a whole branch cannot be rebuilt.
        let deep = t
            .lines()
            .find(|l| l.split_whitespace().count() == 3)
            .unwrap();
        let x = deep.split_whitespace().next().unwrap().to_string();
        t.lines()
            .filter(|l| l.split_whitespace().next() != Some(x.as_str()))
            .map(|l| format!("{l}\n"))
            .collect()
    });
    rejected(dir.path(), "neither RUP nor RAT");
}

#[test]
fn the_second_half_of_the_lemmas_dropped_is_rejected() {
    let dir = hard_certificate();
    edit(dir.path(), "puzzle-1.drat", |t| {
        let n = t.lines().count();
        t.lines()
            .enumerate()
            .filter(|(i, l)| *i < n / 2 || l.starts_with('d') || l.trim() == "0")
            .map(|(_, l)| format!("{l}\n"))
            .collect()
    });
    rejected(dir.path(), "neither RUP nor RAT");
}

#[test]
fn a_truncated_proof_is_rejected() {
    let dir = hard_certificate();
    edit(dir.path(), "puzzle-1.drat", |t| {
        let lines: Vec<&str> = t.lines().collect();
        lines[..lines.len() / 2]
            .iter()
            .map(|l| format!("{l}\n"))
            .collect()
    });
    rejected(dir.path(), "never derives the empty clause");
    // Cut in the middle of a line.
    let dir = hard_certificate();
    edit(dir.path(), "puzzle-1.drat", |t| {
        let cut = t.len() / 2;
        let cut = t[..cut].rfind(' ').unwrap();
        t[..cut].to_string()
    });
    rejected(dir.path(), "does not end in 0");
}

#[test]
fn an_emptied_proof_is_rejected() {
    let dir = hard_certificate();
    edit(dir.path(), "puzzle-1.drat", |_| "0\n".to_string());
    rejected(dir.path(), "the proof does not refute the formula");
}

#[test]
fn a_wrong_solution_is_rejected() {
    let dir = hard_certificate();
    let puzzle = std::fs::read_to_string(file(dir.path(), "puzzle-1.puzzle")).unwrap();
    edit(dir.path(), "puzzle-1.solution", |t| {
        // Change the first open cell to another digit.
        let at = puzzle.find('.').unwrap();
        let mut b = t.into_bytes();
        b[at] = if b[at] == b'1' { b'2' } else { b'1' };
        String::from_utf8(b).unwrap()
    });
    rejected(dir.path(), "the solution repeats");
}

#[test]
fn a_changed_given_is_rejected() {
    let dir = hard_certificate();
    edit(dir.path(), "puzzle-1.puzzle", |t| {
        // The last given, 3 at r9c9, becomes 4: the CNF no longer encodes the puzzle.
        let mut t = t.trim_end().to_string();
        assert!(t.ends_with('3'));
        t.pop();
        format!("{t}4\n")
    });
    rejected(dir.path(), "");
    let c = check(dir.path());
    assert!(
        c.stdout.contains("changes the given") || c.stdout.contains("not the encoding"),
        "{}",
        c.stdout
    );
}

#[test]
fn a_removed_given_is_rejected() {
    let dir = hard_certificate();
    edit(dir.path(), "puzzle-1.puzzle", |t| {
        let mut t = t.trim_end().to_string();
        t.pop();
        format!("{t}.\n")
    });
    rejected(dir.path(), "the formula is not the encoding of the puzzle");
}

#[test]
fn a_missing_manifest_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let c = check(dir.path());
    assert_eq!(c.code, 2, "{}", c.stderr);
    assert!(c.stderr.contains("manifest.txt"), "{}", c.stderr);
}

#[test]
fn the_checker_crate_shares_no_code_with_gridsat() {
    let toml = std::fs::read_to_string(root().join("crates/certify/Cargo.toml")).unwrap();
    let deps = toml.split("[dependencies]").nth(1).unwrap();
    assert!(
        !deps.contains("gridsat"),
        "gridsat-certify depends on gridsat"
    );
    let mut folders = vec![root().join("crates/certify/src")];
    let mut files = Vec::new();
    while let Some(d) = folders.pop() {
        for entry in std::fs::read_dir(d).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                folders.push(p);
            } else {
                files.push(p);
            }
        }
    }
    assert!(files.len() >= 6, "{files:?}");
    for p in files {
        let src = std::fs::read_to_string(&p).unwrap();
        assert!(
            !src.contains("gridsat_"),
            "{} names a gridsat crate",
            p.display()
        );
    }
}

#[test]
fn a_changed_claim_or_box_in_the_manifest_is_rejected() {
    let dir = hard_certificate();
    edit(dir.path(), "manifest.txt", |t| {
        t.replace("claim unique", "claim unsat")
    });
    rejected(dir.path(), "the formula is not the encoding of the puzzle");
    let dir = hard_certificate();
    edit(dir.path(), "manifest.txt", |t| {
        t.replace("box 3x3", "box 1x9")
    });
    rejected(dir.path(), "REJECTED");
}

// ---- a formula defined, not carried (`formula standard`) ---------------------------

/// A fresh certificate of the hardest puzzle in its own form: the formula defined by
/// the manifest's `formula standard` line, rebuilt by the checker.
fn defined_certificate() -> tempfile::TempDir {
    let (dir, _) = certified(&[], HARDEST);
    let m = std::fs::read_to_string(dir.path().join("manifest.txt")).unwrap();
    assert!(m.contains("formula standard\nproof puzzle-1.drat\n"), "{m}");
    dir
}

#[test]
fn a_proof_of_another_puzzle_is_rejected() {
    let dir = defined_certificate();
    let (other, _) = certified(
        &[],
        "1.......8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    );
    std::fs::copy(
        other.path().join("puzzle-1.drat"),
        dir.path().join("puzzle-1.drat"),
    )
    .unwrap();
    rejected(dir.path(), "the proof does not refute the formula");
}

#[test]
fn a_proof_cut_to_the_empty_clause_is_rejected() {
    let dir = defined_certificate();
    edit(dir.path(), "puzzle-1.drat", |_| "0\n".to_string());
    rejected(dir.path(), "the proof does not refute the formula");
}

#[test]
fn a_changed_given_or_solution_breaks_the_defined_formula() {
    // The solution changed in two cells of one row (swapped): still a grid, no longer
    // the solution, so the exclusion clause rebuilt from it is another clause.
    let dir = defined_certificate();
    edit(dir.path(), "puzzle-1.solution", |t| {
        let mut b = t.into_bytes();
        b.swap(0, 1);
        String::from_utf8(b).unwrap()
    });
    rejected(dir.path(), "puzzle-1");
}

#[test]
fn formula_lines_other_than_standard_or_beside_a_cnf_are_refused() {
    for (from, to) in [
        ("formula standard\n", "formula mine\n"),
        (
            "formula standard\n",
            "formula standard\ncnf puzzle-1.drat\n",
        ),
        ("formula standard\n", ""),
    ] {
        let dir = defined_certificate();
        edit(dir.path(), "manifest.txt", |t| t.replacen(from, to, 1));
        let c = check(dir.path());
        assert_eq!(c.code, 1, "{to:?} accepted:\n{}", c.stdout);
        assert!(
            c.stderr.contains("formula standard"),
            "{to:?}: {}",
            c.stderr
        );
    }
}

#[test]
fn a_sokoban_entry_cannot_define_its_formula() {
    let dir = tempfile::tempdir().unwrap();
    let d = path(dir.path());
    let run = gridsat(&[
        "sokoban",
        "solve",
        "examples/sokoban/corridor.txt",
        "--certify",
        &d,
        "--certify-with",
        "drat",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let m = std::fs::read_to_string(dir.path().join("manifest.txt")).unwrap();
    let cnf = m
        .lines()
        .find_map(|l| l.strip_prefix("cnf "))
        .unwrap()
        .to_string();
    edit(dir.path(), "manifest.txt", |t| {
        t.replacen(&format!("cnf {cnf}\n"), "formula standard\n", 1)
    });
    rejected(
        dir.path(),
        "only a Sudoku's formula is given by its definition",
    );
}

#[test]
fn write_cnf_writes_the_formula_another_checker_reads_and_never_over_a_file() {
    let dir = defined_certificate();
    let out = tempfile::tempdir().unwrap();
    let (d, o) = (path(dir.path()), path(out.path()));
    let run = gridsat(&["check-certificate", &d, "--write-cnf", &o]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let cnf = std::fs::read_to_string(out.path().join("puzzle-1.cnf")).unwrap();
    assert!(cnf.contains("\np cnf 729 12011\n"), "{}", &cnf[..200]);
    let again = gridsat(&["check-certificate", &d, "--write-cnf", &o]);
    assert_eq!(again.code, 2, "{}", again.stderr);
    assert!(again.stderr.contains("puzzle-1.cnf"), "{}", again.stderr);
}
