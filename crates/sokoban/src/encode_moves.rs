//! The time-indexed move encoding: numbered boxes, one player move per step.
//!
//! Variables per step `t`: `player(c,t)` for every cell of the player's region,
//! `box(b,c,t)` for every cell box `b` can be pushed to on an empty board, and per step
//! transition `act(a,t)`, one of up/down/left/right/wait. Waiting is only allowed at the
//! end of a plan (once waiting, always waiting), which makes "goal at T" mean "a plan of
//! at most T moves": an unsatisfiable horizon `T` proves that no shorter plan exists.

use crate::board::{Board, INF};
use crate::deadsquares::{dist_to_goals, push_dist_from};
use crate::level::Dir;
use crate::search::{Decoded, HorizonEncoding};
use gridsat_sat::{AmoEncoding, Backend, Block, FamilyId, Formula, Lit, amo};
use std::collections::HashMap;
use std::sync::Arc;

/// Switches of the move encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOptions {
    /// Add the dead-square clauses.
    pub dead_squares: bool,
    /// Add the distance clauses (from the start, to the goals, and the parity of the
    /// player's cell).
    pub distance: bool,
    /// Forbid a move that undoes the previous move when that one pushed nothing (such
    /// pairs never occur in a shortest plan, so optimality proofs stay valid).
    pub no_reversal: bool,
    /// Only plans of at most this many pushes (a sequential counter over the steps that
    /// push): with the push-optimal count, the least moves among push-optimal plans.
    pub max_pushes: Option<usize>,
}

impl Default for MoveOptions {
    fn default() -> Self {
        MoveOptions {
            dead_squares: true,
            distance: true,
            no_reversal: false,
            max_pushes: None,
        }
    }
}

/// Index of the wait action in an action block.
const WAIT: u32 = 4;

/// The named clause families of the move encoding.
#[derive(Clone, Copy, Debug)]
struct Families {
    initial: FamilyId,
    movement: FamilyId,
    pushing: FamilyId,
    overlap: FamilyId,
    goal: FamilyId,
    exactly_one: FamilyId,
    dead: FamilyId,
    distance: FamilyId,
    reversal: FamilyId,
    budget: FamilyId,
}

/// The move encoding under construction; grows one step at a time.
pub struct MoveEncoding {
    f: Formula,
    board: Board,
    opts: MoveOptions,
    fam: Families,
    /// Per box: region cell → slot in the box block of a step.
    slot: Vec<Vec<Option<u32>>>,
    /// Per box: the cells it may occupy.
    cells_of: Vec<Vec<u32>>,
    nslots: u32,
    owner: Arc<Vec<(u32, u32)>>,
    coords: Arc<Vec<(usize, usize)>>,
    player: Vec<Block>,
    boxes: Vec<Block>,
    act: Vec<Block>,
    goals: HashMap<usize, Lit>,
    to_goal: Vec<u32>,
    max_to_goal: u32,
    walk: Vec<u32>,
    /// Per box: least number of moves before it can stand on each of its cells.
    box_lb: Vec<Vec<u32>>,
    /// With a push budget: per step, "the steps so far pushed at least j" for j = 1…cap.
    pushed_at_least: Vec<Vec<Lit>>,
}

impl MoveEncoding {
    /// Step `t` of the push budget: a box leaving a cell marks the step as pushing, and
    /// a sequential counter (Sinz) over those marks allows at most `cap` of them.
    fn push_budget(&mut self, t: usize, cap: usize) {
        let fam = self.fam.budget;
        let pushed = self.f.new_var(&format!("step {t}->{} pushes", t + 1)).pos();
        for b in 0..self.board.boxes.len() {
            for &c in &self.cells_of[b].clone() {
                let now = self.bx(b, c, t).expect("own");
                let next = self.bx(b, c, t + 1).expect("own");
                self.f.add_clause(fam, &[!now, next, pushed]);
            }
        }
        if cap == 0 {
            self.f.add_clause(fam, &[!pushed]);
            return;
        }
        let block =
            self.f
                .new_named_block(&format!("pushes by t={}", t + 1), &[cap as u32], move |i| {
                    format!("at least {} pushes by t={}", i[0] + 1, t + 1)
                });
        let now: Vec<Lit> = (0..cap as u32).map(|j| block.var(&[j]).pos()).collect();
        self.f.add_clause(fam, &[!pushed, now[0]]);
        if let Some(before) = self.pushed_at_least.last().cloned() {
            for j in 0..cap {
                self.f.add_clause(fam, &[!before[j], now[j]]);
                if j + 1 < cap {
                    self.f.add_clause(fam, &[!pushed, !before[j], now[j + 1]]);
                }
            }
            self.f.add_clause(fam, &[!pushed, !before[cap - 1]]);
        }
        self.pushed_at_least.push(now);
    }
}

/// Pairwise at-most-one measured faster than the ladder here (fewer auxiliaries, direct
/// propagation) up to the region sizes of the benchmark collections.
fn amo_for(n: usize) -> AmoEncoding {
    if n <= 64 {
        AmoEncoding::Pairwise
    } else {
        AmoEncoding::Sequential
    }
}

impl MoveEncoding {
    /// Starts the encoding with step 0 (the initial state).
    pub fn new(board: &Board, opts: MoveOptions) -> MoveEncoding {
        let board = board.clone();
        let mut f = Formula::new();
        let fam = Families {
            initial: f.family("initial state"),
            movement: f.family("player movement"),
            pushing: f.family("box pushing"),
            overlap: f.family("non-overlap"),
            goal: f.family("goal at T"),
            exactly_one: f.family("exactly one position"),
            dead: f.family("dead squares"),
            distance: f.family("distance pruning"),
            reversal: f.family("no walking back"),
            budget: f.family("push budget"),
        };
        let walk = board.walk_distances(board.player);
        let to_goal = dist_to_goals(&board);
        let max_to_goal = to_goal
            .iter()
            .copied()
            .filter(|&d| d != INF)
            .max()
            .unwrap_or(0);
        let mut slot = Vec::new();
        let mut cells_of = Vec::new();
        let mut owner = Vec::new();
        let mut box_lb = Vec::new();
        for (b, &start) in board.boxes.iter().enumerate() {
            let pd = push_dist_from(&board, start);
            let near = board.nb[start as usize]
                .iter()
                .flatten()
                .map(|&n| walk[n as usize])
                .min()
                .unwrap_or(INF);
            let mut s = vec![None; board.len()];
            let mut cs = Vec::new();
            let mut lb = vec![INF; board.len()];
            for c in 0..board.len() {
                if pd[c] != INF {
                    s[c] = Some(owner.len() as u32);
                    owner.push((b as u32, c as u32));
                    cs.push(c as u32);
                    lb[c] = if pd[c] == 0 {
                        0
                    } else {
                        near.saturating_add(pd[c])
                    };
                }
            }
            slot.push(s);
            cells_of.push(cs);
            box_lb.push(lb);
        }
        let coords: Vec<(usize, usize)> =
            (0..board.len() as u32).map(|c| board.coords(c)).collect();
        let mut enc = MoveEncoding {
            f,
            nslots: owner.len() as u32,
            owner: Arc::new(owner),
            coords: Arc::new(coords),
            board,
            opts,
            fam,
            slot,
            cells_of,
            player: Vec::new(),
            boxes: Vec::new(),
            act: Vec::new(),
            goals: HashMap::new(),
            to_goal,
            max_to_goal,
            walk,
            box_lb,
            pushed_at_least: Vec::new(),
        };
        enc.add_layer();
        let p0 = enc.p(enc.board.player, 0);
        enc.f.add_clause(fam.initial, &[p0]);
        for c in 0..enc.board.len() as u32 {
            if c != enc.board.player {
                let l = enc.p(c, 0);
                enc.f.add_clause(fam.initial, &[!l]);
            }
        }
        for b in 0..enc.board.boxes.len() {
            let start = enc.board.boxes[b];
            for &c in &enc.cells_of[b].clone() {
                let l = enc.bx(b, c, 0).expect("own cell");
                enc.f
                    .add_clause(fam.initial, &[if c == start { l } else { !l }]);
            }
        }
        enc
    }

    fn p(&self, c: u32, t: usize) -> Lit {
        self.player[t].var(&[c]).pos()
    }

    fn bx(&self, b: usize, c: u32, t: usize) -> Option<Lit> {
        self.slot[b][c as usize].map(|s| self.boxes[t].var(&[s]).pos())
    }

    fn a(&self, a: u32, t: usize) -> Lit {
        self.act[t].var(&[a]).pos()
    }

    /// Allocates the variables of a new step and adds its state constraints.
    fn add_layer(&mut self) {
        let t = self.player.len();
        let coords = self.coords.clone();
        let pb = self.f.new_named_block(
            &format!("player t={t}"),
            &[self.board.len() as u32],
            move |i| {
                let (r, c) = coords[i[0] as usize];
                format!("player at ({r},{c}) t={t}")
            },
        );
        self.player.push(pb);
        let coords = self.coords.clone();
        let owner = self.owner.clone();
        let bb = self
            .f
            .new_named_block(&format!("box t={t}"), &[self.nslots], move |i| {
                let (b, c) = owner[i[0] as usize];
                let (r, col) = coords[c as usize];
                format!("box {b} at ({r},{col}) t={t}")
            });
        self.boxes.push(bb);
        let fam = self.fam;
        let n = self.board.len() as u32;
        // Exactly one position for the player and for each box.
        let lits: Vec<Lit> = (0..n).map(|c| self.p(c, t)).collect();
        amo::exactly_one(
            &mut self.f,
            fam.exactly_one,
            fam.exactly_one,
            &lits,
            amo_for(lits.len()),
        );
        for b in 0..self.board.boxes.len() {
            let lits: Vec<Lit> = self.cells_of[b]
                .iter()
                .map(|&c| self.bx(b, c, t).expect("own"))
                .collect();
            amo::exactly_one(
                &mut self.f,
                fam.exactly_one,
                fam.exactly_one,
                &lits,
                amo_for(lits.len()),
            );
        }
        // Non-overlap: no two boxes on a cell, no box under the player.
        for c in 0..n {
            let here: Vec<Lit> = (0..self.board.boxes.len())
                .filter_map(|b| self.bx(b, c, t))
                .collect();
            let pl = self.p(c, t);
            for (i, &x) in here.iter().enumerate() {
                self.f.add_clause(fam.overlap, &[!pl, !x]);
                for &y in &here[i + 1..] {
                    self.f.add_clause(fam.overlap, &[!x, !y]);
                }
            }
        }
        if self.opts.dead_squares {
            for b in 0..self.board.boxes.len() {
                for &c in &self.cells_of[b].clone() {
                    if self.to_goal[c as usize] == INF {
                        let l = self.bx(b, c, t).expect("own");
                        self.f.add_clause(fam.dead, &[!l]);
                    }
                }
            }
        }
        if self.opts.distance && t > 0 {
            let colour = |c: u32| {
                let (r, k) = self.coords[c as usize];
                (r + k) % 2
            };
            let start_colour = colour(self.board.player);
            for c in 0..n {
                let l = self.p(c, t);
                if (self.walk[c as usize] as usize) > t {
                    self.f.add_clause(fam.distance, &[!l]);
                } else if (colour(c) + t) % 2 != start_colour {
                    // Wrong colour of the chessboard: only possible after waiting began.
                    let w = self.a(WAIT, t - 1);
                    self.f.add_clause(fam.distance, &[!l, w]);
                }
            }
            for b in 0..self.board.boxes.len() {
                for &c in &self.cells_of[b].clone() {
                    if (self.box_lb[b][c as usize] as usize) > t {
                        let l = self.bx(b, c, t).expect("own");
                        self.f.add_clause(fam.distance, &[!l]);
                    }
                }
            }
        }
    }
}

impl HorizonEncoding for MoveEncoding {
    fn formula(&self) -> &Formula {
        &self.f
    }

    fn horizon(&self) -> usize {
        self.act.len()
    }

    fn extend(&mut self) {
        let t = self.act.len();
        let ab = self
            .f
            .new_named_block(&format!("action t={t}"), &[5], move |i| {
                let name = ["up", "down", "left", "right", "wait"][i[0] as usize];
                format!("step {t}->{}: {name}", t + 1)
            });
        self.act.push(ab);
        self.add_layer();
        let fam = self.fam;
        let acts: Vec<Lit> = (0..5).map(|a| self.a(a, t)).collect();
        amo::exactly_one(
            &mut self.f,
            fam.movement,
            fam.movement,
            &acts,
            AmoEncoding::Pairwise,
        );
        if t > 0 {
            let (w0, w1) = (self.a(WAIT, t - 1), self.a(WAIT, t));
            self.f.add_clause(fam.movement, &[!w0, w1]);
        }
        let n = self.board.len() as u32;
        let nboxes = self.board.boxes.len();
        for c in 0..n {
            let pc = self.p(c, t);
            let wait = self.a(WAIT, t);
            let stay = self.p(c, t + 1);
            self.f.add_clause(fam.movement, &[!pc, !wait, stay]);
            self.f.add_clause(fam.movement, &[!stay, !wait, pc]);
            for d in Dir::ALL {
                let ad = self.a(d.index() as u32, t);
                let Some(nc) = self.board.nb[c as usize][d.index()] else {
                    self.f.add_clause(fam.movement, &[!pc, !ad]);
                    continue;
                };
                let pn = self.p(nc, t + 1);
                self.f.add_clause(fam.movement, &[!pc, !ad, pn]);
                self.f.add_clause(fam.movement, &[!pn, !ad, pc]);
                // Walking into a box pushes it one cell further, if that cell can take it.
                let beyond = self.board.nb[nc as usize][d.index()];
                for b in 0..nboxes {
                    let Some(bn) = self.bx(b, nc, t) else {
                        continue;
                    };
                    match beyond.and_then(|m| self.bx(b, m, t + 1)) {
                        Some(bm) => self.f.add_clause(fam.pushing, &[!pc, !ad, !bn, bm]),
                        None => self.f.add_clause(fam.pushing, &[!pc, !ad, !bn]),
                    }
                }
            }
        }
        // A step that walks into `c` and the next step walking straight back: the first
        // must have pushed a box away from `c`.
        if self.opts.no_reversal && t > 0 {
            for c in 0..n {
                for d in Dir::ALL {
                    let back = d.opposite();
                    let mut clause = vec![
                        !self.a(d.index() as u32, t - 1),
                        !self.a(back.index() as u32, t),
                        !self.p(c, t),
                    ];
                    clause.extend((0..nboxes).filter_map(|b| self.bx(b, c, t - 1)));
                    self.f.add_clause(fam.reversal, &clause);
                }
            }
        }
        // Boxes stay unless the player walks into them, and move only to a neighbour in
        // the direction of the step.
        for b in 0..nboxes {
            for &c in &self.cells_of[b].clone() {
                let now = self.bx(b, c, t).expect("own");
                let next = self.bx(b, c, t + 1).expect("own");
                let enter = self.p(c, t + 1);
                self.f.add_clause(fam.pushing, &[!now, next, enter]);
                let mut came = vec![!next, now];
                for d in Dir::ALL {
                    if let Some(from) = self.board.nb[c as usize][d.opposite().index()]
                        && let Some(bf) = self.bx(b, from, t)
                    {
                        came.push(bf);
                        let ad = self.a(d.index() as u32, t);
                        self.f.add_clause(fam.pushing, &[!bf, !next, ad]);
                    }
                }
                self.f.add_clause(fam.pushing, &came);
            }
        }
        if let Some(cap) = self.opts.max_pushes {
            self.push_budget(t, cap);
        }
    }

    fn goal(&mut self, horizon: usize) -> Lit {
        if let Some(&g) = self.goals.get(&horizon) {
            return g;
        }
        let g = self.f.new_var(&format!("goal at T={horizon}")).pos();
        let fam = self.fam;
        for b in 0..self.board.boxes.len() {
            let mut clause = vec![!g];
            for &c in &self.cells_of[b] {
                if self.board.goal[c as usize] {
                    clause.push(self.bx(b, c, horizon).expect("own"));
                }
            }
            self.f.add_clause(fam.goal, &clause);
        }
        if self.opts.distance {
            let from = horizon.saturating_sub(self.max_to_goal as usize);
            for t in from..=horizon {
                for b in 0..self.board.boxes.len() {
                    for &c in &self.cells_of[b].clone() {
                        let d = self.to_goal[c as usize];
                        if d != INF && d as usize > horizon - t {
                            let l = self.bx(b, c, t).expect("own");
                            self.f.add_clause(fam.distance, &[!g, !l]);
                        }
                    }
                }
            }
        }
        self.goals.insert(horizon, g);
        g
    }

    fn assert_goal(&mut self, goal: Lit) {
        self.f.add_clause(self.fam.goal, &[goal]);
    }

    fn decode(&mut self, s: &dyn Backend, horizon: usize) -> Decoded {
        let mut plan = String::new();
        let mut pos = self.board.player;
        for t in 0..horizon {
            let Some(a) = (0..5).find(|&a| s.value(self.a(a, t)) == Some(true)) else {
                break;
            };
            if a == WAIT {
                break;
            }
            let d = Dir::ALL[a as usize];
            let Some(next) = self.board.nb[pos as usize][d.index()] else {
                break;
            };
            let push = (0..self.board.boxes.len()).any(|b| {
                self.bx(b, next, t)
                    .is_some_and(|l| s.value(l) == Some(true))
            });
            plan.push(d.letter(push));
            pos = next;
        }
        let cost = plan.len();
        Decoded::Plan(plan, cost)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_xsb::parse_xsb;
    use std::collections::HashSet;

    #[test]
    fn every_variable_has_its_own_meaning() {
        let level = &parse_xsb("#######\n#@ $ .#\n# $. ##\n#######\n", "t").unwrap()[0];
        let board = Board::new(level).unwrap();
        let mut enc = MoveEncoding::new(&board, MoveOptions::default());
        for _ in 0..4 {
            enc.extend();
        }
        enc.goal(4);
        let f = enc.formula();
        // Every state, action and goal variable (not the encodings' auxiliaries) has a
        // meaning of its own, and the blocks cover disjoint id ranges.
        let mut seen = HashSet::new();
        let mut ids = HashSet::new();
        for (name, block) in f.blocks() {
            if !(name.starts_with("player")
                || name.starts_with("box")
                || name.starts_with("action")
                || name.starts_with("goal"))
            {
                continue;
            }
            for k in 0..block.len() {
                let v = gridsat_sat::Var::new(block.first().get() + k);
                assert!(ids.insert(v), "variable {v} lies in two blocks");
                let d = f.describe(v);
                assert!(seen.insert(d.clone()), "two variables mean {d}");
            }
        }
        assert!(seen.len() > 100);
        let empty: Vec<&str> = f
            .families()
            .iter()
            .filter(|fam| fam.clauses == 0)
            .map(|fam| fam.name.as_str())
            .collect();
        assert_eq!(
            empty,
            vec!["no walking back", "push budget"],
            "only switched-off families are empty"
        );
    }
}
