//! `gridsat sudoku check-encoding` driven as a user would: the bundled broken example,
//! gridsat's own encoding (which must pass), and bad input (exit 2, file:line:column).

mod common;
use common::gridsat;

#[test]
fn the_bundled_broken_encoding_gets_a_counterexample_naming_the_box_rule() {
    let r = gridsat(&[
        "sudoku",
        "check-encoding",
        "examples/teach/no-boxes-4x4.cnf",
        "--ids",
        "100*r+10*c+d",
        "--size",
        "4",
    ]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("sound: no"), "{}", r.stdout);
    assert!(
        r.stdout.contains("box at most one: BROKEN: box "),
        "{}",
        r.stdout
    );
    let j = gridsat(&[
        "sudoku",
        "check-encoding",
        "examples/teach/no-boxes-4x4.cnf",
        "--ids",
        "100*r+10*c+d",
        "--size",
        "4",
        "--json",
    ]);
    assert_eq!(j.code, 1);
    let v = &j.json()[0];
    assert_eq!(v["problem"], true);
    let boxes = v["families"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["family"] == "box at most one")
        .unwrap();
    assert_eq!(boxes["verdict"], "broken");
    // The counterexample's cells: every cell one symbol, a box with a repeat, and no
    // row or column with one (the student's own rules hold).
    let cells: Vec<u64> = boxes["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let c = c.as_array().unwrap();
            assert_eq!(c.len(), 1);
            c[0].as_u64().unwrap()
        })
        .collect();
    let distinct = |idx: &[usize]| {
        let mut v: Vec<u64> = idx.iter().map(|&i| cells[i]).collect();
        v.sort();
        v.dedup();
        v.len() == 4
    };
    for k in 0..4 {
        assert!(distinct(&[4 * k, 4 * k + 1, 4 * k + 2, 4 * k + 3]));
        assert!(distinct(&[k, k + 4, k + 8, k + 12]));
    }
    let boxes_ok = (0..4).all(|b| {
        let (r, c) = (2 * (b / 2), 2 * (b % 2));
        distinct(&[4 * r + c, 4 * r + c + 1, 4 * r + c + 4, 4 * r + c + 5])
    });
    assert!(!boxes_ok, "{cells:?}");
}

#[test]
fn gridsat_own_encoding_passes() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("f.cnf");
    let out = gridsat(&[
        "sudoku",
        "encode",
        "examples/sudoku/4x4.txt",
        "--encoding",
        "extended",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    std::fs::write(&cnf, &out.stdout).unwrap();
    let r = gridsat(&[
        "sudoku",
        "check-encoding",
        cnf.to_str().unwrap(),
        "--ids",
        "n*n*r+n*c+d+1",
        "--base",
        "0",
        "--size",
        "4",
        "--puzzle",
        "examples/sudoku/4x4.txt",
    ]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("sound: yes, proved"), "{}", r.stdout);
    assert!(r.stdout.contains("complete: yes, proved"), "{}", r.stdout);
}

#[test]
fn bad_input_names_the_place_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("bad.cnf");
    std::fs::write(&cnf, "p cnf 3 1\n1 x 0\n").unwrap();
    let r = gridsat(&[
        "sudoku",
        "check-encoding",
        cnf.to_str().unwrap(),
        "--ids",
        "100*r+10*c+d",
    ]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("bad.cnf:2:3:"), "{}", r.stderr);
    let ok = "examples/teach/no-boxes-4x4.cnf";
    let r = gridsat(&[
        "sudoku",
        "check-encoding",
        ok,
        "--ids",
        "100*r+10*k+d",
        "--size",
        "4",
    ]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("column 10 of the expression"),
        "{}",
        r.stderr
    );
    let r = gridsat(&[
        "sudoku",
        "check-encoding",
        ok,
        "--ids",
        "100*r+10*c+d",
        "--base",
        "0",
        "--size",
        "4",
    ]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("count from 0 or from 1"), "{}", r.stderr);
}
