//! How many states a level can have: a bound on the length of every shortest plan.

use crate::model::Board;

/// An upper bound on the distinct states of a board: the placements of the movable
/// boxes on its cells times the places of the player (`n − k` free cells; for push
/// states, at most that many regions, which partition the free cells). A shortest plan
/// never repeats a state, so it has fewer pushes (or moves) than this. `None` when the
/// bound exceeds `u64`.
pub fn state_bound(board: &Board) -> Option<u64> {
    let (n, k) = (board.len() as u128, board.boxes.len() as u128);
    if k > n {
        return Some(0);
    }
    // C(n, k) by the multiplicative formula, stopping once it no longer fits.
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        c = c.checked_mul(n - i)? / (i + 1);
        if c > u64::MAX as u128 {
            return None;
        }
    }
    let free = (n - board.boxes.len() as u128).max(1);
    u64::try_from(c.checked_mul(free)?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Format, parse_levels};

    #[test]
    fn the_bound_counts_placements_times_player_places() {
        let l = &parse_levels("#######\n#@.$  #\n#######\n", "t", Format::Xsb).unwrap()[0];
        // 5 cells, 1 box: 5 placements × 4 free cells.
        assert_eq!(state_bound(&Board::new(l)), Some(20));
        let l = &parse_levels("########\n#@$$..  #\n########\n", "t", Format::Xsb).unwrap()[0];
        // 7 cells... the region is the 7 floor cells: C(7,2) = 21 × 5.
        assert_eq!(state_bound(&Board::new(l)), Some(21 * 5));
    }
}
