//! `sokoban encode` writes what its header says: a plan of at most H pushes (or moves)
//! exists iff the formula is satisfiable, checked with the external solver minisat on
//! random small levels at the optimum (satisfiable, and `decode` turns minisat's model
//! into a verified plan of that cost) and one below it (unsatisfiable), with and without
//! the pruning families; and on the Microban level whose export used to be satisfiable
//! two pushes below its optimum.

mod common;

#[path = "../crates/sokoban/tests/bfs/mod.rs"]
mod bfs;

use bfs::{Game, pulled_level, random_level};
use common::{gridsat as run, have};
use gridsat_sokoban::Level;
use proptest::prelude::*;
use std::process::Command;

/// minisat's verdict on the export of `level` at `horizon`, and `decode`'s report of
/// its model (the cost of the plan).
fn minisat(level: &Level, mode: &str, horizon: usize, plain: bool) -> (bool, Option<usize>) {
    let dir = tempfile::tempdir().unwrap();
    let xsb = common::write(dir.path(), "level.xsb", &level.to_string());
    let cnf = dir.path().join("f.cnf");
    let h = horizon.to_string();
    let mut args = vec![
        "sokoban",
        "encode",
        &xsb,
        "--optimize",
        mode,
        "--horizon",
        &h,
    ];
    if plain {
        args.push("--plain");
    }
    let cnf_s = cnf.to_str().unwrap().to_string();
    args.extend(["--output", &cnf_s]);
    let o = run(&args);
    assert_eq!(Some(o.code), Some(0), "{}", o.stderr.clone());
    let out = dir.path().join("model.txt");
    let status = Command::new("minisat")
        .arg("-verb=0")
        .arg(&cnf)
        .arg(&out)
        .output()
        .unwrap();
    let sat = match status.status.code() {
        Some(10) => true,
        Some(20) => false,
        c => panic!("minisat answered {c:?}"),
    };
    if !sat {
        return (false, None);
    }
    let out_s = out.to_str().unwrap().to_string();
    let mut args = vec![
        "sokoban",
        "decode",
        &out_s,
        "--puzzle",
        &xsb,
        "--optimize",
        mode,
        "--horizon",
        &h,
    ];
    if plain {
        args.push("--plain");
    }
    let o = run(&args);
    assert_eq!(Some(o.code), Some(0), "{}", o.stdout.clone());
    let line = o.stdout.clone();
    let (moves, pushes) = parse_counts(&line);
    (true, Some(if mode == "moves" { moves } else { pushes }))
}

/// `N moves, P pushes` from decode's first line.
fn parse_counts(line: &str) -> (usize, usize) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = |unit: &str| {
        let i = words
            .iter()
            .position(|w| w.trim_end_matches(',') == unit)
            .unwrap();
        words[i - 1].parse().unwrap()
    };
    (at("moves"), at("pushes"))
}

/// At the optimum: satisfiable, and the decoded plan costs the optimum (no more is
/// allowed, no less exists); one below: unsatisfiable.
fn check(level: &Level, mode: &str, optimum: usize) -> Result<(), TestCaseError> {
    for plain in [false, true] {
        let (sat, cost) = minisat(level, mode, optimum, plain);
        prop_assert!(
            sat,
            "{} plain {} at the optimum {}\n{}",
            mode,
            plain,
            optimum,
            level
        );
        prop_assert_eq!(cost, Some(optimum), "{} plain {}\n{}", mode, plain, level);
        if optimum > 0 {
            let (sat, _) = minisat(level, mode, optimum - 1, plain);
            prop_assert!(
                !sat,
                "{} plain {} below the optimum {}\n{}",
                mode,
                plain,
                optimum,
                level
            );
        }
    }
    Ok(())
}

fn check_level(l: &Level) -> Result<(), TestCaseError> {
    let g = Game::of(l);
    let start = (l.player, l.boxes.clone());
    // Levels solved at the start or by one push say little: left out.
    let Some(pushes) = g.optimum(start.clone(), 0, 1).filter(|&p| p >= 2) else {
        return Ok(());
    };
    if std::env::var_os("SHOW_EXPORTS").is_some() {
        eprintln!("export check: {pushes} pushes\n{l}");
    }
    check(l, "pushes", pushes as usize)?;
    if let Some(moves) = g.optimum(start, 1, 1) {
        check(l, "moves", moves as usize)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn exports_are_exact_on_random_small_levels(
        w in 3usize..6, h in 2usize..4,
        walls in prop::collection::vec(prop::bool::weighted(0.15), 1..20),
        boxes in 1usize..3,
        pulls in prop::collection::vec((0u8..4, prop::bool::weighted(0.8)), 10..60),
        cells in prop::collection::vec(any::<u8>(), 8..24),
    ) {
        if !have("minisat") {
            return Ok(());
        }
        if let Some(l) = pulled_level(w, h, &walls, boxes, &pulls) {
            check_level(&l)?;
        }
        if let Some(l) = random_level(w, h, &cells, boxes, false) {
            check_level(&l)?;
        }
    }
}

#[test]
fn microban_31_exports_no_plan_two_pushes_below_its_optimum() {
    let file = common::root().join("../shared/data/sokoban/microban.xsb");
    if !file.exists() {
        eprintln!("skipping: {} is missing", file.display());
        return;
    }
    if !have("minisat") {
        return;
    }
    let text = std::fs::read_to_string(&file).unwrap();
    let levels = gridsat_sokoban::parse_levels(&text, "microban.xsb", Default::default()).unwrap();
    let l = &levels[30];
    // Its optimum is 6 pushes (optimal_computed.tsv); the relaxation without loop
    // formulas let a box be "pushed" out of a sealed pocket at 4.
    let (sat, _) = minisat(l, "pushes", 4, false);
    assert!(!sat, "satisfiable two pushes below the optimum");
}
