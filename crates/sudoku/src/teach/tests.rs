//! Broken encodings generated from gridsat's own (family deletions), index slips of a
//! course-style encoder written here, correct encodings with auxiliary variables, and
//! every counterexample checked again by the independent checker.

use super::*;
use crate::check::check_solution;
use crate::encode::{EncodeOptions, Encoding, GivenMode, encode};
use gridsat_sat::Lit;

/// gridsat's `encoding` of an n×n grid in the numbering of `map` (auxiliary variables
/// after the mapping's), with each clause's family.
fn ours(
    map: &VarMap,
    encoding: Encoding,
    amo: AmoEncoding,
    puzzle: Option<&Grid>,
) -> Vec<(ClauseFamily, Vec<i64>)> {
    let shape = Shape::for_side(map.n()).unwrap();
    let opts = EncodeOptions {
        encoding,
        amo,
        givens: GivenMode::Units,
        ..Default::default()
    };
    let empty = Grid::empty(shape);
    let enc = encode(puzzle.unwrap_or(&empty), &Rules::classic(), &opts).unwrap();
    let n = map.n();
    let mut to: Vec<i64> = (0..=enc.formula.num_vars())
        .map(|v| i64::from(map.max_var() + v))
        .collect();
    for r in 0..n {
        for c in 0..n {
            for d in 1..=n as u16 {
                let v = enc.vars.var(r, c, d).unwrap();
                to[v.get() as usize] = i64::from(map.var(r, c, d));
            }
        }
    }
    let tr = |l: &Lit| to[l.var().get() as usize] * if l.is_pos() { 1 } else { -1 };
    enc.formula
        .clauses()
        .map(|(id, c)| {
            let kind = enc.formula.family_info(id).kind::<ClauseFamily>().unwrap();
            (kind, c.iter().map(tr).collect())
        })
        .collect()
}

fn assess(clauses: &[Vec<i64>], map: &VarMap, puzzle: Option<&Grid>) -> Assessment {
    let student = Student::from_lists(clauses).unwrap();
    let opts = TeachOptions {
        samples: 20,
        ..Default::default()
    };
    let a = check_encoding(&student, map, puzzle, &opts, &Budget::unlimited()).unwrap();
    recheck(&a, &student, map, puzzle);
    a
}

/// Every counterexample again, from scratch: a model's cells are no valid grid; a
/// forbidden grid is valid and falsifies the clauses listed.
fn recheck(a: &Assessment, student: &Student, map: &VarMap, puzzle: Option<&Grid>) {
    let shape = Shape::for_side(map.n()).unwrap();
    let empty = Grid::empty(shape);
    let puzzle = puzzle.unwrap_or(&empty);
    for f in &a.families {
        if let Outcome3::Broken(ce) = &f.outcome {
            assert_eq!(ce.broken.family(), f.family);
            if ce.cells.iter().all(|c| c.len() == 1) {
                let g = Grid::from_values(shape, ce.cells.iter().map(|c| c[0]).collect()).unwrap();
                assert!(check_solution(puzzle, &g, &Rules::classic()).is_err());
            }
        }
    }
    if let Completeness::Forbidden(fb) = &a.completeness {
        assert!(check_solution(puzzle, &fb.grid, &Rules::classic()).is_ok());
        for &i in &fb.falsified {
            for l in &student.clauses()[i] {
                let (r, c, d) = map.cell_of(l.var().get()).unwrap();
                assert_eq!((fb.grid.get(r, c) == d), !l.is_pos());
            }
        }
    }
}

fn broken(a: &Assessment) -> Vec<ClauseFamily> {
    a.families
        .iter()
        .filter(|f| matches!(f.outcome, Outcome3::Broken(_)))
        .map(|f| f.family)
        .collect()
}

fn maps() -> Vec<VarMap> {
    vec![
        VarMap::from_expression("16*r+4*c+d+1", 4, 0).unwrap(),
        VarMap::from_expression("100*r+10*c+d", 9, 1).unwrap(),
    ]
}

#[test]
fn gridsat_encodings_pass_with_every_amo_encoding() {
    for map in maps() {
        for &amo in AmoEncoding::ALL {
            for enc in [Encoding::Minimal, Encoding::Extended] {
                let clauses: Vec<_> = ours(&map, enc, amo, None)
                    .into_iter()
                    .map(|c| c.1)
                    .collect();
                let a = assess(&clauses, &map, None);
                assert!(!a.found_problem(), "{enc} {amo}: {:?}", broken(&a));
                let aux = a.sizes.auxiliary > 0;
                if matches!(amo, AmoEncoding::Pairwise | AmoEncoding::Sequential) {
                    assert_eq!(aux, amo == AmoEncoding::Sequential, "{amo}");
                }
                let want = if aux {
                    Completeness::Sampled { grids: 20 }
                } else {
                    Completeness::Proved
                };
                assert_eq!(a.completeness, want, "{enc} {amo}");
            }
        }
    }
}

/// Deleting one family of the minimal encoding (cell at-least-one and house
/// at-most-one) always breaks it, and the first family reported is the one deleted.
/// The efficient encoding adds cell at-most-one, which the minimal one implies; the
/// extended one adds house at-least-one, after which every family is implied by the
/// others: those deletions must pass.
#[test]
fn every_family_deletion_is_caught_or_rightly_passed() {
    for map in maps() {
        for enc in [Encoding::Minimal, Encoding::Efficient, Encoding::Extended] {
            let all = ours(&map, enc, AmoEncoding::Pairwise, None);
            let mut kinds: Vec<ClauseFamily> = all.iter().map(|c| c.0).collect();
            kinds.dedup();
            for gone in kinds {
                let kept: Vec<_> = all
                    .iter()
                    .filter(|c| c.0 != gone)
                    .map(|c| c.1.clone())
                    .collect();
                let a = assess(&kept, &map, None);
                let must_break = match enc {
                    Encoding::Minimal => true,
                    Encoding::Efficient => gone != ClauseFamily::CellAtMostOne,
                    _ => false,
                };
                let found = broken(&a);
                if must_break {
                    assert_eq!(
                        found.first(),
                        Some(&gone),
                        "{enc} without {gone}: {found:?}"
                    );
                } else {
                    assert!(found.is_empty(), "{enc} without {gone}: {found:?}");
                }
                assert_eq!(a.completeness, Completeness::Proved, "{enc} without {gone}");
            }
        }
    }
}

fn puzzle_4x4() -> Grid {
    let v = "1.3..4.2.1..4..."
        .bytes()
        .map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') })
        .collect();
    Grid::from_values(Shape::for_side(4).unwrap(), v).unwrap()
}

#[test]
fn givens_ignored_or_wrong_are_caught() {
    let map = &maps()[0];
    let p = puzzle_4x4();
    let all = ours(map, Encoding::Extended, AmoEncoding::Pairwise, Some(&p));
    let a = assess(
        &all.iter().map(|c| c.1.clone()).collect::<Vec<_>>(),
        map,
        Some(&p),
    );
    assert!(!a.found_problem(), "{:?}", broken(&a));
    // Without the givens, a model changes one.
    let kept: Vec<_> = all
        .iter()
        .filter(|c| c.0 != ClauseFamily::Given)
        .map(|c| c.1.clone())
        .collect();
    let a = assess(&kept, map, Some(&p));
    assert_eq!(broken(&a), vec![ClauseFamily::Given]);
    // A wrong given: the puzzle's true solution is forbidden, and the clause named.
    let mut wrong = kept.clone();
    wrong.push(vec![i64::from(map.var(0, 1, 4))]);
    let a = assess(&wrong, map, Some(&p));
    let Completeness::Forbidden(fb) = &a.completeness else {
        panic!("{:?}", a.completeness)
    };
    assert_eq!(fb.falsified, vec![wrong.len() - 1]);
    assert_eq!(fb.grid.to_line(None).replace(" ", ""), "1234341221434321");
}

/// A course-style encoder (var = 100·r + 10·c + d, 1-based), with one slip at a time.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Slip {
    None,
    /// Boxes start one column off (3·(b%3)+1 instead of 3·(b%3)).
    BoxOffset,
    /// Rows and columns counted from 0 in the variable numbers.
    ZeroBased,
    /// The column constraints written with r and c swapped (a second copy of rows).
    SwappedColumns,
}

fn course(slip: Slip) -> Vec<Vec<i64>> {
    let shift = i64::from(slip == Slip::ZeroBased);
    let var = |r: i64, c: i64, d: i64| 100 * (r - shift) + 10 * (c - shift) + d;
    let mut out = Vec::new();
    for r in 1..=9 {
        for c in 1..=9 {
            out.push((1..=9).map(|d| var(r, c, d)).collect());
        }
    }
    let house = |cells: Vec<(i64, i64)>, out: &mut Vec<Vec<i64>>| {
        for d in 1..=9 {
            for i in 0..cells.len() {
                for j in i + 1..cells.len() {
                    let (a, b) = (cells[i], cells[j]);
                    out.push(vec![-var(a.0, a.1, d), -var(b.0, b.1, d)]);
                }
            }
        }
    };
    // (Forgetting one row's constraints is no slip: the columns imply them by counting,
    // and the query is a pigeonhole formula the report leaves undecided.)
    for r in 1..=9 {
        house((1..=9).map(|c| (r, c)).collect(), &mut out);
    }
    for c in 1..=9 {
        let cells = (1..=9).map(|r| {
            if slip == Slip::SwappedColumns {
                (c, r)
            } else {
                (r, c)
            }
        });
        house(cells.collect(), &mut out);
    }
    for b in 0..9 {
        let off = i64::from(slip == Slip::BoxOffset);
        let cells = (0..9).map(|k| (3 * (b / 3) + k / 3 + 1, (3 * (b % 3) + k % 3 + off) % 9 + 1));
        house(cells.collect(), &mut out);
    }
    out
}

#[test]
fn index_slips_are_caught() {
    let map = &maps()[1];
    assert!(!assess(&course(Slip::None), map, None).found_problem());
    let expect = [
        (Slip::BoxOffset, ClauseFamily::BoxAtMostOne),
        (Slip::ZeroBased, ClauseFamily::CellAtLeastOne),
        (Slip::SwappedColumns, ClauseFamily::ColumnAtMostOne),
    ];
    for (slip, family) in expect {
        let a = assess(&course(slip), map, None);
        assert_eq!(broken(&a).first(), Some(&family), "{slip:?}");
        let named = a.families.iter().find(|f| f.family == family).unwrap();
        assert!(matches!(&named.outcome, Outcome3::Broken(ce) if ce.broken.family() == family));
    }
}

#[test]
fn redundant_clauses_pass_and_are_listed() {
    let map = &maps()[1];
    let mut clauses = course(Slip::None);
    let copy = clauses[100].clone();
    clauses.push(copy);
    let a = assess(&clauses, map, None);
    assert!(!a.found_problem());
    let r = a.redundancy.unwrap();
    assert!(r.implied.contains(&100) && r.implied.contains(&(clauses.len() - 1)));
    assert_eq!(r.examined, clauses.len());
    // Without the copy, the clause is not implied by unit propagation.
    let b = assess(&course(Slip::None), map, None).redundancy.unwrap();
    assert!(!b.implied.contains(&100));
}

#[test]
fn an_auxiliary_encoding_that_forbids_a_grid_is_caught() {
    // Sequential counters, plus one aux clause that forces the grid's r1c1 to 1.
    let map = &maps()[0];
    let mut clauses: Vec<_> = ours(map, Encoding::Minimal, AmoEncoding::Sequential, None)
        .into_iter()
        .map(|c| c.1)
        .collect();
    let aux = i64::from(map.max_var()) + 10_000;
    clauses.push(vec![aux]);
    clauses.push(vec![-aux, i64::from(map.var(0, 0, 1))]);
    let a = assess(&clauses, map, None);
    let Completeness::Forbidden(fb) = &a.completeness else {
        panic!("{:?}", a.completeness)
    };
    assert_ne!(fb.grid.get(0, 0), 1);
    assert!(fb.falsified.is_empty());
    assert!(
        fb.core.iter().any(|&(r, c, _)| (r, c) == (0, 0)),
        "{:?}",
        fb.core
    );
}

#[test]
fn the_text_names_the_rule_and_draws_the_cells() {
    let map = &maps()[1];
    let a = assess(&course(Slip::BoxOffset), map, None);
    let student = Student::from_lists(&course(Slip::BoxOffset)).unwrap();
    let text = text(&a, &student, map);
    assert!(text.contains("sound: no"), "{text}");
    // Shifted boxes break several true boxes; the solver may name any of them.
    assert!(
        text.contains("box at most one: BROKEN: box ") && text.contains(" twice (r"),
        "{text}"
    );
    let j = json(&a, &student, map);
    assert_eq!(j["problem"], true);
    assert_eq!(j["families"][4]["verdict"], "broken");
}
