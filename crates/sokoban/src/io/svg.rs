//! Pictures of levels and plans as SVG: a position, a replay that animates itself with
//! SMIL (one move every `step` seconds, then a pause, then again), or one picture per
//! push. Plain SVG 1.1 without script, so that any browser shows it and a printer
//! prints it. The plans drawn are those the replay simulator played ([`Played`]), so a
//! picture never shows a move the rules forbid.
//!
//! Elements carry classes (`wall`, `floor`, `goal`, `box`, `player`) and `data-cell`
//! (`r1c1`, 1-based); a box's `data-end` names the cell it ends on.

use crate::model::{Frame, Level};
use crate::replay::Played;
use std::fmt::Write;

/// Pixels per cell.
const CELL: usize = 32;

/// Seconds the last position stays before an animation starts again.
const PAUSE: f64 = 2.0;

/// The colours of a box off and on a goal (attributes, so that SMIL can change them).
const BOX_OFF: &str = "#c8773a";
const BOX_ON: &str = "#4caf50";

/// The SVG of the level's start position.
pub fn level_svg(level: &Level) -> String {
    position_svg(level, &level.start(), None)
}

/// The SVG of one position of `level`, with `caption` as its title when given.
pub fn position_svg(level: &Level, frame: &Frame, caption: Option<&str>) -> String {
    let mut out = header(level, caption.unwrap_or(&level.title), None);
    floor(&mut out, level);
    for &b in &frame.boxes {
        box_rect(&mut out, level, &[b], None);
    }
    player(&mut out, level, &[frame.player], None);
    out.push_str("</svg>\n");
    out
}

/// The replay of a played plan as one SVG that animates itself: `step` seconds a move
/// (at least 0.01), the last position held for two seconds, repeating.
pub fn animated_svg(level: &Level, played: &Played, step: f64) -> String {
    let step = if step.is_finite() {
        step.max(0.01)
    } else {
        0.25
    };
    let frames = &played.frames;
    let timing = Timing::new(frames.len(), step);
    let plan = &played.plan;
    let desc = format!(
        "plan {plan} ({} moves, {} pushes)",
        plan.len(),
        plan.pushes()
    );
    let mut out = header(level, &level.title, Some(&desc));
    floor(&mut out, level);
    for track in box_tracks(level, played) {
        box_rect(&mut out, level, &track, Some(&timing));
    }
    let players: Vec<usize> = frames.iter().map(|f| f.player).collect();
    player(&mut out, level, &players, Some(&timing));
    out.push_str("</svg>\n");
    out
}

/// One picture per push of a played plan: the start, the position after each push, and
/// the final position when walks follow the last push, so that the last picture is
/// where the plan ends.
pub fn push_frames_svg(level: &Level, played: &Played) -> Vec<String> {
    let frames = &played.frames;
    let total = played.plan.pushes();
    let mut out = vec![position_svg(
        level,
        &frames[0],
        Some(&format!("{}: start", level.title)),
    )];
    let mut pushes = 0;
    let mut last = 0;
    for (k, m) in played.plan.moves().iter().enumerate() {
        if m.push {
            pushes += 1;
            last = k + 1;
            let caption = format!(
                "{}: push {pushes} of {total} (move {}: {})",
                level.title,
                k + 1,
                m.letter()
            );
            out.push(position_svg(level, &frames[k + 1], Some(&caption)));
        }
    }
    if last + 1 < frames.len() {
        let caption = format!("{}: end (move {})", level.title, frames.len() - 1);
        out.push(position_svg(
            level,
            &frames[frames.len() - 1],
            Some(&caption),
        ));
    }
    out
}

/// Each box's cell in every frame: boxes keep their identity as they are pushed (a push
/// moves the box the player walks into one cell on).
fn box_tracks(level: &Level, played: &Played) -> Vec<Vec<usize>> {
    let frames = &played.frames;
    let mut at: Vec<usize> = frames[0].boxes.clone();
    let mut tracks: Vec<Vec<usize>> = at.iter().map(|&b| vec![b]).collect();
    for (k, m) in played.plan.moves().iter().enumerate() {
        if m.push {
            let from = frames[k + 1].player;
            if let (Some(i), Some(to)) =
                (at.iter().position(|&b| b == from), level.step(from, m.dir))
            {
                at[i] = to;
            }
        }
        for (t, &b) in tracks.iter_mut().zip(&at) {
            t.push(b);
        }
    }
    tracks
}

/// When each frame of an animation is shown.
struct Timing {
    frames: usize,
    step: f64,
    total: f64,
}

impl Timing {
    fn new(frames: usize, step: f64) -> Timing {
        Timing {
            frames,
            step,
            total: step * frames.saturating_sub(1) as f64 + PAUSE,
        }
    }

    /// The `keyTimes` of the frames, then 1 (the last value is held to the end).
    fn key_times(&self) -> String {
        let mut t: Vec<String> = (0..self.frames)
            .map(|k| format!("{:.5}", k as f64 * self.step / self.total))
            .collect();
        t.push("1".into());
        t.join(";")
    }
}

fn header(level: &Level, title: &str, desc: Option<&str>) -> String {
    let (w, h) = (level.width * CELL, level.height * CELL);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" class=\"sokoban\">\n"
    );
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    if let Some(d) = desc {
        let _ = writeln!(s, "<desc>{}</desc>", escape(d));
    }
    s.push_str(
        "<style>.wall{fill:#4a5468;stroke:#3a4252;stroke-width:1}.floor{fill:#e9e4d8;stroke:#d8d2c4;stroke-width:0.5}\
         .goal{fill:none;stroke:#d99a00;stroke-width:3}\
         .box{stroke:#6b3d1c;stroke-width:2}.player{fill:#2f7fd0;stroke:#1b4f86;stroke-width:2}</style>\n",
    );
    s
}

/// The cells a person can reach from the player, walking through boxes: the level's
/// inside, drawn as floor (the spaces outside its walls are left blank).
fn inside(level: &Level) -> Vec<bool> {
    let mut seen = vec![false; level.walls.len()];
    let mut todo = vec![level.player];
    seen[level.player] = true;
    while let Some(c) = todo.pop() {
        for d in crate::model::Dir::ALL {
            if let Some(n) = level.step(c, d) {
                if !level.walls[n] && !seen[n] {
                    seen[n] = true;
                    todo.push(n);
                }
            }
        }
    }
    for (c, s) in seen.iter_mut().enumerate() {
        *s |= level.goals[c] || level.boxes.contains(&c);
    }
    seen
}

fn floor(out: &mut String, level: &Level) {
    for (cell, &within) in inside(level).iter().enumerate() {
        let (r, c) = level.row_col(cell);
        let (x, y) = (c * CELL, r * CELL);
        let class = if level.walls[cell] {
            "wall"
        } else if within {
            "floor"
        } else {
            continue;
        };
        let _ = writeln!(
            out,
            "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" data-cell=\"{}\"/>",
            name(level, cell)
        );
        if level.goals[cell] {
            let _ = writeln!(
                out,
                "<circle class=\"goal\" cx=\"{}\" cy=\"{}\" r=\"{}\" data-cell=\"{}\"/>",
                x + CELL / 2,
                y + CELL / 2,
                CELL / 5,
                name(level, cell)
            );
        }
    }
}

/// A box on `cells[0]`; with a timing, moving through `cells` (one per frame) and
/// green whenever it stands on a goal.
fn box_rect(out: &mut String, level: &Level, cells: &[usize], timing: Option<&Timing>) {
    let (start, end) = (cells[0], cells[cells.len() - 1]);
    let (r, c) = level.row_col(start);
    let inset = CELL / 8;
    let size = CELL - 2 * inset;
    let colour = |cell: usize| if level.goals[cell] { BOX_ON } else { BOX_OFF };
    let _ = write!(
        out,
        "<rect class=\"box\" x=\"{}\" y=\"{}\" width=\"{size}\" height=\"{size}\" rx=\"4\" fill=\"{}\" data-cell=\"{}\" data-end=\"{}\"",
        c * CELL + inset,
        r * CELL + inset,
        colour(start),
        name(level, start),
        name(level, end)
    );
    let Some(timing) = timing else {
        out.push_str("/>\n");
        return;
    };
    out.push_str(">\n");
    let xs: Vec<String> = cells
        .iter()
        .map(|&b| (level.row_col(b).1 * CELL + inset).to_string())
        .collect();
    let ys: Vec<String> = cells
        .iter()
        .map(|&b| (level.row_col(b).0 * CELL + inset).to_string())
        .collect();
    let fills: Vec<String> = cells.iter().map(|&b| colour(b).to_string()).collect();
    animate(out, "x", &xs, timing, "linear");
    animate(out, "y", &ys, timing, "linear");
    animate(out, "fill", &fills, timing, "discrete");
    out.push_str("</rect>\n");
}

/// The player on `cells[0]`; with a timing, walking through `cells`.
fn player(out: &mut String, level: &Level, cells: &[usize], timing: Option<&Timing>) {
    let (r, c) = level.row_col(cells[0]);
    let _ = write!(
        out,
        "<circle class=\"player\" cx=\"{}\" cy=\"{}\" r=\"{}\" data-cell=\"{}\" data-end=\"{}\"",
        c * CELL + CELL / 2,
        r * CELL + CELL / 2,
        CELL * 3 / 10,
        name(level, cells[0]),
        name(level, cells[cells.len() - 1])
    );
    let Some(timing) = timing else {
        out.push_str("/>\n");
        return;
    };
    out.push_str(">\n");
    let xs: Vec<String> = cells
        .iter()
        .map(|&p| (level.row_col(p).1 * CELL + CELL / 2).to_string())
        .collect();
    let ys: Vec<String> = cells
        .iter()
        .map(|&p| (level.row_col(p).0 * CELL + CELL / 2).to_string())
        .collect();
    animate(out, "cx", &xs, timing, "linear");
    animate(out, "cy", &ys, timing, "linear");
    out.push_str("</circle>\n");
}

/// An `<animate>` of `attr` through `values` (one per frame; the last is held through
/// the pause), repeating forever.
fn animate(out: &mut String, attr: &str, values: &[String], timing: &Timing, mode: &str) {
    let mut vals = values.to_vec();
    vals.push(values[values.len() - 1].clone());
    let _ = writeln!(
        out,
        "<animate attributeName=\"{attr}\" values=\"{}\" keyTimes=\"{}\" dur=\"{:.3}s\" calcMode=\"{mode}\" repeatCount=\"indefinite\"/>",
        vals.join(";"),
        timing.key_times(),
        timing.total
    );
}

fn name(level: &Level, cell: usize) -> String {
    let (r, c) = level.row_col(cell);
    format!("r{}c{}", r + 1, c + 1)
}

/// `s` with the XML special characters escaped and control characters left out.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() && !matches!(c, '\t' | '\n') => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests;
