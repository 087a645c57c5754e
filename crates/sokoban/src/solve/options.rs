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
    /// Which search proves a push optimum.
    #[non_exhaustive]
    pub enum Search ("push search") default Auto {
        /// A* over push states first (most of the time), then the horizon search from
        /// the bound A* proved
        Auto = "auto",
        /// A* over push states alone
        Astar = "astar",
        /// The SAT horizon search alone
        Horizon = "horizon",
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

/// Options of [`crate::solve_level`]. Build them with [`SolveOptions::new`] (or
/// `Default`, which minimises pushes) and set fields: these are the defaults the command
/// line, the web server and the Python package use.
#[derive(Clone, Debug, serde::Serialize)]
#[non_exhaustive]
pub struct SolveOptions {
    /// What to minimise.
    pub optimize: Optimize,
    /// Only plans of at most this many moves count.
    pub max_moves: Option<usize>,
    /// Only plans of at most this many pushes count.
    pub max_pushes: Option<usize>,
    /// The SAT solver (by default CaDiCaL).
    #[serde(rename = "solver", serialize_with = "by_spec")]
    pub backend: BackendSpec,
    /// Switches of the move encoding.
    pub moves: MoveOptions,
    /// Switches of the push encoding.
    pub pushes: PushOptions,
    /// Horizon stride while no plan is known (0 or 1: one step at a time; by default 8
    /// for the push goals, 2 for moves).
    pub stride: usize,
    /// CaDiCaL's option set when the backend is CaDiCaL; `None` keeps the backend's
    /// default (by default `unsat` for the push goals, `default` for moves).
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
    /// Which search proves push optima (push mode and the first phase of
    /// `pushes,moves`).
    pub search: Search,
    /// Satisficing: the first verified plan fast, improved while time remains, reported
    /// with its proven lower bound (push mode).
    pub any: bool,
    /// The A* prunes freeze deadlocks.
    pub astar_freeze: bool,
    /// The A* prunes dead pairs (the two-box table).
    pub astar_pairs: bool,
    /// The A* restricts a position's pushes to one PI-corral's (which keeps a shortest
    /// plan from every position) and prunes PI-corrals no push enters.
    pub astar_corrals: bool,
    /// The satisficing search's packing-order guidance: pushes added to its bound per
    /// box on a goal that a packing order fills after an empty one (0: off).
    pub packing: u32,
    /// The satisficing search's connectivity guidance: pushes added to its bound per
    /// area of free cells beyond the first that the boxes cut the board into (0: off).
    pub connectivity: u32,
    /// The satisficing search's feature-space passes: pushes added to a position's
    /// priority per step on its path that improved none of its features (no more goals
    /// filled in the packing order, no fewer areas; 0: off).
    pub idle_step: u32,
    /// The satisficing search's first passes after the first (greedy, feature cells)
    /// take one position in this many from a (priority, cost) type drawn at random
    /// instead of the best: type-based exploration, out of the dead ends a greedy dive
    /// enters. The first pass dives and comes again last, exploring (0: off, no repeat).
    pub explore: u32,
    /// The satisficing passes take tunnel and goal-room macros as single steps.
    pub astar_macros: bool,
    /// With macros: pushes onto a goal room's goals out of its packing order are cut.
    pub astar_room_cuts: bool,
    /// The satisficing search's first pass takes box moves (a box to any cell it
    /// reaches by its own pushes) as single steps.
    pub astar_box_moves: bool,
    /// The satisficing search's first pass takes the feature cells (goals filled in the
    /// packing order, areas of free cells) in turn instead of the greedy order alone.
    pub astar_features: bool,
    /// The satisficing search searches backwards from the solved position (the player
    /// pulls boxes off the goals) after its first pass, in a share of the time; the
    /// first passes after it that meet a position it reached have a plan.
    pub astar_pull: bool,
    /// The A* learns deadlocks on the few boxes around the box pushed last and prunes
    /// every position holding one (sound: the optimal pass stays a proof).
    pub astar_patterns: bool,
    /// With `astar_patterns`, the first satisficing passes (greedy and by feature
    /// cells, before a first plan) also search the whole position
    /// when a push lands a box on a goal, and learn it, shrunk to the boxes that
    /// matter, when it has no plan (a greedy dive into a dead end; sound). Off by
    /// default: XSokoban gained 2 levels at 30 s and none at 60 s, side by side.
    pub astar_dead_ends: bool,
    /// The most bytes the A*'s table and queue take (`None`: a quarter of the memory
    /// budget, at most 3 GiB).
    pub astar_memory: Option<u64>,
    /// Under [`Search::Auto`], the share of the time left that the A* gets before the
    /// horizon search takes over.
    pub astar_share: f64,
    /// Under [`Search::Auto`], when the A* stops without a plan: the share of the time
    /// left that the satisficing passes get to find one (verified, and reported with
    /// the proven bound when the horizon search finds none); 0 switches them off.
    pub plan_share: f64,
}

/// The default ceiling of the A*'s table and queue: 3 GiB.
pub const ASTAR_MEMORY: u64 = 3 << 30;

/// The default of [`SolveOptions::exhaust_states`]: such searches take milliseconds.
pub const EXHAUST_STATES: u64 = 50_000;

/// The horizon stride [`SolveOptions::new`] gives push goals (`pushes`, `pushes,moves`).
const PUSH_STRIDE: usize = 8;

/// The horizon stride [`SolveOptions::new`] gives the move goal.
const MOVE_STRIDE: usize = 2;

/// The defaults for minimising pushes: the same as `SolveOptions::new(Optimize::Pushes)`.
impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions::new(Optimize::default())
    }
}

impl SolveOptions {
    /// The SAT solver of every goal: the built-in CaDiCaL.
    pub const DEFAULT_BACKEND: BackendSpec = BackendSpec::Cadical;
    /// Satisficing guidance: pushes added to the greedy bound per box on a goal that a
    /// packing order fills after an empty one.
    pub const DEFAULT_PACKING: u32 = 8;
    /// Satisficing guidance: pushes added to the greedy bound per area of free cells
    /// beyond the first.
    pub const DEFAULT_CONNECTIVITY: u32 = 4;
    /// Satisficing guidance: pushes added to a feature-space pass's priority per step
    /// that improved none of the features.
    pub const DEFAULT_IDLE_STEP: u32 = 20;
    /// Satisficing guidance: the first passes take one position in this many from a
    /// type drawn at random (type-based exploration).
    pub const DEFAULT_EXPLORE: u32 = 8;

    /// The options that minimise `optimize` as the command line, the web server and the
    /// Python package run them: CaDiCaL, with its `unsat` option set and a horizon stride
    /// of 8 for the push goals, its defaults and a stride of 2 for moves; the prunes and
    /// A* refinements that are on by default.
    ///
    /// ```
    /// use gridsat_sat::BackendSpec;
    /// use gridsat_sokoban::{Optimize, SolveOptions, solve::CadicalConfig};
    ///
    /// let o = SolveOptions::new(Optimize::Moves);
    /// assert_eq!((o.stride, o.cadical_config), (2, Some(CadicalConfig::Default)));
    /// assert_eq!(SolveOptions::default().backend, BackendSpec::Cadical);
    /// ```
    pub fn new(optimize: Optimize) -> SolveOptions {
        let moves = optimize == Optimize::Moves;
        SolveOptions {
            optimize,
            max_moves: None,
            max_pushes: None,
            backend: Self::DEFAULT_BACKEND,
            moves: MoveOptions::default(),
            pushes: PushOptions::default(),
            stride: if moves { MOVE_STRIDE } else { PUSH_STRIDE },
            cadical_config: Some(if moves {
                CadicalConfig::Default
            } else {
                CadicalConfig::Unsat
            }),
            no_seed: false,
            assume_goals: false,
            exhaust_states: EXHAUST_STATES,
            search: Search::default(),
            any: false,
            astar_freeze: true,
            astar_pairs: true,
            astar_corrals: true,
            packing: Self::DEFAULT_PACKING,
            connectivity: Self::DEFAULT_CONNECTIVITY,
            idle_step: Self::DEFAULT_IDLE_STEP,
            explore: Self::DEFAULT_EXPLORE,
            astar_macros: true,
            astar_room_cuts: true,
            astar_pull: true,
            astar_box_moves: true,
            astar_features: true,
            astar_patterns: true,
            astar_dead_ends: false,
            astar_memory: None,
            astar_share: 0.75,
            plan_share: 0.75,
        }
    }

    /// Switches a pruning family on or off in the encodings it applies to.
    pub fn set_prune(&mut self, family: Prune, on: bool) {
        self.moves.set(family, on);
        self.pushes.set(family, on);
    }
}

/// The solver as its command-line spec (`cadical`, `external:minisat`) in JSON.
fn by_spec<S: serde::Serializer>(b: &BackendSpec, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(b)
}
