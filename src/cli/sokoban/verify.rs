//! `gridsat sokoban verify`: replays a plan and says whether it solves the level.

use super::LevelArgs;
use super::levels::one;
use crate::cli::input::display_name;
use crate::cli::output::outln;
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sokoban::{
    Plan,
    replay::{play, summary},
};

/// Arguments of `verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub levels: LevelArgs,
    /// The plan: LURD letters in any case (the replay decides which moves push), or the
    /// course output `R D R …`; whitespace is ignored.
    #[arg(long)]
    pub plan: String,
}

/// Replays the plan: exit 0 when it solves the level, 1 (with the reason) when it does
/// not or cannot be played.
pub fn verify(a: VerifyArgs) -> Result<Exit, Fail> {
    let level = one(&a.levels)?;
    let file = display_name(&a.levels.file);
    let title = &level.title;
    let invalid = |e: &dyn std::fmt::Display| {
        if let Err(fail) = outln!("level {title}: invalid plan: {e}") {
            return fail;
        }
        Fail::negative(format!(
            "{file}: level {title}: the plan does not replay: {e}"
        ))
    };
    let plan: Plan = a.plan.parse().map_err(|e| invalid(&e))?;
    let played = play(&level, &plan).map_err(|e| invalid(&e))?;
    let r = summary(&level, &played);
    if !r.solved {
        let off = r.boxes.iter().filter(|&&b| !level.goals[b]).count();
        outln!(
            "level {title}: not solved: after {} moves ({} pushes) {off} box(es) stand off a goal",
            r.moves,
            r.pushes
        )?;
        return Err(Fail::negative(format!(
            "{file}: level {title}: the plan does not solve the level"
        )));
    }
    outln!(
        "level {title}: valid: solves the level in {} moves, {} pushes",
        r.moves,
        r.pushes
    )?;
    Ok(Exit::Ok)
}
