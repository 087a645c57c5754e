//! What the independent checker finds wrong with a grid that should be a solution.

/// Why a grid is not a solution of a puzzle under its rules (the first fault found).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Fault {
    /// The grids differ in size.
    #[error("the solution is {found}×{found}, the puzzle {expected}×{expected}")]
    Size {
        /// Side of the solution.
        found: usize,
        /// Side of the puzzle.
        expected: usize,
    },
    /// A cell without a symbol (or with a value above N).
    #[error("r{}c{} holds {value}, not a symbol 1..{n}", row + 1, col + 1)]
    NotASymbol {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        col: usize,
        /// What it holds.
        value: u16,
        /// The side.
        n: usize,
    },
    /// A given that the solution changes.
    #[error("r{}c{} should keep the given {given} but holds {value}", row + 1, col + 1)]
    GivenChanged {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        col: usize,
        /// The given.
        given: u16,
        /// What the solution holds there.
        value: u16,
    },
    /// A value twice in a row, column or box.
    #[error("{house} holds {value} twice")]
    Repeated {
        /// The house, e.g. `row 3` or `the box at r4c1`.
        house: String,
        /// The value.
        value: u16,
    },
    /// A value twice in a house of a variant rule, with the cell of the repeat.
    #[error("{house} holds {value} twice (again at r{}c{})", row + 1, col + 1)]
    RepeatedAt {
        /// The house, e.g. `the main diagonal` or `the cage at r1c1`.
        house: String,
        /// The value.
        value: u16,
        /// Row of the repeat (0-based).
        row: usize,
        /// Column of the repeat (0-based).
        col: usize,
    },
    /// Two cells that break a rule between neighbours.
    #[error(
        "r{}c{}={} and r{}c{}={} break the {rule} rule",
        a.0 + 1, a.1 + 1, a.2, b.0 + 1, b.1 + 1, b.2
    )]
    Neighbours {
        /// The rule, e.g. `anti-knight`.
        rule: &'static str,
        /// The first cell (row, column, value), 0-based.
        a: (usize, usize, u16),
        /// The second cell.
        b: (usize, usize, u16),
    },
    /// A killer cage with the wrong sum.
    #[error("{cage} sums to {total}, not {sum}")]
    Sum {
        /// The cage, e.g. `the cage at r1c1`.
        cage: String,
        /// Its values' sum.
        total: u32,
        /// The sum it should have.
        sum: u32,
    },
    /// The rules themselves do not fit the grid (a region map or a cage list).
    #[error("{0}")]
    Malformed(String),
}
