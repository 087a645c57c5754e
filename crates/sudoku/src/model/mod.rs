//! The model: what a Sudoku is, before any formula. Shapes and houses, grids, symbol
//! alphabets, candidate sets, the variant rules, and the vocabulary the later stages
//! share (clause-family kinds, the checker's faults).

pub(crate) mod candidates;
pub(crate) mod family;
pub(crate) mod fault;
pub(crate) mod geometry;
pub(crate) mod grid;
pub(crate) mod house;
pub(crate) mod rules;
pub(crate) mod shape;
pub(crate) mod symbols;

pub use candidates::Candidates;
pub use family::ClauseFamily;
pub use fault::Fault;
pub use geometry::Geometry;
pub use grid::{Grid, GridError, Placement};
pub use house::{House, HouseKind};
pub use rules::{
    Cage, Cages, Cell, ClauseSink, Regions, Rule, Rules, RulesError, VariantRule, digit_sets,
    parse_cell, sum_range,
};
pub use shape::{MAX_SIDE, Shape, ShapeError};
pub use symbols::{Alphabet, AlphabetError, BLANKS, DEFAULT_SYMBOLS, HEX_SYMBOLS, SEPARATORS};
