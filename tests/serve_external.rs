//! `gridsat serve` runs no external solver program: every route that takes a `solver`
//! refuses `external:…` with HTTP 400 and the one message of
//! `BackendSpec::refuse_external`, which names the built-in backends.

mod common;
mod serve_common;

use common::root;
use serde_json::{Value, json};
use serve_common::Server;

const REFUSAL: &str = "solver: external solver programs are not run here; use auto, cadical, batsat, small or portfolio";

fn example(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).expect("example")
}

/// Posts `body` with `"solver": "external:minisat"` and checks the refusal.
fn refused(s: &Server, path: &str, mut body: Value) {
    body["solver"] = json!("external:minisat");
    let (status, e) = s.post(path, &body);
    assert_eq!(status, 400, "{path}: {e}");
    assert_eq!(e, json!({ "error": REFUSAL }), "{path}");
}

#[test]
fn every_family_refuses_external_solvers_with_one_message() {
    let s = Server::start(&[]);
    let puzzle = example("examples/sudoku/4x4.txt");
    refused(&s, "/api/sudoku/solve", json!({ "puzzle": puzzle }));
    refused(&s, "/api/sudoku/generate", json!({ "size": 4 }));
    let level = example("examples/sokoban/tiny.xsb");
    refused(
        &s,
        "/api/sokoban/solve",
        json!({ "level": level, "number": "1" }),
    );
    // The built-ins it names are taken.
    for solver in ["auto", "cadical", "batsat", "portfolio"] {
        let (status, r) = s.post(
            "/api/sokoban/solve",
            &json!({ "level": level, "number": "1", "solver": solver }),
        );
        assert_eq!(status, 200, "{solver}: {r}");
        let (status, r) = s.post(
            "/api/sudoku/solve",
            &json!({ "puzzle": puzzle, "solver": solver }),
        );
        assert_eq!(status, 200, "{solver}: {r}");
    }
}
