//! The push-count parity: an invariant every plan shares when goals and boxes are as many.

use crate::model::Board;

/// The parity every plan's push count has, when the goals are exactly as many as the
/// movable boxes. Colour the squares like a chessboard: a push moves one box to a
/// square of the other colour, so the number of boxes on dark squares changes by one
/// with every push, and it ends at the number of goals on dark squares. (With spare
/// goals the end count is not fixed, and neither is the parity.)
pub fn push_parity(board: &Board) -> Option<usize> {
    if board.goal.iter().filter(|&&g| g).count() != board.boxes.len() {
        return None;
    }
    let dark = |c: u32| {
        let cell = board.cells[c as usize];
        (cell / board.width + cell % board.width) % 2
    };
    let on_dark = |cells: &[u32]| cells.iter().map(|&c| dark(c)).sum::<usize>();
    Some((on_dark(&board.boxes) + on_dark(&board.goals())) % 2)
}
