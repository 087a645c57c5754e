//! Naming the givens that cannot all hold, and saying why in a player's words.

use crate::encode::CellVars;
use crate::model::candidates::Candidates;
use crate::model::family::ClauseFamily;
use crate::model::grid::{Grid, Placement};
use crate::model::house::House;
use crate::model::rules::{Cell, Rules};
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use gridsat_sat::propagate::Propagator;
use gridsat_sat::{Backend, Budget, Formula, Limits, Lit, Outcome, SolverError, Var};

/// A small set of givens that no solution can satisfy together.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Conflict {
    /// The givens, in reading order.
    pub givens: Vec<Placement>,
    /// Why, e.g. `same row`, or `they leave no place for 7 in box 5`.
    pub reason: Reason,
}

/// Why a set of givens conflicts.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// Two equal givens in one house.
    SameHouse(House),
    /// Together the givens leave no value for this cell (row, column).
    NoValueFor(usize, usize),
    /// Together the givens leave no cell for this value in the house.
    NoPlaceFor(u16, House),
    /// Together they break a variant rule, e.g. `anti-knight` or `killer cage`.
    Broken(&'static str),
    /// The solver proved them contradictory; no one-step explanation exists.
    Contradictory,
    /// No solution exists, but the grid is too large for the conflict analysis (which
    /// needs the full encoding with givens as assumptions); no givens are named.
    Unanalysed,
}

impl Conflict {
    /// The conflict as text, e.g. `r1c3=5, r1c7=5 (same row)`.
    pub fn describe(&self, alphabet: Option<&Alphabet>) -> String {
        let list: Vec<String> = self.givens.iter().map(|g| g.describe(alphabet)).collect();
        format!("{} ({})", list.join(", "), self.reason_text(alphabet))
    }

    /// The reason alone, e.g. `same row`.
    pub fn reason_text(&self, alphabet: Option<&Alphabet>) -> String {
        let sym = |v: u16| alphabet.map_or(v.to_string(), |a| a.symbol(v).to_string());
        match &self.reason {
            Reason::SameHouse(h) => format!("same {}", h.kind()),
            Reason::NoValueFor(r, c) => {
                format!("together they leave no symbol for r{}c{}", r + 1, c + 1)
            }
            Reason::NoPlaceFor(v, h) => {
                format!("together they leave no place for {} in {h}", sym(*v))
            }
            Reason::Broken(rule) => format!("they break the {rule} rule"),
            Reason::Contradictory => "these givens cannot all hold in any solution".into(),
            Reason::Unanalysed => {
                "no solution; the grid is too large to name a small set of conflicting givens"
                    .into()
            }
        }
    }
}

/// Two givens that break a rule outright, found before any solving: equal values in a
/// house (the first repeat in each house's reading order), or a pair rule (knight, king,
/// consecutive) broken.
pub fn broken_givens(puzzle: &Grid, rules: &Rules) -> Option<Conflict> {
    if rules.is_classic() && classic_houses_clean(puzzle) {
        return None;
    }
    let shape = puzzle.shape();
    let mut first_at: Vec<Option<Cell>> = vec![None; shape.n() + 1];
    for h in rules.house_iter(shape) {
        first_at.fill(None);
        if let Some(c) = repeat_in(puzzle, h, rules.cells_of(shape, h), &mut first_at) {
            return Some(c);
        }
    }
    broken_pair(puzzle, rules)
}

/// True when no row, column or box repeats a value, seen with one bitmask per house
/// (grids up to 64×64; larger ones answer false): the common case, settled before the
/// search for the repeat that names a conflict.
fn classic_houses_clean(puzzle: &Grid) -> bool {
    let shape = puzzle.shape();
    let n = shape.n();
    if n > 64 {
        return false;
    }
    let (mut rows, mut cols, mut boxes) = ([0u64; 64], [0u64; 64], [0u64; 64]);
    for (i, &v) in puzzle.values().iter().enumerate() {
        if v == 0 {
            continue;
        }
        let (r, c) = (i / n, i % n);
        let (b, bit) = (shape.box_of(r, c), 1u64 << (v - 1));
        if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
            return false;
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    }
    true
}

/// The first value of house `h` (cells in reading order) that repeats an earlier one.
fn repeat_in(
    puzzle: &Grid,
    h: House,
    cells: impl Iterator<Item = Cell>,
    first_at: &mut [Option<Cell>],
) -> Option<Conflict> {
    for (r, c) in cells {
        let v = puzzle.get(r, c);
        if v == 0 {
            continue;
        }
        if let Some((r0, c0)) = first_at[v as usize] {
            let at = |row, col| Placement { row, col, value: v };
            return Some(Conflict {
                givens: vec![at(r0, c0), at(r, c)],
                reason: Reason::SameHouse(h),
            });
        }
        first_at[v as usize] = Some((r, c));
    }
    None
}

/// Two givens a pair rule forbids together.
fn broken_pair(puzzle: &Grid, rules: &Rules) -> Option<Conflict> {
    let shape = puzzle.shape();
    let at = |(r, c): Cell| Placement {
        row: r,
        col: c,
        value: puzzle.get(r, c),
    };
    for rule in rules.active() {
        for (a, b) in rule.pairs(shape) {
            let (pa, pb) = (at(a), at(b));
            if pa.value != 0 && pb.value != 0 && rule.forbids(pa.value, pb.value) {
                return Some(Conflict {
                    givens: vec![pa, pb],
                    reason: Reason::Broken(rule.broken()),
                });
            }
        }
    }
    None
}

/// A conflict visible from the givens alone, without a solver: an empty cell that every
/// value is excluded from (named with one excluding given per value), or a value with
/// no place left in a house (named with the givens that fill or exclude every cell).
pub fn direct_conflict(puzzle: &Grid) -> Option<Conflict> {
    let shape = puzzle.shape();
    let n = shape.n();
    let cand = Candidates::from_givens(puzzle);
    // One given with value v among the peers of (r, c), if any.
    let excluder = |r: usize, c: usize, v: u16| -> Option<Placement> {
        let b = shape.box_of(r, c);
        [House::Row(r), House::Col(c), House::Box(b)]
            .into_iter()
            .flat_map(|h| shape.house_cells(h))
            .find(|&(r2, c2)| (r2, c2) != (r, c) && puzzle.get(r2, c2) == v)
            .map(|(row, col)| Placement { row, col, value: v })
    };
    let mut givens: Vec<Placement>;
    let reason;
    if let Some(cell) = cand.dead_cell() {
        let (r, c) = (cell / n, cell % n);
        givens = (1..=n as u16).filter_map(|v| excluder(r, c, v)).collect();
        reason = Reason::NoValueFor(r, c);
    } else if let Some((h, v)) = cand.dead_house() {
        givens = Vec::new();
        for (r, c) in shape.house_cells(h) {
            match puzzle.get(r, c) {
                0 => givens.extend(excluder(r, c, v)),
                w => givens.push(Placement {
                    row: r,
                    col: c,
                    value: w,
                }),
            }
        }
        reason = Reason::NoPlaceFor(v, h);
    } else {
        return None;
    }
    givens.sort();
    givens.dedup();
    Some(Conflict { givens, reason })
}

/// The failed assumptions of an exactly-one encoding under all the givens, then
/// shrunk one given at a time (each trial bounded to 20,000 conflicts): a small set of
/// givens that cannot all hold, in reading order. `None` when the givens turn out to be
/// satisfiable. The backend's limits are restored to `limits` afterwards.
pub(crate) fn shrink_core(
    backend: &mut dyn Backend,
    vars: &CellVars,
    puzzle: &Grid,
    budget: &Budget,
) -> Result<Option<Vec<Placement>>, SolverError> {
    let lit = |p: &Placement| vars.var(p.row, p.col, p.value).expect("dense").pos();
    let mut core: Vec<Placement> = puzzle.givens().collect();
    match backend.solve(&core.iter().map(lit).collect::<Vec<_>>())? {
        Outcome::Unsat => core.retain(|p| backend.failed(lit(p))),
        Outcome::Sat => return Ok(None),
        Outcome::Unknown => {}
    }
    backend.set_limits(Limits {
        conflicts: Some(20_000),
        deadline: budget.deadline(),
    });
    let mut i = 0;
    while i < core.len() {
        let trial: Vec<Placement> = core
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, p)| *p)
            .collect();
        let lits: Vec<Lit> = trial.iter().map(lit).collect();
        if backend.solve(&lits)? == Outcome::Unsat {
            core = trial
                .into_iter()
                .filter(|p| backend.failed(lit(p)))
                .collect();
        } else {
            i += 1;
        }
    }
    backend.set_budget(budget);
    core.sort();
    Ok(Some(core))
}

/// Explains why `givens` (already known to be contradictory) conflict, for classic
/// rules: from the candidates they leave.
pub(crate) fn reason_for(puzzle: &Grid, givens: &[Placement]) -> Reason {
    let mut g = Grid::empty(puzzle.shape());
    for p in givens {
        g.set(p.row, p.col, p.value);
    }
    if let Some(c) = broken_givens(&g, &Rules::classic()) {
        return c.reason;
    }
    let cand = Candidates::from_givens(&g);
    let n = g.n();
    if let Some(cell) = cand.dead_cell() {
        return Reason::NoValueFor(cell / n, cell % n);
    }
    if let Some((h, v)) = cand.dead_house() {
        return Reason::NoPlaceFor(v, h);
    }
    Reason::Contradictory
}

/// Why `core` conflicts under variant rules, when propagating it alone reaches a
/// conflict in a clause that says so: no value for a cell, no place for a value in a
/// house, or a rule's own clause.
pub(crate) fn one_step_reason(
    f: &Formula,
    vars: &CellVars,
    shape: Shape,
    rules: &Rules,
    core: &[Placement],
) -> Reason {
    let mut p = Propagator::new(f);
    let mut conflict = p.propagate();
    for g in core {
        if conflict.is_some() {
            break;
        }
        conflict = p.assume_and_propagate(vars.var(g.row, g.col, g.value).expect("dense").pos());
    }
    let Some(ci) = conflict.and_then(|c| c.clause) else {
        return Reason::Contradictory;
    };
    let Some(family) = f.family_info(p.family(ci)).kind::<ClauseFamily>() else {
        return Reason::Contradictory;
    };
    let cells: Vec<(usize, usize, u16)> = p
        .clause(ci)
        .iter()
        .filter_map(|l| cell_of(vars, shape, l.var()))
        .collect();
    if family == ClauseFamily::CellAtLeastOne {
        if let Some(&(r, c, _)) = cells.first() {
            return Reason::NoValueFor(r, c);
        }
    }
    if let (Some((kind, true)), Some(&(r, c, v))) = (family.house(), cells.first()) {
        let holds_all = |h: &House| {
            let hc = rules.house_cells(shape, *h);
            cells.iter().all(|&(r, c, _)| hc.contains(&(r, c)))
        };
        if let Some(h) = rules
            .houses_of(shape, r, c)
            .into_iter()
            .find(|h| h.kind() == kind && holds_all(h))
        {
            return Reason::NoPlaceFor(v, h);
        }
    }
    // A cage clause in conflict: the cage's rule is broken (what a cage's clauses say
    // takes more than one step to tell; pairs and the rest stay "contradictory").
    match (family, rules.rule_for(family)) {
        (ClauseFamily::CageDistinct | ClauseFamily::CageSum, Some(rule)) => {
            Reason::Broken(rule.broken())
        }
        _ => Reason::Contradictory,
    }
}

/// The cell and value of a cell variable of a full encoding.
fn cell_of(vars: &CellVars, shape: Shape, v: Var) -> Option<(usize, usize, u16)> {
    match vars {
        CellVars::Dense { block, .. } => block
            .index_of(v)
            .map(|i| (i[0] as usize, i[1] as usize, i[2] as u16 + 1)),
        _ => {
            let n = shape.n();
            (0..n * n).find_map(|cell| {
                (1..=n as u16).find_map(|val| {
                    (vars.var(cell / n, cell % n, val) == Some(v)).then_some((
                        cell / n,
                        cell % n,
                        val,
                    ))
                })
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_are_named_with_their_house() {
        let mut g = Grid::empty(Shape::for_side(9).unwrap());
        g.set(0, 2, 5);
        g.set(0, 6, 5);
        let c = broken_givens(&g, &Rules::classic()).unwrap();
        assert_eq!(c.describe(None), "r1c3=5, r1c7=5 (same row)");
        let mut h = Grid::empty(Shape::for_side(9).unwrap());
        h.set(3, 4, 2);
        h.set(5, 3, 2);
        assert_eq!(
            broken_givens(&h, &Rules::classic()).unwrap().reason,
            Reason::SameHouse(House::Box(4))
        );
    }

    /// The bitmask shortcut says "clean" exactly when the house-by-house search finds
    /// no repeat (6×6 with 2×3 boxes, and 9×9), on random givens.
    #[test]
    fn the_clean_shortcut_agrees_with_the_search() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for shape in [Shape::new(2, 3).unwrap(), Shape::for_side(9).unwrap()] {
            let n = shape.n() as u64;
            for _ in 0..2000 {
                let mut g = Grid::empty(shape);
                for _ in 0..next(2 * n) {
                    let (r, c) = (next(n) as usize, next(n) as usize);
                    g.set(r, c, 1 + next(n) as u16);
                }
                let searched = Rules::classic().house_iter(shape).all(|h| {
                    repeat_in(
                        &g,
                        h,
                        Rules::classic().cells_of(shape, h),
                        &mut vec![None; shape.n() + 1],
                    )
                    .is_none()
                });
                assert_eq!(classic_houses_clean(&g), searched, "{}", g.to_line(None));
            }
        }
    }

    #[test]
    fn one_step_reasons_are_found() {
        // r1c1 sees 1,2 in its row and 3,4 in its column: no value left (4×4).
        let shape = Shape::for_side(4).unwrap();
        let mut g = Grid::empty(shape);
        let givens = [
            Placement {
                row: 0,
                col: 2,
                value: 1,
            },
            Placement {
                row: 0,
                col: 3,
                value: 2,
            },
            Placement {
                row: 2,
                col: 0,
                value: 3,
            },
            Placement {
                row: 3,
                col: 0,
                value: 4,
            },
        ];
        for p in givens {
            g.set(p.row, p.col, p.value);
        }
        assert_eq!(reason_for(&g, &givens), Reason::NoValueFor(0, 0));
    }
}
