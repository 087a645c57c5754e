//! Sokoban certificates end to end: `sokoban solve --certify DIR` writes them for
//! push-optimal plans (move-optimal ones: tests/certify_sokoban_moves.rs), `check-certificate DIR` accepts them (rebuilding the formula
//! with its own encoder, replaying the plan, checking the DRAT proof), and rejects every
//! tampered copy. Random small levels certify with the optimum a breadth-first search
//! finds, in pushes, in moves, and in pushes then moves.

mod common;

#[path = "../crates/sokoban/tests/bfs/mod.rs"]
mod bfs;

use common::{clauses, edit, gridsat, have, rejected, shared};
use gridsat_sat::Budget;
use gridsat_sokoban::report::{CertificateError, write_certificate};
use gridsat_sokoban::{Level, Optimize, SolveOptions, solve_level};
use proptest::prelude::*;
use std::path::Path;
use std::process::Command;

/// Two boxes whose certificate needs lemmas: the checker's pruning alone does not
/// refute 7 pushes.
const DETOUR: &str = "examples/sokoban/detour.xsb";

fn path(dir: &Path) -> String {
    dir.display().to_string()
}

/// Solves `file` (levels `which`) with `--certify` into a fresh folder.
fn certify(file: &str, which: &str) -> (tempfile::TempDir, common::Run) {
    let dir = tempfile::tempdir().unwrap();
    let d = path(dir.path());
    // The formula and its DRAT proof (the default backs a push optimum with the
    // push-state closure, tested in certify_sokoban_closure.rs).
    let args = ["sokoban", "solve", file, "-l", which, "--certify", &d];
    let run = gridsat(&[&args[..], &["--certify-with", "drat"]].concat());
    (dir, run)
}

fn check(dir: &Path) -> common::Run {
    gridsat(&["check-certificate", &path(dir)])
}

/// Certifies and checks; returns the checker's stdout lines.
fn certified(file: &str, which: &str) -> (tempfile::TempDir, Vec<String>) {
    let (dir, run) = certify(file, which);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("certified optimal"), "{}", run.stderr);
    let c = check(dir.path());
    assert_eq!(c.code, 0, "rejected:\n{}{}", c.stdout, c.stderr);
    (dir, c.stdout.lines().map(String::from).collect())
}

#[test]
fn the_bundled_levels_certify_and_check() {
    let (_d, lines) = certified("examples/sokoban/tiny.xsb", "all");
    assert_eq!(lines.len(), 4, "{lines:?}");
    for (i, l) in lines[..3].iter().enumerate() {
        let want = format!("level {}: optimal 2 — CNF matches the rules", i + 1);
        assert!(l.starts_with(&want), "{l}");
        assert!(l.ends_with("plan replayed, every box on a goal"), "{l}");
    }
    assert_eq!(lines[3], "all 3 entries checked");
    // The detour needs a real proof (two boxes, none refuted by the checker's pruning
    // alone): CaDiCaL's lemmas, each checked.
    let (_d, lines) = certified(DETOUR, "1");
    assert!(
        lines[0].starts_with("level 1: optimal 8 — CNF matches"),
        "{lines:?}"
    );
    assert!(lines[0].contains("proof checked ("), "{lines:?}");
}

#[test]
fn microban_levels_certify_and_check() {
    let Some(file) = shared("sokoban/microban.xsb") else {
        return;
    };
    let file = path(&file);
    let optima = [(1, 8), (2, 3), (3, 13), (4, 7), (5, 6), (7, 6), (9, 10)];
    for (level, pushes) in optima {
        let (_d, lines) = certified(&file, &level.to_string());
        let want = format!("level {level}: optimal {pushes} — CNF matches the rules");
        assert!(lines[0].starts_with(&want), "{lines:?}");
    }
}

#[test]
fn a_level_solved_at_the_start_needs_no_proof() {
    let dir = tempfile::tempdir().unwrap();
    let xsb = common::write(dir.path(), "l.xsb", "#####\n#@$.#\n#####\n");
    let xsb0 = common::write(dir.path(), "l0.xsb", "####\n#@*#\n####\n");
    let (_d, lines) = certified(&xsb0, "1");
    assert!(
        lines[0].starts_with("level 1: optimal 0 — plan replayed"),
        "{lines:?}"
    );
    let (_d, lines) = certified(&xsb, "1");
    assert!(lines[0].starts_with("level 1: optimal 1 —"), "{lines:?}");
}

#[test]
fn levels_without_a_plan_get_no_certificate() {
    let (dir, r) = certify("examples/sokoban/unsolvable.txt", "1");
    assert_eq!(r.code, 1, "unsolvable: {}", r.stderr);
    assert!(
        r.stderr.contains("level-1: no certificate: no plan"),
        "{}",
        r.stderr
    );
    let manifest = std::fs::read_to_string(dir.path().join("manifest.txt")).unwrap();
    assert!(!manifest.contains("\nentry "), "{manifest}");
}

#[test]
fn minisat_agrees_the_formula_below_the_plan_is_unsatisfiable() {
    if !have("minisat") {
        return;
    }
    let (dir, _) = certified(DETOUR, "1");
    let out = Command::new("minisat")
        .arg("-verb=0")
        .arg(dir.path().join("level-1.cnf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(20), "minisat says UNSAT");
}

// ---- random levels against a breadth-first search ------------------------------------

/// The claim a certificate of `level` optimised for `optimize` must make, from the
/// breadth-first search: fewest pushes, fewest moves, or (a push costing 1001 and a
/// walk 1, so that the cost is 1000 P + M) fewest pushes then moves; `None` without a
/// plan.
fn bfs_claim(level: &Level, optimize: Optimize) -> Option<String> {
    let g = bfs::Game::of(level);
    let start = (level.player, level.boxes.clone());
    match optimize {
        Optimize::Moves => g.optimum(start, 1, 1).map(|m| format!("optimal-moves {m}")),
        Optimize::PushesMoves => g.optimum(start, 1, 1001).map(|c| {
            let (p, m) = (c / 1000, c % 1000);
            format!("optimal {p}, optimal-moves {m} pushes {p}")
        }),
        _ => g.optimum(start, 0, 1).map(|p| format!("optimal {p}")),
    }
}

/// The oracle itself: two pushes and ten moves beat four pushes and eight (a
/// first-in-first-out queue over costs of 1 and 1001 claimed the latter, and a
/// fresh-clone CI run's proptest caught it on this room).
#[test]
fn the_bfs_claim_takes_fewest_pushes_then_moves() {
    let l = bfs::level("######\n##@. #\n# $  #\n#    #\n#    #\n######\n");
    let claim = bfs_claim(&l, Optimize::PushesMoves);
    assert_eq!(
        claim.as_deref(),
        Some("optimal 2, optimal-moves 10 pushes 2")
    );
    assert_eq!(
        bfs_claim(&l, Optimize::Pushes).as_deref(),
        Some("optimal 2")
    );
    assert_eq!(
        bfs_claim(&l, Optimize::Moves).as_deref(),
        Some("optimal-moves 8")
    );
}

/// Solves `level` through the library for `optimize`, certifies it and checks the
/// folder: the claim must be the BFS optimum, with two entries for pushes then moves.
fn round_trip(level: &Level, optimize: Optimize) -> Result<(), TestCaseError> {
    let budget = Budget::unlimited();
    let opts = SolveOptions::new(optimize);
    let report = solve_level(level, &opts, &budget, None).unwrap();
    let dir = tempfile::tempdir().unwrap();
    match (
        bfs_claim(level, optimize),
        write_certificate(dir.path(), level, &report, &budget),
    ) {
        (None, Err(CertificateError::NotOptimal(_))) => Ok(()),
        (Some(want), Ok(c)) => {
            prop_assert_eq!(c.claim.clone(), want, "{}", level);
            let entries = c.manifest.matches("\nkind sokoban").count();
            let two = optimize == Optimize::PushesMoves;
            prop_assert_eq!(entries, if two { 2 } else { 1 });
            let checked = common::check_blocks(dir.path(), &c.manifest);
            prop_assert!(checked.is_ok(), "{:?}\n{}", checked.err(), level);
            Ok(())
        }
        (o, r) => Err(TestCaseError::fail(format!(
            "BFS optimum {o:?}, certificate {r:?}\n{level}"
        ))),
    }
}

/// Pushes, moves, or pushes then moves.
const OPTIMIZE: [Optimize; 3] = [Optimize::Pushes, Optimize::Moves, Optimize::PushesMoves];

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_levels_certify_with_the_bfs_optimum(
        w in 3usize..6, h in 2usize..5,
        cells in proptest::collection::vec(any::<u8>(), 40),
        boxes in 1usize..3,
        which in 0usize..3,
    ) {
        if let Some(level) = bfs::random_level(w, h, &cells, boxes, false) {
            round_trip(&level, OPTIMIZE[which])?;
        }
    }

    #[test]
    fn pulled_levels_certify_with_the_bfs_optimum(
        w in 3usize..6, h in 3usize..5,
        walls in proptest::collection::vec(proptest::bool::weighted(0.15), 30),
        boxes in 1usize..3,
        pulls in proptest::collection::vec((any::<u8>(), any::<bool>()), 4..30),
        which in 0usize..3,
    ) {
        if let Some(level) = bfs::pulled_level(w, h, &walls, boxes, &pulls) {
            round_trip(&level, OPTIMIZE[which])?;
        }
    }
}

// ---- tampering -------------------------------------------------------------------

/// A certificate of the detour level (a real proof), in a fresh folder.
fn detour() -> tempfile::TempDir {
    certified(DETOUR, "1").0
}

#[test]
fn a_flipped_literal_in_the_cnf_is_rejected() {
    let dir = detour();
    edit(dir.path(), "level-1.cnf", |t| {
        clauses(t, |k, l| {
            Some(match (k, l.strip_prefix('-')) {
                (500, Some(rest)) => rest.to_string(),
                (500, None) => format!("-{l}"),
                _ => l.to_string(),
            })
        })
    });
    rejected(dir.path(), "the formula is not the encoding of the puzzle");
}

#[test]
fn a_dropped_clause_is_rejected() {
    let dir = detour();
    edit(dir.path(), "level-1.cnf", |t| {
        let t = clauses(t, |k, l| (k != 3000).then(|| l.to_string()));
        common::recount(&t, -1)
    });
    rejected(dir.path(), "is missing");
}

#[test]
fn a_pruning_fact_the_checker_cannot_rederive_is_rejected() {
    // "No box at this cell at step 1" for a cell where the checker's own dead-square and
    // distance analysis allows one: a fact gridsat might believe, the checker does not.
    let dir = detour();
    edit(dir.path(), "level-1.cnf", |t| {
        let units: Vec<&str> = t
            .lines()
            .filter(|l| l.split_whitespace().count() == 2)
            .collect();
        let var = t
            .lines()
            .filter_map(|l| l.strip_prefix("c var "))
            .filter(|l| l.ends_with(" t=1") && l.contains(" box at "))
            .map(|l| l.split_once(' ').unwrap().0)
            .find(|v| !units.contains(&format!("-{v} 0").as_str()))
            .expect("a cell the pruning leaves open at step 1")
            .to_string();
        common::recount(&format!("{t}-{var} 0\n"), 1)
    });
    rejected(dir.path(), "is not a clause of the rules");
}

#[test]
fn a_pruning_clause_left_out_is_rejected_too() {
    // The certified formula is exactly the rules and the checker's pruning: with one
    // unit `¬box(c, 1)` left out (at step 1 only dead squares and the distance from the
    // start make units) it is another formula.
    let dir = detour();
    edit(dir.path(), "level-1.cnf", |t| {
        let names: std::collections::HashMap<String, String> = t
            .lines()
            .filter_map(|l| l.strip_prefix("c var "))
            .map(|l| {
                let (v, n) = l.split_once(' ').unwrap();
                (v.to_string(), n.to_string())
            })
            .collect();
        let mut dropped = false;
        let t = clauses(t, |_, l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let unit_box =
                w.len() == 2 && w[0].starts_with('-') && names[&w[0][1..]].ends_with(" t=1");
            if unit_box && !dropped {
                dropped = true;
                return None;
            }
            Some(l.to_string())
        });
        assert!(dropped);
        common::recount(&t, -1)
    });
    rejected(dir.path(), "is missing");
}

#[test]
fn a_waste_budget_left_out_or_loosened_is_rejected() {
    // The bound "under the goal, the 7 steps waste at most the budget" of the "to
    // goals" counter: dropped, the formula is another one; pointed at another counter
    // variable (a bound the checker does not derive), it is not a clause of the rules.
    let bound = |t: &str| {
        let var = |name: &str| {
            let mut found = t
                .lines()
                .filter_map(|l| l.strip_prefix("c var "))
                .filter_map(|l| l.split_once(' '))
                .filter(|(_, n)| n.starts_with(name));
            found.next_back().map(|(v, _)| v.to_string())
        };
        let goal = var("goal at T=7").expect("the goal literal");
        let top = var("to goals: steps before 7 waste at least").expect("the sums");
        (goal, top)
    };
    let dir = detour();
    edit(dir.path(), "level-1.cnf", |t| {
        let (goal, top) = bound(&t);
        let clause = format!("-{goal} -{top} 0");
        let t = clauses(t, |_, l| (l != clause).then(|| l.to_string()));
        common::recount(&t, -1)
    });
    rejected(dir.path(), "is missing");
    let dir = detour();
    edit(dir.path(), "level-1.cnf", |t| {
        let (goal, top) = bound(&t);
        let top: usize = top.parse().unwrap();
        let clause = format!("-{goal} -{top} 0");
        clauses(t, |_, l| {
            Some(match l == clause {
                true => format!("-{goal} -{} 0", top + 1),
                false => l.to_string(),
            })
        })
    });
    rejected(dir.path(), "is not a clause of the rules");
}

#[test]
fn dropped_lemmas_are_rejected() {
    // The proof cut to its first quarter of lemmas, then the empty clause: the empty
    // clause is no longer a consequence by unit propagation.
    let dir = detour();
    edit(dir.path(), "level-1.drat", |t| {
        let lines: Vec<&str> = t.lines().collect();
        let mut out: String = lines[..lines.len() / 4]
            .iter()
            .map(|l| format!("{l}\n"))
            .collect();
        out.push_str("0\n");
        out
    });
    rejected(dir.path(), "the proof does not refute the formula");
    // No lemma at all.
    let dir = detour();
    edit(dir.path(), "level-1.drat", |_| "0\n".to_string());
    rejected(dir.path(), "the proof does not refute the formula");
}

#[test]
fn a_wrong_or_longer_plan_is_rejected() {
    let dir = detour();
    edit(dir.path(), "level-1.plan", |t| {
        t.replacen(['u', 'U'], "d", 1)
    });
    rejected(dir.path(), "the plan fails");
    // The same plan in the course's spaced capitals: pushes are told by replay, not
    // by case, so it still checks.
    let dir = detour();
    edit(dir.path(), "level-1.plan", |t| {
        let letters: Vec<String> = t
            .trim()
            .chars()
            .map(|c| c.to_uppercase().collect())
            .collect();
        format!("{}\n", letters.join(" "))
    });
    let c = check(dir.path());
    assert_eq!(c.code, 0, "{}{}", c.stdout, c.stderr);
    // A claim one push shorter than the plan.
    let dir = detour();
    edit(dir.path(), "manifest.txt", |t| {
        t.replace("claim optimal 8", "claim optimal 7")
    });
    rejected(dir.path(), "the plan makes 8 pushes, the claim says 7");
}

#[test]
fn a_changed_level_or_horizon_is_rejected() {
    // One more goal square (the level's rows after the title line).
    let dir = detour();
    edit(dir.path(), "level-1.xsb", |t| t.replacen("  ", " .", 1));
    rejected(dir.path(), "the formula is not the encoding of the puzzle");
    let dir = detour();
    edit(dir.path(), "manifest.txt", |t| {
        t.replace("horizon 7", "horizon 6")
    });
    rejected(
        dir.path(),
        "the horizon must be 7, one below the 8 pushes claimed",
    );
}

#[test]
fn a_proof_cut_by_the_time_limit_writes_no_entry_and_exits_4() {
    // Microban 36: A* proves 59 pushes optimal at once, but the textbook formula at
    // horizon 58 takes CaDiCaL more than a minute to refute. `drat` keeps the proof
    // (the default, `auto`, would back the claim with a push-state closure instead).
    let Some(file) = shared("sokoban/microban.xsb") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = path(dir.path());
    let t0 = std::time::Instant::now();
    let args = [
        "sokoban",
        "solve",
        &path(&file),
        "-l",
        "36",
        "--time-limit",
        "2",
        "--certify-with",
        "drat",
    ];
    let r = gridsat(&[&args[..], &["--certify", &d]].concat());
    let secs = t0.elapsed().as_secs_f64();
    assert_eq!(r.code, 4, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("no certificate: the proof was not finished"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.contains("59 pushes, push-optimal"), "{}", r.stdout);
    let slack = common::load_slack();
    assert!(
        secs < 3.0 + slack,
        "{secs:.2} s for a 2 s limit (slack {slack:.1})"
    );
    let manifest = std::fs::read_to_string(dir.path().join("manifest.txt")).unwrap();
    assert!(!manifest.contains("\nentry "), "{manifest}");
}

#[test]
fn a_formula_of_gigabytes_is_stopped_by_the_time_limit_and_leaves_no_file() {
    // Microban 155: 175 pushes; the formula at horizon 174 takes CaDiCaL gigabytes and
    // tens of seconds to load, so the limit must be asked while it loads and while the
    // CNF is written, and the unfinished files removed.
    let Some(file) = shared("sokoban/microban.xsb") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = path(dir.path());
    let t0 = std::time::Instant::now();
    let args = ["sokoban", "solve", &path(&file), "-l", "155"];
    let limit = [
        "--time-limit",
        "3",
        "--certify-with",
        "drat",
        "--certify",
        &d,
    ];
    let r = gridsat(&[&args[..], &limit[..]].concat());
    let secs = t0.elapsed().as_secs_f64();
    assert_eq!(r.code, 4, "{}", r.stderr);
    assert!(r.stderr.contains("no certificate"), "{}", r.stderr);
    let slack = common::load_slack();
    assert!(
        secs < 4.0 + slack,
        "{secs:.2} s for a 3 s limit (slack {slack:.1})"
    );
    for ext in ["cnf", "drat"] {
        assert!(
            !dir.path().join(format!("level-155.{ext}")).exists(),
            "{ext} left behind"
        );
    }
}
