//! Deadlocks learned on box subsets during the search (the pattern search of Junghanns
//! and Schaeffer's Rolling Stone): when the few boxes around the box just pushed cannot
//! all reach goals on their own (the other boxes taken off the board, the player where
//! it stands), no position that holds those boxes with the player in the same region
//! around them has a plan. The subset and the region are stored as a pattern, and every
//! later position holding it is pruned, in every pass over the board.
//!
//! Why that is sound: take a plan from the whole position and delete the other boxes.
//! Their pushes become walks onto cells that are now free, and each push of a subset box
//! lands on a cell that was free of every box: a plan of the subset alone. So a subset
//! with no plan (its search exhausted, pruning only positions without one) means the
//! position has none. The player's region is taken around the subset's boxes alone: the
//! subset's search starts from any cell of it just the same.

use crate::encode::DeadSet;
use crate::model::Board;
use std::collections::HashSet;

/// The most boxes of a subset: the box just pushed and its neighbours.
const MAX_SUBSET: usize = 5;

/// The most boxes of a corral's subset: its barrier and the boxes next to it. Eight
/// solved none more of six unsolved XSokoban levels at 30 s and made up to twice the
/// tests; every corral's barrier (not only PI-corrals') up to ten times the tests, and
/// none more either.
const MAX_CORRAL_SUBSET: usize = 6;

/// The most patterns kept (a pattern is a few dozen bytes): learning stops there.
const MAX_PATTERNS: usize = 200_000;

/// The most subsets remembered as tried: the set is cleared when it grows past this.
const MAX_TRIED: usize = 2_000_000;

/// What the subset's own search answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subset {
    /// A plan of the subset alone: nothing learned.
    Solvable,
    /// Its search exhausted without one: a deadlock pattern.
    NoPlan,
    /// Its search stopped at its limit: nothing learned.
    Unknown,
}

/// Counters of the learning.
#[derive(Clone, Copy, Debug, Default)]
pub struct PatternStats {
    /// Subsets searched.
    pub tests: u64,
    /// Patterns learned (subsets without a plan).
    pub learned: u64,
    /// Positions pruned by a pattern.
    pub pruned: u64,
    /// Whole positions searched (and their shrunk subsets), [`Patterns::learn_position`].
    pub positions: u64,
    /// Patterns learned from whole positions without a plan (counted in `learned` too).
    pub dead_ends: u64,
    /// Patterns learned from the barriers of PI-corrals (counted in `learned` too).
    pub corrals: u64,
}

impl PatternStats {
    /// The counts since `before` (an earlier copy of the same counters).
    pub fn since(&self, before: &PatternStats) -> PatternStats {
        PatternStats {
            tests: self.tests - before.tests,
            learned: self.learned - before.learned,
            pruned: self.pruned - before.pruned,
            positions: self.positions - before.positions,
            dead_ends: self.dead_ends - before.dead_ends,
            corrals: self.corrals - before.corrals,
        }
    }

    /// Adds `other`'s counts.
    pub fn add(&mut self, other: &PatternStats) {
        self.tests += other.tests;
        self.learned += other.learned;
        self.pruned += other.pruned;
        self.positions += other.positions;
        self.dead_ends += other.dead_ends;
        self.corrals += other.corrals;
    }
}

/// The patterns learned on one board, and the subsets already tried.
#[derive(Default)]
pub struct Patterns {
    /// Pattern ids by each of their box cells.
    by_cell: Vec<Vec<u32>>,
    /// Each pattern's box cells, increasing.
    boxes: Vec<Vec<u16>>,
    /// Each pattern's player region: its least cell, around the pattern's boxes alone.
    region: Vec<u16>,
    tried: HashSet<u64>,
    flood: Flood,
    /// What was learned and pruned.
    pub stats: PatternStats,
}

impl Patterns {
    /// Whether a pattern holding a box on `cell` matches the position of `occ` with
    /// the player on `player`: then the position has no plan.
    pub fn matches(&mut self, board: &Board, occ: &[bool], cell: u16, player: u16) -> bool {
        let Some(ids) = self.by_cell.get(cell as usize) else {
            return false;
        };
        for &p in ids {
            let boxes = &self.boxes[p as usize];
            if boxes.iter().all(|&b| occ[b as usize])
                && self.flood.least(board, boxes, player) == self.region[p as usize]
            {
                self.stats.pruned += 1;
                return true;
            }
        }
        false
    }

    /// Whether a pattern holding a box on one of `cells` matches the position of `occ`
    /// with the player on `player`.
    pub fn matches_any(&mut self, board: &Board, occ: &[bool], cells: &[u32], player: u16) -> bool {
        (cells.iter()).any(|&c| self.matches(board, occ, c as u16, player))
    }

    /// Searches the subset around the box on `cell` (of the position of `occ`, the
    /// player on `player`) with `solve` (given the subset's boxes and the player's
    /// cell) unless it was tried before, and learns it when it has no plan (`true`).
    pub fn learn(
        &mut self,
        board: &Board,
        occ: &[bool],
        cell: u16,
        player: u16,
        solve: impl FnOnce(&[u16], u16) -> Subset,
    ) -> bool {
        if self.boxes.len() >= MAX_PATTERNS {
            return false;
        }
        let set = neighbourhood(board, occ, &[cell], MAX_SUBSET);
        if set.len() < 2 {
            return false; // one box alone: the dead squares say it all
        }
        self.search_subset(board, set, player, solve)
    }

    /// Whether the barrier boxes `barrier` of a PI-corral of the position of `occ`
    /// (the player on `player`), with the boxes next to them, hold a learned pattern,
    /// or have no plan alone (`solve`, unless tried before): then learned.
    ///
    /// The boxes around the last push miss a corral that an earlier push closed
    /// elsewhere: after 39 pushes XSokoban 21's feature-space pass had walled three
    /// cells in with four boxes (one not even a diagonal neighbour of the others), and
    /// spent the rest of its time past that point. The whole position's search needs
    /// 755,889 positions to show it has no plan; the four boxes alone, 14.
    pub fn learn_corral(
        &mut self,
        board: &Board,
        occ: &[bool],
        barrier: &[u32],
        player: u16,
        solve: impl FnOnce(&[u16], u16) -> Subset,
    ) -> bool {
        if self.matches_any(board, occ, barrier, player) {
            return true;
        }
        if self.boxes.len() >= MAX_PATTERNS || barrier.len() > MAX_CORRAL_SUBSET {
            return false;
        }
        let seeds: Vec<u16> = barrier.iter().map(|&b| b as u16).collect();
        let set = neighbourhood(board, occ, &seeds, MAX_CORRAL_SUBSET);
        if set.len() < 2 {
            return false;
        }
        let dead = self.search_subset(board, set, player, solve);
        self.stats.corrals += dead as u64;
        dead
    }

    /// Searches the boxes `set` alone (the player on `player`) with `solve` unless
    /// that set and region were tried before, and learns them when they have no plan.
    fn search_subset(
        &mut self,
        board: &Board,
        set: Vec<u16>,
        player: u16,
        solve: impl FnOnce(&[u16], u16) -> Subset,
    ) -> bool {
        let Some(region) = self.untried(board, &set, player) else {
            return false;
        };
        self.stats.tests += 1;
        if solve(&set, region) != Subset::NoPlan {
            return false;
        }
        self.store(board, set, region);
        true
    }

    /// Searches the whole position (its boxes `set`, the player on `player`) with
    /// `solve` unless it was tried before. When it has no plan, drops each box in turn
    /// whose absence leaves none (`solve` again), and learns what is left (`true`).
    ///
    /// A greedy pass that packs a goal room in the wrong order, or with the boxes
    /// outside in each other's way, dives into a part of the space with no plan, and the
    /// few boxes around the last push see nothing wrong (XSokoban 21: the two bottom
    /// rows of its room filled first leave no plan, 184 positions in all). Asked when a
    /// box lands on a goal, the whole position's search ends in milliseconds in such a
    /// dead end, and the shrunk pattern prunes its other arrangements too.
    pub fn learn_position(
        &mut self,
        board: &Board,
        set: Vec<u16>,
        player: u16,
        mut solve: impl FnMut(&[u16], u16) -> Subset,
    ) -> bool {
        if self.boxes.len() >= MAX_PATTERNS || set.len() < 2 {
            return false;
        }
        let Some(region) = self.untried(board, &set, player) else {
            return false;
        };
        self.stats.positions += 1;
        if solve(&set, region) != Subset::NoPlan {
            return false;
        }
        let (mut set, mut region) = (set, region);
        let mut i = 0;
        while i < set.len() && set.len() > 2 {
            let mut less = set.clone();
            less.remove(i);
            let r = self.flood.least(board, &less, player);
            self.stats.positions += 1;
            if solve(&less, r) == Subset::NoPlan {
                (set, region) = (less, r);
            } else {
                i += 1;
            }
        }
        self.stats.dead_ends += 1;
        self.store(board, set, region);
        true
    }

    /// The least cell of the player's region around `set` (the player on `player`),
    /// unless that set and region were tried before; marks them tried.
    fn untried(&mut self, board: &Board, set: &[u16], player: u16) -> Option<u16> {
        let region = self.flood.least(board, set, player);
        if self.tried.len() >= MAX_TRIED {
            self.tried.clear();
        }
        self.tried.insert(key_hash(set, region)).then_some(region)
    }

    /// The patterns as deadlocks for the SAT encoding, fewest boxes first, while their
    /// clauses a step stay within `max_clauses`: each with the cells of its player
    /// region next to its boxes, none when its boxes do not split the free cells.
    pub fn dead_sets(&mut self, board: &Board, max_clauses: usize) -> Vec<DeadSet> {
        let mut order: Vec<usize> = (0..self.boxes.len()).collect();
        order.sort_by_key(|&p| self.boxes[p].len());
        let mut sets = Vec::new();
        let mut clauses = 0;
        for p in order {
            let boxes = self.boxes[p].clone();
            let region = self.flood.region(board, &boxes, self.region[p]);
            let player = if region.len() + boxes.len() == board.len() {
                Vec::new()
            } else {
                next_to(board, &boxes, &region)
            };
            let set = DeadSet {
                boxes: boxes.iter().map(|&b| b as u32).collect(),
                player,
            };
            clauses += set.clauses();
            if clauses > max_clauses {
                break;
            }
            sets.push(set);
        }
        sets
    }

    fn store(&mut self, board: &Board, set: Vec<u16>, region: u16) {
        if self.by_cell.is_empty() {
            self.by_cell = vec![Vec::new(); board.len()];
        }
        let id = self.boxes.len() as u32;
        for &b in &set {
            self.by_cell[b as usize].push(id);
        }
        self.boxes.push(set);
        self.region.push(region);
        self.stats.learned += 1;
    }
}

/// The boxes on `seeds` and the boxes next to them (the eight neighbours,
/// transitively), nearest first, at most `cap` (the seeds all kept); increasing.
fn neighbourhood(board: &Board, occ: &[bool], seeds: &[u16], cap: usize) -> Vec<u16> {
    let w = board.width as isize;
    let mut set = seeds.to_vec();
    let mut next = 0;
    while next < set.len() && set.len() < cap {
        let at = board.cells[set[next] as usize] as isize;
        next += 1;
        for (dr, dc) in [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ] {
            let col = at % w + dc;
            let lc = at + dr * w + dc;
            if col < 0 || col >= w || lc < 0 {
                continue;
            }
            let Some(Some(c)) = board.index.get(lc as usize) else {
                continue;
            };
            let c = *c as u16;
            if occ[c as usize] && !set.contains(&c) && set.len() < cap {
                set.push(c);
            }
        }
    }
    set.sort_unstable();
    set
}

/// The cells of `region` (increasing) next to a cell of `boxes`.
fn next_to(board: &Board, boxes: &[u16], region: &[u32]) -> Vec<u32> {
    region
        .iter()
        .copied()
        .filter(|&c| {
            board.nb[c as usize]
                .into_iter()
                .flatten()
                .any(|x| boxes.contains(&(x as u16)))
        })
        .collect()
}

fn key_hash(set: &[u16], region: u16) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ region as u64;
    for &b in set {
        h = (h.rotate_left(7) ^ b as u64).wrapping_mul(0x1000_0000_01b3);
    }
    h ^ (h >> 31)
}

/// Flood fills around a few boxes.
#[derive(Default)]
struct Flood {
    occ: Vec<bool>,
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
}

impl Flood {
    /// The least cell the player reaches from `from` around `boxes` alone.
    fn least(&mut self, board: &Board, boxes: &[u16], from: u16) -> u16 {
        self.fill(board, boxes, from, |_| {})
    }

    /// The cells the player reaches from `from` around `boxes` alone, increasing.
    fn region(&mut self, board: &Board, boxes: &[u16], from: u16) -> Vec<u32> {
        let mut cells = Vec::new();
        self.fill(board, boxes, from, |c| cells.push(c));
        cells.sort_unstable();
        cells
    }

    /// Floods from `from` around `boxes` alone, calling `each` on every cell reached;
    /// the least of them.
    fn fill(&mut self, board: &Board, boxes: &[u16], from: u16, mut each: impl FnMut(u32)) -> u16 {
        let n = board.len();
        if self.occ.len() != n || self.stamp == u32::MAX {
            self.occ = vec![false; n];
            self.mark = vec![0; n];
            self.stamp = 0;
        }
        for &b in boxes {
            self.occ[b as usize] = true;
        }
        self.stamp += 1;
        let s = self.stamp;
        let mut best = from;
        self.mark[from as usize] = s;
        self.stack.clear();
        self.stack.push(from as u32);
        while let Some(c) = self.stack.pop() {
            each(c);
            for x in board.nb[c as usize].into_iter().flatten() {
                let x = x as usize;
                if self.mark[x] != s && !self.occ[x] {
                    self.mark[x] = s;
                    best = best.min(x as u16);
                    self.stack.push(x as u32);
                }
            }
        }
        for &b in boxes {
            self.occ[b as usize] = false;
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Format, parse_levels};

    /// A board, the occupancy of its boxes, and the cell of a level's (row, column).
    fn board(text: &str) -> (Board, Vec<bool>) {
        let b = Board::new(&parse_levels(text, "t", Format::Xsb).unwrap()[0]);
        let occ = b.occupancy(&b.boxes);
        (b, occ)
    }

    fn cell(b: &Board, row: usize, col: usize) -> u16 {
        b.index[row * b.width + col].unwrap() as u16
    }

    // Two boxes side by side in the left room, one alone far right; the player left.
    const ROOMS: &str = "\
#########
#@ $$ #.#
#     #.#
#   $   #
#.      #
#########
";

    #[test]
    fn a_learned_pattern_prunes_its_boxes_with_the_player_in_its_region_only() {
        let (b, occ) = board(ROOMS);
        let (left, right) = (cell(&b, 1, 3), cell(&b, 1, 4));
        let mut p = Patterns::default();
        let mut asked = Vec::new();
        let learned = p.learn(&b, &occ, left, b.player as u16, |set, player| {
            asked.push((set.to_vec(), player));
            Subset::NoPlan
        });
        assert!(learned);
        // The neighbourhood: the pushed box and the one beside it, not the far one.
        let mut want = vec![left, right];
        want.sort_unstable();
        assert_eq!(asked, vec![(want, 0)]);
        assert!(p.matches(&b, &occ, right, b.player as u16));
        // The player elsewhere in the same region (below the pair): it still matches.
        assert!(p.matches(&b, &occ, left, cell(&b, 2, 5)));
        // A position without one of the boxes does not match.
        let mut fewer = occ.clone();
        fewer[right as usize] = false;
        assert!(!p.matches(&b, &fewer, left, b.player as u16));
        assert_eq!((p.stats.tests, p.stats.learned, p.stats.pruned), (1, 1, 2));
    }

    #[test]
    fn a_pattern_with_the_player_in_another_region_does_not_match() {
        // The column of boxes seals the left: a player right of it is in another region.
        let (b, occ) = board(
            "\
########
#  $  .#
#@ $  .#
#  $  .#
########
",
        );
        assert_eq!(b.boxes.len(), 3);
        let column = [cell(&b, 1, 3), cell(&b, 2, 3), cell(&b, 3, 3)];
        let mut p = Patterns::default();
        assert!(p.learn(&b, &occ, column[0], b.player as u16, |set, _| {
            assert_eq!(set.len(), 3);
            Subset::NoPlan
        }));
        assert!(p.matches(&b, &occ, column[2], cell(&b, 3, 1)));
        assert!(!p.matches(&b, &occ, column[2], cell(&b, 2, 5)));
    }

    #[test]
    fn dead_sets_name_the_region_cells_next_to_the_boxes_only_when_they_split() {
        // ROOMS: the pair does not split the free cells; any player position matches.
        let (b, occ) = board(ROOMS);
        let mut p = Patterns::default();
        let left = cell(&b, 1, 3);
        assert!(p.learn(&b, &occ, left, b.player as u16, |_, _| Subset::NoPlan));
        let sets = p.dead_sets(&b, 100);
        assert_eq!(sets.len(), 1);
        let mut want = vec![left as u32, cell(&b, 1, 4) as u32];
        want.sort_unstable();
        assert_eq!(sets[0].boxes, want);
        assert!(sets[0].player.is_empty());
        // The column seals the left room: the player's cells are the three left of it.
        let (b, occ) = board("########\n#  $  .#\n#@ $  .#\n#  $  .#\n########\n");
        let mut p = Patterns::default();
        assert!(p.learn(&b, &occ, cell(&b, 1, 3), b.player as u16, |_, _| {
            Subset::NoPlan
        }));
        let sets = p.dead_sets(&b, 100);
        let left: Vec<u32> = (1..4).map(|r| cell(&b, r, 2) as u32).collect();
        assert_eq!(sets[0].player, left);
        assert_eq!(sets[0].clauses(), 3);
        // The clause budget a step is honoured: three clauses do not fit in two.
        assert!(p.dead_sets(&b, 2).is_empty());
    }

    #[test]
    fn a_subset_tried_once_is_not_searched_again_and_a_lone_box_never() {
        let (b, occ) = board(ROOMS);
        let mut p = Patterns::default();
        let left = cell(&b, 1, 3);
        assert!(!p.learn(&b, &occ, left, b.player as u16, |_, _| Subset::Solvable));
        let again = p.learn(&b, &occ, left, b.player as u16, |_, _| {
            panic!("searched twice")
        });
        assert!(!again);
        let lone = cell(&b, 3, 4);
        assert!(!p.learn(&b, &occ, lone, b.player as u16, |_, _| panic!("a lone box")));
        assert!(!p.matches(&b, &occ, left, b.player as u16));
        assert_eq!(p.stats.tests, 1);
    }

    #[test]
    fn a_dead_position_is_shrunk_to_the_boxes_whose_absence_gives_a_plan() {
        // ROOMS: say the pair has no plan whatever else stands on the board, and any
        // set without both of it has one. The lone box is dropped, the pair kept.
        let (b, occ) = board(ROOMS);
        let pair = [cell(&b, 1, 3), cell(&b, 1, 4)];
        let all: Vec<u16> = b.boxes.iter().map(|&c| c as u16).collect();
        assert_eq!(all.len(), 3);
        let mut p = Patterns::default();
        let mut asked = 0;
        let dead = |set: &[u16], _: u16| {
            if pair.iter().all(|c| set.contains(c)) {
                Subset::NoPlan
            } else {
                Subset::Solvable
            }
        };
        assert!(
            p.learn_position(&b, all.clone(), b.player as u16, |set, r| {
                asked += 1;
                dead(set, r)
            })
        );
        // The whole position, then each of the three boxes dropped in turn.
        assert_eq!(asked, 4);
        assert_eq!(
            (p.stats.positions, p.stats.dead_ends, p.stats.learned),
            (4, 1, 1)
        );
        // The pattern is the pair: a position with the pair and not the lone box matches.
        let mut pair_only = vec![false; b.len()];
        for c in pair {
            pair_only[c as usize] = true;
        }
        assert!(p.matches(&b, &pair_only, pair[0], b.player as u16));
        assert!(p.matches(&b, &occ, pair[1], b.player as u16));
        // Tried once: not searched again; a position with a plan teaches nothing.
        assert!(!p.learn_position(&b, all, b.player as u16, |_, _| panic!("twice")));
        let (b2, _) = board(ROOMS);
        let mut q = Patterns::default();
        let all2: Vec<u16> = b2.boxes.iter().map(|&c| c as u16).collect();
        assert!(!q.learn_position(&b2, all2, b2.player as u16, |_, _| Subset::Unknown));
        assert_eq!((q.stats.positions, q.stats.learned), (1, 0));
    }
}
