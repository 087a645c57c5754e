//! What the push encoding precomputes from the board: candidate pushes, distances, the
//! pushes that undo others, the first pushes symmetry leaves out, the waste counters.

use crate::analysis::{INF, dist_to_goal, push_dist_from, start_symmetries};
use crate::encode::few::Few;
use crate::encode::waste::WasteCounter;
use crate::halt::Guard;
use crate::model::{Board, Dir};
use gridsat_sat::FamilyId;

/// A candidate push: the box on the cell moves in the direction (the cells behind and
/// ahead lie in the region).
pub(super) type Cand = (u32, Dir);

/// The candidate pushes, and per cell the candidates pushing a box off it and onto it.
pub(super) struct Candidates {
    pub cands: Vec<Cand>,
    pub out_of: Vec<Few>,
    pub into: Vec<Few>,
}

impl Candidates {
    /// No candidates (an encoding stopped before it built them).
    pub fn empty() -> Candidates {
        Candidates {
            cands: Vec::new(),
            out_of: Vec::new(),
            into: Vec::new(),
        }
    }

    pub fn new(board: &Board) -> Candidates {
        let n = board.len();
        let mut cands = Vec::new();
        let mut out_of = vec![Few::default(); n];
        let mut into = vec![Few::default(); n];
        for c in 0..n as u32 {
            for d in Dir::ALL {
                let behind = board.nb[c as usize][d.opposite().index()];
                let ahead = board.nb[c as usize][d.index()];
                if let (Some(_), Some(a)) = (behind, ahead) {
                    out_of[c as usize].push(cands.len() as u32);
                    into[a as usize].push(cands.len() as u32);
                    cands.push((c, d));
                }
            }
        }
        Candidates {
            cands,
            out_of,
            into,
        }
    }
}

/// The cell ahead of a candidate push.
fn ahead(board: &Board, (c, d): Cand) -> u32 {
    board.nb[c as usize][d.index()].expect("candidate")
}

/// Push distance from the nearest start box to every cell (as far as the guard lets
/// it get).
pub(super) fn from_start(board: &Board, guard: &mut Guard) -> Vec<u32> {
    let mut from_start = vec![INF; board.len()];
    for &b in &board.boxes {
        if !guard.check_time() {
            break;
        }
        for (c, d) in push_dist_from(board, b).into_iter().enumerate() {
            from_start[c] = from_start[c].min(d);
        }
    }
    from_start
}

/// Per goal: the goal and the push distance from every cell to it (as far as the guard
/// lets it get; it refuses tables beyond the memory budget).
pub(super) fn per_goal(board: &Board, guard: &mut Guard) -> Vec<(u32, Vec<u32>)> {
    let goals = board.goals();
    let bytes = 4 * goals.len() as u64 * board.len() as u64;
    if !guard.admit_bytes(bytes, || format!("push distances to {} goals", goals.len())) {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(goals.len());
    for g in goals {
        if !guard.check_time() {
            break;
        }
        out.push((g, dist_to_goal(board, g)));
    }
    out
}

/// Candidate index of each (cell, direction) push, at `4 * cell + direction`
/// (`u32::MAX` where there is none).
fn cand_index(board: &Board, cands: &[Cand]) -> Vec<u32> {
    let mut index = vec![u32::MAX; 4 * board.len()];
    for (k, &(c, d)) in cands.iter().enumerate() {
        index[4 * c as usize + d.index()] = k as u32;
    }
    index
}

/// The candidate pushes whose orbit under the start symmetries holds a smaller
/// candidate: a plan starting with one of them has a mirror image starting with that
/// smaller one, as long.
pub(super) fn not_first(board: &Board, cands: &[Cand]) -> Vec<u32> {
    let maps = start_symmetries(board);
    if maps.is_empty() {
        return Vec::new();
    }
    let index = cand_index(board, cands);
    let mut out = Vec::new();
    for (k, &(c, d)) in cands.iter().enumerate() {
        let a = ahead(board, (c, d));
        let smaller = maps.iter().any(|m| {
            let (c2, a2) = (m[c as usize], m[a as usize]);
            let d2 = Dir::ALL
                .into_iter()
                .find(|&e| board.nb[c2 as usize][e.index()] == Some(a2))
                .expect("a symmetry maps neighbours to neighbours");
            index[4 * c2 as usize + d2.index()] < k as u32
        });
        if smaller {
            out.push(k as u32);
        }
    }
    out
}

/// Per candidate push `k` whose box can be pushed straight back: `(k, the candidate
/// pushing it back, the cell the box reaches)`.
pub(super) fn undo_pairs(board: &Board, cands: &[Cand]) -> Vec<(u32, u32, u32)> {
    let index = cand_index(board, cands);
    cands
        .iter()
        .enumerate()
        .filter_map(|(k, &(c, d))| {
            let a = ahead(board, (c, d));
            let back = index[4 * a as usize + d.opposite().index()];
            (back != u32::MAX).then_some((k as u32, back, a))
        })
        .collect()
}

/// The waste counters: to the nearest goal (the potential drops from the boxes'
/// distance sum to 0) and from the nearest start box (it rises from 0 to at least the
/// least sum over as many goals as boxes).
pub(super) fn waste_counters(
    board: &Board,
    cands: &[Cand],
    to_goal: &[u32],
    from_start: &[u32],
    fam: FamilyId,
) -> Vec<WasteCounter> {
    let fin = |x: u32| (x != INF).then_some(x);
    let h = to_goal;
    let cost: Vec<Option<u32>> = cands
        .iter()
        .map(|&cd| {
            let (hc, ha) = (fin(h[cd.0 as usize])?, fin(h[ahead(board, cd) as usize])?);
            Some(1 + ha - hc)
        })
        .collect();
    let drop: u32 = board.boxes.iter().map(|&b| h[b as usize]).sum();
    let to_goals = WasteCounter::new("to goals", fam, cost, 1, drop);
    let g = from_start;
    let cost: Vec<Option<u32>> = cands
        .iter()
        .map(|&cd| {
            let (gc, ga) = (fin(g[cd.0 as usize])?, fin(g[ahead(board, cd) as usize])?);
            Some(1 + gc - ga)
        })
        .collect();
    let mut at_goals: Vec<u32> = board.goals().iter().map(|&c| g[c as usize]).collect();
    at_goals.sort_unstable();
    let rise: u32 = at_goals
        .iter()
        .take(board.boxes.len())
        .map(|&x| x.min(1 << 20))
        .sum();
    vec![
        to_goals,
        WasteCounter::new("from start", fam, cost, 1, rise),
    ]
}
