//! The model: what a Sudoku is, before any formula. Shapes and houses, grids, symbol
//! alphabets, candidate sets, the variant rules, and the vocabulary the later stages
//! share (clause-family kinds, the checker's faults).

pub mod candidates;
pub mod family;
pub mod fault;
pub mod geometry;
pub mod grid;
pub mod house;
pub mod rules;
pub mod shape;
pub mod symbols;
