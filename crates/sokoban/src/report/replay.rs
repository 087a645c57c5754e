//! A plan played move by move by the independent simulator, every position returned
//! (`POST /api/sokoban/replay`): the page shows and plays levels with these positions
//! rather than with push rules of its own; schema `docs/schema/sokoban/replay.json`.

use super::request::{RequestError, VerifyRequest, read_level};
use crate::model::{Frame, Level, Plan};
use crate::replay::play;
use serde::Serialize;

/// The positions of a plan, as far as it can be played.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ReplayJson {
    /// The level's title.
    pub level: String,
    /// The moves that could be played, each marked as a push (a capital) exactly when
    /// it pushed.
    pub plan: String,
    /// Every position: the start, then one after each move played.
    pub frames: Vec<FrameJson>,
    /// Whether the last position has every box on a goal.
    pub solved: bool,
    /// Why the move after the last one played cannot be made (`null`: every move of the
    /// plan was played).
    pub error: Option<String>,
}

/// One position: cells as `[row, column]`, 0-based, in the level's `rows`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct FrameJson {
    /// The player's cell.
    pub player: [usize; 2],
    /// The boxes' cells, in row-major order.
    pub boxes: Vec<[usize; 2]>,
    /// The pushes made to reach it.
    pub pushes: usize,
}

/// Replays the request's plan on its level.
pub fn replay_request(req: &VerifyRequest) -> Result<ReplayJson, RequestError> {
    let level = read_level(&req.level, req.number.as_deref())?;
    Ok(replay_level(&level, &req.plan))
}

/// Replays `plan` (LURD letters in any case, or `R D R …`) on `level`, as far as it can
/// be played: a move into a wall or a push that cannot be made stops it, with `error`.
pub fn replay_level(level: &Level, plan: &str) -> ReplayJson {
    let (plan, mut error) = match plan.parse::<Plan>() {
        Ok(p) => (p, None),
        Err(e) => (Plan::new(), Some(e.to_string())),
    };
    // A plan that breaks off is played again up to the move before the one refused.
    let mut moves = plan.moves().to_vec();
    let played = loop {
        let prefix = moves.iter().copied().fold(Plan::new(), |mut p, m| {
            p.push(m);
            p
        });
        match play(level, &prefix) {
            Ok(p) => break p,
            Err(e) => {
                error.get_or_insert_with(|| e.to_string());
                moves.truncate(e.step.saturating_sub(1));
            }
        }
    };
    let mut pushes = 0;
    let frames = played
        .frames
        .iter()
        .enumerate()
        .map(|(k, f)| {
            if k > 0 && played.plan.moves()[k - 1].push {
                pushes += 1;
            }
            frame_json(level, f, pushes)
        })
        .collect::<Vec<_>>();
    let last = played.frames.last();
    ReplayJson {
        level: level.title.clone(),
        plan: played.plan.to_string(),
        solved: last.is_some_and(|f| f.boxes.iter().all(|&b| level.goals[b])),
        frames,
        error,
    }
}

/// A position with its cells as `[row, column]`.
fn frame_json(level: &Level, f: &Frame, pushes: usize) -> FrameJson {
    let at = |cell: usize| [cell / level.width, cell % level.width];
    FrameJson {
        player: at(f.player),
        boxes: f.boxes.iter().map(|&b| at(b)).collect(),
        pushes,
    }
}
