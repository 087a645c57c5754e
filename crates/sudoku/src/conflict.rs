//! Naming the givens that cannot all hold, and saying why in a player's words.

use crate::candidates::Candidates;
use crate::encode::CellVars;
use crate::grid::{Grid, Placement};
use crate::shape::House;
use crate::symbols::Alphabet;
use gridsat_sat::{Backend, Limits, Lit, Outcome, SolverError};

/// A small set of givens that no solution can satisfy together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The givens, in reading order.
    pub givens: Vec<Placement>,
    /// Why, e.g. `same row`, or `they leave no place for 7 in box 5`.
    pub reason: Reason,
}

/// Why a set of givens conflicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Two equal givens in one house.
    SameHouse(House),
    /// Together the givens leave no value for this cell (row, column).
    NoValueFor(usize, usize),
    /// Together the givens leave no cell for this value in the house.
    NoPlaceFor(u16, House),
    /// Together they break a variant rule between two cells, e.g. `anti-knight`.
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

/// Two equal givens in one house, found before any solving.
pub fn duplicate_givens(puzzle: &Grid) -> Option<Conflict> {
    let shape = puzzle.shape();
    let n = shape.n();
    let mut first_at: Vec<Option<(usize, usize)>> = vec![None; n + 1];
    for h in shape.houses() {
        first_at.fill(None);
        for (r, c) in shape.house_cells(h) {
            let v = puzzle.get(r, c);
            if v == 0 {
                continue;
            }
            if let Some((r0, c0)) = first_at[v as usize] {
                return Some(Conflict {
                    givens: vec![
                        Placement {
                            row: r0,
                            col: c0,
                            value: v,
                        },
                        Placement {
                            row: r,
                            col: c,
                            value: v,
                        },
                    ],
                    reason: Reason::SameHouse(h),
                });
            }
            first_at[v as usize] = Some((r, c));
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
    limits: Limits,
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
        ..limits
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
    backend.set_limits(limits);
    core.sort();
    Ok(Some(core))
}

/// Explains why `givens` (already known to be contradictory) conflict.
pub fn reason_for(puzzle: &Grid, givens: &[Placement]) -> Reason {
    let mut g = Grid::empty(puzzle.shape());
    for p in givens {
        g.set(p.row, p.col, p.value);
    }
    if let Some(c) = duplicate_givens(&g) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn duplicates_are_named_with_their_house() {
        let mut g = Grid::empty(Shape::for_side(9).unwrap());
        g.set(0, 2, 5);
        g.set(0, 6, 5);
        let c = duplicate_givens(&g).unwrap();
        assert_eq!(c.describe(None), "r1c3=5, r1c7=5 (same row)");
        let mut h = Grid::empty(Shape::for_side(9).unwrap());
        h.set(3, 4, 2);
        h.set(5, 3, 2);
        assert_eq!(
            duplicate_givens(&h).unwrap().reason,
            Reason::SameHouse(House::Box(4))
        );
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
