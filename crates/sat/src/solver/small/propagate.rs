//! Unit propagation: for each literal made true, first its binary implications (a
//! plain list per literal), then the long clauses watching its negation (two watched
//! literals, with a blocker literal that spares most visits to the clause itself).

use super::state::{BINARY, Conflict, Core, FALSE, HEADER, TRUE, UNDEF, Watch};

impl Core {
    /// Propagates every literal on the trail not yet propagated; the first conflict
    /// found, if any.
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            if let Some(c) = self.propagate_binary(p) {
                return Some(c);
            }
            if let Some(c) = self.propagate_long(p) {
                return Some(c);
            }
        }
        None
    }

    /// The binary clauses `¬p ∨ q` for `p` just made true.
    #[inline]
    fn propagate_binary(&mut self, p: u32) -> Option<Conflict> {
        let level = self.trail_lim.len() as u32;
        let Core {
            bins,
            val,
            level: levels,
            reason,
            trail,
            ..
        } = self;
        for &q in &bins[p as usize] {
            match val[q as usize] {
                UNDEF => {
                    val[q as usize] = TRUE;
                    val[(q ^ 1) as usize] = FALSE;
                    levels[(q >> 1) as usize] = level;
                    reason[(q >> 1) as usize] = BINARY | (p ^ 1);
                    trail.push(q);
                }
                FALSE => return Some(Conflict::Binary(p ^ 1, q)),
                _ => {}
            }
        }
        None
    }

    /// The long clauses watching `¬p`, for `p` just made true: each finds another
    /// literal to watch, or is unit (its other watch is implied), or is a conflict.
    fn propagate_long(&mut self, p: u32) -> Option<Conflict> {
        let level = self.trail_lim.len() as u32;
        let Core {
            watches,
            arena,
            val,
            level: levels,
            reason,
            trail,
            ..
        } = self;
        let mut ws = std::mem::take(&mut watches[p as usize]);
        let false_lit = p ^ 1;
        let (mut i, mut j) = (0, 0);
        let n = ws.len();
        let mut conflict = None;
        while i < n {
            let w = ws[i];
            i += 1;
            if val[w.blocker as usize] == TRUE {
                ws[j] = w;
                j += 1;
                continue;
            }
            let cref = w.cref as usize;
            let size = (arena[cref] >> 2) as usize;
            let c = &mut arena[cref + HEADER..cref + HEADER + size];
            if c[0] == false_lit {
                c.swap(0, 1);
            }
            let first = c[0];
            let kept = Watch {
                cref: w.cref,
                blocker: first,
            };
            if first != w.blocker && val[first as usize] == TRUE {
                ws[j] = kept;
                j += 1;
                continue;
            }
            if let Some(k) = (2..size).find(|&k| val[c[k] as usize] != FALSE) {
                c.swap(1, k);
                watches[(c[1] ^ 1) as usize].push(kept);
                continue;
            }
            ws[j] = kept;
            j += 1;
            if val[first as usize] == FALSE {
                conflict = Some(Conflict::Long(w.cref));
                ws.copy_within(i..n, j);
                j += n - i;
                break;
            }
            val[first as usize] = TRUE;
            val[(first ^ 1) as usize] = FALSE;
            levels[(first >> 1) as usize] = level;
            reason[(first >> 1) as usize] = w.cref;
            trail.push(first);
        }
        ws.truncate(j);
        watches[p as usize] = ws;
        conflict
    }
}
