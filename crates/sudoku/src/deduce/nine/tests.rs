//! The 9×9 bitboard path against the generic board (the oracle): the same verdict,
//! the same placements and the same candidates left, on hard puzzles, on random
//! subsets of a solution's cells and on random (often contradictory) givens.

use super::super::{Deduction, Presolve, deduce_generic};
use super::deduce_nine;
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use crate::model::shape::Shape;
use gridsat_sat::Budget;
use proptest::prelude::*;

/// What a deduction came to, in a form two deductions can be compared in.
#[derive(Debug, PartialEq, Eq)]
enum Seen {
    Solved(Vec<u16>),
    /// The placements and, per cell, the values left.
    Open(Vec<u16>, Vec<Vec<u16>>),
    Contradiction,
}

fn seen(d: Deduction) -> Seen {
    match d {
        Deduction::Solved(g) => Seen::Solved(g.values().to_vec()),
        Deduction::Open(c) => {
            let placed = (0..81).map(|i| c.placed(i)).collect();
            let left = (0..81).map(|i| c.values(i).collect()).collect();
            Seen::Open(placed, left)
        }
        Deduction::Contradiction => Seen::Contradiction,
        Deduction::Stopped(r) => panic!("stopped without a budget: {r:?}"),
    }
}

fn grid(values: Vec<u16>) -> Grid {
    Grid::from_values(Shape::new(3, 3).unwrap(), values).unwrap()
}

fn line(s: &str) -> Grid {
    grid(
        s.bytes()
            .map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') })
            .collect(),
    )
}

/// Both paths at both levels on `p`; returns the probing verdict.
fn agree(p: &Grid) -> Seen {
    let geom = Geometry::new(p.shape());
    let budget = Budget::unlimited();
    let mut out = None;
    for level in [Presolve::Singles, Presolve::Probe] {
        let fast = seen(deduce_nine(p, level == Presolve::Probe, &budget));
        let slow = seen(deduce_generic(&geom, p, level, &budget));
        assert_eq!(fast, slow, "{level} on {}", p.to_line(None));
        out = Some(fast);
    }
    out.expect("two levels")
}

const SOLUTION: &str =
    "162857493534129678789643521475312986913586742628794135356478219241935867897261354";

#[test]
fn hard_puzzles_agree() {
    let puzzles = [
        // AI Escargot, Easter Monster, hardest-1106 #1, top1465 #1, a 17-clue.
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "...1.2....6.....7...8...9..4.......3.5...7...2...8...1..9...8.5.7.....6....3.4...",
    ];
    for p in puzzles {
        assert_ne!(agree(&line(p)), Seen::Contradiction, "{p}");
    }
    assert_eq!(
        agree(&line(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        )),
        Seen::Solved(
            line(
                "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            )
            .values()
            .to_vec()
        )
    );
}

#[test]
fn contradictions_agree() {
    // The same digit twice in a row; a cell with no digit left.
    assert_eq!(
        agree(&line(&format!("11{}", ".".repeat(79)))),
        Seen::Contradiction
    );
    let rows = [
        "...1234..",
        ".9.......",
        "5........",
        "6........",
        "7........",
        "8........",
    ];
    let p = line(&format!("{}{}", rows.concat(), ".".repeat(27)));
    assert_eq!(agree(&p), Seen::Contradiction);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Givens taken from a solution: never a contradiction, and a solved grid is it.
    #[test]
    fn subsets_of_a_solution_agree(keep in proptest::collection::vec(any::<bool>(), 81),
                                   thin in 0u8..4) {
        let sol = line(SOLUTION);
        let values = sol.values().iter().zip(&keep).enumerate()
            .map(|(i, (&v, &k))| if k && (i as u8 % 4) >= thin { v } else { 0 })
            .collect();
        match agree(&grid(values)) {
            Seen::Contradiction => prop_assert!(false, "givens of a solution contradict"),
            Seen::Solved(v) => prop_assert_eq!(v, sol.values().to_vec()),
            Seen::Open(_, left) => {
                for (i, vals) in left.iter().enumerate() {
                    prop_assert!(vals.contains(&sol.values()[i]), "lost the solution at {}", i);
                }
            }
        }
    }

    /// Random givens, mostly contradictory or with many solutions.
    #[test]
    fn random_givens_agree(cells in proptest::collection::vec((0usize..81, 1u16..=9), 0..30)) {
        let mut values = vec![0u16; 81];
        for (i, v) in cells {
            values[i] = v;
        }
        agree(&grid(values));
    }
}
