//! The time-indexed move encoding: numbered boxes, one player move per step.
//!
//! Variables per step `t`: `player(c,t)` for every cell of the player's region,
//! `box(b,c,t)` for every cell box `b` can be pushed to on an empty board, and per step
//! transition `act(a,t)`, one of up/down/left/right/wait. Waiting is only allowed at the
//! end of a plan (once waiting, always waiting), which makes "goal at T" mean "a plan of
//! at most T moves": an unsatisfiable horizon `T` proves that no shorter plan exists.

mod budget;
mod decode;
mod goal;
mod state;
mod step;

use super::families::MoveFamily;
use super::horizon::{Decoded, HorizonEncoding, Values};
use crate::analysis::{INF, dist_to_goals, push_dist_from, walk_distances};
use crate::halt::{Guard, Halt};
use crate::model::Board;
use gridsat_sat::{AmoEncoding, Block, FamilyId, Formula, Lit};
use std::collections::HashMap;
use std::sync::Arc;

/// Switches of the move encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
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
    /// Every exactly-one pairwise, however large (no auxiliary variables): the formula
    /// of a certificate, which the checker rebuilds clause for clause. Never on in a
    /// search, so not among the options a report shows.
    #[serde(skip)]
    pub pairwise: bool,
}

impl Default for MoveOptions {
    fn default() -> Self {
        MoveOptions {
            dead_squares: true,
            distance: true,
            no_reversal: false,
            max_pushes: None,
            pairwise: false,
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

impl Families {
    /// Creates the families in their fixed order (the order of DIMACS comments).
    fn new(f: &mut Formula) -> Families {
        let mut k = |kind: MoveFamily| f.kind_family(kind, kind.name());
        Families {
            initial: k(MoveFamily::Initial),
            movement: k(MoveFamily::Movement),
            pushing: k(MoveFamily::Pushing),
            overlap: k(MoveFamily::Overlap),
            goal: k(MoveFamily::Goal),
            exactly_one: k(MoveFamily::ExactlyOne),
            dead: k(MoveFamily::Dead),
            distance: k(MoveFamily::Distance),
            reversal: k(MoveFamily::Reversal),
            budget: k(MoveFamily::Budget),
        }
    }
}

/// Where each box may stand: per box, region cell → slot in a step's box block, the
/// cells themselves, and the least number of moves before it can stand on each.
struct BoxDomains {
    slot: Vec<Vec<Option<u32>>>,
    cells_of: Vec<Vec<u32>>,
    owner: Vec<(u32, u32)>,
    box_lb: Vec<Vec<u32>>,
}

impl BoxDomains {
    /// Every cell a box can be pushed to on the empty board; the lower bound of a cell
    /// is the walk to the box plus its push distance (0 where it starts). Empty when
    /// the guard refuses the tables (boxes × cells).
    fn new(board: &Board, walk: &[u32], guard: &mut Guard) -> BoxDomains {
        let mut d = BoxDomains {
            slot: Vec::new(),
            cells_of: Vec::new(),
            owner: Vec::new(),
            box_lb: Vec::new(),
        };
        let (k, n) = (board.boxes.len() as u64, board.len() as u64);
        if !guard.admit_bytes(24 * k * n, || {
            format!("the cells of {k} boxes on {n} cells")
        }) {
            return d;
        }
        for (b, &start) in board.boxes.iter().enumerate() {
            if !guard.check_time() {
                return d;
            }
            let pd = push_dist_from(board, start);
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
                    s[c] = Some(d.owner.len() as u32);
                    d.owner.push((b as u32, c as u32));
                    cs.push(c as u32);
                    lb[c] = if pd[c] == 0 {
                        0
                    } else {
                        near.saturating_add(pd[c])
                    };
                }
            }
            d.slot.push(s);
            d.cells_of.push(cs);
            d.box_lb.push(lb);
        }
        d
    }
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
    /// The budget watched while building.
    guard: Guard,
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
    /// Starts the encoding with step 0 (the initial state), watching `guard` (when it
    /// trips, [`HorizonEncoding::halted`] says why and the encoding is unusable).
    pub fn new(board: &Board, opts: MoveOptions, mut guard: Guard) -> MoveEncoding {
        let board = board.clone();
        let mut f = Formula::new();
        let fam = Families::new(&mut f);
        let walk = walk_distances(&board, board.player);
        let to_goal = dist_to_goals(&board);
        let max_to_goal = to_goal
            .iter()
            .copied()
            .filter(|&d| d != INF)
            .max()
            .unwrap_or(0);
        let domains = BoxDomains::new(&board, &walk, &mut guard);
        let coords: Vec<(usize, usize)> =
            (0..board.len() as u32).map(|c| board.coords(c)).collect();
        let mut enc = MoveEncoding {
            f,
            nslots: domains.owner.len() as u32,
            owner: Arc::new(domains.owner),
            coords: Arc::new(coords),
            board,
            opts,
            fam,
            slot: domains.slot,
            cells_of: domains.cells_of,
            player: Vec::new(),
            boxes: Vec::new(),
            act: Vec::new(),
            goals: HashMap::new(),
            to_goal,
            max_to_goal,
            walk,
            box_lb: domains.box_lb,
            pushed_at_least: Vec::new(),
            guard,
        };
        if enc.guard.check(&enc.f) {
            enc.add_layer();
            enc.initial_state();
        }
        enc
    }

    /// Units for step 0: the player and every box where they start.
    fn initial_state(&mut self) {
        let fam = self.fam;
        let p0 = self.p(self.board.player, 0);
        self.f.add_clause(fam.initial, &[p0]);
        for c in 0..self.board.len() as u32 {
            if c != self.board.player {
                let l = self.p(c, 0);
                self.f.add_clause(fam.initial, &[!l]);
            }
        }
        for b in 0..self.board.boxes.len() {
            if !self.guard.check(&self.f) {
                return;
            }
            let start = self.board.boxes[b];
            for &c in &self.cells_of[b].clone() {
                let l = self.bx(b, c, 0).expect("own cell");
                self.f
                    .add_clause(fam.initial, &[if c == start { l } else { !l }]);
            }
        }
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
}

impl HorizonEncoding for MoveEncoding {
    fn formula(&self) -> &Formula {
        &self.f
    }

    fn horizon(&self) -> usize {
        self.act.len()
    }

    fn extend(&mut self) {
        self.add_step();
    }

    fn goal(&mut self, horizon: usize) -> Lit {
        self.goal_at(horizon)
    }

    fn assert_goal(&mut self, goal: Lit) {
        self.f.add_clause(self.fam.goal, &[goal]);
    }

    fn into_formula(self: Box<Self>) -> Formula {
        self.f
    }

    fn halted(&self) -> Option<&Halt> {
        self.guard.halt()
    }

    fn decode(&mut self, s: &dyn Values, horizon: usize) -> Decoded {
        let plan = self.read_plan(s, horizon);
        let cost = plan.len();
        Decoded::Plan(plan, cost)
    }
}

#[cfg(test)]
mod tests;
