//! The options a solve runs with, as JSON (`sokoban solve --print-options`,
//! `POST /api/sokoban/options`, Python's `gridsat.sokoban.options`): how a program shows
//! that its defaults are the library's; schema `docs/schema/sokoban/options.json`.

use crate::solve::SolveOptions;
use serde::Serialize;

/// Every field of [`SolveOptions`], serialised as the struct derives it (so a field added
/// later is in it without a line here); the solver by its command-line spec, under
/// `solver`.
#[derive(Clone, Debug, Serialize)]
#[serde(transparent)]
pub struct OptionsJson(SolveOptions);

impl OptionsJson {
    /// The object of `o`.
    pub fn new(o: &SolveOptions) -> OptionsJson {
        OptionsJson(o.clone())
    }
}
