//! One set of defaults (issue 23): the options the command line, the server and (in
//! `python/tests/test_sokoban.py`) the Python package run a solve with, as each reports
//! them, equal the library's `SolveOptions::new`/`default` for the same goal.

mod common;
mod serve_common;

use common::gridsat;
use gridsat_sokoban::api::OptionsJson;
use gridsat_sokoban::{Optimize, SolveOptions};
use serde_json::{Value, json};
use serve_common::Server;

const LEVEL: &str = "examples/sokoban/tiny.xsb";
const GOALS: [Optimize; 3] = [Optimize::Pushes, Optimize::Moves, Optimize::PushesMoves];

/// The library's options for `goal`, as JSON.
fn library(goal: Optimize) -> Value {
    serde_json::to_value(OptionsJson::new(&SolveOptions::new(goal))).unwrap()
}

#[test]
fn the_library_default_is_the_push_goal() {
    let default = serde_json::to_value(OptionsJson::new(&SolveOptions::default())).unwrap();
    assert_eq!(default, library(Optimize::Pushes));
}

#[test]
fn the_command_line_runs_the_library_defaults() {
    let r = gridsat(&["sokoban", "solve", "--print-options", "-l", "all", LEVEL]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let printed = r.json();
    assert_eq!(printed.len(), 3, "one object per level: {}", r.stdout);
    for o in &printed {
        assert_eq!(o, &library(Optimize::Pushes));
    }
    for goal in GOALS {
        let args = ["sokoban", "solve", "--print-options", "-l", "1"];
        let r = gridsat(&[&args[..], &["--optimize", goal.name(), LEVEL]].concat());
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(r.json(), vec![library(goal)], "{goal}");
    }
}

#[test]
fn the_server_runs_the_library_defaults() {
    let server = Server::start(&[]);
    let text = std::fs::read_to_string(common::root().join(LEVEL)).unwrap();
    let (status, body) = server.post("/api/sokoban/options", &json!({"level": text, "number": 1}));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, library(Optimize::Pushes));
    for goal in GOALS {
        let req = json!({"level": text, "number": "1", "optimize": goal.name()});
        let (status, body) = server.post("/api/sokoban/options", &req);
        assert_eq!(status, 200, "{body}");
        assert_eq!(body, library(goal), "{goal}");
    }
}

#[test]
fn a_course_files_move_limit_and_the_flags_show_in_the_options() {
    let r = gridsat(&[
        "sokoban",
        "solve",
        "--print-options",
        "--stride",
        "3",
        "examples/sokoban/corridor.txt",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut expected = SolveOptions::new(Optimize::Pushes);
    expected.max_moves = Some(4);
    expected.stride = 3;
    let expected = serde_json::to_value(OptionsJson::new(&expected)).unwrap();
    assert_eq!(r.json(), vec![expected]);
}
