//! Houses: the groups of N cells that hold every symbol once (rows, columns, boxes, and
//! the extra houses of some variants).

use std::fmt;

gridsat_sat::named_enum! {
    /// The kinds of house, as they are named in messages and clause families.
    pub enum HouseKind ("house kind") {
        /// A row.
        Row = "row",
        /// A column.
        Column = "column",
        /// A box (P rows × Q columns).
        Box = "box",
        /// A jigsaw region (replacing the boxes).
        Region = "region",
        /// One of the two long diagonals (Sudoku X).
        Diagonal = "diagonal",
        /// A windoku window.
        Window = "window",
    }
}

/// A row, column or box, or a house a variant adds: each holds every symbol once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum House {
    /// Row `r` (0-based).
    Row(usize),
    /// Column `c` (0-based).
    Col(usize),
    /// Box `b` (0-based, numbered row by row).
    Box(usize),
    /// Jigsaw region `k` (0-based), replacing the boxes (see [`crate::Rules`]).
    Region(usize),
    /// Diagonal 0 (top-left to bottom-right) or 1 (top-right to bottom-left).
    Diagonal(usize),
    /// Windoku window `k` (0-based, numbered row by row).
    Window(usize),
}

impl House {
    /// The kind of house.
    pub fn kind(&self) -> HouseKind {
        match self {
            House::Row(_) => HouseKind::Row,
            House::Col(_) => HouseKind::Column,
            House::Box(_) => HouseKind::Box,
            House::Region(_) => HouseKind::Region,
            House::Diagonal(_) => HouseKind::Diagonal,
            House::Window(_) => HouseKind::Window,
        }
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(r) => write!(f, "row {}", r + 1),
            House::Col(c) => write!(f, "column {}", c + 1),
            House::Box(b) => write!(f, "box {}", b + 1),
            House::Region(k) => write!(f, "region {}", k + 1),
            House::Diagonal(0) => write!(f, "the main diagonal"),
            House::Diagonal(_) => write!(f, "the anti-diagonal"),
            House::Window(k) => write!(f, "window {}", k + 1),
        }
    }
}
