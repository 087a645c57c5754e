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
    /// The cells' queues serve exploring pops ([`Buckets::exploring`]).
    explore: bool,
}

impl FeatureQueue {
    /// An empty queue whose cells also serve [`FeatureQueue::pop_explore`].
    pub fn exploring() -> FeatureQueue {
        FeatureQueue {
            explore: true,
            ..FeatureQueue::default()
        }
    }

    /// Entries queued (stale ones included).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Queues state `id` in `cell` with `priority` and `cost`.
    pub fn push(&mut self, cell: Cell, priority: usize, cost: usize, id: u32) {
        let n = self.cells.len();
        let i = *self.index.entry(cell).or_insert(n);
        if i == n {
            self.cells.push(match self.explore {
                true => Buckets::exploring(),
                false => Buckets::default(),
            });
        }
        self.cells[i].push(priority, cost, id);
        self.len += 1;
    }

    /// Takes the best entry of the next non-empty cell after the last one taken from:
    /// `(priority, cost, id)`.
    pub fn pop(&mut self) -> Option<(usize, usize, u32)> {
        self.pop_with(|b| b.pop())
    }

    /// Like [`FeatureQueue::pop`], but the entry of the cell is an exploring pop
    /// ([`Buckets::pop_explore`] with `draw`).
    pub fn pop_explore(&mut self, draw: u64) -> Option<(usize, usize, u32)> {
        self.pop_with(|b| b.pop_explore(draw))
    }

    fn pop_with(
        &mut self,
        mut take: impl FnMut(&mut Buckets) -> Option<(usize, usize, u32)>,
    ) -> Option<(usize, usize, u32)> {
        let n = self.cells.len();
        for step in 0..n {
            let i = (self.next + step) % n;
            if let Some(e) = take(&mut self.cells[i]) {
                self.next = (i + 1) % n;
                self.len -= 1;
                return Some(e);
            }
        }
        None
    }
}

/// Festival's weights: for each state of a feature-space pass, the steps on its path
/// that improved none of its features (no more goals filled in the packing order, no
/// fewer areas), and its cell. A pass adds a penalty per idle step to the priority, so
/// within a cell the lines that keep improving are followed first and a line of
/// aimless box moves waits (FESS takes a cell's least-weight move, advised moves
/// weighing nothing).
#[derive(Default)]
pub struct IdleSteps {
    states: Vec<(u16, Cell)>,
}

impl IdleSteps {
    /// Records state `id`, in `cell`, as reached from `parent` (unrecorded, or
    /// `u32::MAX`, for the start), and returns its idle steps.
    pub fn reach(&mut self, parent: u32, id: u32, cell: Cell) -> u16 {
        let idle = match self.states.get(parent as usize) {
            Some(&(w, (packed, areas))) => {
                let improved = cell.0 > packed || cell.1 < areas;
                w.saturating_add(u16::from(!improved))
            }
            None => 0,
        };
        let i = id as usize;
        if self.states.len() <= i {
            self.states.resize(i + 1, (0, (0, 1)));
        }
        self.states[i] = (idle, cell);
        idle
    }

    /// The bytes the records take.
    pub fn bytes(&self) -> u64 {
        (self.states.capacity() * std::mem::size_of::<(u16, Cell)>()) as u64
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

    /// An exploring pop (a type drawn by `draw`, `queue.rs`), of the next cell's
    /// queue when filed by features.
    pub fn pop_explore(&mut self, draw: u64) -> Option<(usize, usize, u32)> {
        match self {
            Open::Ordered(b) => b.pop_explore(draw),
            Open::Features(f) => f.pop_explore(draw),
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

    #[test]
    fn a_step_is_idle_unless_it_fills_a_goal_in_order_or_joins_areas() {
        let mut w = IdleSteps::default();
        assert_eq!(w.reach(u32::MAX, 0, (0, 2)), 0);
        assert_eq!(w.reach(0, 1, (0, 2)), 1, "nothing improved");
        assert_eq!(w.reach(1, 2, (1, 3)), 1, "one more goal filled in order");
        assert_eq!(w.reach(2, 3, (1, 2)), 1, "one area fewer");
        assert_eq!(w.reach(3, 4, (0, 2)), 2, "a goal emptied");
        assert_eq!(
            w.reach(1, 4, (0, 1)),
            1,
            "reached again from another parent"
        );
        assert_eq!(w.reach(4, 5, (0, 1)), 2);
    }
}
