//! A* over push states with a transposition table: the push-optimal proof of the
//! levels it finishes, and (weighted, or greedy) the satisficing search.
//!
//! A state is the boxes and the player's region (named by its least cell); one push is
//! one step. The bound is the minimum-cost matching of boxes to goals by push distance,
//! admissible and consistent, so the first solved state taken from the queue is
//! push-optimal and every state of smaller `f = g + h` was expanded before it: that
//! exhaustion is the proof. States are pruned only when they have no plan at all (dead
//! squares, freeze deadlocks, dead pairs, no matching, a PI-corral no push enters), and
//! a state with a PI-corral only pushes into it, which keeps a shortest plan from every
//! state ([`super::corral`]): both keep the exhaustion a proof.

use super::box_moves::BoxMoves;
use super::corral::{Corrals, Pick};
use super::features::{Cell, FeatureQueue, IdleSteps, Open};
use super::flood::{Stamp, least_reached};
use super::guide::Guide;
use super::macros::{Macro, MacroScratch, Macros};
use super::patterns::{PatternStats, Patterns, Subset};
use super::pull::Pulled;
use super::queue::Buckets;
use super::table::{Meta, Table};
use crate::analysis::{Deadlocks, FreezeScratch, Matcher, Push, frozen_off_goal, packing_order};
use crate::encode::DeadSet;
use crate::halt::Halt;
use crate::model::{Board, Dir};
use gridsat_sat::{Budget, MemoryExceeded, StopReason};
use std::collections::HashMap;

/// How the queue orders states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// `g + h`, ties to the deeper state: the optimal A*.
    Optimal,
    /// `g + w·h/4` (`w` in quarters): a plan at most `w/4` times the optimum.
    Weighted(u32),
    /// `h` alone: the first plan, fast.
    Greedy,
    /// `h` alone within each cell of a feature space (the goals filled in the packing
    /// order, the areas of free cells), the cells taking turns (`features.rs`): the
    /// first plan where the greedy order stalls on a plateau.
    Features,
}

/// Options of one pass of [`astar`].
#[derive(Clone, Debug)]
pub struct AstarOptions {
    /// The queue's order.
    pub order: Order,
    /// Only plans of fewer pushes than this count (states that cannot beat it are cut).
    pub below: Option<u32>,
    /// Prune freeze deadlocks.
    pub freeze: bool,
    /// Prune dead pairs (the two-box table).
    pub pairs: bool,
    /// Restrict the pushes of a state to the pushes into one of its PI-corrals, and
    /// prune states with a PI-corral no push enters (`corral.rs`).
    pub corrals: bool,
    /// The most bytes the table and the queue may take.
    pub memory: u64,
    /// Orders that are not optimal add this many pushes to the bound for each box on a
    /// goal that the packing order fills after an empty one (0: none).
    pub packing: u32,
    /// Orders that are not optimal add this many pushes to the bound for each area of
    /// free cells beyond the first that the boxes cut the board into (0: none): a
    /// position whose player cannot get everywhere is a step towards a deadlock.
    pub connectivity: u32,
    /// Orders that are not optimal take tunnel and goal-room macros as single steps
    /// (`macros.rs`): the pass may then miss plans, so its exhaustion proves nothing.
    pub macros: bool,
    /// Orders that are not optimal take every box move (a box to any cell it reaches
    /// by its own pushes, `box_moves.rs`) as one step, where no PI-corral restricts the
    /// pushes: the pass may then miss plans, so its exhaustion proves nothing.
    pub box_moves: bool,
    /// With macros: pushes that put a box on a goal room's goal out of the packing
    /// order, with no goal of the order in its reach, are cut.
    pub room_cuts: bool,
    /// The satisficing search searches backwards from the solved position after its
    /// first pass, in a share of the time (`pull.rs`), and the first passes after it
    /// meet what it reached.
    pub pull: bool,
    /// The satisficing search's first pass files positions by feature cells
    /// ([`Order::Features`]) instead of the greedy order.
    pub features: bool,
    /// Learn deadlocks on box subsets and prune the positions holding them
    /// (`patterns.rs`): sound, so the optimal pass stays a proof.
    pub learn: bool,
    /// With `learn`, the greedy and feature-cell orders (the first passes) also search
    /// the whole position when a push lands a box on a goal, and learn it, shrunk, when
    /// it has no plan ([`Patterns::learn_position`]): sound, but each test costs a
    /// small search.
    pub dead_ends: bool,
    /// [`Order::Features`] with box moves adds this to a state's priority per step on
    /// its path that improved none of its features ([`IdleSteps`]; 0: off). Not with
    /// single pushes: most pushes improve nothing, and the penalty turns the pass
    /// towards breadth-first (XSokoban at 10 s: 44 levels with box moves only, 42 with
    /// both at 50 a step).
    pub idle_step: u32,
    /// The greedy and feature-cell orders take one pop in this many from a (priority,
    /// cost) type drawn at random instead of the best ([`Buckets::pop_explore`],
    /// type-based exploration; 0: never).
    pub explore: u32,
}

impl AstarOptions {
    /// A pass in `order` within `memory` bytes with every sound pruning on (freeze,
    /// dead pairs, PI-corrals, learned deadlocks) and nothing that skips plans or only
    /// steers (no macros, box moves, room cuts, features, packing or connectivity
    /// penalties): the options the searches inside the search and the tests start from.
    pub fn sound(order: Order, memory: u64) -> AstarOptions {
        AstarOptions {
            order,
            below: None,
            freeze: true,
            pairs: true,
            corrals: true,
            memory,
            packing: 0,
            connectivity: 0,
            macros: false,
            box_moves: false,
            room_cuts: false,
            pull: false,
            features: false,
            learn: true,
            dead_ends: false,
            idle_step: 0,
            explore: 0,
        }
    }
}

/// What one pass found.
#[derive(Clone, Debug)]
pub enum AstarOutcome {
    /// A solved state: the pushes that reach it (push-optimal under [`Order::Optimal`]).
    Plan(Vec<Push>),
    /// No state left: no plan of fewer pushes than the bound (none at all without one).
    Exhausted,
    /// A limit stopped it; under [`Order::Optimal`] no plan has fewer than
    /// `lower_bound` pushes (every state of smaller `f` was expanded).
    Stopped {
        /// The proven lower bound on pushes.
        lower_bound: u32,
        /// What stopped it.
        halt: Halt,
    },
}

/// Counters of one pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct AstarStats {
    /// States taken from the queue and expanded.
    pub expanded: u64,
    /// Pushes tried (children generated before pruning).
    pub generated: u64,
    /// Children pruned as deadlocks (freeze, pair, no matching).
    pub deadlocks: u64,
    /// Expansions restricted to a PI-corral's pushes.
    pub corral_cuts: u64,
    /// States in the table at the end.
    pub stored: usize,
    /// The bound of the start.
    pub start_bound: u32,
    /// What the pass learned on box subsets (`patterns.rs`).
    pub patterns: PatternStats,
    /// The plan met a position the pull search reached (`pull.rs`): its end is the
    /// pull search's.
    pub met: bool,
}

/// The tables a push search needs, built once per board and shared by its passes.
pub struct PushTables {
    dl: Deadlocks,
    matcher: Matcher,
    /// The packing order's and the connectivity's guidance of the orders that are not
    /// optimal (never in a bound).
    guide: Guide,
    macros: Macros,
    /// Deadlocks learned on box subsets, kept for every pass.
    patterns: Patterns,
    /// The positions a pull search reached (`pull.rs`): a first pass that meets one
    /// has a plan.
    pulled: Option<Pulled>,
}

impl PushTables {
    /// The dead squares, the two-box table (`pairs`) and the goal distances of `board`,
    /// within `budget` (the goal distances are refused beyond its memory ceiling).
    pub fn new(board: &Board, pairs: bool, budget: &Budget) -> Result<PushTables, Halt> {
        let matcher = Matcher::within(board, budget)?;
        let dl = Deadlocks::new(board, pairs, budget);
        budget.check()?;
        let rank = packing_order(board);
        Ok(PushTables {
            dl,
            matcher,
            macros: Macros::new(board, &rank),
            guide: Guide::new(board, rank),
            patterns: Patterns::default(),
            pulled: None,
        })
    }

    /// Keeps the positions a pull search reached for the first passes to meet
    /// (`None`: drops them).
    pub fn keep_pulled(&mut self, pulled: Option<Pulled>) {
        self.pulled = pulled;
    }

    /// The bytes of the positions kept from a pull search: a pass's own table gets its
    /// memory less these.
    pub fn pulled_bytes(&self) -> u64 {
        self.pulled.as_ref().map_or(0, Pulled::bytes)
    }

    /// Whether the two-box table was built.
    pub fn has_pairs(&self) -> bool {
        self.dl.has_pairs()
    }

    /// The deadlocks learned on box subsets so far, for the SAT encoding: fewest boxes
    /// first, at most `max_clauses` clauses a step.
    pub fn dead_sets(&mut self, board: &Board, max_clauses: usize) -> Vec<DeadSet> {
        self.patterns.dead_sets(board, max_clauses)
    }
}

/// The most region cells the push search handles (cells are stored as `u16`).
pub const MAX_CELLS: usize = 65_000;

/// The table and queue bytes of one subset's search (a few hundred positions): past
/// them the subset counts as unknown. Measured on XSokoban 4 and 5 (10 s, `--any`): at
/// 24 KiB the greedy pass expands 348,000 and 955,000 positions, at 80 KiB 58,000 and
/// 411,000 (each test a few milliseconds): the small searches find most of what the
/// larger ones do.
const SUBSET_BYTES: u64 = 24 << 10;

/// The table and queue bytes of a whole position's search ([`AstarOptions::dead_ends`]),
/// about a thousand positions: a dead end of a greedy dive is small (XSokoban 21's, 184
/// positions), and a position with a plan stops there. At 16 KiB the table's first
/// allocation alone is over the limit, so no whole-position search ever finished (the
/// test `dead_ends_learned_from_whole_positions_have_no_plan` learned none).
const POSITION_BYTES: u64 = 64 << 10;

/// One pass of A* (or weighted A*, or greedy best-first) from the board's start.
pub fn astar(
    board: &Board,
    tables: &mut PushTables,
    opts: &AstarOptions,
    budget: &Budget,
) -> (AstarOutcome, AstarStats) {
    astar_to(board, tables, opts, None, budget)
}

/// [`astar`] whose solved states also have the player's region named by its least cell
/// `region` (`None`: any region), for a part of a plan that the rest must follow.
pub fn astar_to(
    board: &Board,
    tables: &mut PushTables,
    opts: &AstarOptions,
    region: Option<u16>,
    budget: &Budget,
) -> (AstarOutcome, AstarStats) {
    let start: Vec<u16> = board.boxes.iter().map(|&b| b as u16).collect();
    astar_from(
        board,
        &start,
        board.player as u16,
        tables,
        opts,
        region,
        budget,
    )
}

/// [`astar_to`] from the boxes on `start` and the player on `player` instead of the
/// board's own.
fn astar_from(
    board: &Board,
    start: &[u16],
    player: u16,
    tables: &mut PushTables,
    opts: &AstarOptions,
    region: Option<u16>,
    budget: &Budget,
) -> (AstarOutcome, AstarStats) {
    let k = start.len();
    let mut run = Run {
        board,
        k,
        opts,
        goal_region: region,
        tables,
        table: Table::new(k + 1),
        open: match (opts.order, run_explores(opts)) {
            (Order::Features, false) => Open::Features(Default::default()),
            (Order::Features, true) => Open::Features(FeatureQueue::exploring()),
            (_, false) => Open::Ordered(Buckets::default()),
            (_, true) => Open::Ordered(Buckets::exploring()),
        },
        draw: DRAW_SEED,
        occ: vec![false; board.len()],
        region: vec![0; board.len()],
        mark: vec![0; board.len()],
        corral: Corrals::new(board),
        stamp: 0,
        stack: Vec::new(),
        freeze: FreezeScratch::default(),
        cur: Vec::with_capacity(k + 1),
        next: Vec::with_capacity(k + 1),
        found: None,
        met: None,
        stats: AstarStats::default(),
        scratch: MacroScratch::default(),
        moves: BoxMoves::default(),
        paths: HashMap::new(),
        idle: IdleSteps::default(),
    };
    let before = run.tables.patterns.stats;
    let outcome = run.search(start, player, budget);
    run.stats.stored = run.table.len();
    run.stats.patterns = run.tables.patterns.stats.since(&before);
    (outcome, run.stats)
}

/// Whether the boxes on `set` alone, the player on `player`, have a plan: an
/// exhaustive search of at most `bytes`, pruning only positions without a
/// plan. PI-corrals are off: with fewer boxes than goals, an empty goal in a corral
/// does not call for a push into it.
fn subset_plan(
    board: &Board,
    tables: &mut PushTables,
    set: &[u16],
    player: u16,
    bytes: u64,
    budget: &Budget,
) -> Subset {
    let opts = AstarOptions {
        corrals: false,
        learn: false,
        ..AstarOptions::sound(Order::Greedy, bytes)
    };
    match astar_from(board, set, player, tables, &opts, None, budget).0 {
        AstarOutcome::Plan(_) => Subset::Solvable,
        AstarOutcome::Exhausted => Subset::NoPlan,
        AstarOutcome::Stopped { .. } => Subset::Unknown,
    }
}

struct Run<'a> {
    board: &'a Board,
    k: usize,
    opts: &'a AstarOptions,
    /// Solved states also have the player's region of this least cell (`astar_to`).
    goal_region: Option<u16>,
    tables: &'a mut PushTables,
    table: Table,
    /// States by priority, then cost (by feature cell first in [`Order::Features`]).
    open: Open,
    occ: Vec<bool>,
    /// Stamps of the parent's region and of the child's flood fill.
    region: Vec<Stamp>,
    mark: Vec<Stamp>,
    corral: Corrals,
    stamp: Stamp,
    stack: Vec<u32>,
    freeze: FreezeScratch,
    cur: Vec<u16>,
    next: Vec<u16>,
    /// A solved child met by a non-optimal order, or one the pull search reached.
    found: Option<u32>,
    /// The pull search's id of `found`, when the pull search reached it.
    met: Option<u32>,
    stats: AstarStats,
    scratch: MacroScratch,
    moves: BoxMoves,
    /// The pushes of the macro that reached a state, for the states reached by one.
    paths: HashMap<u32, Vec<Push>>,
    /// The idle steps of the states of a feature-space pass (with `idle_step`).
    idle: IdleSteps,
    /// The state of the random draws of the exploring pops (xorshift).
    draw: u64,
}

/// The first state of the exploring pops' draws: fixed, so a pass is repeatable.
const DRAW_SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// Whether a pass with `opts` takes exploring pops: the greedy and feature-cell orders
/// only (the weighted and optimal orders' bounds need the best first).
fn run_explores(opts: &AstarOptions) -> bool {
    opts.explore > 0 && matches!(opts.order, Order::Greedy | Order::Features)
}

/// One step of the search: the push of box `i` of the current state in the direction
/// of index `code`, or a macro starting with it (`path`), or a box move (`code` 8 +
/// the player's last side, the pushes found again from the parent), leaving the box at
/// `end` and the player at `player` after `cost` pushes (the least cell of its region
/// `least`, when known).
struct Step {
    i: usize,
    code: u8,
    end: u16,
    player: u16,
    least: Option<u16>,
    cost: u16,
    path: Option<Vec<Push>>,
}

/// [`Meta::dir`] of a state reached by a box move: this plus the player's last side.
const BOX_MOVE: u8 = 8;

impl Run<'_> {
    /// The queue's priority of a state of cost `g` and bound `h` (ties go to the
    /// deeper state).
    fn priority(&self, g: u16, h: u32) -> usize {
        let (g, h) = (g as usize, h as usize);
        match self.opts.order {
            Order::Optimal => g + h,
            Order::Weighted(w) => 4 * g + w as usize * h,
            Order::Greedy | Order::Features => h,
        }
    }

    fn search(&mut self, start: &[u16], player: u16, budget: &Budget) -> AstarOutcome {
        let mut start = start.to_vec();
        start.sort_unstable();
        let Some(h0) = self.tables.matcher.bound(&start) else {
            return AstarOutcome::Exhausted;
        };
        self.stats.start_bound = h0;
        if self.opts.below.is_some_and(|b| h0 >= b) {
            return AstarOutcome::Exhausted;
        }
        for &b in &start {
            self.occ[b as usize] = true;
        }
        let norm = self.flood_min(player);
        let cell = self.start_cell();
        for &b in &start {
            self.occ[b as usize] = false;
        }
        start.push(norm);
        let meta = Meta {
            parent: u32::MAX,
            g: 0,
            from: 0,
            dir: 4,
            closed: false,
            h: h0.min(u16::MAX as u32) as u16,
        };
        let (id, _) = self.table.insert(&start, meta);
        if self.counts_idle_steps() {
            self.idle.reach(u32::MAX, id, cell);
        }
        self.open.push(cell, self.priority(0, h0), 0, id);
        self.run_queue(budget)
    }

    /// The feature cell of the start (`self.occ` shows its boxes): the cell its
    /// children's idle steps are counted from.
    fn start_cell(&mut self) -> Cell {
        if self.opts.order != Order::Features {
            return (0, 1);
        }
        (self.tables.guide)
            .assess(self.board, &self.occ, 0, 0, true)
            .1
    }

    /// Pops states in order of priority and expands them until a plan, the end of the
    /// queue or the budget. The budget is asked before every expansion and every few
    /// stale entries, and between the boxes of an expansion (`expand`): an expansion of
    /// a state with hundreds of boxes costs milliseconds, so a count of expansions
    /// between checks would not bound the time.
    fn run_queue(&mut self, budget: &Budget) -> AstarOutcome {
        let mut pops = 0u32;
        while let Some(top) = self.open.min_priority() {
            pops = pops.wrapping_add(1);
            let Some((_, g, id)) = self.next_entry(pops) else {
                break;
            };
            let m = *self.table.meta(id);
            let stale = m.closed || (m.g as usize) < g;
            if (!stale || pops % 1024 == 0)
                && let Err(halt) = self.check(budget)
            {
                return self.stopped(top, halt);
            }
            if stale {
                continue; // expanded, or reached more cheaply since queued
            }
            if self.solved(id) {
                return AstarOutcome::Plan(self.pushes_to(id));
            }
            self.table.meta_mut(id).closed = true;
            if self.opts.learn && self.learned_deadlock(id, budget) {
                self.stats.deadlocks += 1;
                continue;
            }
            self.stats.expanded += 1;
            let whole = self.expand(id, m.g, budget);
            if let Some(goal) = self.found {
                let mut plan = self.pushes_to(goal);
                if let (Some(met), Some(pulled)) = (self.met, &self.tables.pulled) {
                    plan.extend(pulled.pushes_from(self.board, met));
                    self.stats.met = true;
                }
                return AstarOutcome::Plan(plan);
            }
            if !whole {
                let halt = self.check(budget).err().unwrap_or(Halt::Stopped(
                    budget.stop_reason().unwrap_or(StopReason::TimeLimit),
                ));
                return self.stopped(top, halt);
            }
        }
        AstarOutcome::Exhausted
    }

    /// The queue's `pops`-th entry: an exploring pop (the next xorshift draw) every
    /// [`AstarOptions::explore`] pops of a pass that explores, the best otherwise.
    fn next_entry(&mut self, pops: u32) -> Option<(usize, usize, u32)> {
        if !run_explores(self.opts) || pops % self.opts.explore != 0 {
            return self.open.pop();
        }
        self.draw ^= self.draw << 13;
        self.draw ^= self.draw >> 7;
        self.draw ^= self.draw << 17;
        self.open.pop_explore(self.draw)
    }

    /// Stopped while expanding (or about to expand) a state of priority `top`: under
    /// the optimal order every state of smaller `f` was expanded in full, so no plan has
    /// fewer pushes (the state cut short has `f = top` and its children no less).
    fn stopped(&self, top: usize, halt: Halt) -> AstarOutcome {
        let lower_bound = match self.opts.order {
            Order::Optimal => top as u32,
            _ => self.stats.start_bound,
        };
        AstarOutcome::Stopped { lower_bound, halt }
    }

    /// The budget, and the memory of the table and the queue.
    fn check(&self, budget: &Budget) -> Result<(), Halt> {
        budget.check()?;
        let bytes =
            self.table.peak_bytes(4 * self.k) + 8 * self.open.len() as u64 + self.idle.bytes();
        if bytes > self.opts.memory {
            return Err(Halt::Memory(MemoryExceeded {
                what: format!("the push search's table of {} states", self.table.len()),
                needed: bytes,
                limit: self.opts.memory,
            }));
        }
        Ok(())
    }

    fn solved(&self, id: u32) -> bool {
        let key = self.table.key(id);
        key[..self.k].iter().all(|&b| self.board.goal[b as usize])
            && self.goal_region.is_none_or(|r| key[self.k] == r)
    }

    /// Whether state `id` holds a learned pattern around the box pushed last, or its
    /// subset around that box has no plan (then learned), or (with `dead_ends`, the
    /// box on a goal) the whole position has none (then learned, shrunk).
    fn learned_deadlock(&mut self, id: u32, budget: &Budget) -> bool {
        let Some(cell) = self.moved_box(id) else {
            return false;
        };
        let (k, board) = (self.k, self.board);
        let key = self.table.key(id).to_vec();
        for &b in &key[..k] {
            self.occ[b as usize] = true;
        }
        let mut patterns = std::mem::take(&mut self.tables.patterns);
        let tables = &mut *self.tables;
        // The first passes only (greedy, feature cells): they dive; the weighted and
        // optimal passes mostly pay for the tests.
        let first = matches!(self.opts.order, Order::Greedy | Order::Features);
        let whole = self.opts.dead_ends && first && board.goal[cell as usize];
        let dead = patterns.matches(board, &self.occ, cell, key[k])
            || patterns.learn(board, &self.occ, cell, key[k], |set, player| {
                subset_plan(board, tables, set, player, SUBSET_BYTES, budget)
            })
            || (whole
                && patterns.learn_position(board, key[..k].to_vec(), key[k], |set, player| {
                    subset_plan(board, tables, set, player, POSITION_BYTES, budget)
                }));
        self.tables.patterns = patterns;
        for &b in &key[..k] {
            self.occ[b as usize] = false;
        }
        dead
    }

    /// Whether the barrier of the PI-corral just picked for the current state (its
    /// boxes in `self.occ`, its key in `self.cur`) holds a learned pattern, or (in the
    /// first passes, which dive; the others mostly pay for the tests) has, with the
    /// boxes next to it, no plan alone (then learned).
    fn dead_corral(&mut self, budget: &Budget) -> bool {
        if !self.opts.learn {
            return false;
        }
        let (board, player) = (self.board, self.cur[self.k]);
        let mut patterns = std::mem::take(&mut self.tables.patterns);
        let tables = &mut *self.tables;
        let barrier = self.corral.picked_barrier();
        let dead = if matches!(self.opts.order, Order::Greedy | Order::Features) {
            patterns.learn_corral(board, &self.occ, barrier, player, |set, player| {
                subset_plan(board, tables, set, player, SUBSET_BYTES, budget)
            })
        } else {
            patterns.matches_any(board, &self.occ, barrier, player)
        };
        self.tables.patterns = patterns;
        dead
    }

    /// The cell of the box the push (or macro, or box move) that reached state `id`
    /// moved.
    fn moved_box(&self, id: u32) -> Option<u16> {
        let m = self.table.meta(id);
        if m.parent == u32::MAX {
            return None;
        }
        if m.dir >= BOX_MOVE {
            // The box of the child's key that the parent's has not; none when the box
            // came back to its cell (the move only took the player elsewhere).
            let parent = &self.table.key(m.parent)[..self.k];
            let key = &self.table.key(id)[..self.k];
            let moved = key
                .iter()
                .copied()
                .find(|b| parent.binary_search(b).is_err());
            return Some(moved.unwrap_or(m.from));
        }
        let last = match self.paths.get(&id) {
            Some(path) => *path.last()?,
            None => Push {
                from: m.from as u32,
                dir: Dir::ALL[m.dir as usize],
            },
        };
        self.board.nb[last.from as usize][last.dir.index()].map(|c| c as u16)
    }

    /// The pushes from the start to state `id`.
    fn pushes_to(&mut self, id: u32) -> Vec<Push> {
        let mut out = Vec::new();
        let mut i = id;
        loop {
            let m = *self.table.meta(i);
            if m.parent == u32::MAX {
                break;
            }
            match self.paths.get(&i) {
                Some(path) => out.extend(path.iter().rev()),
                None if m.dir >= BOX_MOVE => out.extend(self.move_path(i).iter().rev()),
                None => out.push(Push {
                    from: m.from as u32,
                    dir: Dir::ALL[m.dir as usize],
                }),
            }
            i = m.parent;
        }
        out.reverse();
        out
    }

    /// The pushes of the box move that reached state `id`: the parent's moves of that
    /// box searched again (the same search, so the same path).
    fn move_path(&mut self, id: u32) -> Vec<Push> {
        let m = *self.table.meta(id);
        let cell = self.moved_box(id).expect("a box move moves a box");
        let parent = self.table.key(m.parent).to_vec();
        let k = self.k;
        for &b in &parent[..k] {
            self.occ[b as usize] = true;
        }
        let here = self.flood_region(parent[k]);
        let (region, dead) = (&self.region, &self.tables.dl.dead);
        let in_region = |c: usize| region[c] == here;
        self.moves
            .search(self.board, &mut self.occ, dead, m.from, in_region);
        for &b in &parent[..k] {
            self.occ[b as usize] = false;
        }
        let path = self.moves.path(self.board, cell, m.dir - BOX_MOVE);
        path.expect("the same search finds the same box move")
    }

    /// The least cell the player reaches from `from` around the boxes of `self.occ`.
    fn flood_min(&mut self, from: u16) -> u16 {
        let (mark, stamp, stack) = (&mut self.mark, &mut self.stamp, &mut self.stack);
        least_reached(self.board, &self.occ, from, mark, stamp, stack)
    }

    /// Marks the player's region of the current state in `self.region` (stamp returned).
    fn flood_region(&mut self, from: u16) -> Stamp {
        self.flood_min(from);
        std::mem::swap(&mut self.region, &mut self.mark);
        self.stamp
    }

    /// Every push from state `id` (cost `g`) that is not pruned; false when `budget`
    /// ran out between two boxes (the state's children are then incomplete).
    fn expand(&mut self, id: u32, g: u16, budget: &Budget) -> bool {
        self.cur.clear();
        self.cur.extend_from_slice(self.table.key(id));
        let k = self.k;
        for i in 0..k {
            self.occ[self.cur[i] as usize] = true;
        }
        let here = self.flood_region(self.cur[k]);
        let only = if self.opts.corrals {
            match self.corral.pick(self.board, &self.occ, &self.region, here) {
                Pick::All => None,
                Pick::Dead => {
                    self.stats.deadlocks += 1;
                    self.clear_occ();
                    return true;
                }
                Pick::Into(_) if self.dead_corral(budget) => {
                    self.stats.deadlocks += 1;
                    self.clear_occ();
                    return true;
                }
                Pick::Into(label) => {
                    self.stats.corral_cuts += 1;
                    Some(label)
                }
            }
        } else {
            None
        };
        // The base of the children's bounds (the state's own is feasible: it was
        // queued), after the corral's subset search, which has its own.
        let _ = self.tables.matcher.bound(&self.cur[..k]);
        if self.opts.box_moves && self.opts.order != Order::Optimal && only.is_none() {
            let whole = self.expand_moves(id, g, here, budget);
            self.clear_occ();
            return whole;
        }
        let mut whole = true;
        for i in 0..k {
            // A box's pushes cost a matching update and a flood fill each: with
            // hundreds of boxes a state's expansion takes milliseconds, so the clock is
            // asked every 8 boxes (a millisecond of 200 boxes' pushes).
            if i % 8 == 7 && budget.stopped() {
                whole = false;
                break;
            }
            let b = self.cur[i] as usize;
            for d in Dir::ALL {
                let nb = &self.board.nb[b];
                let (Some(behind), Some(ahead)) = (nb[d.opposite().index()], nb[d.index()]) else {
                    continue;
                };
                let ahead = ahead as usize;
                if self.region[behind as usize] != here
                    || self.occ[ahead]
                    || self.tables.dl.dead[ahead]
                    || only.is_some_and(|l| !self.corral.is_in(ahead, l))
                {
                    continue;
                }
                self.stats.generated += 1;
                let Some(step) = self.step(i, d, ahead as u16) else {
                    continue;
                };
                let end = step.end as usize;
                self.occ[b] = false;
                self.occ[end] = true;
                self.child(id, g, step);
                self.occ[end] = false;
                self.occ[b] = true;
                if self.found.is_some() {
                    break;
                }
            }
        }
        self.clear_occ();
        whole
    }

    /// Every box move from state `id` (cost `g`, the player's region stamped `here`)
    /// that is not pruned; false when `budget` ran out between two boxes.
    fn expand_moves(&mut self, id: u32, g: u16, here: Stamp, budget: &Budget) -> bool {
        let mut moves = std::mem::take(&mut self.moves);
        let mut whole = true;
        for i in 0..self.k {
            // A box's moves cost a search and a child each: the clock is asked per box.
            if budget.stopped() {
                whole = false;
                break;
            }
            let b = self.cur[i];
            let (region, dead) = (&self.region, &self.tables.dl.dead);
            moves.search(self.board, &mut self.occ, dead, b, |c| region[c] == here);
            for e in &moves.ends {
                self.stats.generated += 1;
                let end = e.cell as usize;
                self.occ[b as usize] = false;
                let cut = self.opts.room_cuts && self.tables.macros.out_of_order(&self.occ, end);
                if !cut {
                    self.occ[end] = true;
                    let step = Step {
                        i,
                        code: BOX_MOVE + e.side,
                        end: e.cell,
                        player: e.player,
                        least: Some(e.least),
                        cost: e.pushes,
                        path: None,
                    };
                    self.child(id, g, step);
                    self.occ[end] = false;
                }
                self.occ[b as usize] = true;
                if self.found.is_some() {
                    break;
                }
            }
            if self.found.is_some() {
                break;
            }
        }
        self.moves = moves;
        whole
    }

    fn clear_occ(&mut self) {
        for i in 0..self.k {
            self.occ[self.cur[i] as usize] = false;
        }
    }

    /// The push of box `i` in direction `d` onto `ahead`, or the macro that starts
    /// with it when the pass takes macros and one applies (`None`: the macros cut it).
    fn step(&mut self, i: usize, d: Dir, ahead: u16) -> Option<Step> {
        let from = self.cur[i];
        let path = if self.opts.macros && self.opts.order != Order::Optimal {
            let first = Push {
                from: from as u32,
                dir: d,
            };
            let t = &self.tables;
            let m = &t.macros;
            let cuts = self.opts.room_cuts;
            let (occ, dead) = (&mut self.occ, &t.dl.dead);
            match m.extend(self.board, occ, dead, first, cuts, &mut self.scratch) {
                Macro::Plain => None,
                Macro::Pushes(p) => Some(p),
                Macro::Cut => return None,
            }
        } else {
            None
        };
        Some(match path {
            Some(p) => {
                let last = *p.last().expect("a macro has pushes");
                let end = self.board.nb[last.from as usize][last.dir.index()];
                Step {
                    i,
                    code: d.index() as u8,
                    end: end.expect("pushed onto a cell") as u16,
                    player: last.from as u16,
                    least: None,
                    cost: p.len() as u16,
                    path: Some(p),
                }
            }
            None => Step {
                i,
                code: d.index() as u8,
                end: ahead,
                player: from,
                least: None,
                cost: 1,
                path: None,
            },
        })
    }

    /// Whether the child with box `i` pushed onto `ahead` and the player on `player`
    /// (`self.occ` shows it) is a deadlock: frozen, a dead pair, a learned pattern.
    fn dead_child(&mut self, i: usize, ahead: u16, player: u16) -> bool {
        let (board, o) = (self.board, self.opts);
        let dl = &self.tables.dl;
        (o.freeze && frozen_off_goal(board, &dl.dead, &self.occ, ahead as u32, &mut self.freeze))
            || (o.pairs
                && (0..self.k).any(|j| j != i && dl.dead_pair(ahead as u32, self.cur[j] as u32)))
            || (o.learn && (self.tables.patterns).matches(board, &self.occ, ahead, player))
    }

    /// The state after `step` (`self.occ` already shows it), queued unless pruned or
    /// known as cheaply.
    fn child(&mut self, parent: u32, g: u16, step: Step) {
        let (i, ahead, cost) = (step.i, step.end, step.cost);
        let from = self.cur[i];
        if self.dead_child(i, ahead, step.player) {
            self.stats.deadlocks += 1;
            return;
        }
        self.next.clear();
        self.next.extend_from_slice(&self.cur[..self.k]);
        self.next[i] = ahead;
        self.next.sort_unstable();
        let g1 = g.saturating_add(cost);
        let norm = match step.least {
            Some(least) => least,
            None => self.flood_min(step.player),
        };
        self.next.push(norm);
        let meta = Meta {
            parent,
            g: g1,
            from,
            dir: step.code,
            closed: false,
            h: 0,
        };
        let (id, new) = self.table.insert(&self.next, meta);
        // A state's way here (its meta, and a macro's pushes) is written whole: by the
        // insert for a new state, met by the pull search or not, below when reached
        // more cheaply.
        let mut path = step.path;
        if new {
            self.set_path(id, path.take());
        }
        if self.meets_pulled(id) {
            return;
        }
        let h = if new {
            // Bounds only for new states: a state met again keeps its own.
            let Some(h) = self.tables.matcher.bound_moved(i, ahead) else {
                self.table.meta_mut(id).closed = true;
                self.stats.deadlocks += 1;
                return;
            };
            self.table.meta_mut(id).h = h.min(u16::MAX as u32) as u16;
            h
        } else {
            let old = self.table.meta_mut(id);
            if old.closed || old.g <= g1 {
                return;
            }
            let h = old.h as u32;
            *old = Meta { h: old.h, ..meta };
            self.set_path(id, path);
            h
        };
        if self.opts.below.is_some_and(|b| g1 as u32 + h >= b) {
            return;
        }
        if h == 0 && self.opts.order != Order::Optimal && self.goal_region.is_none_or(|r| r == norm)
        {
            self.found = Some(id);
            return;
        }
        let (cell, p) = self.queued_as(parent, id, g1, h);
        self.open.push(cell, p, g1 as usize, id);
    }

    /// Records the pushes of the macro that reached state `id` (`None`: a single push or
    /// a box move, read from its meta).
    fn set_path(&mut self, id: u32, path: Option<Vec<Push>>) {
        match path {
            Some(p) => self.paths.insert(id, p),
            None => self.paths.remove(&id),
        };
    }

    /// Whether the child `id` (its key in `self.next`) is a position the pull search
    /// reached, met by a first pass (no bound, not optimal): then it is `found`.
    fn meets_pulled(&mut self, id: u32) -> bool {
        if self.opts.order == Order::Optimal || self.opts.below.is_some() {
            return false;
        }
        let Some(met) = (self.tables.pulled.as_ref()).and_then(|p| p.get(&self.next)) else {
            return false;
        };
        self.found = Some(id);
        self.met = Some(met);
        true
    }

    /// The feature cell and the priority of state `id` (cost `g`, bound `h`, reached
    /// from `parent`; `self.occ` shows it): the bound plus the guidance of the orders
    /// that are not optimal, and the idle steps of a feature-space pass with box moves.
    fn queued_as(&mut self, parent: u32, id: u32, g: u16, h: u32) -> (Cell, usize) {
        let o = self.opts;
        let (extra, cell): (u32, Cell) = match o.order {
            Order::Optimal => (0, (0, 1)),
            _ => (self.tables.guide).assess(
                self.board,
                &self.occ,
                o.packing,
                o.connectivity,
                o.order == Order::Features,
            ),
        };
        let mut p = self.priority(g, h + extra);
        if self.counts_idle_steps() {
            p += o.idle_step as usize * self.idle.reach(parent, id, cell) as usize;
        }
        (cell, p)
    }

    /// Whether this pass counts idle steps: a feature-space pass with box moves and a
    /// penalty per idle step.
    fn counts_idle_steps(&self) -> bool {
        let o = self.opts;
        o.order == Order::Features && o.box_moves && o.idle_step > 0
    }
}
