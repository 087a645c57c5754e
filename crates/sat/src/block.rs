//! Named blocks of variables addressed by multi-dimensional indices (e.g. `x[r][c][d]`).

use crate::lit::Var;
use std::fmt;
use std::sync::Arc;

/// At most this many dimensions per block.
pub const MAX_DIMS: usize = 4;

/// A function that says what the variable at an index means, e.g. `[2, 6, 4]` → `"r3c7=5"`.
pub type Namer = Arc<dyn Fn(&[u32]) -> String + Send + Sync>;

/// A contiguous range of variables laid out in row-major order over `dims`.
///
/// The variable at index `(i0, i1, …)` is `base + ((i0·d1 + i1)·d2 + …)`, so two indices
/// of one block never share a variable and blocks never overlap (they are allocated one
/// after another by [`crate::Formula::new_block`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    pub(crate) id: u32,
    pub(crate) base: u32,
    pub(crate) rank: u8,
    pub(crate) dims: [u32; MAX_DIMS],
}

impl Block {
    /// The dimensions of the block.
    pub fn dims(&self) -> &[u32] {
        &self.dims[..self.rank as usize]
    }

    /// Number of variables in the block.
    pub fn len(&self) -> u32 {
        self.dims().iter().product()
    }

    /// True when the block holds no variable (some dimension is 0).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first variable of the block.
    pub fn first(&self) -> Var {
        Var::new(self.base)
    }

    /// The variable at `index`; panics (in debug builds) when out of range.
    #[inline]
    pub fn var(&self, index: &[u32]) -> Var {
        debug_assert_eq!(index.len(), self.rank as usize, "wrong number of indices");
        let mut off = 0u32;
        for (k, &i) in index.iter().enumerate() {
            debug_assert!(i < self.dims[k], "index {i} out of range {}", self.dims[k]);
            off = off * self.dims[k] + i;
        }
        Var::new(self.base + off)
    }

    /// True when `v` belongs to this block.
    pub fn contains(&self, v: Var) -> bool {
        v.get() >= self.base && v.get() < self.base + self.len()
    }

    /// The index of `v` inside this block, or `None` when `v` is not in it.
    pub fn index_of(&self, v: Var) -> Option<Vec<u32>> {
        if !self.contains(v) {
            return None;
        }
        let mut off = v.get() - self.base;
        let mut idx = vec![0; self.rank as usize];
        for k in (0..self.rank as usize).rev() {
            idx[k] = off % self.dims[k];
            off /= self.dims[k];
        }
        Some(idx)
    }
}

/// What the formula remembers about a block besides its layout.
pub(crate) struct BlockInfo {
    pub(crate) block: Block,
    pub(crate) name: String,
    pub(crate) namer: Option<Namer>,
}

impl BlockInfo {
    /// Describes the variable `v`, which must lie in this block.
    pub(crate) fn describe(&self, v: Var) -> String {
        let idx = self.block.index_of(v).expect("variable outside its block");
        match &self.namer {
            Some(f) => f(&idx),
            None => {
                let mut s = self.name.clone();
                for i in idx {
                    s.push_str(&format!("[{i}]"));
                }
                s
            }
        }
    }
}

impl fmt::Debug for BlockInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BlockInfo")
            .field("block", &self.block)
            .field("name", &self.name)
            .finish()
    }
}
