//! Drives `gridsat sudoku` end to end: examples, verdicts, errors, external solvers.

mod common;

use common::{gridsat, gridsat_stdin, have, shared, write};

/// An independent check written for the tests: rows, columns and P×Q boxes are
/// permutations of 1..N and the givens are kept. Cells are given as values 1..N.
fn assert_solves(puzzle: &[u32], solution: &[u32], p: usize, q: usize) {
    let n = p * q;
    assert_eq!(solution.len(), n * n);
    for (i, (&g, &s)) in puzzle.iter().zip(solution).enumerate() {
        assert!(s >= 1 && s as usize <= n, "cell {i} holds {s}");
        assert!(g == 0 || g == s, "given {g} at cell {i} changed to {s}");
    }
    let perm = |cells: Vec<usize>| {
        let mut v: Vec<u32> = cells.iter().map(|&i| solution[i]).collect();
        v.sort();
        assert_eq!(v, (1..=n as u32).collect::<Vec<_>>());
    };
    for k in 0..n {
        perm((0..n).map(|c| k * n + c).collect());
        perm((0..n).map(|r| r * n + k).collect());
        let (r0, c0) = ((k / p) * p, (k % p) * q);
        perm((0..n).map(|j| (r0 + j / q) * n + c0 + j % q).collect());
    }
}

/// Values of a line of symbols under the default alphabet (`.` = 0).
fn values(line: &str) -> Vec<u32> {
    line.chars()
        .map(|c| if c == '.' { 0 } else { c.to_digit(36).unwrap() })
        .collect()
}

/// Values of a whitespace-separated integer grid (0 or `.` = empty).
fn int_values(text: &str) -> Vec<u32> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap_or(0))
        .collect()
}

#[test]
fn famous_puzzles_have_their_published_solutions() {
    let tsv = std::fs::read_to_string(shared("sudoku/9x9/famous.tsv")).unwrap();
    for row in tsv.lines().skip(1) {
        let f: Vec<&str> = row.split('\t').collect();
        let (name, puzzle, solution) = (f[0], f[1], f[4]);
        let r = gridsat_stdin(&["sudoku", "solve", "--json"], puzzle);
        assert_eq!(r.code, 0, "{name}: {}", r.stderr);
        let j = &r.json()[0];
        assert_eq!(j["status"], "unique", "{name}");
        assert_eq!(j["solution"], solution, "{name}");
        assert_solves(&values(puzzle), &values(solution), 3, 3);
    }
}

#[test]
fn every_encoding_and_amo_agree_on_the_examples() {
    for enc in ["minimal", "efficient", "extended", "reduced"] {
        for amo in ["pairwise", "sequential", "commander", "product", "bimander"] {
            let r = gridsat(&[
                "sudoku",
                "solve",
                "--json",
                "--encoding",
                enc,
                "--amo",
                amo,
                "examples/sudoku/4x4.txt",
                "examples/sudoku/6x6.txt",
                "examples/sudoku/9x9.txt",
            ]);
            assert_eq!(r.code, 0, "{enc}/{amo}: {}", r.stderr);
            let js = r.json();
            assert_eq!(js.len(), 6);
            for j in &js {
                assert_eq!(j["status"], "unique", "{enc}/{amo}: {j}");
            }
            let six = &js[1];
            assert_eq!(six["file"], "examples/sudoku/6x6.txt");
            let puzzle = "1.3....56......5.4.6...1.1.6.....3.2";
            assert_solves(
                &values(puzzle),
                &values(six["solution"].as_str().unwrap()),
                2,
                3,
            );
        }
    }
}

#[test]
fn sixteen_and_twentyfive_are_solved_and_verified() {
    for (file, p) in [
        ("examples/sudoku/16x16.txt", 4),
        ("examples/sudoku/25x25.txt", 5),
    ] {
        let r = gridsat(&["sudoku", "solve", "--json", file]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let j = &r.json()[0];
        assert_eq!(j["status"], "unique");
        let puzzle = int_values(&std::fs::read_to_string(common::root().join(file)).unwrap());
        assert_solves(&puzzle, &values(j["solution"].as_str().unwrap()), p, p);
        // The grid layout of the same answer is what `check` accepts.
        let grid = gridsat(&["sudoku", "solve", "--format", "grid", file]);
        let dir = tempfile::tempdir().unwrap();
        let body: String = grid
            .stdout
            .lines()
            .skip(1)
            .map(|l| l.to_string() + "\n")
            .collect();
        let sol = write(dir.path(), "sol.txt", &body);
        let c = gridsat(&["sudoku", "check", file, &sol]);
        assert_eq!(c.code, 0, "{}{}", c.stdout, c.stderr);
    }
}

#[test]
fn two_solutions_mean_multiple_and_exit_3() {
    let r = gridsat(&[
        "sudoku",
        "solve",
        "--json",
        "--count",
        "10",
        "examples/sudoku/broken/two-solutions.txt",
    ]);
    assert_eq!(r.code, 3);
    let j = &r.json()[0];
    assert_eq!(j["status"], "multiple");
    let a = j["solution"].as_str().unwrap();
    let b = j["more_solutions"][0].as_str().unwrap();
    assert_ne!(a, b);
    assert_eq!(
        j["more_solutions"].as_array().unwrap().len(),
        1,
        "exactly two exist"
    );
    let puzzle =
        values("16285.4.353412.6.8789643521475312986913586742628794135356478219241935867897261354");
    assert_solves(&puzzle, &values(a), 3, 3);
    assert_solves(&puzzle, &values(b), 3, 3);
    let first = gridsat(&[
        "sudoku",
        "solve",
        "--first",
        "--json",
        "examples/sudoku/broken/two-solutions.txt",
    ]);
    assert_eq!(first.code, 0);
    assert_eq!(first.json()[0]["status"], "sat");
}

#[test]
fn contradictions_name_the_givens() {
    let r = gridsat(&[
        "sudoku",
        "solve",
        "--json",
        "examples/sudoku/broken/contradiction.txt",
    ]);
    assert_eq!(r.code, 1);
    let j = &r.json()[0];
    assert_eq!(j["status"], "unsat");
    assert_eq!(j["conflict"], serde_json::json!(["r1c3=5", "r1c7=5"]));
    assert_eq!(j["reason"], "same row");
    assert!(j.get("solution").is_none());
    let text = gridsat(&[
        "sudoku",
        "solve",
        "examples/sudoku/broken/contradiction.txt",
    ]);
    assert!(
        text.stdout.contains("unsat: r1c3=5, r1c7=5 (same row)"),
        "{}",
        text.stdout
    );
    // No duplicates, yet impossible: the solver's core is shrunk to the cause.
    let p = "...1234..\n.9.......\n.........\n5........\n6........\n7........\n8........\n.........\n.........\n";
    let r = gridsat_stdin(&["sudoku", "solve", "--json"], p);
    assert_eq!(r.code, 1);
    let j = &r.json()[0];
    assert_eq!(j["conflict"].as_array().unwrap().len(), 9, "{j}");
    assert_eq!(j["reason"], "together they leave no symbol for r1c1");
}

#[test]
fn shape_alphabets_round_trip() {
    let r = gridsat(&[
        "sudoku",
        "solve",
        "--symbols",
        "▲●■★",
        "--json",
        "examples/sudoku/shapes/4x4-shapes.txt",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let sol = r.json()[0]["solution"].as_str().unwrap().to_string();
    let map = |c: char| {
        "▲●■★"
            .chars()
            .position(|s| s == c)
            .map_or(0, |i| i as u32 + 1)
    };
    let puzzle: Vec<u32> = ". ● . . ■ . . . . . ■ ★ . . . ▲"
        .split(' ')
        .map(|t| map(t.chars().next().unwrap()))
        .collect();
    assert_solves(&puzzle, &sol.chars().map(map).collect::<Vec<_>>(), 2, 2);
    // Without the alphabet the shapes are unknown symbols, located precisely.
    let bad = gridsat(&["sudoku", "solve", "examples/sudoku/shapes/4x4-shapes.txt"]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr
            .contains("4x4-shapes.txt:1:3: unknown symbol '●'"),
        "{}",
        bad.stderr
    );
}

#[test]
fn malformed_inputs_are_located_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "short.txt",
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7\n",
            "short.txt:1:1: a one-line puzzle needs N² symbols",
        ),
        (
            "symbol.txt",
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x\n",
            "symbol.txt:1:81: unknown symbol 'x'",
        ),
        (
            "ragged.txt",
            "1 2 | 3 4\n3 4 | 1\n2 1 | 4 3\n4 3 | 2 1\n",
            "ragged.txt:2:",
        ),
        ("empty.txt", "", "empty.txt: no puzzle found"),
        (
            "seven.txt",
            "1234567\n2345671\n3456712\n4567123\n5671234\n6712345\n7123456\n",
            "7 is not a valid Sudoku side",
        ),
        (
            "range.txt",
            "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 9\n",
            "range.txt:4:7: value 9 is out of range",
        ),
    ];
    for (name, text, expected) in cases {
        let path = write(dir.path(), name, text);
        let r = gridsat(&["sudoku", "solve", &path]);
        assert_eq!(r.code, 2, "{name}: {}", r.stderr);
        assert!(
            r.stderr.contains(expected),
            "{name}: expected '{expected}' in:\n{}",
            r.stderr
        );
    }
    let r = gridsat(&["sudoku", "solve", "no/such/file.txt"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no/such/file.txt: cannot read"));
    let r = gridsat(&["sudoku", "solve", "--box", "2x3", "examples/sudoku/4x4.txt"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--box 2x3"), "{}", r.stderr);
    // One bad puzzle among good ones: the others are still answered.
    let mixed = write(
        dir.path(),
        "mixed.txt",
        &format!("{}\nxx\n{}\n", ".".repeat(81), ".".repeat(81)),
    );
    let r = gridsat(&["sudoku", "solve", "--first", "--json", &mixed]);
    assert_eq!(r.code, 2);
    let js = r.json();
    assert_eq!(js.len(), 3);
    assert_eq!(js[0]["status"], "sat");
    assert_eq!(js[1]["status"], "error");
    assert_eq!(js[2]["status"], "sat");
}

#[test]
fn a_zero_time_limit_reports_unknown() {
    let r = gridsat(&[
        "sudoku",
        "solve",
        "--time-limit",
        "0",
        "--json",
        "examples/sudoku/9x9.txt",
    ]);
    assert_eq!(r.code, 4);
    let js = r.json();
    assert_eq!(js.len(), 4);
    assert!(js.iter().all(|j| j["status"] == "unknown"));
}

#[test]
fn encode_writes_named_families_and_variables() {
    let r = gridsat(&[
        "sudoku",
        "encode",
        "--readable-ids",
        "examples/sudoku/9x9.txt",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let out = &r.stdout;
    assert!(
        out.contains("p cnf 999 12011\n"),
        "11,988 rule clauses + 23 givens"
    );
    for fam in [
        "cell at least one: 81",
        "cell at most one: 2916",
        "row at most one: 2916",
        "box at least one: 81",
        "given: 23",
    ] {
        assert!(out.contains(&format!("c   {fam} clauses")), "{fam}");
    }
    assert!(out.contains("c var 375 r3c7=5\n"));
    assert!(out.contains("c family: column at least one\n"));
    let minimal = gridsat(&[
        "sudoku",
        "encode",
        "--encoding",
        "minimal",
        "examples/sudoku/9x9.txt",
    ]);
    assert!(
        minimal.stdout.contains("p cnf 729 8852\n"),
        "8,829 + 23 givens"
    );
    let dimacs = gridsat(&[
        "sudoku",
        "encode",
        "--encoding",
        "efficient",
        "--index",
        "2",
        "examples/sudoku/9x9.txt",
    ]);
    assert!(
        dimacs.stdout.contains("p cnf 729 11766\n"),
        "11,745 + 21 givens"
    );
}

#[test]
fn external_minisat_round_trips() {
    if !have("minisat") {
        return;
    }
    let r = gridsat(&[
        "sudoku",
        "solve",
        "--json",
        "--solver",
        "external:minisat",
        "examples/sudoku/9x9.txt",
        "examples/sudoku/broken/two-solutions.txt",
    ]);
    let js = r.json();
    assert_eq!(js.len(), 5);
    assert!(js[..4].iter().all(|j| j["status"] == "unique"));
    assert_eq!(js[4]["status"], "multiple");
    // encode → minisat → decode gives the verified grid.
    let dir = tempfile::tempdir().unwrap();
    let cnf = write(
        dir.path(),
        "f.cnf",
        &gridsat(&["sudoku", "encode", "examples/sudoku/6x6.txt"]).stdout,
    );
    let model = dir.path().join("model.txt");
    let status = std::process::Command::new("minisat")
        .arg(&cnf)
        .arg(&model)
        .output()
        .unwrap();
    assert_eq!(status.status.code(), Some(10), "minisat says SAT");
    let d = gridsat(&[
        "sudoku",
        "decode",
        model.to_str().unwrap(),
        "--puzzle",
        "examples/sudoku/6x6.txt",
        "--format",
        "line",
    ]);
    assert_eq!(d.code, 0, "{}{}", d.stdout, d.stderr);
    assert_solves(
        &values("1.3....56......5.4.6...1.1.6.....3.2"),
        &values(d.stdout.trim()),
        2,
        3,
    );
    // A model with a flipped literal is caught.
    let text = std::fs::read_to_string(&model)
        .unwrap()
        .replacen(" 1 ", " -1 ", 1)
        .replacen("SAT\n1 ", "SAT\n-1 ", 1);
    let bad = write(dir.path(), "bad.txt", &text);
    let d = gridsat(&[
        "sudoku",
        "decode",
        &bad,
        "--puzzle",
        "examples/sudoku/6x6.txt",
    ]);
    // A wrong model is the user's (issue 13: exit 1 with a reason, 5 is for gridsat's faults).
    assert_eq!(d.code, 1, "{}", d.stdout);
    assert!(d.stdout.starts_with("invalid:"));
}

#[test]
fn check_accepts_solutions_and_names_faults() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.txt", "1243\n3412\n2134\n4321\n");
    let r = gridsat(&["sudoku", "check", "examples/sudoku/4x4.txt", &good]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    // A valid Sudoku grid that breaks the given 1 at r4c4.
    let other = write(dir.path(), "other.txt", "1243\n3421\n2134\n4312\n");
    let r = gridsat(&["sudoku", "check", "examples/sudoku/4x4.txt", &other]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.contains("invalid: r4c4 should keep the given 1"),
        "{}",
        r.stdout
    );
    // Keeps the givens but repeats a symbol in a column.
    let bad = write(dir.path(), "bad.txt", "1243\n3412\n2134\n4231\n");
    let r = gridsat(&["sudoku", "check", "examples/sudoku/4x4.txt", &bad]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.contains("invalid: column 2 holds 2 twice"),
        "{}",
        r.stdout
    );
}

#[test]
fn stdin_is_read_with_dash_or_nothing() {
    let p = ".2..3......34..1";
    for args in [vec!["sudoku", "solve", "-"], vec!["sudoku", "solve"]] {
        let r = gridsat_stdin(&args, p);
        assert_eq!(r.code, 0);
        assert!(r.stdout.contains("1234341221434321"), "{}", r.stdout);
    }
}

#[test]
fn threads_keep_input_order_and_stats_summarise() {
    // 300 puzzles of the 17-clue set, on 1 and on 3 threads: the same answers, in order.
    let all = std::fs::read_to_string(shared("sudoku/9x9/17clue-49158.txt")).unwrap();
    let some: String = all
        .lines()
        .take(300)
        .map(|l| l.to_string() + "\n")
        .collect();
    let strip = |r: &common::Run| -> Vec<String> {
        r.json()
            .iter()
            .map(|j| format!("{} {} {}", j["puzzle"], j["status"], j["solution"]))
            .collect()
    };
    let one = gridsat_stdin(&["sudoku", "solve", "--json", "--threads", "1"], &some);
    let three = gridsat_stdin(
        &["sudoku", "solve", "--json", "--threads", "3", "--stats"],
        &some,
    );
    assert_eq!(one.code, 0);
    assert_eq!(three.code, 0);
    let (a, b) = (strip(&one), strip(&three));
    assert_eq!(a.len(), 300);
    assert_eq!(a, b);
    for (i, line) in some.lines().enumerate() {
        let j = &one.json()[i];
        assert_eq!(j["puzzle"], i + 1);
        assert_solves(
            &values(line),
            &values(j["solution"].as_str().unwrap()),
            3,
            3,
        );
    }
    assert!(
        three.stderr.contains("300 puzzles: 300 unique in"),
        "{}",
        three.stderr
    );
    assert!(three.stderr.contains("3 threads"), "{}", three.stderr);
}

#[test]
fn every_presolve_level_and_solver_agree() {
    for presolve in ["off", "singles", "probe"] {
        for solver in ["auto", "cadical", "batsat"] {
            let r = gridsat(&[
                "sudoku",
                "solve",
                "--json",
                "--presolve",
                presolve,
                "--solver",
                solver,
                "examples/sudoku/9x9.txt",
                "examples/sudoku/broken/two-solutions.txt",
            ]);
            let js = r.json();
            let st: Vec<&str> = js.iter().map(|j| j["status"].as_str().unwrap()).collect();
            assert_eq!(
                st,
                ["unique", "unique", "unique", "unique", "multiple"],
                "{presolve}/{solver}"
            );
        }
    }
}

#[test]
fn large_contradictions_are_explained_without_the_full_encoding() {
    // 100×100: row 1 holds 1..99 in columns 2..100 and r2c1 holds 100, so r1c1 has no
    // value left. The full encoding would be too large for conflict analysis; the
    // givens themselves show the contradiction.
    let n = 100;
    let mut rows = Vec::new();
    for r in 0..n {
        let row: Vec<String> = (0..n)
            .map(|c| match (r, c) {
                (0, c) if c > 0 => c.to_string(),
                (1, 0) => "100".to_string(),
                _ => "0".to_string(),
            })
            .collect();
        rows.push(row.join(" "));
    }
    let r = gridsat_stdin(&["sudoku", "solve", "--json"], &(rows.join("\n") + "\n"));
    assert_eq!(r.code, 1, "{}", r.stderr);
    let j = &r.json()[0];
    assert_eq!(j["status"], "unsat");
    assert_eq!(j["reason"], "together they leave no symbol for r1c1");
    let conflict = j["conflict"].as_array().unwrap();
    assert_eq!(conflict.len(), 100);
    assert!(conflict.contains(&serde_json::json!("r2c1=100")));
}

#[test]
fn sparse_giants_are_unique_and_solved_by_deduction() {
    // (file, box side, most givens allowed in percent of the cells)
    for (file, p, most) in [
        ("examples/sudoku/sparse/25x25-deduction-minimal.txt", 5, 45),
        ("examples/sudoku/sparse/36x36-deduction-minimal.txt", 6, 50),
        ("examples/sudoku/sparse/49x49-deduction-minimal.txt", 7, 55),
        ("examples/sudoku/sparse/25x25-thinned.txt", 5, 38),
        ("examples/sudoku/sparse/36x36-thinned.txt", 6, 45),
    ] {
        let r = gridsat(&["sudoku", "solve", "--json", "--format", "grid", file]);
        assert_eq!(r.code, 0, "{file}: {}", r.stderr);
        let js = r.json();
        assert_eq!(js.len(), 2, "{file}");
        let n = p * p;
        let text = std::fs::read_to_string(common::root().join(file)).unwrap();
        // The grid layout: comment line, then N rows per puzzle (with rule lines).
        let puzzles: Vec<Vec<u32>> = text
            .split("# puzzle")
            .skip(1)
            .map(|block| {
                block
                    .lines()
                    .skip(1)
                    .flat_map(|l| l.split_whitespace())
                    .filter(|t| *t != "|" && !t.starts_with('-'))
                    .map(|t| match t {
                        "." | "0" => 0,
                        t if n <= 35 => t.chars().next().unwrap().to_digit(36).unwrap(),
                        t => t.parse().unwrap(),
                    })
                    .collect()
            })
            .collect();
        for (j, puzzle) in js.iter().zip(&puzzles) {
            assert_eq!(j["status"], "unique", "{file}");
            assert_eq!(j["stats"]["solver_calls"], 0, "{file}: deduction alone");
            let sol = j["solution"].as_str().unwrap();
            let sol: Vec<u32> = if n <= 35 {
                values(sol)
            } else {
                int_values(sol)
            };
            assert_eq!(puzzle.len(), n * n, "{file}");
            let givens = puzzle.iter().filter(|&&v| v != 0).count();
            assert!(
                givens * 100 < most * n * n,
                "{file}: {givens} givens is not sparse"
            );
            assert_solves(puzzle, &sol, p, p);
        }
    }
}

#[test]
fn hitting_set_examples_are_unique_with_at_most_35_percent_givens() {
    let file = "examples/sudoku/sparse/16x16-hitting-set.txt";
    let r = gridsat(&["sudoku", "solve", "--json", file]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let js = r.json();
    assert_eq!(js.len(), 3);
    assert!(js.iter().all(|j| j["status"] == "unique"), "{js:?}");
    let text = std::fs::read_to_string(common::root().join(file)).unwrap();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let givens = line.chars().filter(|&c| c != '.').count();
        assert_eq!(line.chars().count(), 256);
        assert!(givens * 100 <= 35 * 256, "{givens} givens: {line}");
    }
}
