//! The rules a model of the student's formula may break, each as an indicator whose
//! conditions are literals of the student's variables, and the independent check of a
//! broken rule against the cells a model fills.

use super::mapping::VarMap;
use crate::model::family::ClauseFamily;
use crate::model::grid::Grid;
use crate::model::house::House;
use crate::model::shape::Shape;
use gridsat_sat::{Lit, Var};
use std::fmt;

/// One way a model fails to be a valid grid (rows, columns, symbols 1-based when shown).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Broken {
    /// A cell holds no symbol.
    CellEmpty {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        col: usize,
    },
    /// A cell holds two symbols.
    CellTwice {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        col: usize,
        /// The two symbols.
        symbols: (u16, u16),
    },
    /// A house holds a symbol in two cells.
    HouseTwice {
        /// The row, column or box.
        house: House,
        /// The symbol.
        symbol: u16,
        /// The two cells (0-based).
        cells: [(usize, usize); 2],
    },
    /// A house holds a symbol nowhere.
    HouseMissing {
        /// The row, column or box.
        house: House,
        /// The symbol.
        symbol: u16,
    },
    /// A given is not kept.
    GivenIgnored {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        col: usize,
        /// The given.
        given: u16,
    },
}

fn cell(r: usize, c: usize) -> String {
    format!("r{}c{}", r + 1, c + 1)
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Broken::CellEmpty { row, col } => write!(f, "{} holds no symbol", cell(row, col)),
            Broken::CellTwice { row, col, symbols } => {
                let (a, b) = symbols;
                write!(f, "{} holds both {a} and {b}", cell(row, col))
            }
            Broken::HouseTwice {
                house,
                symbol,
                cells: [a, b],
            } => write!(
                f,
                "{house} holds {symbol} twice ({} and {})",
                cell(a.0, a.1),
                cell(b.0, b.1)
            ),
            Broken::HouseMissing { house, symbol } => write!(f, "{house} holds no {symbol}"),
            Broken::GivenIgnored { row, col, given } => {
                write!(f, "{} does not keep its given {given}", cell(row, col))
            }
        }
    }
}

impl Broken {
    /// The reference clause family the broken rule belongs to.
    pub fn family(&self) -> ClauseFamily {
        match self {
            Broken::CellEmpty { .. } => ClauseFamily::CellAtLeastOne,
            Broken::CellTwice { .. } => ClauseFamily::CellAtMostOne,
            Broken::HouseTwice { house, .. } => ClauseFamily::at_most_one(house.kind()),
            Broken::HouseMissing { house, .. } => ClauseFamily::at_least_one(house.kind()),
            Broken::GivenIgnored { .. } => ClauseFamily::Given,
        }
    }

    /// The literals (of the student's variables) that together make this rule broken.
    pub fn conditions(&self, map: &VarMap, shape: Shape) -> Vec<Lit> {
        let lit = |r: usize, c: usize, d: u16, on: bool| Var::new(map.var(r, c, d)).lit(on);
        let n = map.n() as u16;
        match *self {
            Broken::CellEmpty { row, col } => (1..=n).map(|d| lit(row, col, d, false)).collect(),
            Broken::CellTwice { row, col, symbols } => {
                vec![
                    lit(row, col, symbols.0, true),
                    lit(row, col, symbols.1, true),
                ]
            }
            Broken::HouseTwice { symbol, cells, .. } => cells
                .iter()
                .map(|&(r, c)| lit(r, c, symbol, true))
                .collect(),
            Broken::HouseMissing { house, symbol } => shape
                .house_cells(house)
                .map(|(r, c)| lit(r, c, symbol, false))
                .collect(),
            Broken::GivenIgnored { row, col, given } => vec![lit(row, col, given, false)],
        }
    }

    /// Whether the rule is broken in `cells` (the symbols each cell holds, row by row),
    /// recomputed from the cells alone.
    pub fn holds_in(&self, cells: &[Vec<u16>], shape: Shape) -> bool {
        let n = shape.n();
        let at = |r: usize, c: usize| &cells[r * n + c];
        match *self {
            Broken::CellEmpty { row, col } => at(row, col).is_empty(),
            Broken::CellTwice { row, col, symbols } => {
                symbols.0 != symbols.1
                    && at(row, col).contains(&symbols.0)
                    && at(row, col).contains(&symbols.1)
            }
            Broken::HouseTwice {
                house,
                symbol,
                cells: [a, b],
            } => {
                let inside: Vec<_> = shape.house_cells(house).collect();
                a != b
                    && inside.contains(&a)
                    && inside.contains(&b)
                    && at(a.0, a.1).contains(&symbol)
                    && at(b.0, b.1).contains(&symbol)
            }
            Broken::HouseMissing { house, symbol } => shape
                .house_cells(house)
                .all(|(r, c)| !at(r, c).contains(&symbol)),
            Broken::GivenIgnored { row, col, given } => !at(row, col).contains(&given),
        }
    }
}

/// Every way a grid of `shape` can break the rules of `family` (`Given`: the givens
/// of `puzzle`).
pub fn candidates(family: ClauseFamily, shape: Shape, puzzle: Option<&Grid>) -> Vec<Broken> {
    let n = shape.n();
    let cells = || (0..n).flat_map(move |r| (0..n).map(move |c| (r, c)));
    let pairs = |k: u16| (1..=k).flat_map(move |a| (a + 1..=k).map(move |b| (a, b)));
    let houses = |kind| shape.houses().filter(move |h: &House| h.kind() == kind);
    let mut out = Vec::new();
    if let Some((kind, at_least)) = family.house() {
        for house in houses(kind) {
            let inside: Vec<_> = shape.house_cells(house).collect();
            for symbol in 1..=n as u16 {
                if at_least {
                    out.push(Broken::HouseMissing { house, symbol });
                    continue;
                }
                for (i, j) in pairs(n as u16) {
                    let cells = [inside[i as usize - 1], inside[j as usize - 1]];
                    out.push(Broken::HouseTwice {
                        house,
                        symbol,
                        cells,
                    });
                }
            }
        }
        return out;
    }
    match family {
        ClauseFamily::CellAtLeastOne => {
            out.extend(cells().map(|(row, col)| Broken::CellEmpty { row, col }));
        }
        ClauseFamily::CellAtMostOne => {
            for (row, col) in cells() {
                let each = pairs(n as u16).map(|symbols| Broken::CellTwice { row, col, symbols });
                out.extend(each);
            }
        }
        ClauseFamily::Given => {
            for p in puzzle.into_iter().flat_map(Grid::givens) {
                let (row, col, given) = (p.row, p.col, p.value);
                out.push(Broken::GivenIgnored { row, col, given });
            }
        }
        _ => {}
    }
    out
}

/// The families a classic grid must keep, in the order a counterexample is looked for:
/// cells first, then the houses' at-most-one, their at-least-one, and the givens.
pub const FAMILIES: [ClauseFamily; 9] = [
    ClauseFamily::CellAtLeastOne,
    ClauseFamily::CellAtMostOne,
    ClauseFamily::RowAtMostOne,
    ClauseFamily::ColumnAtMostOne,
    ClauseFamily::BoxAtMostOne,
    ClauseFamily::RowAtLeastOne,
    ClauseFamily::ColumnAtLeastOne,
    ClauseFamily::BoxAtLeastOne,
    ClauseFamily::Given,
];
