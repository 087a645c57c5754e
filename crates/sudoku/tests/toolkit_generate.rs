//! Generated puzzles: unique and minimal by an independent brute-force count, seeded,
//! symmetric, on every size, with and without variant rules.

mod brute;

use brute::Spec;
use gridsat_sat::{AmoEncoding, BackendSpec};
use gridsat_sudoku::{
    Grid, Rules, SolveOptions, SudokuSolver, Verdict, check_solution,
    deduce::Presolve,
    encode::Encoding,
    generate::{GenerateOptions, Generated, Generator, Symmetry, Target},
    model::Shape,
};

fn generate(opts: GenerateOptions, seed: u64, index: u64) -> Generated {
    Generator::new(opts).unwrap().generate(seed, index).unwrap()
}

/// The images of a cell under a symmetry, computed here from its definition.
fn images(sym: Symmetry, n: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
    let m = n - 1;
    let mut v = vec![(r, c)];
    match sym {
        Symmetry::None => {}
        Symmetry::Rot180 => v.push((m - r, m - c)),
        Symmetry::Rot90 => {
            let mut p = (r, c);
            for _ in 0..3 {
                p = (p.1, m - p.0);
                v.push(p);
            }
        }
        Symmetry::Mirror => v.push((r, m - c)),
        Symmetry::Diagonal => v.push((c, r)),
    }
    v.sort();
    v.dedup();
    v
}

/// Exactly one solution (the generator's), the symmetry holds, and removing any
/// orbit of givens leaves at least two solutions.
fn assert_unique_symmetric_minimal(g: &Generated, sym: Symmetry) {
    let spec = Spec::new(&g.puzzle, &g.rules);
    let (count, sol) = spec.count(g.puzzle.values(), 2);
    assert_eq!(count, 1, "not unique:\n{}", g.puzzle.to_block(None));
    assert_eq!(sol.as_deref(), Some(g.solution.values()));
    assert!(check_solution(&g.puzzle, &g.solution, &g.rules).is_ok());
    let n = g.puzzle.n();
    let mut done = vec![false; n * n];
    for r in 0..n {
        for c in 0..n {
            let orbit = images(sym, n, r, c);
            let given: Vec<bool> = orbit
                .iter()
                .map(|&(a, b)| g.puzzle.get(a, b) != 0)
                .collect();
            assert!(
                given.iter().all(|&x| x == given[0]),
                "{sym} broken at r{}c{}",
                r + 1,
                c + 1
            );
            if !given[0] || done[r * n + c] {
                continue;
            }
            let mut smaller = g.puzzle.clone();
            for &(a, b) in &orbit {
                done[a * n + b] = true;
                smaller.set(a, b, 0);
            }
            let (k, _) = spec.count(smaller.values(), 2);
            assert_eq!(k, 2, "givens at r{}c{} ({sym}) could go", r + 1, c + 1);
        }
    }
}

#[test]
fn small_and_nine_by_nine_puzzles_are_unique_symmetric_and_minimal() {
    for (p, q) in [(2, 2), (2, 3), (3, 3)] {
        let shape = Shape::new(p, q).unwrap();
        for &sym in Symmetry::ALL {
            // Rot90 and diagonal need square boxes to keep boxes onto boxes; they still
            // generate for 2×3 (the symmetry is of the givens' pattern only).
            let mut opts = GenerateOptions::new(shape);
            opts.symmetry = sym;
            for k in 0..2 {
                let g = generate(opts.clone(), 42, k);
                assert_unique_symmetric_minimal(&g, sym);
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let opts = GenerateOptions::new(Shape::for_side(9).unwrap());
    let a: Vec<Grid> = (0..3)
        .map(|k| generate(opts.clone(), 7, k).puzzle)
        .collect();
    // Another generator, items asked for in another order.
    let mut g = Generator::new(opts.clone()).unwrap();
    let b: Vec<Grid> = [2, 0, 1]
        .iter()
        .map(|&k| g.generate(7, k).unwrap().puzzle)
        .collect();
    assert_eq!(a, vec![b[1].clone(), b[2].clone(), b[0].clone()]);
    let c: Vec<Grid> = (0..3)
        .map(|k| generate(opts.clone(), 8, k).puzzle)
        .collect();
    assert_ne!(a, c);
    assert_ne!(a[0], a[1]);
}

#[test]
fn clue_targets_are_met_exactly() {
    for (side, k) in [(4, 6), (6, 12), (9, 30)] {
        let mut opts = GenerateOptions::new(Shape::for_side(side).unwrap());
        opts.target = Target::Clues(k);
        let g = generate(opts, 3, 0);
        assert_eq!(g.puzzle.num_givens(), k);
        let (count, _) = Spec::new(&g.puzzle, &g.rules).count(g.puzzle.values(), 2);
        assert_eq!(count, 1);
    }
    // Far too few clues: the generator gives up with a message, it does not hang.
    let mut opts = GenerateOptions::new(Shape::for_side(4).unwrap());
    opts.target = Target::Clues(1);
    opts.max_attempts = 5;
    let e = Generator::new(opts).unwrap().generate(1, 0).unwrap_err();
    assert!(e.to_string().contains("exactly 1 givens"), "{e}");
}

#[test]
fn variant_puzzles_are_unique_and_minimal() {
    let cases: Vec<(usize, &str, bool, bool)> = vec![
        (6, "diagonals", false, false),
        (9, "diagonals", false, false),
        (9, "windoku", false, false),
        (6, "anti-knight", false, false),
        (6, "anti-king", false, false),
        (9, "anti-king", false, false),
        (6, "non-consecutive", false, false),
        (6, "", true, false),
        (9, "", true, false),
        (6, "", false, true),
        (9, "", false, true),
        (4, "diagonals", false, false),
        (4, "", true, false),
    ];
    for (side, names, jigsaw, killer) in cases {
        let mut opts = GenerateOptions::new(Shape::for_side(side).unwrap());
        opts.rules = Rules::parse_list(names).unwrap();
        opts.random_regions = jigsaw;
        opts.random_cages = killer;
        opts.rate.runs = 1;
        opts.rate.max_conflicts = 5000;
        if side == 9 && killer {
            // Some givens keep the brute-force count of a 9×9 killer short.
            opts.target = Target::Clues(20);
        }
        let g = generate(opts, 11, 0);
        assert_eq!(g.rules.regions().is_some(), jigsaw);
        assert_eq!(!g.rules.cages().is_empty(), killer);
        if side == 9 && (jigsaw || killer) {
            // Brute force on a 9×9 jigsaw or killer minus one given is slow; the 6×6
            // ones above have their minimality checked, these their uniqueness.
            let (count, sol) = Spec::new(&g.puzzle, &g.rules).count(g.puzzle.values(), 2);
            assert_eq!((count, sol.as_deref()), (1, Some(g.solution.values())));
        } else {
            assert_unique_symmetric_minimal(&g, Symmetry::None);
        }
    }
}

#[test]
fn sixteen_by_sixteen_is_unique_and_minimal_by_a_second_solver_configuration() {
    let shape = Shape::for_side(16).unwrap();
    let mut opts = GenerateOptions::new(shape);
    // The rating's search is not what this test is about: keep it short.
    opts.rate.runs = 1;
    opts.rate.max_conflicts = 1000;
    let g = generate(opts, 5, 0);
    // Another encoding, at-most-one encoding and SAT solver, no deduction first.
    let mut other = SudokuSolver::new({
        let mut o = SolveOptions::default();
        o.encoding = Encoding::Extended;
        o.amo = AmoEncoding::Sequential;
        o.backend = BackendSpec::Cadical;
        o.presolve = Presolve::Off;
        o
    });
    let a = other.solve(&g.puzzle, &Rules::classic()).unwrap();
    assert_eq!(a.verdict, Verdict::Unique);
    assert_eq!(a.solutions[0], g.solution);
    let givens: Vec<_> = g.puzzle.givens().collect();
    for p in givens {
        let mut smaller = g.puzzle.clone();
        smaller.set(p.row, p.col, 0);
        let b = other.solve(&smaller, &Rules::classic()).unwrap();
        assert_eq!(
            b.verdict,
            Verdict::Multiple,
            "{} could go",
            p.describe(None)
        );
    }
}
