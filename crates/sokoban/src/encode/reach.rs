//! Player reachability inside one push step, in two encodings that cannot be
//! self-supporting: BFS layers, and lazily added loop formulas.
//!
//! In both, `at(c,t)` is "the player stands on `c` when step `t` begins" (the cell the
//! box left in step `t−1`), and a box-free cell is reachable when it is `at` or next to
//! a reachable cell. Both encodings also force every truly reachable cell to be marked
//! (closure), so the marks are exactly the player's region.

use super::few::Few;
use crate::halt::Guard;
use crate::model::Board;
use gridsat_sat::{Block, FamilyId, Formula, Lit};
use std::sync::Arc;

gridsat_sat::named_enum! {
    /// Which reachability encoding the push encoding uses.
    #[non_exhaustive]
    pub enum Reach ("reachability encoding") default Loops {
        /// Lazily added loop formulas (unfounded sets excluded on demand)
        Loops = "loops",
        /// BFS layers: reachable within k steps
        Layers = "layers",
    }
}

// `Loops`: `reach(c,t)` with completion and closure clauses; unfounded sets that a
// model uses are excluded on demand by loop formulas (the default: measured faster).
// `Layers`: `reach(c,t,k)`, reachable within `k` steps, for `k = 0…K` (K = free
// cells − 1): exact, no refinement, but `K` times larger.

/// The region's adjacency and names, shared by the encoders.
pub struct Grid {
    /// Neighbours of each cell, in direction order.
    pub nb: Vec<Few>,
    /// (row, column) of each cell, 1-based.
    pub coords: Arc<Vec<(usize, usize)>>,
}

impl Grid {
    /// No cells (an encoding stopped before it built its grid).
    pub fn empty() -> Grid {
        Grid {
            nb: Vec::new(),
            coords: Arc::new(Vec::new()),
        }
    }

    /// The region of a board: its neighbour lists and cell coordinates.
    pub fn of(board: &Board) -> Grid {
        Grid {
            nb: board
                .nb
                .iter()
                .map(|a| {
                    let mut f = Few::default();
                    a.iter().flatten().for_each(|&m| f.push(m));
                    f
                })
                .collect(),
            coords: Arc::new((0..board.len() as u32).map(|c| board.coords(c)).collect()),
        }
    }
}

/// The reachability variables of one step.
#[derive(Clone, Copy, Debug)]
pub struct StepReach {
    block: Block,
    layers: u32,
}

impl StepReach {
    /// "c is reachable" at this step (the last layer).
    pub fn reach(&self, c: u32) -> Lit {
        self.block.var(&[c, self.layers - 1]).pos()
    }
}

/// Adds the reachability variables and clauses of step `t`.
///
/// `at[c]` lists literals whose disjunction means "the player stands on c" (empty:
/// never); `free[c]` is the literal "no box on c". With `fixed` the caller sets the
/// marks by unit clauses (the initial step) and only the variables are made. Stops
/// short when `guard` trips.
#[allow(clippy::too_many_arguments)]
pub fn add_step(
    f: &mut Formula,
    fam: FamilyId,
    grid: &Grid,
    t: usize,
    kind: Reach,
    at: &[Vec<Lit>],
    free: &[Lit],
    max_dist: u32,
    fixed: bool,
    guard: &mut Guard,
) -> StepReach {
    let n = grid.nb.len() as u32;
    let layers = match kind {
        Reach::Layers => max_dist + 1,
        Reach::Loops => 1,
    };
    let coords = grid.coords.clone();
    let block = f.new_named_block(&format!("reach t={t}"), &[n, layers], move |i| {
        let (r, c) = coords[i[0] as usize];
        if layers == 1 {
            format!("player reaches ({r},{c}) at t={t}")
        } else {
            format!("player reaches ({r},{c}) within {} steps at t={t}", i[1])
        }
    });
    let v = |c: u32, k: u32| block.var(&[c, k]).pos();
    if fixed {
        return StepReach { block, layers };
    }
    for c in 0..n {
        let cu = c as usize;
        for k in 0..layers {
            if !guard.tick(f) {
                return StepReach { block, layers };
            }
            let x = v(c, k);
            // Only box-free cells are reachable.
            f.add_clause(fam, &[!x, free[cu]]);
            // Support: the player stands here, or (one layer earlier) here or a neighbour.
            let mut support = vec![!x];
            support.extend_from_slice(&at[cu]);
            if kind == Reach::Loops || k > 0 {
                let prev = if kind == Reach::Loops { k } else { k - 1 };
                if kind == Reach::Layers {
                    support.push(v(c, prev));
                }
                for &m in &grid.nb[cu] {
                    support.push(v(m, prev));
                }
            }
            f.add_clause(fam, &support);
            // Closure: standing here, or next to a reachable cell while free, marks it.
            for &a in &at[cu] {
                f.add_clause(fam, &[!a, x]);
            }
            if kind == Reach::Layers && k > 0 {
                f.add_clause(fam, &[!v(c, k - 1), x]);
            }
            if kind == Reach::Loops || k > 0 {
                let prev = if kind == Reach::Loops { k } else { k - 1 };
                for &m in &grid.nb[cu] {
                    f.add_clause(fam, &[!v(m, prev), !free[cu], x]);
                }
            }
        }
    }
    StepReach { block, layers }
}

/// Adds the loop formula of the cell set `set` at one step: if any cell of the set is
/// reachable, the player stands in it or a reachable cell borders it.
pub fn add_loop_formula(
    f: &mut Formula,
    fam: FamilyId,
    grid: &Grid,
    step: &StepReach,
    set: &[u32],
    at: &[Vec<Lit>],
    name: &str,
) {
    let mut inside = vec![false; grid.nb.len()];
    for &c in set {
        inside[c as usize] = true;
    }
    let mut ext: Vec<Lit> = Vec::new();
    for &c in set {
        ext.extend_from_slice(&at[c as usize]);
        for &m in &grid.nb[c as usize] {
            if !inside[m as usize] {
                let l = step.reach(m);
                if !ext.contains(&l) {
                    ext.push(l);
                }
            }
        }
    }
    let a = f.new_var(name).pos();
    let mut clause = vec![!a];
    clause.extend(ext);
    f.add_clause(fam, &clause);
    for &c in set {
        f.add_clause(fam, &[!step.reach(c), a]);
    }
}
