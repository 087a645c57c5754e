//! Which horizons the search asks: stride while climbing, parity rounding, the cap.

/// The horizon arithmetic of one search.
#[derive(Clone, Copy, Debug)]
pub(super) struct Schedule {
    /// Horizons asked while no plan is known grow by this much (at least 1).
    pub stride: usize,
    /// Every plan's cost has this parity (0 even, 1 odd), when known.
    pub parity: Option<usize>,
    /// No horizon beyond this one is asked.
    pub max: Option<usize>,
}

impl Schedule {
    /// True when no plan can cost `h` (the other parity).
    fn wrong(&self, h: usize) -> bool {
        self.parity.is_some_and(|p| h % 2 != p)
    }

    /// `h` rounded down to a cost a plan can have (walking below a plan).
    pub fn down(&self, h: usize) -> usize {
        if self.wrong(h) && h > 0 { h - 1 } else { h }
    }

    /// `h` rounded up to a cost a plan can have (climbing), within the cap.
    pub fn up(&self, h: usize) -> usize {
        let h = if self.wrong(h) { h + 1 } else { h };
        self.max.map_or(h, |m| if h > m { self.down(m) } else { h })
    }

    /// What an unsatisfiable call at `h` proves: no plan of at most `h`, nor of `h + 1`
    /// when no plan can have that parity.
    pub fn proves(&self, h: usize) -> usize {
        if self.wrong(h + 1) { h + 1 } else { h }
    }

    /// The first horizon of a climb from the lower bound `start`. The call just below
    /// the bound matters only when the bound is the optimum, and the walk down from a
    /// plan reaches it then: start a stride higher.
    pub fn first(&self, start: usize) -> usize {
        self.up((start + self.stride).saturating_sub(2))
    }
}
