//! The check both explanation-walk tests make: every step of a walk keeps `solution`
//! (placements put its value, eliminations never remove it, a technique step neither).

use gridsat_sudoku::{
    Grid,
    reason::{Hint, Step, Walk},
};

/// Panics on the first step of `w` that contradicts `solution`.
pub fn assert_keeps(w: &Walk, solution: &Grid) {
    let n = solution.n();
    for s in &w.steps {
        match s {
            Step::Hint(Hint::Place(p)) => assert_eq!(p.value, solution.get(p.row, p.col)),
            Step::Hint(Hint::Eliminate(e)) => assert_ne!(e.value, solution.get(e.row, e.col)),
            Step::Guess(p) => assert_eq!(p.value, solution.get(p.row, p.col)),
            Step::Technique(t) => {
                for &(c, v) in &t.placements {
                    assert_eq!(
                        v,
                        solution.get(c / n, c % n),
                        "{} placed a wrong value",
                        t.technique
                    );
                }
                for &(c, v) in &t.eliminations {
                    assert_ne!(
                        v,
                        solution.get(c / n, c % n),
                        "{} removed the solution",
                        t.technique
                    );
                }
            }
            other => panic!("{other:?}"),
        }
    }
}
