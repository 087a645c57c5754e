//! The third stage: what can be known about a board before any search — push
//! distances and dead squares, lower bounds, two-box tables, freeze patterns, the
//! push-count parity, start symmetries, walks between pushes — and the verdicts that
//! follow from them ([`analyse`]: a level that cannot be solved is recognised here).

mod bound;
mod deadlock;
mod distances;
mod freeze;
mod packing;
mod pairs;
mod parity;
mod states;
mod symmetry;
mod verdict;
mod walk;

pub use bound::move_lower_bound;
pub use deadlock::{Deadlocks, FreezeScratch, Matcher, frozen_off_goal};
pub use distances::{INF, dist_to_goal, dist_to_goals, push_dist_from, walk_distances};
pub use freeze::freeze_patterns;
pub use packing::packing_order;
pub use pairs::PairLists;
#[cfg(test)]
pub use pairs::pair_table;
pub use parity::push_parity;
pub use states::state_bound;
pub use symmetry::start_symmetries;
pub use verdict::{Analysis, Proof, Unsolvable, analyse};
pub use walk::{Push, pushes_to_plan};
