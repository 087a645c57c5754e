//! Sokoban levels as parsed: a rectangular grid of walls and goals, boxes and a player.

use super::dir::Dir;
use std::fmt;

/// A parsed level. Cells are numbered row-major (`row * width + column`); everything
/// outside the grid counts as wall.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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

/// A position of a level: where the boxes and the player stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Cells holding boxes, increasing.
    pub boxes: Vec<usize>,
    /// The player's cell.
    pub player: usize,
}

/// A cell named for people: 1-based row and column, and the file line of its row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellRef {
    /// The row, from 1.
    pub row: usize,
    /// The column, from 1.
    pub column: usize,
    /// The line of the file the row was read from, when known.
    pub line: Option<usize>,
}

impl fmt::Display for CellRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row, self.column)?;
        if let Some(line) = self.line {
            write!(f, " (line {line})")?;
        }
        Ok(())
    }
}

impl Level {
    /// A level from its parts; `row_lines` numbers the rows from line 1 and the title
    /// is the number. Panics when the vectors do not have `width * height` cells or a
    /// cell lies outside the grid.
    pub fn new(
        width: usize,
        height: usize,
        walls: Vec<bool>,
        goals: Vec<bool>,
        mut boxes: Vec<usize>,
        player: usize,
    ) -> Level {
        let n = width * height;
        assert!(walls.len() == n && goals.len() == n, "one flag per cell");
        assert!(
            player < n && boxes.iter().all(|&b| b < n),
            "cells in the grid"
        );
        boxes.sort_unstable();
        Level {
            title: "1".into(),
            number: 1,
            width,
            height,
            walls,
            goals,
            boxes,
            player,
            max_moves: None,
            row_lines: (1..=height).collect(),
        }
    }

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

    /// The cell for messages: 1-based row and column, and the line of its row.
    pub fn cell_ref(&self, cell: usize) -> CellRef {
        let (r, c) = self.row_col(cell);
        CellRef {
            row: r + 1,
            column: c + 1,
            line: self.row_lines.get(r).copied(),
        }
    }

    /// The start position.
    pub fn start(&self) -> Frame {
        Frame {
            boxes: self.boxes.clone(),
            player: self.player,
        }
    }
}
