//! The push encoding: one step per push, anonymous boxes, player reachability inside a
//! step, and pruning families that can be switched off.
//!
//! Variables per step `t`: `box(c,t)` (some box stands on `c`), reachability marks (see
//! `encode/reach.rs`), and per step `push(c,d,t)` (the box on `c` is pushed in
//! direction `d`, the player walking to the cell behind it) or `wait(t)`. Waiting is
//! only allowed at the end of a plan, so "goal at T" means "a plan of at most T pushes".
//!
//! The files: `tables.rs` (what is precomputed from the board), `state.rs` (the
//! variables and clauses of one step's state), `step.rs` (one push step), `goal.rs`
//! (the clauses under "goal at T"), `decode.rs` (a model back to pushes, and the loop
//! formulas that refine spurious models).

mod decode;
mod goal;
mod learned;
mod state;
mod step;
mod tables;

use super::families::PushFamily;
use super::few::Few;
use super::horizon::{Decoded, HorizonEncoding, Values};
use super::reach::{Grid, Reach, StepReach};
use super::waste::WasteCounter;
use crate::analysis::{INF, PairLists, dist_to_goals, freeze_patterns, push_parity};
use crate::halt::{Guard, Halt};
use crate::model::Board;
use gridsat_sat::{Block, FamilyId, Formula, Lit};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use tables::{Cand, Candidates};

pub use learned::DeadSet;

/// Switches of the push encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct PushOptions {
    /// Dead squares: no box on a cell from which no goal can be reached.
    pub dead_squares: bool,
    /// Distance pruning: from the start boxes and to the goals.
    pub distance: bool,
    /// Freeze patterns: 2×2 blocks and pairs along walls, off goal.
    pub freeze: bool,
    /// Per-goal reachability: some box can still reach each goal.
    pub goal_reach: bool,
    /// Waste budgets: the boxes' push distances to their nearest goals (and from the
    /// nearest start boxes) change by at most one per push, so pushes that make less
    /// than full progress fit a budget of `T` minus the distance sum (see the module
    /// `encode/waste.rs`).
    pub waste: bool,
    /// Pair table: two boxes that cannot both reach goals never stand together, and
    /// two boxes stand at step `t` only where their two-box push distance is at most
    /// `T − t` (the two-box table, `analysis/pairs.rs`).
    pub pairs: bool,
    /// No undo: a push straight back that returns the box to where it stood, with the
    /// player ending where it could already walk, repeats a state (two wasted pushes).
    pub undo: bool,
    /// Parity: when goals and boxes are as many, every plan's push count has one parity
    /// (the chessboard argument, `analysis/parity.rs`); plans of the other length end nowhere, so the
    /// first wait never comes at such a step (and the search skips such horizons).
    pub parity: bool,
    /// Start symmetry: when a reflection or rotation maps the start position onto
    /// itself, the first push is tried once per orbit (`analysis/symmetry.rs`).
    pub symmetry: bool,
    /// Learned deadlocks: the patterns the A* learned on box subsets before the
    /// horizon search (`search/patterns.rs`), as clauses of every step
    /// (`encode/pushes/learned.rs`). Only a solve adds them; exported formulas have none.
    pub learned: bool,
    /// The reachability encoding.
    pub reach: Reach,
    /// Exactly one action per step by pairwise clauses at every size (the textbook
    /// form, which certificates are checked against); otherwise levels with more than
    /// 160 candidate pushes use the commander encoding, smaller there.
    pub pairwise_actions: bool,
}

impl Default for PushOptions {
    fn default() -> Self {
        PushOptions {
            dead_squares: true,
            distance: true,
            freeze: true,
            goal_reach: true,
            waste: true,
            pairs: true,
            undo: true,
            parity: true,
            symmetry: true,
            learned: true,
            reach: Reach::default(),
            pairwise_actions: false,
        }
    }
}

/// The clause families, created in their fixed order (the order of DIMACS comments).
#[derive(Clone, Copy, Debug)]
struct Families {
    initial: FamilyId,
    action: FamilyId,
    effects: FamilyId,
    frame: FamilyId,
    reach: FamilyId,
    goal: FamilyId,
    dead: FamilyId,
    distance: FamilyId,
    freeze: FamilyId,
    goal_reach: FamilyId,
    waste: FamilyId,
    pairs: FamilyId,
    undo: FamilyId,
    parity: FamilyId,
    symmetry: FamilyId,
    learned: FamilyId,
}

impl Families {
    fn new(f: &mut Formula) -> Families {
        let mut k = |kind: PushFamily| f.kind_family(kind, kind.name());
        Families {
            initial: k(PushFamily::Initial),
            action: k(PushFamily::Action),
            effects: k(PushFamily::Effects),
            frame: k(PushFamily::Frame),
            reach: k(PushFamily::Reach),
            goal: k(PushFamily::Goal),
            dead: k(PushFamily::Dead),
            distance: k(PushFamily::Distance),
            freeze: k(PushFamily::Freeze),
            goal_reach: k(PushFamily::GoalReach),
            waste: k(PushFamily::Waste),
            pairs: k(PushFamily::Pairs),
            undo: k(PushFamily::Undo),
            parity: k(PushFamily::Parity),
            symmetry: k(PushFamily::Symmetry),
            learned: k(PushFamily::Learned),
        }
    }
}

/// The push encoding under construction.
pub struct PushEncoding {
    f: Formula,
    board: Board,
    opts: PushOptions,
    fam: Families,
    grid: Grid,
    /// Candidate pushes (cell, direction): behind and ahead lie in the region.
    cands: Arc<Vec<Cand>>,
    /// Per cell: candidate indices of pushes of a box on it.
    out_of: Vec<Few>,
    /// Per cell: candidate indices of pushes that bring a box onto it.
    into: Vec<Few>,
    boxes: Vec<Block>,
    acts: Vec<Block>,
    reach: Vec<StepReach>,
    goals: HashMap<usize, Lit>,
    to_goal: Vec<u32>,
    max_to_goal: u32,
    from_start: Vec<u32>,
    /// Per goal: push distance from every cell.
    per_goal: Vec<(u32, Vec<u32>)>,
    freeze_sets: Vec<Vec<u32>>,
    max_walk: u32,
    loops: Vec<Vec<u32>>,
    known_loops: HashSet<Vec<u32>>,
    /// Waste counters (to the goals, from the start), when switched on.
    waste: Vec<WasteCounter>,
    /// Dead pairs (never together) and far pairs (two-box distance beyond the one-box
    /// ones), when switched on.
    pairs: PairLists,
    /// Candidate pushes and the candidates that push their box straight back (no undo).
    undo_pairs: Vec<(u32, u32, u32)>,
    /// The parity of every plan's push count, when known and switched on.
    parity: Option<usize>,
    /// Candidate pushes not tried first: another in their orbit under the start
    /// position's symmetries is.
    not_first: Vec<u32>,
    /// Deadlocks learned by the A*, added to every step (`learned.rs`).
    learned: Vec<DeadSet>,
    /// The budget watched while building.
    guard: Guard,
}

/// The tables of the pruning families that can be switched off (empty when off).
struct Switched {
    not_first: Vec<u32>,
    parity: Option<usize>,
    undo_pairs: Vec<(u32, u32, u32)>,
    pairs: PairLists,
    waste: Vec<WasteCounter>,
}

impl Switched {
    /// The tables `opts` asks for, each only while `guard` lets the work go on
    /// (`dist`: push distances to the nearest goal and from the nearest start box).
    fn new(
        board: &Board,
        opts: &PushOptions,
        cands: &[Cand],
        (to_goal, from_start): (&[u32], &[u32]),
        waste_family: FamilyId,
        guard: &mut Guard,
    ) -> Switched {
        let budget = guard.budget().clone();
        let mut on = |wanted: bool| wanted && guard.check_time();
        Switched {
            not_first: if on(opts.symmetry) {
                tables::not_first(board, cands)
            } else {
                Vec::new()
            },
            parity: opts.parity.then(|| push_parity(board)).flatten(),
            undo_pairs: if on(opts.undo) {
                tables::undo_pairs(board, cands)
            } else {
                Vec::new()
            },
            pairs: if on(opts.pairs && board.boxes.len() >= 2) {
                PairLists::new(board, to_goal, &budget)
            } else {
                PairLists::default()
            },
            waste: if on(opts.waste) {
                tables::waste_counters(board, cands, to_goal, from_start, waste_family)
            } else {
                Vec::new()
            },
        }
    }
}

/// The grid, the candidate pushes and the push distances to the nearest goal of
/// `board`. Each takes a tenth of a second on a region of a million cells: the clock is
/// asked between them, and once it trips the rest are left empty.
fn region_tables(board: &Board, guard: &mut Guard) -> (Grid, Candidates, Vec<u32>) {
    let grid = if guard.check_time() {
        Grid::of(board)
    } else {
        Grid::empty()
    };
    let cands = if guard.check_time() {
        Candidates::new(board)
    } else {
        Candidates::empty()
    };
    let to_goal = if guard.check_time() {
        dist_to_goals(board)
    } else {
        vec![INF; board.len()]
    };
    (grid, cands, to_goal)
}

impl PushEncoding {
    /// Starts the encoding with step 0 (the initial state), watching `guard` (when it
    /// trips, [`HorizonEncoding::halted`] says why and the encoding is unusable).
    pub fn new(board: &Board, opts: PushOptions, mut guard: Guard) -> PushEncoding {
        guard.check_time();
        let board = board.clone();
        let n = board.len();
        let mut f = Formula::new();
        let fam = Families::new(&mut f);
        let (
            grid,
            Candidates {
                cands,
                out_of,
                into,
            },
            to_goal,
        ) = region_tables(&board, &mut guard);
        let max_to_goal = to_goal
            .iter()
            .copied()
            .filter(|&d| d != INF)
            .max()
            .unwrap_or(0);
        let from_start = tables::from_start(&board, &mut guard);
        let per_goal = tables::per_goal(&board, &mut guard);
        let freeze_sets = if guard.check_time() {
            freeze_patterns(&board)
        } else {
            Vec::new()
        };
        let max_walk = (n - board.boxes.len()).saturating_sub(1) as u32;
        let Switched {
            not_first,
            parity,
            undo_pairs,
            pairs,
            waste,
        } = Switched::new(
            &board,
            &opts,
            &cands,
            (&to_goal, &from_start),
            fam.waste,
            &mut guard,
        );
        let mut enc = PushEncoding {
            f,
            board,
            opts,
            fam,
            grid,
            cands: Arc::new(cands),
            out_of,
            into,
            boxes: Vec::new(),
            acts: Vec::new(),
            reach: Vec::new(),
            goals: HashMap::new(),
            to_goal,
            max_to_goal,
            from_start,
            per_goal,
            freeze_sets,
            max_walk,
            loops: Vec::new(),
            known_loops: HashSet::new(),
            waste,
            pairs,
            undo_pairs,
            parity,
            not_first,
            learned: Vec::new(),
            guard,
        };
        if enc.guard.check(&enc.f) {
            enc.add_state();
            enc.initial_state();
        }
        enc
    }

    /// Units for step 0: the start boxes, and the player's region around them.
    fn initial_state(&mut self) {
        let n = self.board.len() as u32;
        let start = self.board.occupancy(&self.board.boxes);
        for c in 0..n {
            let l = self.bx(c, 0);
            let unit = if start[c as usize] { l } else { !l };
            self.f.add_clause(self.fam.initial, &[unit]);
        }
        let region = self.board.reachable(&start, self.board.player);
        for c in 0..n {
            let l = self.reach[0].reach(c);
            let unit = if region[c as usize] { l } else { !l };
            self.f.add_clause(self.fam.initial, &[unit]);
        }
    }

    fn bx(&self, c: u32, t: usize) -> Lit {
        self.boxes[t].var(&[c]).pos()
    }

    fn push(&self, k: u32, t: usize) -> Lit {
        self.acts[t].var(&[k]).pos()
    }

    fn wait(&self, t: usize) -> Lit {
        self.acts[t].var(&[self.cands.len() as u32]).pos()
    }

    /// `at[c]`: literals meaning "the player stands on c when step t begins".
    fn at(&self, t: usize) -> Vec<Vec<Lit>> {
        let n = self.board.len();
        let mut at = vec![Vec::new(); n];
        if t == 0 {
            return at; // step 0's marks are fixed by unit clauses
        }
        for (k, &(c, _)) in self.cands.iter().enumerate() {
            at[c as usize].push(self.push(k as u32, t - 1));
        }
        at
    }

    /// The parity of every plan's push count, when known and switched on (the search
    /// skips horizons of the other parity).
    pub fn parity(&self) -> Option<usize> {
        self.parity
    }

    /// Two start boxes that can never both reach goals (from the pair table), if any:
    /// the level has no solution, and the pair clauses contradict the start.
    pub fn dead_start_pair(&self) -> Option<(u32, u32)> {
        self.pairs.dead_start_pair(&self.board)
    }
}

impl HorizonEncoding for PushEncoding {
    fn formula(&self) -> &Formula {
        &self.f
    }

    fn horizon(&self) -> usize {
        self.acts.len()
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
        self.read_plan(s, horizon)
    }
}
