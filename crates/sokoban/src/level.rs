//! Sokoban levels as parsed: a rectangular grid of walls and goals, boxes and a player.

use std::fmt;

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

/// A parsed level. Cells are numbered row-major (`row * width + column`); everything
/// outside the grid counts as wall.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The title (last `;` comment or `Title:` line before the level), or its number.
    pub title: String,
    /// Position of the level in its file, from 1.
    pub number: usize,
    /// Number of columns (the longest row).
    pub width: usize,
    /// Number of rows.
    pub height: usize,
    /// Wall flags per cell.
    pub walls: Vec<bool>,
    /// Goal flags per cell.
    pub goals: Vec<bool>,
    /// Cells holding a box at the start, in increasing order.
    pub boxes: Vec<usize>,
    /// The player's cell.
    pub player: usize,
    /// The move budget `T` given by a course-format file.
    pub max_moves: Option<usize>,
    /// The line of the file on which each row was written (1-based).
    pub row_lines: Vec<usize>,
}

impl Level {
    /// The cell at `row`, `col`.
    pub fn cell(&self, row: usize, col: usize) -> usize {
        row * self.width + col
    }

    /// Row and column of a cell.
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.width, cell % self.width)
    }

    /// The neighbouring cell in direction `d`, or `None` outside the grid.
    pub fn step(&self, cell: usize, d: Dir) -> Option<usize> {
        let (r, c) = self.row_col(cell);
        let (dr, dc) = d.delta();
        let r2 = r as isize + dr;
        let c2 = c as isize + dc;
        if r2 < 0 || c2 < 0 || r2 >= self.height as isize || c2 >= self.width as isize {
            None
        } else {
            Some(self.cell(r2 as usize, c2 as usize))
        }
    }

    /// Number of goals.
    pub fn goal_count(&self) -> usize {
        self.goals.iter().filter(|&&g| g).count()
    }

    /// "row R, column C (line L)" for messages, 1-based.
    pub fn describe_cell(&self, cell: usize) -> String {
        let (r, c) = self.row_col(cell);
        match self.row_lines.get(r) {
            Some(line) => format!("row {}, column {} (line {line})", r + 1, c + 1),
            None => format!("row {}, column {}", r + 1, c + 1),
        }
    }

    /// Renders the level with the given boxes and player in XSB notation.
    pub fn render_with(&self, boxes: &[usize], player: usize) -> String {
        let mut is_box = vec![false; self.walls.len()];
        for &b in boxes {
            is_box[b] = true;
        }
        let mut out = String::new();
        for r in 0..self.height {
            let mut line = String::new();
            for c in 0..self.width {
                let i = self.cell(r, c);
                let ch = if self.walls[i] {
                    '#'
                } else if i == player {
                    if self.goals[i] { '+' } else { '@' }
                } else if is_box[i] {
                    if self.goals[i] { '*' } else { '$' }
                } else if self.goals[i] {
                    '.'
                } else {
                    ' '
                };
                line.push(ch);
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_with(&self.boxes, self.player))
    }
}
