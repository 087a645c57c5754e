//! Move-optimal Sokoban certificates end to end: `sokoban solve --optimize moves
//! --certify DIR` (and `pushes,moves`, two entries) writes them, `check-certificate`
//! accepts them with a move encoder of its own, and rejects every tampered copy. (Random
//! small levels against a breadth-first search: tests/certify_sokoban.rs.)

mod common;

use common::{clauses, edit, gridsat, rejected};
use std::path::Path;

fn path(dir: &Path) -> String {
    dir.display().to_string()
}

/// Solves `file`'s level `which` for `optimize` with `--certify`, checks the folder,
/// and returns it with the checker's stdout lines.
fn certified(file: &str, which: &str, optimize: &str) -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let d = path(dir.path());
    let args = [
        "sokoban",
        "solve",
        file,
        "-l",
        which,
        "--optimize",
        optimize,
    ];
    // A push entry (pushes,moves) as a formula and proof too, not a closure.
    let backing = ["--certify-with", "drat"];
    let run = gridsat(&[&args[..], &["--certify", &d], &backing[..]].concat());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("certified optimal"), "{}", run.stderr);
    let c = gridsat(&["check-certificate", &d]);
    assert_eq!(c.code, 0, "rejected:\n{}{}", c.stdout, c.stderr);
    (dir, c.stdout.lines().map(String::from).collect())
}

const TWO: &str = "examples/sokoban/two-boxes.txt";

#[test]
fn move_optimal_plans_certify_and_check() {
    let (_d, lines) = certified(TWO, "1", "moves");
    let first = &lines[0];
    assert!(
        first.starts_with("level 1: optimal-moves ") && first.contains("proof checked ("),
        "{lines:?}"
    );
    assert!(
        first.ends_with("plan replayed, every box on a goal"),
        "{first}"
    );
    assert_eq!(lines.last().unwrap(), "all 1 entries checked");
}

#[test]
fn fewest_pushes_then_moves_is_two_entries() {
    let (dir, lines) = certified(TWO, "1", "pushes,moves");
    assert!(lines[0].starts_with("level 1: optimal 6 —"), "{lines:?}");
    assert!(
        lines[1].starts_with("level 1-moves: optimal-moves ") && lines[1].contains(" pushes 6 —"),
        "{lines:?}"
    );
    assert_eq!(lines[2], "all 2 entries checked");
    let manifest = std::fs::read_to_string(dir.path().join("manifest.txt")).unwrap();
    assert!(manifest.contains("cnf level-1-moves.cnf"), "{manifest}");
}

#[test]
fn the_tiny_levels_certify_in_moves() {
    let (_d, lines) = certified("examples/sokoban/tiny.xsb", "all", "moves");
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(
        lines[..3].iter().all(|l| l.contains(": optimal-moves ")),
        "{lines:?}"
    );
}

// ---- tampering -------------------------------------------------------------------

/// The two-box level certified for fewest pushes, then moves: `level-1` (pushes) and
/// `level-1-moves`.
fn two() -> tempfile::TempDir {
    certified(TWO, "1", "pushes,moves").0
}

/// The claim of `level-1-moves`: its moves and pushes.
fn moves_claim(dir: &Path) -> (usize, usize) {
    let m = std::fs::read_to_string(dir.join("manifest.txt")).unwrap();
    let line = m
        .lines()
        .find(|l| l.starts_with("claim optimal-moves "))
        .unwrap();
    let w: Vec<&str> = line.split_whitespace().collect();
    (w[2].parse().unwrap(), w[4].parse().unwrap())
}

#[test]
fn a_move_plan_one_move_short_is_rejected() {
    let dir = two();
    edit(dir.path(), "level-1.plan", |t| {
        format!("{}\n", &t.trim()[..t.trim().len() - 1])
    });
    rejected(dir.path(), "the plan fails");
}

#[test]
fn a_claim_one_move_shorter_or_another_budget_is_rejected() {
    let dir = two();
    let (m, p) = moves_claim(dir.path());
    edit(dir.path(), "manifest.txt", |t| {
        t.replace(
            &format!("optimal-moves {m} "),
            &format!("optimal-moves {} ", m - 1),
        )
    });
    rejected(
        dir.path(),
        &format!("the plan makes {m} moves, the claim says {}", m - 1),
    );
    let dir = two();
    edit(dir.path(), "manifest.txt", |t| {
        t.replace(&format!("pushes {p}\n"), &format!("pushes {}\n", p + 1))
    });
    rejected(
        dir.path(),
        &format!("the plan makes {p} pushes, the claim says {}", p + 1),
    );
    let dir = two();
    edit(dir.path(), "manifest.txt", |t| {
        t.replace(
            &format!("horizon {}\n", m - 1),
            &format!("horizon {}\n", m - 2),
        )
    });
    rejected(dir.path(), &format!("the horizon must be {}", m - 1));
}

#[test]
fn a_changed_move_formula_is_rejected() {
    // A dropped clause.
    let dir = two();
    edit(dir.path(), "level-1-moves.cnf", |t| {
        common::recount(&clauses(t, |k, l| (k != 2000).then(|| l.to_string())), -1)
    });
    rejected(dir.path(), "is missing");
    // A pruning fact the checker cannot re-derive: the player kept off a cell at step 1
    // where one move can take it.
    let dir = two();
    edit(dir.path(), "level-1-moves.cnf", |t| {
        let units: Vec<&str> = t
            .lines()
            .filter(|l| l.split_whitespace().count() == 2)
            .collect();
        let var = t
            .lines()
            .filter_map(|l| l.strip_prefix("c var "))
            .filter(|l| l.ends_with(" t=1") && l.contains(" player at "))
            .map(|l| l.split_once(' ').unwrap().0)
            .find(|v| !units.contains(&format!("-{v} 0").as_str()))
            .expect("a cell the player may reach at step 1")
            .to_string();
        common::recount(&format!("{t}-{var} 0\n"), 1)
    });
    rejected(dir.path(), "is not a clause of the rules");
    // The formula of the move-optimal certificate (no push budget) in its place: the
    // claim says "pushes 6", so it is another formula.
    let dir = two();
    let other = tempfile::tempdir().unwrap();
    let d = path(other.path());
    let args = ["sokoban", "solve", TWO, "-l", "1", "--optimize", "moves"];
    let run = gridsat(&[&args[..], &["--certify", &d]].concat());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let from = other.path().join("level-1.cnf");
    std::fs::copy(from, dir.path().join("level-1-moves.cnf")).unwrap();
    rejected(dir.path(), "the formula is not the encoding of the puzzle");
}

#[test]
fn the_proof_of_the_other_entry_is_rejected() {
    let dir = two();
    std::fs::copy(
        dir.path().join("level-1.drat"),
        dir.path().join("level-1-moves.drat"),
    )
    .unwrap();
    rejected(dir.path(), "the proof does not refute the formula");
}
