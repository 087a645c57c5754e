//! Every Sokoban JSON object the command line and the server print validates against
//! its schema in `docs/schema/sokoban/` (the Python package prints the same objects:
//! `python/tests/test_sokoban.py` holds its solve and options objects equal to the
//! command line's). The schemas refuse unknown keys and require every key, so a key
//! added, renamed or dropped on the Rust side fails here until the schema says so.

mod common;
mod serve_common;

use common::{gridsat, root};
use serde_json::{Value, json};
use serve_common::Server;

/// The schema `docs/schema/sokoban/NAME.json`, compiled.
fn schema(name: &str) -> jsonschema::Validator {
    let path = root()
        .join("docs/schema/sokoban")
        .join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    jsonschema::validator_for(&value).unwrap_or_else(|e| panic!("{path:?} is no schema: {e}"))
}

/// Asserts that `v` validates against schema `name`, listing every error.
fn valid(name: &str, v: &Value) {
    let errors: Vec<String> = schema(name)
        .iter_errors(v)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{name}.json refuses {v}:\n{}",
        errors.join("\n")
    );
}

fn example(name: &str) -> String {
    std::fs::read_to_string(root().join("examples/sokoban").join(name)).unwrap()
}

#[test]
fn every_solve_object_of_the_examples_validates() {
    let files = std::fs::read_dir(root().join("examples/sokoban")).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for f in files {
        let path = f.unwrap().path();
        let r = gridsat(
            &[
                "sokoban",
                "solve",
                "--json",
                "-l",
                "all",
                "--time-limit",
                "60",
            ]
            .iter()
            .copied()
            .chain([path.to_str().unwrap()])
            .collect::<Vec<_>>(),
        );
        assert!(!r.stdout.is_empty(), "{path:?}: {}", r.stderr);
        for o in r.json() {
            valid("solve", &o);
            seen.insert(o["status"].as_str().unwrap_or("?").to_string());
        }
    }
    // The examples reach every verdict but `unknown`: solved, no-plan, unsolvable.
    for status in ["solved", "no-plan", "unsolvable"] {
        assert!(seen.contains(status), "no {status} among {seen:?}");
    }
}

#[test]
fn the_options_objects_validate() {
    for goal in ["pushes", "moves", "pushes,moves"] {
        let r = gridsat(&[
            "sokoban",
            "solve",
            "--print-options",
            "--optimize",
            goal,
            "--no-prune",
            "waste",
            "examples/sokoban/corridor.txt",
        ]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        for o in r.json() {
            valid("options", &o);
        }
    }
}

#[test]
fn the_schemas_refuse_what_the_programs_never_print() {
    let r = gridsat(&[
        "sokoban",
        "solve",
        "--json",
        "examples/sokoban/corridor.txt",
    ]);
    let good = r.json().remove(0);
    valid("solve", &good);
    let mut extra = good.clone();
    extra["vars"] = json!(1);
    let mut missing = good.clone();
    missing.as_object_mut().unwrap().remove("horizon");
    let mut wrong = good.clone();
    wrong["status"] = json!("done");
    for bad in [extra, missing, wrong] {
        assert!(!schema("solve").is_valid(&bad), "solve.json takes {bad}");
    }
    let bad_verify = json!({"level": "x", "valid": false, "solved": false});
    assert!(
        !schema("verify").is_valid(&bad_verify),
        "neither counts nor error"
    );
}

#[test]
fn every_server_answer_validates() {
    let s = Server::start(&[]);
    let tiny = example("tiny.xsb");
    let (status, levels) = s.post("/api/sokoban/parse", &json!({"level": tiny}));
    assert_eq!(status, 200);
    let (_, head, text) = s.request("GET", "/api/sokoban/levels", "", b"");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let bundled: Value = serde_json::from_str(&text).unwrap();
    for list in [&levels, &bundled] {
        valid("levels", list);
        for l in list["levels"].as_array().unwrap() {
            valid("level", l);
        }
    }
    let answers = [
        (
            "/api/sokoban/solve",
            json!({"level": tiny, "number": 2}),
            "solve",
        ),
        (
            "/api/sokoban/options",
            json!({"level": tiny, "number": "2"}),
            "options",
        ),
        (
            "/api/sokoban/verify",
            json!({"level": tiny, "number": 1, "plan": "rRR"}),
            "verify",
        ),
        (
            "/api/sokoban/verify",
            json!({"level": tiny, "number": 1, "plan": "rr"}),
            "verify",
        ),
        (
            "/api/sokoban/verify",
            json!({"level": tiny, "number": 1, "plan": "lx"}),
            "verify",
        ),
        (
            "/api/sokoban/replay",
            json!({"level": tiny, "number": 1, "plan": "rRR"}),
            "replay",
        ),
        (
            "/api/sokoban/replay",
            json!({"level": tiny, "number": 1, "plan": "rRRR"}),
            "replay",
        ),
    ];
    for (path, body, name) in answers {
        let (status, answer) = s.post(path, &body);
        assert_eq!(status, 200, "{path}: {answer}");
        valid(name, &answer);
    }
    let refused = [
        json!({"level": tiny, "number": 2, "optimize": "fast"}),
        json!({"level": tiny, "number": 2, "colour": "red"}),
        json!({"level": tiny}),
        json!({"level": "#@#"}),
    ];
    for body in refused {
        let (status, answer) = s.post("/api/sokoban/solve", &body);
        assert_eq!(status, 400, "{answer}");
        valid("error", &answer);
    }
    // With "certify": a bundle for a push-optimal plan and for a move-optimal one, a
    // certificate_error for a level without a plan.
    let (status, answer) = s.post(
        "/api/sokoban/solve",
        &json!({"level": tiny, "number": 1, "certify": true}),
    );
    assert_eq!(status, 200, "{answer}");
    assert!(answer["certificate"]["data"].is_string(), "{answer}");
    valid("solve", &answer);
    let (status, answer) = s.post(
        "/api/sokoban/solve",
        &json!({"level": tiny, "number": 1, "optimize": "moves", "certify": true}),
    );
    assert_eq!(status, 200, "{answer}");
    assert!(answer["certificate"]["data"].is_string(), "{answer}");
    valid("solve", &answer);
    // No plan: a certificate_error.
    let (status, answer) = s.post(
        "/api/sokoban/solve",
        &json!({"level": "#####\n#@$ #\n#  .#\n#####\n", "certify": true}),
    );
    assert_eq!(status, 200, "{answer}");
    assert!(answer["certificate_error"].is_string(), "{answer}");
    valid("solve", &answer);
}

#[test]
fn the_streamed_events_validate() {
    let s = Server::start(&[]);
    let body = json!({"level": example("tiny.xsb"), "number": 3, "optimize": "moves",
        "search": "horizon"});
    let (_, _, text) = s.request(
        "POST",
        "/api/sokoban/solve",
        "Accept: text/event-stream\r\n",
        body.to_string().as_bytes(),
    );
    let mut names = Vec::new();
    for event in text.split("\n\n") {
        let name = event.lines().find_map(|l| l.strip_prefix("event: "));
        let data = event.lines().find_map(|l| l.strip_prefix("data: "));
        let (Some(name), Some(data)) = (name, data) else {
            continue;
        };
        let v: Value = serde_json::from_str(data).unwrap_or_else(|e| panic!("{data}: {e}"));
        match name {
            "progress" => valid("progress", &v),
            "result" => valid("solve", &v),
            "error" => valid("error", &v),
            other => panic!("unknown event {other}"),
        }
        names.push(name.to_string());
    }
    assert!(
        names.iter().filter(|n| *n == "progress").count() >= 2,
        "{names:?}"
    );
    assert_eq!(
        names.last().map(String::as_str),
        Some("result"),
        "{names:?}"
    );
}
