//! Issue 13's promises for Sudoku, each driving the real binary: limits and Ctrl-C
//! honoured within a second, memory budgeted (no input aborts the process), answers
//! streamed and complete when interrupted, the inputs people have, every model form,
//! exit codes that mean one thing, and hard puzzles on request.
//!
//! Limits here are 1–2 s so the file stays quick; tests that need `../shared/data`
//! skip with a message when it is absent.

mod common;

use common::{gridsat, gridsat_stdin, have, root, write};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// One finished run and how long it took.
struct Timed {
    code: i32,
    stdout: String,
    stderr: String,
    /// Seconds from start to exit.
    secs: f64,
    /// Seconds from the interrupt (when one was sent) to exit.
    after_signal: f64,
}

impl Timed {
    fn json(&self) -> Vec<serde_json::Value> {
        self.stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("cut JSON line {l}: {e}")))
            .collect()
    }
}

fn spawn(args: &[&str], stdin: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_gridsat"))
        .args(args)
        .current_dir(root())
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gridsat runs")
}

/// Waits for `child` (reading its output meanwhile), sending SIGINT after `interrupt`.
fn finish(child: Child, t0: Instant, interrupt: Option<Duration>) -> Timed {
    let pid = child.id().to_string();
    let waiter = std::thread::spawn(move || child.wait_with_output().expect("gridsat finishes"));
    let mut signalled = None;
    if let Some(after) = interrupt {
        std::thread::sleep(after.saturating_sub(t0.elapsed()));
        let sent = Command::new("kill").args(["-INT", &pid]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -INT {pid}");
        signalled = Some(Instant::now());
    }
    let out = waiter.join().expect("waiter");
    let end = Instant::now();
    let t = Timed {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        secs: (end - t0).as_secs_f64(),
        after_signal: signalled.map_or(0.0, |s| (end - s).as_secs_f64()),
    };
    assert!(
        !t.stderr.contains("panicked"),
        "gridsat panicked:\n{}",
        t.stderr
    );
    t
}

/// Runs gridsat with `args` (no stdin) and times it.
fn timed(args: &[&str]) -> Timed {
    let t0 = Instant::now();
    finish(spawn(args, Stdio::null()), t0, None)
}

/// Runs gridsat with `args` and presses Ctrl-C (SIGINT) after `after`.
fn interrupted(args: &[&str], after: Duration) -> Timed {
    let t0 = Instant::now();
    finish(spawn(args, Stdio::null()), t0, Some(after))
}

/// A file of the shared data folder, or `None` (with a message) when it is absent.
fn data(rel: &str) -> Option<String> {
    let p: PathBuf = root().join("../shared/data").join(rel);
    if p.exists() {
        Some(p.display().to_string())
    } else {
        eprintln!("skipping: {} is missing (../shared/data)", p.display());
        None
    }
}

/// The non-consecutive example with its first line deleted: the template of the issue,
/// whose puzzles take far longer than any limit used here.
fn slow_template(dir: &std::path::Path) -> String {
    let text = std::fs::read_to_string(root().join("examples/sudoku/variants/non-consecutive.txt"))
        .expect("example");
    let rest: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
    write(dir, "non-consecutive-cut.txt", &rest)
}

/// A time limit is kept when the run ends within a second of it (plus `common::load_slack`).
fn within(t: &Timed, limit: f64, what: &str) {
    assert!(
        t.secs < limit + 1.0 + common::load_slack(),
        "{what}: took {:.2} s with a limit of {limit} s\n{}",
        t.secs,
        t.stderr
    );
}

/// Ctrl-C is honoured when the run ends within a second of it (plus `common::load_slack`),
/// exit 4.
fn stops_on_ctrl_c(t: &Timed, what: &str) {
    assert!(
        t.after_signal < 1.0 + common::load_slack(),
        "{what}: took {:.2} s after Ctrl-C\n{}",
        t.after_signal,
        t.stderr
    );
    assert_eq!(t.code, 4, "{what}: {}", t.stderr);
}

#[test]
fn generate_from_a_slow_template_stops_on_time_and_on_ctrl_c() {
    let dir = tempfile::tempdir().unwrap();
    let template = slow_template(dir.path());
    let args = [
        "sudoku",
        "generate",
        "--template",
        &template,
        // Twenty: with the 9×9 bitboard deduction two puzzles can come in half a
        // second, before the one-second limit or Ctrl-C the test needs to see.
        "--count",
        "20",
    ];
    let mut limited = args.to_vec();
    limited.extend(["--time-limit", "1"]);
    let t = timed(&limited);
    within(&t, 1.0, "generate --time-limit 1");
    assert_eq!(t.code, 4, "{}", t.stderr);
    assert!(
        t.stderr.contains("stopped by the time limit"),
        "{}",
        t.stderr
    );
    let t = interrupted(&args, Duration::from_secs(1));
    stops_on_ctrl_c(&t, "generate, Ctrl-C");
    assert!(t.stderr.contains("interrupted"), "{}", t.stderr);
}

#[test]
fn generate_shows_progress_on_a_terminal_and_only_there() {
    if !have("script") {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_gridsat");
    let cmd = format!("{bin} sudoku generate --size 25 --time-limit 2 --threads 1");
    // `script` runs the command on a pseudo-terminal and copies what it shows.
    let out = Command::new("script")
        .args(["-qefc", &cmd, "/dev/null"])
        .current_dir(root())
        .stdin(Stdio::null())
        .output()
        .expect("script runs");
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("puzzle 1: attempt 1"), "{shown}");
    assert!(shown.contains("removing givens"), "{shown}");
    let t = timed(&[
        "sudoku",
        "generate",
        "--size",
        "25",
        "--time-limit",
        "1",
        "--threads",
        "1",
    ]);
    assert!(!t.stderr.contains("removing givens"), "{}", t.stderr);
    assert_eq!(t.code, 4);
}

#[test]
fn rate_hint_explain_candidates_and_bench_honour_time_limits() {
    let (Some(hardest), Some(clue17)) = (
        data("sudoku/9x9/hardest-1106.txt"),
        data("sudoku/9x9/17clue-49158.txt"),
    ) else {
        return;
    };
    let cases: [(&[&str], &str); 6] = [
        (&["rate", &hardest], "unknown (time limit: not rated)"),
        (&["explain", &hardest], "unknown (time limit)"),
        (
            &["explain", "--json", &hardest],
            "\"reason\":\"time limit\"",
        ),
        (&["hint", &clue17], "unknown"),
        (&["candidates", &clue17], ""),
        (&["bench", "--limit", "300", &hardest], ""),
    ];
    for (args, tail) in cases {
        let mut all = vec!["sudoku"];
        all.extend(args);
        all.extend(["--time-limit", "1"]);
        let t = timed(&all);
        let what = args.join(" ");
        within(&t, 1.0, &what);
        assert_eq!(t.code, 4, "{what}: {}", t.stderr);
        assert!(!t.stdout.is_empty(), "{what}: nothing reported");
        assert!(
            t.stdout.trim_end().ends_with('|') || t.stdout.contains(tail),
            "{what}"
        );
        if args.contains(&"--json") {
            let js = t.json();
            assert_eq!(js.len(), 375, "{what}: one line per puzzle");
            assert_eq!(js[374]["status"], "unknown");
        }
        if args[0] == "bench" {
            assert!(
                t.stderr.contains("the rows above were measured"),
                "{}",
                t.stderr
            );
        }
    }
}

#[test]
fn rate_hint_explain_candidates_and_bench_stop_on_ctrl_c() {
    let (Some(hardest), Some(clue17)) = (
        data("sudoku/9x9/hardest-1106.txt"),
        data("sudoku/9x9/17clue-49158.txt"),
    ) else {
        return;
    };
    let cases: [&[&str]; 5] = [
        &["rate", "--json", &hardest],
        &["explain", "--json", &hardest],
        &["hint", "--json", &clue17],
        &["candidates", "--json", &clue17],
        &["bench", "--limit", "300", &hardest],
    ];
    for args in cases {
        let mut all = vec!["sudoku"];
        all.extend(args);
        let t = interrupted(&all, Duration::from_millis(700));
        let what = args.join(" ");
        stops_on_ctrl_c(&t, &what);
        if args.contains(&"--json") {
            // Every line complete: no JSON object cut by the interrupt.
            let js = t.json();
            assert!(!js.is_empty(), "{what}: nothing reported");
        }
    }
}

#[test]
fn an_empty_400_grid_is_answered_or_refused_not_an_abort() {
    let dir = tempfile::tempdir().unwrap();
    let row = vec!["0"; 400].join(" ");
    let text: String = (0..400).map(|_| format!("{row}\n")).collect();
    let file = write(dir.path(), "empty-400.txt", &text);
    // The sparse path writes two solutions down (the pattern grid, and a swap of two of
    // its symbols), each checked, with no formula.
    let t = timed(&["sudoku", "solve", "--time-limit", "30", &file]);
    assert_eq!(t.code, 3, "{}", t.stderr);
    assert!(
        t.stdout.starts_with("puzzle 1: multiple"),
        "{}",
        &t.stdout[..80]
    );
    // Without it, the formula is refused for its size, never an abort.
    let off = ["--sparse", "off", "--time-limit", "30"];
    let t = timed(&[&["sudoku", "solve"][..], &off, &[&file]].concat());
    assert_eq!(t.code, 4, "{}", t.stderr);
    assert!(t.stdout.contains("unknown (memory limit:"), "{}", t.stdout);
    assert!(t.stdout.contains("--max-memory"), "{}", t.stdout);
    let t = timed(&[&["sudoku", "solve", "--json"][..], &off, &[&file]].concat());
    let j = &t.json()[0];
    assert_eq!(j["status"], "unknown");
    assert!(
        j["reason"].as_str().unwrap().starts_with("memory limit"),
        "{j}"
    );
    // rate asks solve first: two solutions, and only puzzles with one are rated.
    let t = timed(&["sudoku", "rate", &file]);
    assert_eq!(t.code, 3, "{}", t.stderr);
    assert!(t.stdout.starts_with("puzzle 1: multiple"), "{}", t.stdout);
    let t = timed(&["sudoku", "encode", "--encoding", "reduced", &file]);
    assert_eq!(t.code, 2);
    assert!(t.stdout.is_empty());
    assert!(
        t.stderr.contains("more than the memory budget"),
        "{}",
        t.stderr
    );
    assert!(t.stderr.contains("--max-memory"), "{}", t.stderr);
}

#[test]
fn a_full_encoding_too_large_names_the_reduced_one() {
    let Some(big) = data("sudoku/large/sudoku-400-1.txt") else {
        return;
    };
    let t = timed(&["sudoku", "encode", &big, "--encoding", "extended"]);
    assert_eq!(t.code, 2);
    assert!(
        t.stderr.contains("would need about 5.1e10 clauses"),
        "{}",
        t.stderr
    );
    assert!(t.stderr.contains("use --encoding reduced"), "{}", t.stderr);
}

#[test]
fn one_row_of_10000_integers_is_read_and_answered_within_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let zeros = write(
        dir.path(),
        "zeros.txt",
        &(vec!["0"; 10_000].join(" ") + "\n"),
    );
    let t = timed(&["sudoku", "solve", "--time-limit", "1", &zeros]);
    within(&t, 1.0, "empty 100×100 on one line");
    assert_eq!(t.code, 3, "{}", t.stderr);
    assert!(
        t.stdout.starts_with("puzzle 1: multiple"),
        "{}",
        &t.stdout[..80]
    );
    let off = [
        "sudoku",
        "solve",
        "--sparse",
        "off",
        "--time-limit",
        "1",
        &zeros,
    ];
    let t = timed(&off);
    within(&t, 1.0, "empty 100×100 on one line, --sparse off");
    assert_eq!(t.code, 4, "{}", t.stderr);
    assert!(t.stdout.starts_with("puzzle 1: unknown"), "{}", t.stdout);
    // The same integer everywhere: the givens contradict each other at once.
    let ones = write(
        dir.path(),
        "ones.txt",
        &(vec!["1"; 10_000].join(" ") + "\n"),
    );
    let t = timed(&["sudoku", "solve", "--time-limit", "5", &ones]);
    assert_eq!(t.code, 1, "{}", t.stderr);
    assert!(t.stdout.starts_with("puzzle 1: unsat"), "{}", t.stdout);
}

#[test]
fn dev_zero_is_refused_at_once_as_a_file_and_on_stdin() {
    if !std::path::Path::new("/dev/zero").exists() {
        return;
    }
    let t = timed(&["sudoku", "solve", "/dev/zero"]);
    assert_eq!(t.code, 2);
    assert!(t.secs < 2.0, "{:.2} s", t.secs);
    assert!(
        t.stderr
            .contains("/dev/zero:1:1: this is not a text file (a NUL byte)"),
        "{}",
        t.stderr
    );
    let t0 = Instant::now();
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let t = finish(
        spawn(&["sudoku", "solve", "-"], Stdio::from(zero)),
        t0,
        None,
    );
    assert_eq!(t.code, 2);
    assert!(t.secs < 2.0, "{:.2} s", t.secs);
    assert!(
        t.stderr
            .contains("<stdin>:1:1: this is not text (a NUL byte)"),
        "{}",
        t.stderr
    );
}

#[test]
fn a_file_larger_than_the_input_ceiling_is_refused_and_stdin_streams_it() {
    let dir = tempfile::tempdir().unwrap();
    // 40,000 copies of one puzzle: 3.3 MB, above the ceiling of --max-memory 8M
    // (a quarter of it, at least 1 MiB).
    let text = format!("{P9}\n").repeat(40_000);
    let file = write(dir.path(), "big.txt", &text);
    let t = timed(&["--max-memory", "8M", "sudoku", "solve", &file]);
    assert_eq!(t.code, 2, "{}", t.stderr);
    assert!(t.stdout.is_empty());
    assert!(
        t.stderr
            .contains("too large to read whole (raise --max-memory"),
        "{}",
        t.stderr
    );
    let r = gridsat_stdin(&["--max-memory", "8M", "sudoku", "solve", "-"], &text);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().filter(|l| *l == S9).count(), 40_000);
}

#[test]
fn an_interrupted_parallel_solve_prints_every_answer_it_has() {
    let Some(clue17) = data("sudoku/9x9/17clue-49158.txt") else {
        return;
    };
    let args = [
        "sudoku",
        "solve",
        "--encoding",
        "minimal",
        "--presolve",
        "off",
        "--threads",
        "2",
        "--json",
        &clue17,
    ];
    // The issue saw nothing on stdout in 13 of 24 runs: three in a row must all be right.
    for run in 0..3 {
        let t = interrupted(&args, Duration::from_millis(800 + 200 * run));
        stops_on_ctrl_c(&t, "solve --threads 2, Ctrl-C");
        let js = t.json();
        assert_eq!(js.len(), 49_158, "one line per puzzle");
        for (i, j) in js.iter().enumerate() {
            assert_eq!(j["puzzle"], i + 1, "input order");
        }
        let solved = js.iter().take_while(|j| j["status"] == "unique").count();
        assert!(solved > 0, "answers found before the interrupt are printed");
        // Every other puzzle is unique (answered before the interrupt, perhaps by the
        // thread ahead) or unknown because of the interrupt.
        for j in &js {
            if j["status"] != "unique" {
                assert_eq!(j["status"], "unknown", "{j}");
                assert!(j["reason"].as_str().unwrap().contains("interrupted"), "{j}");
            }
        }
        assert_eq!(js[49_157]["status"], "unknown");
    }
}

#[test]
fn solve_from_stdin_honours_ctrl_c_while_waiting() {
    let t0 = Instant::now();
    let mut child = spawn(&["sudoku", "solve", "-"], Stdio::piped());
    // Keep stdin open and silent: gridsat waits for a puzzle.
    let _stdin = child.stdin.take();
    let t = finish(child, t0, Some(Duration::from_millis(500)));
    stops_on_ctrl_c(&t, "solve - waiting for stdin");
    assert!(
        t.stderr.contains("interrupted while reading <stdin>"),
        "{}",
        t.stderr
    );
}

#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    let Some(hardest) = data("sudoku/9x9/hardest-1106.txt") else {
        return;
    };
    // `… | head -5`: the reader goes away after five lines.
    let cases: [&[&str]; 4] = [
        &["sudoku", "bench", "--limit", "100", "--runs", "1", &hardest],
        &["sudoku", "solve", &hardest],
        &["sudoku", "rate", &hardest],
        &["sudoku", "generate", "--count", "50", "--seed", "1"],
    ];
    for args in cases {
        let mut child = spawn(args, Stdio::null());
        let out = child.stdout.take().unwrap();
        let lines: Vec<String> = BufReader::new(out)
            .lines()
            .take(5)
            .map(Result::unwrap)
            .collect();
        assert_eq!(lines.len(), 5, "{args:?}");
        let t = finish(child, Instant::now(), None);
        assert_eq!(t.code, 0, "{args:?}: {}", t.stderr);
        assert!(!t.stderr.contains("Broken pipe"), "{args:?}: {}", t.stderr);
    }
}

/// The famous example of the README and its solution.
const P9: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const S9: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// P9's rows as lists of integers joined by `sep`, blanks written `blank`.
fn rows(sep: &str, blank: &str) -> Vec<String> {
    P9.as_bytes()
        .chunks(9)
        .map(|r| {
            r.iter()
                .map(|&b| {
                    if b == b'.' {
                        blank.to_string()
                    } else {
                        (b as char).to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(sep)
        })
        .collect()
}

/// P9 in a frame: `top`, `mid` and `bottom` rules, `side` between boxes.
fn framed(top: &str, mid: &str, bottom: &str, side: &str) -> String {
    let mut t = format!("{top}\n");
    for (i, r) in rows(" ", ".").iter().enumerate() {
        let c: Vec<&str> = r.split(' ').collect();
        t += &format!(
            "{side} {} {side} {} {side} {} {side}\n",
            c[..3].join(" "),
            c[3..6].join(" "),
            c[6..].join(" ")
        );
        if i % 3 == 2 {
            t += &format!("{}\n", if i == 8 { bottom } else { mid });
        }
    }
    t
}

#[test]
fn the_inputs_people_have_are_read_as_meant() {
    let dir = tempfile::tempdir().unwrap();
    let ascii = "+-------+-------+-------+";
    let forms = [
        ("framed", framed(ascii, ascii, ascii, "|")),
        (
            "box-drawing",
            framed(
                "┌───────┬───────┬───────┐",
                "├───────┼───────┼───────┤",
                "└───────┴───────┴───────┘",
                "│",
            ),
        ),
        (
            "rule above row 1",
            format!("------+-------+------\n{}\n", rows(" ", ".").join("\n")),
        ),
        ("bom", format!("\u{feff}{P9}\n")),
        (
            "bom before a block",
            format!("\u{feff}{}\n", rows(" ", "0").join("\n")),
        ),
        ("csv", rows(",", "0").join("\n") + "\n"),
        ("csv with empty fields", rows(",", "").join("\n") + "\n"),
        (
            "csv with trailing separators",
            rows(";", "0").join(";\n") + ";\n",
        ),
        (
            "python list",
            format!("[[{}]]\n", rows(", ", "0").join("], [")),
        ),
        (
            "python list over lines",
            format!("[\n  [{}]\n]\n", rows(", ", "0").join("],\n  [")),
        ),
    ];
    for (i, (name, text)) in forms.iter().enumerate() {
        let file = write(dir.path(), &format!("form-{i}.txt"), text);
        let t = timed(&["sudoku", "solve", "--json", &file]);
        assert_eq!(t.code, 0, "{name}: {}\n{text}", t.stderr);
        let js = t.json();
        assert_eq!(js.len(), 1, "{name}: read as one puzzle\n{text}");
        assert_eq!(js[0]["solution"], S9, "{name}");
        assert!(t.stderr.is_empty(), "{name}: {}", t.stderr);
    }
}

/// The 16×16 example as a hexadoku line: symbols 0-F, blanks `.`, and its solution
/// in the same alphabet.
fn hexadoku() -> (String, String) {
    let r = gridsat(&["sudoku", "solve", "--json", "examples/sudoku/16x16.txt"]);
    let solution = r.json()[0]["solution"].as_str().unwrap().to_string();
    let hex = |v: u32| char::from_digit(v - 1, 16).unwrap().to_ascii_uppercase();
    let text = std::fs::read_to_string(root().join("examples/sudoku/16x16.txt")).unwrap();
    let line: String = text
        .split_whitespace()
        .map(|t| match t.parse::<u32>().unwrap() {
            0 => '.',
            v => hex(v),
        })
        .collect();
    let sol: String = solution
        .chars()
        .map(|c| hex(c.to_digit(17).unwrap()))
        .collect();
    (line, sol)
}

#[test]
fn hexadoku_is_detected_and_an_ambiguous_zero_is_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    let (line, sol) = hexadoku();
    let spaced: String = line
        .as_bytes()
        .chunks(16)
        .map(|r| {
            r.iter()
                .map(|&b| (b as char).to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    for (name, text) in [("line", format!("{line}\n")), ("block", spaced)] {
        let file = write(dir.path(), &format!("hex-{name}.txt"), &text);
        let t = timed(&["sudoku", "solve", "--json", &file]);
        assert_eq!(t.code, 0, "{name}: {}", t.stderr);
        let j = &t.json()[0];
        assert_eq!(j["status"], "unique", "{name}");
        assert_eq!(j["solution"], sol.as_str(), "{name}: 0 is a symbol");
        assert!(t.stderr.is_empty(), "{name}: {}", t.stderr);
    }
    // A complete 0-F grid: 0 may be a symbol or a blank; read as a blank, with the fix.
    let file = write(dir.path(), "hex-full.txt", &format!("{sol}\n"));
    let t = timed(&["sudoku", "solve", &file]);
    assert!(
        t.stderr.contains("--symbols 0123456789ABCDEF"),
        "{}",
        t.stderr
    );
    assert_eq!(t.stderr.lines().count(), 1, "{}", t.stderr);
    let t = timed(&["sudoku", "solve", "--symbols", "0123456789ABCDEF", &file]);
    assert_eq!(t.code, 0, "{}", t.stderr);
    assert!(t.stderr.is_empty(), "{}", t.stderr);
}

#[test]
fn a_refusal_names_file_line_and_column_once() {
    let dir = tempfile::tempdir().unwrap();
    let ascii = "+-------+-------+-------+";
    let mut text = framed(ascii, ascii, ascii, "|");
    text = text.replacen("| 6 . . | 1 9 5", "| 6 . | 1 9 5", 1);
    let file = write(dir.path(), "framed-bad.txt", &text);
    let t = timed(&["sudoku", "solve", &file]);
    assert_eq!(t.code, 2);
    let at = format!("{file}:3:1:");
    assert_eq!(t.stderr.matches(&at).count(), 1, "{}", t.stderr);
    assert_eq!(
        t.stderr.lines().count(),
        1,
        "one error for one bad grid: {}",
        t.stderr
    );
    assert!(t.stdout.contains("puzzle 1: error:"), "{}", t.stdout);
    // stdout and stderr in one place (`2>&1`): said once in all.
    let bin = env!("CARGO_BIN_EXE_gridsat");
    let out = Command::new("sh")
        .args(["-c", &format!("'{bin}' sudoku solve '{file}' 2>&1")])
        .output()
        .unwrap();
    let both = String::from_utf8_lossy(&out.stdout);
    assert_eq!(both.matches(&at).count(), 1, "{both}");
    for cmd in ["rate", "hint", "explain", "candidates", "encode"] {
        let t = timed(&["sudoku", cmd, &file]);
        assert_eq!(t.code, 2, "{cmd}");
        assert_eq!(
            t.stderr.matches(&at).count() + t.stdout.matches(&at).count(),
            1,
            "{cmd}"
        );
    }
}

/// A model of the extended encoding of examples/sudoku/4x4.txt (variables
/// 16·row + 4·col + value), as signed literals.
fn model_4x4() -> Vec<i32> {
    let solution = "1243341221344321";
    let mut lits = Vec::new();
    for (i, c) in solution.chars().enumerate() {
        for v in 1..=4 {
            let var = (i * 4 + v) as i32;
            lits.push(if c.to_digit(10) == Some(v as u32) {
                var
            } else {
                -var
            });
        }
    }
    lits
}

#[test]
fn decode_reads_every_model_form_and_a_wrong_model_is_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let lits = model_4x4();
    let join = |l: &[i32], sep: &str| l.iter().map(i32::to_string).collect::<Vec<_>>().join(sep);
    let forms = [
        (
            "s and v lines",
            format!("s SATISFIABLE\nv {} 0\n", join(&lits, " ")),
        ),
        (
            "v lines without s, v 0",
            format!(
                "v {}\nv {}\nv 0\n",
                join(&lits[..30], " "),
                join(&lits[30..], " ")
            ),
        ),
        ("MiniSat result", format!("SAT\n{} 0\n", join(&lits, " "))),
        ("bare literals", format!("{}\n", join(&lits, " "))),
        ("PySAT list", format!("[{}]\n", join(&lits, ", "))),
    ];
    for (i, (name, text)) in forms.iter().enumerate() {
        let model = write(dir.path(), &format!("model-{i}.txt"), text);
        let args = [
            "sudoku",
            "decode",
            &model,
            "--puzzle",
            "examples/sudoku/4x4.txt",
            "--encoding",
            "extended",
        ];
        let r = gridsat(&args);
        assert_eq!(r.code, 0, "{name}: {}{}", r.stdout, r.stderr);
        assert!(
            r.stdout.starts_with("1 2 | 4 3\n3 4 | 1 2\n"),
            "{name}: {}",
            r.stdout
        );
    }
    // r1c1 = 2 instead of 1: the user's model is wrong, exit 1 with the reason.
    let mut wrong = lits.clone();
    wrong[0] = -wrong[0];
    wrong[1] = -wrong[1];
    let model = write(
        dir.path(),
        "wrong.txt",
        &format!("s SATISFIABLE\nv {} 0\n", join(&wrong, " ")),
    );
    let r = gridsat(&[
        "sudoku",
        "decode",
        &model,
        "--puzzle",
        "examples/sudoku/4x4.txt",
        "--encoding",
        "extended",
    ]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.starts_with("invalid:"), "{}", r.stdout);
    assert!(r.stdout.contains("row at most one"), "{}", r.stdout);
}

#[test]
fn check_of_a_wrong_grid_exits_1_with_the_fault() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.txt", "1243\n3412\n2134\n4321\n");
    let bad = write(dir.path(), "bad.txt", "1243\n3412\n2143\n4321\n");
    let r = gridsat(&["sudoku", "check", "examples/sudoku/4x4.txt", &good]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    let r = gridsat(&["sudoku", "check", "examples/sudoku/4x4.txt", &bad]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert_eq!(
        r.stdout.trim(),
        "invalid: r3c3 should keep the given 3 but holds 4"
    );
}

#[test]
fn hard_and_extreme_puzzles_come_in_seconds_with_what_was_tried() {
    for (level, seed) in [("hard", "42"), ("extreme", "7")] {
        let t = timed(&[
            "sudoku",
            "generate",
            "--difficulty",
            level,
            "--count",
            "10",
            "--seed",
            seed,
            "--threads",
            "1",
            "--stats",
            "--json",
        ]);
        assert_eq!(t.code, 0, "{level}: {}", t.stderr);
        // At least 10 a minute on one core.
        assert!(t.secs < 60.0, "{level}: 10 puzzles took {:.1} s", t.secs);
        let js = t.json();
        assert_eq!(js.len(), 10);
        assert!(js.iter().all(|j| j["difficulty"] == level), "{level}");
        assert!(t.stderr.contains("tried in all:"), "{}", t.stderr);
        assert!(t.stderr.contains("climbing steps"), "{}", t.stderr);
        // Rated again by `rate`, from the puzzles alone: the same class.
        let givens: String = js
            .iter()
            .map(|j| format!("{}\n", j["givens"].as_str().unwrap()))
            .collect();
        let r = gridsat_stdin(&["sudoku", "rate", "--json"], &givens);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(
            r.json().iter().all(|j| j["difficulty"] == level),
            "{level}: {}",
            r.stdout
        );
    }
}

#[test]
fn the_known_hard_collections_rate_hard_or_extreme() {
    let (Some(top), Some(hardest)) = (
        data("sudoku/9x9/top1465.txt"),
        data("sudoku/9x9/hardest-1106.txt"),
    ) else {
        return;
    };
    // `easy 0 (0.0%), medium M (m%), hard H (h%), extreme X (x%)`: the share of hard
    // and extreme.
    let share = |file: &str, limit: &str| -> f64 {
        let r = gridsat(&["sudoku", "rate", "--summary", "--limit", limit, file]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let pct = |level: &str| -> f64 {
            let after = r.stdout.split(&format!("{level} ")).nth(1).unwrap();
            let p = after.split('(').nth(1).unwrap().split('%').next().unwrap();
            p.parse().unwrap()
        };
        pct("hard") + pct("extreme")
    };
    let top_share = share(&top, "500");
    assert!(top_share > 60.0, "top1465: {top_share}% hard or extreme");
    let hardest_share = share(&hardest, "100");
    assert!(
        hardest_share > 90.0,
        "hardest-1106: {hardest_share}% hard or extreme"
    );
}

// ---- issue 22: bounds that hold on the largest inputs ------------------------------

/// An empty N×N grid as rows of zeros, written into `dir`.
fn empty_grid(dir: &std::path::Path, n: usize) -> String {
    let row = vec!["0"; n].join(" ");
    let text: String = (0..n).map(|_| format!("{row}\n")).collect();
    write(dir, &format!("empty-{n}.txt"), &text)
}

/// Runs `child` to its end and returns its exit code, stdout, stderr and peak resident
/// memory in bytes (the kernel's own count, from `wait4`).
fn peak_of(mut child: Child) -> (i32, String, String, u64) {
    use std::io::Read;
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let mut stderr = String::new();
    let _ = err.read_to_string(&mut stderr);
    let stdout = reader.join().unwrap();
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, whose status and usage go into the two locals.
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as i32, "wait4");
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    assert!(!stderr.contains("panicked"), "gridsat panicked:\n{stderr}");
    (code, stdout, stderr, usage.ru_maxrss as u64 * 1024)
}

const MIB: u64 = 1 << 20;

#[test]
fn generate_gives_the_same_puzzles_whatever_the_threads() {
    // Extreme puzzles climb through uniqueness checks whose counter-examples steer the
    // search: those once came from a solver warmed by the worker's earlier puzzles.
    let run = |threads: &str| {
        let args = [
            "sudoku",
            "generate",
            "--difficulty",
            "extreme",
            "--count",
            "4",
            "--seed",
            "1",
            "--threads",
            threads,
        ];
        let r = gridsat(&args);
        assert_eq!(r.code, 0, "--threads {threads}: {}", r.stderr);
        assert_eq!(r.stdout.lines().count(), 4, "{}", r.stdout);
        r.stdout
    };
    let one = run("1");
    assert_eq!(run("2"), one, "--threads 2 differs from --threads 1");
    assert_eq!(run("3"), one, "--threads 3 differs from --threads 1");
}

#[test]
fn counting_a_million_solutions_keeps_the_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    let empty = empty_grid(dir.path(), 9);
    let t = timed(&[
        "sudoku",
        "solve",
        "--json",
        "--count",
        "1000000",
        "--time-limit",
        "2",
        &empty,
    ]);
    within(&t, 2.0, "--count 1000000 on an empty 9×9");
    assert_eq!(t.code, 4, "{}", t.stderr);
    let j = &t.json()[0];
    assert_eq!(j["status"], "unknown", "{j}");
    let shown = j["more_solutions"].as_array().map_or(0, Vec::len);
    assert!(
        shown >= 1,
        "solutions found before the limit are shown: {j}"
    );
}

/// An empty 100×100 under a 2 s limit: every command that searches or builds a model
/// (the reasoning model alone is 2·10⁸ clauses) answers within a second of it.
#[test]
fn an_empty_100_grid_keeps_a_time_limit_in_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let empty = empty_grid(dir.path(), 100);
    // The sparse path writes two solutions down: solve says multiple, rate that it rates
    // only puzzles with one solution (exit 3).
    for cmd in ["solve", "rate"] {
        let t = timed(&["sudoku", cmd, "--time-limit", "2", &empty]);
        within(&t, 2.0, &format!("sudoku {cmd}, empty 100×100"));
        assert_eq!(t.code, 3, "{cmd}: {}", t.stderr);
        assert!(t.stdout.starts_with("puzzle 1: multiple"), "{cmd}");
    }
    // Without it, the SAT path stops on time.
    let t = timed(&[
        "sudoku",
        "solve",
        "--sparse",
        "off",
        "--time-limit",
        "2",
        &empty,
    ]);
    within(&t, 2.0, "sudoku solve --sparse off, empty 100×100");
    assert_eq!(t.code, 4, "{}", t.stderr);
    // The reasoning model (2·10⁸ clauses) is refused for its size, naming what works.
    for cmd in ["hint", "explain"] {
        let t = timed(&["sudoku", cmd, "--time-limit", "2", &empty]);
        within(&t, 2.0, &format!("sudoku {cmd}, empty 100×100"));
        assert_eq!(t.code, 2, "{cmd}: {}", t.stderr);
        assert!(
            t.stderr.contains("would need about 2.0e8 clauses"),
            "{}",
            t.stderr
        );
        assert!(
            t.stderr.contains("`gridsat sudoku solve` answers"),
            "{}",
            t.stderr
        );
    }
}

/// `--max-memory 2G` on an empty 81×81: refused or stopped, and the process never
/// holds 2 GiB (measured by the kernel).
#[test]
fn max_memory_holds_on_an_empty_81_grid() {
    let dir = tempfile::tempdir().unwrap();
    let empty = empty_grid(dir.path(), 81);
    let args = [
        "sudoku",
        "solve",
        "--max-memory",
        "2G",
        "--sparse",
        "off",
        "--time-limit",
        "20",
        &empty,
    ];
    let (code, stdout, stderr, peak) = peak_of(spawn(&args, Stdio::null()));
    assert_eq!(code, 4, "{stdout}{stderr}");
    assert!(stdout.contains("unknown (memory limit:"), "{stdout}");
    assert!(peak < 2 << 30, "peak {} MiB", peak / MIB);
}

/// The estimate admits an empty 49×49 (about 1.26 GiB) under a ceiling of 1400 MiB, but
/// CaDiCaL's learnt clauses then grow past it (to about 2 GiB unchecked): the solver's
/// stop hook watches the resident memory and ends the search near the ceiling (measured:
/// 1,647 MiB at its peak, 18% over: the watch looks every 20 ms, and CaDiCaL grows its
/// arrays by doubling between two looks).
#[test]
fn the_solver_stops_when_what_it_learns_passes_max_memory() {
    let dir = tempfile::tempdir().unwrap();
    let empty = empty_grid(dir.path(), 49);
    let args = [
        "sudoku",
        "solve",
        "--max-memory",
        "1400M",
        "--sparse",
        "off",
        "--time-limit",
        "60",
        &empty,
    ];
    let (code, stdout, stderr, peak) = peak_of(spawn(&args, Stdio::null()));
    if code == 0 {
        // Solved before its learnt clauses grew past the ceiling: nothing to stop.
        assert!(peak < 1400 * MIB * 5 / 4, "peak {} MiB", peak / MIB);
        return;
    }
    assert_eq!(code, 4, "{stdout}{stderr}");
    assert!(stdout.contains("unknown (memory limit"), "{stdout}");
    assert!(
        peak < 1400 * MIB * 5 / 4,
        "peak {} MiB over 1400 MiB + 25%",
        peak / MIB
    );
}

/// The peak resident memory of process `pid` so far, in bytes (Linux `VmHWM`).
fn high_water(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// One `POST path` with a JSON body to a server on loopback `port`: status and body.
fn post(port: u16, path: &str, body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    let mut raw = String::new();
    let _ = s.read_to_string(&mut raw);
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let status = head.split_whitespace().nth(1).and_then(|c| c.parse().ok());
    (status.unwrap_or(0), body.to_string())
}

/// The server's `encode` of an empty 81×81 (1.45 GB of DIMACS) is refused from the
/// formula's size before anything is built: the server stays small and answers at once.
#[test]
fn the_server_refuses_a_huge_encode_before_building_it() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridsat"))
        .args(["serve", "--port", "0"])
        .current_dir(root())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gridsat serve starts");
    let mut banner = String::new();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    err.read_line(&mut banner).expect("a banner line");
    std::thread::spawn(move || std::io::copy(&mut err, &mut std::io::sink()));
    let port: u16 = banner
        .rsplit(':')
        .next()
        .and_then(|t| t.split('/').next())
        .and_then(|p| p.trim().parse().ok())
        .unwrap_or_else(|| panic!("no port in {banner:?}"));
    let row = vec!["0"; 81].join(" ");
    let puzzle: String = (0..81).map(|_| format!("{row}\n")).collect();
    let t0 = Instant::now();
    let body = serde_json::json!({ "puzzle": puzzle }).to_string();
    let (status, text) = post(port, "/api/sudoku/encode", &body);
    let secs = t0.elapsed().as_secs_f64();
    let peak = high_water(child.id());
    // A formula under the cap is still sent whole.
    let p9 = std::fs::read_to_string(root().join("examples/sudoku/9x9.txt")).unwrap();
    let small = post(
        port,
        "/api/sudoku/encode",
        &serde_json::json!({ "puzzle": p9 }).to_string(),
    );
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(small.0, 200, "{}", small.1);
    assert!(small.1.contains("p cnf 729"), "{}", small.1);
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("DIMACS text would take"), "{text}");
    assert!(text.contains("over the limit of 32 MiB"), "{text}");
    assert!(secs < 2.0, "took {secs:.2} s");
    if let Some(peak) = peak {
        assert!(peak < 100 * MIB, "the server reached {} MiB", peak / MIB);
    }
}
