//! The basic techniques a player uses after singles, on the propagation model, for any
//! rules: locked candidates (when a value's candidates in one house all lie in another
//! house, it leaves the rest of that one: box–line interactions, and their kin between
//! any two houses) and subsets (naked and hidden subsets of every size, as arc
//! consistency on each house's all-different). Every elimination is propagated (the
//! singles follow).

use super::alldiff::AllDiff;
use super::logic::{Logic, ProbeEnd};
use gridsat_sat::Budget;
use gridsat_sat::propagate::Conflict;

/// The houses of a model as cell indices (row-major), and the houses of each cell.
pub(super) struct Houses {
    cells: Vec<Vec<usize>>,
    of_cell: Vec<Vec<usize>>,
    /// `member[h]` is a bitset over the cells.
    member: Vec<Vec<u64>>,
}

impl Houses {
    pub(super) fn new(logic: &Logic) -> Houses {
        let shape = logic.shape();
        let n = shape.n();
        let rules = logic.rules();
        let cells: Vec<Vec<usize>> = rules
            .house_iter(shape)
            .map(|h| rules.cells_of(shape, h).map(|(r, c)| r * n + c).collect())
            .collect();
        let mut of_cell = vec![Vec::new(); n * n];
        let words = (n * n).div_ceil(64);
        let mut member = vec![vec![0u64; words]; cells.len()];
        for (h, cs) in cells.iter().enumerate() {
            for &c in cs {
                of_cell[c].push(h);
                member[h][c / 64] |= 1 << (c % 64);
            }
        }
        Houses {
            cells,
            of_cell,
            member,
        }
    }

    fn holds(&self, h: usize, cell: usize) -> bool {
        self.member[h][cell / 64] >> (cell % 64) & 1 == 1
    }
}

/// Locked candidates and subsets, with propagation between, to a fixpoint. True when
/// something was eliminated.
pub fn basic_to_fixpoint(logic: &mut Logic, budget: &Budget) -> Result<bool, ProbeEnd> {
    let houses = Houses::new(logic);
    let mut ad = AllDiff::default();
    let mut any = false;
    loop {
        if let Some(r) = budget.stop_reason() {
            return Err(ProbeEnd::Stopped(r));
        }
        let progress = locked(logic, &houses)? | subsets(logic, &houses, &mut ad)?;
        any |= progress;
        if !progress || logic.solved() {
            return Ok(any);
        }
    }
}

/// Removes value `v` from cell `cell` and propagates.
fn eliminate(logic: &mut Logic, cell: usize, v: u16) -> Result<(), ProbeEnd> {
    let n = logic.shape().n();
    let lit = logic.lit(cell / n, cell % n, v);
    let p = logic.propagator_mut();
    if p.is_false(lit) {
        return Ok(());
    }
    p.assume(!lit).map_err(ProbeEnd::Conflict)?;
    match p.propagate() {
        Some(c) => Err(ProbeEnd::Conflict(c)),
        None => Ok(()),
    }
}

/// True when `cell` may still hold `v` and holds nothing yet.
fn open_candidate(logic: &Logic, cell: usize, v: u16) -> bool {
    let n = logic.shape().n();
    let (r, c) = (cell / n, cell % n);
    logic.fixed(r, c).is_none() && !logic.propagator().is_false(logic.lit(r, c, v))
}

/// One sweep of locked candidates over every house and value.
fn locked(logic: &mut Logic, houses: &Houses) -> Result<bool, ProbeEnd> {
    let n = logic.shape().n();
    let mut progress = false;
    for (a, cells) in houses.cells.iter().enumerate() {
        for v in 1..=n as u16 {
            let placed = cells.iter().any(|&c| logic.fixed(c / n, c % n) == Some(v));
            let spots: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| open_candidate(logic, c, v))
                .collect();
            if placed || spots.len() < 2 {
                continue;
            }
            for &b in &houses.of_cell[spots[0]] {
                if b == a || !spots.iter().all(|&c| houses.holds(b, c)) {
                    continue;
                }
                for &c in &houses.cells[b] {
                    if !houses.holds(a, c) && open_candidate(logic, c, v) {
                        eliminate(logic, c, v)?;
                        progress = true;
                    }
                }
            }
        }
    }
    Ok(progress)
}

/// One sweep of subsets: arc consistency on every house's all-different.
fn subsets(logic: &mut Logic, houses: &Houses, ad: &mut AllDiff) -> Result<bool, ProbeEnd> {
    let n = logic.shape().n();
    let mut progress = false;
    let mut out = Vec::new();
    for cells in &houses.cells {
        let open: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| logic.fixed(c / n, c % n).is_none())
            .collect();
        if open.len() < 3 {
            continue;
        }
        let values: Vec<u16> = (1..=n as u16)
            .filter(|&v| !cells.iter().any(|&c| logic.fixed(c / n, c % n) == Some(v)))
            .collect();
        ad.reset(open.len());
        for (i, &c) in open.iter().enumerate() {
            for (j, &v) in values.iter().enumerate() {
                if open_candidate(logic, c, v) {
                    ad.edge(i, j);
                }
            }
        }
        out.clear();
        if ad.prune(values.len(), &mut out).is_none() {
            // No completion of the house: the puzzle has no solution.
            return Err(ProbeEnd::Conflict(Conflict { clause: None }));
        }
        for &(i, j) in &out {
            let (c, v) = (open[i as usize], values[j as usize]);
            if open_candidate(logic, c, v) {
                eliminate(logic, c, v)?;
                progress = true;
            }
        }
    }
    Ok(progress)
}
