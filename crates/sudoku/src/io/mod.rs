//! Text in and out: the puzzle readers (every layout, and the variant formats) and the
//! writers (grid layouts, the variant text and JSON forms).

pub mod format;
pub mod parse;
