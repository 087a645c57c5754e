//! The fifth stage: Sokoban as CNF, grown one step at a time.
//!
//! Two encodings implement `HorizonEncoding`: `MoveEncoding` (one step per player
//! move, numbered boxes) and `PushEncoding` (one step per push, anonymous boxes, the
//! player's walk as reachability inside a step, `reach`), each with pruning families
//! that can be switched off ([`Prune`]); `waste` holds the push encoding's waste
//! counters. Every clause family has a typed kind ([`MoveFamily`], [`PushFamily`]).
//! [`export()`] writes one horizon's formula for other solvers.

mod export;
mod families;
mod few;
mod horizon;
mod moves;
mod prune;
mod pushes;
mod reach;
mod waste;

pub use export::{Export, ExportError, ExportOptions, ModelError, decode_model, export};
pub use families::{MoveFamily, PushFamily};
pub(crate) use horizon::{Decoded, HorizonEncoding, SolverValues};
pub(crate) use moves::MoveEncoding;
pub use moves::MoveOptions;
pub use prune::Prune;
pub(crate) use pushes::PushEncoding;
pub use pushes::{DeadSet, PushOptions};
pub use reach::Reach;

gridsat_sat::named_enum! {
    /// The two encodings (the unit of their horizon).
    #[non_exhaustive]
    pub enum Encoding ("encoding") default Pushes {
        /// The push encoding (horizon = pushes)
        Pushes = "pushes",
        /// The move encoding (horizon = moves)
        Moves = "moves",
    }
}

impl Encoding {
    /// The singular unit of a horizon: "push" or "move".
    pub fn unit(self) -> &'static str {
        match self {
            Encoding::Pushes => "push",
            Encoding::Moves => "move",
        }
    }

    /// The plural unit of a horizon: "pushes" or "moves".
    pub fn units(self) -> &'static str {
        match self {
            Encoding::Pushes => "pushes",
            Encoding::Moves => "moves",
        }
    }
}
