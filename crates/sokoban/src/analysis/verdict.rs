//! Verdicts before any search: the reasons a level cannot be solved that a look at the
//! board proves.

use super::bound::matching_bound;
use super::distances::{INF, dist_to_goals};
use crate::halt::Halt;
use crate::model::{Board, CellRef, Level};
use gridsat_sat::Budget;

/// Why a level cannot be solved, found before any search.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unsolvable {
    /// More boxes than goals.
    #[error("{boxes} boxes but only {goals} goals")]
    TooManyBoxes {
        /// Boxes in the level.
        boxes: usize,
        /// Goals in the level.
        goals: usize,
    },
    /// A box off a goal that can never move.
    #[error(
        "the box at {at} {} and is not on a goal",
        if *.reachable { "can never be pushed" } else { "cannot be reached by the player" }
    )]
    StuckBox {
        /// Where the box stands.
        at: CellRef,
        /// Whether the player can reach it (it is walled in) or not.
        reachable: bool,
    },
    /// More movable boxes than goals in the player's region.
    #[error("{boxes} movable boxes but only {goals} goals they can reach")]
    TooFewGoals {
        /// The boxes that can move.
        boxes: usize,
        /// The goals in the player's region.
        goals: usize,
    },
    /// A box on a dead square: no goal can be reached from it by pushing.
    #[error("the box at {at} can never be pushed onto a goal")]
    DeadBox {
        /// Where the box stands.
        at: CellRef,
    },
    /// No assignment of boxes to distinct goals reachable by pushing.
    #[error("the boxes cannot all be pushed onto different goals")]
    NoMatching,
    /// Two start boxes that can never both reach goals (from the two-box table).
    #[error(
        "the boxes at ({},{}) and ({},{}) can never both reach goals",
        .first.0, .first.1, .second.0, .second.1
    )]
    DeadPair {
        /// (row, column) of the first box, 1-based.
        first: (usize, usize),
        /// (row, column) of the second box, 1-based.
        second: (usize, usize),
    },
    /// No plan of any length, as the proof says.
    #[error("no plan of any length: {0}")]
    NoPlan(Proof),
}

/// How a level with no plan at any horizon was proven to have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Proof {
    /// Every push state reachable from the start was searched.
    #[error(
        "exhaustive search of the {states} push state(s) reachable from the start, none solved"
    )]
    Exhaustive {
        /// The states searched.
        states: usize,
    },
    /// The A* over push states expanded every state reachable from the start that is
    /// not a deadlock (dead squares, freeze deadlocks, dead pairs, no matching of boxes
    /// to goals), and none was solved.
    #[error(
        "A* over push states exhausted all {states} reachable states that are not deadlocks (dead squares, freeze, dead pairs, no matching), none solved"
    )]
    Astar {
        /// The states stored.
        states: usize,
    },
    /// The encoding is unsatisfiable even without asking for the goal: no sequence of
    /// steps keeps the constraints every shortest plan keeps (dead squares, freeze
    /// patterns, push-count parity, …).
    #[error(
        "no sequence of {horizon} {unit} keeps the constraints every shortest plan keeps (the formula is unsatisfiable without the goal)"
    )]
    Invariants {
        /// The horizon of the unsatisfiable formula.
        horizon: usize,
        /// "pushes" or "moves".
        unit: &'static str,
    },
    /// No plan up to a horizon beyond which no shortest plan can go.
    #[error(
        "none of at most {horizon} {unit}, and no shortest plan is longer: the level has at most {states} states and a shortest plan never repeats one"
    )]
    StateBound {
        /// The horizon proven to have no plan.
        horizon: usize,
        /// "pushes" or "moves".
        unit: &'static str,
        /// The bound on the level's states.
        states: u64,
    },
}

/// A board that passed the checks before search, with its matching bound.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The board.
    pub board: Board,
    /// The least total push distance of boxes to distinct goals: an admissible lower
    /// bound on pushes.
    pub bound: u32,
}

/// The board of a level, or why the level has no solution: more boxes than goals, a
/// box that can never move off a non-goal, more movable boxes than goals they can
/// reach, a box on a dead square, no assignment of boxes to distinct goals. Fails when
/// `budget` runs out first.
pub fn analyse(level: &Level, budget: &Budget) -> Result<Result<Analysis, Unsolvable>, Halt> {
    let total_goals = level.goal_count();
    if level.boxes.len() > total_goals {
        return Ok(Err(Unsolvable::TooManyBoxes {
            boxes: level.boxes.len(),
            goals: total_goals,
        }));
    }
    let board = Board::within(level, budget)?;
    if let Some(s) = board.stuck.first() {
        return Ok(Err(Unsolvable::StuckBox {
            at: level.cell_ref(s.cell),
            reachable: s.reachable,
        }));
    }
    let goals = board.goal.iter().filter(|&&g| g).count();
    if board.boxes.len() > goals {
        return Ok(Err(Unsolvable::TooFewGoals {
            boxes: board.boxes.len(),
            goals,
        }));
    }
    let to_goal = dist_to_goals(&board);
    for &b in &board.boxes {
        if to_goal[b as usize] == INF {
            return Ok(Err(Unsolvable::DeadBox {
                at: level.cell_ref(board.cells[b as usize]),
            }));
        }
    }
    Ok(match matching_bound(&board, budget)? {
        None => Err(Unsolvable::NoMatching),
        Some(bound) => Ok(Analysis { board, bound }),
    })
}

impl Unsolvable {
    /// The verdict for two start boxes on region cells `a` and `b` whose pair is dead.
    pub fn dead_pair(board: &Board, a: u32, b: u32) -> Unsolvable {
        Unsolvable::DeadPair {
            first: board.coords(a),
            second: board.coords(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Format, parse_levels};

    fn verdict(text: &str) -> String {
        let level = &parse_levels(text, "t", Format::Xsb).unwrap()[0];
        let verdict = analyse(level, &Budget::unlimited()).unwrap();
        verdict.err().map(|u| u.to_string()).unwrap_or_default()
    }

    #[test]
    fn each_early_verdict_says_why() {
        assert_eq!(
            verdict("#####\n#@$$.#\n#####\n"),
            "2 boxes but only 1 goals"
        );
        assert_eq!(
            verdict("#####\n#$@.#\n#####\n"),
            "the box at row 2, column 2 (line 2) can never be pushed and is not on a goal"
        );
        assert_eq!(
            verdict("######\n#@ $ #\n# ##.#\n######\n"),
            "the box at row 2, column 4 (line 2) can never be pushed onto a goal"
        );
        assert_eq!(verdict("######\n#@ $.#\n######\n"), "");
    }
}
