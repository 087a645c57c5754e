//! The first stage: what a level is (cells, walls, goals, boxes, the player), the board
//! the encoders work on (the player's region), and plans (moves that walk or push).
//!
//! Nothing here analyses, encodes or searches; every later stage builds on these types.

mod board;
mod dir;
mod level;
mod plan;

pub(crate) use board::Board;
pub use dir::Dir;
pub use level::{CellRef, Frame, Level};
pub use plan::{Move, Plan, PlanParseError};
