//! The push encoding: one step per push, anonymous boxes, player reachability inside a
//! step, and pruning families that can be switched off.
//!
//! Variables per step `t`: `box(c,t)` (some box stands on `c`), reachability marks (see
//! [`crate::reach`]), and per step `push(c,d,t)` (the box on `c` is pushed in direction
//! `d`, the player walking to the cell behind it) or `wait(t)`. Waiting is only allowed
//! at the end of a plan, so "goal at T" means "a plan of at most T pushes".

use crate::board::{Board, INF};
use crate::deadsquares::{dist_to_goal, dist_to_goals, push_dist_from};
use crate::level::Dir;
use crate::pairs::pair_table;
use crate::plan::{Push, pushes_to_lurd, reachable};
pub use crate::reach::Reach;
use crate::reach::{Grid, StepReach, add_loop_formula, add_step};
use crate::search::{Decoded, HorizonEncoding};
use crate::symmetry::start_symmetries;
use crate::waste::WasteCounter;
use gridsat_sat::{AmoEncoding, Backend, Block, FamilyId, Formula, Lit, amo};
use std::collections::HashMap;
use std::sync::Arc;

/// Switches of the push encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// than full progress fit a budget of `T` minus the distance sum (see
    /// [`crate::waste`]).
    pub waste: bool,
    /// Pair table: two boxes that cannot both reach goals never stand together, and
    /// two boxes stand at step `t` only where their two-box push distance is at most
    /// `T − t` (see [`crate::pairs`]).
    pub pairs: bool,
    /// No undo: a push straight back that returns the box to where it stood, with the
    /// player ending where it could already walk, repeats a state (two wasted pushes).
    pub undo: bool,
    /// Parity: when goals and boxes are as many, every plan's push count has one parity
    /// ([`Board::push_parity`]); plans of the other length end nowhere, so the first
    /// wait never comes at such a step (and the search skips such horizons).
    pub parity: bool,
    /// Start symmetry: when a reflection or rotation maps the start position onto
    /// itself, the first push is tried once per orbit (see [`crate::symmetry`]).
    pub symmetry: bool,
    /// The reachability encoding.
    pub reach: Reach,
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
            reach: Reach::default(),
        }
    }
}

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
}

/// The push encoding under construction.
pub struct PushEncoding {
    f: Formula,
    board: Board,
    opts: PushOptions,
    fam: Families,
    grid: Grid,
    /// Candidate pushes (cell, direction): behind and ahead lie in the region.
    cands: Arc<Vec<(u32, Dir)>>,
    /// Per cell: candidate indices of pushes of a box on it.
    out_of: Vec<Vec<u32>>,
    /// Per cell: candidate indices of pushes that bring a box onto it.
    into: Vec<Vec<u32>>,
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
    known_loops: std::collections::HashSet<Vec<u32>>,
    /// Waste counters (to the goals, from the start), when switched on.
    waste: Vec<WasteCounter>,
    /// Pairs of cells that two boxes never occupy together.
    dead_pairs: Vec<(u32, u32)>,
    /// Pairs of cells with their two-box distance, where it exceeds both one-box ones.
    far_pairs: Vec<(u32, u32, u32)>,
    /// Candidate pushes and the candidates that push their box straight back (no undo).
    undo_pairs: Vec<(u32, u32, u32)>,
    /// The parity of every plan's push count, when known and switched on.
    parity: Option<usize>,
    /// Candidate pushes not tried first: another in their orbit under the start
    /// position's symmetries is.
    not_first: Vec<u32>,
}

impl PushEncoding {
    /// Starts the encoding with step 0 (the initial state).
    pub fn new(board: &Board, opts: PushOptions) -> PushEncoding {
        let board = board.clone();
        let n = board.len();
        let mut f = Formula::new();
        let fam = Families {
            initial: f.family("initial state"),
            action: f.family("one push per step"),
            effects: f.family("push preconditions and effects"),
            frame: f.family("frame: boxes move only when pushed"),
            reach: f.family("player reachability"),
            goal: f.family("goal at T"),
            dead: f.family("dead squares"),
            distance: f.family("distance pruning"),
            freeze: f.family("freeze patterns"),
            goal_reach: f.family("goal reachability"),
            waste: f.family("waste budget"),
            pairs: f.family("pair distances"),
            undo: f.family("no undo"),
            parity: f.family("push-count parity"),
            symmetry: f.family("start symmetry"),
        };
        let coords: Arc<Vec<(usize, usize)>> =
            Arc::new((0..n as u32).map(|c| board.coords(c)).collect());
        let grid = Grid {
            nb: board
                .nb
                .iter()
                .map(|a| a.iter().flatten().copied().collect())
                .collect(),
            coords,
        };
        let mut cands = Vec::new();
        let mut out_of = vec![Vec::new(); n];
        let mut into = vec![Vec::new(); n];
        for c in 0..n as u32 {
            for d in Dir::ALL {
                let behind = board.nb[c as usize][d.opposite().index()];
                let ahead = board.nb[c as usize][d.index()];
                if let (Some(_), Some(a)) = (behind, ahead) {
                    out_of[c as usize].push(cands.len() as u32);
                    into[a as usize].push(cands.len() as u32);
                    cands.push((c, d));
                }
            }
        }
        let to_goal = dist_to_goals(&board);
        let max_to_goal = to_goal
            .iter()
            .copied()
            .filter(|&d| d != INF)
            .max()
            .unwrap_or(0);
        let mut from_start = vec![INF; n];
        for &b in &board.boxes {
            for (c, d) in push_dist_from(&board, b).into_iter().enumerate() {
                from_start[c] = from_start[c].min(d);
            }
        }
        let per_goal = board
            .goals()
            .into_iter()
            .map(|g| (g, dist_to_goal(&board, g)))
            .collect();
        let freeze_sets = freeze_patterns(&board);
        let max_walk = (n - board.boxes.len()).saturating_sub(1) as u32;
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
            known_loops: Default::default(),
            waste: Vec::new(),
            dead_pairs: Vec::new(),
            far_pairs: Vec::new(),
            undo_pairs: Vec::new(),
            parity: None,
            not_first: Vec::new(),
        };
        if opts.symmetry {
            enc.not_first = enc.not_first();
        }
        if opts.parity {
            enc.parity = enc.board.push_parity();
        }
        if opts.undo {
            enc.undo_pairs = enc.undo_pairs();
        }
        if opts.pairs && enc.board.boxes.len() >= 2 {
            enc.pair_lists();
        }
        if opts.waste {
            enc.waste = enc.waste_counters();
        }
        enc.add_state();
        let mut start = vec![false; n];
        for &b in &enc.board.boxes {
            start[b as usize] = true;
        }
        for c in 0..n as u32 {
            let l = enc.bx(c, 0);
            enc.f
                .add_clause(fam.initial, &[if start[c as usize] { l } else { !l }]);
        }
        let region = reachable(&enc.board, &start, enc.board.player);
        for c in 0..n as u32 {
            let l = enc.reach[0].reach(c);
            enc.f
                .add_clause(fam.initial, &[if region[c as usize] { l } else { !l }]);
        }
        enc
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

    /// Allocates the state of a new step with its reachability and pruning clauses.
    fn add_state(&mut self) {
        let t = self.boxes.len();
        let n = self.board.len() as u32;
        let coords = self.grid.coords.clone();
        let bb = self
            .f
            .new_named_block(&format!("box t={t}"), &[n], move |i| {
                let (r, c) = coords[i[0] as usize];
                format!("box at ({r},{c}) t={t}")
            });
        self.boxes.push(bb);
        let at = self.at(t);
        let free: Vec<Lit> = (0..n).map(|c| !self.bx(c, t)).collect();
        let kind = if t == 0 {
            Reach::Loops
        } else {
            self.opts.reach
        };
        let sr = add_step(
            &mut self.f,
            self.fam.reach,
            &self.grid,
            t,
            kind,
            &at,
            &free,
            self.max_walk,
            t == 0,
        );
        self.reach.push(sr);
        let fam = self.fam;
        if t > 0 {
            let loops = self.loops.clone();
            for (i, set) in loops.iter().enumerate() {
                add_loop_formula(
                    &mut self.f,
                    fam.reach,
                    &self.grid,
                    &sr,
                    set,
                    &at,
                    &format!("loop {i} supported at t={t}"),
                );
            }
        }
        if self.opts.dead_squares {
            for c in 0..n {
                if self.to_goal[c as usize] == INF {
                    let l = self.bx(c, t);
                    self.f.add_clause(fam.dead, &[!l]);
                }
            }
        }
        if self.opts.distance {
            for c in 0..n {
                if self.from_start[c as usize] == INF || self.from_start[c as usize] as usize > t {
                    let l = self.bx(c, t);
                    self.f.add_clause(fam.distance, &[!l]);
                }
            }
        }
        for &(a, b) in &self.dead_pairs {
            let clause = [!self.bx(a, t), !self.bx(b, t)];
            self.f.add_clause(fam.pairs, &clause);
        }
        if self.opts.freeze {
            for set in &self.freeze_sets {
                let clause: Vec<Lit> = set
                    .iter()
                    .map(|&c| !self.boxes[t].var(&[c]).pos())
                    .collect();
                self.f.add_clause(fam.freeze, &clause);
            }
        }
        if self.opts.goal_reach && self.board.boxes.len() == self.per_goal.len() {
            for (_, d) in &self.per_goal {
                let clause: Vec<Lit> = (0..n)
                    .filter(|&c| d[c as usize] != INF)
                    .map(|c| self.boxes[t].var(&[c]).pos())
                    .collect();
                self.f.add_clause(fam.goal_reach, &clause);
            }
        }
    }

    /// Forbids pushing at step `t` the box that step `t − 1` pushed straight back when
    /// the cell the player ends on was reachable before step `t − 1`: the state after
    /// step `t` would equal the state before step `t − 1` (same boxes, same region), so a
    /// plan doing it is two pushes longer than one without.
    fn no_undo(&mut self, t: usize) {
        for &(k, back, ahead) in self.undo_pairs.iter() {
            let clause = [
                !self.push(k, t - 1),
                !self.push(back, t),
                !self.reach[t - 1].reach(ahead),
            ];
            self.f.add_clause(self.fam.undo, &clause);
        }
    }

    /// Per candidate push `k` whose box can be pushed straight back: `(k, the candidate
    /// pushing it back, the cell the box reaches)`.
    /// The parity of every plan's push count, when known and switched on (the search
    /// skips horizons of the other parity).
    pub fn parity(&self) -> Option<usize> {
        self.parity
    }

    /// Two start boxes that can never both reach goals (from the pair table), if any:
    /// the level has no solution, and the pair clauses contradict the start.
    pub fn dead_start_pair(&self) -> Option<(u32, u32)> {
        let bx = &self.board.boxes;
        bx.iter().enumerate().find_map(|(i, &a)| {
            bx[i + 1..]
                .iter()
                .find(|&&b| {
                    let (lo, hi) = (a.min(b), a.max(b));
                    self.dead_pairs.binary_search(&(lo, hi)).is_ok()
                })
                .map(|&b| (a, b))
        })
    }

    /// Candidate index of each (cell, direction) push.
    fn cand_index(&self) -> HashMap<(u32, Dir), u32> {
        self.cands
            .iter()
            .enumerate()
            .map(|(k, &cd)| (cd, k as u32))
            .collect()
    }

    /// The candidate pushes whose orbit under the start symmetries holds a smaller
    /// candidate: a plan starting with one of them has a mirror image starting with that
    /// smaller one, as long.
    fn not_first(&self) -> Vec<u32> {
        let maps = start_symmetries(&self.board);
        if maps.is_empty() {
            return Vec::new();
        }
        let index = self.cand_index();
        let mut out = Vec::new();
        for (k, &(c, d)) in self.cands.iter().enumerate() {
            let ahead = self.board.nb[c as usize][d.index()].expect("candidate");
            let smaller = maps.iter().any(|m| {
                let (c2, a2) = (m[c as usize], m[ahead as usize]);
                let d2 = Dir::ALL
                    .into_iter()
                    .find(|&e| self.board.nb[c2 as usize][e.index()] == Some(a2))
                    .expect("a symmetry maps neighbours to neighbours");
                index[&(c2, d2)] < k as u32
            });
            if smaller {
                out.push(k as u32);
            }
        }
        out
    }

    fn undo_pairs(&self) -> Vec<(u32, u32, u32)> {
        let index = self.cand_index();
        self.cands
            .iter()
            .enumerate()
            .filter_map(|(k, &(c, d))| {
                let ahead = self.board.nb[c as usize][d.index()].expect("candidate");
                let back = *index.get(&(ahead, d.opposite()))?;
                Some((k as u32, back, ahead))
            })
            .collect()
    }

    /// Fills the dead and far pair lists from the two-box table.
    fn pair_lists(&mut self) {
        let Some(table) = pair_table(&self.board) else {
            return;
        };
        let n = self.board.len() as u32;
        let h = &self.to_goal;
        for a in 0..n {
            for b in a + 1..n {
                let (ha, hb) = (h[a as usize], h[b as usize]);
                if ha == INF || hb == INF {
                    continue; // dead squares already
                }
                let d = table.get(a, b);
                if d == INF {
                    self.dead_pairs.push((a, b));
                } else if d > ha.max(hb) {
                    self.far_pairs.push((a, b, d));
                }
            }
        }
    }

    /// The waste counters: to the nearest goal (the potential drops from the boxes'
    /// distance sum to 0) and from the nearest start box (it rises from 0 to at least the
    /// least sum over as many goals as boxes).
    fn waste_counters(&self) -> Vec<WasteCounter> {
        let mut out = Vec::new();
        let h = &self.to_goal;
        let fin = |x: u32| (x != INF).then_some(x);
        let ahead = |c: u32, d: Dir| self.board.nb[c as usize][d.index()].expect("candidate");
        let cost: Vec<Option<u32>> = self
            .cands
            .iter()
            .map(|&(c, d)| {
                let (hc, ha) = (fin(h[c as usize])?, fin(h[ahead(c, d) as usize])?);
                Some(1 + ha - hc)
            })
            .collect();
        let drop: u32 = self.board.boxes.iter().map(|&b| h[b as usize]).sum();
        out.push(WasteCounter::new("to goals", self.fam.waste, cost, 1, drop));
        let g = &self.from_start;
        let cost: Vec<Option<u32>> = self
            .cands
            .iter()
            .map(|&(c, d)| {
                let (gc, ga) = (fin(g[c as usize])?, fin(g[ahead(c, d) as usize])?);
                Some(1 + gc - ga)
            })
            .collect();
        let mut at_goals: Vec<u32> = self.board.goals().iter().map(|&c| g[c as usize]).collect();
        at_goals.sort_unstable();
        let rise: u32 = at_goals
            .iter()
            .take(self.board.boxes.len())
            .map(|&x| x.min(1 << 20))
            .sum();
        out.push(WasteCounter::new(
            "from start",
            self.fam.waste,
            cost,
            1,
            rise,
        ));
        out
    }

    /// The connected sets of cells marked reachable at step `t` of the model although the
    /// player, standing on `player`, cannot reach them around the model's boxes.
    fn unfounded_sets(&self, s: &dyn Backend, t: usize, player: u32) -> Vec<Vec<u32>> {
        let n = self.board.len();
        let occupied: Vec<bool> = (0..n as u32)
            .map(|c| s.value(self.bx(c, t)) == Some(true))
            .collect();
        let truly = reachable(&self.board, &occupied, player);
        let marked: Vec<bool> = (0..n as u32)
            .map(|c| s.value(self.reach[t].reach(c)) == Some(true) && !truly[c as usize])
            .collect();
        let mut seen = vec![false; n];
        let mut out = Vec::new();
        for c0 in 0..n {
            if !marked[c0] || seen[c0] {
                continue;
            }
            let mut set = vec![c0 as u32];
            seen[c0] = true;
            let mut i = 0;
            while i < set.len() {
                for &m in &self.grid.nb[set[i] as usize] {
                    if marked[m as usize] && !seen[m as usize] {
                        seen[m as usize] = true;
                        set.push(m);
                    }
                }
                i += 1;
            }
            set.sort_unstable();
            out.push(set);
        }
        out
    }

    /// Adds the loop formula of `set` at every step built so far and remembers it for
    /// the steps to come.
    fn add_loop(&mut self, set: Vec<u32>) {
        let i = self.loops.len();
        for t in 1..self.reach.len() {
            let at = self.at(t);
            let sr = self.reach[t];
            add_loop_formula(
                &mut self.f,
                self.fam.reach,
                &self.grid,
                &sr,
                &set,
                &at,
                &format!("loop {i} supported at t={t}"),
            );
        }
        self.loops.push(set);
    }
}

/// Cell sets that may never all hold boxes unless all are goals: 2×2 squares of boxes
/// and walls, and two adjacent boxes each blocked by a wall across their line.
fn freeze_patterns(board: &Board) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let n = board.len() as u32;
    let off_goal = |s: &[u32]| s.iter().any(|&c| !board.goal[c as usize]);
    for c in 0..n {
        // c is the top-left cell of a 2×2 square when it is a region cell; squares whose
        // top-left is a wall are found from another region cell of the square below.
        let right = board.nb[c as usize][Dir::Right.index()];
        let down = board.nb[c as usize][Dir::Down.index()];
        let diag = right
            .and_then(|r| board.nb[r as usize][Dir::Down.index()])
            .or_else(|| down.and_then(|d| board.nb[d as usize][Dir::Right.index()]));
        let mut s: Vec<u32> = [Some(c), right, down, diag].into_iter().flatten().collect();
        s.sort_unstable();
        s.dedup();
        if s.len() >= 2 && off_goal(&s) && !out.contains(&s) {
            out.push(s);
        }
        for (along, across) in [
            (Dir::Right, [Dir::Up, Dir::Down]),
            (Dir::Down, [Dir::Left, Dir::Right]),
        ] {
            if let Some(m) = board.nb[c as usize][along.index()] {
                let blocked = |x: u32| {
                    across
                        .iter()
                        .any(|d| board.nb[x as usize][d.index()].is_none())
                };
                let pair = vec![c.min(m), c.max(m)];
                if blocked(c) && blocked(m) && off_goal(&pair) && !out.contains(&pair) {
                    out.push(pair);
                }
            }
        }
    }
    // Squares whose top-left corner is a wall: start from the bottom-right region cell.
    for c in 0..n {
        let up = board.nb[c as usize][Dir::Up.index()];
        let left = board.nb[c as usize][Dir::Left.index()];
        let diag = up
            .and_then(|u| board.nb[u as usize][Dir::Left.index()])
            .or_else(|| left.and_then(|l| board.nb[l as usize][Dir::Up.index()]));
        let mut s: Vec<u32> = [Some(c), up, left, diag].into_iter().flatten().collect();
        s.sort_unstable();
        s.dedup();
        if s.len() >= 2 && off_goal(&s) && !out.contains(&s) {
            out.push(s);
        }
    }
    // A single box in a 2×2 of walls is a corner: the dead squares cover it. Keep only
    // sets where every box is blocked on both axes.
    out.retain(|s| frozen(board, s));
    out
}

/// True when boxes on every cell of `s` (and walls outside the region) block each other
/// on both axes.
fn frozen(board: &Board, s: &[u32]) -> bool {
    s.iter().all(|&c| {
        let blocked = |d: Dir| match board.nb[c as usize][d.index()] {
            None => true,
            Some(m) => s.contains(&m),
        };
        (blocked(Dir::Up) || blocked(Dir::Down)) && (blocked(Dir::Left) || blocked(Dir::Right))
    })
}

impl HorizonEncoding for PushEncoding {
    fn formula(&self) -> &Formula {
        &self.f
    }

    fn horizon(&self) -> usize {
        self.acts.len()
    }

    fn extend(&mut self) {
        let t = self.acts.len();
        let cands = self.cands.clone();
        let coords = self.grid.coords.clone();
        let nc = cands.len() as u32;
        let ab = self
            .f
            .new_named_block(&format!("push t={t}"), &[nc + 1], move |i| {
                if i[0] == nc {
                    return format!("wait at step {t}");
                }
                let (c, d) = cands[i[0] as usize];
                let (r, k) = coords[c as usize];
                format!("push box at ({r},{k}) {d:?} at step {t}")
            });
        self.acts.push(ab);
        self.add_state();
        let fam = self.fam;
        let mut all: Vec<Lit> = (0..nc).map(|k| self.push(k, t)).collect();
        all.push(self.wait(t));
        // Pairwise measured fastest (Microban 69, 83, 84); commander keeps big levels small.
        let enc = if all.len() <= 160 {
            AmoEncoding::Pairwise
        } else {
            AmoEncoding::Commander
        };
        amo::exactly_one(&mut self.f, fam.action, fam.action, &all, enc);
        let wait = self.wait(t);
        for w in &mut self.waste {
            w.add_step(&mut self.f, &all[..nc as usize], wait);
        }
        if t > 0 {
            let (w0, w1) = (self.wait(t - 1), self.wait(t));
            self.f.add_clause(fam.action, &[!w0, w1]);
        }
        if self.opts.undo && t > 0 {
            self.no_undo(t);
        }
        if t == 0 {
            for &k in &self.not_first {
                let p = self.push(k, 0);
                self.f.add_clause(fam.symmetry, &[!p]);
            }
        }
        if self.parity.is_some_and(|p| t % 2 != p) {
            // A first wait at step t would end a plan of t pushes: impossible.
            let mut clause = vec![!self.wait(t)];
            if t > 0 {
                clause.push(self.wait(t - 1));
            }
            self.f.add_clause(fam.parity, &clause);
        }
        if let Some(&g) = self.goals.get(&t) {
            let w = self.wait(t);
            self.f.add_clause(fam.goal, &[!g, w]);
        }
        let reach = self.reach[t];
        for (k, &(c, d)) in self.cands.clone().iter().enumerate() {
            let p = self.push(k as u32, t);
            let behind = self.board.nb[c as usize][d.opposite().index()].expect("candidate");
            let ahead = self.board.nb[c as usize][d.index()].expect("candidate");
            let e = fam.effects;
            self.f.add_clause(e, &[!p, self.bx(c, t)]);
            self.f.add_clause(e, &[!p, !self.bx(ahead, t)]);
            self.f.add_clause(e, &[!p, reach.reach(behind)]);
            self.f.add_clause(e, &[!p, !self.bx(c, t + 1)]);
            self.f.add_clause(e, &[!p, self.bx(ahead, t + 1)]);
        }
        for c in 0..self.board.len() as u32 {
            let (now, next) = (self.bx(c, t), self.bx(c, t + 1));
            let mut leave = vec![!now, next];
            leave.extend(self.out_of[c as usize].iter().map(|&k| self.push(k, t)));
            self.f.add_clause(fam.frame, &leave);
            let mut arrive = vec![now, !next];
            arrive.extend(self.into[c as usize].iter().map(|&k| self.push(k, t)));
            self.f.add_clause(fam.frame, &arrive);
        }
    }

    fn goal(&mut self, horizon: usize) -> Lit {
        if let Some(&g) = self.goals.get(&horizon) {
            return g;
        }
        let g = self.f.new_var(&format!("goal at T={horizon}")).pos();
        let fam = self.fam;
        let n = self.board.len() as u32;
        for c in 0..n {
            if !self.board.goal[c as usize] {
                let l = self.bx(c, horizon);
                self.f.add_clause(fam.goal, &[!g, !l]);
            }
        }
        if self.opts.distance {
            for t in horizon.saturating_sub(self.max_to_goal as usize)..=horizon {
                for c in 0..n {
                    let d = self.to_goal[c as usize];
                    if d != INF && d as usize > horizon - t {
                        let l = self.bx(c, t);
                        self.f.add_clause(fam.distance, &[!g, !l]);
                    }
                }
            }
        }
        for w in &mut self.waste {
            w.bound(&mut self.f, g, horizon);
        }
        for i in 0..self.far_pairs.len() {
            let (a, b, d) = self.far_pairs[i];
            for t in (horizon + 1).saturating_sub(d as usize)..=horizon {
                let clause = [!g, !self.bx(a, t), !self.bx(b, t)];
                self.f.add_clause(fam.pairs, &clause);
            }
        }
        if self.opts.goal_reach && self.board.boxes.len() == self.per_goal.len() {
            for gi in 0..self.per_goal.len() {
                let maxd = self.per_goal[gi]
                    .1
                    .iter()
                    .copied()
                    .filter(|&d| d != INF)
                    .max()
                    .unwrap_or(0);
                for t in horizon.saturating_sub(maxd as usize)..=horizon {
                    let d = &self.per_goal[gi].1;
                    let mut clause = vec![!g];
                    clause.extend(
                        (0..n)
                            .filter(|&c| {
                                d[c as usize] as usize <= horizon - t && d[c as usize] != INF
                            })
                            .map(|c| self.boxes[t].var(&[c]).pos()),
                    );
                    self.f.add_clause(fam.goal_reach, &clause);
                }
            }
        }
        if horizon < self.acts.len() {
            // The plan ends by `horizon`: every later step waits (the chain of waits
            // does the rest), so the steps built beyond it give the solver nothing to do.
            let w = self.wait(horizon);
            self.f.add_clause(fam.goal, &[!g, w]);
        }
        self.goals.insert(horizon, g);
        g
    }

    fn assert_goal(&mut self, goal: Lit) {
        self.f.add_clause(self.fam.goal, &[goal]);
    }

    fn decode(&mut self, s: &dyn Backend, horizon: usize) -> Decoded {
        let mut pushes = Vec::new();
        for t in 0..horizon {
            let Some(k) =
                (0..self.cands.len() as u32).find(|&k| s.value(self.push(k, t)) == Some(true))
            else {
                break;
            };
            let (from, dir) = self.cands[k as usize];
            pushes.push(Push { from, dir });
        }
        match pushes_to_lurd(&self.board, &pushes) {
            Ok(plan) => Decoded::Plan(plan, pushes.len()),
            Err(_) if self.opts.reach == Reach::Loops => {
                // Some step's marks include cells the player cannot reach: exclude every
                // connected set of such cells, at every step of the model, by its loop
                // formula (fewer rounds than fixing only the first offending step).
                let mut added = false;
                for t in 1..=pushes.len() {
                    for set in self.unfounded_sets(s, t, pushes[t - 1].from) {
                        if self.known_loops.insert(set.clone()) {
                            self.add_loop(set);
                            added = true;
                        }
                    }
                }
                if added {
                    Decoded::Refined
                } else {
                    Decoded::Plan(String::from("<spurious plan>"), 0)
                }
            }
            // The exact encoding produced an impossible push: let verification fail.
            Err(_) => Decoded::Plan(String::from("<unreachable push>"), 0),
        }
    }
}
