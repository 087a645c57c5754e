//! The fourth stage: what can be known about a board before any search — push
//! distances and dead squares, lower bounds, two-box tables, freeze patterns, the
//! push-count parity, start symmetries, walks between pushes — and the verdicts that
//! follow from them (`analyse`: a level that cannot be solved is recognised here).

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

pub(crate) use bound::{min_cost_assignment, move_lower_bound};
pub(crate) use deadlock::{Deadlocks, FreezeScratch, Matcher, frozen_off_goal};
pub(crate) use distances::{INF, dist_to_goal, dist_to_goals, push_dist_from, walk_distances};
pub(crate) use freeze::freeze_patterns;
pub(crate) use packing::packing_order;
pub(crate) use pairs::PairLists;
#[cfg(test)]
pub(crate) use pairs::pair_table;
pub(crate) use parity::push_parity;
pub(crate) use states::state_bound;
pub(crate) use symmetry::start_symmetries;
pub(crate) use verdict::{Analysis, analyse};
pub use verdict::{Proof, Unsolvable};
pub(crate) use walk::{Push, pushes_to_plan};
