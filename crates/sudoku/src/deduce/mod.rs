//! Deduction without search: singles, box–line interactions, subsets and probing.
//!
//! Singles are exactly unit propagation on the extended encoding with pairwise
//! at-most-one: a placed value falsifies its cell's other values and its peers' copies
//! (the binary at-most-one clauses), a cell with one value left is a unit
//! "cell at least one" clause, and a value with one place left in a house is a unit
//! "house at least one" clause. Box–line interactions are unit propagation with
//! mini-line variables added; subsets are arc consistency on each house's
//! all-different; probing tries a value, propagates, and removes the value when that
//! leads to a contradiction. Every step is sound, so a grid filled by deduction alone
//! is the only solution.

mod alldiff;
mod board;
mod fill;
mod logic;
mod nine;
mod pattern;
mod search;
mod techniques;

pub use fill::{Fill, FillLimits, fill, fill_bytes};
pub use logic::{Logic, ProbeEnd};
pub use pattern::pattern_fill;
pub use search::{Order, SearchStats, search};
pub use techniques::basic_to_fixpoint;

use crate::model::candidates::Candidates;
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use alldiff::AllDiff;
use board::Board;
use gridsat_sat::{Budget, StopReason};

gridsat_sat::named_enum! {
    /// How much deduction to do before (or instead of) calling a SAT solver.
    pub enum Presolve ("presolve") default Probe {
        /// None: the solver gets the bare givens.
        Off = "off",
        /// Naked and hidden singles to a fixpoint.
        Singles = "singles",
        /// Singles, box–line interactions and subsets (from 16×16) to a fixpoint, then failed-literal probing on cells with at most 3 values left (grids up to 144×144).
        Probe = "probe",
    }
}

/// What deduction found.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Deduction {
    /// Every cell is decided: the only solution (still to be checked by the caller).
    Solved(Grid),
    /// Some cells are open; the candidates that are left.
    Open(Candidates),
    /// The givens contradict each other.
    Contradiction,
    /// The budget stopped deduction before its fixpoint.
    Stopped(StopReason),
}

/// Probing is tried on cells with at most this many values left.
pub const PROBE_WIDTH: u32 = 3;

/// Subsets (all-different arc consistency) are looked for from this side on. On 9×9
/// grids they cost more than they save: without them deduction alone settles a few
/// puzzles fewer (top1465: 1,321 instead of 1,414 of 1,465) but the solver finishes
/// those faster than the subsets step runs on all (side by side: 17-clue 8%, top1465
/// 3%, hardest-1106 2% faster). From 36×36 on they pay (81×81: 0.04 s with, 0.19 s
/// without), and `sudoku-225-1` needs them.
pub const SUBSETS_MIN_SIDE: usize = 16;

/// Probing is skipped above this side: each probe copies the board, which costs more
/// than it saves on larger grids (measured on the 225×225 and 400×400 instances).
pub const PROBE_MAX_SIDE: usize = 144;

/// Which steps a deduction runs after the singles.
#[derive(Clone, Copy)]
struct Steps {
    /// Box–line interactions.
    locked: bool,
    /// Subsets, from this side on.
    subsets_from: usize,
    /// Failed-literal probing (grids up to [`PROBE_MAX_SIDE`]).
    probe: bool,
}

/// Runs `level` deduction on `puzzle`. Probing is skipped for grids above
/// [`PROBE_MAX_SIDE`] (144×144), where one probe costs more than the solver would. The
/// budget is asked between houses and probes (what takes long on giant grids).
pub fn deduce(geom: &Geometry, puzzle: &Grid, level: Presolve, budget: &Budget) -> Deduction {
    if level != Presolve::Off && geom.n() == 9 && geom.shape().box_rows() == 3 {
        // The classic grid: the same steps on one bitboard per digit.
        return nine::deduce_nine(puzzle, level == Presolve::Probe, budget);
    }
    deduce_generic(geom, puzzle, level, budget)
}

/// [`deduce`] on the generic board, whatever the grid (the oracle of the 9×9 path).
fn deduce_generic(geom: &Geometry, puzzle: &Grid, level: Presolve, budget: &Budget) -> Deduction {
    if level == Presolve::Off {
        return Deduction::Open(Candidates::from_givens(puzzle));
    }
    let probe = level == Presolve::Probe;
    let steps = Steps {
        locked: probe,
        subsets_from: if probe { SUBSETS_MIN_SIDE } else { usize::MAX },
        probe,
    };
    dispatch(geom, puzzle, steps, budget)
}

/// The basic techniques a player uses after singles, on classic rules: singles,
/// box–line interactions and subsets (at every size) to a fixpoint, without probing.
/// The bitset counterpart of [`basic_to_fixpoint`] (which works for any rules).
pub fn deduce_basic(geom: &Geometry, puzzle: &Grid, budget: &Budget) -> Deduction {
    let steps = Steps {
        locked: true,
        subsets_from: 0,
        probe: false,
    };
    dispatch(geom, puzzle, steps, budget)
}

fn dispatch(geom: &Geometry, puzzle: &Grid, steps: Steps, budget: &Budget) -> Deduction {
    match geom.n().div_ceil(64) {
        1 => run::<1>(geom, puzzle, steps, budget),
        2 => run::<2>(geom, puzzle, steps, budget),
        3..=4 => run::<4>(geom, puzzle, steps, budget),
        5..=8 => run::<8>(geom, puzzle, steps, budget),
        _ => run::<16>(geom, puzzle, steps, budget),
    }
}

fn run<const W: usize>(geom: &Geometry, puzzle: &Grid, steps: Steps, budget: &Budget) -> Deduction {
    let mut b = Board::<W>::new(geom, budget);
    let ok = b.place_givens(puzzle).and_then(|_| b.propagate());
    let ok = ok.and_then(|_| {
        if steps.locked && b.unplaced > 0 {
            let mut ad = AllDiff::default();
            loop {
                while b.unplaced > 0 && b.locked()? {
                    b.propagate()?;
                }
                if b.unplaced == 0 || geom.n() < steps.subsets_from || !b.subsets(&mut ad)? {
                    break;
                }
                b.propagate()?;
            }
        }
        if steps.probe && b.unplaced > 0 && geom.n() <= PROBE_MAX_SIDE {
            b.probe(PROBE_WIDTH)?;
        }
        Ok(())
    });
    if ok.is_err() {
        return Deduction::Contradiction;
    }
    if let Some(r) = b.stopped {
        return Deduction::Stopped(r);
    }
    if b.unplaced == 0 {
        let g = Grid::from_values(geom.shape(), b.placed).expect("values in range");
        return Deduction::Solved(g);
    }
    Deduction::Open(b.into_candidates())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;

    fn grid(line: &str) -> Grid {
        let v = line
            .bytes()
            .map(|b| if b == b'.' { 0 } else { (b - b'0') as u16 })
            .collect();
        Grid::from_values(Shape::new(3, 3).unwrap(), v).unwrap()
    }

    #[test]
    fn an_easy_puzzle_falls_to_singles() {
        let p = grid(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let g = Geometry::new(p.shape());
        match deduce(&g, &p, Presolve::Singles, &Budget::unlimited()) {
            Deduction::Solved(s) => {
                assert_eq!(
                    crate::check::check_solution(&p, &s, &Rules::classic()),
                    Ok(())
                );
            }
            other => panic!("expected a solution, got {other:?}"),
        }
    }

    #[test]
    fn contradictions_are_found() {
        // r1c1 can hold nothing: 1-4 in its row, 5-8 in its column, 9 in its box.
        let rows = [
            "...1234..",
            ".9.......",
            ".........",
            "5........",
            "6........",
            "7........",
            "8........",
            ".........",
            ".........",
        ];
        let p = grid(&rows.concat());
        let g = Geometry::new(p.shape());
        assert!(matches!(
            deduce(&g, &p, Presolve::Singles, &Budget::unlimited()),
            Deduction::Contradiction
        ));
        assert!(matches!(
            deduce(&g, &p, Presolve::Off, &Budget::unlimited()),
            Deduction::Open(_)
        ));
    }

    #[test]
    fn hard_puzzles_stay_open_but_keep_the_solution() {
        // AI Escargot: singles alone get stuck; the true value is never removed.
        let p = grid(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let sol =
            "162857493534129678789643521475312986913586742628794135356478219241935867897261354";
        let g = Geometry::new(p.shape());
        for level in [Presolve::Singles, Presolve::Probe] {
            match deduce(&g, &p, level, &Budget::unlimited()) {
                Deduction::Open(c) => {
                    for (i, b) in sol.bytes().enumerate() {
                        assert!(
                            c.allows(i, (b - b'0') as u16),
                            "{level}: lost r{}c{}",
                            i / 9 + 1,
                            i % 9 + 1
                        );
                    }
                }
                Deduction::Solved(s) => assert_eq!(s.to_line(None).replace(' ', ""), sol),
                other => panic!("{level}: {other:?}"),
            }
        }
    }
}
