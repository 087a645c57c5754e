//! The open list of the push search: a bucket queue by priority, then by cost (the
//! deepest first), of state ids. Priorities and costs are small integers, so a push
//! and a pop are O(1) amortised and an entry takes four bytes.
//!
//! A queue made [`Buckets::exploring`] also lists its non-empty buckets, for the
//! exploring pops of type-based exploration (Xie, Müller and Holte, "Type-Based
//! Exploration with Multiple Search Queues for Satisficing Planning", AAAI 2014): a
//! bucket, a *type* of (priority, cost), drawn uniformly, then an entry of it drawn
//! uniformly. A greedy pass that dives into a part of the space with no plan takes
//! every pop from it; the exploring pops go on elsewhere, as many types far from the
//! dive as near it.

/// States by (priority, cost): the least priority first, among those the most cost.
#[derive(Default)]
pub struct Buckets {
    rows: Vec<Row>,
    min: usize,
    len: usize,
    /// With exploring pops: the non-empty buckets as (priority, cost).
    types: Option<Vec<(u32, u32)>>,
}

#[derive(Default)]
struct Row {
    by_cost: Vec<Vec<u32>>,
    /// No cost above this has entries.
    top: usize,
    /// With exploring pops: each bucket's index in `types` (`u32::MAX`: not listed).
    slot: Vec<u32>,
}

impl Buckets {
    /// Entries queued (stale ones included).
    pub fn len(&self) -> usize {
        self.len
    }

    /// An empty queue that also serves [`Buckets::pop_explore`].
    pub fn exploring() -> Buckets {
        Buckets {
            types: Some(Vec::new()),
            ..Buckets::default()
        }
    }

    /// Queues state `id` with `priority` and `cost`.
    pub fn push(&mut self, priority: usize, cost: usize, id: u32) {
        if self.rows.len() <= priority {
            self.rows.resize_with(priority + 1, Row::default);
        }
        let row = &mut self.rows[priority];
        if row.by_cost.len() <= cost {
            row.by_cost.resize_with(cost + 1, Vec::new);
        }
        if let Some(types) = &mut self.types {
            if row.slot.len() <= cost {
                row.slot.resize(cost + 1, u32::MAX);
            }
            if row.slot[cost] == u32::MAX {
                row.slot[cost] = types.len() as u32;
                types.push((priority as u32, cost as u32));
            }
        }
        row.by_cost[cost].push(id);
        row.top = row.top.max(cost);
        self.min = self.min.min(priority);
        self.len += 1;
    }

    /// The least priority queued, if any.
    pub fn min_priority(&mut self) -> Option<usize> {
        while self.min < self.rows.len() {
            let row = &mut self.rows[self.min];
            loop {
                if !row.by_cost.get(row.top).is_none_or(|v| v.is_empty()) {
                    return Some(self.min);
                }
                if row.top == 0 {
                    break;
                }
                row.top -= 1;
            }
            self.min += 1;
        }
        None
    }

    /// Takes the entry of least priority and, among those, most cost:
    /// `(priority, cost, id)`.
    pub fn pop(&mut self) -> Option<(usize, usize, u32)> {
        let p = self.min_priority()?;
        let c = self.rows[p].top;
        let id = self.rows[p].by_cost[c].pop()?;
        self.taken(p, c);
        Some((p, c, id))
    }

    /// An exploring pop: a non-empty bucket drawn by `draw` (a fresh random number),
    /// then an entry of it drawn by the same; a plain [`Buckets::pop`] when the queue
    /// was not made [`Buckets::exploring`].
    pub fn pop_explore(&mut self, draw: u64) -> Option<(usize, usize, u32)> {
        let Some(types) = &self.types else {
            return self.pop();
        };
        if types.is_empty() {
            return None;
        }
        let (p, c) = types[(draw % types.len() as u64) as usize];
        let (p, c) = (p as usize, c as usize);
        let bucket = &mut self.rows[p].by_cost[c];
        let at = ((draw >> 32) % bucket.len() as u64) as usize;
        let id = bucket.swap_remove(at);
        self.taken(p, c);
        Some((p, c, id))
    }

    /// One entry was taken from bucket (`p`, `c`): unlists it from the types when it
    /// is now empty.
    fn taken(&mut self, p: usize, c: usize) {
        self.len -= 1;
        let Some(types) = &mut self.types else {
            return;
        };
        if !self.rows[p].by_cost[c].is_empty() {
            return;
        }
        let i = std::mem::replace(&mut self.rows[p].slot[c], u32::MAX) as usize;
        types.swap_remove(i);
        if let Some(&(mp, mc)) = types.get(i) {
            self.rows[mp as usize].slot[mc as usize] = i as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_priority_then_most_cost() {
        let mut q = Buckets::default();
        q.push(5, 1, 10);
        q.push(3, 0, 11);
        q.push(3, 2, 12);
        q.push(7, 9, 13);
        assert_eq!(q.pop(), Some((3, 2, 12)));
        assert_eq!(q.pop(), Some((3, 0, 11)));
        q.push(2, 4, 14);
        assert_eq!(q.pop(), Some((2, 4, 14)));
        assert_eq!(q.pop(), Some((5, 1, 10)));
        assert_eq!(q.min_priority(), Some(7));
        assert_eq!(q.pop(), Some((7, 9, 13)));
        assert_eq!((q.pop(), q.len()), (None, 0));
    }

    proptest::proptest! {
        /// Any mix of pushes, best pops and exploring pops gives back each entry once,
        /// with the priority and cost it was queued with; a best pop takes an entry of
        /// the least priority and, among those, the most cost, as a plain queue would.
        #[test]
        fn exploring_pops_take_each_entry_once_and_best_pops_stay_best(
            ops in proptest::collection::vec((0usize..6, 0usize..5, 0u8..3, proptest::num::u64::ANY), 1..200)
        ) {
            let mut q = Buckets::exploring();
            let mut queued: std::collections::BTreeSet<(usize, usize, u32)> = Default::default();
            for (id, &(p, c, op, draw)) in ops.iter().enumerate() {
                let got = match op {
                    0 => {
                        q.push(p, c, id as u32);
                        queued.insert((p, c, id as u32));
                        continue;
                    }
                    1 => {
                        let least = queued.iter().map(|e| e.0).min();
                        let most = queued.iter().filter(|e| Some(e.0) == least).map(|e| e.1).max();
                        let got = q.pop();
                        proptest::prop_assert_eq!(got.map(|e| (e.0, e.1)), least.zip(most));
                        got
                    }
                    _ => q.pop_explore(draw),
                };
                proptest::prop_assert_eq!(got.is_some(), !queued.is_empty());
                if let Some(e) = got {
                    proptest::prop_assert!(queued.remove(&e), "{:?} was not queued", e);
                }
                proptest::prop_assert_eq!(q.len(), queued.len());
            }
            while let Some(e) = q.pop_explore(7) {
                proptest::prop_assert!(queued.remove(&e));
            }
            proptest::prop_assert!(queued.is_empty());
        }
    }

    #[test]
    fn exploring_pops_reach_every_type_the_best_pops_leave() {
        // A dive: many entries of priority 0, one each of priorities 1..=9. Best pops
        // take only the dive's; exploring pops draw a type, so most leave it.
        let mut q = Buckets::exploring();
        for id in 0..1000 {
            q.push(0, 0, id);
        }
        for p in 1..10 {
            q.push(p, 0, 1000 + p as u32);
        }
        let mut draw = 1u64;
        let mut left = 0;
        for _ in 0..10 {
            draw = draw
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            left += usize::from(q.pop_explore(draw).unwrap().0 > 0);
        }
        assert!(left >= 5, "only {left} of 10 exploring pops left the dive");
        assert_eq!(q.pop().unwrap().0, 0);
    }
}
