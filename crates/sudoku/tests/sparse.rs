//! The sparse path (issue 28): empty and nearly empty grids answered `multiple` with two
//! different solutions, each passed by the independent checker and keeping every given;
//! and, on small grids, the same verdict as the plain full-formula SAT path.

use gridsat_sudoku::deduce::Presolve;
use gridsat_sudoku::encode::Encoding;
use gridsat_sudoku::model::Shape;
use gridsat_sudoku::solve::{SparsePath, Stats};
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

/// `sol` (square boxes) mirrored on its diagonal: a solution the pattern grid does not
/// fit after any renaming of symbols, so the fill search (and its tail) must find it.
fn transposed(sol: &Grid) -> Grid {
    let n = sol.n();
    let values = (0..n * n)
        .map(|i| sol.values()[i % n * n + i / n])
        .collect();
    Grid::from_values(sol.shape(), values).unwrap()
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

#[test]
fn random_sparse_grids_are_multiple_with_two_verified_solutions() {
    let mut tails = 0;
    for side in [16, 25, 36] {
        let shape = Shape::for_side(side).unwrap();
        for percent in [1, 3, 5, 8, 10] {
            for flip in [false, true] {
                let mut rng = Lcg((side * 100 + percent * 2 + usize::from(flip)) as u64);
                let sol = random_solution(shape, &mut rng);
                let sol = if flip { transposed(&sol) } else { sol };
                let puzzle = keep(&sol, side * side * percent / 100, &mut rng);
                let stats = assert_two_solutions(&puzzle, false);
                tails += usize::from(stats.clauses > 0);
            }
        }
    }
    // Some of them stall the fill search and go through the SAT solver's windows.
    assert!(tails > 0, "no grid exercised the tail");
}

#[test]
fn a_49x49_with_5_percent_givens_is_multiple_with_two_verified_solutions() {
    let mut rng = Lcg(49);
    let sol = transposed(&random_solution(Shape::for_side(49).unwrap(), &mut rng));
    assert_two_solutions(&keep(&sol, 49 * 49 / 20, &mut rng), false);
}

/// A 25×25 with 5% givens of a solution, plus givens that leave one box no place for
/// one symbol (rows 0–3 and columns 0–3 hold it elsewhere, another symbol sits in the
/// last cell) without two equal givens in any house.
fn contradictory_25x25() -> Grid {
    let shape = Shape::for_side(25).unwrap();
    let mut rng = Lcg(25);
    let sol = random_solution(shape, &mut rng);
    let mut g = Grid::empty(shape);
    let (v, w) = (1, 2);
    let planted = [
        (0, 5),
        (1, 10),
        (2, 15),
        (3, 20),
        (5, 0),
        (10, 1),
        (15, 2),
        (20, 3),
    ];
    for (r, c) in planted {
        g.set(r, c, v);
    }
    g.set(4, 4, w);
    let sees = |g: &Grid, r: usize, c: usize, x: u16| {
        (0..25).any(|k| g.get(r, k) == x || g.get(k, c) == x)
            || (0..25).any(|k| g.get(r / 5 * 5 + k / 5, c / 5 * 5 + k % 5) == x)
    };
    for i in 0..25 * 25 / 20 {
        let cell = (i * 97 + 13) % 625;
        let (r, c, x) = (cell / 25, cell % 25, sol.values()[cell]);
        if g.get(r, c) == 0 && !sees(&g, r, c, x) {
            g.set(r, c, x);
        }
    }
    g
}

#[test]
fn contradictory_givens_are_unsat_on_every_path() {
    let puzzle = contradictory_25x25();
    assert_eq!(
        gridsat_sudoku::solve::broken_givens(&puzzle, &Rules::classic()),
        None
    );
    for presolve in [Presolve::Off, Presolve::Probe] {
        for sparse in [SparsePath::Auto, SparsePath::Off] {
            let mut o = SolveOptions::default();
            (o.presolve, o.sparse) = (presolve, sparse);
            let a = SudokuSolver::new(o)
                .solve(&puzzle, &Rules::classic())
                .unwrap();
            assert_eq!(a.verdict, Verdict::Unsat, "{presolve} {sparse}");
            assert!(a.solutions.is_empty());
        }
    }
}

fn solver(sparse: SparsePath, encoding: Encoding) -> SudokuSolver {
    let mut o = SolveOptions::default();
    o.sparse = sparse;
    o.encoding = encoding;
    SudokuSolver::new(o)
}

/// Two different solutions, both passed by the checker against the puzzle; with
/// `formula_free`, found by the sparse path without building any formula.
fn assert_two_solutions(puzzle: &Grid, formula_free: bool) -> Stats {
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
    a.stats
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
    // The fill search stalls on this one and the SAT solver completes its tail (a
    // window of bands, not the whole grid's formula).
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
