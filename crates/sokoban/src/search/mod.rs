//! The sixth stage: finding plans. A* over push states with a transposition table
//! proves push optima by exhaustion (`astar`) and, weighted or greedy, finds plans
//! fast (`any_plan`). A weighted A* over push states gives a first plan
//! cheaply (`seed_plan`); the horizon search grows an encoding in one incremental
//! solver and proves optimality by the unsatisfiable horizon below a plan (`search`).

mod any;
mod astar;
mod box_moves;
mod closure;
mod corral;
mod cuts;
mod exhaust;
mod features;
mod flood;
mod guide;
mod horizon;
mod macros;
mod patterns;
mod pull;
mod queue;
mod schedule;
mod seed;
mod table;
mod window;

pub(crate) use any::{AnyRun, any_plan};
pub(crate) use astar::{
    AstarOptions, AstarOutcome, AstarStats, MAX_CELLS, Order, PushTables, astar,
};
pub use closure::ClosureError;
pub(crate) use closure::{closure, closure_text};
pub(crate) use exhaust::exhaust;
pub use horizon::Progress;
pub(crate) use horizon::{SearchError, SearchLimits, SearchOutcome, SearchStats, search};
#[cfg(test)]
pub(crate) use pull::pull_search;
pub(crate) use seed::{SeedLimits, seed_plan};
#[cfg(test)]
pub(crate) use window::shorten;
