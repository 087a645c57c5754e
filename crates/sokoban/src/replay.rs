//! The independent replay simulator: plays a LURD plan on the parsed level, move by
//! move, and says whether every box ends on a goal. It shares no code with the encoders.

use crate::level::Level;
use std::fmt;

/// The state after replaying a plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// Number of moves (letters) played.
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

/// Why a plan cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The 1-based number of the offending move (0 for the plan as a whole).
    pub step: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.step == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "move {}: {}", self.step, self.message)
        }
    }
}

/// A position of the simulation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Cells holding boxes, increasing.
    pub boxes: Vec<usize>,
    /// The player's cell.
    pub player: usize,
}

/// Plays `plan` (LURD letters; whitespace ignored) and returns every position, the
/// start included. Lowercase letters must not push, uppercase letters must push.
pub fn frames(level: &Level, plan: &str) -> Result<Vec<Frame>, ReplayError> {
    let w = level.width as isize;
    let h = level.height as isize;
    let mut occupied = vec![false; level.walls.len()];
    for &b in &level.boxes {
        occupied[b] = true;
    }
    let mut player = level.player;
    let free = |r: isize, c: isize| r >= 0 && c >= 0 && r < h && c < w;
    let mut out = vec![Frame {
        boxes: level.boxes.clone(),
        player,
    }];
    let mut step = 0;
    for ch in plan.chars() {
        if ch.is_whitespace() {
            continue;
        }
        step += 1;
        let (dr, dc) = match ch.to_ascii_lowercase() {
            'u' => (-1, 0),
            'd' => (1, 0),
            'l' => (0, -1),
            'r' => (0, 1),
            _ => {
                return Err(ReplayError {
                    step,
                    message: format!("{ch:?} is not a LURD letter (u d l r, uppercase for pushes)"),
                });
            }
        };
        let pr = player as isize / w;
        let pc = player as isize % w;
        let (r1, c1) = (pr + dr, pc + dc);
        if !free(r1, c1) || level.walls[(r1 * w + c1) as usize] {
            return Err(ReplayError {
                step,
                message: format!("'{ch}' walks into a wall"),
            });
        }
        let next = (r1 * w + c1) as usize;
        if occupied[next] {
            if !ch.is_ascii_uppercase() {
                return Err(ReplayError {
                    step,
                    message: format!(
                        "'{ch}' pushes a box, so it must be written '{}'",
                        ch.to_ascii_uppercase()
                    ),
                });
            }
            let (r2, c2) = (r1 + dr, c1 + dc);
            if !free(r2, c2) || level.walls[(r2 * w + c2) as usize] {
                return Err(ReplayError {
                    step,
                    message: format!("'{ch}' pushes a box into a wall"),
                });
            }
            let beyond = (r2 * w + c2) as usize;
            if occupied[beyond] {
                return Err(ReplayError {
                    step,
                    message: format!("'{ch}' pushes a box into another box"),
                });
            }
            occupied[next] = false;
            occupied[beyond] = true;
        } else if ch.is_ascii_uppercase() {
            return Err(ReplayError {
                step,
                message: format!(
                    "'{ch}' is written as a push but there is no box to push (write '{}')",
                    ch.to_ascii_lowercase()
                ),
            });
        }
        player = next;
        out.push(Frame {
            boxes: (0..occupied.len()).filter(|&i| occupied[i]).collect(),
            player,
        });
    }
    Ok(out)
}

/// Replays `plan` and summarises the result.
pub fn replay(level: &Level, plan: &str) -> Result<Replayed, ReplayError> {
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
pub fn verify(level: &Level, plan: &str) -> Result<Replayed, ReplayError> {
    let r = replay(level, plan)?;
    if !r.solved {
        let off = r.boxes.iter().filter(|&&b| !level.goals[b]).count();
        return Err(ReplayError {
            step: 0,
            message: format!(
                "after all {} moves {off} box(es) still stand off a goal",
                r.moves
            ),
        });
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_xsb::parse_xsb;

    fn level(s: &str) -> Level {
        parse_xsb(s, "t").unwrap().remove(0)
    }

    #[test]
    fn replays_moves_and_pushes() {
        let l = level("######\n#@ $.#\n######\n");
        let r = verify(&l, "rR").unwrap();
        assert_eq!((r.moves, r.pushes, r.solved), (2, 1, true));
        assert!(!replay(&l, "r").unwrap().solved);
        assert!(verify(&l, "r").is_err());
        assert_eq!(verify(&l, "rr").unwrap_err().step, 2);
        assert!(verify(&l, "RR").unwrap_err().message.contains("no box"));
        assert!(verify(&l, "rRR").unwrap_err().message.contains("wall"));
        assert!(verify(&l, "u").unwrap_err().message.contains("wall"));
        assert!(verify(&l, "x").unwrap_err().message.contains("LURD"));
        assert!(verify(&l, " r R\n").is_ok());
    }

    #[test]
    fn boxes_block_boxes() {
        let l = level("#######\n#@$$..#\n#######\n");
        assert!(verify(&l, "R").unwrap_err().message.contains("another box"));
    }
}
