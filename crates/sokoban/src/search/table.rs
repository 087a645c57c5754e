//! The transposition table of the push search: every state met, once, in a flat arena
//! (the sorted box cells and the player's normalised cell, the least cell of the
//! player's region), with its cost, its parent and the push that reached it, found by
//! open addressing over the arena.

/// What the search knows of one state.
#[derive(Clone, Copy, Debug)]
pub struct Meta {
    /// The state it was reached from (`u32::MAX` for the start).
    pub parent: u32,
    /// Pushes from the start, the fewest found so far.
    pub g: u16,
    /// The box's cell before the push that reached it.
    pub from: u16,
    /// The direction of that push (`Dir::index`), 4 for the start.
    pub dir: u8,
    /// Expanded already (or a deadlock, never to be expanded).
    pub closed: bool,
    /// The bound of the pushes left.
    pub h: u16,
}

/// Every state met, each once.
pub struct Table {
    stride: usize,
    keys: Vec<u16>,
    meta: Vec<Meta>,
    slots: Vec<u32>,
}

const EMPTY: u32 = u32::MAX;

fn hash(key: &[u16]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    for &x in key {
        h = (h.rotate_left(5) ^ x as u64).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    h ^ (h >> 29)
}

impl Table {
    /// An empty table of states of `stride` cells (the boxes and the player).
    pub fn new(stride: usize) -> Table {
        Table {
            stride,
            keys: Vec::new(),
            meta: Vec::new(),
            slots: vec![EMPTY; 1 << 12],
        }
    }

    /// States stored.
    pub fn len(&self) -> usize {
        self.meta.len()
    }

    /// The table's resident bytes at its peak while `extra` more states are stored,
    /// for the memory ceiling. The arena and the metadata grow by doubling: while one
    /// grows, its old and new copies are both held (twice its states' bytes); the slots
    /// are rebuilt at twice the size, old and new held together. Measured against the
    /// peak resident memory of searches stopped by the ceiling (`changes/sokoban.md`).
    pub fn peak_bytes(&self, extra: usize) -> u64 {
        let after = self.meta.len() + extra;
        let vec_peak = |len: usize, cap: usize, per: usize| {
            let copies = if after > cap { 2 } else { 1 };
            (copies * len.max(after.min(cap)) * per) as u64
        };
        let keys = vec_peak(
            self.meta.len(),
            self.keys.capacity() / self.stride.max(1),
            2 * self.stride,
        );
        let meta = vec_peak(
            self.meta.len(),
            self.meta.capacity(),
            std::mem::size_of::<Meta>(),
        );
        let slots = 4 * self.slots.len() as u64 * if 2 * after > self.slots.len() { 3 } else { 1 };
        keys + meta + slots
    }

    /// The cells of state `id`.
    pub fn key(&self, id: u32) -> &[u16] {
        let s = id as usize * self.stride;
        &self.keys[s..s + self.stride]
    }

    /// The metadata of state `id`.
    pub fn meta(&self, id: u32) -> &Meta {
        &self.meta[id as usize]
    }

    /// The metadata of state `id`, to update.
    pub fn meta_mut(&mut self, id: u32) -> &mut Meta {
        &mut self.meta[id as usize]
    }

    /// The id of `key`, if it is stored.
    pub fn get(&self, key: &[u16]) -> Option<u32> {
        if key.len() != self.stride {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = hash(key) as usize & mask;
        loop {
            let id = self.slots[i];
            if id == EMPTY {
                return None;
            }
            if self.key(id) == key {
                return Some(id);
            }
            i = (i + 1) & mask;
        }
    }

    /// The id of `key`, stored with `meta` when it is new (`true`).
    pub fn insert(&mut self, key: &[u16], meta: Meta) -> (u32, bool) {
        if 2 * (self.meta.len() + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = hash(key) as usize & mask;
        loop {
            let id = self.slots[i];
            if id == EMPTY {
                let new = self.meta.len() as u32;
                self.slots[i] = new;
                self.keys.extend_from_slice(key);
                self.meta.push(meta);
                return (new, true);
            }
            if self.key(id) == key {
                return (id, false);
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots = vec![EMPTY; size];
        let mask = size - 1;
        for id in 0..self.meta.len() as u32 {
            let mut i = hash(self.key(id)) as usize & mask;
            while self.slots[i] != EMPTY {
                i = (i + 1) & mask;
            }
            self.slots[i] = id;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_stored_once() {
        let m = Meta {
            parent: EMPTY,
            g: 0,
            from: 0,
            dir: 4,
            closed: false,
            h: 0,
        };
        let mut t = Table::new(3);
        for i in 0..10_000u16 {
            assert_eq!(t.insert(&[i, i + 1, 7], m), (i as u32, true));
        }
        for i in 0..10_000u16 {
            assert_eq!(t.insert(&[i, i + 1, 7], m), (i as u32, false));
        }
        assert_eq!(t.len(), 10_000);
        assert_eq!(t.key(42), &[42, 43, 7]);
    }
}
