//! Learnt-clause reduction, at level 0 (after a restart): the worse half of the learnt
//! long clauses by glue, then size, is dropped (glue 2 or less is always kept), and the
//! arena is compacted and every watch list rebuilt, so no stale watch is left behind.

use super::search::Solver;
use super::state::{Core, DELETED, HEADER, LEARNT, NO_REASON};

impl Solver {
    pub(super) fn reduce(&mut self) {
        let core = &mut self.core;
        debug_assert_eq!(core.decision_level(), 0);
        let mut learnts = std::mem::take(&mut core.learnts);
        learnts.sort_unstable_by_key(|&c| {
            let c = c as usize;
            (core.arena[c + 1], core.arena[c] >> 2)
        });
        for &c in &learnts[learnts.len() / 2..] {
            if core.arena[c as usize + 1] > 2 {
                core.arena[c as usize] |= DELETED;
            }
        }
        learnts.clear();
        core.learnts = learnts;
        compact(core, &mut self.arena2);
    }
}

/// Copies the clauses not deleted into a fresh arena (`spare`'s memory), relists the
/// learnt ones and watches every clause again. Level-0 reasons are forgotten: the
/// analysis never looks at level 0.
fn compact(core: &mut Core, spare: &mut Vec<u32>) {
    for &lit in core.trail.as_slice() {
        core.reason[(lit >> 1) as usize] = NO_REASON;
    }
    spare.clear();
    let mut c = 0;
    while c < core.arena.len() {
        let words = HEADER + (core.arena[c] >> 2) as usize;
        if core.arena[c] & DELETED == 0 {
            if core.arena[c] & LEARNT != 0 {
                core.learnts.push(spare.len() as u32);
            }
            spare.extend_from_slice(&core.arena[c..c + words]);
        }
        c += words;
    }
    std::mem::swap(&mut core.arena, spare);
    for w in &mut core.watches[..2 * core.num_vars] {
        w.clear();
    }
    let mut c = 0;
    while c < core.arena.len() {
        core.attach(c as u32);
        c += HEADER + (core.arena[c] >> 2) as usize;
    }
}
