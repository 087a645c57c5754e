//! `gridsat serve`: every route, driven over loopback HTTP against the real binary.
//! Answers must be the objects the matching `--json` commands print; errors are JSON
//! with a status of 400 (or 404, 413, 503); limits hold.

mod common;
mod serve_common;

use common::{gridsat, root};
use serde_json::{Value, json};
use serve_common::Server;
use std::time::{Duration, Instant};

/// The JSON without its timing members, which differ between any two runs.
fn untimed(mut v: Value) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) => {
                for k in ["time_ms", "seconds", "solve_seconds"] {
                    m.remove(k);
                }
                m.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}

fn example(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).expect("example")
}

#[test]
fn binds_to_loopback_by_default_and_serves_the_embedded_page() {
    let s = Server::start(&[]);
    assert!(s.banner.contains("http://127.0.0.1:"), "{}", s.banner);
    let (status, head, body) = s.request("GET", "/", "", b"");
    assert_eq!(status, 200);
    assert!(head.to_ascii_lowercase().contains("text/html"));
    assert!(body.contains("su-board") && body.contains("so-board"));
    for js in ["main", "api", "sudoku", "sokoban"] {
        let (status, head, body) = s.request("GET", &format!("/js/{js}.js"), "", b"");
        assert_eq!(status, 200, "{js}.js");
        assert!(head.to_ascii_lowercase().contains("text/javascript"));
        assert!(!body.is_empty());
    }
    assert_eq!(s.request("GET", "/js/nothing.js", "", b"").0, 404);
}

#[test]
fn sudoku_answers_are_the_cli_json_objects() {
    let s = Server::start(&[]);
    for file in [
        "examples/sudoku/9x9.txt",
        "examples/sudoku/6x6.txt",
        "examples/sudoku/broken/two-solutions.txt",
    ] {
        let puzzle = example(file);
        for q in ["solve", "hint", "candidates", "explain", "rate"] {
            let (status, got) = s.post(&format!("/api/sudoku/{q}"), &json!({ "puzzle": puzzle }));
            assert_eq!(status, 200, "{q} {file}: {got}");
            let cli = gridsat(&["sudoku", q, file, "--json"]);
            let want = cli.json().into_iter().next().expect("one object");
            assert_eq!(untimed(got), untimed(want), "{q} {file}");
        }
    }
}

#[test]
fn solve_verdicts_follow_the_puzzle() {
    let s = Server::start(&[]);
    let (_, a) = s.post(
        "/api/sudoku/solve",
        &json!({"puzzle": example("examples/sudoku/broken/two-solutions.txt"), "count": 3}),
    );
    assert_eq!(a["status"], "multiple");
    let (_, a) = s.post(
        "/api/sudoku/solve",
        &json!({"puzzle": "11..............", "box": "2x2"}),
    );
    assert_eq!(a["status"], "unsat");
    assert!(
        a["conflict"].as_array().is_some_and(|c| !c.is_empty()),
        "{a}"
    );
    let (_, a) = s.post(
        "/api/sudoku/solve",
        &json!({"puzzle": "▲...●...■...★...", "symbols": "▲●■★", "first": true}),
    );
    assert_eq!(a["status"], "sat");
}

#[test]
fn encode_and_propagate_and_parse() {
    let s = Server::start(&[]);
    let puzzle = example("examples/sudoku/4x4.txt");
    let (status, e) = s.post("/api/sudoku/encode", &json!({"puzzle": puzzle}));
    assert_eq!(status, 200);
    let cli = gridsat(&["sudoku", "encode", "examples/sudoku/4x4.txt"]);
    let clauses = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with('c'))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(clauses(e["dimacs"].as_str().unwrap()), clauses(&cli.stdout));
    let total: u64 = e["families"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["clauses"].as_u64().unwrap())
        .sum();
    assert_eq!(Some(total), e["clauses"].as_u64());
    let (_, p) = s.post("/api/sudoku/propagate", &json!({"puzzle": puzzle}));
    let steps = p["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    // Every filled cell starts the trail as a given; the end is said in words.
    assert!(steps.iter().any(|st| st["family"] == "given"));
    assert!(
        ["solved", "stuck"].contains(&p["end"].as_str().unwrap()),
        "{p}"
    );
    let (_, parsed) = s.post("/api/sudoku/parse", &json!({"puzzle": puzzle}));
    assert_eq!(parsed["size"], 4);
    assert_eq!(parsed["box"], "2x2");
}

#[test]
fn generate_makes_unique_puzzles_that_solve_back() {
    let s = Server::start(&[]);
    let (status, g) = s.post("/api/sudoku/generate", &json!({"size": 4, "seed": 7}));
    assert_eq!(status, 200, "{g}");
    let (_, a) = s.post("/api/sudoku/solve", &json!({"puzzle": g["givens"]}));
    assert_eq!(a["status"], "unique");
    assert_eq!(a["solution"], g["solution"]);
    let (_, many) = s.post(
        "/api/sudoku/generate",
        &json!({"size": 4, "count": 3, "seed": 1}),
    );
    assert_eq!(many["puzzles"].as_array().map(Vec::len), Some(3));
}

#[test]
fn generate_to_a_hodoku_level_gives_that_level_and_refuses_an_unknown_one() {
    let s = Server::start(&[]);
    let (status, g) = s.post(
        "/api/sudoku/generate",
        &json!({"level": "unfair", "seed": 11}),
    );
    assert_eq!(status, 200, "{g}");
    assert_eq!(g["rating"]["hodoku"]["level"], "unfair", "{g}");
    let (_, r) = s.post("/api/sudoku/rate", &json!({"puzzle": g["givens"]}));
    assert_eq!(r["hodoku"], g["rating"]["hodoku"], "{r}");
    let (status, e) = s.post("/api/sudoku/generate", &json!({"level": "fiendish"}));
    assert_eq!(status, 400, "{e}");
    let text = e["error"].as_str().unwrap();
    assert!(
        text.contains("fiendish") && text.contains("extreme"),
        "{text}"
    );
}

#[test]
fn bad_requests_get_json_errors_with_positions() {
    let s = Server::start(&[]);
    let (status, e) = s.post(
        "/api/sudoku/solve",
        &json!({"puzzle": "12x4............", "box": "2x2"}),
    );
    assert_eq!(status, 400);
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("line 1, column 3:"),
        "{e}"
    );
    let (status, e) = s.post(
        "/api/sudoku/solve",
        &json!({"puzzle": "1", "colour": "red"}),
    );
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().contains("colour"), "{e}");
    let (status, e) = s.post(
        "/api/sudoku/solve",
        &json!({"puzzle": example("examples/sudoku/4x4.txt"), "encoding": "fancy"}),
    );
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().starts_with("encoding:"), "{e}");
    let (status, e) = s.post(
        "/api/sudoku/solve",
        &json!({"puzzle": example("examples/sudoku/4x4.txt"), "solver": "external:minisat"}),
    );
    assert_eq!(status, 400, "{e}");
    let (status, _, body) = s.request("POST", "/api/sudoku/solve", "", b"{\"puzzle\": ");
    assert_eq!(status, 400);
    assert!(body.contains("line 1, column"), "{body}");
    let (status, _, body) = s.request("POST", "/api/sudoku/nothing", "", b"{}");
    assert_eq!(status, 404);
    assert!(body.contains("\"error\""));
    let big = format!("{{\"puzzle\": \"{}\"}}", ".".repeat(1 << 21));
    let (status, _, body) = s.request("POST", "/api/sudoku/solve", "", big.as_bytes());
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("\"error\""));
    let (status, e) = s.post(
        "/api/sokoban/solve",
        &json!({"level": "######\n#@@$.#\n######\n"}),
    );
    assert_eq!(status, 400, "{e}");
}

#[test]
fn sokoban_solve_verify_parse_and_levels() {
    let s = Server::start(&[]);
    let level = example("examples/sokoban/tiny.xsb");
    let (status, r) = s.post(
        "/api/sokoban/solve",
        &json!({"level": level, "number": "1"}),
    );
    assert_eq!(status, 200, "{r}");
    let cli = gridsat(&[
        "sokoban",
        "solve",
        "examples/sokoban/tiny.xsb",
        "--level",
        "1",
        "--json",
    ]);
    let mut want = cli.json().remove(0);
    want["file"] = json!("level");
    assert_eq!(untimed(r.clone()), untimed(want));
    let (_, v) = s.post(
        "/api/sokoban/verify",
        &json!({"level": level, "number": "1", "plan": r["plan"]}),
    );
    assert_eq!(v["valid"], true, "{v}");
    let (_, v) = s.post(
        "/api/sokoban/verify",
        &json!({"level": level, "number": "1", "plan": "L"}),
    );
    assert_eq!(v["valid"], false, "{v}");
    let (_, p) = s.post("/api/sokoban/parse", &json!({"level": level}));
    assert!(p["levels"].as_array().is_some_and(|l| !l.is_empty()));
    let (status, _, body) = s.request("GET", "/api/sokoban/levels", "", b"");
    assert_eq!(status, 200);
    let list: Value = serde_json::from_str(&body).unwrap();
    for l in list["levels"].as_array().unwrap() {
        let (status, _) = s.post("/api/sokoban/parse", &json!({"level": l["text"]}));
        assert_eq!(status, 200, "{l}");
    }
}

#[test]
fn sokoban_solve_streams_progress_then_the_result() {
    let s = Server::start(&[]);
    // The SAT horizon search reports each horizon it asks (the A* would solve this level
    // before any).
    let body = json!({"level": example("examples/sokoban/two-boxes.txt"), "search": "horizon"})
        .to_string();
    let (status, head, text) = s.request(
        "POST",
        "/api/sokoban/solve",
        "Accept: text/event-stream\r\n",
        body.as_bytes(),
    );
    assert_eq!(status, 200);
    assert!(head.to_ascii_lowercase().contains("text/event-stream"));
    assert!(text.contains("event: progress"), "{text}");
    assert!(
        text.contains("horizon "),
        "no horizon in the progress: {text}"
    );
    let result = text
        .split("event: result\ndata: ")
        .nth(1)
        .and_then(|t| t.lines().next())
        .unwrap_or_else(|| panic!("no result event in {text}"));
    let r: Value = serde_json::from_str(result).unwrap();
    assert_eq!(r["status"], "solved");
}

/// A request that takes long: a hard 25×25 puzzle to generate.
fn slow_body(limit: f64) -> Value {
    json!({"size": 25, "difficulty": "extreme", "time_limit": limit})
}

#[test]
fn the_time_limit_is_kept_and_said() {
    let s = Server::start(&["--time-limit", "1"]);
    let t = Instant::now();
    let (status, g) = s.post("/api/sudoku/generate", &slow_body(60.0));
    let secs = t.elapsed().as_secs_f64();
    assert!(secs < 5.0, "took {secs:.1} s with a server limit of 1 s");
    if status == 200 {
        assert_eq!(g["status"], "unknown", "{g}");
    } else {
        assert!(g["error"].is_string(), "{g}");
    }
}

#[test]
fn at_most_max_solves_run_at_once_and_a_gone_client_frees_its_slot() {
    let s = Server::start(&["--max-solves", "1", "--time-limit", "20"]);
    // A client that starts a long solve and leaves after a second and a half.
    let leaver = s.start_post("/api/sudoku/generate", &slow_body(20.0));
    std::thread::sleep(Duration::from_millis(300));
    let (status, e) = s.post(
        "/api/sudoku/solve",
        &json!({"puzzle": example("examples/sudoku/4x4.txt")}),
    );
    assert_eq!(status, 503, "{e}");
    assert!(e["error"].as_str().unwrap().starts_with("busy"));
    std::thread::sleep(Duration::from_millis(1200));
    drop(leaver);
    // The leaver's work is interrupted; its slot frees within a few seconds.
    let t = Instant::now();
    loop {
        let (status, a) = s.post(
            "/api/sudoku/solve",
            &json!({"puzzle": example("examples/sudoku/4x4.txt")}),
        );
        if status == 200 {
            assert_eq!(a["status"], "unique");
            break;
        }
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "the slot stayed taken: {a}"
        );
    }
}
