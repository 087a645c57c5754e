//! Every Sudoku report object validates against its JSON Schema in
//! `docs/schema/sudoku/`: each `--json` line the real binary prints for the examples
//! (answers, errors, stops), and each answer of `gridsat serve`. The schemas refuse
//! members they do not list, so a key added to a report without its schema fails here.

mod common;
mod serve_common;

use common::{gridsat, root};
use jsonschema::Validator;
use serde_json::{Value, json};
use serve_common::Server;

/// The schema of `name` (`solve`, `hint`, …), compiled.
fn schema(name: &str) -> Validator {
    let path = root().join(format!("docs/schema/sudoku/{name}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let schema: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{path:?} is no schema: {e}"))
}

/// Panics with every violation when `object` does not validate against `name`'s schema.
fn assert_valid(name: &str, v: &Validator, object: &Value, what: &str) {
    let errors: Vec<String> = v
        .iter_errors(object)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what}: not a {name} object:\n{object}\n{}",
        errors.join("\n")
    );
}

fn examples() -> Vec<String> {
    let mut files = Vec::new();
    for dir in ["", "broken/", "shapes/", "variants/"] {
        let d = root().join("examples/sudoku").join(dir);
        for e in std::fs::read_dir(&d).expect("examples") {
            let p = e.expect("entry").path();
            if p.extension().is_some_and(|x| x == "txt") {
                let rel = p.strip_prefix(root()).expect("under the root");
                files.push(rel.to_string_lossy().into_owned());
            }
        }
    }
    files.sort();
    assert!(files.len() >= 14, "{files:?}");
    files
}

/// Runs `gridsat sudoku ARGS` and validates every line against `name`'s schema;
/// returns how many objects it printed.
fn cli(name: &str, v: &Validator, args: &[&str]) -> usize {
    let mut all = vec!["sudoku"];
    all.extend_from_slice(args);
    let run = gridsat(&all);
    let objects = run.json();
    for o in &objects {
        assert_valid(name, v, o, &all.join(" "));
    }
    objects.len()
}

#[test]
fn every_cli_json_object_of_the_examples_validates() {
    let mut seen = 0;
    for cmd in ["solve", "hint", "candidates", "explain", "rate"] {
        let v = schema(cmd);
        for f in examples() {
            seen += cli(cmd, &v, &[cmd, "--json", &f]);
        }
        seen += cli(
            cmd,
            &v,
            &[
                cmd,
                "--json",
                "--time-limit",
                "0",
                "examples/sudoku/9x9.txt",
            ],
        );
        let two = ["examples/sudoku/4x4.txt", "examples/sudoku/6x6.txt"];
        seen += cli(cmd, &v, &[cmd, "--json", two[0], two[1]]);
    }
    let solve = schema("solve");
    seen += cli(
        "solve",
        &solve,
        &[
            "solve",
            "--json",
            "--count",
            "5",
            "examples/sudoku/broken/two-solutions.txt",
        ],
    );
    seen += cli(
        "solve",
        &solve,
        &[
            "solve",
            "--json",
            "--max-memory",
            "1K",
            "examples/sudoku/9x9.txt",
        ],
    );
    let g = schema("generate");
    for extra in [
        &["--size", "6"][..],
        &["--size", "4", "--killer"],
        &["--size", "6", "--jigsaw"],
        &["--rules", "diagonals", "--count", "2"],
        &["--level", "medium"],
        &["--se", "2.0-4.0", "--technique", "pointing"],
    ] {
        let mut args = vec!["generate", "--json", "--seed", "1"];
        args.extend_from_slice(extra);
        assert!(cli("generate", &g, &args) >= 1, "{args:?}");
    }
    assert!(seen > 100, "only {seen} objects checked");
}

/// The schema of a server route's answer.
fn route_schema(route: &str) -> &str {
    route.rsplit('/').next().expect("a route")
}

#[test]
fn every_server_answer_for_the_examples_validates() {
    let s = Server::start(&[]);
    let questions = [
        "solve",
        "hint",
        "candidates",
        "explain",
        "rate",
        "propagate",
        "parse",
        "encode",
    ];
    let mut seen = 0;
    for q in questions {
        let v = schema(q);
        for f in examples() {
            let puzzle = std::fs::read_to_string(root().join(&f)).expect("example");
            let (status, answer) = s.post(&format!("/api/sudoku/{q}"), &json!({"puzzle": puzzle}));
            if status == 400 {
                // A puzzle the server cannot read (shapes needs its symbols): an error.
                assert!(answer["error"].is_string(), "{q} {f}: {answer}");
                continue;
            }
            assert_eq!(status, 200, "{q} {f}: {answer}");
            assert_valid(route_schema(q), &v, &answer, &format!("POST {q} {f}"));
            seen += 1;
        }
    }
    let g = schema("generate");
    for body in [
        json!({"size": 4, "seed": 2}),
        json!({"size": 4, "count": 3}),
        json!({"size": 6, "jigsaw": true}),
        json!({"level": "hard", "seed": 11}),
    ] {
        let (status, answer) = s.post("/api/sudoku/generate", &body);
        assert_eq!(status, 200, "{body}: {answer}");
        assert_valid("generate", &g, &answer, &format!("POST generate {body}"));
        seen += 1;
    }
    assert!(seen > 80, "only {seen} answers checked");
}

#[test]
fn the_certified_solve_answers_validate() {
    let s = Server::start(&[]);
    let v = schema("solve");
    let puzzle = std::fs::read_to_string(root().join("examples/sudoku/4x4.txt")).expect("example");
    let (status, answer) = s.post(
        "/api/sudoku/solve",
        &json!({"puzzle": puzzle, "certify": true}),
    );
    assert_eq!(status, 200, "{answer}");
    assert!(answer["certificate"]["data"].is_string(), "{answer}");
    assert_valid("solve", &v, &answer, "POST solve certify");
    // The members are checked, not waved through: a bundle missing its data is refused.
    let mut broken = answer.clone();
    broken["certificate"]
        .as_object_mut()
        .expect("an object")
        .remove("data");
    assert!(v.iter_errors(&broken).next().is_some(), "{broken}");
}

#[test]
fn the_schemas_refuse_an_unknown_member_and_a_missing_one() {
    let v = schema("solve");
    let run = gridsat(&["sudoku", "solve", "--json", "examples/sudoku/4x4.txt"]);
    let good = run.json().remove(0);
    assert!(v.is_valid(&good), "{good}");
    let mut extra = good.clone();
    extra["colour"] = json!("red");
    assert!(!v.is_valid(&extra), "an unknown member passed: {extra}");
    let mut missing = good.clone();
    missing["stats"]
        .as_object_mut()
        .expect("stats")
        .remove("variables");
    assert!(!v.is_valid(&missing), "a missing member passed: {missing}");
    let mut wrong = good;
    wrong["status"] = json!("probably");
    assert!(!v.is_valid(&wrong), "an unknown status passed: {wrong}");
}

#[test]
fn every_schema_file_is_one_this_test_uses() {
    let used = [
        "candidates",
        "encode",
        "explain",
        "generate",
        "hint",
        "parse",
        "propagate",
        "rate",
        "solve",
    ];
    let mut found: Vec<String> = std::fs::read_dir(root().join("docs/schema/sudoku"))
        .expect("docs/schema/sudoku")
        .filter_map(|e| {
            let name = e.expect("entry").file_name().to_string_lossy().into_owned();
            name.strip_suffix(".json").map(str::to_string)
        })
        .collect();
    found.sort();
    assert_eq!(found, used);
    for name in used {
        schema(name);
    }
}
