//! The kinds of clause family in a Sudoku formula. Each kind's name is the family's
//! human name, as DIMACS comments show it; code that reads a formula back (hints,
//! explanations, conflicts) matches the kind, never the name.

use super::house::HouseKind;

gridsat_sat::named_enum! {
    /// The kind of a clause family of a Sudoku formula (its name is the family's name).
    pub enum ClauseFamily ("clause family") {
        /// Every cell holds a symbol.
        CellAtLeastOne = "cell at least one",
        /// No cell holds two symbols.
        CellAtMostOne = "cell at most one",
        /// No symbol twice in a row.
        RowAtMostOne = "row at most one",
        /// No symbol twice in a column.
        ColumnAtMostOne = "column at most one",
        /// No symbol twice in a box.
        BoxAtMostOne = "box at most one",
        /// No symbol twice in a jigsaw region.
        RegionAtMostOne = "region at most one",
        /// No symbol twice on a diagonal.
        DiagonalAtMostOne = "diagonal at most one",
        /// No symbol twice in a windoku window.
        WindowAtMostOne = "window at most one",
        /// Every symbol somewhere in each row.
        RowAtLeastOne = "row at least one",
        /// Every symbol somewhere in each column.
        ColumnAtLeastOne = "column at least one",
        /// Every symbol somewhere in each box.
        BoxAtLeastOne = "box at least one",
        /// Every symbol somewhere in each jigsaw region.
        RegionAtLeastOne = "region at least one",
        /// Every symbol somewhere on each diagonal.
        DiagonalAtLeastOne = "diagonal at least one",
        /// Every symbol somewhere in each window.
        WindowAtLeastOne = "window at least one",
        /// No symbol twice a knight's move apart.
        AntiKnight = "anti-knight",
        /// No symbol twice on diagonally touching cells.
        AntiKing = "anti-king",
        /// No consecutive values on orthogonal neighbours.
        NonConsecutive = "non-consecutive",
        /// No value twice in a killer cage.
        CageDistinct = "cage distinct",
        /// A killer cage's values make its sum.
        CageSum = "cage sum",
        /// The givens, as unit clauses.
        Given = "given",
    }
}

gridsat_sat::family_kind!(ClauseFamily);

const AT_MOST_ONE: [ClauseFamily; 6] = [
    ClauseFamily::RowAtMostOne,
    ClauseFamily::ColumnAtMostOne,
    ClauseFamily::BoxAtMostOne,
    ClauseFamily::RegionAtMostOne,
    ClauseFamily::DiagonalAtMostOne,
    ClauseFamily::WindowAtMostOne,
];

const AT_LEAST_ONE: [ClauseFamily; 6] = [
    ClauseFamily::RowAtLeastOne,
    ClauseFamily::ColumnAtLeastOne,
    ClauseFamily::BoxAtLeastOne,
    ClauseFamily::RegionAtLeastOne,
    ClauseFamily::DiagonalAtLeastOne,
    ClauseFamily::WindowAtLeastOne,
];

impl ClauseFamily {
    /// "No symbol twice" for houses of this kind.
    pub fn at_most_one(house: HouseKind) -> ClauseFamily {
        AT_MOST_ONE[house as usize]
    }

    /// "Every symbol somewhere" for houses of this kind.
    pub fn at_least_one(house: HouseKind) -> ClauseFamily {
        AT_LEAST_ONE[house as usize]
    }

    /// For a house family: the house kind, and true for at-least-one (false for
    /// at-most-one).
    pub fn house(self) -> Option<(HouseKind, bool)> {
        let at = |list: &[ClauseFamily; 6]| list.iter().position(|&k| k == self);
        if let Some(i) = at(&AT_MOST_ONE) {
            return Some((HouseKind::ALL[i], false));
        }
        at(&AT_LEAST_ONE).map(|i| (HouseKind::ALL[i], true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_families_map_both_ways() {
        for &h in HouseKind::ALL {
            let (amo, alo) = (ClauseFamily::at_most_one(h), ClauseFamily::at_least_one(h));
            assert_eq!(amo.name(), format!("{h} at most one"));
            assert_eq!(alo.name(), format!("{h} at least one"));
            assert_eq!(amo.house(), Some((h, false)));
            assert_eq!(alo.house(), Some((h, true)));
        }
        assert_eq!(ClauseFamily::CageSum.house(), None);
    }
}
