//! Symmetries of the start position: reflections and rotations of the floor that map
//! goals, boxes and the player's region onto themselves.
//!
//! If such a map `g` exists, any plan has a mirror image (apply `g` to every push) of
//! the same length, so the first push need only be tried once per orbit of `g`'s group.

use crate::model::Board;

/// A symmetry as a permutation of region cells (`map[c]` = the image of `c`).
pub type CellMap = Vec<u32>;

/// The non-identity symmetries of `board`'s start position (up to 7: the reflections
/// and rotations of the floor's bounding box that fit it).
pub fn start_symmetries(board: &Board) -> Vec<CellMap> {
    let w = board.width;
    let (mut r0, mut c0, mut r1, mut c1) = (usize::MAX, usize::MAX, 0, 0);
    for &cell in &board.cells {
        let (r, c) = (cell / w, cell % w);
        (r0, c0, r1, c1) = (r0.min(r), c0.min(c), r1.max(r), c1.max(c));
    }
    let (h, wd) = (r1 - r0, c1 - c0); // last index inside the bounding box
    let mut boxes = vec![false; board.len()];
    for &b in &board.boxes {
        boxes[b as usize] = true;
    }
    let region = board.reachable(&boxes, board.player);
    // (row, column) inside the box → image, for the 7 non-identity maps; the ones that
    // swap rows and columns need a square box.
    type Map = fn(usize, usize, usize, usize) -> (usize, usize);
    let maps: [(Map, bool); 7] = [
        (|r, c, _, w| (r, w - c), false),
        (|r, c, h, _| (h - r, c), false),
        (|r, c, h, w| (h - r, w - c), false),
        (|r, c, _, _| (c, r), true),
        (|r, c, h, w| (w - c, h - r), true),
        (|r, c, h, _| (c, h - r), true),
        (|r, c, _, w| (w - c, r), true),
    ];
    let mut found = Vec::new();
    'maps: for (m, swaps) in maps {
        if swaps && h != wd {
            continue;
        }
        let mut map = Vec::with_capacity(board.len());
        for (i, &cell) in board.cells.iter().enumerate() {
            let (r, c) = m(cell / w - r0, cell % w - c0, h, wd);
            let Some(j) = board.index.get((r + r0) * w + c + c0).copied().flatten() else {
                continue 'maps;
            };
            let (i, j) = (i, j as usize);
            if board.goal[i] != board.goal[j] || boxes[i] != boxes[j] || region[i] != region[j] {
                continue 'maps;
            }
            map.push(j as u32);
        }
        // Skip the identity, and maps that coincide on this floor (one row: the
        // half-turn is the mirror).
        if map.iter().enumerate().any(|(i, &j)| i as u32 != j) && !found.contains(&map) {
            found.push(map);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Format, parse_levels};

    fn board(text: &str) -> Board {
        Board::new(&parse_levels(text, "t", Format::Xsb).unwrap()[0])
    }

    #[test]
    fn mirror_images_are_found_and_asymmetric_starts_have_none() {
        // Left–right mirror only (the floor is not square).
        let b = board("#######\n#.$@$.#\n#######\n");
        let s = start_symmetries(&b);
        assert_eq!(s.len(), 1);
        for map in &s {
            // A permutation that keeps goals and boxes.
            let mut seen = vec![false; b.len()];
            for (i, &j) in map.iter().enumerate() {
                assert!(!seen[j as usize]);
                seen[j as usize] = true;
                assert_eq!(b.goal[i], b.goal[j as usize]);
            }
        }
        // Moving one box breaks it.
        assert!(start_symmetries(&board("#######\n#*@ $.#\n#######\n")).is_empty());
        // A plus-shaped floor with the player in the middle: all 8 maps of the square.
        let plus = "  ###\n  #.#\n###$###\n#.$@$.#\n###$###\n  #.#\n  ###\n";
        assert_eq!(start_symmetries(&board(plus)).len(), 7);
    }
}
