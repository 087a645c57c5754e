//! Macro moves of the satisficing search: one step of the search that is several
//! pushes of one box. A box pushed into a tunnel (walls on both sides of it and of the
//! player) is pushed on to the tunnel's end; a box pushed into a goal room (or to its
//! door) goes straight to the room's next goal in the packing order, by the fewest
//! pushes the other boxes allow. Macros lose plans (the search no longer tries every
//! push), so they serve the passes that are not optimal only: a pass with macros that
//! runs out of states proves nothing. Each macro is a list of single pushes, which the
//! plan keeps, so the walk and the replay see nothing but pushes.

use super::flood::{Flood, Stamp};
use crate::analysis::Push;
use crate::model::{Board, Dir};
use std::collections::VecDeque;

/// The most cells the box-path search of one macro floods in all (its nodes times the
/// board's cells): a few milliseconds, so the clock asked between boxes still answers.
const PATH_WORK: usize = 2_000_000;

/// The fewest goals a connected group of goals needs to count as a goal room.
const ROOM_GOALS: usize = 3;

/// How many of a room's empty goals a box entering it tries, in the packing order.
const HOMES: usize = 3;

/// The goal rooms of a board and their filling orders, built once per board.
pub struct Macros {
    /// The room (index into `order`) of each goal cell of a room, `usize::MAX` else.
    room_of: Vec<usize>,
    /// The room a cell is the door of (beside a room's goal, not a goal itself).
    door_of: Vec<usize>,
    /// Each room's goals, the first to fill first.
    order: Vec<Vec<u32>>,
}

/// What a push becomes under the macros.
#[derive(Debug, PartialEq, Eq)]
pub enum Macro {
    /// The push alone.
    Plain,
    /// A macro: the push and those after it.
    Pushes(Vec<Push>),
    /// Not to be tried (a box on a room's goal out of the packing order).
    Cut,
}

/// Scratch of the box-path search, reused between macros.
#[derive(Default)]
pub struct MacroScratch {
    /// Per (cell, side) node: the node it was reached from, `u32::MAX` if unseen.
    prev: Vec<u32>,
    seen: Vec<Stamp>,
    stamp: Stamp,
    reach: Flood,
    queue: VecDeque<u32>,
}

impl Macros {
    /// The goal rooms of `board` (connected goals, at least [`ROOM_GOALS`] of them),
    /// each with its goals ordered by `rank` (a packing order: the least rank first).
    pub fn new(board: &Board, rank: &[u32]) -> Macros {
        let n = board.len();
        let mut room_of = vec![usize::MAX; n];
        let mut order = Vec::new();
        for g in board.goals() {
            if room_of[g as usize] != usize::MAX {
                continue;
            }
            let group = goal_group(board, g);
            if group.len() < ROOM_GOALS {
                continue;
            }
            let mut goals = group;
            goals.sort_by_key(|&c| (rank[c as usize], c));
            for &c in &goals {
                room_of[c as usize] = order.len();
            }
            order.push(goals);
        }
        // A door: a cell off the goals beside a room's goal (the last room named).
        let door_of = (0..n)
            .map(|c| match board.goal[c] {
                true => usize::MAX,
                false => board.nb[c]
                    .into_iter()
                    .flatten()
                    .map(|m| room_of[m as usize])
                    .rfind(|&r| r != usize::MAX)
                    .unwrap_or(usize::MAX),
            })
            .collect();
        Macros {
            room_of,
            door_of,
            order,
        }
    }

    /// The macro starting with the push `first` (the cell ahead free and live), the
    /// boxes in `occ` (which shows the box at `first.from`, and is the same again on
    /// return): the pushes of one, the plain push when none applies, or (with `cuts`)
    /// a cut when the push puts a box on a room's goal out of the packing order and no
    /// goal of the order is in its reach (Rolling Stone's goal-room cut: boxes enter a
    /// room by its macros only).
    pub fn extend(
        &self,
        board: &Board,
        occ: &mut [bool],
        dead: &[bool],
        first: Push,
        cuts: bool,
        s: &mut MacroScratch,
    ) -> Macro {
        let mut path = tunnel(board, occ, dead, first);
        let last = *path.last().expect("a push");
        let at = board.nb[last.from as usize][last.dir.index()].expect("pushed onto a cell");
        let room = self.room_entered(first.from, at);
        if room != usize::MAX {
            occ[first.from as usize] = false;
            // The first empty goals of the order the box reaches (the first of all
            // may be out of its reach with the room's boxes where they are).
            let mut homes: Vec<u32> = self.order[room]
                .iter()
                .copied()
                .filter(|&g| !occ[g as usize])
                .take(HOMES)
                .collect();
            let in_order = homes.iter().position(|&g| g == at);
            homes.truncate(in_order.unwrap_or(HOMES));
            occ[at as usize] = true;
            let more = homes
                .into_iter()
                .find_map(|g| box_path(board, occ, dead, at, last.from, g, s));
            occ[at as usize] = false;
            occ[first.from as usize] = true;
            match more {
                Some(more) => path.extend(more),
                None if cuts && in_order.is_none() && self.room_of[at as usize] == room => {
                    return Macro::Cut;
                }
                None => {}
            }
        }
        match path.len() {
            1 => Macro::Plain,
            _ => Macro::Pushes(path),
        }
    }

    /// Whether a box put on `at` stands on a goal room's goal that is not among the
    /// room's first [`HOMES`] empty goals in the packing order (`occ` shows the other
    /// boxes): the box moves' form of the goal-room cut.
    pub fn out_of_order(&self, occ: &[bool], at: usize) -> bool {
        let room = self.room_of[at];
        room != usize::MAX
            && !self.order[room]
                .iter()
                .filter(|&&g| !occ[g as usize])
                .take(HOMES)
                .any(|&g| g as usize == at)
    }

    /// The room a box moved from `from` to `at` entered (`usize::MAX`: none): `at` is a
    /// room's goal or door and `from` was not in that room.
    fn room_entered(&self, from: u32, at: u32) -> usize {
        let r = match self.room_of[at as usize] {
            usize::MAX => self.door_of[at as usize],
            r => r,
        };
        if r == usize::MAX || self.room_of[from as usize] == r {
            return usize::MAX;
        }
        r
    }
}

/// The goals connected to goal `g` through goals.
fn goal_group(board: &Board, g: u32) -> Vec<u32> {
    let mut seen = vec![false; board.len()];
    let mut out = vec![g];
    seen[g as usize] = true;
    let mut i = 0;
    while i < out.len() {
        for m in board.nb[out[i] as usize].into_iter().flatten() {
            if board.goal[m as usize] && !seen[m as usize] {
                seen[m as usize] = true;
                out.push(m);
            }
        }
        i += 1;
    }
    out
}

/// Whether cell `c` has walls on both sides across direction `d`.
fn walled_across(board: &Board, c: u32, d: Dir) -> bool {
    let [a, b] = match d {
        Dir::Up | Dir::Down => [Dir::Left, Dir::Right],
        Dir::Left | Dir::Right => [Dir::Up, Dir::Down],
    };
    board.nb[c as usize][a.index()].is_none() && board.nb[c as usize][b.index()].is_none()
}

/// The push `first` and, while the box and the player stand in a tunnel (walled on
/// both sides across the push) and the box is off the goals, the pushes on along it.
fn tunnel(board: &Board, occ: &[bool], dead: &[bool], first: Push) -> Vec<Push> {
    let d = first.dir;
    let mut path = vec![first];
    let mut from = first.from;
    let mut at = board.nb[from as usize][d.index()].expect("pushed onto a cell");
    while !board.goal[at as usize]
        && walled_across(board, at, d)
        && walled_across(board, from, d)
        && let Some(next) = board.nb[at as usize][d.index()]
        && !occ[next as usize]
        && !dead[next as usize]
        && next != first.from
    {
        path.push(Push { from: at, dir: d });
        from = at;
        at = next;
    }
    path
}

/// The fewest pushes of the box at `start` (the player at `player`, the other boxes in
/// `occ`, which also shows this box) that bring it to `goal`, through live cells.
fn box_path(
    board: &Board,
    occ: &mut [bool],
    dead: &[bool],
    start: u32,
    player: u32,
    goal: u32,
    s: &mut MacroScratch,
) -> Option<Vec<Push>> {
    let n = board.len();
    if s.seen.len() < 4 * n {
        s.seen = vec![0; 4 * n];
        s.prev = vec![0; 4 * n];
    }
    s.stamp += 1;
    s.queue.clear();
    occ[start as usize] = false;
    // A node is the box's cell and the side the player stands on (the direction from
    // the box to the player).
    let side = (0..4).find(|&k| board.nb[start as usize][k] == Some(player))?;
    let root = 4 * start + side as u32;
    s.seen[root as usize] = s.stamp;
    s.prev[root as usize] = u32::MAX;
    s.queue.push_back(root);
    let mut end = None;
    let mut budget = PATH_WORK / n.max(1);
    while let Some(node) = s.queue.pop_front() {
        let (c, k) = (node / 4, node as usize % 4);
        if c == goal {
            end = Some(node);
            break;
        }
        if budget == 0 {
            break;
        }
        budget -= 1;
        let p = board.nb[c as usize][k].expect("the player's side is a cell");
        s.reach.fill(board, occ, c, p);
        for d in Dir::ALL {
            let nb = &board.nb[c as usize];
            let (Some(behind), Some(ahead)) = (nb[d.opposite().index()], nb[d.index()]) else {
                continue;
            };
            let next = 4 * ahead + d.opposite().index() as u32;
            if !s.reach.has(behind)
                || occ[ahead as usize]
                || dead[ahead as usize]
                || s.seen[next as usize] == s.stamp
            {
                continue;
            }
            s.seen[next as usize] = s.stamp;
            s.prev[next as usize] = node;
            s.queue.push_back(next);
        }
    }
    occ[start as usize] = true;
    let mut node = end?;
    let mut out = Vec::new();
    while s.prev[node as usize] != u32::MAX {
        let before = s.prev[node as usize] / 4;
        let d = Dir::ALL[(node as usize % 4) ^ 1];
        out.push(Push {
            from: before,
            dir: d,
        });
        node = s.prev[node as usize];
    }
    out.reverse();
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::packing_order;
    use crate::io::{Format, parse_levels};

    fn board(text: &str) -> Board {
        Board::new(&parse_levels(text, "t", Format::Xsb).unwrap()[0])
    }

    /// What the push of the box at (row, column) `at` in direction `d` becomes.
    fn extend(b: &Board, at: (usize, usize), d: Dir, cuts: bool) -> Macro {
        let m = Macros::new(b, &packing_order(b));
        let mut occ = b.occupancy(&b.boxes);
        let before = occ.clone();
        let from = b.index[at.0 * b.width + at.1].unwrap();
        let dead = vec![false; b.len()];
        let first = Push { from, dir: d };
        let mut s = MacroScratch::default();
        let out = m.extend(b, &mut occ, &dead, first, cuts, &mut s);
        assert_eq!(occ, before, "the occupancy is restored");
        out
    }

    /// The macro of that push, if one applies.
    fn macro_of(b: &Board, at: (usize, usize), d: Dir) -> Option<Vec<Push>> {
        match extend(b, at, d, true) {
            Macro::Pushes(p) => Some(p),
            _ => None,
        }
    }

    #[test]
    fn a_box_on_a_room_goal_out_of_order_and_blocked_is_cut() {
        // The room fills from the right; the box on (1, 4) blocks the way there.
        let b = board("##########\n#@$.*....#\n##########\n");
        assert_eq!(extend(&b, (1, 2), Dir::Right, true), Macro::Cut);
        assert_eq!(extend(&b, (1, 2), Dir::Right, false), Macro::Plain);
        // Unblocked, the same push goes on to the room's first goal.
        let b = board("##########\n#@$.....*#\n##########\n");
        let path = macro_of(&b, (1, 2), Dir::Right).expect("a goal-room macro");
        assert_eq!(path.len(), 5, "{path:?}");
    }

    #[test]
    fn a_box_pushed_into_a_tunnel_goes_on_to_its_end() {
        let b = board("##########\n#@$     .#\n##########\n");
        let path = macro_of(&b, (1, 2), Dir::Right).expect("a tunnel macro");
        assert_eq!(path.len(), 6, "{path:?}");
        assert!(path.iter().all(|p| p.dir == Dir::Right));
        assert_eq!(path[5].from, b.index[b.width + 7].unwrap());
    }

    #[test]
    fn a_box_entering_a_goal_room_goes_to_the_room_s_first_goal() {
        let b = board("##########\n#@ $ ....#\n##########\n");
        let rank = packing_order(&b);
        let path = macro_of(&b, (1, 3), Dir::Right).expect("a goal-room macro");
        assert_eq!(path.len(), 5, "{path:?}");
        let last = path.last().unwrap();
        let end = b.nb[last.from as usize][last.dir.index()].unwrap();
        let first = b.goals().into_iter().min_by_key(|&g| rank[g as usize]);
        assert_eq!(Some(end), first, "{path:?}");
        // A push that stays outside the room (onto a cell beside no goal) is one push.
        let b = board("##########\n#@ $  ...#\n####   ..#\n##########\n");
        assert!(macro_of(&b, (1, 3), Dir::Right).is_none());
    }
}
