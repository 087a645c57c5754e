//! `POST /api/sudoku/check-encoding` on a real socket: a 4×4 encoding with one family
//! of clauses left out is answered with that family broken and a model that breaks it
//! (re-checked here), the full encoding passes, and bad members are a 400 naming them.

mod common;
mod serve_common;

use serde_json::{Value, json};
use serve_common::Server;

const N: usize = 4;

fn var(r: usize, c: usize, d: usize) -> i64 {
    (100 * r + 10 * c + d) as i64
}

/// The cells of row, column and box `k` (0-based), 1-based (r, c) pairs.
fn houses() -> Vec<(&'static str, Vec<(usize, usize)>)> {
    let mut out = Vec::new();
    for k in 0..N {
        out.push(("row", (0..N).map(|c| (k + 1, c + 1)).collect()));
        out.push(("column", (0..N).map(|r| (r + 1, k + 1)).collect()));
        let (br, bc) = (k / 2 * 2, k % 2 * 2);
        out.push((
            "box",
            (0..N).map(|i| (br + i / 2 + 1, bc + i % 2 + 1)).collect(),
        ));
    }
    out
}

/// The pairwise encoding of an empty 4×4 with the family `skip` left out, as DIMACS.
fn dimacs(skip: &str) -> String {
    let mut clauses: Vec<Vec<i64>> = Vec::new();
    for r in 1..=N {
        for c in 1..=N {
            if skip != "cell at least one" {
                clauses.push((1..=N).map(|d| var(r, c, d)).collect());
            }
            for d in 1..=N {
                for e in d + 1..=N {
                    if skip != "cell at most one" {
                        clauses.push(vec![-var(r, c, d), -var(r, c, e)]);
                    }
                }
            }
        }
    }
    for (kind, cells) in houses() {
        if skip == format!("{kind} at most one") {
            continue;
        }
        for d in 1..=N {
            for (i, &(r1, c1)) in cells.iter().enumerate() {
                for &(r2, c2) in &cells[i + 1..] {
                    clauses.push(vec![-var(r1, c1, d), -var(r2, c2, d)]);
                }
            }
        }
    }
    let mut text = format!("p cnf 444 {}\n", clauses.len());
    for c in clauses {
        let lits: Vec<String> = c.iter().map(i64::to_string).collect();
        text += &format!("{} 0\n", lits.join(" "));
    }
    text
}

/// Whether the model's cells (each the symbols it holds, row by row) break `family`.
fn breaks(family: &str, cells: &[Vec<u64>]) -> bool {
    let at = |r: usize, c: usize| &cells[(r - 1) * N + (c - 1)];
    match family {
        "cell at least one" => cells.iter().any(Vec::is_empty),
        "cell at most one" => cells.iter().any(|s| s.len() > 1),
        _ => houses().iter().any(|(kind, hs)| {
            family.starts_with(kind)
                && (1..=N as u64)
                    .any(|d| hs.iter().filter(|&&(r, c)| at(r, c).contains(&d)).count() > 1)
        }),
    }
}

fn check(s: &Server, body: &Value) -> (u16, Value) {
    s.post("/api/sudoku/check-encoding", body)
}

#[test]
fn each_family_left_out_is_named_with_a_model_that_breaks_it() {
    let s = Server::start(&[]);
    // "cell at most one" is not among them: with every cell holding a symbol and no
    // house holding one twice, a cell with two symbols would leave a row N + 1
    // placements of N symbols, so that family follows from the others (the check
    // says "kept", rightly).
    let families = [
        "cell at least one",
        "row at most one",
        "column at most one",
        "box at most one",
    ];
    for family in families {
        let body = json!({"dimacs": dimacs(family), "ids": "100*r+10*c+d", "size": 4});
        let (status, a) = check(&s, &body);
        assert_eq!(status, 200, "{a}");
        assert_eq!(a["problem"], true, "{family}: {}", a["text"]);
        let broken = a["families"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["family"] == family)
            .unwrap_or_else(|| panic!("{family} not listed: {a}"));
        assert_eq!(broken["verdict"], "broken", "{family}: {}", a["text"]);
        let cells: Vec<Vec<u64>> = serde_json::from_value(broken["cells"].clone()).unwrap();
        assert!(breaks(family, &cells), "{family}: {cells:?}");
        assert!(
            a["text"].as_str().unwrap().contains("BROKEN"),
            "{}",
            a["text"]
        );
    }
    for kept in ["none", "cell at most one"] {
        let body = json!({"dimacs": dimacs(kept), "ids": "100*r+10*c+d", "size": 4});
        let (status, a) = check(&s, &body);
        assert_eq!(status, 200, "{a}");
        assert_eq!(a["problem"], false, "{kept}: {}", a["text"]);
        assert_eq!(a["sound"], true);
    }
}

#[test]
fn bad_members_are_refused_naming_them() {
    let s = Server::start(&[]);
    let ok = dimacs("none");
    let cases = [
        (
            json!({"dimacs": "p cnf 3 1\n1 x 0\n", "ids": "100*r+10*c+d", "size": 4}),
            "line 2, column 3",
        ),
        (json!({"dimacs": ok, "ids": "100*r+", "size": 4}), "ids"),
        (
            json!({"dimacs": ok, "ids": "100*r+10*c+d", "size": 1000000}),
            "size",
        ),
        (
            json!({"dimacs": ok, "ids": "100*r+10*c+d", "base": 7}),
            "base",
        ),
        (
            json!({"dimacs": ok, "ids": "100*r+10*c+d", "colour": 1}),
            "colour",
        ),
        (json!({"ids": "100*r+10*c+d"}), "dimacs"),
        (
            json!({"dimacs": ok, "ids": "100*r+10*c+d", "size": 4, "puzzle": "12x"}),
            "puzzle",
        ),
    ];
    for (body, named) in cases {
        let (status, a) = check(&s, &body);
        assert_eq!(status, 400, "{body}: {a}");
        assert!(a.to_string().contains(named), "{named}: {a}");
    }
}
