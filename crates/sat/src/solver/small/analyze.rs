//! Conflict analysis: the first unique implication point (1UIP) clause, minimised by
//! dropping literals implied by the others; and, for failed assumptions, the
//! assumptions a false one depends on.

use super::state::{BINARY, Conflict, Core, NO_REASON};

/// What analysis hands back: the learnt clause (asserting literal first, a literal of
/// the level to jump back to second) is in `Core::learnt`.
pub(super) struct Learnt {
    /// The level to jump back to.
    pub(super) level: u32,
    /// Distinct decision levels among the clause's literals.
    pub(super) glue: u32,
}

/// Scratch space of the analysis, kept across conflicts.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) learnt: Vec<u32>,
    to_clear: Vec<u32>,
    /// Per decision level: the last conflict that counted it (for the glue).
    level_stamp: Vec<u64>,
    stamp: u64,
    /// Minimise learnt clauses (drop literals whose reason lies within the clause).
    pub(super) minimise: bool,
}

impl Core {
    /// Looks at one literal of a clause in the analysis: a new one at the conflict
    /// level counts towards the path, one of a lower level joins the learnt clause.
    #[inline]
    fn mark(&mut self, q: u32, s: &mut Scratch, path: &mut u32) {
        let v = (q >> 1) as usize;
        if self.seen[v] || self.level[v] == 0 {
            return;
        }
        self.seen[v] = true;
        self.order.bump(v);
        if self.level[v] >= self.decision_level() {
            *path += 1;
        } else {
            s.learnt.push(q);
        }
    }

    /// Marks the literals of `conflict` (all of them) or of the reason `r` of an
    /// implied literal (all but the implied one).
    fn mark_clause(&mut self, r: u32, skip_first: bool, s: &mut Scratch, path: &mut u32) {
        if r & BINARY != 0 {
            self.mark(r & !BINARY, s, path);
            return;
        }
        let c = r as usize + super::state::HEADER;
        let size = (self.arena[r as usize] >> 2) as usize;
        for k in usize::from(skip_first)..size {
            let q = self.arena[c + k];
            self.mark(q, s, path);
        }
    }

    /// The 1UIP clause of `conflict` (at the current level, which is above 0).
    pub(super) fn analyze(&mut self, conflict: Conflict, s: &mut Scratch) -> Learnt {
        s.learnt.clear();
        s.learnt.push(0);
        let mut path = 0;
        match conflict {
            Conflict::Binary(a, b) => {
                self.mark(a, s, &mut path);
                self.mark(b, s, &mut path);
            }
            Conflict::Long(cref) => self.mark_clause(cref, false, s, &mut path),
        }
        let mut i = self.trail.len();
        let uip = loop {
            i -= 1;
            let p = self.trail[i];
            let v = (p >> 1) as usize;
            if !self.seen[v] {
                continue;
            }
            self.seen[v] = false;
            path -= 1;
            if path == 0 {
                break p;
            }
            self.mark_clause(self.reason[v], true, s, &mut path);
        };
        s.learnt[0] = uip ^ 1;
        self.finish(s)
    }

    /// Minimises the clause, clears the marks, puts a literal of the highest remaining
    /// level second and counts the glue.
    fn finish(&mut self, s: &mut Scratch) -> Learnt {
        s.to_clear.clear();
        s.to_clear.extend_from_slice(&s.learnt[1..]);
        if s.minimise {
            let mut j = 1;
            for k in 1..s.learnt.len() {
                let q = s.learnt[k];
                if !self.implied_within(q) {
                    s.learnt[j] = q;
                    j += 1;
                }
            }
            s.learnt.truncate(j);
        }
        for &q in &s.to_clear {
            self.seen[(q >> 1) as usize] = false;
        }
        let mut level = 0;
        for k in 1..s.learnt.len() {
            let l = self.level[(s.learnt[k] >> 1) as usize];
            if l > level {
                level = l;
                s.learnt.swap(1, k);
            }
        }
        let glue = self.glue(s);
        Learnt { level, glue }
    }

    /// True when the reason of `q`'s variable has only marked literals or literals of
    /// level 0 besides `q` (so the clause implies `q`'s literal without it).
    fn implied_within(&self, q: u32) -> bool {
        let r = self.reason[(q >> 1) as usize];
        if r == NO_REASON {
            return false;
        }
        let ok = |x: u32| {
            let v = (x >> 1) as usize;
            self.seen[v] || self.level[v] == 0
        };
        if r & BINARY != 0 {
            return ok(r & !BINARY);
        }
        self.lits(r)[1..].iter().all(|&x| ok(x))
    }

    fn glue(&self, s: &mut Scratch) -> u32 {
        s.stamp += 1;
        let need = self.decision_level() as usize + 1;
        if s.level_stamp.len() < need {
            s.level_stamp.resize(need, 0);
        }
        let mut glue = 0;
        for &q in &s.learnt {
            let l = self.level[(q >> 1) as usize] as usize;
            if s.level_stamp[l] != s.stamp {
                s.level_stamp[l] = s.stamp;
                glue += 1;
            }
        }
        glue
    }

    /// The assumptions (decisions below the search) that made `p` false, `p` among
    /// them: pushed onto `failed`.
    pub(super) fn analyze_final(&mut self, p: u32, failed: &mut Vec<u32>) {
        failed.clear();
        failed.push(p);
        if self.decision_level() == 0 {
            return;
        }
        self.seen[(p >> 1) as usize] = true;
        let start = self.trail_lim[0] as usize;
        for i in (start..self.trail.len()).rev() {
            let x = self.trail[i];
            let v = (x >> 1) as usize;
            if !self.seen[v] {
                continue;
            }
            let r = self.reason[v];
            if r == NO_REASON {
                failed.push(x);
            } else if r & BINARY != 0 {
                let q = (r & !BINARY) as usize >> 1;
                self.seen[q] |= self.level[q] > 0;
            } else {
                for k in 1..self.lits(r).len() {
                    let q = (self.lits(r)[k] >> 1) as usize;
                    self.seen[q] |= self.level[q] > 0;
                }
            }
            self.seen[v] = false;
        }
        self.seen[(p >> 1) as usize] = false;
    }
}
