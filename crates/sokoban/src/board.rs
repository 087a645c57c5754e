//! The board the encoders work on: the player's region, immovable boxes, and early verdicts.

use crate::level::{Dir, Level};
use std::collections::VecDeque;

/// A distance that means "unreachable".
pub const INF: u32 = u32::MAX;

/// The cells the player can ever stand on (the flood fill from the player through
/// non-wall cells, boxes ignored), numbered densely, with boxes that can never move
/// turned into walls.
#[derive(Clone, Debug)]
pub struct Board {
    /// Level width (for coordinates).
    pub width: usize,
    /// Region index → level cell.
    pub cells: Vec<usize>,
    /// Level cell → region index.
    pub index: Vec<Option<u32>>,
    /// Neighbours inside the region, indexed by [`Dir::index`].
    pub nb: Vec<[Option<u32>; 4]>,
    /// Goal flags per region cell (goals under immovable boxes excluded).
    pub goal: Vec<bool>,
    /// Region cells of the boxes that can move, increasing.
    pub boxes: Vec<u32>,
    /// The player's region cell.
    pub player: u32,
    /// Level cells of boxes that never move (they stand on goals and act as walls).
    pub fixed: Vec<usize>,
}

/// Why a level cannot be solved, found before any search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsolvable(pub String);

impl Board {
    /// Analyses a level: region, immovable boxes, and the simple reasons for no solution
    /// (more boxes than goals, a box that cannot reach any goal, no assignment of boxes
    /// to goals).
    pub fn new(level: &Level) -> Result<Board, Unsolvable> {
        let total_goals = level.goal_count();
        if level.boxes.len() > total_goals {
            return Err(Unsolvable(format!(
                "{} boxes but only {} goals",
                level.boxes.len(),
                total_goals
            )));
        }
        let n = level.walls.len();
        let mut blocked = level.walls.clone();
        let mut fixed: Vec<usize> = Vec::new();
        let mut is_box = vec![false; n];
        for &b in &level.boxes {
            is_box[b] = true;
        }
        let open = |blocked: &[bool], c: Option<usize>| c.is_some_and(|c| !blocked[c]);
        loop {
            let region = flood(level, &blocked, level.player);
            let mut changed = false;
            for &b in &level.boxes {
                if blocked[b] {
                    continue;
                }
                let movable = region[b]
                    && ((open(&blocked, level.step(b, Dir::Up))
                        && open(&blocked, level.step(b, Dir::Down)))
                        || (open(&blocked, level.step(b, Dir::Left))
                            && open(&blocked, level.step(b, Dir::Right))));
                if !movable {
                    if !level.goals[b] {
                        let why = if region[b] {
                            "can never be pushed"
                        } else {
                            "cannot be reached by the player"
                        };
                        return Err(Unsolvable(format!(
                            "the box at {} {why} and is not on a goal",
                            level.describe_cell(b)
                        )));
                    }
                    blocked[b] = true;
                    fixed.push(b);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let region = flood(level, &blocked, level.player);
        let mut index = vec![None; n];
        let mut cells = Vec::new();
        for c in 0..n {
            if region[c] {
                index[c] = Some(cells.len() as u32);
                cells.push(c);
            }
        }
        let nb = cells
            .iter()
            .map(|&c| Dir::ALL.map(|d| level.step(c, d).and_then(|x| index[x])))
            .collect();
        let goal: Vec<bool> = cells.iter().map(|&c| level.goals[c]).collect();
        let mut boxes: Vec<u32> = level
            .boxes
            .iter()
            .filter(|b| !blocked[**b])
            .map(|&b| index[b].expect("movable boxes lie in the region"))
            .collect();
        boxes.sort_unstable();
        fixed.sort_unstable();
        let player = index[level.player].expect("the player is in its region");
        let board = Board {
            width: level.width,
            cells,
            index,
            nb,
            goal,
            boxes,
            player,
            fixed,
        };
        let goals = board.goal.iter().filter(|&&g| g).count();
        if board.boxes.len() > goals {
            return Err(Unsolvable(format!(
                "{} movable boxes but only {} goals they can reach",
                board.boxes.len(),
                goals
            )));
        }
        let to_goal = crate::deadsquares::dist_to_goals(&board);
        for &b in &board.boxes {
            if to_goal[b as usize] == INF {
                return Err(Unsolvable(format!(
                    "the box at {} can never be pushed onto a goal",
                    level.describe_cell(board.cells[b as usize])
                )));
            }
        }
        if crate::bound::matching_bound(&board).is_none() {
            return Err(Unsolvable(
                "the boxes cannot all be pushed onto different goals".into(),
            ));
        }
        Ok(board)
    }

    /// Number of region cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when the region is empty (never: the player stands in it).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Region indices of the goals.
    pub fn goals(&self) -> Vec<u32> {
        (0..self.len() as u32)
            .filter(|&c| self.goal[c as usize])
            .collect()
    }

    /// True when every movable box already stands on a goal.
    pub fn is_solved_at_start(&self) -> bool {
        self.boxes.iter().all(|&b| self.goal[b as usize])
    }

    /// The parity every plan's push count has, when the goals are exactly as many as
    /// the movable boxes. Colour the squares like a chessboard: a push moves one box to
    /// a square of the other colour, so the number of boxes on dark squares changes by
    /// one with every push, and it ends at the number of goals on dark squares. (With
    /// spare goals the end count is not fixed, and neither is the parity.)
    pub fn push_parity(&self) -> Option<usize> {
        if self.goal.iter().filter(|&&g| g).count() != self.boxes.len() {
            return None;
        }
        let dark = |c: u32| {
            let cell = self.cells[c as usize];
            (cell / self.width + cell % self.width) % 2
        };
        let on_dark = |cells: &[u32]| cells.iter().map(|&c| dark(c)).sum::<usize>();
        Some((on_dark(&self.boxes) + on_dark(&self.goals())) % 2)
    }

    /// "(row, column)" of a region cell, 1-based, for variable names.
    pub fn coords(&self, c: u32) -> (usize, usize) {
        let cell = self.cells[c as usize];
        (cell / self.width + 1, cell % self.width + 1)
    }

    /// Player distances (in moves, boxes ignored) from `from` to every region cell.
    pub fn walk_distances(&self, from: u32) -> Vec<u32> {
        let mut dist = vec![INF; self.len()];
        let mut q = VecDeque::new();
        dist[from as usize] = 0;
        q.push_back(from);
        while let Some(c) = q.pop_front() {
            for n in self.nb[c as usize].into_iter().flatten() {
                if dist[n as usize] == INF {
                    dist[n as usize] = dist[c as usize] + 1;
                    q.push_back(n);
                }
            }
        }
        dist
    }
}

/// Cells reachable from `start` through cells that are not blocked.
fn flood(level: &Level, blocked: &[bool], start: usize) -> Vec<bool> {
    let mut seen = vec![false; blocked.len()];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(c) = stack.pop() {
        for d in Dir::ALL {
            if let Some(n) = level.step(c, d)
                && !blocked[n]
                && !seen[n]
            {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    seen
}
