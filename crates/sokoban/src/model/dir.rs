//! The four directions of a move.

/// One of the four directions the player can move in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

impl Dir {
    /// All four directions in LURD-friendly order (up, down, left, right).
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The index of the direction in [`Dir::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Row and column offsets of one step in this direction.
    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    /// The opposite direction.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The LURD letter: lowercase for a move, uppercase for a push.
    pub fn letter(self, push: bool) -> char {
        let c = match self {
            Dir::Up => 'u',
            Dir::Down => 'd',
            Dir::Left => 'l',
            Dir::Right => 'r',
        };
        if push { c.to_ascii_uppercase() } else { c }
    }

    /// The direction of a LURD letter and whether it is written as a push (uppercase).
    pub fn from_letter(c: char) -> Option<(Dir, bool)> {
        let d = match c.to_ascii_lowercase() {
            'u' => Dir::Up,
            'd' => Dir::Down,
            'l' => Dir::Left,
            'r' => Dir::Right,
            _ => return None,
        };
        Some((d, c.is_ascii_uppercase()))
    }
}
