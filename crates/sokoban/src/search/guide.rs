//! The guidance of the passes that are not optimal (never part of a bound): pushes added
//! to a position's matching bound for what makes it look worse than the bound says.
//! Boxes on goals that a packing order fills after a still-empty goal (they will have to
//! move, or block it), and areas of free cells beyond the first that the boxes cut the
//! board into (a player who cannot get everywhere is a step towards a deadlock; Festival
//! counts these as its "connectivity" feature).

use crate::model::Board;

/// The packing order and the scratch of the area count, built once per board.
pub struct Guide {
    /// The goals and their ranks in the packing order (0: fill first).
    goals: Vec<u32>,
    rank: Vec<u32>,
    /// The goal group (goals joined by goals) of each goal of `goals`, and per group
    /// the least rank of its empty goals (scratch).
    group: Vec<u32>,
    first_empty: Vec<u32>,
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
}

impl Guide {
    /// The guidance of `board` with the packing order `rank`.
    pub fn new(board: &Board, rank: Vec<u32>) -> Guide {
        let goals = board.goals();
        let (group, groups) = goal_groups(board, &goals);
        Guide {
            goals,
            rank,
            group,
            first_empty: vec![0; groups],
            mark: vec![0; board.len()],
            stamp: 0,
            stack: Vec::new(),
        }
    }

    /// The pushes added to the bound of the position of `occ` (`packing` per box out of
    /// the packing order, `connectivity` per area of free cells beyond the first), and
    /// its feature cell: the goals filled before the first empty one of the packing
    /// order, and the areas (counted only when `connectivity` or `features` asks).
    pub fn assess(
        &mut self,
        board: &Board,
        occ: &[bool],
        packing: u32,
        connectivity: u32,
        features: bool,
    ) -> (u32, (u16, u16)) {
        let (in_order, out_of_order) = self.packed(occ);
        let areas = if connectivity > 0 || features {
            self.areas(board, occ)
        } else {
            1
        };
        let extra = packing * out_of_order + connectivity * (areas - 1);
        (extra, (in_order as u16, areas.min(u16::MAX as u32) as u16))
    }

    /// Boxes (of `occ`) on goals ranked before the first empty goal of their goal
    /// group in the packing order, and after it: each group of goals fills in its own
    /// order, whichever group goes first.
    fn packed(&mut self, occ: &[bool]) -> (u32, u32) {
        self.first_empty.fill(u32::MAX);
        for (i, &g) in self.goals.iter().enumerate() {
            if !occ[g as usize] {
                let first = &mut self.first_empty[self.group[i] as usize];
                *first = (*first).min(self.rank[g as usize]);
            }
        }
        let (mut in_order, mut out) = (0, 0);
        for (i, &g) in self.goals.iter().enumerate() {
            if occ[g as usize] {
                let (r, first) = (
                    self.rank[g as usize],
                    self.first_empty[self.group[i] as usize],
                );
                in_order += u32::from(r < first);
                out += u32::from(r > first);
            }
        }
        (in_order, out)
    }

    /// The connected areas of free cells around the boxes of `occ` (at least one).
    fn areas(&mut self, board: &Board, occ: &[bool]) -> u32 {
        if self.stamp == u32::MAX {
            self.mark.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        let s = self.stamp;
        let mut count = 0;
        for c in 0..board.len() {
            if occ[c] || self.mark[c] == s {
                continue;
            }
            count += 1;
            self.mark[c] = s;
            self.stack.push(c as u32);
            while let Some(x) = self.stack.pop() {
                for y in board.nb[x as usize].into_iter().flatten() {
                    if self.mark[y as usize] != s && !occ[y as usize] {
                        self.mark[y as usize] = s;
                        self.stack.push(y);
                    }
                }
            }
        }
        count.max(1)
    }
}

/// The goal group (goals joined through goals) of each of `goals`, and the number of
/// groups.
fn goal_groups(board: &Board, goals: &[u32]) -> (Vec<u32>, usize) {
    let mut of_cell = vec![u32::MAX; board.len()];
    let mut groups = 0;
    let mut stack = Vec::new();
    for &g in goals {
        if of_cell[g as usize] != u32::MAX {
            continue;
        }
        of_cell[g as usize] = groups;
        stack.push(g);
        while let Some(x) = stack.pop() {
            for m in board.nb[x as usize].into_iter().flatten() {
                if board.goal[m as usize] && of_cell[m as usize] == u32::MAX {
                    of_cell[m as usize] = groups;
                    stack.push(m);
                }
            }
        }
        groups += 1;
    }
    let group = goals.iter().map(|&g| of_cell[g as usize]).collect();
    (group, groups as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Format, parse_levels};

    fn board(text: &str) -> Board {
        Board::new(&parse_levels(text, "t", Format::Xsb).unwrap()[0])
    }

    #[test]
    fn a_wall_of_boxes_makes_two_areas_and_costs_the_connectivity_weight() {
        let b = board("#######\n#@ $ .#\n#  $ .#\n#######\n");
        let occ = b.occupancy(&b.boxes);
        let mut g = Guide::new(&b, vec![u32::MAX; b.len()]);
        assert_eq!(g.areas(&b, &occ), 2);
        assert_eq!(g.assess(&b, &occ, 0, 5, false), (5, (0, 2)));
        assert_eq!(g.assess(&b, &occ, 0, 0, true), (0, (0, 2)));
        assert_eq!(g.assess(&b, &occ, 0, 0, false), (0, (0, 1)));
        let open = b.occupancy(&b.boxes[..1]);
        assert_eq!(g.areas(&b, &open), 1);
    }

    #[test]
    fn a_box_on_a_goal_filled_after_an_empty_one_is_out_of_order() {
        let b = board("######\n#@$..#\n######\n");
        let (near, far) = (b.index[9].unwrap(), b.index[10].unwrap());
        let mut rank = vec![u32::MAX; b.len()];
        rank[far as usize] = 0; // the far goal first
        rank[near as usize] = 1;
        let mut g = Guide::new(&b, rank);
        let mut occ = vec![false; b.len()];
        occ[near as usize] = true;
        assert_eq!(g.assess(&b, &occ, 8, 0, false), (8, (0, 1)));
        occ[near as usize] = false;
        occ[far as usize] = true;
        assert_eq!(g.assess(&b, &occ, 8, 0, false), (0, (1, 1)));
    }

    #[test]
    fn each_goal_group_fills_in_its_own_order() {
        // Two goal groups, far apart: filling the second group's first goal counts as
        // packed in order even while the first group's first goal is empty.
        let b = board("#########\n#@$..$ .#\n#  $   .#\n#########\n");
        let cell = |r: usize, c: usize| b.index[r * 9 + c].unwrap();
        let (a1, a2) = (cell(1, 3), cell(1, 4));
        let (b1, b2) = (cell(2, 7), cell(1, 7));
        let mut rank = vec![u32::MAX; b.len()];
        for (r, g) in [a1, a2, b1, b2].into_iter().enumerate() {
            rank[g as usize] = r as u32; // one order over both groups: a1, a2, b1, b2
        }
        let mut g = Guide::new(&b, rank);
        let mut occ = vec![false; b.len()];
        occ[b1 as usize] = true;
        assert_eq!(g.assess(&b, &occ, 8, 0, false), (0, (1, 1)));
        occ[b1 as usize] = false;
        occ[b2 as usize] = true;
        assert_eq!(g.assess(&b, &occ, 8, 0, false), (8, (0, 1)), "b2 before b1");
        occ[a1 as usize] = true;
        assert_eq!(g.assess(&b, &occ, 8, 0, false), (8, (1, 1)));
    }
}
