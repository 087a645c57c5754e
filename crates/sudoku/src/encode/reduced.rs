//! The reduced encoding: `extended` restricted to the candidates that are left, with
//! variables only for the candidates of empty cells (after Kwon & Jain 2006), less the
//! clauses other clauses imply (duplicate box pairs; the boxes' at-least-one clauses
//! below `BOX_ALO_MIN_SIDE`).

use super::full::Families;
use super::{
    BASE_BYTES, CLAUSE_BYTES, CellVars, Encoded, Encoding, LITERAL_BYTES, VARIABLE_BYTES, namer,
};
use crate::model::candidates::Candidates;
use crate::model::house::{House, HouseKind};
use crate::model::symbols::Alphabet;
use gridsat_sat::amo::{at_least_one, at_most_one};
use gridsat_sat::{AmoEncoding, Budget, Formula, Lit, StopReason, Var};
use std::sync::Arc;

/// An upper bound, in bytes, of what the reduced encoding of `cand` takes to build and
/// to load into a solver: counted from the candidates alone, before anything is built,
/// so that a request too large can be refused.
pub fn reduced_bytes(cand: &Candidates, amo: AmoEncoding) -> u64 {
    let shape = cand.shape();
    let n = shape.n();
    let pairwise = amo == AmoEncoding::Pairwise;
    let group = |k: u64| -> (u64, u64) {
        if pairwise {
            let pairs = k * k.saturating_sub(1) / 2;
            (1 + pairs, k + 2 * pairs)
        } else {
            (1 + 4 * k, 4 * k + 8 * k)
        }
    };
    let (mut clauses, mut literals, mut vars) = (0u64, 0u64, 0u64);
    let mut sum = vec![0u64; 3 * n];
    let mut open = vec![0u64; 3 * n];
    for cell in 0..n * n {
        if cand.placed(cell) != 0 {
            continue;
        }
        let k = cand.count(cell) as u64;
        let (c, l) = group(k);
        (clauses, literals, vars) = (clauses + c, literals + l, vars + k);
        let (r, col) = (cell / n, cell % n);
        for h in [r, n + col, 2 * n + shape.box_of(r, col)] {
            sum[h] += k;
            open[h] += 1;
        }
    }
    // A house's groups (one per missing value) have Σ m = the house's candidates and
    // each m ≤ its open cells, so Σ m(m−1)/2 ≤ (open − 1)·Σ m / 2.
    for h in 0..3 * n {
        let (pairs, lits) = if pairwise {
            (
                open[h].saturating_sub(1) * sum[h] / 2,
                sum[h] + open[h].saturating_sub(1) * sum[h],
            )
        } else {
            (4 * sum[h], 12 * sum[h])
        };
        clauses += pairs + n as u64;
        literals += lits;
    }
    clauses * CLAUSE_BYTES + literals * LITERAL_BYTES + vars * VARIABLE_BYTES + BASE_BYTES
}

/// [`reduced_bytes`] with each house's groups counted one by one (a pass over every
/// candidate) instead of bounded from the house's totals: as honest, and far tighter
/// for pairwise at-most-one where a house has many open cells but each value few
/// places (a window of bands of a nearly filled giant).
pub fn reduced_bytes_counted(cand: &Candidates, amo: AmoEncoding) -> u64 {
    if amo != AmoEncoding::Pairwise {
        return reduced_bytes(cand, amo);
    }
    let shape = cand.shape();
    let n = shape.n();
    // places[h·N + v − 1]: the open cells of house h that can take v.
    let mut places = vec![0u64; 3 * n * n];
    let (mut clauses, mut literals, mut vars) = (0u64, 0u64, 0u64);
    for cell in (0..n * n).filter(|&c| cand.placed(c) == 0) {
        let k = cand.count(cell) as u64;
        let pairs = k * k.saturating_sub(1) / 2;
        (clauses, literals, vars) = (clauses + 1 + pairs, literals + k + 2 * pairs, vars + k);
        let (r, c) = (cell / n, cell % n);
        for v in cand.values(cell) {
            for h in [r, n + c, 2 * n + shape.box_of(r, c)] {
                places[h * n + v as usize - 1] += 1;
            }
        }
    }
    for m in places {
        let pairs = m * m.saturating_sub(1) / 2;
        clauses += 1 + pairs;
        literals += m + 2 * pairs;
    }
    clauses * CLAUSE_BYTES + literals * LITERAL_BYTES + vars * VARIABLE_BYTES + BASE_BYTES
}

/// Boxes get at-least-one clauses from this side on. They follow from the rows' and
/// the boxes' other clauses: a band of R rows (R × C boxes) holds each value R times,
/// once a row, in its R boxes, each at most once (a value placed in a box is no
/// candidate of its other cells), so once in each. Unit propagation then misses a
/// hidden single in a box until the rows settle it, but on 9×9 grids the fewer
/// clauses pay: hardest-1106 4% fewer instructions end to end (92.8 conflicts a
/// puzzle instead of 91.8); on a 64×64 the clauses pay for themselves (33 s with,
/// 42 s without), so larger grids keep them.
const BOX_ALO_MIN_SIDE: usize = 16;

/// Makes room in `f` for an at-least-one clause and pairwise at-most-one clauses over
/// each group of these sizes (an upper bound for the reduced encoding, which leaves
/// duplicates out); growing the clause store step by step was 2% of a hardest-1106 solve.
/// Other at-most-one encodings write fewer clauses and get no hint.
fn reserve_pairwise(f: &mut Formula, amo: AmoEncoding, groups: impl Iterator<Item = usize>) {
    if amo != AmoEncoding::Pairwise {
        return;
    }
    let (mut clauses, mut literals) = (0, 0);
    for k in groups {
        let pairs = k * k.saturating_sub(1) / 2;
        clauses += 1 + pairs;
        literals += k + 2 * pairs;
    }
    f.reserve(clauses, literals);
}

/// Where the candidate variables of the empty cells live: cell i's candidates are
/// `values[start[i]..start[i] + len[i]]`, its variables the same indices after the
/// block's first variable.
struct Layout {
    placed: Vec<u16>,
    len: Vec<u16>,
    start: Vec<u32>,
    values: Vec<u16>,
    /// The cell of each candidate variable.
    cells_of_var: Vec<u32>,
    /// The empty cells, row-major.
    order: Vec<u32>,
}

/// One group of a house: the house, a value not placed in it, and the literals of the
/// cells that can still take it (row-major).
type Group = (House, u16, Vec<Lit>);

/// Numbers the candidates of the empty cells, row-major; ordering variables by
/// candidate count (most constrained first) was measured and gave no fewer conflicts.
fn layout(cand: &Candidates) -> Layout {
    let n = cand.shape().n();
    let mut placed = Vec::with_capacity(n * n);
    let mut len = Vec::with_capacity(n * n);
    for cell in 0..n * n {
        let p = cand.placed(cell);
        placed.push(p);
        len.push(if p == 0 { cand.count(cell) as u16 } else { 0 });
    }
    let order: Vec<u32> = (0..(n * n) as u32)
        .filter(|&c| placed[c as usize] == 0)
        .collect();
    let mut start = vec![0u32; n * n];
    let mut values: Vec<u16> =
        Vec::with_capacity(order.iter().map(|&c| len[c as usize] as usize).sum());
    let mut cells_of_var: Vec<u32> = Vec::with_capacity(values.capacity());
    for &c in &order {
        start[c as usize] = values.len() as u32;
        values.extend(cand.values(c as usize));
        cells_of_var.extend(std::iter::repeat_n(c, len[c as usize] as usize));
    }
    Layout {
        placed,
        len,
        start,
        values,
        cells_of_var,
        order,
    }
}

/// The reduced encoding over the candidates left in `cand`: variables only for the
/// candidates of empty cells, exactly-one per cell and per (house, missing value).
/// A cell or house with no candidate left yields an empty clause.
pub fn encode_candidates(
    cand: &Candidates,
    amo: AmoEncoding,
    alphabet: Option<Alphabet>,
) -> Encoded {
    encode_candidates_within(cand, amo, alphabet, &Budget::unlimited())
        .expect("no budget to run out")
}

/// [`encode_candidates`], asking `budget` at every cell and group (building the
/// formula of a giant grid takes seconds): what stopped it, when it ran out.
pub fn encode_candidates_within(
    cand: &Candidates,
    amo: AmoEncoding,
    alphabet: Option<Alphabet>,
    budget: &Budget,
) -> Result<Encoded, StopReason> {
    let shape = cand.shape();
    let n = shape.n();
    let mut lay = layout(cand);
    let mut f = Formula::new();
    let name = namer(alphabet);
    let cells_of_var = Arc::new(std::mem::take(&mut lay.cells_of_var));
    let meaning = (Arc::clone(&cells_of_var), lay.values.clone());
    let block = f.new_named_block("x", &[lay.values.len() as u32], move |i| {
        let (cell, v) = (meaning.0[i[0] as usize], meaning.1[i[0] as usize]);
        name(cell / n as u32, cell % n as u32, v)
    });
    let first = block.first().get();
    let fam = Families::new(&mut f, Encoding::Reduced);
    cell_clauses(&mut f, &fam, &lay, (first, n), amo, budget)?;
    let groups = house_groups(cand, &lay, first);
    let lines = Lines::new(&groups, &cells_of_var, first, n);
    house_clauses(&mut f, &fam, &groups, &lines, amo, budget)?;
    let vars = CellVars::Sparse {
        shape,
        placed: lay.placed,
        start: lay.start,
        len: lay.len,
        values: lay.values,
        first,
    };
    Ok(Encoded {
        formula: f,
        vars,
        assumptions: Vec::new(),
    })
}

/// `Err` once the budget is spent. A step (a cell or a house's group) writes up to
/// N(N−1)/2 clauses, milliseconds on a big grid, so from 64×64 on the budget is asked
/// at every step; on smaller grids every `4096 / N²`th (about 2,000 clauses apart):
/// a 9×9 formula takes microseconds, and its 300 clock reads were half of the 0.9%
/// of hardest-1106's instructions that this and the batsat backend's reads cost.
#[inline]
fn check(step: usize, n: usize, budget: &Budget) -> Result<(), StopReason> {
    if step % (4096 / (n * n)).max(1) != 0 {
        return Ok(());
    }
    budget.stop_reason().map_or(Ok(()), Err)
}

/// Every empty cell's at-least-one clause, then its at-most-one clauses.
fn cell_clauses(
    f: &mut Formula,
    fam: &Families,
    lay: &Layout,
    (first, n): (u32, usize),
    amo: AmoEncoding,
    budget: &Budget,
) -> Result<(), StopReason> {
    let mut buf: Vec<Lit> = Vec::with_capacity(n);
    reserve_pairwise(
        f,
        amo,
        lay.order.iter().map(|&c| lay.len[c as usize] as usize),
    );
    for pass in 0..2 {
        for cell in 0..n * n {
            check(cell, n, budget)?;
            if lay.placed[cell] != 0 {
                continue;
            }
            buf.clear();
            let k0 = lay.start[cell];
            buf.extend((k0..k0 + lay.len[cell] as u32).map(|k| Var::new(first + k).pos()));
            if pass == 0 {
                at_least_one(f, fam.cell_alo, &buf);
            } else {
                at_most_one(f, fam.cell_amo, &buf, amo);
            }
        }
    }
    Ok(())
}

/// The (house, missing value) groups: per house, the candidate variables bucketed by
/// value, for the values not placed in it.
fn house_groups(cand: &Candidates, lay: &Layout, first: u32) -> Vec<Group> {
    let shape = cand.shape();
    let n = shape.n();
    let mut buckets: Vec<Vec<Lit>> = vec![Vec::new(); n + 1];
    let mut present = vec![false; n + 1];
    let mut groups: Vec<Group> = Vec::new();
    for h in shape.houses() {
        for b in buckets.iter_mut() {
            b.clear();
        }
        present.fill(false);
        for (r, c) in shape.house_cells(h) {
            let cell = r * n + c;
            if lay.placed[cell] != 0 {
                present[lay.placed[cell] as usize] = true;
                continue;
            }
            for j in lay.start[cell]..lay.start[cell] + lay.len[cell] as u32 {
                buckets[lay.values[j as usize] as usize].push(Var::new(first + j).pos());
            }
        }
        for v in 1..=n {
            if !present[v] {
                groups.push((h, v as u16, std::mem::take(&mut buckets[v])));
            }
        }
    }
    groups
}

/// 0 for rows, 1 for columns, 2 for boxes.
fn kind(h: House) -> usize {
    match h {
        House::Row(_) => 0,
        House::Col(_) => 1,
        _ => 2,
    }
}

/// Which cell each literal stands for, and the row and column groups by (line, value):
/// what leaving out the duplicate clauses needs.
struct Lines<'a> {
    cells_of_var: &'a [u32],
    first: u32,
    n: usize,
    /// Rows then columns: the index of the group of (line, value), if the value is open.
    index: Vec<u32>,
}

impl<'a> Lines<'a> {
    fn new(groups: &[Group], cells_of_var: &'a [u32], first: u32, n: usize) -> Lines<'a> {
        let mut index = vec![u32::MAX; 2 * n * (n + 1)];
        for (i, (h, v, _)) in groups.iter().enumerate() {
            if kind(*h) < 2 {
                index[Lines::slot(*h, n) * (n + 1) + *v as usize] = i as u32;
            }
        }
        Lines {
            cells_of_var,
            first,
            n,
            index,
        }
    }

    fn slot(h: House, n: usize) -> usize {
        match h {
            House::Row(r) => r,
            House::Col(c) => n + c,
            _ => unreachable!("lines only"),
        }
    }

    #[inline]
    fn cell(&self, l: &Lit) -> usize {
        self.cells_of_var[(l.var().get() - self.first) as usize] as usize
    }

    /// The group of the row or column that holds every literal of `lits`, for value `v`.
    fn line_group(&self, lits: &[Lit], v: u16) -> Option<usize> {
        let n = self.n;
        let (r0, c0) = (self.cell(&lits[0]) / n, self.cell(&lits[0]) % n);
        let h = if lits.iter().all(|l| self.cell(l) / n == r0) {
            House::Row(r0)
        } else if lits.iter().all(|l| self.cell(l) % n == c0) {
            House::Col(c0)
        } else {
            return None;
        };
        let at = self.index[(Lines::slot(h, n) * (n + 1)) + v as usize];
        (at != u32::MAX).then_some(at as usize)
    }
}

/// Family by family: every group's at-most-one clauses, then the at-least-one clauses.
///
/// A pair of box cells in one row or column is already excluded by that row's or
/// column's clauses, and a box whose candidates for a value lie in one line has the
/// line's at-least-one clause when the line has no other candidate for it (what
/// box–line deduction leaves): such duplicates are left out (13% of the clauses of a
/// hardest-1106 puzzle; fewer watches to visit). Below [`BOX_ALO_MIN_SIDE`] no box
/// has an at-least-one clause (see there).
fn house_clauses(
    f: &mut Formula,
    fam: &Families,
    groups: &[Group],
    lines: &Lines,
    amo: AmoEncoding,
    budget: &Budget,
) -> Result<(), StopReason> {
    let n = lines.n;
    reserve_pairwise(f, amo, groups.iter().map(|g| g.2.len()));
    let kinds = [HouseKind::Row, HouseKind::Column, HouseKind::Box];
    let amo_fam = kinds.map(|h| fam.amo(f, h));
    let alo_fam = kinds.map(|h| fam.alo(f, h));
    for (i, (h, _, lits)) in groups.iter().enumerate() {
        check(i, n, budget)?;
        let family = amo_fam[kind(*h)];
        if kind(*h) == 2 && amo == AmoEncoding::Pairwise {
            for (i, a) in lits.iter().enumerate() {
                let (ra, ca) = (lines.cell(a) / n, lines.cell(a) % n);
                for b in &lits[i + 1..] {
                    if lines.cell(b) / n != ra && lines.cell(b) % n != ca {
                        f.add_clause(family, &[!*a, !*b]);
                    }
                }
            }
        } else {
            at_most_one(f, family, lits, amo);
        }
    }
    for (h, v, lits) in groups {
        if kind(*h) == 2
            && !lits.is_empty()
            && (n < BOX_ALO_MIN_SIDE
                || lines
                    .line_group(lits, *v)
                    .is_some_and(|g| groups[g].2 == *lits))
        {
            continue;
        }
        at_least_one(f, alo_fam[kind(*h)], lits);
    }
    Ok(())
}
