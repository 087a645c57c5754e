//! Sparse puzzles: the givens chosen as a small hitting set of unavoidable sets (cells
//! where another solution differs), collected by SAT until the puzzle is unique.
//!
//! Removing givens one at a time from a full grid stops at the first puzzle where no
//! single given can go, far above the fewest givens a grid needs. A puzzle is unique
//! exactly when its givens meet every unavoidable set, so this picks the givens from
//! the other side: collect small unavoidable sets (a minimal one is found by shrinking
//! the cells where a second solution differs), choose few cells that meet them all
//! (greedy), and when the puzzle made of those cells still has a second solution, its
//! difference is a new set to meet.

use super::{GenerateError, GenerateOptions, Progress};
use crate::check::check_solution;
use crate::deduce::{Deduction, Presolve, deduce};
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use crate::model::rules::Rules;
use crate::rng::Rng;
use crate::solve::{Second, other_among};
use std::collections::{HashMap, HashSet};

/// What a hitting-set run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct HittingStats {
    /// Unavoidable sets collected.
    pub sets: usize,
    /// Candidate puzzles tried (each one a uniqueness check).
    pub rounds: usize,
    /// Uniqueness questions settled by deduction alone.
    pub by_deduction: usize,
    /// Uniqueness questions that needed a SAT call.
    pub by_sat: usize,
}

/// Asks "does the puzzle have a solution other than `solution`?" and keeps the
/// unavoidable sets found so far.
struct Sets<'a> {
    geom: Geometry,
    solution: &'a Grid,
    opts: &'a GenerateOptions,
    sets: Vec<Vec<u32>>,
    seen: HashSet<Vec<u32>>,
    stats: HittingStats,
}

impl<'a> Sets<'a> {
    fn new(solution: &'a Grid, opts: &'a GenerateOptions) -> Sets<'a> {
        Sets {
            geom: Geometry::new(solution.shape()),
            solution,
            opts,
            sets: Vec::new(),
            seen: HashSet::new(),
            stats: HittingStats::default(),
        }
    }

    /// A verified solution of `puzzle` other than the known one, if there is one.
    fn other(&mut self, puzzle: &Grid) -> Result<Option<Grid>, GenerateError> {
        if let Some(r) = self.opts.budget.stop_reason() {
            return Err(GenerateError::Stopped(r));
        }
        self.opts.report(Progress::Sets {
            sets: self.sets.len(),
        });
        // Nearly full grids (most checks: shrinking sets) need singles only; sparse
        // ones deduce more first, which keeps their formula small.
        let level = if puzzle.num_givens() * 5 >= puzzle.values().len() * 3 {
            Presolve::Singles
        } else {
            Presolve::Probe
        };
        match deduce(&self.geom, puzzle, level, &self.opts.budget) {
            Deduction::Solved(_) => {
                self.stats.by_deduction += 1;
                Ok(None)
            }
            Deduction::Stopped(r) => Err(GenerateError::Stopped(r)),
            Deduction::Contradiction => Err(GenerateError::Verification(
                "deduction contradicts a puzzle taken from a solution".into(),
            )),
            Deduction::Open(cands) => {
                self.stats.by_sat += 1;
                let other = match other_among(
                    &cands,
                    self.solution,
                    &self.opts.backend,
                    &self.opts.budget,
                )? {
                    Second::None => None,
                    Second::Other(o) => Some(o),
                    Second::Unknown(r) => return Err(GenerateError::Stopped(r)),
                };
                if let Some(o) = &other {
                    check_solution(puzzle, o, &Rules::classic())
                        .map_err(|f| GenerateError::Verification(f.to_string()))?;
                    if o == self.solution {
                        return Err(GenerateError::Verification(
                            "the solver returned the excluded solution".into(),
                        ));
                    }
                }
                Ok(other)
            }
        }
    }

    /// The solution with the cells `open` emptied.
    fn all_but(&self, open: &[u32]) -> Grid {
        let mut g = self.solution.clone();
        let n = g.n();
        for &c in open {
            g.set(c as usize / n, c as usize % n, 0);
        }
        g
    }

    /// The cells where `other` differs from the solution.
    fn diff(&self, other: &Grid) -> Vec<u32> {
        let (a, b) = (self.solution.values(), other.values());
        (0..a.len() as u32)
            .filter(|&i| a[i as usize] != b[i as usize])
            .collect()
    }

    /// Shrinks `d` (the cells where some other solution differs) to a minimal
    /// unavoidable set: a cell is kept only when giving it leaves no other solution
    /// that differs within the rest. A kept cell stays necessary for every smaller
    /// set found later (those lie inside the current one), so one pass suffices.
    fn minimise(&mut self, mut d: Vec<u32>, rng: &mut Rng) -> Result<Vec<u32>, GenerateError> {
        let mut needed: Vec<u32> = Vec::new();
        rng.shuffle(&mut d);
        while let Some(c) = d.pop() {
            let open: Vec<u32> = needed.iter().chain(d.iter()).copied().collect();
            match self.other(&self.all_but(&open))? {
                Some(o) => {
                    let smaller = self.diff(&o);
                    debug_assert!(needed.iter().all(|x| smaller.contains(x)));
                    d = smaller
                        .into_iter()
                        .filter(|x| !needed.contains(x))
                        .collect();
                    rng.shuffle(&mut d);
                }
                None => needed.push(c),
            }
        }
        needed.sort_unstable();
        Ok(needed)
    }

    /// Records the minimal set inside the difference to `other`; false when it was known.
    fn learn(&mut self, other: &Grid, rng: &mut Rng) -> Result<bool, GenerateError> {
        let d = self.minimise(self.diff(other), rng)?;
        if d.is_empty() || !self.seen.insert(d.clone()) {
            return Ok(false);
        }
        self.sets.push(d);
        self.stats.sets += 1;
        Ok(true)
    }

    /// Collects the unavoidable sets among the cells holding `digits`: a set found is
    /// recorded, one of its cells given, and the search repeated until none is left.
    fn collect_within(&mut self, digits: &[u16], rng: &mut Rng) -> Result<(), GenerateError> {
        let mut open: Vec<u32> = (0..self.solution.values().len() as u32)
            .filter(|&i| digits.contains(&self.solution.values()[i as usize]))
            .collect();
        while let Some(o) = self.other(&self.all_but(&open))? {
            let before = self.sets.len();
            self.learn(&o, rng)?;
            // Give one cell of the set just found (or of the difference, if known).
            let d = if self.sets.len() > before {
                self.sets[before].clone()
            } else {
                self.diff(&o)
            };
            let c = d[rng.below(d.len())];
            open.retain(|&x| x != c);
        }
        Ok(())
    }
}

/// A small set of cells meeting every set in `sets` (greedy: the cell in most unmet
/// sets first, ties broken at random), without cells that others make redundant.
pub(crate) fn greedy_hitting_set(sets: &[Vec<u32>], cells: usize, rng: &mut Rng) -> Vec<u32> {
    let mut by_cell: Vec<Vec<u32>> = vec![Vec::new(); cells];
    for (i, s) in sets.iter().enumerate() {
        for &c in s {
            by_cell[c as usize].push(i as u32);
        }
    }
    let mut count: Vec<usize> = by_cell.iter().map(Vec::len).collect();
    let mut hit = vec![0u32; sets.len()];
    let mut unmet = sets.len();
    let mut chosen: Vec<u32> = Vec::new();
    while unmet > 0 {
        let (mut best, mut ties) = (0usize, 0usize);
        for c in 0..cells {
            if count[c] > count[best] {
                (best, ties) = (c, 1);
            } else if count[c] == count[best] && count[c] > 0 {
                ties += 1;
                if rng.below(ties) == 0 {
                    best = c;
                }
            }
        }
        chosen.push(best as u32);
        for &s in &by_cell[best] {
            hit[s as usize] += 1;
            if hit[s as usize] == 1 {
                unmet -= 1;
                for &c in &sets[s as usize] {
                    count[c as usize] -= 1;
                }
            }
        }
    }
    // Drop cells whose every set another chosen cell meets, latest picks first.
    let mut keep = Vec::with_capacity(chosen.len());
    for &c in chosen.iter().rev() {
        if by_cell[c as usize].iter().all(|&s| hit[s as usize] > 1) {
            for &s in &by_cell[c as usize] {
                hit[s as usize] -= 1;
            }
        } else {
            keep.push(c);
        }
    }
    keep.sort_unstable();
    keep
}

/// A minimal unique puzzle for `solution`: a small hitting set of the unavoidable sets
/// collected, completed to uniqueness, then improved by trading two givens for one.
/// Stops early once at most `goal` givens are left.
pub(crate) fn hitting_set_puzzle(
    solution: &Grid,
    goal: Option<usize>,
    opts: &GenerateOptions,
    rng: &mut Rng,
) -> Result<(Grid, HittingStats), GenerateError> {
    let n = solution.n();
    let mut sets = Sets::new(solution, opts);
    // Seed with the sets inside every pair of symbols (the classic two-symbol
    // rectangles and cycles), then random triples.
    let mut pairs: Vec<[u16; 2]> = Vec::new();
    for a in 1..=n as u16 {
        for b in a + 1..=n as u16 {
            pairs.push([a, b]);
        }
    }
    rng.shuffle(&mut pairs);
    for p in &pairs {
        sets.collect_within(p, rng)?;
    }
    for _ in 0..n * n {
        let mut digits: Vec<u16> = (1..=n as u16).collect();
        rng.shuffle(&mut digits);
        sets.collect_within(&digits[..3.min(n)], rng)?;
    }
    // Refine in rounds. A round takes a small hitting set of the sets known so far and
    // completes it to a unique puzzle: while the puzzle has a second solution, the
    // minimal set inside the difference is recorded and its cell that lies in most
    // known sets is given. Every round ends with a unique puzzle, and the next round's
    // hitting set meets more sets; the fewest givens seen win.
    let mut freq = vec![0u32; n * n];
    for s in &sets.sets {
        for &c in s {
            freq[c as usize] += 1;
        }
    }
    let mut best: Option<Grid> = None;
    let mut stale = 0;
    while stale < STALE_ROUNDS {
        sets.stats.rounds += 1;
        let mut puzzle = Grid::empty(solution.shape());
        for c in greedy_hitting_set(&sets.sets, n * n, rng) {
            let (r, col) = (c as usize / n, c as usize % n);
            puzzle.set(r, col, solution.get(r, col));
        }
        let start = puzzle.num_givens();
        while let Some(o) = sets.other(&puzzle)? {
            let before = sets.sets.len();
            sets.learn(&o, rng)?;
            let d = match sets.sets.get(before) {
                Some(d) => {
                    for &c in d {
                        freq[c as usize] += 1;
                    }
                    d.clone()
                }
                None => sets.diff(&o),
            };
            let (mut pick, mut ties) = (d[0], 0usize);
            for &c in &d {
                if freq[c as usize] > freq[pick as usize] {
                    (pick, ties) = (c, 1);
                } else if freq[c as usize] == freq[pick as usize] {
                    ties += 1;
                    if rng.below(ties) == 0 {
                        pick = c;
                    }
                }
            }
            let (r, col) = (pick as usize / n, pick as usize % n);
            puzzle.set(r, col, solution.get(r, col));
        }
        if best
            .as_ref()
            .is_none_or(|b| puzzle.num_givens() < b.num_givens())
        {
            best = Some(puzzle.clone());
            stale = 0;
        } else {
            stale += 1;
        }
        if puzzle.num_givens() == start {
            break; // the hitting set itself is unique: no known set is left unmet
        }
        if let Some(k) = goal {
            if puzzle.num_givens() <= k {
                break;
            }
        }
    }
    let best = best.expect("at least one round");
    let traded = trade(&mut sets, best, goal, rng)?;
    Ok((traded, sets.stats))
}

/// Makes a unique `puzzle` minimal, then trades two givens for one while it stays
/// unique. A given is needed only for its private sets (known sets that no other given
/// meets; removing the given shows one when the known sets have none), so a pair of
/// givens can make way for one cell that lies in every private set of both; the
/// trade is kept when the SAT check proves the new puzzle unique, and otherwise the
/// set it shows is learnt. Stops at `goal` givens or when no trade is left.
fn trade(
    sets: &mut Sets,
    mut puzzle: Grid,
    goal: Option<usize>,
    rng: &mut Rng,
) -> Result<Grid, GenerateError> {
    let cells = puzzle.values().len();
    loop {
        if goal.is_some_and(|k| puzzle.num_givens() <= k) {
            return Ok(puzzle);
        }
        let mut clues: Vec<u32> = (0..cells as u32).filter(|&c| given(&puzzle, c)).collect();
        rng.shuffle(&mut clues);
        if let Some(q) = drop_redundant(sets, &puzzle, &clues, rng)? {
            puzzle = q;
            continue;
        }
        let mut trades = candidate_trades(sets, &puzzle, &clues);
        rng.shuffle(&mut trades);
        match try_trades(sets, &puzzle, trades, rng)? {
            Some(q) => puzzle = q,
            None => return Ok(puzzle),
        }
    }
}

/// True when cell `c` of `p` is given.
fn given(p: &Grid, c: u32) -> bool {
    p.values()[c as usize] != 0
}

/// `p` with cell `c` set to `v`.
fn set_cell(p: &mut Grid, c: u32, v: u16) {
    let n = p.n();
    p.set(c as usize / n, c as usize % n, v);
}

/// Private sets per given (met by no other given), and the sets only a pair of givens
/// meets.
#[allow(clippy::type_complexity)]
fn private_sets(sets: &Sets, p: &Grid) -> (Vec<Vec<usize>>, HashMap<(u32, u32), Vec<usize>>) {
    let mut own: Vec<Vec<usize>> = vec![Vec::new(); p.values().len()];
    let mut shared: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
    for (i, s) in sets.sets.iter().enumerate() {
        let mut hits = s.iter().copied().filter(|&c| given(p, c));
        match (hits.next(), hits.next(), hits.next()) {
            (Some(c), None, _) => own[c as usize].push(i),
            (Some(a), Some(b), None) => shared.entry((a.min(b), a.max(b))).or_default().push(i),
            _ => {}
        }
    }
    (own, shared)
}

/// The puzzle without a given that has no private set, when it stays unique (the sets
/// that other givens' removals show are learnt on the way).
fn drop_redundant(
    sets: &mut Sets,
    puzzle: &Grid,
    clues: &[u32],
    rng: &mut Rng,
) -> Result<Option<Grid>, GenerateError> {
    let (own, _) = private_sets(sets, puzzle);
    for &g in clues {
        if !own[g as usize].is_empty() {
            continue;
        }
        let mut q = puzzle.clone();
        set_cell(&mut q, g, 0);
        match sets.other(&q)? {
            None => return Ok(Some(q)),
            Some(o) => {
                sets.learn(&o, rng)?;
            }
        }
    }
    Ok(None)
}

/// Pairs of givens whose private sets (and the sets only they meet) share a free cell,
/// with those cells.
fn candidate_trades(sets: &Sets, puzzle: &Grid, clues: &[u32]) -> Vec<(u32, u32, Vec<u32>)> {
    let (own, shared) = private_sets(sets, puzzle);
    let none = Vec::new();
    let mut trades: Vec<(u32, u32, Vec<u32>)> = Vec::new();
    for (i, &a) in clues.iter().enumerate() {
        for &b in &clues[i + 1..] {
            let both = shared.get(&(a.min(b), a.max(b))).unwrap_or(&none);
            let mut ids = own[a as usize].iter().chain(&own[b as usize]).chain(both);
            let Some(&first) = ids.next() else { continue };
            let mut common: Vec<u32> = sets.sets[first]
                .iter()
                .copied()
                .filter(|&c| !given(puzzle, c))
                .collect();
            for &id in ids {
                common.retain(|c| sets.sets[id].contains(c));
                if common.is_empty() {
                    break;
                }
            }
            if !common.is_empty() {
                trades.push((a, b, common));
            }
        }
    }
    trades
}

/// The first trade (two givens out, a common cell in) that keeps the puzzle unique;
/// each failed trial's set is learnt and narrows the cells left to try.
fn try_trades(
    sets: &mut Sets,
    puzzle: &Grid,
    trades: Vec<(u32, u32, Vec<u32>)>,
    rng: &mut Rng,
) -> Result<Option<Grid>, GenerateError> {
    for (a, b, mut common) in trades {
        if !(given(puzzle, a) && given(puzzle, b)) {
            continue;
        }
        rng.shuffle(&mut common);
        while let Some(h) = common.pop() {
            let mut q = puzzle.clone();
            set_cell(&mut q, a, 0);
            set_cell(&mut q, b, 0);
            set_cell(&mut q, h, sets.solution.values()[h as usize]);
            match sets.other(&q)? {
                None => return Ok(Some(q)),
                Some(o) => {
                    // The new set misses every given of q: keep only cells in it.
                    let before = sets.sets.len();
                    sets.learn(&o, rng)?;
                    if let Some(d) = sets.sets.get(before) {
                        common.retain(|c| d.contains(c));
                    }
                }
            }
        }
    }
    Ok(None)
}

/// Rounds in a row that find no smaller unique puzzle before the rounds stop.
const STALE_ROUNDS: usize = 1;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::shape::Shape;
    use crate::solve::{SolveOptions, SudokuSolver, Verdict};

    fn solution() -> Grid {
        let text =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let values = text.bytes().map(|b| (b - b'0') as u16).collect();
        Grid::from_values(Shape::for_side(9).unwrap(), values).unwrap()
    }

    #[test]
    fn collected_sets_are_minimal_unavoidable_sets_by_the_solve_pipeline() {
        let s = solution();
        let opts = GenerateOptions::new(s.shape());
        let mut sets = Sets::new(&s, &opts);
        let mut rng = Rng::new(7);
        for pair in [[1, 2], [3, 7], [4, 9], [5, 6]] {
            sets.collect_within(&pair, &mut rng).unwrap();
        }
        sets.collect_within(&[2, 5, 8], &mut rng).unwrap();
        assert!(sets.sets.len() >= 5, "{:?}", sets.sets);
        let mut solver = SudokuSolver::new(SolveOptions::default());
        let mut verdict = |open: &[u32]| {
            solver
                .solve(&sets.all_but(open), &Rules::classic())
                .unwrap()
                .verdict
        };
        for d in &sets.sets {
            assert_eq!(verdict(d), Verdict::Multiple, "{d:?} is not unavoidable");
            for c in d {
                let rest: Vec<u32> = d.iter().copied().filter(|x| x != c).collect();
                assert_eq!(
                    verdict(&rest),
                    Verdict::Unique,
                    "{d:?} without {c} is still unavoidable"
                );
            }
        }
    }

    #[test]
    fn puzzles_meet_every_set_found_and_stop_at_the_goal() {
        let s = solution();
        let opts = GenerateOptions::new(s.shape());
        let mut rng = Rng::new(3);
        let (p, stats) = hitting_set_puzzle(&s, None, &opts, &mut rng).unwrap();
        let mut solver = SudokuSolver::new(SolveOptions::default());
        let answer = solver.solve(&p, &Rules::classic()).unwrap();
        assert_eq!(answer.verdict, Verdict::Unique);
        assert_eq!(answer.solutions[0], s);
        assert!(stats.sets > 0 && stats.by_sat > 0, "{stats:?}");
        let (q, _) = hitting_set_puzzle(&s, Some(40), &opts, &mut rng).unwrap();
        assert!(q.num_givens() <= 40 && q.num_givens() >= p.num_givens().min(17));
        assert_eq!(
            solver.solve(&q, &Rules::classic()).unwrap().verdict,
            Verdict::Unique
        );
    }

    #[test]
    fn greedy_meets_every_set_and_keeps_no_redundant_cell() {
        let mut rng = Rng::new(3);
        for round in 0..200 {
            let cells = 12;
            let sets: Vec<Vec<u32>> = (0..1 + round % 9)
                .map(|_| {
                    let mut s: Vec<u32> = (0..cells as u32).filter(|_| rng.below(3) == 0).collect();
                    if s.is_empty() {
                        s.push(rng.below(cells) as u32);
                    }
                    s
                })
                .collect();
            let h = greedy_hitting_set(&sets, cells, &mut rng);
            for s in &sets {
                assert!(s.iter().any(|c| h.contains(c)), "{s:?} missed by {h:?}");
            }
            for &c in &h {
                let without: Vec<u32> = h.iter().copied().filter(|&x| x != c).collect();
                assert!(
                    sets.iter().any(|s| !s.iter().any(|x| without.contains(x))),
                    "{c} is redundant in {h:?} for {sets:?}"
                );
            }
        }
    }
}
