//! Sokoban, written out directly from the rules: the textbook push encoding of "a plan
//! of at most H pushes" (one step per push, boxes per cell, the player's region by BFS
//! layers, exactly one push or wait per step, waits only at the end), and a replay of
//! the plan. Shares no code with gridsat's encoder or simulator on purpose.
//!
//! The one simplification of the board, which follows from the rules: a box that can
//! never move (both neighbours along each axis are walls or such boxes, or the player
//! can never reach it) is a wall, and the cells are those the player can ever reach.

use super::cnf::{Expected, NamedLit};
use super::files::{self, Kind};
use super::manifest::{Claim, Entry};
use super::{Limits, Rejected};
use std::path::Path;

/// Up, down, left, right: the names the encoder gives them and their letters.
const DIRS: [(&str, char, isize, isize); 4] = [
    ("Up", 'u', -1, 0),
    ("Down", 'd', 1, 0),
    ("Left", 'l', 0, -1),
    ("Right", 'r', 0, 1),
];

/// A level as read: its grid (row-major), walls, goals, boxes and player.
struct Level {
    width: usize,
    height: usize,
    wall: Vec<bool>,
    goal: Vec<bool>,
    boxes: Vec<usize>,
    player: usize,
}

fn bad(entry: &Entry, what: impl Into<String>) -> Rejected {
    Rejected::Answer {
        entry: entry.name.clone(),
        detail: what.into(),
    }
}

/// The most cells (width × height, rows padded) a level may have.
pub const MAX_CELLS: usize = 1 << 24;

/// Reads one level in XSB (`;` lines are comments; rows padded with floor).
fn read_level(entry: &Entry, text: &str) -> Result<Level, Rejected> {
    let rows: Vec<(usize, Vec<char>)> = (text.lines().enumerate())
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.is_empty() && !l.trim_start().starts_with(';'))
        .map(|(i, l)| (i, l.chars().collect()))
        .collect();
    let (height, width) = (
        rows.len(),
        rows.iter().map(|r| r.1.len()).max().unwrap_or(0),
    );
    if width.saturating_mul(height) > MAX_CELLS {
        return Err(bad(
            entry,
            format!(
                "the level is {width}×{height} cells, more than the {MAX_CELLS} this checker reads"
            ),
        ));
    }
    let mut l = Level {
        width,
        height,
        wall: vec![false; width * height],
        goal: vec![false; width * height],
        boxes: Vec::new(),
        player: usize::MAX,
    };
    for (r, (line, row)) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let i = r * width + c;
            match ch {
                '#' => l.wall[i] = true,
                ' ' | '-' | '_' => {}
                '.' | '*' | '+' => l.goal[i] = true,
                '$' | '@' => {}
                _ => {
                    return Err(bad(
                        entry,
                        format!(
                            "level line {line}, column {}: expected an XSB cell (# space - _ . $ * @ +)",
                            c + 1
                        ),
                    ));
                }
            }
            if matches!(ch, '$' | '*') {
                l.boxes.push(i);
            }
            if matches!(ch, '@' | '+') {
                if l.player != usize::MAX {
                    return Err(bad(entry, "the level has two players"));
                }
                l.player = i;
            }
        }
    }
    if l.player == usize::MAX {
        return Err(bad(entry, "the level has no player"));
    }
    Ok(l)
}

impl Level {
    /// The cell one step from `c` in direction `d`, inside the grid.
    fn step(&self, c: usize, d: usize) -> Option<usize> {
        let (_, _, dr, dc) = DIRS[d];
        let r = (c / self.width).checked_add_signed(dr)?;
        let k = (c % self.width).checked_add_signed(dc)?;
        (r < self.height && k < self.width).then_some(r * self.width + k)
    }

    /// The cells reachable from `from` through cells not `blocked`.
    fn flood(&self, blocked: &[bool], from: usize) -> Vec<bool> {
        let mut seen = vec![false; blocked.len()];
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(c) = stack.pop() {
            for n in (0..4).filter_map(|d| self.step(c, d)) {
                if !blocked[n] && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        seen
    }

    /// Can the box at `b` never move, given what is `blocked` and the player's
    /// `region`: out of reach, or both neighbours along each axis blocked?
    fn stuck(&self, b: usize, blocked: &[bool], region: &[bool]) -> bool {
        let open = |c: Option<usize>| c.is_some_and(|c| !blocked[c]);
        let vertical = open(self.step(b, 0)) && open(self.step(b, 1));
        let horizontal = open(self.step(b, 2)) && open(self.step(b, 3));
        !(region[b] && (vertical || horizontal))
    }

    /// Walls plus the boxes that can never move (to a fixpoint); `Stuck` names a box
    /// that can never move and stands off a goal.
    ///
    /// Each round floods the player's region once, then blocks stuck boxes with a
    /// worklist: a box blocked puts only its neighbours back on it, so a block of n
    /// immovable boxes takes O(n) work per round, not a flood per box. A new round
    /// is needed only when boxes were blocked (the region may have shrunk).
    fn blocked(&self, limits: &Limits) -> Result<Vec<bool>, Refused> {
        let mut blocked = self.wall.clone();
        let mut is_box = vec![false; blocked.len()];
        self.boxes.iter().for_each(|&b| is_box[b] = true);
        loop {
            if limits.in_time("").is_err() {
                return Err(Refused::OutOfTime);
            }
            let region = self.flood(&blocked, self.player);
            let mut work: Vec<usize> = self
                .boxes
                .iter()
                .copied()
                .filter(|&b| !blocked[b])
                .collect();
            let mut changed = false;
            while let Some(b) = work.pop() {
                if blocked[b] || !self.stuck(b, &blocked, &region) {
                    continue;
                }
                if !self.goal[b] {
                    return Err(Refused::Stuck(b));
                }
                (blocked[b], changed) = (true, true);
                let next = (0..4).filter_map(|d| self.step(b, d));
                work.extend(next.filter(|&n| is_box[n] && !blocked[n]));
            }
            if !changed {
                return Ok(blocked);
            }
        }
    }

    fn at(&self, c: usize) -> String {
        format!("({},{})", c / self.width + 1, c % self.width + 1)
    }
}

/// The formula: clauses over variable names, as gridsat's push encoding names them.
struct Encoder<'a> {
    l: &'a Level,
    /// The player's region (cells it can ever reach), in row-major order.
    cells: Vec<usize>,
    inside: Vec<bool>,
    boxes: Vec<usize>,
    /// Candidate pushes: (cell, direction) with the cells behind and ahead inside.
    cands: Vec<(usize, usize)>,
    layers: usize,
    out: Vec<Vec<NamedLit>>,
}

fn pos(name: String) -> NamedLit {
    (name, true)
}

fn neg(name: String) -> NamedLit {
    (name, false)
}

impl Encoder<'_> {
    fn nb(&self, c: usize, d: usize) -> Option<usize> {
        self.l.step(c, d).filter(|&n| self.inside[n])
    }

    fn bx(&self, c: usize, t: usize) -> String {
        format!("box at {} t={t}", self.l.at(c))
    }

    fn push(&self, k: usize, t: usize) -> String {
        let (c, d) = self.cands[k];
        format!("push box at {} {} at step {t}", self.l.at(c), DIRS[d].0)
    }

    /// "The player reaches c within k steps at t" (`t = 0`: one layer, fixed).
    fn reach(&self, c: usize, k: usize, t: usize) -> String {
        match t {
            0 => format!("player reaches {} at t=0", self.l.at(c)),
            _ => format!("player reaches {} within {k} steps at t={t}", self.l.at(c)),
        }
    }

    fn initial(&mut self) {
        let mut occupied = vec![false; self.inside.len()];
        self.boxes.iter().for_each(|&b| occupied[b] = true);
        let mut blocked: Vec<bool> = self.inside.iter().map(|&i| !i).collect();
        self.boxes.iter().for_each(|&b| blocked[b] = true);
        let region = self.l.flood(&blocked, self.l.player);
        for &c in &self.cells.clone() {
            self.out.push(vec![(self.bx(c, 0), occupied[c])]);
            self.out.push(vec![(self.reach(c, 0, 0), region[c])]);
        }
    }

    /// Step `t`: one push or wait, waits stay, push preconditions and effects, frame.
    fn step(&mut self, t: usize) {
        let mut acts: Vec<String> = (0..self.cands.len()).map(|k| self.push(k, t)).collect();
        acts.push(format!("wait at step {t}"));
        self.out.push(acts.iter().cloned().map(pos).collect());
        for (i, a) in acts.iter().enumerate() {
            for b in &acts[i + 1..] {
                self.out.push(vec![neg(a.clone()), neg(b.clone())]);
            }
        }
        if t > 0 {
            let w0 = format!("wait at step {}", t - 1);
            self.out
                .push(vec![neg(w0), pos(acts.last().unwrap().clone())]);
        }
        let last = if t == 0 { 0 } else { self.layers - 1 };
        for (k, &(c, d)) in self.cands.clone().iter().enumerate() {
            let (p, back) = (self.push(k, t), self.nb(c, d ^ 1).unwrap());
            let ahead = self.nb(c, d).unwrap();
            self.out.extend([
                vec![neg(p.clone()), pos(self.bx(c, t))],
                vec![neg(p.clone()), neg(self.bx(ahead, t))],
                vec![neg(p.clone()), pos(self.reach(back, last, t))],
                vec![neg(p.clone()), neg(self.bx(c, t + 1))],
                vec![neg(p), pos(self.bx(ahead, t + 1))],
            ]);
        }
        for &c in &self.cells.clone() {
            let mut leave = vec![neg(self.bx(c, t)), pos(self.bx(c, t + 1))];
            let mut arrive = vec![pos(self.bx(c, t)), neg(self.bx(c, t + 1))];
            for (k, &(from, d)) in self.cands.iter().enumerate() {
                if from == c {
                    leave.push(pos(self.push(k, t)));
                }
                if self.nb(from, d) == Some(c) {
                    arrive.push(pos(self.push(k, t)));
                }
            }
            self.out.extend([leave, arrive]);
        }
    }

    /// Step `t ≥ 1`'s region by layers: reachable within k steps from where the last
    /// push left the player, through box-free cells; every such cell marked.
    fn region(&mut self, t: usize) {
        for &c in &self.cells.clone() {
            let here: Vec<String> = (0..self.cands.len())
                .filter(|&k| self.cands[k].0 == c)
                .map(|k| self.push(k, t - 1))
                .collect();
            let nbs: Vec<usize> = (0..4).filter_map(|d| self.nb(c, d)).collect();
            for k in 0..self.layers {
                let x = self.reach(c, k, t);
                self.out.push(vec![neg(x.clone()), neg(self.bx(c, t))]);
                let mut support = vec![neg(x.clone())];
                support.extend(here.iter().cloned().map(pos));
                for a in &here {
                    self.out.push(vec![neg(a.clone()), pos(x.clone())]);
                }
                if k > 0 {
                    support.push(pos(self.reach(c, k - 1, t)));
                    self.out
                        .push(vec![neg(self.reach(c, k - 1, t)), pos(x.clone())]);
                    for &m in &nbs {
                        support.push(pos(self.reach(m, k - 1, t)));
                        let y = neg(self.reach(m, k - 1, t));
                        self.out.push(vec![y, pos(self.bx(c, t)), pos(x.clone())]);
                    }
                }
                self.out.push(support);
            }
        }
    }
}

/// The most clauses the checker builds, whatever the memory budget.
const MAX_CLAUSES: usize = 20_000_000;

/// Why no formula is built.
#[derive(Debug)]
enum Refused {
    /// A box that can never move stands off a goal (its cell): no plan exists.
    Stuck(usize),
    /// The formula would have about this many clauses, beyond [`MAX_CLAUSES`].
    TooLarge(usize),
    /// Over the memory budget (the estimate, as the checker says it).
    Budget(Rejected),
    /// The time limit ran out.
    OutOfTime,
}

/// The clauses of "a plan of at most `h` pushes solves `l`", estimated against
/// `limits` before they are built.
fn formula(l: &Level, h: usize, limits: &Limits) -> Result<Vec<Vec<NamedLit>>, Refused> {
    let mut e = encoder(l, limits)?;
    let dist = e.distances();
    let counters = e.counters(&dist);
    admit(&e, h, counters.iter().map(|k| k.clauses(h)).sum(), limits)?;
    e.initial();
    for t in 0..h {
        if limits.in_time("").is_err() {
            return Err(Refused::OutOfTime);
        }
        e.step(t);
        e.region(t + 1);
    }
    let g = format!("goal at T={h}");
    e.prune(h, &g, &dist);
    for k in &counters {
        e.count(k, h, &g);
    }
    for &c in &e.cells {
        if !l.goal[c] {
            e.out.push(vec![neg(g.clone()), neg(e.bx(c, h))]);
        }
    }
    e.out.push(vec![pos(g)]);
    Ok(e.out)
}

/// The encoder of `l`: the player's region with the boxes that never move as walls,
/// and the candidate pushes (a cell with floor behind and ahead in that region).
fn encoder<'a>(l: &'a Level, limits: &Limits) -> Result<Encoder<'a>, Refused> {
    let blocked = l.blocked(limits)?;
    let inside = l.flood(&blocked, l.player);
    let cells: Vec<usize> = (0..inside.len()).filter(|&c| inside[c]).collect();
    let boxes: Vec<usize> = l.boxes.iter().copied().filter(|&b| !blocked[b]).collect();
    let layers = cells.len() - boxes.len();
    let mut e = Encoder {
        l,
        layers,
        cells,
        inside,
        boxes,
        cands: Vec::new(),
        out: Vec::new(),
    };
    for &c in &e.cells {
        for d in 0..4 {
            if e.nb(c, d).is_some() && e.nb(c, d ^ 1).is_some() {
                e.cands.push((c, d));
            }
        }
    }
    Ok(e)
}

/// Refuses a formula of horizon `h` (with `waste` counter clauses) estimated beyond
/// [`MAX_CLAUSES`] or `limits`' memory, before anything is built.
fn admit(e: &Encoder, h: usize, waste: usize, limits: &Limits) -> Result<(), Refused> {
    let (n, layers) = (e.cells.len(), e.layers);
    // Per step: exactly-one over at most 4n + 1 actions, effects, frame, and ~7 region
    // clauses per cell and layer. A plan file cannot make the checker build more.
    let per_step = (4 * n + 1).pow(2) / 2 + 30 * n + 7 * n * layers;
    let clauses = h.saturating_mul(per_step).saturating_add(waste);
    if clauses > MAX_CLAUSES {
        return Err(Refused::TooLarge(clauses));
    }
    // Most clauses are binary or ternary; the exactly-one and frame clauses longer
    // but few: three literals a clause bounds the total.
    let (c, lits) = (clauses as u64, (clauses as u64).saturating_mul(3));
    limits.admit("", c, lits).map_err(Refused::Budget)
}

/// Replays `plan` (LURD letters in any case, whitespace ignored) on `l`: the pushes and
/// moves it makes when every move is legal and it ends with every box on a goal.
fn replay(l: &Level, plan: &str) -> Result<(usize, usize), String> {
    let (mut player, mut boxes) = (l.player, vec![false; l.wall.len()]);
    l.boxes.iter().for_each(|&b| boxes[b] = true);
    let (mut pushes, mut made) = (0, 0);
    let moves = plan.chars().filter(|c| !c.is_whitespace());
    for (i, ch) in moves.enumerate() {
        made += 1;
        let d = DIRS
            .iter()
            .position(|x| x.1 == ch.to_ascii_lowercase())
            .ok_or(format!("move {}: expected one of LURD", i + 1))?;
        let free = |c: Option<usize>, boxes: &[bool]| c.filter(|&c| !l.wall[c] && !boxes[c]);
        let next = l.step(player, d).filter(|&c| !l.wall[c]);
        let next = next.ok_or(format!("move {}: the player walks into a wall", i + 1))?;
        if boxes[next] {
            let to = free(l.step(next, d), &boxes)
                .ok_or(format!("move {}: the box cannot be pushed", i + 1))?;
            (boxes[next], boxes[to]) = (false, true);
            pushes += 1;
        }
        player = next;
    }
    match (0..boxes.len()).find(|&c| boxes[c] && !l.goal[c]) {
        Some(c) => Err(format!(
            "after the plan a box stands off a goal at {}",
            l.at(c)
        )),
        None => Ok((pushes, made)),
    }
}

/// What a Sokoban claim says: the cost of the plan in pushes or moves, and the push
/// budget of a move claim.
struct Cost {
    moves: bool,
    cost: usize,
    max_pushes: Option<usize>,
}

impl Cost {
    fn of(entry: &Entry) -> Result<Cost, Rejected> {
        match entry.claim {
            Some(Claim::Optimal { pushes }) => Ok(Cost {
                moves: false,
                cost: pushes,
                max_pushes: None,
            }),
            Some(Claim::OptimalMoves { moves, pushes }) => Ok(Cost {
                moves: true,
                cost: moves,
                max_pushes: pushes,
            }),
            _ => Err(bad(
                entry,
                "a Sokoban entry claims 'optimal P', 'optimal-moves M' or 'optimal-moves M pushes P'",
            )),
        }
    }

    fn unit(&self) -> &'static str {
        if self.moves { "moves" } else { "pushes" }
    }

    /// Checks the replayed plan (`pushes`, `moves`) against the claim.
    fn matches(&self, entry: &Entry, pushes: usize, moves: usize) -> Result<(), Rejected> {
        let (made, unit) = (if self.moves { moves } else { pushes }, self.unit());
        if made != self.cost {
            return Err(bad(
                entry,
                format!("the plan makes {made} {unit}, the claim says {}", self.cost),
            ));
        }
        match self.max_pushes {
            Some(p) if pushes != p => Err(bad(
                entry,
                format!("the plan makes {pushes} pushes, the claim says {p}"),
            )),
            _ => Ok(()),
        }
    }
}

/// Reads an entry's level and plan, replays the plan and checks it against the claim;
/// returns the claim, the level and the horizon below the plan.
fn planned(dir: &Path, entry: &Entry, limits: &Limits) -> Result<(Cost, Level, usize), Rejected> {
    let cost = Cost::of(entry)?;
    let text = files::read(dir, entry.get("level")?, Kind::Puzzle, limits.memory)?;
    let level = read_level(entry, &text)?;
    let plan = files::read(dir, entry.get("plan")?, Kind::Puzzle, limits.memory)?;
    let (pushes, moves) =
        replay(&level, &plan).map_err(|e| bad(entry, format!("the plan fails: {e}")))?;
    cost.matches(entry, pushes, moves)?;
    let below = cost.cost.max(1) - 1;
    if let Some(h) = entry.optional("horizon")
        && h != below.to_string()
    {
        return Err(bad(
            entry,
            format!(
                "the horizon must be {below}, one below the {} {} claimed",
                cost.cost,
                cost.unit()
            ),
        ));
    }
    Ok((cost, level, below))
}

/// Replays an entry's plan on its level and returns the formula its claim rests on
/// (`optimal P`: no plan of at most P − 1 pushes; `optimal-moves M [pushes P]`: no plan
/// of at most M − 1 moves [and at most P pushes]), `None` when the plan costs nothing.
pub fn expected(dir: &Path, entry: &Entry, limits: &Limits) -> Result<Option<Expected>, Rejected> {
    let (cost, level, below) = planned(dir, entry, limits)?;
    if cost.cost == 0 {
        return Ok(None);
    }
    let formula = if cost.moves {
        moves::formula(&level, below, cost.max_pushes, limits)
    } else {
        formula(&level, below, limits).map(Expected::from_named)
    };
    formula.map(Some).map_err(|r| match r {
        Refused::Stuck(b) => bad(
            entry,
            format!("the box at {} can never move and is off a goal", level.at(b)),
        ),
        Refused::TooLarge(c) => bad(
            entry,
            format!("the formula would have about {c} clauses, more than this checker builds ({MAX_CLAUSES})"),
        ),
        Refused::Budget(Rejected::TooLarge { detail, .. }) => Rejected::TooLarge {
            entry: entry.name.clone(),
            detail,
        },
        Refused::Budget(other) => other,
        Refused::OutOfTime => Rejected::OutOfTime {
            entry: entry.name.clone(),
        },
    })
}

/// Checks an `optimal P` entry that carries a push-state closure (`states FILE`)
/// instead of a formula and a proof ([`closure`]): replays the plan, then checks the
/// closure for "no plan of at most P − 1 pushes". Returns the positions listed.
pub fn closure_entry(dir: &Path, entry: &Entry, limits: &Limits) -> Result<usize, Rejected> {
    let (cost, level, below) = planned(dir, entry, limits)?;
    if cost.moves {
        return Err(bad(
            entry,
            "a closure ('states') certifies push optima ('optimal P'); move optima need cnf and proof",
        ));
    }
    if cost.cost == 0 {
        return Ok(0);
    }
    let file = entry.get("states")?;
    let text = files::read(dir, file, Kind::Proof, limits.memory)?;
    closure::check(entry, &level, below, file, &text, limits)
}

mod closure;
mod matching;
mod moves;
mod prune;
mod waste;

#[cfg(test)]
mod models;
#[cfg(test)]
mod tests;
