//! A list of at most four cell or candidate numbers, stored inline: per-cell lists of
//! neighbours or pushes without a heap allocation each (a level of a million cells
//! would otherwise make millions of them).

/// At most four `u32`s, in the order pushed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Few {
    len: u8,
    items: [u32; 4],
}

impl Few {
    /// Appends `x` (panics beyond four).
    pub fn push(&mut self, x: u32) {
        self.items[self.len as usize] = x;
        self.len += 1;
    }

    /// The items, in order.
    pub fn as_slice(&self) -> &[u32] {
        &self.items[..self.len as usize]
    }

    /// The items, in order.
    pub fn iter(&self) -> std::slice::Iter<'_, u32> {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a Few {
    type Item = &'a u32;
    type IntoIter = std::slice::Iter<'a, u32>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}
