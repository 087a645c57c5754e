//! The clause families of the variant rules that are not houses: pair rules and cages.

use super::Rules;
use super::killer::encode_cage_sum;
use crate::encode::{CellVars, EncodeOptions};
use crate::shape::Shape;
use gridsat_sat::Formula;
use gridsat_sat::amo::at_most_one;

/// Adds the families of the pair rules (`anti-knight`, `anti-king`, `non-consecutive`)
/// and of the killer cages (`cage distinct`, `cage sum`) to `f`, over the cell
/// variables `vars`. House rules (diagonals, windows, regions) are added with the
/// rows, columns and boxes by [`crate::encode_rules_with`].
pub fn add_rule_families(
    f: &mut Formula,
    vars: &CellVars,
    shape: Shape,
    rules: &Rules,
    opts: &EncodeOptions,
) {
    let n = shape.n() as u16;
    let x = |r: usize, c: usize, v: u16| vars.var(r, c, v).expect("full encoding");
    for pr in rules.pair_rules() {
        let fam = f.family(pr.family());
        for (a, b) in Rules::pairs(shape, pr) {
            for v in 1..=n {
                if pr == super::houses::PairRule::Consecutive {
                    if v < n {
                        f.add_clause(fam, &[x(a.0, a.1, v).neg(), x(b.0, b.1, v + 1).neg()]);
                        f.add_clause(fam, &[x(a.0, a.1, v + 1).neg(), x(b.0, b.1, v).neg()]);
                    }
                } else {
                    f.add_clause(fam, &[x(a.0, a.1, v).neg(), x(b.0, b.1, v).neg()]);
                }
            }
        }
    }
    if rules.cages.is_empty() {
        return;
    }
    let distinct = f.family("cage distinct");
    for cage in &rules.cages {
        for v in 1..=n {
            let lits: Vec<_> = cage.cells.iter().map(|&(r, c)| x(r, c, v).pos()).collect();
            at_most_one(f, distinct, &lits, opts.amo);
        }
    }
    let sum = f.family("cage sum");
    for cage in &rules.cages {
        encode_cage_sum(f, sum, vars, shape, cage, opts.cages);
    }
}
