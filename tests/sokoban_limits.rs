//! Issue 22 for Sokoban, driving the real binary on hostile levels generated here: the
//! time limit and Ctrl-C stop a solve within a second however large one unit of its
//! work is (hundreds of boxes, a row of a million cells), and `--max-memory` refuses a
//! table too large before it is built, with a message that names it.

mod common;

use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The tests that time themselves run one at a time, not beside each other.
static TIMED: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    TIMED.lock().unwrap_or_else(|e| e.into_inner())
}

/// An open room of `rows` × `cols` floor cells with `boxes` boxes on the left half (every
/// other cell of every other row) and as many goals on the right half, the player in
/// the top left corner.
fn room(rows: usize, cols: usize, boxes: usize) -> String {
    let mut grid = vec![vec![' '; cols]; rows];
    let spots = |from: usize, to: usize| {
        (1..rows - 1)
            .step_by(2)
            .flat_map(move |r| (from..to).step_by(2).map(move |c| (r, c)))
    };
    let starts: Vec<_> = spots(1, cols / 2).take(boxes).collect();
    let goals: Vec<_> = spots(cols / 2 + 1, cols - 1).take(boxes).collect();
    assert_eq!(
        (starts.len(), goals.len()),
        (boxes, boxes),
        "room too small"
    );
    for ((r, c), (gr, gc)) in starts.into_iter().zip(goals) {
        grid[r][c] = '$';
        grid[gr][gc] = '.';
    }
    grid[0][0] = '@';
    let wall = "#".repeat(cols + 2);
    let mut text = format!("{wall}\n");
    for row in grid {
        text.push('#');
        text.extend(row);
        text.push_str("#\n");
    }
    text.push_str(&wall);
    text.push('\n');
    text
}

/// One row of `n` floor cells between the box and its goal.
fn long_row(n: usize) -> String {
    let wall = "#".repeat(n + 5);
    format!("{wall}\n#@${}.#\n{wall}\n", " ".repeat(n))
}

fn temp_level(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    common::write(dir.path(), name, text)
}

/// Runs `gridsat sokoban solve FILE --json ARGS` and returns its one report, exit code
/// and wall-clock time.
fn solve(file: &str, args: &[&str]) -> (serde_json::Value, i32, Duration) {
    let mut all = vec!["sokoban", "solve", file, "--json"];
    all.extend_from_slice(args);
    let started = Instant::now();
    let o = common::gridsat(&all);
    let took = started.elapsed();
    let r = o.json().into_iter().next().unwrap_or_else(|| {
        panic!("no report ({}): {}", o.code, o.stderr);
    });
    (r, o.code, took)
}

fn assert_stopped_by(r: &serde_json::Value, code: i32, why: &str) {
    assert_eq!(code, 4, "a stopped run exits 4: {r}");
    assert_eq!(r["status"], "unknown", "{r}");
    assert!(r["plan"].is_null(), "{r}");
    let reason = r["reason"].as_str().unwrap_or_default();
    assert!(reason.contains(why), "{reason}");
}

#[test]
fn two_hundred_boxes_stop_at_a_two_second_limit() {
    let _one = one_at_a_time();
    // Expanding one push state of 200 boxes costs milliseconds: the A* asked its
    // budget every 256 expansions and answered a 2 s limit after 18-44 s.
    let dir = tempfile::tempdir().unwrap();
    let text = room(22, 84, 200);
    assert_eq!(text.matches('$').count(), 200);
    let file = temp_level(&dir, "boxes.xsb", &text);
    let allowed = Duration::from_secs_f64(3.0 + common::load_slack());
    for extra in [&[][..], &["--any"], &["--search", "astar"]] {
        let mut args = vec!["--time-limit", "2"];
        args.extend_from_slice(extra);
        let (r, code, took) = solve(&file, &args);
        assert_stopped_by(&r, code, "time limit");
        assert!(took < allowed, "{extra:?}: {took:?} (allowed {allowed:?})");
    }
}

#[test]
fn two_hundred_boxes_in_move_mode_stop_at_a_one_second_limit() {
    let _one = one_at_a_time();
    // The no-overlap clauses of 200 boxes on one cell are 20,000: the encoder's guard
    // asked the clock every 1024 cells, 20 million clauses apart.
    let dir = tempfile::tempdir().unwrap();
    let file = temp_level(&dir, "boxes.xsb", &room(22, 84, 200));
    let (r, code, took) = solve(&file, &["--time-limit", "1", "--optimize", "moves"]);
    assert_stopped_by(&r, code, "time limit");
    let allowed = Duration::from_secs_f64(2.0 + common::load_slack());
    assert!(took < allowed, "{took:?} (allowed {allowed:?})");
}

#[test]
fn ctrl_c_stops_two_hundred_boxes_within_a_second() {
    let _one = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let file = temp_level(&dir, "boxes.xsb", &room(22, 84, 200));
    for mode in ["pushes", "moves"] {
        let child = Command::new(env!("CARGO_BIN_EXE_gridsat"))
            .args(["sokoban", "solve", &file, "--json", "--optimize", mode])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_secs(1));
        let signalled = Instant::now();
        // SAFETY: sending a signal to the child we started.
        unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
        let out = child.wait_with_output().unwrap();
        let took = signalled.elapsed();
        let allowed = Duration::from_secs_f64(1.0 + common::load_slack());
        assert!(took < allowed, "{mode}: {took:?} (allowed {allowed:?})");
        let text = String::from_utf8_lossy(&out.stdout);
        let r: serde_json::Value =
            serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{mode}: {e}: {text:?}"));
        assert_stopped_by(&r, out.status.code().unwrap_or(-1), "interrupted");
    }
}

#[test]
fn a_million_cell_row_stops_at_a_one_second_limit() {
    let _one = one_at_a_time();
    // The player's exactly-one over a million cells was one call (3 million clauses),
    // the push encoding's tables were built one after the other unwatched: 3.6 s.
    let dir = tempfile::tempdir().unwrap();
    let file = temp_level(&dir, "row.xsb", &long_row(1_000_000));
    let allowed = Duration::from_secs_f64(2.0 + common::load_slack());
    for mode in ["pushes", "moves"] {
        let (r, code, took) = solve(&file, &["--time-limit", "1", "--optimize", mode]);
        assert_stopped_by(&r, code, "time limit");
        assert!(took < allowed, "{mode}: {took:?} (allowed {allowed:?})");
    }
}

#[test]
fn a_small_memory_ceiling_refuses_a_large_level_and_names_the_table() {
    let _one = one_at_a_time();
    // 200 goals on 57,600 cells: the A*'s goal distances are 44 MiB.
    let dir = tempfile::tempdir().unwrap();
    let file = temp_level(&dir, "room.xsb", &room(240, 240, 200));
    let started = Instant::now();
    let (r, code, _) = solve(&file, &["--max-memory", "16M", "--search", "astar"]);
    assert_stopped_by(&r, code, "memory limit reached");
    let reason = r["reason"].as_str().unwrap();
    assert!(
        reason.contains("push distances of 57600 cells to 200 goals")
            && reason.contains("43 MiB")
            && reason.contains("memory budget of 16 MiB"),
        "{reason}"
    );
    // Refused before anything was built, so at once.
    assert!(started.elapsed() < Duration::from_secs(5));
    // The default search falls back to the horizon search, which refuses its own table.
    let (r, code, _) = solve(&file, &["--max-memory", "16M"]);
    assert_stopped_by(&r, code, "memory limit reached");
    // A ceiling large enough lets the same level run (here: until its time limit).
    let (r, code, _) = solve(
        &file,
        &[
            "--max-memory",
            "1G",
            "--search",
            "astar",
            "--time-limit",
            "1",
        ],
    );
    assert_eq!(code, 4, "{r}");
    assert!(!r["reason"].as_str().unwrap().contains("memory"), "{r}");
}

#[test]
fn a_level_of_immovable_boxes_on_goals_is_analysed_in_linear_time() {
    let _one = one_at_a_time();
    // A 600 × 598 block of boxes on goals below one free box: finding the immovable
    // boxes went round the whole level once per layer of the block (6.3 s here).
    let w = 600;
    let mut text = format!(
        "{}\n#@$.{}#\n#{}#\n",
        "#".repeat(w + 2),
        " ".repeat(w - 3),
        " ".repeat(w)
    );
    for _ in 0..598 {
        text.push_str(&format!("#{}#\n", "*".repeat(w)));
    }
    text.push_str(&"#".repeat(w + 2));
    text.push('\n');
    let dir = tempfile::tempdir().unwrap();
    let file = temp_level(&dir, "frozen.xsb", &text);
    let (r, code, took) = solve(&file, &[]);
    assert_eq!(code, 0, "{r}");
    assert_eq!(r["plan"], "R", "{r}");
    assert_eq!(r["optimal"], "pushes", "{r}");
    let allowed = Duration::from_secs_f64(3.0 + common::load_slack());
    assert!(took < allowed, "{took:?} (allowed {allowed:?})");
}
