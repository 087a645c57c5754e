//! Forcing chains, the last resort before search: every value of a cell (cell forcing
//! chains) or every place of a value in a house (region forcing chains) implies the same
//! fact, so the fact holds. Static chains (8.0 and the length rule on all branches
//! together) follow the links of the grid as it stands; dynamic ones (8.5 and the rule)
//! follow the singles as each branch fills the grid, and a branch that breaks the grid
//! refutes its premise.

use super::board::{Board, digits};
use super::links::{Links, Reach, node, reach, unnode};
use super::step::{Technique, TechniqueStep, length_penalty};

/// The chain nodes counted for each placement a dynamic branch makes (the placement and
/// the eliminations that lead to the next single), for SE's length rule; a branch
/// counts one placement more (its premise), a contradiction three (the broken house).
/// Read off SE's ratings of the sample: its dynamic chains rate 8.9-9.2.
const DYNAMIC_NODES: usize = 6;

/// The branches of a forcing chain: the cell's values, or a value's places in a house.
fn branch_sets(b: &Board) -> Vec<(Technique, Vec<(usize, u16)>)> {
    let n = b.n;
    let mut out = Vec::new();
    for c in (0..n * n).filter(|&c| b.value[c] == 0 && b.mask(c).count_ones() >= 2) {
        out.push((
            Technique::CellForcingChain,
            digits(b.mask(c)).map(|v| (c, v)).collect(),
        ));
    }
    for h in 0..b.house_cells.len() {
        for v in 1..=n as u16 {
            let p = b.places(h, v);
            if p.len() >= 2 {
                out.push((
                    Technique::RegionForcingChain,
                    p.into_iter().map(|c| (c, v)).collect(),
                ));
            }
        }
    }
    out
}

/// The step that holds `fact` (a node) for branch set `set`.
fn conclude(n: usize, t: Technique, d: f64, set: &[(usize, u16)], fact: usize) -> TechniqueStep {
    let (c, v, on) = unnode(n, fact);
    let mut s = TechniqueStep::new(t, d);
    if on {
        s.placements.push((c, v));
    } else {
        s.eliminations.push((c, v));
    }
    s.cells = set.iter().map(|p| p.0).collect();
    s.cells.dedup();
    s.values = set.iter().map(|p| p.1).collect();
    s.values.dedup();
    s
}

/// The easiest static cell or region forcing chain.
pub fn static_forcing(b: &Board) -> Option<TechniqueStep> {
    let n = b.n;
    let mut cache: Vec<Option<Reach>> = (0..n * n * n).map(|_| None).collect();
    let mut best: Option<TechniqueStep> = None;
    for (t, set) in branch_sets(b) {
        for &(c, v) in &set {
            let k = c * n + (v - 1) as usize;
            if cache[k].is_none() {
                cache[k] = Some(reach(b, Links::Both, node(n, c, v, true)));
            }
        }
        let reaches: Vec<&Reach> = set
            .iter()
            .map(|&(c, v)| cache[c * n + (v - 1) as usize].as_ref().expect("filled"))
            .collect();
        for fact in 0..n * n * n * 2 {
            let (fc, fv, on) = unnode(n, fact);
            if (on && b.value[fc] != 0) || (!on && !b.has(fc, fv)) {
                continue;
            }
            let mut nodes = 0usize;
            if reaches.iter().any(|r| r.dist[fact] == u16::MAX) {
                continue;
            }
            for r in &reaches {
                nodes += r.dist[fact] as usize + 1;
            }
            let d = 8.0 + length_penalty(nodes);
            if best.as_ref().is_some_and(|s| s.difficulty <= d) {
                continue;
            }
            best = Some(conclude(n, t, d, &set, fact));
        }
    }
    best
}

/// A copy of `b` with `v` placed at `c` and the singles followed: the board and the
/// number of placements made, or `Err` with that number when the grid broke.
fn follow(b: &Board, c: usize, v: u16) -> Result<(Board, usize), usize> {
    let mut x = b.clone();
    x.place(c, v);
    let mut count = 1;
    loop {
        if x.broken() {
            return Err(count);
        }
        let next = super::singles::naked_single(&x)
            .or_else(|| super::singles::hidden_single(&x, true))
            .or_else(|| super::singles::hidden_single(&x, false));
        match next {
            Some(s) => {
                for &(pc, pv) in &s.placements {
                    x.place(pc, pv);
                }
                count += 1;
            }
            None => return Ok((x, count)),
        }
    }
}

/// A branch followed: the board and its placements, or the placements made before it broke.
type Followed = Result<(Board, usize), usize>;

/// The first fact every branch outcome of `outs` agrees on: a value placed in a cell by
/// all, or a candidate of `b` that all removed.
fn agreed(b: &Board, outs: &[&(Board, usize)]) -> Option<usize> {
    let n = b.n;
    for cell in (0..n * n).filter(|&c| b.value[c] == 0) {
        let first = outs[0].0.values()[cell];
        if first != 0 && outs.iter().all(|o| o.0.values()[cell] == first) {
            return Some(node(n, cell, first, true));
        }
        let gone = digits(b.mask(cell)).find(|&v| {
            outs.iter()
                .all(|o| o.0.values()[cell] != v && !o.0.has(cell, v))
        });
        if let Some(v) = gone {
            return Some(node(n, cell, v, false));
        }
    }
    None
}

/// The easiest dynamic forcing chain: a premise that breaks the grid (removed), or a
/// fact every branch of a cell or a house agrees on.
pub fn dynamic_forcing(b: &Board) -> Option<TechniqueStep> {
    let n = b.n;
    let mut cache: Vec<Option<Followed>> = (0..n * n * n).map(|_| None).collect();
    let mut best: Option<TechniqueStep> = None;
    let better = |s: TechniqueStep, best: &mut Option<TechniqueStep>| {
        if best.as_ref().is_none_or(|x| s.difficulty < x.difficulty) {
            *best = Some(s);
        }
    };
    for (_, set) in branch_sets(b) {
        for &(c, v) in &set {
            let k = c * n + (v - 1) as usize;
            if cache[k].is_none() {
                let r = follow(b, c, v);
                if let Err(count) = r {
                    let d = 8.5 + length_penalty(DYNAMIC_NODES * (count + 3));
                    let mut s = TechniqueStep::new(Technique::DynamicForcingChain, d);
                    s.eliminations.push((c, v));
                    s.cells.push(c);
                    s.values.push(v);
                    better(s, &mut best);
                }
                cache[k] = Some(r);
            }
        }
        let outs: Vec<&(Board, usize)> = set
            .iter()
            .filter_map(|&(c, v)| cache[c * n + (v - 1) as usize].as_ref()?.as_ref().ok())
            .collect();
        if outs.is_empty() {
            continue;
        }
        let nodes: usize = outs.iter().map(|o| DYNAMIC_NODES * (o.1 + 1)).sum();
        let d = 8.5 + length_penalty(nodes);
        if best.as_ref().is_some_and(|s| s.difficulty <= d) {
            continue;
        }
        if let Some(fact) = agreed(b, &outs) {
            let t = Technique::DynamicForcingChain;
            better(conclude(n, t, d, &set, fact), &mut best);
        }
    }
    best
}
