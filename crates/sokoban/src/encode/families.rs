//! The typed kinds of the encodings' clause families. Each name is the family's human
//! name in DIMACS comments and statistics.

gridsat_sat::named_enum! {
    /// A clause family of the move encoding.
    #[non_exhaustive]
    pub enum MoveFamily ("move-encoding clause family") {
        /// Units for the start position.
        Initial = "initial state",
        /// Exactly one action per step, its effect on the player, waits only at the end.
        Movement = "player movement",
        /// A box moves only when the player walks into it, one cell onward.
        Pushing = "box pushing",
        /// No two boxes on a cell, no box under the player.
        Overlap = "non-overlap",
        /// Under `goal(T)`: every box on a goal at `T`.
        Goal = "goal at T",
        /// Exactly one cell for the player and for each box at every step.
        ExactlyOne = "exactly one position",
        /// No box on a dead square.
        Dead = "dead squares",
        /// Nothing before its distance from the start; under `goal(T)`, close enough to a goal.
        Distance = "distance pruning",
        /// No move straight back after a move that pushed nothing.
        Reversal = "no walking back",
        /// At most a given number of pushes (a sequential counter).
        Budget = "push budget",
    }
}
gridsat_sat::family_kind!(MoveFamily);

gridsat_sat::named_enum! {
    /// A clause family of the push encoding.
    #[non_exhaustive]
    pub enum PushFamily ("push-encoding clause family") {
        /// Boxes and the player's region at step 0.
        Initial = "initial state",
        /// Exactly one push or wait per step; waits only at the end.
        Action = "one push per step",
        /// A push needs a box, a free cell ahead and the player behind; it moves the box.
        Effects = "push preconditions and effects",
        /// A cell changes only through a push out of it or into it.
        Frame = "frame: boxes move only when pushed",
        /// The player's region inside a step (and the loop formulas).
        Reach = "player reachability",
        /// Under `goal(T)`: no box off a goal at `T`.
        Goal = "goal at T",
        /// No box on a dead square.
        Dead = "dead squares",
        /// No box farther from the start boxes than the step; under `goal(T)`, from the goals.
        Distance = "distance pruning",
        /// No frozen 2×2 or wall pattern of boxes off goals.
        Freeze = "freeze patterns",
        /// Every goal keeps a box that can still reach it.
        GoalReach = "goal reachability",
        /// The waste counters and their budget under `goal(T)`.
        Waste = "waste budget",
        /// Two-box deadlocks and distances.
        Pairs = "pair distances",
        /// No push straight back that repeats the state two pushes earlier.
        Undo = "no undo",
        /// No plan length of the parity no plan has.
        Parity = "push-count parity",
        /// The first push once per orbit of the start position's symmetries.
        Symmetry = "start symmetry",
        /// Deadlocks the A* learned on box subsets (a solve's formula only).
        Learned = "learned deadlocks",
    }
}
gridsat_sat::family_kind!(PushFamily);
