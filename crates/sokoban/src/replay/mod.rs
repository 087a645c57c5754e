//! The second stage, the independent replay simulator: plays a plan on the parsed level,
//! move by move, and says whether every box ends on a goal. It imports only the model
//! and shares no code with the encoders, so a plan it accepts is a plan.

use crate::model::{Frame, Level, Move, Plan};
use std::fmt;

/// The state after replaying a plan.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Replayed {
    /// Number of moves played.
    pub moves: usize,
    /// Number of pushes among them.
    pub pushes: usize,
    /// True when every box stands on a goal at the end.
    pub solved: bool,
    /// The boxes' cells at the end, increasing.
    pub boxes: Vec<usize>,
    /// The player's cell at the end.
    pub player: usize,
}

/// Why a plan cannot be played, or does not solve the level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub struct ReplayError {
    /// The 1-based number of the offending move (0 for the plan as a whole).
    pub step: usize,
    /// What went wrong.
    pub problem: Problem,
}

/// What went wrong in a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// The move walks into a wall (or off the grid).
    IntoWall(Move),
    /// The move is written as a walk but pushes a box.
    UnmarkedPush(Move),
    /// The move pushes a box into a wall.
    BoxIntoWall(Move),
    /// The move pushes a box into another box.
    BoxIntoBox(Move),
    /// The move is written as a push but there is no box to push.
    NoBox(Move),
    /// The plan ends with boxes off goals.
    NotSolved {
        /// Moves played.
        moves: usize,
        /// Boxes off a goal at the end.
        off: usize,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Problem::IntoWall(m) => write!(f, "'{}' walks into a wall", m.letter()),
            Problem::UnmarkedPush(m) => write!(
                f,
                "'{}' pushes a box, so it must be written '{}'",
                m.letter(),
                m.dir.letter(true)
            ),
            Problem::BoxIntoWall(m) => write!(f, "'{}' pushes a box into a wall", m.letter()),
            Problem::BoxIntoBox(m) => {
                write!(f, "'{}' pushes a box into another box", m.letter())
            }
            Problem::NoBox(m) => write!(
                f,
                "'{}' is written as a push but there is no box to push (write '{}')",
                m.letter(),
                m.dir.letter(false)
            ),
            Problem::NotSolved { moves, off } => write!(
                f,
                "after all {moves} moves {off} box(es) still stand off a goal"
            ),
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.step == 0 {
            write!(f, "{}", self.problem)
        } else {
            write!(f, "move {}: {}", self.step, self.problem)
        }
    }
}

/// The simulation: box occupancy and the player, on the level's own grid.
struct Sim<'a> {
    level: &'a Level,
    occupied: Vec<bool>,
    player: usize,
}

impl Sim<'_> {
    /// The cell one step from `cell` in the move's direction, unless it is a wall or
    /// off the grid.
    fn next(&self, cell: usize, m: Move) -> Option<usize> {
        let w = self.level.width as isize;
        let h = self.level.height as isize;
        let (dr, dc) = m.dir.delta();
        let (r, c) = (cell as isize / w + dr, cell as isize % w + dc);
        let inside = r >= 0 && c >= 0 && r < h && c < w;
        let n = (r * w + c) as usize;
        (inside && !self.level.walls[n]).then_some(n)
    }

    /// Plays one move and returns it as played (pushing when it walks into a box). With
    /// `strict`, the move's own mark must agree: a box ahead must be pushed, and only
    /// then may the move say so.
    fn play(&mut self, m: Move, strict: bool) -> Result<Move, Problem> {
        let next = self.next(self.player, m).ok_or(Problem::IntoWall(m))?;
        let pushes = self.occupied[next];
        if strict && pushes != m.push {
            return Err(if pushes {
                Problem::UnmarkedPush(m)
            } else {
                Problem::NoBox(m)
            });
        }
        if pushes {
            let beyond = self.next(next, m).ok_or(Problem::BoxIntoWall(m))?;
            if self.occupied[beyond] {
                return Err(Problem::BoxIntoBox(m));
            }
            self.occupied[next] = false;
            self.occupied[beyond] = true;
        }
        self.player = next;
        Ok(Move {
            dir: m.dir,
            push: pushes,
        })
    }

    fn frame(&self) -> Frame {
        Frame {
            boxes: (0..self.occupied.len())
                .filter(|&i| self.occupied[i])
                .collect(),
            player: self.player,
        }
    }
}

/// A plan as the simulator played it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Played {
    /// The moves, each marked as a push exactly when it pushed.
    pub plan: Plan,
    /// Every position, the start included (`frames[k]` after move `k`).
    pub frames: Vec<Frame>,
}

/// Plays the moves of `plan`; `strict` as in [`Sim::play`].
fn run(level: &Level, plan: &Plan, strict: bool) -> Result<Played, ReplayError> {
    let mut occupied = vec![false; level.walls.len()];
    for &b in &level.boxes {
        occupied[b] = true;
    }
    let mut sim = Sim {
        level,
        occupied,
        player: level.player,
    };
    let mut frames = vec![sim.frame()];
    let mut played = Plan::new();
    for (k, &m) in plan.moves().iter().enumerate() {
        let m = sim.play(m, strict).map_err(|problem| ReplayError {
            step: k + 1,
            problem,
        })?;
        played.push(m);
        frames.push(sim.frame());
    }
    Ok(Played {
        plan: played,
        frames,
    })
}

/// Plays `plan` and returns every position, the start included. Walks must not push,
/// pushes must push (the check the solver's plans pass).
pub fn frames(level: &Level, plan: &Plan) -> Result<Vec<Frame>, ReplayError> {
    run(level, plan, true).map(|p| p.frames)
}

/// Plays the directions of `plan` whatever its push marks say (a move pushes when it
/// walks into a box): how a person's plan is read, in any letter case, or the course
/// output `R D R …`. Fails only on a move into a wall or a push that cannot be made.
pub fn play(level: &Level, plan: &Plan) -> Result<Played, ReplayError> {
    run(level, plan, false)
}

/// Summarises a played plan.
pub fn summary(level: &Level, played: &Played) -> Replayed {
    let last = played.frames.last().expect("the start frame");
    Replayed {
        moves: played.plan.len(),
        pushes: played.plan.pushes(),
        solved: last.boxes.iter().all(|&b| level.goals[b]),
        boxes: last.boxes.clone(),
        player: last.player,
    }
}

/// Replays `plan` and summarises the result.
pub fn replay(level: &Level, plan: &Plan) -> Result<Replayed, ReplayError> {
    let all = frames(level, plan)?;
    let last = all.last().expect("the start frame");
    let pushes = all.windows(2).filter(|w| w[0].boxes != w[1].boxes).count();
    Ok(Replayed {
        moves: all.len() - 1,
        pushes,
        solved: last.boxes.iter().all(|&b| level.goals[b]),
        boxes: last.boxes.clone(),
        player: last.player,
    })
}

/// Replays `plan` and insists that it solves the level.
pub fn verify(level: &Level, plan: &Plan) -> Result<Replayed, ReplayError> {
    let r = replay(level, plan)?;
    if !r.solved {
        let off = r.boxes.iter().filter(|&&b| !level.goals[b]).count();
        return Err(ReplayError {
            step: 0,
            problem: Problem::NotSolved {
                moves: r.moves,
                off,
            },
        });
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Format, parse_levels};

    fn level(s: &str) -> Level {
        parse_levels(s, "t", Format::Xsb).unwrap().remove(0)
    }

    fn plan(s: &str) -> Plan {
        s.parse().unwrap()
    }

    #[test]
    fn replays_moves_and_pushes() {
        let l = level("######\n#@ $.#\n######\n");
        let r = verify(&l, &plan("rR")).unwrap();
        assert_eq!((r.moves, r.pushes, r.solved), (2, 1, true));
        assert!(!replay(&l, &plan("r")).unwrap().solved);
        assert!(verify(&l, &plan("r")).is_err());
        assert_eq!(verify(&l, &plan("rr")).unwrap_err().step, 2);
        let e = |p: &str| verify(&l, &plan(p)).unwrap_err().to_string();
        assert!(e("RR").contains("no box"));
        assert!(e("rRR").contains("wall"));
        assert!(e("u").contains("wall"));
        assert!(verify(&l, &plan(" r R\n")).is_ok());
        assert_eq!(
            e("rr"),
            "move 2: 'r' pushes a box, so it must be written 'R'"
        );
        assert_eq!(e("r"), "after all 1 moves 1 box(es) still stand off a goal");
    }

    #[test]
    fn played_plans_take_their_pushes_from_the_board() {
        let l = level("######\n#@ $.#\n######\n");
        for text in ["rr", "RR", "R R", "r\nR"] {
            let p = play(&l, &plan(text)).unwrap();
            assert_eq!(p.plan.to_string(), "rR", "{text}");
            let s = summary(&l, &p);
            assert_eq!((s.moves, s.pushes, s.solved), (2, 1, true));
        }
        assert_eq!(
            play(&l, &plan("rrr")).unwrap_err().to_string(),
            "move 3: 'r' pushes a box into a wall"
        );
        assert_eq!(
            play(&l, &plan("L")).unwrap_err().to_string(),
            "move 1: 'L' walks into a wall"
        );
    }

    #[test]
    fn boxes_block_boxes() {
        let l = level("#######\n#@$$..#\n#######\n");
        let e = verify(&l, &plan("R")).unwrap_err();
        assert!(e.to_string().contains("another box"));
    }
}
