//! The reduced encoding: `extended` restricted to the candidates that are left, with
//! variables only for the candidates of empty cells (after Kwon & Jain 2006).

use super::full::Families;
use super::{CellVars, Encoded, Encoding, namer};
use crate::model::candidates::Candidates;
use crate::model::house::{House, HouseKind};
use crate::model::symbols::Alphabet;
use gridsat_sat::amo::{at_least_one, at_most_one};
use gridsat_sat::{AmoEncoding, Formula, Lit, Var};
use std::sync::Arc;

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

/// The reduced encoding over the candidates left in `cand`: variables only for the
/// candidates of empty cells, exactly-one per cell and per (house, missing value).
/// A cell or house with no candidate left yields an empty clause.
pub fn encode_candidates(
    cand: &Candidates,
    amo: AmoEncoding,
    alphabet: Option<Alphabet>,
) -> Encoded {
    let shape = cand.shape();
    let n = shape.n();
    let mut placed = Vec::with_capacity(n * n);
    let mut len = Vec::with_capacity(n * n);
    for cell in 0..n * n {
        let p = cand.placed(cell);
        placed.push(p);
        len.push(if p == 0 { cand.count(cell) as u16 } else { 0 });
    }
    // Row-major numbering; ordering variables by candidate count (most constrained
    // first) was measured and gave no fewer conflicts.
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
    let mut f = Formula::new();
    let name = namer(alphabet);
    let meaning: Arc<(Vec<u32>, Vec<u16>)> = Arc::new((cells_of_var, values.clone()));
    let cell_of = Arc::clone(&meaning);
    let block = f.new_named_block("x", &[values.len() as u32], move |i| {
        let (cell, v) = (meaning.0[i[0] as usize], meaning.1[i[0] as usize]);
        name(cell / n as u32, cell % n as u32, v)
    });
    let first = block.first().get();
    let fam = Families::new(&mut f, Encoding::Reduced);
    let mut buf: Vec<Lit> = Vec::with_capacity(n);
    reserve_pairwise(&mut f, amo, order.iter().map(|&c| len[c as usize] as usize));
    for pass in 0..2 {
        for cell in 0..n * n {
            if placed[cell] != 0 {
                continue;
            }
            buf.clear();
            let k0 = start[cell];
            buf.extend((k0..k0 + len[cell] as u32).map(|k| Var::new(first + k).pos()));
            if pass == 0 {
                at_least_one(&mut f, fam.cell_alo, &buf);
            } else {
                at_most_one(&mut f, fam.cell_amo, &buf, amo);
            }
        }
    }
    // Per house: bucket the candidate variables by value.
    let mut buckets: Vec<Vec<Lit>> = vec![Vec::new(); n + 1];
    let mut present = vec![false; n + 1];
    // (house, value, candidate literals in row-major cell order)
    let mut groups: Vec<(House, u16, Vec<Lit>)> = Vec::new();
    for h in shape.houses() {
        for b in buckets.iter_mut() {
            b.clear();
        }
        present.fill(false);
        for (r, c) in shape.house_cells(h) {
            let cell = r * n + c;
            if placed[cell] != 0 {
                present[placed[cell] as usize] = true;
                continue;
            }
            for j in start[cell]..start[cell] + len[cell] as u32 {
                buckets[values[j as usize] as usize].push(Var::new(first + j).pos());
            }
        }
        for v in 1..=n {
            if !present[v] {
                groups.push((h, v as u16, std::mem::take(&mut buckets[v])));
            }
        }
    }
    // Emit family by family: all at-most-one groups, then all at-least-one clauses.
    reserve_pairwise(&mut f, amo, groups.iter().map(|g| g.2.len()));
    let kinds = [HouseKind::Row, HouseKind::Column, HouseKind::Box];
    let amo_fam = kinds.map(|h| fam.amo(&mut f, h));
    let alo_fam = kinds.map(|h| fam.alo(&mut f, h));
    let kind = |h: House| match h {
        House::Row(_) => 0,
        House::Col(_) => 1,
        _ => 2,
    };
    // A pair of box cells in one row or column is already excluded by that row's or
    // column's clauses, and a box whose candidates for a value lie in one line has the
    // line's at-least-one clause when the line has no other candidate for it (what
    // box–line deduction leaves): such duplicates are left out (13% of the clauses of
    // a hardest-1106 puzzle; fewer watches to visit).
    let cell = |l: &Lit| cell_of.0[(l.var().get() - first) as usize] as usize;
    // Rows then columns: the group of (line, value), if the value is open there.
    let h_slot = |h: House| match h {
        House::Row(r) => r,
        House::Col(c) => n + c,
        _ => unreachable!("lines only"),
    };
    let mut line_index = vec![u32::MAX; 2 * n * (n + 1)];
    for (i, (h, v, _)) in groups.iter().enumerate() {
        if kind(*h) < 2 {
            line_index[h_slot(*h) * (n + 1) + *v as usize] = i as u32;
        }
    }
    let line_group = |lits: &[Lit], v: u16| -> Option<usize> {
        let (r0, c0) = (cell(&lits[0]) / n, cell(&lits[0]) % n);
        let h = if lits.iter().all(|l| cell(l) / n == r0) {
            House::Row(r0)
        } else if lits.iter().all(|l| cell(l) % n == c0) {
            House::Col(c0)
        } else {
            return None;
        };
        let at = line_index[(h_slot(h) * (n + 1)) + v as usize];
        (at != u32::MAX).then_some(at as usize)
    };
    for (h, _, lits) in &groups {
        let family = amo_fam[kind(*h)];
        if kind(*h) == 2 && amo == AmoEncoding::Pairwise {
            for (i, a) in lits.iter().enumerate() {
                let (ra, ca) = (cell(a) / n, cell(a) % n);
                for b in &lits[i + 1..] {
                    if cell(b) / n != ra && cell(b) % n != ca {
                        f.add_clause(family, &[!*a, !*b]);
                    }
                }
            }
        } else {
            at_most_one(&mut f, family, lits, amo);
        }
    }
    for (h, v, lits) in &groups {
        if kind(*h) == 2
            && !lits.is_empty()
            && line_group(lits, *v).is_some_and(|g| groups[g].2 == *lits)
        {
            continue;
        }
        at_least_one(&mut f, alo_fam[kind(*h)], lits);
    }
    let vars = CellVars::Sparse {
        shape,
        placed,
        start,
        len,
        values,
        first,
    };
    Encoded {
        formula: f,
        vars,
        assumptions: Vec::new(),
    }
}

