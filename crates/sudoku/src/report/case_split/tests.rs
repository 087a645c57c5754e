use super::*;
use crate::model::shape::Shape;

/// The textbook clauses of the puzzle (cell and house at-least-one, pairwise
/// at-most-one, givens as units, and the exclusion of `excluded` over the open
/// cells), in the numbering the proofs use, written out here on their own.
fn formula(p: &Grid, excluded: Option<&Grid>) -> Vec<Vec<i32>> {
    let shape = p.shape();
    let n = shape.n();
    let var = |cell: usize, v: usize| (cell * n + v) as i32;
    let mut groups: Vec<Vec<i32>> = Vec::new();
    for cell in 0..n * n {
        groups.push((1..=n).map(|v| var(cell, v)).collect());
    }
    for h in shape.houses() {
        let cells: Vec<usize> = shape.house_cells(h).map(|(r, c)| r * n + c).collect();
        for v in 1..=n {
            groups.push(cells.iter().map(|&c| var(c, v)).collect());
        }
    }
    let mut out = Vec::new();
    for g in groups {
        for i in 0..g.len() {
            for j in i + 1..g.len() {
                out.push(vec![-g[i], -g[j]]);
            }
        }
        out.push(g);
    }
    for (cell, &v) in p.values().iter().enumerate() {
        if v != 0 {
            out.push(vec![var(cell, v as usize)]);
        }
    }
    if let Some(s) = excluded {
        let open = (0..n * n).filter(|&c| p.values()[c] == 0);
        out.push(open.map(|c| -var(c, s.values()[c] as usize)).collect());
    }
    out
}

/// Replays `proof` with dratify, an independent DRAT checker.
pub(crate) fn accepted(p: &Grid, excluded: Option<&Grid>, proof: &str) -> bool {
    let lit = |l: i32| 2 * (l.unsigned_abs() - 1) + u32::from(l < 0);
    let clauses: Vec<Vec<u32>> = formula(p, excluded)
        .iter()
        .map(|c| c.iter().map(|&l| lit(l)).collect())
        .collect();
    let steps: Vec<(bool, Vec<u32>)> = proof
        .lines()
        .map(|line| {
            let (del, rest) = match line.strip_prefix("d ") {
                Some(rest) => (true, rest),
                None => (false, line),
            };
            let lits = rest.split_whitespace().map(|t| t.parse::<i32>().unwrap());
            (del, lits.filter(|&l| l != 0).map(lit).collect())
        })
        .collect();
    let n = p.n() as u32;
    let mut checker = dratify::Checker::new(n * n * n, &clauses, true, true);
    let r = checker.check(&steps);
    r.ok && r.reached_empty
}

/// Every solution of `p`, by plain backtracking (up to `limit`).
pub(crate) fn solutions(p: &Grid, limit: usize) -> Vec<Vec<u16>> {
    fn go(g: &mut Vec<u16>, shape: Shape, out: &mut Vec<Vec<u16>>, limit: usize) {
        let n = shape.n();
        let Some(i) = g.iter().position(|&v| v == 0) else {
            out.push(g.clone());
            return;
        };
        let (r, c) = (i / n, i % n);
        for v in 1..=n as u16 {
            let clash = (0..n).any(|k| g[r * n + k] == v || g[k * n + c] == v)
                || (0..n).any(|k| {
                    let (br, bc) = shape.box_cell(shape.box_of(r, c), k);
                    g[br * n + bc] == v
                });
            if !clash && out.len() < limit {
                g[i] = v;
                go(g, shape, out, limit);
                g[i] = 0;
            }
        }
    }
    let shape = p.shape();
    let n = shape.n();
    let g = p.values();
    let peers = |a: usize, b: usize| {
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        ra == rb || ca == cb || shape.box_of(ra, ca) == shape.box_of(rb, cb)
    };
    let clash = (0..n * n).any(|a| (0..a).any(|b| g[a] != 0 && g[a] == g[b] && peers(a, b)));
    let mut out = Vec::new();
    if !clash {
        go(&mut g.to_vec(), shape, &mut out, limit);
    }
    out
}

/// Small random puzzles: `k` cells of a solved grid (its symbols permuted), and in
/// one puzzle of four one of them changed (often breaking the puzzle).
fn random_puzzle(shape: Shape, k: usize, seed: &mut u64) -> Grid {
    let mut next = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    };
    let n = shape.n();
    let full = solutions(&Grid::empty(shape), 1).remove(0);
    let mut perm: Vec<u16> = (1..=n as u16).collect();
    for i in (1..n).rev() {
        perm.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    let mut cells = vec![0u16; n * n];
    for _ in 0..k {
        let i = (next() % (n * n) as u64) as usize;
        cells[i] = perm[full[i] as usize - 1];
    }
    if next() % 4 == 0 {
        let i = (next() % (n * n) as u64) as usize;
        cells[i] = (next() % n as u64) as u16 + 1;
    }
    Grid::from_values(shape, cells).unwrap()
}

pub(crate) fn grid9(line: &str) -> Grid {
    let cells = line
        .bytes()
        .map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') });
    Grid::from_values(Shape::new(3, 3).unwrap(), cells.collect()).unwrap()
}

#[test]
fn proofs_of_unique_and_unsat_puzzles_are_accepted_and_multiple_ones_refused() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut seen = [0usize; 3];
    for (rows, cols, ks) in [(2, 2, 3..10), (2, 3, 8..20)] {
        let shape = Shape::new(rows, cols).unwrap();
        for k in ks.clone().cycle().take(300) {
            let p = random_puzzle(shape, k, &mut seed);
            let sols = solutions(&p, 2);
            let budget = Budget::unlimited();
            match sols.len() {
                0 => {
                    let proof = refutation(&p, None, 1 << 20, &budget).unwrap();
                    assert!(accepted(&p, None, &proof), "unsat {:?}", p.values());
                    seen[0] += 1;
                }
                1 => {
                    let s = Grid::from_values(shape, sols[0].clone()).unwrap();
                    let proof = refutation(&p, Some(&s), 1 << 20, &budget).unwrap();
                    assert!(accepted(&p, Some(&s), &proof), "unique {:?}", p.values());
                    seen[1] += 1;
                }
                _ => {
                    let s = Grid::from_values(shape, sols[0].clone()).unwrap();
                    match refutation(&p, Some(&s), 1 << 20, &budget) {
                        Err(SplitError::Solution(other)) => {
                            assert_ne!(other, sols[0]);
                            assert!(
                                solutions(&Grid::from_values(shape, other).unwrap(), 1).len() == 1
                            );
                        }
                        r => panic!("multiple {:?}: {r:?}", p.values()),
                    }
                    seen[2] += 1;
                }
            }
        }
    }
    assert!(
        seen.iter().all(|&s| s >= 20),
        "every verdict is exercised: {seen:?}"
    );
}

#[test]
fn a_classic_puzzle_gets_a_short_proof_and_a_cut_proof_fails() {
    // Needs more than singles (a case split of several branches).
    let line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let p = grid9(line);
    let sols = solutions(&p, 2);
    assert_eq!(sols.len(), 1);
    let s = Grid::from_values(p.shape(), sols[0].clone()).unwrap();
    let proof = refutation(&p, Some(&s), 1 << 20, &Budget::unlimited()).unwrap();
    assert!(proof.lines().count() > 3, "{proof}");
    assert!(accepted(&p, Some(&s), &proof));
    assert!(
        !accepted(&p, Some(&s), "0\n"),
        "unit propagation alone does not refute it"
    );
    assert_eq!(
        refutation(&p, Some(&s), 2, &Budget::unlimited()),
        Err(SplitError::GaveUp)
    );
}

#[test]
fn a_puzzle_singles_settle_has_the_one_line_proof() {
    let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let p = grid9(line);
    let s = Grid::from_values(p.shape(), solutions(&p, 1).remove(0)).unwrap();
    let proof = refutation(&p, Some(&s), 10, &Budget::unlimited()).unwrap();
    assert_eq!(proof, "0\n");
    assert!(accepted(&p, Some(&s), &proof));
}
