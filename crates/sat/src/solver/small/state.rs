//! The solver's state: assignment, trail, binary implication lists, the clause arena
//! and its watch lists, all kept across [`Core::reset`] so that a solver reused for
//! puzzle after puzzle allocates only while it grows past its largest formula so far.
//!
//! Literals are dense codes `2·var + negated` ([`crate::Lit::code`]); `lit ^ 1` is the
//! negation.

use super::order::Order;

/// The value of a literal: unassigned, true or false (one byte per literal, both
/// literals of a variable written on every assignment).
pub(super) const UNDEF: u8 = 0;
pub(super) const TRUE: u8 = 1;
pub(super) const FALSE: u8 = 2;

/// A reason that is no clause: a decision, an assumption, a unit at level 0.
pub(super) const NO_REASON: u32 = u32::MAX;
/// A reason with this bit set is a binary clause; the rest is its other (false) literal.
pub(super) const BINARY: u32 = 1 << 31;

/// Words before a long clause's literals in the arena: size and flags, then its
/// glue (the number of decision levels among its literals when it was learnt).
pub(super) const HEADER: usize = 2;
pub(super) const LEARNT: u32 = 1;
pub(super) const DELETED: u32 = 2;

/// A long clause watching a literal, with a literal of the clause that, when true,
/// spares a look at the clause (the blocker).
#[derive(Clone, Copy, Debug)]
pub(super) struct Watch {
    pub(super) cref: u32,
    pub(super) blocker: u32,
}

/// A conflict: every literal of the clause is false.
#[derive(Clone, Copy, Debug)]
pub(super) enum Conflict {
    Binary(u32, u32),
    Long(u32),
}

/// The assigned literals in order. Each variable is assigned at most once, so room for
/// all of them is made as they are created and a push is a plain store.
#[derive(Default)]
pub(super) struct Trail {
    lits: Vec<u32>,
    len: usize,
}

impl Trail {
    #[inline]
    pub(super) fn push(&mut self, lit: u32) {
        self.lits[self.len] = lit;
        self.len += 1;
    }

    #[inline]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn clear(&mut self) {
        self.len = 0;
    }

    pub(super) fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    #[inline]
    pub(super) fn as_slice(&self) -> &[u32] {
        &self.lits[..self.len]
    }

    fn make_room(&mut self, vars: usize) {
        if self.lits.len() < vars {
            self.lits.resize(vars, 0);
        }
    }
}

impl std::ops::Index<usize> for Trail {
    type Output = u32;
    #[inline]
    fn index(&self, i: usize) -> &u32 {
        debug_assert!(i < self.len);
        &self.lits[i]
    }
}

#[derive(Default)]
pub(super) struct Core {
    pub(super) num_vars: usize,
    /// Per literal: [`UNDEF`], [`TRUE`] or [`FALSE`].
    pub(super) val: Vec<u8>,
    /// Per literal `p`: the literals a binary clause implies when `p` becomes true.
    pub(super) bins: Vec<Vec<u32>>,
    /// Per literal `p`: the long clauses to look at when `p` becomes true (they watch
    /// its negation).
    pub(super) watches: Vec<Vec<Watch>>,
    /// Per variable: decision level, reason, saved phase, decide-true-first, mark.
    pub(super) level: Vec<u32>,
    pub(super) reason: Vec<u32>,
    pub(super) saved: Vec<bool>,
    pub(super) prefer: Vec<bool>,
    pub(super) seen: Vec<bool>,
    pub(super) trail: Trail,
    /// Where each decision level starts on the trail.
    pub(super) trail_lim: Vec<u32>,
    /// Trail position up to which literals are propagated.
    pub(super) qhead: usize,
    /// Long clauses: header words, then the literals.
    pub(super) arena: Vec<u32>,
    /// The learnt long clauses (arena offsets).
    pub(super) learnts: Vec<u32>,
    /// Clauses added from outside (binary and long), for the learnt-clause budget.
    pub(super) originals: usize,
    /// False once the clauses are unsatisfiable without assumptions.
    pub(super) ok: bool,
    pub(super) order: Order,
    /// Decide new variables true first.
    pub(super) prefer_true: bool,
}

impl Core {
    /// Forgets every variable and clause, keeping the memory.
    pub(super) fn reset(&mut self, seed: u64) {
        for p in 0..2 * self.num_vars {
            self.bins[p].clear();
            self.watches[p].clear();
        }
        self.num_vars = 0;
        self.trail.clear();
        self.trail_lim.clear();
        self.qhead = 0;
        self.arena.clear();
        self.learnts.clear();
        self.originals = 0;
        self.ok = true;
        self.order.reset(seed);
        self.prefer_true = false;
    }

    /// Creates variables up to `n` (in number).
    #[inline]
    pub(super) fn grow(&mut self, n: usize) {
        while self.num_vars < n {
            self.new_var();
        }
    }

    fn new_var(&mut self) {
        let v = self.num_vars;
        self.num_vars += 1;
        fit(&mut self.val, 2 * v + 2, UNDEF);
        self.val[2 * v] = UNDEF;
        self.val[2 * v + 1] = UNDEF;
        for p in [2 * v, 2 * v + 1] {
            if self.bins.len() <= p {
                self.bins.push(Vec::new());
                self.watches.push(Vec::new());
            }
        }
        self.trail.make_room(self.num_vars);
        set(&mut self.level, v, 0);
        set(&mut self.reason, v, NO_REASON);
        set(&mut self.saved, v, false);
        set(&mut self.prefer, v, self.prefer_true);
        set(&mut self.seen, v, false);
        self.order.new_var(v);
    }

    #[inline]
    pub(super) fn value(&self, lit: u32) -> u8 {
        self.val[lit as usize]
    }

    #[inline]
    pub(super) fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    /// Makes `lit` true at the current level for `reason`.
    #[inline]
    pub(super) fn assign(&mut self, lit: u32, reason: u32) {
        let v = (lit >> 1) as usize;
        self.val[lit as usize] = TRUE;
        self.val[(lit ^ 1) as usize] = FALSE;
        self.level[v] = self.decision_level();
        self.reason[v] = reason;
        self.trail.push(lit);
    }

    pub(super) fn new_level(&mut self) {
        self.trail_lim.push(self.trail.len() as u32);
    }

    /// Undoes every assignment above `level`, saving phases and putting the variables
    /// back in the decision order.
    pub(super) fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.trail_lim[level as usize] as usize;
        let Core {
            val,
            saved,
            order,
            trail,
            ..
        } = self;
        for &lit in trail.as_slice()[start..].iter().rev() {
            let v = (lit >> 1) as usize;
            val[lit as usize] = UNDEF;
            val[(lit ^ 1) as usize] = UNDEF;
            saved[v] = lit & 1 == 0;
            order.insert(v);
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(level as usize);
        self.qhead = start;
    }

    /// The literals of the long clause at `cref`.
    #[inline]
    pub(super) fn lits(&self, cref: u32) -> &[u32] {
        let c = cref as usize;
        let size = (self.arena[c] >> 2) as usize;
        &self.arena[c + HEADER..c + HEADER + size]
    }

    /// Stores a long clause (literals 0 and 1 to be watched) and watches it.
    pub(super) fn push_long(&mut self, lits: &[u32], learnt: bool, glue: u32) -> u32 {
        let cref = self.arena.len() as u32;
        self.arena
            .push(((lits.len() as u32) << 2) | (u32::from(learnt) * LEARNT));
        self.arena.push(glue);
        self.arena.extend_from_slice(lits);
        self.attach(cref);
        if learnt {
            self.learnts.push(cref);
        }
        cref
    }

    pub(super) fn attach(&mut self, cref: u32) {
        let (a, b) = {
            let c = self.lits(cref);
            (c[0], c[1])
        };
        self.watches[(a ^ 1) as usize].push(Watch { cref, blocker: b });
        self.watches[(b ^ 1) as usize].push(Watch { cref, blocker: a });
    }

    /// Adds a clause given from outside (at level 0): sorted, without repeats, false
    /// literals and tautologies; a clause already true is left out, an empty one makes
    /// the formula unsatisfiable and a unit one is assigned.
    pub(super) fn add_clause(&mut self, lits: &mut Vec<u32>) {
        if !self.ok {
            return;
        }
        debug_assert_eq!(self.decision_level(), 0);
        lits.sort_unstable();
        lits.dedup();
        if lits.windows(2).any(|w| w[0] ^ 1 == w[1]) {
            return;
        }
        if lits.iter().any(|&l| self.value(l) == TRUE) {
            return;
        }
        lits.retain(|&l| self.value(l) == UNDEF);
        self.originals += 1;
        match lits.len() {
            0 => self.ok = false,
            1 => self.assign(lits[0], NO_REASON),
            2 => self.push_binary(lits[0], lits[1]),
            _ => {
                self.push_long(lits, false, 0);
            }
        }
    }

    /// Adds the clause `a ∨ b` given from outside when it is a plain one (two
    /// variables, both unassigned, the formula not yet unsatisfiable); false when the
    /// general path must take it.
    #[inline]
    pub(super) fn add_binary(&mut self, a: u32, b: u32) -> bool {
        if !self.ok || a >> 1 == b >> 1 || self.val[a as usize] | self.val[b as usize] != UNDEF {
            return false;
        }
        self.push_binary(a, b);
        self.originals += 1;
        true
    }

    /// Stores the binary clause `a ∨ b`.
    pub(super) fn push_binary(&mut self, a: u32, b: u32) {
        self.bins[(a ^ 1) as usize].push(b);
        self.bins[(b ^ 1) as usize].push(a);
    }
}

/// Makes `v` at least `len` long, filling with `x`.
fn fit<T: Copy>(v: &mut Vec<T>, len: usize, x: T) {
    if v.len() < len {
        v.resize(len, x);
    }
}

/// Sets `v[i] = x`, growing `v` by one when `i` is its length.
fn set<T: Copy>(v: &mut Vec<T>, i: usize, x: T) {
    if i < v.len() {
        v[i] = x;
    } else {
        v.push(x);
    }
}
