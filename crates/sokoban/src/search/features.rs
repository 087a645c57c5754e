//! The open list of the feature-space pass (after Festival's FESS): positions are filed
//! by a small vector of features — how many goals of the packing order are filled in
//! order, and how many areas of free cells the boxes cut the board into — and the pass
//! takes its next position from each non-empty cell in turn, the best of that cell by
//! its priority. A plateau of one cell (many positions with the same boxes packed) then
//! gets its share of the expansions and no more, while the cells of more packed boxes
//! or of better connected positions get theirs.

use super::queue::Buckets;
use std::collections::HashMap;

/// One cell of the feature space: (goals filled in the packing order, areas).
pub type Cell = (u16, u16);

/// Positions by feature cell, each cell a bucket queue by priority.
#[derive(Default)]
pub struct FeatureQueue {
    index: HashMap<Cell, usize>,
    cells: Vec<Buckets>,
    /// The cell the next pop starts looking in.
    next: usize,
    len: usize,
}

impl FeatureQueue {
    /// Entries queued (stale ones included).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Queues state `id` in `cell` with `priority` and `cost`.
    pub fn push(&mut self, cell: Cell, priority: usize, cost: usize, id: u32) {
        let n = self.cells.len();
        let i = *self.index.entry(cell).or_insert(n);
        if i == n {
            self.cells.push(Buckets::default());
        }
        self.cells[i].push(priority, cost, id);
        self.len += 1;
    }

    /// Takes the best entry of the next non-empty cell after the last one taken from:
    /// `(priority, cost, id)`.
    pub fn pop(&mut self) -> Option<(usize, usize, u32)> {
        let n = self.cells.len();
        for step in 0..n {
            let i = (self.next + step) % n;
            if let Some(e) = self.cells[i].pop() {
                self.next = (i + 1) % n;
                self.len -= 1;
                return Some(e);
            }
        }
        None
    }
}

/// The open list of a pass: one bucket queue, or the feature cells'.
pub enum Open {
    /// By priority alone.
    Ordered(Buckets),
    /// By feature cell in turn, then priority.
    Features(FeatureQueue),
}

impl Open {
    /// Entries queued (stale ones included).
    pub fn len(&self) -> usize {
        match self {
            Open::Ordered(b) => b.len(),
            Open::Features(f) => f.len(),
        }
    }

    /// Queues state `id` (in `cell`, when filed by features).
    pub fn push(&mut self, cell: Cell, priority: usize, cost: usize, id: u32) {
        match self {
            Open::Ordered(b) => b.push(priority, cost, id),
            Open::Features(f) => f.push(cell, priority, cost, id),
        }
    }

    /// The least priority queued (by features: 0 while anything is queued).
    pub fn min_priority(&mut self) -> Option<usize> {
        match self {
            Open::Ordered(b) => b.min_priority(),
            Open::Features(f) => (f.len() > 0).then_some(0),
        }
    }

    /// The next entry: `(priority, cost, id)`.
    pub fn pop(&mut self) -> Option<(usize, usize, u32)> {
        match self {
            Open::Ordered(b) => b.pop(),
            Open::Features(f) => f.pop(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_take_turns_and_each_gives_its_best_first() {
        let mut q = FeatureQueue::default();
        q.push((0, 1), 5, 0, 1);
        q.push((0, 1), 3, 0, 2);
        q.push((2, 1), 9, 0, 3);
        q.push((1, 2), 7, 0, 4);
        assert_eq!(q.len(), 4);
        let order: Vec<u32> = std::iter::from_fn(|| q.pop().map(|e| e.2)).collect();
        // (0,1) gives its best (2), then (2,1), then (1,2), then (0,1) again.
        assert_eq!(order, vec![2, 3, 4, 1]);
        assert_eq!((q.pop(), q.len()), (None, 0));
    }
}
