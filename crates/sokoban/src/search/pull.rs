//! The pull search: best-first backwards from the solved position (the player pulls
//! boxes off the goals), towards the position where the boxes start (the bound: the
//! matching of boxes to start cells by pull distance). Unpacking a goal room backwards
//! is easy where packing it forwards is not: the boxes leave the room in an order that
//! works, from the door inwards. The positions it reaches are kept: a forward pass that
//! meets one has a plan (its pushes to it, then the pulls back to the solved position
//! read as pushes), the way YASS joins its backward and forward searches.
//!
//! A position is the same key as the forward search's: the sorted box cells and the
//! least cell of the player's region. A pull moves the box on `x` to `x + d` and the
//! player from `x + d` to `x + 2d`; read forwards it is the push of the box on `x + d`
//! in direction `-d`, the player on `x + 2d`, in the region of the position it leads
//! from. So every position kept has a plan of pushes to a solved one, and each plan is
//! replayed like any other before it is printed.

use super::flood::{Stamp, least_reached};
use super::queue::Buckets;
use super::table::{Meta, Table};
use crate::analysis::{Matcher, Push};
use crate::halt::Halt;
use crate::model::{Board, Dir};
use gridsat_sat::{Budget, MemoryExceeded};

/// The positions the pull search reached, each with its pulls back to a solved one.
pub struct Pulled {
    table: Table,
    k: usize,
}

/// What the pull search found.
pub struct PullRun {
    /// The positions reached (met by the forward passes).
    pub pulled: Pulled,
    /// The start itself was reached: its plan.
    pub plan: Option<Vec<Push>>,
    /// Positions expanded.
    pub expanded: u64,
    /// What stopped it, unless it ran out of positions or reached the start.
    pub halt: Option<Halt>,
}

impl Pulled {
    /// The id of the position of `key` (the forward search's key), if reached.
    pub fn get(&self, key: &[u16]) -> Option<u32> {
        if key.len() != self.k + 1 {
            return None;
        }
        self.table.get(key)
    }

    /// Positions kept.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// The bytes the kept positions hold.
    pub fn bytes(&self) -> u64 {
        self.table.peak_bytes(0)
    }

    /// The pushes from the position `id` to the solved position it was pulled from.
    pub fn pushes_from(&self, board: &Board, id: u32) -> Vec<Push> {
        pushes_back(board, &self.table, id)
    }
}

/// The pushes from the position `id` of `table` to the solved position it was pulled
/// from: its pulls back to the root, each read as a push.
fn pushes_back(board: &Board, table: &Table, mut id: u32) -> Vec<Push> {
    let mut out = Vec::new();
    loop {
        let m = table.meta(id);
        if m.parent == u32::MAX {
            return out;
        }
        let d = Dir::ALL[m.dir as usize];
        let to = board.nb[m.from as usize][d.index()].expect("a pull's cell");
        out.push(Push {
            from: to,
            dir: d.opposite(),
        });
        id = m.parent;
    }
}

/// The pull search of `board` within `budget` and `memory` bytes: greedy by the
/// matching to the start cells. `None` when the board has more goals than boxes (many
/// solved positions) or the matching's table is refused.
pub fn pull_search(board: &Board, memory: u64, budget: &Budget) -> Option<PullRun> {
    let k = board.boxes.len();
    if board.goals().len() != k || k == 0 {
        return None;
    }
    let matcher = Matcher::to_start(board, budget).ok()?;
    let mut run = Pulling {
        board,
        k,
        matcher,
        table: Table::new(k + 1),
        open: Buckets::default(),
        occ: vec![false; board.len()],
        mark: vec![0; board.len()],
        region: vec![0; board.len()],
        stamp: 0,
        stack: Vec::new(),
        memory,
        expanded: 0,
    };
    let start = run.start_key();
    run.roots();
    let (reached, halt) = match run.search(&start, budget) {
        Ok(found) => (found, None),
        Err(h) => (None, Some(h)),
    };
    let plan = reached.map(|id| pushes_back(board, &run.table, id));
    Some(PullRun {
        expanded: run.expanded,
        pulled: Pulled {
            table: run.table,
            k,
        },
        plan,
        halt,
    })
}

struct Pulling<'a> {
    board: &'a Board,
    k: usize,
    matcher: Matcher,
    table: Table,
    open: Buckets,
    occ: Vec<bool>,
    mark: Vec<Stamp>,
    /// The stamps of the region of the position being expanded (the last flood's,
    /// swapped out of `mark` so that its children's floods do not overwrite it).
    region: Vec<Stamp>,
    stamp: Stamp,
    stack: Vec<u32>,
    memory: u64,
    expanded: u64,
}

impl Pulling<'_> {
    /// The forward search's key of the start.
    fn start_key(&mut self) -> Vec<u16> {
        let mut key: Vec<u16> = self.board.boxes.iter().map(|&b| b as u16).collect();
        key.sort_unstable();
        self.set_occ(&key, true);
        let least = self.flood(self.board.player as u16);
        self.set_occ(&key, false);
        key.push(least);
        key
    }

    /// The solved positions, one for each region of the player around the filled
    /// goals, queued.
    fn roots(&mut self) {
        let goals: Vec<u16> = self.board.goals().iter().map(|&g| g as u16).collect();
        self.set_occ(&goals, true);
        let Some(h) = self.matcher.bound(&goals) else {
            self.set_occ(&goals, false);
            return;
        };
        let mut seen = vec![false; self.board.len()];
        for c in 0..self.board.len() {
            if self.occ[c] || seen[c] {
                continue;
            }
            let least = self.flood(c as u16);
            for (x, s) in seen.iter_mut().enumerate() {
                *s |= self.mark[x] == self.stamp;
            }
            let mut key = goals.clone();
            key.push(least);
            let (id, _) = self.table.insert(&key, root_meta(h));
            self.open.push(h as usize, 0, id);
        }
        self.set_occ(&goals, false);
    }

    fn set_occ(&mut self, boxes: &[u16], on: bool) {
        for &b in boxes {
            self.occ[b as usize] = on;
        }
    }

    /// Greedy by the bound until the start's key is reached (its id), the positions run
    /// out (`None`) or a limit stops it.
    fn search(&mut self, start: &[u16], budget: &Budget) -> Result<Option<u32>, Halt> {
        while let Some((_, g, id)) = self.open.pop() {
            self.check(budget)?;
            if self.table.meta(id).closed {
                continue;
            }
            if self.table.key(id) == start {
                return Ok(Some(id));
            }
            self.table.meta_mut(id).closed = true;
            self.expanded += 1;
            if let Some(found) = self.expand(id, g as u16, start) {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }

    fn check(&self, budget: &Budget) -> Result<(), Halt> {
        budget.check()?;
        let bytes = self.table.peak_bytes(4 * self.k) + 8 * self.open.len() as u64;
        if bytes > self.memory {
            return Err(Halt::Memory(MemoryExceeded {
                what: format!("the pull search's table of {} states", self.table.len()),
                needed: bytes,
                limit: self.memory,
            }));
        }
        Ok(())
    }

    /// Every pull from position `id` (cost `g`), its children queued; the id of the
    /// start's key if a pull reaches it.
    fn expand(&mut self, id: u32, g: u16, start: &[u16]) -> Option<u32> {
        let key = self.table.key(id).to_vec();
        let k = self.k;
        self.set_occ(&key[..k], true);
        self.flood(key[k]);
        let here = self.stamp;
        std::mem::swap(&mut self.region, &mut self.mark);
        let _ = self.matcher.bound(&key[..k]);
        let mut found = None;
        'boxes: for i in 0..k {
            let x = key[i] as usize;
            for d in Dir::ALL {
                let Some(q) = self.board.nb[x][d.index()] else {
                    continue;
                };
                let Some(r) = self.board.nb[q as usize][d.index()] else {
                    continue;
                };
                if self.region[q as usize] != here || self.occ[r as usize] {
                    continue;
                }
                let Some(h) = self.matcher.bound_moved(i, q as u16) else {
                    continue;
                };
                self.occ[x] = false;
                self.occ[q as usize] = true;
                let least = self.flood(r as u16);
                self.occ[q as usize] = false;
                self.occ[x] = true;
                let mut next = key[..k].to_vec();
                next[i] = q as u16;
                next.sort_unstable();
                next.push(least);
                let meta = Meta {
                    parent: id,
                    g: g + 1,
                    from: x as u16,
                    dir: d.index() as u8,
                    closed: false,
                    h: h.min(u16::MAX as u32) as u16,
                };
                let (child, new) = self.table.insert(&next, meta);
                if !new {
                    continue;
                }
                if next == start {
                    found = Some(child);
                    break 'boxes;
                }
                self.open.push(h as usize, g as usize + 1, child);
            }
        }
        self.set_occ(&key[..k], false);
        found
    }

    /// The least cell the player reaches from `from` around the boxes of `self.occ`
    /// (the cells reached marked with the new stamp).
    fn flood(&mut self, from: u16) -> u16 {
        let (mark, stamp, stack) = (&mut self.mark, &mut self.stamp, &mut self.stack);
        least_reached(self.board, &self.occ, from, mark, stamp, stack)
    }
}

fn root_meta(h: u32) -> Meta {
    Meta {
        parent: u32::MAX,
        g: 0,
        from: 0,
        dir: 4,
        closed: false,
        h: h.min(u16::MAX as u32) as u16,
    }
}
