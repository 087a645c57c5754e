//! The board the encoders work on: the player's region, numbered densely, with the
//! boxes that can never move turned into walls.
//!
//! Building a board decides nothing about solvability: boxes that can never move and
//! stand off a goal are recorded in [`Board::stuck`] (and walled in like the others),
//! and the analysis stage turns them into a verdict.

use super::dir::Dir;
use super::level::Level;
use gridsat_sat::{Budget, Stopped};

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
    /// Level cells of boxes that never move and stand on goals (they act as walls).
    pub fixed: Vec<usize>,
    /// Boxes that never move although they stand off a goal, in the order found.
    pub stuck: Vec<Stuck>,
}

/// A box that can never move and stands off a goal: the level has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stuck {
    /// The box's level cell.
    pub cell: usize,
    /// Whether the player could reach it (then it is walled in; else it is out of reach).
    pub reachable: bool,
}

impl Board {
    /// The board of a level: its region, with the boxes that can never move walled in
    /// (those off a goal recorded in [`Board::stuck`]).
    pub fn new(level: &Level) -> Board {
        Board::within(level, &Budget::unlimited()).expect("no limit")
    }

    /// [`Board::new`] within `budget` (finding the immovable boxes takes rounds of
    /// flood fills, as many as boxes at worst).
    pub fn within(level: &Level, budget: &Budget) -> Result<Board, Stopped> {
        let (blocked, fixed, stuck) = immovable_boxes(level, budget)?;
        // Each pass over a level of a million cells takes a tenth of a second (more on
        // a loaded machine): the clock is asked between them.
        budget.check()?;
        let region = flood(level, &blocked, level.player);
        budget.check()?;
        let n = level.walls.len();
        let mut index = vec![None; n];
        let mut cells = Vec::new();
        for c in 0..n {
            if region[c] {
                index[c] = Some(cells.len() as u32);
                cells.push(c);
            }
        }
        budget.check()?;
        let nb = cells
            .iter()
            .map(|&c| Dir::ALL.map(|d| level.step(c, d).and_then(|x| index[x])))
            .collect();
        budget.check()?;
        let goal: Vec<bool> = cells.iter().map(|&c| level.goals[c]).collect();
        let mut boxes: Vec<u32> = level
            .boxes
            .iter()
            .filter(|b| !blocked[**b])
            .map(|&b| index[b].expect("movable boxes lie in the region"))
            .collect();
        boxes.sort_unstable();
        let player = index[level.player].expect("the player is in its region");
        Ok(Board {
            width: level.width,
            cells,
            index,
            nb,
            goal,
            boxes,
            player,
            fixed,
            stuck,
        })
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

    /// "(row, column)" of a region cell, 1-based, for variable names.
    pub fn coords(&self, c: u32) -> (usize, usize) {
        let cell = self.cells[c as usize];
        (cell / self.width + 1, cell % self.width + 1)
    }

    /// The cells the player reaches from `from` without crossing a box (`occupied`).
    pub fn reachable(&self, occupied: &[bool], from: u32) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut stack = vec![from];
        seen[from as usize] = true;
        while let Some(c) = stack.pop() {
            for n in self.nb[c as usize].into_iter().flatten() {
                if !seen[n as usize] && !occupied[n as usize] {
                    seen[n as usize] = true;
                    stack.push(n);
                }
            }
        }
        seen
    }

    /// Occupancy flags of region cells for a list of box cells.
    pub fn occupancy(&self, boxes: &[u32]) -> Vec<bool> {
        let mut occupied = vec![false; self.len()];
        for &b in boxes {
            occupied[b as usize] = true;
        }
        occupied
    }
}

/// The boxes that can never move: a box is movable when the player reaches it and it
/// has free cells on both sides along some axis; a box that is not becomes a wall,
/// which may pin others. Returns the blocked cells (walls and those boxes), the boxes on
/// goals, and the boxes off goals (in the order found).
type Immovable = (Vec<bool>, Vec<usize>, Vec<Stuck>);

/// The fixpoint of [`Immovable`] by a worklist: every box is tested once in order, then
/// only the boxes beside one just walled in, and the boxes the player's region loses
/// when a wall inside it shrinks it. Rounds over all the boxes walled in one layer a
/// round: a block of 360,000 boxes took 300 rounds of the whole level, a row of boxes
/// walled in from its far end one round per box.
fn immovable_boxes(level: &Level, budget: &Budget) -> Result<Immovable, Stopped> {
    let n = level.walls.len();
    let mut blocked = level.walls.clone();
    let mut fixed: Vec<usize> = Vec::new();
    let mut stuck = Vec::new();
    let mut is_box = vec![false; n];
    level.boxes.iter().for_each(|&b| is_box[b] = true);
    let mut queued = is_box.clone();
    let mut queue: std::collections::VecDeque<usize> = level.boxes.iter().copied().collect();
    let mut region = flood(level, &blocked, level.player);
    loop {
        let mut shrunk = false;
        let mut tested = 0u32;
        while let Some(b) = queue.pop_front() {
            queued[b] = false;
            tested = tested.wrapping_add(1);
            if tested % 4096 == 0 {
                budget.check()?;
            }
            if blocked[b] || movable(level, &blocked, &region, b) {
                continue;
            }
            if level.goals[b] {
                fixed.push(b);
            } else {
                stuck.push(Stuck {
                    cell: b,
                    reachable: region[b],
                });
            }
            blocked[b] = true;
            shrunk |= region[b];
            for m in Dir::ALL.into_iter().filter_map(|d| level.step(b, d)) {
                if is_box[m] && !blocked[m] && !queued[m] {
                    queued[m] = true;
                    queue.push_back(m);
                }
            }
        }
        if !shrunk {
            break;
        }
        budget.check()?;
        region = flood(level, &blocked, level.player);
        for &b in &level.boxes {
            if !blocked[b] && !region[b] && !queued[b] {
                queued[b] = true;
                queue.push_back(b);
            }
        }
        if queue.is_empty() {
            break;
        }
    }
    fixed.sort_unstable();
    Ok((blocked, fixed, stuck))
}

/// The box on `b` is reached by the player (`region`) and has free cells on both sides
/// along some axis.
fn movable(level: &Level, blocked: &[bool], region: &[bool], b: usize) -> bool {
    let open = |c: Option<usize>| c.is_some_and(|c| !blocked[c]);
    region[b]
        && ((open(level.step(b, Dir::Up)) && open(level.step(b, Dir::Down)))
            || (open(level.step(b, Dir::Left)) && open(level.step(b, Dir::Right))))
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
