//! Every bundled variant example has its known unique solution: found by the solver
//! (both killer encodings), accepted by the checker, and counted once by brute force.

mod brute;

use brute::Spec;
use gridsat_sudoku::{
    ParseOptions, ParsedPuzzle, Rules, SolveOptions, SudokuSolver, Verdict, check_solution,
    encode::{CageEncoding, EncodeOptions, Encoding, encode_rules},
    io::{parse_variant_json, variant_json},
    parse_puzzles,
};
use std::path::PathBuf;

fn examples() -> Vec<(String, ParsedPuzzle)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/sudoku/variants");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            let mut ps: Vec<_> = parse_puzzles(&text, &ParseOptions::default()).collect();
            assert_eq!(ps.len(), 1, "{}", f.display());
            let name = f.file_stem().unwrap().to_string_lossy().into_owned();
            (name, ps.remove(0).unwrap())
        })
        .collect()
}

#[test]
fn every_variant_has_an_example_with_its_solution() {
    let names: Vec<String> = examples().into_iter().map(|(n, _)| n).collect();
    for want in [
        "sudoku-x",
        "windoku",
        "jigsaw",
        "anti-knight",
        "anti-king",
        "non-consecutive",
        "killer",
    ] {
        assert!(
            names.iter().any(|n| n == want),
            "no example for {want}: {names:?}"
        );
    }
}

#[test]
fn examples_have_their_known_unique_solutions() {
    for (name, p) in examples() {
        let known = p
            .solution
            .clone()
            .unwrap_or_else(|| panic!("{name}: no solution in the file"));
        assert!(!p.rules.is_classic(), "{name}");
        assert_eq!(check_solution(&p.grid, &known, &p.rules), Ok(()), "{name}");
        for &cages in CageEncoding::ALL {
            let mut opts = SolveOptions::default();
            opts.cages = cages;
            let mut s = SudokuSolver::new(opts);
            let a = s.solve(&p.grid, &p.rules).unwrap();
            assert_eq!(a.verdict, Verdict::Unique, "{name} ({cages})");
            assert_eq!(a.solutions[0], known, "{name} ({cages})");
        }
        let (count, sol) = Spec::new(&p.grid, &p.rules).count(p.grid.values(), 2);
        assert_eq!(count, 1, "{name}: brute force");
        assert_eq!(sol.as_deref(), Some(known.values()), "{name}: brute force");
        // Without its variant rule the puzzle is no longer unique (the rule matters).
        let mut classic = SolveOptions::default();
        classic.max_solutions = 2;
        let mut plain = SudokuSolver::new(classic);
        if p.rules.regions().is_none() {
            assert_eq!(
                plain.solve(&p.grid, &Rules::classic()).unwrap().verdict,
                Verdict::Multiple,
                "{name}"
            );
        }
    }
}

#[test]
fn every_rule_is_a_named_clause_family() {
    for (name, p) in examples() {
        let mut opts = EncodeOptions::default();
        opts.encoding = Encoding::Extended;
        let (f, _) = encode_rules(p.grid.shape(), &p.rules, &opts).unwrap();
        let fams: Vec<&str> = f
            .families()
            .iter()
            .filter(|x| x.clauses > 0)
            .map(|x| x.name.as_str())
            .collect();
        let expected = match name.as_str() {
            "sudoku-x" => "diagonal at most one",
            "windoku" => "window at least one",
            "jigsaw" => "region at most one",
            "anti-knight" => "anti-knight",
            "anti-king" => "anti-king",
            "non-consecutive" => "non-consecutive",
            "killer" => "cage sum",
            other => panic!("unexpected example {other}"),
        };
        assert!(fams.contains(&expected), "{name}: {fams:?}");
        if name == "jigsaw" {
            assert!(
                !fams.contains(&"box at most one"),
                "jigsaw regions replace the boxes"
            );
        }
    }
}

#[test]
fn variant_files_round_trip_through_json() {
    for (name, p) in examples() {
        let obj = variant_json(
            &p.grid,
            &p.rules,
            p.alphabet.as_deref(),
            p.solution.as_ref(),
        );
        let text = serde_json::Value::Object(obj).to_string();
        let back = parse_variant_json(&text, &ParseOptions::default());
        let q = back[0].as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            (&q.grid, &q.rules, &q.solution),
            (&p.grid, &p.rules, &p.solution),
            "{name}"
        );
    }
}
