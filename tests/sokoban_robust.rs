//! The promises of issue 13 for Sokoban, driving the real binary: no wrong verdicts
//! (levels without a plan at any horizon are proven unsolvable, never a solver failure
//! or an endless climb), limits honoured within a second, plans that round-trip between
//! `solve`, `verify` and `show`, and exports that say exactly what they are.

mod common;

use common::gridsat as run;
use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The tests that time themselves run one at a time, not beside each other.
static TIMED: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    TIMED.lock().unwrap_or_else(|e| e.into_inner())
}

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
    let _one = one_at_a_time();
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

/// A one-row level whose corridor has `n` floor cells between the box and the goal.
fn corridor(n: usize) -> String {
    let wall = "#".repeat(n + 5);
    format!("{wall}\n#@${}.#\n{wall}\n", " ".repeat(n))
}

/// Runs gridsat and returns the run with its wall-clock time.
fn timed(args: &[&str]) -> (common::Run, Duration) {
    let started = Instant::now();
    let o = run(args);
    (o, started.elapsed())
}

#[test]
fn a_huge_level_honours_its_time_limit() {
    let _one = one_at_a_time();
    // A floor row of a million cells: the analysis, the tables and the first step are
    // large, and every one of them watches the clock.
    let f = temp(&corridor(1_000_000));
    let path = f.path().to_str().unwrap();
    for mode in ["pushes", "moves"] {
        let (o, took) = timed(&[
            "sokoban",
            "solve",
            path,
            "--json",
            "--time-limit",
            "1",
            "--optimize",
            mode,
        ]);
        assert_eq!(Some(o.code), Some(4), "{mode}: {}", o.stderr.clone());
        let r = &o.json()[0];
        assert_eq!(r["status"], "unknown", "{mode}: {r}");
        assert!(r["reason"].as_str().unwrap().contains("time limit"), "{r}");
        // Within a second of the limit in release builds; this debug build gets half a
        // second more, and a loaded machine its scheduling delay (common::load_slack).
        let solve = r["stats"]["seconds"].as_f64().unwrap();
        let allowed = 2.5 + common::load_slack();
        assert!(
            solve < allowed,
            "{mode}: the solve took {solve} s (allowed {allowed:.2} s)"
        );
        // Reading the 3 MB file comes on top; generous for loaded machines.
        assert!(took < Duration::from_secs(4), "{mode}: {took:?}");
    }
}

#[test]
fn a_wide_mutated_level_honours_its_time_limit() {
    let _one = one_at_a_time();
    // Microban 1 with a row widened by 20,000 cells: the freeze patterns were quadratic
    // in the cells (the run never ended), feeding millions of clauses to the solver
    // ignored the clock.
    let rows = [
        "####", "# .#", "#  ###", "#*@  #", "#  $ #", "#  ###", "####",
    ];
    let mut text = String::new();
    for (i, r) in rows.iter().enumerate() {
        if i == 4 {
            text.push_str(&format!("#  $ {}#\n", " ".repeat(20_000)));
        } else {
            text.push_str(r);
            text.push('\n');
        }
    }
    let f = temp(&text);
    let path = f.path().to_str().unwrap();
    for mode in ["pushes", "moves"] {
        let (o, took) = timed(&[
            "sokoban",
            "solve",
            path,
            "--json",
            "--time-limit",
            "2",
            "--optimize",
            mode,
        ]);
        assert!(matches!(o.code, 0 | 1 | 4), "{mode}: {}", o.stderr.clone());
        // Measured 2.0–2.3 s in a debug build (2.9 s with both cores busy) since the
        // clause store grows in chunks and the solver is given a formula only when the
        // time left covers handing it over (CI saw 4.8 s before: CaDiCaL's set-up of
        // 6.3 million variables cannot stop). Within a second of the limit, plus the
        // scheduler's delay on a loaded machine.
        let within = Duration::from_secs_f64(3.0 + common::load_slack());
        assert!(took < within, "{mode}: {took:?}");
    }
}

#[test]
fn ctrl_c_stops_a_long_solve_with_what_is_known() {
    let _one = one_at_a_time();
    let f = temp(&corridor(30_000));
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_gridsat"))
        .args(["sokoban", "solve", f.path().to_str().unwrap(), "--json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let signalled = Instant::now();
    // SAFETY: sending a signal to the child we started.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let out = child.wait_with_output().unwrap();
    assert!(
        signalled.elapsed() < Duration::from_secs(2),
        "{:?}",
        signalled.elapsed()
    );
    assert_eq!(out.status.code(), Some(4));
    let text = String::from_utf8_lossy(&out.stdout);
    let r: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(r["status"], "unknown", "{r}");
    assert!(r["reason"].as_str().unwrap().contains("interrupted"), "{r}");
}

#[test]
fn the_memory_ceiling_stops_a_solve_and_refuses_an_export() {
    let _one = one_at_a_time();
    let f = temp(&corridor(30_000));
    let path = f.path().to_str().unwrap();
    // The horizon search's formula is what the ceiling stops (the A* over push states
    // solves this corridor within it).
    let (o, took) = timed(&[
        "sokoban",
        "solve",
        path,
        "--json",
        "--max-memory",
        "64M",
        "--search",
        "horizon",
    ]);
    assert_eq!(Some(o.code), Some(4), "{}", o.stderr.clone());
    let r = &o.json()[0];
    assert_eq!(r["status"], "unknown", "{r}");
    let why = r["reason"].as_str().unwrap();
    assert!(
        why.contains("memory limit reached") && why.contains("MiB"),
        "{why}"
    );
    assert!(took < Duration::from_secs(20), "{took:?}");
    let o = run(&[
        "sokoban",
        "encode",
        path,
        "--horizon",
        "40000",
        "--max-memory",
        "64M",
    ]);
    assert_eq!(Some(o.code), Some(2), "{}", o.stderr.clone());
    assert!(
        o.stderr.clone().contains("memory budget"),
        "{}",
        o.stderr.clone()
    );
    assert!(o.stdout.clone().is_empty(), "no partial formula is written");
}
