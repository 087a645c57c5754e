//! The promises of issue 13 for Sokoban, driving the real binary: no wrong verdicts
//! (levels without a plan at any horizon are proven unsolvable, never a solver failure
//! or an endless climb), limits honoured within a second, plans that round-trip between
//! `solve`, `verify` and `show`, and exports that say exactly what they are.

mod common;

use common::gridsat as run;
use std::io::Write;
use std::time::{Duration, Instant};

fn temp(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(text.as_bytes()).unwrap();
    f
}

fn example(name: &str) -> String {
    common::root()
        .join("examples/sokoban")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn levels_without_any_plan_are_proven_unsolvable() {
    // The first answered "solver failure … (an encoding bug)", exit 5; the second grew
    // its horizon until memory ran out.
    for text in ["######\n#@.$ #\n######\n", "#######\n#@.$  #\n#######\n"] {
        let f = temp(text);
        let path = f.path().to_str().unwrap();
        for mode in ["pushes", "moves", "pushes,moves"] {
            let started = Instant::now();
            let o = run(&["sokoban", "solve", path, "--optimize", mode, "--json"]);
            assert_eq!(Some(o.code), Some(1), "{mode}: {}", o.stderr.clone());
            let r = &o.json()[0];
            assert_eq!(r["status"], "unsolvable", "{mode}: {r}");
            let why = r["reason"].as_str().unwrap();
            assert!(why.contains("exhaustive search"), "{why}");
            assert!(started.elapsed() < Duration::from_secs(10));
        }
    }
}

#[test]
fn plans_round_trip_between_solve_verify_and_show() {
    let two = example("two-boxes.txt");
    let o = run(&["sokoban", "solve", &two, "--course"]);
    assert_eq!(Some(o.code), Some(0), "{}", o.stderr.clone());
    let course = o.stdout.clone();
    let course = course.trim();
    assert!(course.contains(' '), "{course}");
    let o = run(&["sokoban", "solve", &two, "--json"]);
    let lurd = o.json()[0]["plan"].as_str().unwrap().to_string();
    let spaced: String = lurd.chars().flat_map(|c| [c, ' ']).collect();
    for plan in [
        course.to_string(),
        lurd.clone(),
        lurd.to_lowercase(),
        lurd.to_uppercase(),
        spaced,
    ] {
        let o = run(&["sokoban", "verify", &two, "--plan", &plan]);
        assert_eq!(Some(o.code), Some(0), "{plan}: {}", o.stdout.clone());
        assert!(o.stdout.clone().contains("valid: solves the level"));
        let o = run(&["sokoban", "show", &two, "--plan", &plan]);
        assert_eq!(Some(o.code), Some(0), "{plan}: {}", o.stderr.clone());
        // The frames carry the moves as played: pushes uppercase.
        let last = format!("move {}: {}", lurd.len(), lurd.chars().last().unwrap());
        assert!(o.stdout.clone().contains(&last), "{}", o.stdout.clone());
    }
}

#[test]
fn a_wrong_plan_is_exit_1_with_the_reason() {
    let tiny = example("tiny.xsb");
    for (plan, why) in [
        ("rLL", "move 3: 'L' walks into a wall"),
        ("rRRR", "move 4: 'R' pushes a box into a wall"),
        (
            "r",
            "not solved: after 1 moves (0 pushes) 1 box(es) stand off a goal",
        ),
        ("rRx", "move 3: 'x' is not a LURD letter"),
    ] {
        let o = run(&[
            "sokoban", "verify", &tiny, "--level", "corridor", "--plan", plan,
        ]);
        assert_eq!(Some(o.code), Some(1), "{plan}");
        assert!(
            o.stdout.clone().contains(why),
            "{plan}: {}",
            o.stdout.clone()
        );
    }
}
