//! Text pictures of a level and of the frames of a plan.

use crate::level::Level;
use crate::replay::{Frame, ReplayError, frames};

/// The level as XSB text.
pub fn board(level: &Level) -> String {
    level.to_string()
}

/// Every frame of `plan`, each headed by the move that led to it.
pub fn plan_frames(level: &Level, plan: &str) -> Result<String, ReplayError> {
    let all: Vec<Frame> = frames(level, plan)?;
    let letters: Vec<char> = plan.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = String::new();
    for (k, f) in all.iter().enumerate() {
        if k == 0 {
            out.push_str("start\n");
        } else {
            out.push_str(&format!("move {k}: {}\n", letters[k - 1]));
        }
        out.push_str(&level.render_with(&f.boxes, f.player));
        out.push('\n');
    }
    Ok(out)
}
