//! The pruning families that can be switched on and off.

use super::moves::MoveOptions;
use super::pushes::PushOptions;

gridsat_sat::named_enum! {
    /// A pruning family: clauses no shortest plan violates, which only make the solver's
    /// work smaller. Each applies to one encoding or both.
    #[non_exhaustive]
    pub enum Prune ("pruning family") {
        /// Dead squares
        DeadSquares = "dead-squares",
        /// Distance from the start and to the goals
        Distance = "distance",
        /// 2×2 and wall freeze patterns (push mode)
        Freeze = "freeze",
        /// Per-goal reachability (push mode)
        GoalReach = "goal-reach",
        /// Waste budgets: pushes short of full progress toward the goals or away from the
        /// start fit the horizon minus the distance sum (push mode)
        Waste = "waste",
        /// Two-box deadlocks and push distances (push mode)
        Pairs = "pairs",
        /// No move straight back after a move that pushed nothing (move mode)
        NoReversal = "no-reversal",
        /// No push straight back that repeats the state two pushes earlier (push mode)
        Undo = "undo",
        /// Push-count parity: skip horizons and plan lengths of the parity no plan has
        /// (push mode, goals as many as boxes)
        Parity = "parity",
        /// Start symmetry: the first push once per orbit of the start position's
        /// reflections and rotations (push mode)
        Symmetry = "symmetry",
        /// Deadlocks the A* learned on box subsets before the horizon search, as
        /// clauses of every step (push mode, a solve's formula only)
        Learned = "learned",
    }
}

impl Prune {
    /// True for the families that are on by default (all but `no-reversal`, measured
    /// slower).
    pub fn on_by_default(self) -> bool {
        self != Prune::NoReversal
    }
}

impl MoveOptions {
    /// Switches `family` on or off (families of the push encoding only are ignored).
    pub fn set(&mut self, family: Prune, on: bool) {
        match family {
            Prune::DeadSquares => self.dead_squares = on,
            Prune::Distance => self.distance = on,
            Prune::NoReversal => self.no_reversal = on,
            _ => {}
        }
    }
}

impl MoveOptions {
    /// The options with every pruning family off (the textbook encoding).
    pub fn plain() -> MoveOptions {
        let mut o = MoveOptions::default();
        for &p in Prune::ALL {
            o.set(p, false);
        }
        o
    }
}

impl PushOptions {
    /// Switches `family` on or off (families of the move encoding only are ignored).
    pub fn set(&mut self, family: Prune, on: bool) {
        match family {
            Prune::DeadSquares => self.dead_squares = on,
            Prune::Distance => self.distance = on,
            Prune::Freeze => self.freeze = on,
            Prune::GoalReach => self.goal_reach = on,
            Prune::Waste => self.waste = on,
            Prune::Pairs => self.pairs = on,
            Prune::Undo => self.undo = on,
            Prune::Parity => self.parity = on,
            Prune::Symmetry => self.symmetry = on,
            Prune::Learned => self.learned = on,
            Prune::NoReversal => {}
        }
    }

    /// The options with every pruning family off and pairwise exactly-one actions
    /// (the textbook encoding).
    pub fn plain() -> PushOptions {
        let mut o = PushOptions::default();
        for &p in Prune::ALL {
            o.set(p, false);
        }
        o.pairwise_actions = true;
        o
    }
}
