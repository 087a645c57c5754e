//! The named techniques players use (singles, locked candidates, subsets, fish,
//! finned fish, single-digit patterns, wings, uniqueness, chains, grouped chains,
//! forcing chains), each in its own module with Sudoku Explainer's difficulty, and the
//! engine that applies them simplest first: for hints in those names, whole
//! explanations, and ratings on SE's scale.

mod als;
mod board;
mod bug;
mod chains;
mod engine;
mod finned;
mod fish;
mod forcing;
mod grouped;
mod hodoku;
mod intersections;
mod links;
mod rectangle;
mod single_digit;
mod singles;
mod step;
mod subsets;
mod wings;
mod wxyz;

pub use board::{Board, MAX_TECHNIQUE_SIDE};
pub use engine::{
    PathEnd, SeRating, TechniquePath, apply as apply_step, next_step, next_step_before_forcing,
    technique_path, unique_technique_path,
};
pub use hodoku::{
    HodokuLevel, HodokuRating, hodoku_points, hodoku_technique_path, next_hodoku_step,
};
pub use step::{Technique, TechniqueStep};
