//! The decision order: VSIDS, a binary max-heap of variables by activity. A conflict
//! bumps the variables it involves by an increment that grows by 1/decay per
//! conflict (so old bumps fade); activities are scaled down before they overflow.

/// Activity kept below this; everything is scaled by its inverse when passed.
const RESCALE: f64 = 1e100;

/// Heap position of a variable not in the heap.
const OUT: u32 = u32::MAX;

#[derive(Default)]
pub(super) struct Order {
    heap: Vec<u32>,
    /// Per variable: its position in `heap`, or [`OUT`].
    pos: Vec<u32>,
    act: Vec<f64>,
    inc: f64,
    /// The decay factor (MiniSat's 0.95).
    pub(super) decay: f64,
    /// Variables start with a small random activity (ties broken at random, not by
    /// number): fewer conflicts on Sudoku, as measured for batsat.
    pub(super) random_start: bool,
    rng: u64,
}

impl Order {
    /// Empties the order and reseeds its generator (the same seed gives the same
    /// search, whatever was solved before).
    pub(super) fn reset(&mut self, seed: u64) {
        self.heap.clear();
        self.inc = 1.0;
        self.rng = seed | 1;
    }

    /// Adds variable `v` (numbered from 0, one after another) to the heap.
    pub(super) fn new_var(&mut self, v: usize) {
        let a = if self.random_start {
            self.random() * 1e-5
        } else {
            0.0
        };
        if v < self.act.len() {
            self.act[v] = a;
            self.pos[v] = OUT;
        } else {
            self.act.push(a);
            self.pos.push(OUT);
        }
        self.insert(v);
    }

    /// A number in [0, 1) (xorshift64*).
    fn random(&mut self) -> f64 {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        let x = self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (x >> 11) as f64 / (1u64 << 53) as f64
    }

    #[inline]
    pub(super) fn insert(&mut self, v: usize) {
        if self.pos[v] != OUT {
            return;
        }
        self.pos[v] = self.heap.len() as u32;
        self.heap.push(v as u32);
        self.up(self.heap.len() - 1);
    }

    /// Removes and returns the most active variable.
    pub(super) fn pop(&mut self) -> Option<usize> {
        let top = *self.heap.first()? as usize;
        let last = self.heap.pop().expect("not empty");
        self.pos[top] = OUT;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last as usize] = 0;
            self.down(0);
        }
        Some(top)
    }

    pub(super) fn bump(&mut self, v: usize) {
        self.act[v] += self.inc;
        if self.act[v] > RESCALE {
            for a in &mut self.act {
                *a /= RESCALE;
            }
            self.inc /= RESCALE;
        }
        let p = self.pos[v];
        if p != OUT {
            self.up(p as usize);
        }
    }

    pub(super) fn decay(&mut self) {
        self.inc /= self.decay;
    }

    fn up(&mut self, mut i: usize) {
        let v = self.heap[i];
        let a = self.act[v as usize];
        while i > 0 {
            let parent = (i - 1) / 2;
            let pv = self.heap[parent];
            if self.act[pv as usize] >= a {
                break;
            }
            self.heap[i] = pv;
            self.pos[pv as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize) {
        let v = self.heap[i];
        let a = self.act[v as usize];
        let n = self.heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n
                && self.act[self.heap[right] as usize] > self.act[self.heap[left] as usize]
            {
                right
            } else {
                left
            };
            let cv = self.heap[child];
            if self.act[cv as usize] <= a {
                break;
            }
            self.heap[i] = cv;
            self.pos[cv as usize] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }
}
