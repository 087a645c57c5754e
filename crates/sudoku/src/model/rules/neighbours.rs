//! Rules between neighbouring cells: anti-knight, anti-king (same value forbidden a
//! knight's or a king's diagonal step apart) and non-consecutive (orthogonal neighbours
//! never hold consecutive values).

use super::Cell;
use super::rule::{ClauseSink, VariantRule};
use crate::model::family::ClauseFamily;
use crate::model::fault::Fault;
use crate::model::grid::Grid;
use crate::model::shape::Shape;

/// What two neighbouring cells may not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Relation {
    /// The same value.
    Equal,
    /// Values that differ by one.
    Consecutive,
}

/// A rule between the cells one offset apart.
#[derive(Debug)]
pub struct Neighbours {
    name: &'static str,
    family: &'static [ClauseFamily; 1],
    /// Offsets to the later cell of each pair (so that each pair is listed once).
    forward: &'static [(isize, isize)],
    relation: Relation,
    excludes: &'static str,
    /// Every offset, both ways: what the checker walks, on its own.
    check_offsets: &'static [(isize, isize)],
}

/// Anti-knight: no two cells a knight's move apart hold the same symbol.
pub const ANTI_KNIGHT: Neighbours = Neighbours {
    name: "anti-knight",
    family: &[ClauseFamily::AntiKnight],
    forward: &[(1, -2), (1, 2), (2, -1), (2, 1)],
    relation: Relation::Equal,
    excludes: "a knight's move away",
    check_offsets: &[
        (-2, -1),
        (-2, 1),
        (-1, -2),
        (-1, 2),
        (1, -2),
        (1, 2),
        (2, -1),
        (2, 1),
    ],
};

/// Anti-king: no two diagonally touching cells hold the same symbol.
pub const ANTI_KING: Neighbours = Neighbours {
    name: "anti-king",
    family: &[ClauseFamily::AntiKing],
    forward: &[(1, -1), (1, 1)],
    relation: Relation::Equal,
    excludes: "diagonally next to it",
    check_offsets: &[
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ],
};

/// Non-consecutive: orthogonal neighbours never hold consecutive values.
pub const NON_CONSECUTIVE: Neighbours = Neighbours {
    name: "non-consecutive",
    family: &[ClauseFamily::NonConsecutive],
    forward: &[(0, 1), (1, 0)],
    relation: Relation::Consecutive,
    excludes: "next to a consecutive value",
    check_offsets: &[(-1, 0), (1, 0), (0, -1), (0, 1)],
};

impl VariantRule for Neighbours {
    fn name(&self) -> &'static str {
        self.name
    }

    fn pairs(&self, shape: Shape) -> Vec<(Cell, Cell)> {
        let n = shape.n() as isize;
        let mut v = Vec::new();
        for r in 0..n {
            for c in 0..n {
                for &(dr, dc) in self.forward {
                    let (r2, c2) = (r + dr, c + dc);
                    if (0..n).contains(&r2) && (0..n).contains(&c2) {
                        v.push(((r as usize, c as usize), (r2 as usize, c2 as usize)));
                    }
                }
            }
        }
        v
    }

    fn forbids(&self, a: u16, b: u16) -> bool {
        match self.relation {
            Relation::Equal => a == b,
            Relation::Consecutive => a.abs_diff(b) == 1,
        }
    }

    fn families(&self) -> &'static [ClauseFamily] {
        self.family
    }

    /// For every pair and value: not both cells hold it (equal), or not one v and the
    /// other v + 1, either way round (consecutive).
    fn clauses(&self, shape: Shape, out: &mut dyn ClauseSink) {
        let n = out.n() as u16;
        let fam = out.family(self.family[0]);
        for (a, b) in self.pairs(shape) {
            for v in 1..=n {
                let x = |cell: Cell, w: u16| !out.lit(cell.0, cell.1, w);
                match self.relation {
                    Relation::Consecutive if v < n => {
                        let (p, q) = ([x(a, v), x(b, v + 1)], [x(a, v + 1), x(b, v)]);
                        out.add(fam, &p);
                        out.add(fam, &q);
                    }
                    Relation::Consecutive => {}
                    Relation::Equal => {
                        let p = [x(a, v), x(b, v)];
                        out.add(fam, &p);
                    }
                }
            }
        }
    }

    /// Walks every cell and every offset both ways, comparing the two values.
    fn check(&self, solution: &Grid) -> Result<(), Fault> {
        let n = solution.n() as isize;
        let consecutive = self.relation == Relation::Consecutive;
        for r in 0..n {
            for c in 0..n {
                for &(dr, dc) in self.check_offsets {
                    let (r2, c2) = (r + dr, c + dc);
                    if r2 < 0 || c2 < 0 || r2 >= n || c2 >= n {
                        continue;
                    }
                    let (a, b) = (
                        solution.get(r as usize, c as usize),
                        solution.get(r2 as usize, c2 as usize),
                    );
                    let broken = if consecutive {
                        a + 1 == b || b + 1 == a
                    } else {
                        a == b
                    };
                    if broken {
                        return Err(Fault::Neighbours {
                            rule: self.name,
                            a: (r as usize, c as usize, a),
                            b: (r2 as usize, c2 as usize, b),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    fn excludes(&self) -> &'static str {
        self.excludes
    }
}
