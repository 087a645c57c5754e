//! Admissible lower bounds: a minimum-cost matching of boxes to goals by push distance
//! (Hungarian method), and for moves that plus the walk to the nearest box.

use super::distances::{INF, dist_to_goal, walk_distances};
use crate::halt::Halt;
use crate::model::Board;
use gridsat_sat::Budget;

/// The least total push distance over all assignments of the movable boxes to distinct
/// goals, or `None` when no assignment reaches every box's goal. Checks `budget`
/// between searches and refuses a cost table beyond its memory.
pub fn matching_bound(board: &Board, budget: &Budget) -> Result<Option<u32>, Halt> {
    let goals = board.goals();
    let (k, m) = (board.boxes.len() as u64, goals.len() as u64);
    budget.admit(8 * k * m + 16 * m, || {
        format!("the costs of {k} boxes to {m} goals")
    })?;
    let mut cost: Vec<Vec<u32>> = Vec::with_capacity(goals.len());
    for &g in &goals {
        budget.check()?;
        let d = dist_to_goal(board, g);
        cost.push(board.boxes.iter().map(|&b| d[b as usize]).collect());
    }
    // Rows: boxes, columns: goals.
    let rows: Vec<Vec<u32>> = (0..board.boxes.len())
        .map(|b| cost.iter().map(|col| col[b]).collect())
        .collect();
    min_cost_assignment(&rows, budget)
}

/// An admissible lower bound on the number of moves: the matching bound on pushes
/// (`pushes`) plus the walk to the nearest box.
pub fn move_lower_bound(board: &Board, pushes: u32) -> usize {
    let pushes = pushes as usize;
    if pushes == 0 {
        return 0;
    }
    let walk = walk_distances(board, board.player);
    let approach = board
        .boxes
        .iter()
        .flat_map(|&b| board.nb[b as usize].into_iter().flatten())
        .map(|n| walk[n as usize] as usize)
        .min()
        .unwrap_or(0);
    pushes + approach
}

/// Minimum-cost assignment of every row to a distinct column (rows ≤ columns);
/// [`INF`] entries are forbidden. Checks `budget` once per row (O(rows · columns) each).
pub fn min_cost_assignment(cost: &[Vec<u32>], budget: &Budget) -> Result<Option<u32>, Halt> {
    let n = cost.len();
    if n == 0 {
        return Ok(Some(0));
    }
    let m = cost[0].len();
    if m < n {
        return Ok(None);
    }
    const BIG: i64 = 1 << 40;
    let c = |i: usize, j: usize| -> i64 {
        let v = cost[i][j];
        if v == INF { BIG } else { v as i64 }
    };
    // Classic O(n²m) Hungarian algorithm with potentials (1-based, column 0 is virtual).
    let mut u = vec![0i64; n + 1];
    let mut v = vec![0i64; m + 1];
    let mut p = vec![0usize; m + 1];
    let mut way = vec![0usize; m + 1];
    for i in 1..=n {
        budget.check()?;
        p[0] = i;
        let mut j0 = 0;
        let mut minv = vec![i64::MAX; m + 1];
        let mut used = vec![false; m + 1];
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta = i64::MAX;
            let mut j1 = 0;
            for j in 1..=m {
                if !used[j] {
                    let cur = c(i0 - 1, j - 1) - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=m {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let total: i64 = (1..=m)
        .filter(|&j| p[j] != 0)
        .map(|j| c(p[j] - 1, j - 1))
        .sum();
    Ok(if total >= BIG {
        None
    } else {
        Some(total as u32)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Brute force over all injective assignments.
    fn brute(cost: &[Vec<u32>]) -> Option<u32> {
        fn go(cost: &[Vec<u32>], i: usize, used: &mut Vec<bool>) -> Option<u32> {
            if i == cost.len() {
                return Some(0);
            }
            let mut best: Option<u32> = None;
            for j in 0..used.len() {
                if !used[j] && cost[i][j] != INF {
                    used[j] = true;
                    if let Some(r) = go(cost, i + 1, used) {
                        let t = r + cost[i][j];
                        best = Some(best.map_or(t, |b| b.min(t)));
                    }
                    used[j] = false;
                }
            }
            best
        }
        let m = cost.first().map_or(0, |r| r.len());
        go(cost, 0, &mut vec![false; m])
    }

    proptest! {
        #[test]
        fn hungarian_matches_brute_force(
            n in 1usize..5, extra in 0usize..3,
            seed in prop::collection::vec(0u32..12, 40)
        ) {
            let m = n + extra;
            let cost: Vec<Vec<u32>> = (0..n).map(|i| (0..m).map(|j| {
                let v = seed[(i * m + j) % seed.len()];
                if v >= 10 { INF } else { v }
            }).collect()).collect();
            let found = min_cost_assignment(&cost, &Budget::unlimited()).unwrap();
            prop_assert_eq!(found, brute(&cost));
        }
    }
}
