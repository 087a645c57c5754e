//! The fifth stage: finding plans. A weighted A* over push states gives a first plan
//! cheaply ([`seed_plan`]); the horizon search grows an encoding in one incremental
//! solver and proves optimality by the unsatisfiable horizon below a plan ([`search`]).

mod exhaust;
mod horizon;
mod schedule;
mod seed;

pub use exhaust::exhaust;
pub use horizon::{Progress, SearchError, SearchLimits, SearchOutcome, SearchStats, search};
pub use seed::{SeedLimits, seed_plan};
