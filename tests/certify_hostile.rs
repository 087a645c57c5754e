//! Hostile certificate folders (issue 22): `check-certificate` must refuse what is
//! false or dangerous quickly, within a memory cap, without echoing what it read;
//! `--certify DIR` must never write through a symlink planted in DIR.
//!
//! Every run here is bounded: an address-space cap (`RLIMIT_AS`) and a wall-clock
//! limit after which the child is killed and the test fails.

mod common;

use common::{Run, gridsat, gridsat_stdin, write};
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A uniquely solvable 17-clue puzzle.
const SEVENTEEN: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

/// What a hostile file outside the folder holds: it must never be echoed.
const SECRET: &str = "root:x:0:0:SECRET-LINE";

/// Runs `gridsat args` under an address-space cap of `cap` bytes, killed after `secs`
/// seconds (which fails the test); returns its result and its wall time.
fn bounded(args: &[&str], cap: u64, secs: u64) -> (Run, Duration) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gridsat"));
    cmd.args(args)
        .current_dir(common::root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: cap,
                rlim_max: cap,
            };
            libc::setrlimit(libc::RLIMIT_AS, &lim);
            Ok(())
        });
    }
    let t0 = Instant::now();
    let mut child = cmd.spawn().expect("gridsat runs");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let o = std::thread::spawn(move || {
        let mut s = String::new();
        out.read_to_string(&mut s).ok();
        s
    });
    let e = std::thread::spawn(move || {
        let mut s = String::new();
        err.read_to_string(&mut s).ok();
        s
    });
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t0.elapsed() > Duration::from_secs(secs) {
            child.kill().ok();
            child.wait().ok();
            panic!("gridsat {args:?} still running after {secs} s: killed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let run = Run {
        code: status.code().unwrap_or(-1),
        stdout: o.join().unwrap(),
        stderr: e.join().unwrap(),
    };
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    (run, t0.elapsed())
}

/// `check-certificate DIR` under 2 GiB and 60 s.
fn check(dir: &Path) -> Run {
    bounded(
        &["check-certificate", &dir.display().to_string()],
        2 << 30,
        60,
    )
    .0
}

/// A real certificate of SEVENTEEN (unique) in a fresh folder.
fn seventeen() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    let run = gridsat_stdin(
        &["sudoku", "solve", "--certify", &d],
        &format!("{SEVENTEEN}\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(check(dir.path()).code, 0);
    dir
}

/// Rewrites the value of `key` in the manifest.
fn set(dir: &Path, key: &str, value: &str) {
    let path = dir.join("manifest.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let prefix = format!("{key} ");
    let text: String = text
        .lines()
        .map(|l| match l.starts_with(&prefix) {
            true => format!("{key} {value}\n"),
            false => format!("{l}\n"),
        })
        .collect();
    std::fs::write(path, text).unwrap();
}

/// The run refused the folder (exit `code`), said `why`, and echoed nothing secret.
fn refused(run: &Run, code: i32, why: &str) {
    let all = format!("{}{}", run.stdout, run.stderr);
    assert_eq!(run.code, code, "{all}");
    assert!(all.contains(why), "expected '{why}' in:\n{all}");
    assert!(
        !all.contains("SECRET") && !all.contains("root:"),
        "echoed:\n{all}"
    );
}

#[test]
fn repeated_or_blank_symbols_are_rejected() {
    for (symbols, why) in [
        ("123456788", "symbol 9 repeats an earlier one"),
        ("12345678.", "symbol 9 is the blank '.'"),
        ("1234 5678", "symbol 5 is the blank '.' (or a space"),
        ("12345678", "8 symbols for a 9×9 grid"),
    ] {
        let dir = seventeen();
        set(dir.path(), "symbols", symbols);
        set(dir.path(), "claim", "unsat");
        refused(&check(dir.path()), 1, why);
    }
}

#[test]
fn a_box_whose_size_overflows_is_refused() {
    let dir = seventeen();
    set(dir.path(), "box", "99999999999x99999999999");
    refused(
        &check(dir.path()),
        1,
        "box must read PxQ, with 1 ≤ P·Q ≤ 100",
    );
}

#[test]
fn names_outside_the_folder_are_refused_without_echo() {
    let outside = tempfile::tempdir().unwrap();
    let secret = write(outside.path(), "secret.txt", &format!("{SECRET}\n"));
    for name in [
        secret.as_str(),
        "../secret.txt",
        "/etc/passwd",
        "sub/x",
        ".hidden",
    ] {
        let dir = seventeen();
        set(dir.path(), "puzzle", name);
        refused(&check(dir.path()), 1, "must name a plain file");
    }
}

#[test]
fn symlinks_fifos_and_devices_are_refused_before_reading() {
    let outside = tempfile::tempdir().unwrap();
    let secret = write(outside.path(), "secret.txt", &format!("{SECRET}\n"));
    let fifo = outside.path().join("fifo");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let mut targets = vec![secret.clone(), "/dev/zero".into(), "/dev/stdin".into()];
    if made {
        targets.push(fifo.display().to_string());
    }
    for target in &targets {
        let dir = seventeen();
        let link = dir.path().join("puzzle-1.puzzle");
        std::fs::remove_file(&link).unwrap();
        std::os::unix::fs::symlink(target, &link).unwrap();
        refused(&check(dir.path()), 1, "puzzle-1.puzzle: not a regular file");
    }
    let dir = seventeen();
    std::fs::remove_file(dir.path().join("manifest.txt")).unwrap();
    std::os::unix::fs::symlink(&secret, dir.path().join("manifest.txt")).unwrap();
    refused(&check(dir.path()), 2, "manifest.txt: not a regular file");
    if made {
        // A FIFO inside the folder, under its own name.
        let dir = seventeen();
        std::fs::remove_file(dir.path().join("puzzle-1.solution")).unwrap();
        let status = Command::new("mkfifo")
            .arg(dir.path().join("puzzle-1.solution"))
            .status()
            .unwrap();
        assert!(status.success());
        refused(
            &check(dir.path()),
            1,
            "puzzle-1.solution: not a regular file",
        );
    }
}

#[test]
fn oversized_files_and_bad_contents_are_refused_without_echo() {
    let dir = seventeen();
    let f = std::fs::File::create(dir.path().join("puzzle-1.puzzle")).unwrap();
    f.set_len((16 << 20) + 1).unwrap(); // sparse: nothing is written
    refused(
        &check(dir.path()),
        1,
        "more than the 16777216 this kind of file may hold",
    );
    let dir = seventeen();
    let grid = format!("{}{}", SECRET, &SEVENTEEN[SECRET.len()..]);
    std::fs::write(dir.path().join("puzzle-1.puzzle"), grid).unwrap();
    refused(
        &check(dir.path()),
        1,
        "cell 1: expected a symbol of the grid",
    );
    let dir = seventeen();
    common::carry_formula(dir.path());
    common::edit(dir.path(), "puzzle-1.cnf", |t| {
        t.replacen("\n1 ", &format!("\n{SECRET} "), 1)
    });
    refused(&check(dir.path()), 1, "expected a literal");
    let dir = seventeen();
    std::fs::write(
        dir.path().join("manifest.txt"),
        format!("entry p\nkind {SECRET}\nclaim sat\n"),
    )
    .unwrap();
    refused(&check(dir.path()), 1, "kind must be sudoku or sokoban");
}

#[test]
fn a_huge_box_is_refused_under_max_memory_before_it_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let grid = ".".repeat(100 * 100);
    write(dir.path(), "p.puzzle", &format!("{grid}\n"));
    write(dir.path(), "p.cnf", "p cnf 1 1\n1 0\n");
    write(dir.path(), "p.drat", "0\n");
    write(
        dir.path(),
        "manifest.txt",
        "entry puzzle-1\nkind sudoku\nclaim unsat\nbox 10x10\npuzzle p.puzzle\ncnf p.cnf\nproof p.drat\n",
    );
    let d = dir.path().display().to_string();
    let (run, took) = bounded(
        &["--max-memory", "2G", "check-certificate", &d],
        3 << 30,
        30,
    );
    refused(&run, 2, "more than half of the memory budget of 2048 MiB");
    assert!(
        run.stdout.contains("puzzle 1: NOT CHECKED"),
        "{}",
        run.stdout
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[test]
fn a_proof_too_large_to_replay_is_refused_before_it_is_read_into_clauses() {
    let dir = seventeen();
    std::fs::write(dir.path().join("puzzle-1.drat"), "1 0\n".repeat(200_000)).unwrap();
    let d = dir.path().display().to_string();
    let (run, _) = bounded(
        &["--max-memory", "64M", "check-certificate", &d],
        2 << 30,
        30,
    );
    refused(&run, 2, "replaying its proof (200001 lines)");
    let big = vec![b'1'; (16 << 20) + 1];
    std::fs::write(dir.path().join("puzzle-1.drat"), big).unwrap();
    let (run, _) = bounded(
        &["--max-memory", "64M", "check-certificate", &d],
        2 << 30,
        30,
    );
    refused(&run, 1, "more than the 16777216 this kind of file may hold");
}

#[test]
fn the_time_limit_stops_the_check_with_exit_4() {
    let dir = seventeen();
    let d = dir.path().display().to_string();
    let (run, _) = bounded(&["check-certificate", "--time-limit", "0", &d], 2 << 30, 30);
    refused(&run, 4, "not checked: the time limit ran out");
}

/// A level of `side`×`side` cells: a wall around boxes on goals, except a corridor
/// `@$.` in the first row (one push solves it).
fn immovable_level(side: usize) -> String {
    let mut rows = vec!["#".repeat(side)];
    for r in 1..side - 1 {
        let inner = if r == 1 {
            format!("@$.{}", "*".repeat(side - 5))
        } else {
            "*".repeat(side - 2)
        };
        rows.push(format!("#{inner}#"));
    }
    rows.push("#".repeat(side));
    rows.join("\n") + "\n"
}

#[test]
fn a_level_of_immovable_boxes_on_goals_is_checked_in_linear_time() {
    let dir = tempfile::tempdir().unwrap();
    let level = immovable_level(603);
    assert!(level.len() > 363_000, "{} bytes", level.len());
    write(dir.path(), "level-1.xsb", &level);
    write(dir.path(), "level-1.plan", "R\n");
    write(
        dir.path(),
        "manifest.txt",
        "entry level-1\nkind sokoban\nclaim optimal 1\nlevel level-1.xsb\nplan level-1.plan\n\
         horizon 0\ncnf level-1.cnf\nproof level-1.drat\n",
    );
    let d = dir.path().display().to_string();
    let (run, took) = bounded(&["check-certificate", &d], 2 << 30, 60);
    // The formula is rebuilt (every box but one is a wall), then the missing formula
    // file is reported: the fixpoint finished.
    refused(&run, 1, "level-1.cnf: entity not found");
    assert!(took < Duration::from_secs(20), "{took:?}");
}

#[test]
fn certify_never_writes_through_a_planted_symlink() {
    let outside = tempfile::tempdir().unwrap();
    let target = write(outside.path(), "victim.txt", "keep me\n");
    for plant in [
        "manifest.txt",
        "puzzle-1.cnf",
        "puzzle-1.drat",
        "puzzle-1.puzzle",
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(&target, dir.path().join(plant)).unwrap();
        let d = dir.path().display().to_string();
        let input = format!("{SEVENTEEN}\n");
        let run = gridsat_stdin(&["sudoku", "solve", "--certify", &d], &input);
        refused(&run, 2, "the folder is not empty");
        let run = gridsat_stdin(
            &["sudoku", "solve", "--certify", &d, "--certify-overwrite"],
            &input,
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(
            std::fs::read_to_string(&target).unwrap(),
            "keep me\n",
            "{plant}"
        );
        assert!(!dir.path().join(plant).is_symlink(), "{plant}");
        assert_eq!(check(dir.path()).code, 0);
    }
}

#[test]
fn sokoban_and_generate_certify_refuse_a_folder_that_is_not_empty() {
    let outside = tempfile::tempdir().unwrap();
    let target = write(outside.path(), "victim.txt", "keep me\n");
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(&target, dir.path().join("level-1.xsb")).unwrap();
    let d = dir.path().display().to_string();
    let level = "examples/sokoban/corridor.txt";
    let run = gridsat(&["sokoban", "solve", level, "--certify", &d]);
    refused(&run, 2, "the folder is not empty");
    let run = gridsat(&["sudoku", "generate", "--count", "1", "--certify", &d]);
    refused(&run, 2, "the folder is not empty");
    let run = gridsat(&[
        "sokoban",
        "solve",
        level,
        "--certify",
        &d,
        "--certify-overwrite",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me\n");
    assert_eq!(check(dir.path()).code, 0);
    // A second run into the same folder is refused, a third with the flag replaces it.
    let run = gridsat(&["sokoban", "solve", level, "--certify", &d]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let run = gridsat(&[
        "sokoban",
        "solve",
        level,
        "--certify",
        &d,
        "--certify-overwrite",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(check(dir.path()).code, 0);
}
