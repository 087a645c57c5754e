//! `gridsat sokoban show`: a level, or every frame of a plan on it.

use super::LevelArgs;
use super::levels::one;
use crate::cli::input::display_name;
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sokoban::{Plan, plan_frames, play};
use std::io::Write;

/// Arguments of `show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    pub levels: LevelArgs,
    /// A plan whose frames to print: LURD in any case, or the course output `R D R …`
    /// (the replay decides which moves push).
    #[arg(long)]
    pub plan: Option<String>,
}

pub fn show(a: ShowArgs) -> Result<Exit, Fail> {
    let level = one(&a.levels)?;
    let file = display_name(&a.levels.file);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "level {} ({} x {}, {} boxes, {} goals)",
        level.title,
        level.width,
        level.height,
        level.boxes.len(),
        level.goal_count()
    )?;
    let Some(text) = &a.plan else {
        write!(out, "{level}")?;
        return Ok(Exit::Ok);
    };
    let bad = |e: &dyn std::fmt::Display| {
        Fail::usage(format!(
            "{file}: level {}: the plan does not replay: {e}",
            level.title
        ))
    };
    let plan: Plan = text.parse().map_err(|e| bad(&e))?;
    let played = play(&level, &plan).map_err(|e| bad(&e))?;
    write!(out, "{}", plan_frames(&level, &played.plan, &played.frames))?;
    Ok(Exit::Ok)
}
