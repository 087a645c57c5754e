//! The least total cost of sending every box to a goal of its own: the Hungarian
//! method (shortest augmenting paths with potentials), written out here so that the
//! closure check's lower bound rests on no gridsat code.

/// A forbidden pairing (the box never reaches that goal).
pub(super) const NONE: usize = usize::MAX;

/// The least sum of `cost[r][c]` over an assignment of every row to a distinct column
/// (rows ≤ columns), [`NONE`] entries forbidden; `None` when no assignment avoids them.
pub(super) fn least_cost(cost: &[Vec<usize>]) -> Option<usize> {
    let rows = cost.len();
    let cols = cost.first().map_or(0, Vec::len);
    if rows == 0 {
        return Some(0);
    }
    if cols < rows {
        return None;
    }
    // Forbidden pairs cost more than any assignment of allowed ones can: an optimum
    // that uses one means no assignment avoids them.
    let big = rows as i64 * (1 + max_allowed(cost)) + 1;
    let at = |r: usize, c: usize| match cost[r][c] {
        NONE => big,
        x => x as i64,
    };
    // Potentials u (rows, 1-based), v (columns, 0 the virtual column); owner[c]: the
    // row assigned to column c (0: none).
    let (mut u, mut v) = (vec![0i64; rows + 1], vec![0i64; cols + 1]);
    let mut owner = vec![0usize; cols + 1];
    for r in 1..=rows {
        owner[0] = r;
        let (mut col, mut best) = (0usize, vec![i64::MAX; cols + 1]);
        let (mut used, mut prev) = (vec![false; cols + 1], vec![0usize; cols + 1]);
        loop {
            used[col] = true;
            let (row, mut delta, mut next) = (owner[col], i64::MAX, 0);
            for c in 1..=cols {
                if used[c] {
                    continue;
                }
                let reduced = at(row - 1, c - 1) - u[row] - v[c];
                if reduced < best[c] {
                    (best[c], prev[c]) = (reduced, col);
                }
                if best[c] < delta {
                    (delta, next) = (best[c], c);
                }
            }
            for c in 0..=cols {
                if used[c] {
                    u[owner[c]] += delta;
                    v[c] -= delta;
                } else {
                    best[c] -= delta;
                }
            }
            col = next;
            if owner[col] == 0 {
                break;
            }
        }
        while col != 0 {
            let p = prev[col];
            owner[col] = owner[p];
            col = p;
        }
    }
    let total: i64 = (1..=cols)
        .filter(|&c| owner[c] != 0)
        .map(|c| at(owner[c] - 1, c - 1))
        .sum();
    (total < big).then_some(total as usize)
}

fn max_allowed(cost: &[Vec<usize>]) -> i64 {
    let allowed = cost.iter().flatten().filter(|&&x| x != NONE);
    allowed.copied().max().unwrap_or(0) as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every assignment of rows to distinct columns, tried one by one.
    fn brute(cost: &[Vec<usize>]) -> Option<usize> {
        fn go(cost: &[Vec<usize>], r: usize, used: &mut Vec<bool>) -> Option<usize> {
            if r == cost.len() {
                return Some(0);
            }
            let mut best = None;
            for c in 0..used.len() {
                if used[c] || cost[r][c] == NONE {
                    continue;
                }
                used[c] = true;
                if let Some(rest) = go(cost, r + 1, used) {
                    let total = rest + cost[r][c];
                    best = Some(best.map_or(total, |b: usize| b.min(total)));
                }
                used[c] = false;
            }
            best
        }
        go(cost, 0, &mut vec![false; cost.first().map_or(0, Vec::len)])
    }

    proptest! {
        #[test]
        fn the_least_cost_is_the_brute_force_optimum(
            rows in 1usize..5,
            extra in 0usize..3,
            seed in proptest::collection::vec(0usize..12, 40),
        ) {
            let cols = rows + extra;
            let cost: Vec<Vec<usize>> = (0..rows)
                .map(|r| (0..cols).map(|c| match seed[(r * cols + c) % 40] {
                    x if x >= 9 => NONE,
                    x => x,
                }).collect())
                .collect();
            prop_assert_eq!(least_cost(&cost), brute(&cost));
        }
    }

    #[test]
    fn no_assignment_when_a_box_reaches_no_goal_or_columns_run_short() {
        assert_eq!(least_cost(&[vec![NONE, NONE], vec![1, 2]]), None);
        assert_eq!(least_cost(&[vec![1], vec![2]]), None);
        assert_eq!(least_cost(&[vec![0, 5], vec![0, 1]]), Some(1));
    }
}
