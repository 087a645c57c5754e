//! The sparse path (issue 28): empty and nearly empty grids answered `multiple` with two
//! different solutions, each passed by the independent checker and keeping every given;
//! and, on small grids, the same verdict as the plain full-formula SAT path.

use gridsat_sudoku::encode::Encoding;
use gridsat_sudoku::model::Shape;
use gridsat_sudoku::solve::SparsePath;
use gridsat_sudoku::{Grid, Rules, SolveOptions, SudokuSolver, Verdict, check_solution};

/// A small seeded generator (64-bit LCG, high bits), independent of the crate's.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// A random solution of a P×Q-box grid: the band pattern with symbols, rows within
/// bands, bands, columns within stacks and stacks shuffled (no solver involved).
fn random_solution(shape: Shape, rng: &mut Lcg) -> Grid {
    let (p, q, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    let mut symbols: Vec<u16> = (1..=n as u16).collect();
    rng.shuffle(&mut symbols);
    let mut order = |groups: usize, size: usize| -> Vec<usize> {
        let mut outer: Vec<usize> = (0..groups).collect();
        rng.shuffle(&mut outer);
        let mut out = Vec::with_capacity(n);
        for g in outer {
            let mut inner: Vec<usize> = (0..size).collect();
            rng.shuffle(&mut inner);
            out.extend(inner.into_iter().map(|i| g * size + i));
        }
        out
    };
    // p rows per box: q bands of p rows; q columns per box: p stacks of q columns.
    let (rows, cols) = (order(q, p), order(p, q));
    let mut values = Vec::with_capacity(n * n);
    for &r in &rows {
        for &c in &cols {
            values.push(symbols[(q * (r % p) + r / p + c) % n]);
        }
    }
    let g = Grid::from_values(shape, values).unwrap();
    let empty = Grid::empty(shape);
    assert_eq!(check_solution(&empty, &g, &Rules::classic()), Ok(()));
    g
}

/// `sol` with `k` random cells kept.
fn keep(sol: &Grid, k: usize, rng: &mut Lcg) -> Grid {
    let n = sol.n();
    let mut cells: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut cells);
    let mut g = Grid::empty(sol.shape());
    for &i in &cells[..k] {
        g.set(i / n, i % n, sol.values()[i]);
    }
    g
}

fn solver(sparse: SparsePath, encoding: Encoding) -> SudokuSolver {
    let mut o = SolveOptions::default();
    o.sparse = sparse;
    o.encoding = encoding;
    SudokuSolver::new(o)
}

/// Two different solutions, both passed by the checker against the puzzle; with
/// `formula_free`, found by the sparse path without building any formula.
fn assert_two_solutions(puzzle: &Grid, formula_free: bool) {
    let a = solver(SparsePath::Auto, Encoding::Reduced)
        .solve(puzzle, &Rules::classic())
        .unwrap();
    assert_eq!(a.verdict, Verdict::Multiple);
    if formula_free {
        assert_eq!(a.stats.clauses, 0, "the sparse path builds no formula");
    }
    assert_eq!(a.solutions.len(), 2);
    assert_ne!(a.solutions[0], a.solutions[1]);
    for s in &a.solutions {
        assert_eq!(check_solution(puzzle, s, &Rules::classic()), Ok(()));
    }
}

#[test]
fn an_empty_25x25_is_multiple_with_two_verified_solutions() {
    assert_two_solutions(&Grid::empty(Shape::for_side(25).unwrap()), true);
}

#[test]
fn a_36x36_with_5_percent_givens_is_multiple_with_two_verified_solutions() {
    let mut rng = Lcg(36);
    let shape = Shape::for_side(36).unwrap();
    let sol = random_solution(shape, &mut rng);
    // The fill search gives up on this one today and the SAT path answers (issue 28,
    // unfinished: changes/giants.md); the verdict and both checks still hold.
    assert_two_solutions(&keep(&sol, 36 * 36 / 20, &mut rng), false);
}

#[test]
fn an_empty_49x49_is_multiple_with_two_verified_solutions() {
    assert_two_solutions(&Grid::empty(Shape::for_side(49).unwrap()), true);
}

/// A puzzle for the comparison: givens kept from a random solution (satisfiable, unique
/// or not), or random givens that may contradict each other.
fn small_puzzle(shape: Shape, rng: &mut Lcg, case: usize) -> Grid {
    let n = shape.n();
    let k = rng.below(n * n / 3 + 1);
    if case % 3 == 2 {
        let mut g = Grid::empty(shape);
        for _ in 0..k.min(2 * n) {
            let i = rng.below(n * n);
            g.set(i / n, i % n, 1 + rng.below(n) as u16);
        }
        return g;
    }
    let sol = random_solution(shape, rng);
    keep(&sol, k, rng)
}

#[test]
fn on_small_grids_the_sparse_path_agrees_with_the_full_formula() {
    let mut rng = Lcg(7);
    let mut seen = std::collections::HashSet::new();
    for (p, q) in [(2, 2), (2, 3), (3, 3)] {
        let shape = Shape::new(p, q).unwrap();
        for case in 0..120 {
            let puzzle = small_puzzle(shape, &mut rng, case);
            let plain = solver(SparsePath::Off, Encoding::Extended)
                .solve(&puzzle, &Rules::classic())
                .unwrap();
            let sparse = solver(SparsePath::Always, Encoding::Reduced)
                .solve(&puzzle, &Rules::classic())
                .unwrap();
            let line = puzzle.to_line(None);
            assert_eq!(sparse.verdict, plain.verdict, "{p}×{q}: {line}");
            for s in &sparse.solutions {
                assert_eq!(check_solution(&puzzle, s, &Rules::classic()), Ok(()));
            }
            seen.insert(plain.verdict);
        }
    }
    // The cases cover every verdict the comparison is about.
    for v in [Verdict::Unique, Verdict::Multiple, Verdict::Unsat] {
        assert!(seen.contains(&v), "no {v} case");
    }
}
