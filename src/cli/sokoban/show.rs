//! `gridsat sokoban show`: a level, or every frame of a plan on it, as text; or as SVG:
//! the level, an animated replay of the plan, one picture per push.

use super::LevelArgs;
use super::levels::one;
use crate::cli::input::display_name;
use crate::cli::{Exit, Fail, budget, parse_seconds};
use clap::Args;
use gridsat_sokoban::api::default_options;
use gridsat_sokoban::{
    Level, Optimize, Plan, Verdict,
    io::{animated_svg, level_svg, plan_frames, push_frames_svg},
    replay::{Played, play, summary},
    solve_level,
};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    pub levels: LevelArgs,
    /// A plan whose frames to print: LURD in any case, or the course output `R D R …`
    /// (the replay decides which moves push).
    #[arg(long, conflicts_with = "solve")]
    pub plan: Option<String>,
    /// Solve the level first (fewest pushes, as `sokoban solve` does by default) and
    /// show the verified plan.
    #[arg(long)]
    pub solve: bool,
    /// Write SVG instead of text: the level, or with a plan an animated replay.
    #[arg(long)]
    pub svg: bool,
    /// With a plan: write one SVG per push into DIR (frame-000.svg is the start).
    #[arg(long, value_name = "DIR")]
    pub frames: Option<PathBuf>,
    /// Seconds per move in the animated SVG.
    #[arg(long, value_name = "SECS", default_value_t = 0.25)]
    pub step: f64,
    /// Stop solving (--solve) after this many seconds (exit 4).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

pub fn show(a: ShowArgs) -> Result<Exit, Fail> {
    let level = one(&a.levels)?;
    let file = display_name(&a.levels.file);
    let text = !a.svg && a.frames.is_none();
    let mut out = std::io::stdout().lock();
    if text {
        writeln!(
            out,
            "level {} ({} x {}, {} boxes, {} goals)",
            level.title,
            level.width,
            level.height,
            level.boxes.len(),
            level.goal_count()
        )?;
    }
    let played = match (&a.plan, a.solve) {
        (Some(plan), _) => Some(replayed(&level, &file, plan)?),
        (None, true) => Some(solved(&level, &file, a.time_limit)?),
        (None, false) => None,
    };
    if text {
        match &played {
            None => write!(out, "{level}")?,
            Some(p) => write!(out, "{}", plan_frames(&level, &p.plan, &p.frames))?,
        }
        return Ok(Exit::Ok);
    }
    if let Some(dir) = &a.frames {
        let Some(p) = &played else {
            return Err(Fail::usage(
                "--frames DIR draws a plan: give --plan or --solve",
            ));
        };
        write_frames(dir, &level, p)?;
    }
    if a.svg {
        if !(a.step.is_finite() && a.step > 0.0) {
            return Err(Fail::usage(format!(
                "--step {}: expected seconds > 0",
                a.step
            )));
        }
        let svg = match &played {
            Some(p) => animated_svg(&level, p, a.step),
            None => level_svg(&level),
        };
        out.write_all(svg.as_bytes())?;
    }
    Ok(Exit::Ok)
}

/// A person's plan as the replay simulator plays it.
fn replayed(level: &Level, file: &str, text: &str) -> Result<Played, Fail> {
    let bad = |e: &dyn std::fmt::Display| {
        Fail::usage(format!(
            "{file}: level {}: the plan does not replay: {e}",
            level.title
        ))
    };
    let plan: Plan = text.parse().map_err(|e| bad(&e))?;
    play(level, &plan).map_err(|e| bad(&e))
}

/// The solver's plan, replayed and checked to solve the level; a level without one (or
/// not solved in time) is refused with the exit code of its verdict.
fn solved(level: &Level, file: &str, time_limit: Option<Duration>) -> Result<Played, Fail> {
    let opts = default_options(Optimize::Pushes);
    let budget = budget().with_time_limit(time_limit);
    let report = solve_level(level, &opts, &budget, None)
        .map_err(|e| Fail::failure(format!("{file}: level {}: {e}", level.title)))?;
    let code = Exit::from(gridsat_sat::Concludes::conclusion(&report));
    let Some(plan) = report.plan.filter(|_| report.verdict == Verdict::Solved) else {
        return Err(Fail {
            code: if code == Exit::Ok {
                Exit::NoSolution
            } else {
                code
            },
            message: format!(
                "{file}: level {}: no plan to show ({})",
                level.title, report.verdict
            ),
        });
    };
    let played = play(level, &plan).map_err(|e| {
        Fail::failure(format!(
            "{file}: level {}: the plan does not replay: {e}",
            level.title
        ))
    })?;
    if !summary(level, &played).solved {
        return Err(Fail::failure(format!(
            "{file}: level {}: the solver's plan does not solve the level (a bug)",
            level.title
        )));
    }
    Ok(played)
}

/// Writes `frame-000.svg` (the start) and one picture per push into `dir`.
fn write_frames(dir: &Path, level: &Level, played: &Played) -> Result<(), Fail> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Fail::usage(format!("{}: cannot create: {e}", dir.display())))?;
    let frames = push_frames_svg(level, played);
    for (k, svg) in frames.iter().enumerate() {
        let path = dir.join(format!("frame-{k:03}.svg"));
        std::fs::write(&path, svg)
            .map_err(|e| Fail::usage(format!("{}: cannot write: {e}", path.display())))?;
    }
    eprintln!(
        "gridsat: wrote {} frames into {}",
        frames.len(),
        dir.display()
    );
    Ok(())
}
