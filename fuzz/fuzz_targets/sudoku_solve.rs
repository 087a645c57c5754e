//! Solve on tiny random puzzles against a brute-force oracle written here. The fuzz
//! bytes pick a 4×4 or 6×6 shape, classic rules or one simple variant rule, the
//! encoding, presolve, at-most-one encoding, backend and solution bound, then the
//! givens; two puzzles (the second one the first with givens changed) go through the
//! same warm solver. The verdict (unique / multiple / unsat, or sat at bound 1) must be
//! the oracle's, and every returned solution must hold the givens, obey the rules (as
//! the oracle reads them), be distinct from the others and, when unique, be the
//! oracle's own.
#![no_main]

use gridsat_sat::{AmoEncoding, BackendSpec};
use gridsat_sudoku::{
    Grid, Rules, SolveError, SolveOptions, SudokuSolver, Verdict,
    deduce::Presolve,
    encode::Encoding,
    model::{Rule, Shape},
};
use libfuzzer_sys::fuzz_target;

/// The rules the oracle knows, independently of the library.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Extra {
    None,
    Diagonals,
    Windoku,
    AntiKnight,
    AntiKing,
    NonConsecutive,
}

/// A brute-force Sudoku: its side, box, extra rule and cells (0 = empty).
struct Oracle {
    n: usize,
    p: usize,
    q: usize,
    extra: Extra,
}

impl Oracle {
    /// Cells that may not share a value with (r, c): its row, column, box and the
    /// extra rule's houses or neighbours.
    fn peers(&self, r: usize, c: usize) -> Vec<(usize, usize)> {
        let (p, q) = (self.p, self.q);
        let mut out = Vec::new();
        for rr in 0..self.n {
            for cc in 0..self.n {
                if (rr, cc) == (r, c) {
                    continue;
                }
                let same_box = rr / p == r / p && cc / q == c / q;
                let (dr, dc) = (rr as isize - r as isize, cc as isize - c as isize);
                let extra = match self.extra {
                    Extra::None | Extra::NonConsecutive => false,
                    Extra::Diagonals => {
                        (rr == cc && r == c) || (rr + cc == self.n - 1 && r + c == self.n - 1)
                    }
                    Extra::Windoku => match (self.window(r, c), self.window(rr, cc)) {
                        (Some(a), Some(b)) => a == b,
                        _ => false,
                    },
                    Extra::AntiKnight => dr.abs() * dc.abs() == 2,
                    Extra::AntiKing => dr.abs() == 1 && dc.abs() == 1,
                };
                if rr == r || cc == c || same_box || extra {
                    out.push((rr, cc));
                }
            }
        }
        out
    }

    /// The windoku window of (r, c): windows of p×q cells start at row and column 1,
    /// one cell apart, and end before the last row and column.
    fn window(&self, r: usize, c: usize) -> Option<(usize, usize)> {
        let (n, p, q) = (self.n, self.p, self.q);
        let band = |x: usize, size: usize| {
            let mut top = 1;
            while top + size < n {
                if (top..top + size).contains(&x) {
                    return Some(top);
                }
                top += size + 1;
            }
            None
        };
        Some((band(r, p)?, band(c, q)?))
    }

    /// The values (bit v) that cell `i` may take beside the values of `g`.
    fn allowed(&self, g: &[u16], peers: &[Vec<usize>], i: usize) -> u32 {
        let n = self.n;
        let mut used = 0u32;
        for &j in &peers[i] {
            used |= 1 << g[j];
        }
        if self.extra == Extra::NonConsecutive {
            let (r, c) = (i / n, i % n);
            let near = [(0, 1), (2, 1), (1, 0), (1, 2)];
            for (dr, dc) in near {
                let (rr, cc) = ((r + dr).wrapping_sub(1), (c + dc).wrapping_sub(1));
                if rr < n && cc < n {
                    let w = g[rr * n + cc];
                    if w != 0 {
                        used |= (1 << (w + 1)) | (1 << (w - 1));
                    }
                }
            }
        }
        let all = ((1u32 << n) - 1) << 1;
        all & !used
    }

    /// True when a full grid obeys every rule and holds the givens.
    fn valid(&self, givens: &[u16], g: &[u16]) -> bool {
        let peers = self.all_peers();
        let mut h = g.to_vec();
        (0..g.len()).all(|i| {
            let v = g[i];
            h[i] = 0;
            let ok = (1..=self.n as u16).contains(&v)
                && (givens[i] == 0 || givens[i] == v)
                && self.allowed(&h, &peers, i) >> v & 1 == 1;
            h[i] = v;
            ok
        })
    }

    fn all_peers(&self) -> Vec<Vec<usize>> {
        let n = self.n;
        (0..n * n)
            .map(|i| {
                self.peers(i / n, i % n)
                    .into_iter()
                    .map(|(r, c)| r * n + c)
                    .collect()
            })
            .collect()
    }

    /// Up to two solutions of the givens, by backtracking on the most constrained cell.
    fn solve(&self, givens: &[u16]) -> Vec<Vec<u16>> {
        let peers = self.all_peers();
        let mut g = givens.to_vec();
        // Givens that break a rule among themselves: no solution.
        for i in 0..g.len() {
            let v = g[i];
            if v != 0 {
                g[i] = 0;
                let ok = self.allowed(&g, &peers, i) >> v & 1 == 1;
                g[i] = v;
                if !ok {
                    return Vec::new();
                }
            }
        }
        let mut out = Vec::new();
        self.search(&mut g, &peers, &mut out);
        out
    }

    fn search(&self, g: &mut [u16], peers: &[Vec<usize>], out: &mut Vec<Vec<u16>>) {
        let mut best: Option<(usize, u32)> = None;
        for i in 0..g.len() {
            if g[i] == 0 {
                let vals = self.allowed(g, peers, i);
                if best.is_none_or(|(_, b)| vals.count_ones() < b.count_ones()) {
                    best = Some((i, vals));
                    if vals == 0 {
                        break;
                    }
                }
            }
        }
        let Some((i, mut vals)) = best else {
            out.push(g.to_vec());
            return;
        };
        while vals != 0 && out.len() < 2 {
            let v = vals.trailing_zeros() as u16;
            vals &= vals - 1;
            g[i] = v;
            self.search(g, peers, out);
            g[i] = 0;
        }
    }
}

/// Reads the next byte, 0 past the end.
fn take(data: &mut &[u8]) -> u8 {
    match data.split_first() {
        Some((&b, rest)) => {
            *data = rest;
            b
        }
        None => 0,
    }
}

fn check(
    solver: &mut SudokuSolver,
    oracle: &Oracle,
    rules: &Rules,
    shape: Shape,
    givens: &[u16],
    bound: usize,
) {
    let n = oracle.n;
    let grid = Grid::from_values(shape, givens.to_vec()).expect("values in range");
    let answer = match solver.solve(&grid, rules) {
        Ok(a) => a,
        // A rule that does not fit this shape (e.g. no windoku window): not a verdict.
        Err(SolveError::Rules(_)) => return,
        Err(e) => panic!("solve failed: {e}\n{grid:?}"),
    };
    let truth = oracle.solve(givens);
    let want = match (truth.len(), bound) {
        (0, _) => Verdict::Unsat,
        (_, 1) => Verdict::Sat,
        (1, _) => Verdict::Unique,
        _ => Verdict::Multiple,
    };
    assert_eq!(
        answer.verdict, want,
        "givens {givens:?} ({n}×{n}, {:?})",
        oracle.extra
    );
    for (k, s) in answer.solutions.iter().enumerate() {
        assert_eq!(s.shape(), shape);
        assert!(
            oracle.valid(givens, s.values()),
            "solution {k} breaks a rule: {s:?}"
        );
        assert!(
            answer.solutions[..k].iter().all(|t| t != s),
            "solution {k} returned twice"
        );
    }
    let expected = match want {
        Verdict::Unsat => 0,
        Verdict::Multiple => 2,
        _ => 1,
    };
    assert_eq!(answer.solutions.len(), expected, "{:?}", answer.verdict);
    if want == Verdict::Unique {
        assert_eq!(answer.solutions[0].values(), &truth[0][..]);
    }
    if want == Verdict::Unsat {
        assert!(
            answer.conflict.is_some(),
            "unsat without the conflicting givens"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let mut data = data;
    let (p, q) = match take(&mut data) % 3 {
        0 => (2, 2),
        1 => (2, 3),
        _ => (3, 2),
    };
    let n = p * q;
    let shape = Shape::new(p, q).unwrap();
    let rule_byte = take(&mut data);
    let (extra, rule) = match rule_byte % 6 {
        0 => (Extra::None, None),
        1 => (Extra::Diagonals, Some(Rule::Diagonals)),
        2 => (Extra::Windoku, Some(Rule::Windoku)),
        3 => (Extra::AntiKnight, Some(Rule::AntiKnight)),
        4 => (Extra::AntiKing, Some(Rule::AntiKing)),
        _ => (Extra::NonConsecutive, Some(Rule::NonConsecutive)),
    };
    let mut rules = Rules::classic();
    if let Some(r) = rule {
        rules.add(r);
    }
    let o = take(&mut data);
    let mut opts = SolveOptions::default();
    opts.encoding = Encoding::ALL[usize::from(o) % Encoding::ALL.len()];
    opts.presolve = Presolve::ALL[usize::from(o >> 2) % Presolve::ALL.len()];
    let b = take(&mut data);
    opts.amo = AmoEncoding::ALL[usize::from(b) % AmoEncoding::ALL.len()];
    opts.backend = match (b >> 3) % 3 {
        0 => BackendSpec::Auto,
        1 => BackendSpec::Cadical,
        _ => BackendSpec::Batsat,
    };
    let bound = if b >> 5 & 1 == 1 { 1 } else { 2 };
    opts.max_solutions = bound;
    let oracle = Oracle { n, p, q, extra };
    // Givens: (cell, value) pairs until a 0xff or the end; then changes for the second.
    let mut givens = vec![0u16; n * n];
    let mut second = None;
    while data.len() >= 2 {
        let (cell, value) = (take(&mut data), take(&mut data));
        if cell == 0xff {
            second = Some(givens.clone());
            continue;
        }
        let target = second.as_mut().unwrap_or(&mut givens);
        target[usize::from(cell) % (n * n)] = u16::from(value) % (n as u16 + 1);
    }
    let mut solver = SudokuSolver::new(opts);
    check(&mut solver, &oracle, &rules, shape, &givens, bound);
    if let Some(g) = second {
        check(&mut solver, &oracle, &rules, shape, &g, bound);
    }
});
