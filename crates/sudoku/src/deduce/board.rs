//! The bitset board behind deduction: candidate masks, per-house value counts and the
//! queues of singles, with the steps (singles, box–line, subsets, probing) on top.

use super::alldiff::AllDiff;
use crate::model::candidates::Candidates;
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use gridsat_sat::{Budget, StopReason};

/// A contradiction was found.
#[derive(Debug)]
pub(super) struct Dead;

/// Candidate masks (W words per cell), per-house value counts and the queues.
///
/// `count[h·(N+1) + v]` is the number of cells of house `h` whose candidates include
/// `v` (a placed cell keeps its value). An elimination updates three counters; a count
/// of 1 queues a hidden single, a count of 0 is a contradiction. No house is rescanned.
#[derive(Clone)]
pub(super) struct Board<'g, const W: usize> {
    g: &'g Geometry,
    budget: &'g Budget,
    /// Set when the budget stopped a step (the board is then consistent but not at
    /// its fixpoint).
    pub(super) stopped: Option<StopReason>,
    cand: Vec<[u64; W]>,
    pub(super) placed: Vec<u16>,
    pub(super) unplaced: usize,
    count: Vec<u16>,
    naked: Vec<u32>,
    hidden: Vec<(u32, u16)>,
    /// Houses whose candidates changed since their last subset check.
    touched: Vec<bool>,
}

#[inline]
fn has<const W: usize>(m: &[u64; W], v: u16) -> bool {
    let i = (v - 1) as usize;
    m[i / 64] >> (i % 64) & 1 == 1
}

#[inline]
pub(super) fn count<const W: usize>(m: &[u64; W]) -> u32 {
    m.iter().map(|w| w.count_ones()).sum()
}

#[inline]
fn first<const W: usize>(m: &[u64; W]) -> Option<u16> {
    m.iter()
        .enumerate()
        .find(|(_, w)| **w != 0)
        .map(|(k, w)| (k * 64 + w.trailing_zeros() as usize + 1) as u16)
}

#[inline]
fn single<const W: usize>(v: u16) -> [u64; W] {
    let mut m = [0u64; W];
    let i = (v - 1) as usize;
    m[i / 64] = 1 << (i % 64);
    m
}

/// Calls `f` for every value in the mask.
#[inline]
pub(super) fn for_each<const W: usize>(m: &[u64; W], mut f: impl FnMut(u16)) {
    for (k, &w) in m.iter().enumerate() {
        let mut x = w;
        while x != 0 {
            f((k * 64 + x.trailing_zeros() as usize + 1) as u16);
            x &= x - 1;
        }
    }
}

impl<'g, const W: usize> Board<'g, W> {
    pub(super) fn new(g: &'g Geometry, budget: &'g Budget) -> Self {
        let n = g.n();
        Board {
            g,
            budget,
            stopped: None,
            cand: vec![[0u64; W]; n * n],
            placed: vec![0; n * n],
            unplaced: n * n,
            count: vec![0; g.num_houses() * (n + 1)],
            naked: Vec::new(),
            hidden: Vec::new(),
            touched: vec![true; g.num_houses()],
        }
    }

    pub(super) fn copy_from(&mut self, other: &Self) {
        self.stopped = other.stopped;
        self.cand.copy_from_slice(&other.cand);
        self.placed.copy_from_slice(&other.placed);
        self.unplaced = other.unplaced;
        self.count.copy_from_slice(&other.count);
        self.naked.clear();
        self.naked.extend_from_slice(&other.naked);
        self.hidden.clear();
        self.hidden.extend_from_slice(&other.hidden);
        self.touched.copy_from_slice(&other.touched);
    }

    /// Places the givens in one sweep: each house's used values are collected once and
    /// removed from its empty cells (O(N²) words instead of O(givens · N)), then the
    /// counters are filled.
    pub(super) fn place_givens(&mut self, puzzle: &Grid) -> Result<(), Dead> {
        let g = self.g;
        let n = g.n();
        let mut full = [0u64; W];
        for i in 0..n {
            full[i / 64] |= 1 << (i % 64);
        }
        let mut used = vec![[0u64; W]; g.num_houses()];
        for (i, &v) in puzzle.values().iter().enumerate() {
            if v == 0 {
                continue;
            }
            let bit = single::<W>(v);
            for h in g.houses_of(i) {
                let u = &mut used[h as usize];
                for k in 0..W {
                    if u[k] & bit[k] != 0 {
                        return Err(Dead); // the same value twice in a house
                    }
                    u[k] |= bit[k];
                }
            }
            self.placed[i] = v;
            self.cand[i] = bit;
            self.unplaced -= 1;
        }
        for i in 0..self.cand.len() {
            let houses = g.houses_of(i);
            if self.placed[i] == 0 {
                let [a, b, c] = houses;
                let m = &mut self.cand[i];
                for k in 0..W {
                    m[k] = full[k]
                        & !(used[a as usize][k] | used[b as usize][k] | used[c as usize][k]);
                }
                match count(m) {
                    0 => return Err(Dead),
                    1 => self.naked.push(i as u32),
                    _ => {}
                }
            }
            let m = self.cand[i];
            let count = &mut self.count;
            for_each(&m, |v| {
                for h in houses {
                    count[h as usize * (n + 1) + v as usize] += 1;
                }
            });
        }
        for h in 0..g.num_houses() {
            for v in 1..=n {
                match self.count[h * (n + 1) + v] {
                    0 => return Err(Dead),
                    1 => self.hidden.push((h as u32, v as u16)),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// One fewer cell of house `h` can hold `v`.
    #[inline]
    fn drop_count(&mut self, h: u32, v: u16) -> Result<(), Dead> {
        let n1 = self.g.n() + 1;
        let c = &mut self.count[h as usize * n1 + v as usize];
        *c -= 1;
        match *c {
            0 => Err(Dead),
            1 => {
                self.hidden.push((h, v));
                Ok(())
            }
            _ => Ok(()),
        }
    }

    pub(super) fn place(&mut self, cell: usize, v: u16) -> Result<(), Dead> {
        if self.placed[cell] == v {
            return Ok(());
        }
        if self.placed[cell] != 0 || !has(&self.cand[cell], v) {
            return Err(Dead);
        }
        self.placed[cell] = v;
        self.unplaced -= 1;
        let g = self.g;
        let houses = g.houses_of(cell);
        // The cell's other values go.
        let mut others = self.cand[cell];
        let i = (v - 1) as usize;
        others[i / 64] &= !(1 << (i % 64));
        self.cand[cell] = single(v);
        let mut result = Ok(());
        for_each(&others, |u| {
            for h in houses {
                if result.is_ok() {
                    result = self.drop_count(h, u);
                }
            }
        });
        result?;
        // The value leaves the peers.
        for h in houses {
            for &o in g.house(h as usize) {
                if o as usize != cell {
                    self.eliminate(o as usize, v)?;
                }
            }
        }
        Ok(())
    }

    #[inline]
    pub(super) fn eliminate(&mut self, cell: usize, v: u16) -> Result<(), Dead> {
        let m = &mut self.cand[cell];
        if !has(m, v) {
            return Ok(());
        }
        if self.placed[cell] != 0 {
            return Err(Dead);
        }
        let i = (v - 1) as usize;
        m[i / 64] &= !(1 << (i % 64));
        match count(m) {
            0 => return Err(Dead),
            1 => self.naked.push(cell as u32),
            _ => {}
        }
        for h in self.g.houses_of(cell) {
            self.touched[h as usize] = true;
            self.drop_count(h, v)?;
        }
        Ok(())
    }

    /// True once the budget is spent (and remembered: the steps then end early).
    pub(super) fn out_of_budget(&mut self) -> bool {
        if self.stopped.is_none() {
            self.stopped = self.budget.stop_reason();
        }
        self.stopped.is_some()
    }

    pub(super) fn propagate(&mut self) -> Result<(), Dead> {
        loop {
            if let Some(c) = self.naked.pop() {
                let c = c as usize;
                if self.placed[c] == 0 {
                    let v = first(&self.cand[c]).ok_or(Dead)?;
                    self.place(c, v)?;
                }
                continue;
            }
            if let Some((h, v)) = self.hidden.pop() {
                let cell = self
                    .g
                    .house(h as usize)
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| has(&self.cand[c], v))
                    .ok_or(Dead)?;
                if self.placed[cell] == 0 {
                    self.place(cell, v)?;
                }
                continue;
            }
            return Ok(());
        }
    }

    /// Box–line interactions (locked candidates): when the cells of a box that can hold
    /// v all lie in one row (column), v leaves the rest of that row (column); when those
    /// of a row (column) all lie in one box, v leaves the rest of that box. This is unit
    /// propagation on the encoding extended with mini-row and mini-column variables.
    /// Returns true when something was eliminated.
    pub(super) fn locked(&mut self) -> Result<bool, Dead> {
        const NONE: u32 = u32::MAX;
        const MANY: u32 = u32::MAX - 1;
        let g = self.g;
        let n = g.n();
        let shape = g.shape();
        let mut progress = false;
        // For each house and value: the one row / column / box its candidates share.
        let mut first_a = vec![NONE; n + 1];
        let mut first_b = vec![NONE; n + 1];
        let mut eliminations: Vec<(u32, u16)> = Vec::new();
        for h in 0..g.num_houses() {
            if self.out_of_budget() {
                return Ok(false);
            }
            first_a.fill(NONE);
            first_b.fill(NONE);
            let is_box = h >= 2 * n;
            for &c in g.house(h) {
                let c = c as usize;
                if self.placed[c] != 0 {
                    continue;
                }
                let (r, col) = ((c / n) as u32, (c % n) as u32);
                // Boxes track (row, column); lines track the box.
                let (a, b) = if is_box {
                    (r, col)
                } else {
                    (shape.box_of(r as usize, col as usize) as u32, 0)
                };
                for_each(&self.cand[c], |v| {
                    let v = v as usize;
                    let fa = &mut first_a[v];
                    *fa = if *fa == NONE || *fa == a { a } else { MANY };
                    let fb = &mut first_b[v];
                    *fb = if *fb == NONE || *fb == b { b } else { MANY };
                });
            }
            for v in 1..=n {
                if first_a[v] == NONE || self.count[h * (n + 1) + v] <= 1 {
                    continue;
                }
                // Targets: the line (for a box) or the box (for a line) shared by all.
                let mut targets: [Option<usize>; 2] = [None, None];
                if is_box {
                    if first_a[v] < MANY {
                        targets[0] = Some(first_a[v] as usize); // row index = house
                    }
                    if first_b[v] < MANY {
                        targets[1] = Some(n + first_b[v] as usize); // column house
                    }
                } else if first_a[v] < MANY {
                    targets[0] = Some(2 * n + first_a[v] as usize); // box house
                }
                for t in targets.into_iter().flatten() {
                    for &c in g.house(t) {
                        let c = c as usize;
                        if self.placed[c] == 0
                            && has(&self.cand[c], v as u16)
                            && !g.house(h).contains(&(c as u32))
                        {
                            eliminations.push((c as u32, v as u16));
                        }
                    }
                }
            }
            for (c, v) in eliminations.drain(..) {
                if has(&self.cand[c as usize], v) {
                    self.eliminate(c as usize, v)?;
                    progress = true;
                }
            }
        }
        Ok(progress)
    }

    /// Naked and hidden subsets of every size: generalised arc consistency on each
    /// house's all-different constraint (a value leaves a cell when no completion of the
    /// house puts it there). True when something was eliminated.
    pub(super) fn subsets(&mut self, ad: &mut AllDiff) -> Result<bool, Dead> {
        let g = self.g;
        let n = g.n();
        let mut progress = false;
        let mut cells: Vec<usize> = Vec::with_capacity(n);
        let mut index_of = vec![u32::MAX; n + 1];
        let mut values: Vec<u16> = Vec::with_capacity(n);
        let mut out = Vec::new();
        for h in 0..g.num_houses() {
            if !std::mem::take(&mut self.touched[h]) {
                continue;
            }
            if self.out_of_budget() {
                return Ok(false);
            }
            cells.clear();
            values.clear();
            let mut placed = [0u64; W];
            for &c in g.house(h) {
                let c = c as usize;
                if self.placed[c] == 0 {
                    cells.push(c);
                } else {
                    let b = single::<W>(self.placed[c]);
                    for k in 0..W {
                        placed[k] |= b[k];
                    }
                }
            }
            if cells.len() < 3 {
                continue; // singles already cover one or two open cells
            }
            for v in 1..=n as u16 {
                if !has(&placed, v) {
                    index_of[v as usize] = values.len() as u32;
                    values.push(v);
                }
            }
            ad.reset(cells.len());
            for (i, &c) in cells.iter().enumerate() {
                let m = self.cand[c];
                for_each(&m, |v| {
                    let j = index_of[v as usize];
                    if j != u32::MAX {
                        ad.edge(i, j as usize);
                    }
                });
            }
            out.clear();
            ad.prune(values.len(), &mut out).ok_or(Dead)?;
            for &(i, j) in &out {
                let (c, v) = (cells[i as usize], values[j as usize]);
                if has(&self.cand[c], v) {
                    self.eliminate(c, v)?;
                    progress = true;
                }
            }
            for &v in &values {
                index_of[v as usize] = u32::MAX;
            }
        }
        Ok(progress)
    }

    /// Failed-literal probing on cells with at most `width` values, to a fixpoint.
    pub(super) fn probe(&mut self, width: u32) -> Result<(), Dead> {
        let mut scratch = self.clone();
        loop {
            let mut progress = false;
            for cell in 0..self.cand.len() {
                if self.placed[cell] != 0 || count(&self.cand[cell]) > width {
                    continue;
                }
                if self.out_of_budget() {
                    return Ok(());
                }
                let mut mask = self.cand[cell];
                while let Some(v) = first(&mask) {
                    let i = (v - 1) as usize;
                    mask[i / 64] &= !(1 << (i % 64));
                    if self.placed[cell] != 0 || !has(&self.cand[cell], v) {
                        continue;
                    }
                    scratch.copy_from(self);
                    if scratch
                        .place(cell, v)
                        .and_then(|_| scratch.propagate())
                        .is_err()
                    {
                        self.eliminate(cell, v)?;
                        self.propagate()?;
                        progress = true;
                    }
                }
                if self.unplaced == 0 {
                    return Ok(());
                }
            }
            if !progress {
                return Ok(());
            }
        }
    }

    /// How many cells of house `h` can still hold `v`.
    #[inline]
    pub(super) fn places(&self, h: u32, v: u16) -> u16 {
        self.count[h as usize * (self.g.n() + 1) + v as usize]
    }

    /// The candidate mask of `cell`.
    #[inline]
    pub(super) fn mask(&self, cell: usize) -> &[u64; W] {
        &self.cand[cell]
    }

    pub(super) fn into_candidates(self) -> Candidates {
        let n = self.g.n();
        let words = n.div_ceil(64);
        let mut bits = Vec::with_capacity(self.cand.len() * words);
        for m in &self.cand {
            bits.extend_from_slice(&m[..words]);
        }
        Candidates::from_raw(self.g.shape(), words, bits, self.placed)
    }
}
