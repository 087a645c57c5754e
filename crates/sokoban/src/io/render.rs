//! Text pictures of a level and of the frames of a plan, in XSB notation.

use crate::model::{Frame, Level, Plan};
use std::fmt;

impl Level {
    /// Renders the level with the given boxes and player in XSB notation.
    pub fn render_with(&self, boxes: &[usize], player: usize) -> String {
        let mut is_box = vec![false; self.walls.len()];
        for &b in boxes {
            is_box[b] = true;
        }
        let mut lines = Vec::with_capacity(self.height);
        for r in 0..self.height {
            let mut line = String::new();
            for c in 0..self.width {
                let i = self.cell(r, c);
                let ch = if self.walls[i] {
                    '#'
                } else if i == player {
                    if self.goals[i] { '+' } else { '@' }
                } else if is_box[i] {
                    if self.goals[i] { '*' } else { '$' }
                } else if self.goals[i] {
                    '.'
                } else {
                    ' '
                };
                line.push(ch);
            }
            lines.push(line.trim_end().to_string());
        }
        // Floor that trimming would lose is written `-`, XSB's visible floor: a row of
        // floor alone, and the floor that keeps the grid's width (open levels, such as
        // the course format's, whose edge is the wall).
        if lines.iter().all(|l| l.chars().count() < self.width) {
            let missing = self.width - lines[0].chars().count();
            lines[0].extend(std::iter::repeat_n('-', missing));
        }
        let mut out = String::new();
        for line in &lines {
            out.push_str(if line.is_empty() { "-" } else { line });
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_with(&self.boxes, self.player))
    }
}

/// The level as XSB text.
pub fn board_text(level: &Level) -> String {
    level.to_string()
}

/// Every frame of a plan (as the replay simulator played it: `frames[0]` is the start,
/// `frames[k]` the position after move `k`), each headed by the move that led to it.
pub fn plan_frames(level: &Level, plan: &Plan, frames: &[Frame]) -> String {
    let mut out = String::new();
    for (k, f) in frames.iter().enumerate() {
        if k == 0 {
            out.push_str("start\n");
        } else {
            let letter = plan.moves()[k - 1].letter();
            out.push_str(&format!("move {k}: {letter}\n"));
        }
        out.push_str(&level.render_with(&f.boxes, f.player));
        out.push('\n');
    }
    out
}
