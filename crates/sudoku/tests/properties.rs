//! Property tests: random valid grids with random holes always come back as solutions
//! that keep the givens and the rules, under every encoding.

mod brute;

use gridsat_sat::{AmoEncoding, BackendSpec};
use gridsat_sudoku::deduce::Presolve;
use gridsat_sudoku::{
    Grid, Rules, SolveOptions, SudokuSolver, Verdict, check_solution,
    encode::Encoding,
    model::{Placement, Shape},
    solve::Reason,
};
use proptest::prelude::*;

/// A random valid grid: the classic pattern for P×Q boxes, then random relabelling and
/// random shuffles of rows inside bands, bands, columns inside stacks and stacks.
fn random_solution(shape: Shape, seed: u64) -> Grid {
    let (p, q, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    let mut rng = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = |k: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % k as u64) as usize
    };
    let mut shuffle = |v: &mut Vec<usize>| {
        for i in (1..v.len()).rev() {
            let j = next(i + 1);
            v.swap(i, j);
        }
    };
    let mut label: Vec<usize> = (0..n).collect();
    shuffle(&mut label);
    // Rows: q bands of p rows; columns: p stacks of q columns.
    let mut bands: Vec<usize> = (0..q).collect();
    shuffle(&mut bands);
    let mut rows = Vec::new();
    for &b in &bands {
        let mut inner: Vec<usize> = (0..p).collect();
        shuffle(&mut inner);
        rows.extend(inner.iter().map(|i| b * p + i));
    }
    let mut stacks: Vec<usize> = (0..p).collect();
    shuffle(&mut stacks);
    let mut cols = Vec::new();
    for &s in &stacks {
        let mut inner: Vec<usize> = (0..q).collect();
        shuffle(&mut inner);
        cols.extend(inner.iter().map(|j| s * q + j));
    }
    let mut g = Grid::empty(shape);
    for (r, &rr) in rows.iter().enumerate() {
        for (c, &cc) in cols.iter().enumerate() {
            let v = ((rr % p) * q + rr / p + cc) % n;
            g.set(r, c, label[v] as u16 + 1);
        }
    }
    g
}

fn punch(solution: &Grid, holes: &[usize]) -> Grid {
    let mut g = solution.clone();
    let n = g.n();
    for &h in holes {
        let cell = h % (n * n);
        g.set(cell / n, cell % n, 0);
    }
    g
}

fn shapes() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::new(2, 2).unwrap()),
        Just(Shape::new(2, 3).unwrap()),
        Just(Shape::new(3, 2).unwrap()),
        Just(Shape::new(3, 3).unwrap()),
        Just(Shape::new(2, 4).unwrap()),
        Just(Shape::new(4, 4).unwrap()),
    ]
}

#[test]
fn random_solutions_are_valid() {
    for (p, q) in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (5, 5)] {
        for seed in 0..5 {
            let g = random_solution(Shape::new(p, q).unwrap(), seed);
            check_solution(&Grid::empty(g.shape()), &g, &Rules::classic()).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the holes, every solution returned keeps the givens and the rules
    /// (checked again here), and a unique solution is the grid we started from.
    #[test]
    fn holes_come_back_filled(
        shape in shapes(),
        seed in any::<u64>(),
        holes in prop::collection::vec(any::<usize>(), 0..200),
        enc in prop::sample::select(Encoding::ALL.to_vec()),
        amo in prop::sample::select(AmoEncoding::ALL.to_vec()),
    ) {
        let solution = random_solution(shape, seed);
        let puzzle = punch(&solution, &holes);
        let mut solver = SudokuSolver::new({ let mut o = SolveOptions::default(); o.encoding = enc; o.amo = amo; o.max_solutions = 3; o });
        let answer = solver.solve(&puzzle, &Rules::classic()).unwrap();
        prop_assert!(matches!(answer.verdict, Verdict::Unique | Verdict::Multiple));
        for s in &answer.solutions {
            prop_assert_eq!(check_solution(&puzzle, s, &Rules::classic()), Ok(()));
        }
        if answer.verdict == Verdict::Unique {
            prop_assert_eq!(&answer.solutions[0], &solution);
        } else {
            prop_assert!(answer.solutions.len() >= 2);
            prop_assert_ne!(&answer.solutions[0], &answer.solutions[1]);
        }
        // At most three holes can never be ambiguous (ambiguity needs a rectangle).
        let distinct: std::collections::HashSet<_> =
            holes.iter().map(|h| h % (shape.n() * shape.n())).collect();
        if distinct.len() <= 3 {
            prop_assert_eq!(answer.verdict, Verdict::Unique);
        }
    }

    /// One warm solver answers a sequence of puzzles exactly as fresh solvers do.
    #[test]
    fn a_warm_solver_forgets_earlier_puzzles(
        seeds in prop::collection::vec(any::<u64>(), 1..6),
        holes in prop::collection::vec(any::<usize>(), 20..60),
    ) {
        let shape = Shape::new(3, 3).unwrap();
        let mut opts = SolveOptions::default();
        opts.encoding = Encoding::Extended;
        let mut warm = SudokuSolver::new(opts.clone());
        for seed in seeds {
            let puzzle = punch(&random_solution(shape, seed), &holes);
            let a = warm.solve(&puzzle, &Rules::classic()).unwrap();
            let b = SudokuSolver::new(opts.clone()).solve(&puzzle, &Rules::classic()).unwrap();
            prop_assert_eq!(a.verdict, b.verdict);
            if a.verdict == Verdict::Unique {
                prop_assert_eq!(&a.solutions, &b.solutions);
            }
        }
    }
}

/// A puzzle: `holes` punched into a random solution, then up to two `wrong` givens
/// (cell, value) written over it, which often leave no solution at all.
fn puzzle_from(shape: Shape, seed: u64, holes: &[usize], wrong: &[(usize, u16)]) -> Grid {
    let mut g = punch(&random_solution(shape, seed), holes);
    let n = shape.n();
    for &(cell, v) in wrong {
        let cell = cell % (n * n);
        g.set(cell / n, cell % n, v % n as u16 + 1);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The reduced encoding (which leaves the boxes' at-least-one clauses out below
    /// 16×16) has exactly the puzzle's solutions: the solver, counting up to three with
    /// deduction off (candidates from the givens alone) and with probing, finds as many
    /// as the independent brute-force counter, each one a checked solution.
    #[test]
    fn reduced_formulas_count_the_brute_force_solutions(
        shape in shapes(),
        seed in any::<u64>(),
        holes in prop::collection::vec(any::<usize>(), 0..70),
        wrong in prop::collection::vec((any::<usize>(), any::<u16>()), 0..2),
        presolve in prop::sample::select(vec![Presolve::Off, Presolve::Probe]),
    ) {
        let puzzle = puzzle_from(shape, seed, &holes, &wrong);
        let (expected, _) = brute::Spec::new(&puzzle, &Rules::classic()).count(puzzle.values(), 3);
        let mut opts = SolveOptions::default();
        opts.encoding = Encoding::Reduced;
        opts.presolve = presolve;
        opts.max_solutions = 3;
        let answer = SudokuSolver::new(opts).solve(&puzzle, &Rules::classic()).unwrap();
        let verdict = match expected {
            0 => Verdict::Unsat,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        };
        prop_assert_eq!(answer.verdict, verdict);
        prop_assert_eq!(answer.solutions.len(), expected);
        for s in &answer.solutions {
            prop_assert_eq!(check_solution(&puzzle, s, &Rules::classic()), Ok(()));
        }
        let distinct: std::collections::HashSet<_> = answer.solutions.iter().collect();
        prop_assert_eq!(distinct.len(), expected);
    }

    /// One solver answers a run of puzzles as brute force does: the small CDCL core
    /// it keeps is reset between them (nothing learnt about one puzzle may leak into
    /// the next), and `small` forced agrees with `batsat` forced.
    #[test]
    fn one_solver_reused_across_puzzles_counts_as_brute_force(
        cases in prop::collection::vec(
            (shapes(), any::<u64>(), prop::collection::vec(any::<usize>(), 0..70),
             prop::collection::vec((any::<usize>(), any::<u16>()), 0..2)),
            2..6),
    ) {
        let solver = |backend: BackendSpec| {
            let mut opts = SolveOptions::default();
            opts.presolve = Presolve::Off;
            opts.max_solutions = 3;
            opts.backend = backend;
            SudokuSolver::new(opts)
        };
        let mut solvers = [solver(BackendSpec::Auto), solver(BackendSpec::Small), solver(BackendSpec::Batsat)];
        for (shape, seed, holes, wrong) in &cases {
            let puzzle = puzzle_from(*shape, *seed, holes, wrong);
            let (expected, _) = brute::Spec::new(&puzzle, &Rules::classic()).count(puzzle.values(), 3);
            for s in &mut solvers {
                let answer = s.solve(&puzzle, &Rules::classic()).unwrap();
                prop_assert_eq!(answer.solutions.len(), expected, "{}", s.options().backend);
                for sol in &answer.solutions {
                    prop_assert_eq!(check_solution(&puzzle, sol, &Rules::classic()), Ok(()));
                }
            }
        }
    }
}

#[test]
fn contradictory_givens_are_named() {
    for &enc in Encoding::ALL {
        let shape = Shape::new(3, 3).unwrap();
        let solution = random_solution(shape, 7);
        // Keep one row's first value and copy it into another cell of that row.
        let mut puzzle = punch(
            &solution,
            &(0..81).filter(|i| i % 3 != 0).collect::<Vec<_>>(),
        );
        let v = solution.get(4, 0);
        puzzle.set(4, 3, 0);
        puzzle.set(4, 6, v);
        let mut solver = SudokuSolver::new({
            let mut o = SolveOptions::default();
            o.encoding = enc;
            o
        });
        let a = solver.solve(&puzzle, &Rules::classic()).unwrap();
        assert_eq!(a.verdict, Verdict::Unsat);
        let c = a.conflict.unwrap();
        assert_eq!(
            c.givens,
            vec![
                Placement {
                    row: 4,
                    col: 0,
                    value: v
                },
                Placement {
                    row: 4,
                    col: 6,
                    value: v
                }
            ]
        );
        assert_eq!(c.describe(None), format!("r5c1={v}, r5c7={v} (same row)"));
    }
}

#[test]
fn conflicts_without_duplicates_are_shrunk_to_their_cause() {
    // 9×9: r1c1 sees 1..4 in its row, 5..8 in its column, 9 in its box; nothing else.
    let shape = Shape::new(3, 3).unwrap();
    let mut puzzle = Grid::empty(shape);
    for (i, c) in [3, 4, 5, 6].iter().enumerate() {
        puzzle.set(0, *c, i as u16 + 1);
    }
    for (i, r) in [3, 4, 5, 6].iter().enumerate() {
        puzzle.set(*r, 0, i as u16 + 5);
    }
    puzzle.set(1, 1, 9);
    // Bystanders that do not matter.
    puzzle.set(8, 8, 1);
    puzzle.set(7, 5, 2);
    for &enc in Encoding::ALL {
        let mut solver = SudokuSolver::new({
            let mut o = SolveOptions::default();
            o.encoding = enc;
            o
        });
        let a = solver.solve(&puzzle, &Rules::classic()).unwrap();
        assert_eq!(a.verdict, Verdict::Unsat, "{enc}");
        let c = a.conflict.unwrap();
        assert_eq!(c.givens.len(), 9, "{enc}: {:?}", c.givens);
        assert_eq!(c.reason, Reason::NoValueFor(0, 0));
    }
}
