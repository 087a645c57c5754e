//! Push-state closures end to end: `sokoban solve --certify DIR --certify-with closure`
//! backs each push optimum with every position within reach of a shorter plan (by the
//! checker's own bound), `check-certificate DIR` accepts it, and rejects a closure with
//! a position left out, a shallower claim, or a closure beside a formula. Random small
//! levels certify this way with the optimum a breadth-first search finds.

mod common;

#[path = "../crates/sokoban/tests/bfs/mod.rs"]
mod bfs;

use common::{edit, gridsat, rejected, shared};
use gridsat_sat::Budget;
use gridsat_sokoban::report::{PushBacking, write_certificate_with};
use gridsat_sokoban::{Level, Optimize, SolveOptions, solve_level};
use proptest::prelude::*;
use std::path::Path;

/// Twelve Boxoban levels; level 8's closure lists 16 positions.
const BOXOBAN: &str = "examples/sokoban/boxoban-test-000-first12.txt";

fn path(dir: &Path) -> String {
    dir.display().to_string()
}

/// Certifies levels `which` of `file` with closures and checks the folder; returns it
/// and the checker's stdout lines.
fn closed(file: &str, which: &str) -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let d = path(dir.path());
    let args = ["sokoban", "solve", file, "-l", which, "--certify", &d];
    let run = gridsat(&[&args[..], &["--certify-with", "closure"]].concat());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("push-state closure of"),
        "{}",
        run.stderr
    );
    let c = gridsat(&["check-certificate", &d]);
    assert_eq!(c.code, 0, "rejected:\n{}{}", c.stdout, c.stderr);
    (dir, c.stdout.lines().map(String::from).collect())
}

#[test]
fn bundled_levels_certify_by_closure_and_check() {
    let (dir, lines) = closed(BOXOBAN, "1-12");
    assert_eq!(lines.len(), 13, "{lines:?}");
    assert!(lines[7].starts_with("level 8: optimal 9 — push-state closure checked (16 positions"));
    assert_eq!(lines[12], "all 12 entries checked");
    let manifest = std::fs::read_to_string(dir.path().join("manifest.txt")).unwrap();
    assert!(manifest.contains("states level-8.states") && !manifest.contains(".drat"));
}

#[test]
fn microban_levels_certify_by_closure_and_check() {
    let Some(file) = shared("sokoban/microban.xsb") else {
        return;
    };
    // Among them levels whose DRAT proof takes CaDiCaL more than two minutes.
    let (_d, lines) = closed(&path(&file), "1-10,36,83,100,155");
    let want = [(36, 59), (83, 47), (100, 52), (155, 175)];
    for (level, pushes) in want {
        let head = format!("level {level}: optimal {pushes} — push-state closure checked (");
        assert!(
            lines.iter().any(|l| l.starts_with(&head)),
            "{head}: {lines:?}"
        );
    }
}

/// Level 8 of the Boxoban examples certified by closure, in a fresh folder (titled
/// "7": Boxoban counts its titles from 0, and `--level` takes titles first).
fn level8() -> tempfile::TempDir {
    closed(BOXOBAN, "7").0
}

/// The lines of a closure file after its header, and the header lines.
fn split(text: &str) -> (Vec<String>, Vec<String>) {
    let lines: Vec<String> = text.lines().map(String::from).collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("p closure"))
        .unwrap()
        + 1;
    (lines[..at].to_vec(), lines[at..].to_vec())
}

#[test]
fn a_position_left_out_is_rejected() {
    let dir = level8();
    edit(dir.path(), "level-8.states", |t| {
        let (head, body) = split(&t);
        let n = body.len() - 1;
        let head = head
            .join("\n")
            .replace(&format!(" {}", body.len()), &format!(" {n}"));
        format!("{head}\n{}\n", body[..n].join("\n"))
    });
    rejected(dir.path(), "is not listed at depth");
}

#[test]
fn a_position_listed_deeper_than_its_pushes_reach_is_rejected() {
    let dir = level8();
    edit(dir.path(), "level-8.states", |t| {
        let (head, mut body) = split(&t);
        let last = body.pop().unwrap();
        let (d, rest) = last.split_once(' ').unwrap();
        body.push(format!("{} {rest}", d.parse::<usize>().unwrap() + 1));
        format!("{}\n{}\n", head.join("\n"), body.join("\n"))
    });
    rejected(dir.path(), "is not listed at depth");
}

#[test]
fn a_closure_for_a_shorter_claim_cannot_be_made_or_passed() {
    // The same closure offered for "optimal 10" (no plan of 9 pushes): the plan makes 9,
    // and the closure's header says 8.
    let dir = level8();
    edit(dir.path(), "manifest.txt", |t| {
        t.replace("claim optimal 9", "claim optimal 10")
    });
    rejected(dir.path(), "the plan makes 9 pushes, the claim says 10");
    let dir = level8();
    edit(dir.path(), "manifest.txt", |t| t.replace("horizon 8\n", ""));
    edit(dir.path(), "level-8.states", |t| {
        t.replace("p closure 8 ", "p closure 9 ")
    });
    rejected(dir.path(), "expected the header 'p closure 8 N'");
}

#[test]
fn a_closure_beside_a_formula_is_refused() {
    let dir = level8();
    edit(dir.path(), "manifest.txt", |t| {
        t.replace(
            "states level-8.states",
            "states level-8.states\ncnf level-8.cnf",
        )
    });
    // A manifest the checker cannot read as written: refused before any entry is checked.
    let c = gridsat(&["check-certificate", &path(dir.path())]);
    assert_eq!(c.code, 1, "accepted:\n{}", c.stdout);
    let why = "a 'states' closure backs a Sokoban 'optimal P' claim alone";
    assert!(c.stderr.contains(why), "{}", c.stderr);
}

/// Solves `level` for pushes, certifies it by closure and checks the folder: the claim
/// must be the BFS optimum.
fn round_trip(level: &Level) -> Result<(), TestCaseError> {
    let budget = Budget::unlimited();
    let report = solve_level(level, &SolveOptions::new(Optimize::Pushes), &budget, None).unwrap();
    let g = bfs::Game::of(level);
    let want = g.optimum((level.player, level.boxes.clone()), 0, 1);
    let dir = tempfile::tempdir().unwrap();
    let written = write_certificate_with(dir.path(), level, &report, &budget, PushBacking::Closure);
    match (want, written) {
        (None, Err(_)) => Ok(()),
        (Some(p), Ok(c)) => {
            prop_assert_eq!(c.claim.clone(), format!("optimal {p}"), "{}", level);
            prop_assert!(p == 0 || c.positions > 0);
            let checked = common::check_blocks(dir.path(), &c.manifest);
            prop_assert!(checked.is_ok(), "{:?}\n{}", checked.err(), level);
            Ok(())
        }
        (o, r) => Err(TestCaseError::fail(format!(
            "BFS optimum {o:?}, certificate {r:?}\n{level}"
        ))),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_levels_certify_by_closure_with_the_bfs_optimum(
        w in 3usize..7, h in 3usize..6,
        walls in proptest::collection::vec(proptest::bool::weighted(0.15), 42),
        boxes in 1usize..4,
        pulls in proptest::collection::vec((any::<u8>(), any::<bool>()), 4..40),
    ) {
        if let Some(level) = bfs::pulled_level(w, h, &walls, boxes, &pulls) {
            round_trip(&level)?;
        }
    }
}
