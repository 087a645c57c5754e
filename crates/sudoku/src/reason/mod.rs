//! Reasoning a player can follow, on the propagation model: hints (the next forced
//! cell and why), pencil marks, whole explanations, and difficulty ratings.

mod explain;
mod hint;
mod marks;
mod rate;
mod technique;

pub use explain::{End, Step, Walk, WalkCounts, walk};
pub(crate) use hint::sym;
pub use hint::{
    Excluder, FailedProbe, Forced, Hint, Why, cell_name, contradiction_text, next_hint,
    sym as hint_symbol,
};
pub use marks::{Marks, Reasoning, pencil_marks};
pub use rate::{
    Difficulty, EXTREME_ABOVE, Effort, HARD_WHAT_IFS, RateError, RateOptions, Rating, rate,
    search_effort,
};
pub(crate) use technique::Board;
pub use technique::{
    Board as TechniqueBoard, HodokuLevel, HodokuRating, MAX_TECHNIQUE_SIDE, PathEnd, SeRating,
    Technique, TechniquePath, TechniqueStep, hodoku_points, hodoku_technique_path,
    next_hodoku_step, next_step as next_technique_step, technique_path, unique_technique_path,
};
