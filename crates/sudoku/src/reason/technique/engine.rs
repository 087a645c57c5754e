//! The engine: techniques tried simplest first, in Sudoku Explainer's order of
//! difficulty; each step found is applied and the next looked for, until the grid is
//! solved or nothing applies (then search is needed). The rating on SE's scale is read
//! off the path: ER the hardest step, EP the hardest up to the first placement, ED the
//! first step's.

use super::board::Board;
use super::links::Links;
use super::step::{Technique, TechniqueStep};
use super::{
    bug, chains, finned, fish, forcing, grouped, intersections, rectangle, single_digit, singles,
    subsets, wings, wxyz,
};
use crate::model::grid::Grid;
use crate::model::house::House;
use crate::model::rules::Rules;
use gridsat_sat::{Budget, StopReason};

/// A finder: the first (or easiest) step of one technique on the board.
pub(super) type Finder = fn(&Board) -> Option<TechniqueStep>;

/// The finders in the order they are tried. Grouped X-chains of k strong links follow
/// the plain ones of k links, as in SukakuExplainer's StrongLinks(k) (which sorts a
/// size's chains by rating: plain before grouped), and the VWXYZ-Wing comes between
/// its four and five strong links.
const FINDERS: &[Finder] = &[
    singles::full_house,
    |b| singles::hidden_single(b, true),
    |b| singles::hidden_single(b, false),
    |b| direct_locked(b, Technique::Pointing),
    |b| direct_locked(b, Technique::Claiming),
    |b| direct_hidden(b, 2),
    singles::naked_single,
    |b| direct_hidden(b, 3),
    |b| intersections::first(b, Technique::Pointing),
    |b| intersections::first(b, Technique::Claiming),
    |b| subsets::naked(b, 2),
    |b| fish::fish(b, 2),
    |b| subsets::hidden(b, 2),
    |b| subsets::naked(b, 3),
    |b| fish::fish(b, 3),
    |b| subsets::hidden(b, 3),
    single_digit::turbot,
    |b| grouped::grouped_x_chain(b, 2, 2),
    |b| wings::xy_wing(b, false),
    |b| finned::finned(b, 2),
    |b| wings::xy_wing(b, true),
    rectangle::unique_rectangle,
    |b| subsets::naked(b, 4),
    |b| fish::fish(b, 4),
    |b| subsets::hidden(b, 4),
    |b| chains::chain(b, Links::X, 5.4),
    |b| grouped::grouped_x_chain(b, 3, 3),
    wxyz::wxyz_wing,
    bug::bug_plus_one,
    |b| finned::finned(b, 3),
    |b| chains::chain(b, Links::X, 5.8),
    |b| grouped::grouped_x_chain(b, 4, 4),
    |b| finned::finned(b, 4),
    wxyz::vwxyz_wing,
    |b| chains::chain(b, Links::X, 6.2),
    |b| grouped::grouped_x_chain(b, 5, 5),
    |b| chains::chain(b, Links::X, 6.6),
    |b| grouped::grouped_x_chain(b, 6, 6),
    |b| chains_up_to(b, 7.5, true),
    |b| chains_up_to(b, 20.0, false),
    forcing::static_forcing,
    forcing::dynamic_forcing,
];

/// The easiest chain up to `limit`: an X-chain under 7.0 at once, else the easiest of
/// X-, XY- and alternating chains (and W-Wings when `w_wing`), as SE rates XY-chains
/// and alternating chains alike from 7.0.
fn chains_up_to(b: &Board, limit: f64, w_wing: bool) -> Option<TechniqueStep> {
    let x = chains::chain(b, Links::X, limit);
    if x.as_ref().is_some_and(|s| s.difficulty < 7.0) {
        return x;
    }
    let w = if w_wing { wings::w_wing(b) } else { None };
    let others = easiest(
        chains::chain(b, Links::Y, limit),
        easiest(chains::chain(b, Links::Both, limit), w),
    );
    easiest(x, others)
}

/// The easier of two steps (the first on a tie).
fn easiest(a: Option<TechniqueStep>, b: Option<TechniqueStep>) -> Option<TechniqueStep> {
    match (a, b) {
        (Some(x), Some(y)) if y.difficulty < x.difficulty => Some(y),
        (Some(x), _) => Some(x),
        (None, y) => y,
    }
}

/// Applies a step's placements and eliminations to the board.
pub fn apply(b: &mut Board, s: &TechniqueStep) {
    for &(c, v) in &s.eliminations {
        b.remove(c, v);
    }
    for &(c, v) in &s.placements {
        if b.values()[c] == 0 {
            b.place(c, v);
        }
    }
}

/// The step of `steps` whose eliminations leave a hidden single at once, made direct:
/// the placement joins the step and the difficulty is Sudoku Explainer's direct one.
fn make_direct(
    b: &Board,
    steps: Vec<TechniqueStep>,
    t: Technique,
    d: f64,
) -> Option<TechniqueStep> {
    // As in SE, a hidden subset's single is in the subset's house, and a locked
    // candidate's in another house of the confining house's kind.
    let subset = matches!(
        t,
        Technique::DirectHiddenPair | Technique::DirectHiddenTriple
    );
    for mut s in steps {
        let mut after = b.clone();
        apply(&mut after, &s);
        let first = s.houses[0];
        let within = |h: House| {
            if subset {
                h == first
            } else {
                h != first && h.kind() == first.kind()
            }
        };
        if let Some((c, v, h)) = singles::new_hidden_single(b, &after, &within) {
            s.technique = t;
            s.difficulty = d;
            s.placements.push((c, v));
            s.houses.push(h);
            return Some(s);
        }
    }
    None
}

/// Direct pointing (1.7) or direct claiming (1.9).
fn direct_locked(b: &Board, kind: Technique) -> Option<TechniqueStep> {
    let steps = intersections::locked(b)
        .into_iter()
        .filter(|s| s.technique == kind)
        .collect();
    match kind {
        Technique::Pointing => make_direct(b, steps, Technique::DirectPointing, 1.7),
        _ => make_direct(b, steps, Technique::DirectClaiming, 1.9),
    }
}

/// Direct hidden pair (2.0) or triple (2.5).
fn direct_hidden(b: &Board, k: usize) -> Option<TechniqueStep> {
    let steps = subsets::hidden_all(b, k, false);
    match k {
        2 => make_direct(b, steps, Technique::DirectHiddenPair, 2.0),
        _ => make_direct(b, steps, Technique::DirectHiddenTriple, 2.5),
    }
}

/// The next step on `b`: the first finder that finds one.
pub fn next_step(b: &Board) -> Option<TechniqueStep> {
    FINDERS.iter().find_map(|f| f(b))
}

/// The same short of forcing chains (the last two finders), which a what-if states more
/// plainly: the explanation walk's step where singles stall.
pub fn next_step_before_forcing(b: &Board) -> Option<TechniqueStep> {
    FINDERS[..FINDERS.len() - 2].iter().find_map(|f| f(b))
}

/// How a path of techniques ended.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum PathEnd {
    /// Every cell is filled.
    Solved,
    /// No technique applies: search (or a technique beyond the engine) is needed.
    NeedsSearch,
    /// The grid broke (the puzzle has no solution).
    Broken,
    /// The side is over the engine's limit, or the givens contradict.
    NotTaken,
    /// The budget ran out.
    Stopped(StopReason),
}

/// The steps from `grid` on, simplest technique first, to the end.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct TechniquePath {
    /// The steps in order.
    pub steps: Vec<TechniqueStep>,
    /// How it ended.
    pub end: PathEnd,
    /// The side of the grid.
    pub n: usize,
}

/// Every step from `grid` under `rules`, asking `budget` between steps. No uniqueness
/// technique is used (see [`unique_technique_path`]).
pub fn technique_path(grid: &Grid, rules: &Rules, budget: &Budget) -> TechniquePath {
    path_with(grid, rules, false, budget)
}

/// The same for a puzzle known to have exactly one solution: the uniqueness techniques
/// (Unique Rectangles, BUG+1) take part, as Sudoku Explainer's rating uses them.
pub fn unique_technique_path(grid: &Grid, rules: &Rules, budget: &Budget) -> TechniquePath {
    path_with(grid, rules, true, budget)
}

fn path_with(grid: &Grid, rules: &Rules, unique: bool, budget: &Budget) -> TechniquePath {
    path_in(grid, rules, unique, FINDERS, budget)
}

/// Every step from `grid` with `finders` tried in order (the uniqueness techniques among
/// them only when `unique`).
pub(super) fn path_in(
    grid: &Grid,
    rules: &Rules,
    unique: bool,
    finders: &[Finder],
    budget: &Budget,
) -> TechniquePath {
    let n = grid.n();
    let Some(mut b) = Board::new(grid, rules) else {
        return TechniquePath {
            steps: Vec::new(),
            end: PathEnd::NotTaken,
            n,
        };
    };
    if unique {
        b.assume_unique();
    }
    let mut steps = Vec::new();
    let end = loop {
        if b.solved() {
            break PathEnd::Solved;
        }
        if b.broken() {
            break PathEnd::Broken;
        }
        if let Some(r) = budget.stop_reason() {
            break PathEnd::Stopped(r);
        }
        match finders.iter().find_map(|f| f(&b)) {
            Some(s) => {
                apply(&mut b, &s);
                steps.push(s);
            }
            None => break PathEnd::NeedsSearch,
        }
    };
    TechniquePath { steps, end, n }
}

/// A rating on Sudoku Explainer's scale.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SeRating {
    /// ER: the hardest step.
    pub er: f64,
    /// EP: the hardest step up to the first placement.
    pub ep: f64,
    /// ED: the first step.
    pub ed: f64,
    /// The hardest step's technique.
    pub hardest: Option<Technique>,
    /// False when the engine did not finish (search needed, or stopped): the figures
    /// are then lower bounds.
    pub complete: bool,
}

impl TechniquePath {
    /// The SE-scale rating of the path.
    pub fn rating(&self) -> SeRating {
        let mut r = SeRating {
            er: 0.0,
            ep: 0.0,
            ed: 0.0,
            hardest: None,
            complete: self.end == PathEnd::Solved,
        };
        let mut placed = false;
        for (i, s) in self.steps.iter().enumerate() {
            if i == 0 {
                r.ed = s.difficulty;
            }
            if s.difficulty > r.er {
                r.er = s.difficulty;
                r.hardest = Some(s.technique);
            }
            if !placed {
                r.ep = r.er;
                placed = !s.placements.is_empty();
            }
        }
        r
    }
}
