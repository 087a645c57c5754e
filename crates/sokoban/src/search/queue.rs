//! The open list of the push search: a bucket queue by priority, then by cost (the
//! deepest first), of state ids. Priorities and costs are small integers, so a push
//! and a pop are O(1) amortised and an entry takes four bytes.

/// States by (priority, cost): the least priority first, among those the most cost.
#[derive(Default)]
pub struct Buckets {
    rows: Vec<Row>,
    min: usize,
    len: usize,
}

#[derive(Default)]
struct Row {
    by_cost: Vec<Vec<u32>>,
    /// No cost above this has entries.
    top: usize,
}

impl Buckets {
    /// Entries queued (stale ones included).
    pub fn len(&self) -> usize {
        self.len
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
        let row = &mut self.rows[p];
        let id = row.by_cost[row.top].pop()?;
        self.len -= 1;
        Some((p, row.top, id))
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
}
