//! Drives the puzzle maker's toolkit end to end: generate, rate, hint, candidates,
//! explain, and variants, on 4×4, 6×6 (2×3), 9×9 and 16×16, with symbol alphabets.

mod common;

use common::{gridsat, gridsat_stdin, write};
use serde_json::Value;

/// The unique solution `solve` finds for `input` (extra args e.g. --box, --symbols).
fn solve_unique(input: &str, extra: &[&str]) -> String {
    let mut args = vec!["sudoku", "solve", "--json"];
    args.extend_from_slice(extra);
    let r = gridsat_stdin(&args, input);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    let j = r.json();
    assert_eq!(j.len(), 1);
    assert_eq!(j[0]["status"], "unique", "{input}");
    j[0]["solution"].as_str().unwrap().to_string()
}

/// The JSON lines of `gridsat sudoku generate --json ARGS…` (which must succeed).
fn generate_json(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["sudoku", "generate", "--json"];
    all.extend_from_slice(args);
    let r = gridsat(&all);
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    r.json()
}

#[test]
fn generated_puzzles_read_back_in_every_format_and_size() {
    let sizes: [&[&str]; 5] = [
        &["--size", "4"],
        &["--size", "6"],
        &["--box", "3x2"],
        &["--size", "9", "--symmetry", "rot180"],
        &["--size", "16", "--clues", "150"],
    ];
    for size in sizes {
        for format in ["line", "grid", "ints", "variant"] {
            let mut args = vec![
                "sudoku", "generate", "--seed", "5", "--count", "2", "--format", format,
            ];
            args.extend_from_slice(size);
            let r = gridsat(&args);
            assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
            // The box shape travels with the variant format only.
            let mut back = vec!["sudoku", "solve", "--json", "-"];
            if size[0] == "--box" && format != "variant" {
                back.extend_from_slice(&["--box", "3x2"]);
            }
            let s = gridsat_stdin(&back, &r.stdout);
            assert_eq!(s.code, 0, "{args:?}:\n{}\n{}", r.stdout, s.stderr);
            let js = s.json();
            assert_eq!(js.len(), 2, "{args:?}");
            assert!(js.iter().all(|j| j["status"] == "unique"), "{args:?}");
        }
        // JSON carries the solution, which the solver confirms.
        let mut args = vec!["sudoku", "generate", "--seed", "5", "--json"];
        args.extend_from_slice(size);
        let r = gridsat(&args);
        let j: Value = serde_json::from_str(r.stdout.trim()).unwrap();
        let givens = j["givens"].as_str().unwrap();
        let extra: Vec<&str> = if size[0] == "--box" {
            vec!["--box", "3x2"]
        } else {
            vec![]
        };
        assert_eq!(
            solve_unique(givens, &extra),
            j["solution"].as_str().unwrap()
        );
        assert_eq!(
            j["clues"].as_u64().unwrap() as usize,
            givens.chars().filter(|&c| c != '.').count()
        );
        if size.contains(&"150") {
            assert_eq!(j["clues"], 150);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_output_on_any_number_of_threads() {
    let run = |seed: &str, threads: &str| {
        let r = gridsat(&[
            "sudoku",
            "generate",
            "--count",
            "4",
            "--seed",
            seed,
            "--threads",
            threads,
        ]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        r.stdout
    };
    let a = run("99", "1");
    assert_eq!(a, run("99", "2"));
    assert_ne!(a, run("100", "1"));
    assert_eq!(a.lines().count(), 4);
}

#[test]
fn symbols_and_symmetry_show_in_the_output() {
    let r = gridsat(&[
        "sudoku",
        "generate",
        "--size",
        "4",
        "--symbols",
        "▲●■★",
        "--symmetry",
        "rot90",
        "--seed",
        "1",
        "--count",
        "3",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    for line in r.stdout.lines() {
        let cells: Vec<char> = line.split_whitespace().next().unwrap().chars().collect();
        assert_eq!(cells.len(), 16);
        assert!(cells.iter().all(|c| "▲●■★.".contains(*c)), "{line}");
        // A quarter turn maps (r, c) to (c, 3 − r): givens stay givens.
        for r in 0..4 {
            for c in 0..4 {
                assert_eq!(
                    cells[r * 4 + c] == '.',
                    cells[c * 4 + (3 - r)] == '.',
                    "{line}"
                );
            }
        }
        solve_unique(line, &["--symbols", "▲●■★"]);
    }
}

#[test]
fn hints_candidates_and_explanations_on_every_size() {
    for (file, extra) in [
        ("examples/sudoku/4x4.txt", vec![]),
        ("examples/sudoku/6x6.txt", vec![]),
        (
            "examples/sudoku/shapes/4x4-shapes.txt",
            vec!["--symbols", "▲●■★"],
        ),
        ("examples/sudoku/16x16.txt", vec![]),
    ] {
        let text = std::fs::read_to_string(common::root().join(file)).unwrap();
        let solution = solve_unique(&text, &extra);
        let sol: Vec<char> = solution.chars().filter(|c| !c.is_whitespace()).collect();
        let n = (sol.len() as f64).sqrt() as usize;
        let cell = |name: &str| -> usize {
            let (r, c) = name[1..].split_once('c').unwrap();
            (r.parse::<usize>().unwrap() - 1) * n + c.parse::<usize>().unwrap() - 1
        };
        let mut args = vec!["sudoku", "hint", file, "--json"];
        args.extend_from_slice(&extra);
        let r = gridsat(&args);
        assert_eq!(r.code, 0, "{file}: {}", r.stderr);
        let h = &r.json()[0];
        assert_eq!(h["hint"], "place", "{file}: {h}");
        let v = h["value"].as_str().unwrap().chars().next().unwrap();
        assert_eq!(
            v,
            sol[cell(h["cell"].as_str().unwrap())],
            "{file}: the hint is wrong"
        );
        assert!(h["text"].as_str().unwrap().contains(" must be "));

        let mut args = vec!["sudoku", "candidates", file, "--json"];
        args.extend_from_slice(&extra);
        let r = gridsat(&args);
        assert_eq!(r.code, 0, "{file}: {}", r.stderr);
        let c = &r.json()[0];
        for e in c["cells"].as_array().unwrap() {
            let marks = e["candidates"].as_str().unwrap();
            let want = sol[cell(e["cell"].as_str().unwrap())];
            assert!(marks.contains(want), "{file}: {e} lost {want}");
        }

        let mut args = vec!["sudoku", "explain", file, "--json"];
        args.extend_from_slice(&extra);
        let r = gridsat(&args);
        assert_eq!(r.code, 0, "{file}: {}", r.stderr);
        let x = &r.json()[0];
        assert_eq!(x["end"], "solved");
        let grid: String = x["grid"].as_str().unwrap().to_string();
        assert_eq!(
            grid.chars()
                .filter(|c| !c.is_whitespace())
                .collect::<Vec<_>>(),
            sol,
            "{file}"
        );
        let steps = x["steps"].as_array().unwrap().len() as u64;
        assert_eq!(
            steps,
            x["placements"].as_u64().unwrap()
                + x["technique_steps"].as_u64().unwrap()
                + x["what_ifs"].as_u64().unwrap()
                + x["guesses"].as_u64().unwrap()
        );
    }
}

#[test]
fn explain_names_the_conflicting_givens_and_rate_skips_ambiguous_puzzles() {
    let r = gridsat(&[
        "sudoku",
        "explain",
        "examples/sudoku/broken/contradiction.txt",
    ]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout.trim(),
        "puzzle 1: no solution: the givens r1c3=5, r1c7=5 (same row)"
    );
    let r = gridsat(&["sudoku", "rate", "examples/sudoku/broken/two-solutions.txt"]);
    assert_eq!(r.code, 3);
    assert!(
        r.stdout
            .contains("multiple (only puzzles with one solution are rated)"),
        "{}",
        r.stdout
    );
    let r = gridsat(&["sudoku", "hint", "examples/sudoku/broken/contradiction.txt"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.contains("r1c3=5, r1c7=5 (same row)"),
        "{}",
        r.stdout
    );
}

#[test]
fn rate_separates_easy_and_search_puzzles() {
    let wiki =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    let monster =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1\n";
    let r = gridsat_stdin(&["sudoku", "rate", "--json"], &format!("{wiki}{monster}"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let js = r.json();
    assert_eq!(js[0]["difficulty"], "easy");
    assert_eq!(js[0]["singles"], js[0]["empty"]);
    assert!(
        ["hard", "extreme"].contains(&js[1]["difficulty"].as_str().unwrap()),
        "{}",
        js[1]
    );
    assert!(js[1]["search"]["conflicts"].as_f64().unwrap() > 0.0);
    let r = gridsat_stdin(
        &["sudoku", "rate", "--summary"],
        &format!("{wiki}{monster}"),
    );
    assert!(
        r.stdout
            .starts_with("<stdin>: 2 rated: easy 1 (50.0%), medium 0 (0.0%)"),
        "{}",
        r.stdout
    );
}

#[test]
fn variant_examples_solve_to_their_solutions_from_the_command_line() {
    let dir = common::root().join("examples/sudoku/variants");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let file = path.to_str().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let known: String = text
            .split("solution:")
            .nth(1)
            .unwrap()
            .chars()
            .filter(|c| c.is_ascii_digit())
            .collect();
        let r = gridsat(&["sudoku", "solve", "--json", file]);
        assert_eq!(r.code, 0, "{file}: {}", r.stderr);
        assert_eq!(r.json()[0]["solution"].as_str().unwrap(), known, "{file}");
        for cmd in ["rate", "hint", "explain"] {
            let r = gridsat(&["sudoku", cmd, file]);
            assert_eq!(r.code, 0, "{cmd} {file}: {}", r.stderr);
        }
        let r = gridsat(&["sudoku", "check", file, "-"]);
        assert_eq!(r.code, 2, "an empty solution file is bad input");
        n += 1;
    }
    assert!(n >= 7);
}

#[test]
fn rules_on_the_command_line_apply_to_plain_files() {
    // The empty 4×4 grid with both diagonals and one clue per diagonal cell pattern.
    let r = gridsat(&[
        "sudoku",
        "generate",
        "--size",
        "4",
        "--rules",
        "diagonals",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j: Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(j["rules"][0], "diagonals");
    let givens = j["givens"].as_str().unwrap();
    // Unique with the rule, several solutions without it (the generator removed what the rule implies).
    let with = gridsat_stdin(
        &["sudoku", "solve", "--json", "--rules", "diagonals"],
        givens,
    );
    assert_eq!(with.json()[0]["solution"], j["solution"]);
    let without = gridsat_stdin(&["sudoku", "solve", "--json"], givens);
    assert_eq!(without.json()[0]["status"], "multiple");
    // The JSON line itself is a puzzle file with its rules.
    let again = gridsat_stdin(&["sudoku", "solve", "--json"], &r.stdout);
    assert_eq!(again.json()[0]["solution"], j["solution"]);
}

#[test]
fn encode_writes_variant_families() {
    let r = gridsat(&[
        "sudoku",
        "encode",
        "examples/sudoku/variants/killer.txt",
        "--cages",
        "sums",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("c variant rules: killer (cage sums encoded as sums)")
    );
    assert!(r.stdout.contains("c family: cage sum"));
    assert!(r.stdout.contains("c family: cage distinct"));
    let r = gridsat(&["sudoku", "encode", "examples/sudoku/variants/jigsaw.txt"]);
    assert!(r.stdout.contains("c family: region at most one"));
    assert!(!r.stdout.contains("c family: box at most one"));
}

#[test]
fn bad_variant_input_names_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "rules: diagonals knights\ngivens:\n1234\n3412\n2143\n4321\n",
            ":1:18: unknown rule 'knights'",
        ),
        (
            "regions:\nAABB\nAABB\nCCDD\nCCD\ngivens: ................\n",
            ":5:1: regions: this row has 3 labels, expected 4",
        ),
        (
            "cage: 40 r1c1 r1c2\ngivens: ................\n",
            ":1:1: cage r1c1 has sum 40, but 2 distinct values of 1..4 sum to 3..7",
        ),
        (
            "cage: 5 r1c1 r9c9\ngivens: ................\n",
            ":1:14: cage: r9c9 is outside the 4×4 grid",
        ),
        (
            "{\"givens\": \"................\", \"rules\": [\"x\"],\n \"cages\": 7}\n",
            ":1:1: 'cages' must be an array",
        ),
        ("{\"givens\": \"....\"\n", ":2:1: invalid JSON"),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let f = write(dir.path(), &format!("bad{i}.txt"), text);
        let r = gridsat(&["sudoku", "solve", &f]);
        assert_eq!(r.code, 2, "{text}");
        assert!(
            r.stderr.contains(&format!("{f}{want}")),
            "{text}\nwanted {want}\ngot {}",
            r.stderr
        );
    }
    let r = gridsat(&["sudoku", "generate", "--rules", "anti-king", "--size", "4"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("no 4×4 grid satisfies the rules anti-king"),
        "{}",
        r.stderr
    );
    let r = gridsat(&[
        "sudoku",
        "generate",
        "--size",
        "4",
        "--clues",
        "2",
        "--max-attempts",
        "3",
    ]);
    assert_eq!(r.code, 4);
    assert!(r.stderr.contains("exactly 2 givens"), "{}", r.stderr);
    let r = gridsat(&["sudoku", "generate", "--size", "7"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("7 is not a valid Sudoku side"),
        "{}",
        r.stderr
    );
    let r = gridsat(&["sudoku", "generate", "--rules", "knights"]);
    assert_eq!(r.code, 2);
}

#[test]
fn no_search_generation_gives_puzzles_that_deduction_alone_solves() {
    // 16×16 with --no-search: every removal was kept only when deduction still filled
    // the grid. An independent configuration (CaDiCaL, extended encoding, sequential
    // at-most-one, no deduction) must find exactly one solution, and the default
    // pipeline must need no solver call at all.
    let r = gridsat(&[
        "sudoku",
        "generate",
        "--size",
        "16",
        "--no-search",
        "--seed",
        "5",
        "--count",
        "2",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let puzzles: Vec<&str> = r.stdout.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(puzzles.len(), 2, "{}", r.stdout);
    for p in puzzles {
        let other = gridsat_stdin(
            &[
                "sudoku",
                "solve",
                "--json",
                "--encoding",
                "extended",
                "--amo",
                "sequential",
                "--presolve",
                "off",
                "--solver",
                "cadical",
            ],
            p,
        );
        assert_eq!(other.json()[0]["status"], "unique", "{p}");
        let fast = gridsat_stdin(&["sudoku", "solve", "--json"], p);
        let j = &fast.json()[0];
        assert_eq!(j["status"], "unique");
        assert_eq!(
            j["stats"]["solver_calls"], 0,
            "deduction alone should solve {p}"
        );
        assert_eq!(j["solution"], other.json()[0]["solution"]);
    }
}

#[test]
fn thinning_only_takes_givens_away_and_keeps_puzzles_deduction_solves() {
    // The same seed makes the same solution grids and removals; --thin then only trades
    // and drops givens, each step proven by deduction: never more givens than without
    // it, the same solution, found by an independent configuration as the only one.
    let run = |extra: &[&str]| {
        let mut args = vec![
            "--size",
            "16",
            "--no-search",
            "--seed",
            "11",
            "--count",
            "2",
        ];
        args.extend_from_slice(extra);
        generate_json(&args)
    };
    let (plain, thinned) = (run(&[]), run(&["--thin", "200"]));
    assert_eq!(plain.len(), 2);
    let mut fewer = 0;
    for (a, b) in plain.iter().zip(&thinned) {
        assert_eq!(a["solution"], b["solution"], "same grid for the same seed");
        let givens = |j: &Value| j["clues"].as_u64().unwrap();
        assert!(givens(b) <= givens(a), "thinning added givens");
        fewer += givens(a) - givens(b);
        let p = b["givens"].as_str().unwrap();
        let other = gridsat_stdin(
            &[
                "sudoku",
                "solve",
                "--json",
                "--presolve",
                "off",
                "--solver",
                "cadical",
            ],
            p,
        );
        assert_eq!(other.json()[0]["status"], "unique", "{p}");
        assert_eq!(other.json()[0]["solution"], b["solution"]);
        let fast = gridsat_stdin(&["sudoku", "solve", "--json"], p);
        assert_eq!(
            fast.json()[0]["stats"]["solver_calls"],
            0,
            "deduction alone: {p}"
        );
    }
    assert!(
        fewer > 0,
        "200 rounds of thinning removed nothing on two 16×16 puzzles"
    );
    // Thinning is proven by deduction only: it needs --no-search.
    let r = gridsat(&["sudoku", "generate", "--size", "9", "--thin", "10"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("--no-search"), "{}", r.stderr);
}

#[test]
fn hitting_set_puzzles_are_unique_and_minimal() {
    for size in [&["--size", "9"][..], &["--size", "6"], &["--box", "3x2"]] {
        let mut args = vec!["--hitting-set", "--seed", "11", "--count", "3"];
        args.extend_from_slice(size);
        let extra: Vec<&str> = if size[0] == "--box" {
            vec!["--box", "3x2"]
        } else {
            vec![]
        };
        for j in generate_json(&args) {
            let givens = j["givens"].as_str().unwrap();
            assert_eq!(
                solve_unique(givens, &extra),
                j["solution"].as_str().unwrap()
            );
            // Minimal: without any one given the puzzle has several solutions.
            let without: Vec<String> = givens
                .char_indices()
                .filter(|&(_, c)| c != '.')
                .map(|(i, _)| format!("{}.{}", &givens[..i], &givens[i + 1..]))
                .collect();
            let mut solve = vec!["sudoku", "solve", "--json"];
            solve.extend_from_slice(&extra);
            let s = gridsat_stdin(&solve, &without.join("\n"));
            let verdicts: Vec<Value> = s.json().iter().map(|v| v["status"].clone()).collect();
            assert_eq!(verdicts.len(), without.len(), "{givens}");
            assert!(
                verdicts.iter().all(|v| v == "multiple"),
                "{givens}: {verdicts:?}"
            );
        }
    }
    let r = gridsat(&[
        "sudoku",
        "generate",
        "--hitting-set",
        "--symmetry",
        "rot180",
    ]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("symmetry"), "{}", r.stderr);
}
