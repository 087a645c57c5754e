//! What to solve for and how.

use crate::encode::{MoveOptions, Prune, PushOptions};
use gridsat_sat::BackendSpec;

gridsat_sat::named_enum! {
    /// What to minimise.
    #[non_exhaustive]
    pub enum Optimize ("optimization goal") default Pushes {
        /// Fewest pushes (push encoding)
        Pushes = "pushes",
        /// Fewest moves (time-indexed move encoding)
        Moves = "moves",
        /// Fewest pushes, then fewest moves among plans with that many pushes
        PushesMoves = "pushes,moves",
    }
}

impl Optimize {
    /// The singular unit of the horizons asked last: "move" or "push".
    pub fn unit(self) -> &'static str {
        match self {
            Optimize::Moves | Optimize::PushesMoves => "move",
            Optimize::Pushes => "push",
        }
    }
}

gridsat_sat::named_enum! {
    /// CaDiCaL's option sets.
    #[non_exhaustive]
    pub enum CadicalConfig ("CaDiCaL option set") {
        /// CaDiCaL's defaults
        Default = "default",
        /// No preprocessing or inprocessing
        Plain = "plain",
        /// Tuned for satisfiable formulas
        Sat = "sat",
        /// Tuned for unsatisfiable formulas
        Unsat = "unsat",
    }
}

/// Options of [`crate::solve_level`]. Build them from `Default` and set fields.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SolveOptions {
    /// What to minimise.
    pub optimize: Optimize,
    /// Only plans of at most this many moves count.
    pub max_moves: Option<usize>,
    /// Only plans of at most this many pushes count.
    pub max_pushes: Option<usize>,
    /// The SAT solver.
    pub backend: BackendSpec,
    /// Switches of the move encoding.
    pub moves: MoveOptions,
    /// Switches of the push encoding.
    pub pushes: PushOptions,
    /// Horizon stride while no plan is known (0 or 1: one step at a time).
    pub stride: usize,
    /// CaDiCaL's option set when the backend is CaDiCaL; `None` keeps the backend's
    /// default.
    pub cadical_config: Option<CadicalConfig>,
    /// Push mode: skip the weighted A* search for a first plan, so that the solver
    /// climbs from the lower bound.
    pub no_seed: bool,
    /// Keep assuming `goal(T)` below a known plan instead of adding it as a unit clause
    /// (for measurement).
    pub assume_goals: bool,
    /// Search every push state first (which settles the level, solvable or not, and
    /// cross-checks the solver's push optimum) when the level has at most this many
    /// states by the state bound (box placements × player places); 0: never.
    pub exhaust_states: u64,
}

/// The default of [`SolveOptions::exhaust_states`]: such searches take milliseconds.
pub const EXHAUST_STATES: u64 = 50_000;

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            optimize: Optimize::default(),
            max_moves: None,
            max_pushes: None,
            backend: BackendSpec::default(),
            moves: MoveOptions::default(),
            pushes: PushOptions::default(),
            stride: 0,
            cadical_config: None,
            no_seed: false,
            assume_goals: false,
            exhaust_states: EXHAUST_STATES,
        }
    }
}

impl SolveOptions {
    /// Options that minimise `optimize`, the rest default.
    pub fn new(optimize: Optimize) -> SolveOptions {
        SolveOptions {
            optimize,
            ..SolveOptions::default()
        }
    }

    /// Switches a pruning family on or off in the encodings it applies to.
    pub fn set_prune(&mut self, family: Prune, on: bool) {
        self.moves.set(family, on);
        self.pushes.set(family, on);
    }
}
