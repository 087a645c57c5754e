//! Puzzles made to a rating (`generate --se`, `--technique`, `--level`): each made puzzle has one
//! solution by the independent brute-force count of `tests/brute`, and its technique
//! path, computed again here, has ER in the range asked / uses the technique asked. A
//! wish no attempt meets ends in a clear "gave up after N tries".

mod brute;

use gridsat_sat::Budget;
use gridsat_sudoku::{
    Rules,
    generate::{GaveUp, GenerateError, GenerateOptions, Generator, SeRange},
    model::Shape,
    reason::{HodokuLevel, Technique, hodoku_technique_path, unique_technique_path},
};

fn options() -> GenerateOptions {
    let mut o = GenerateOptions::new(Shape::new(3, 3).unwrap());
    o.max_attempts = 60;
    o
}

fn unique(g: &gridsat_sudoku::Grid) -> bool {
    brute::Spec::new(g, &Rules::classic())
        .count(g.values(), 2)
        .0
        == 1
}

#[test]
fn puzzles_asked_for_an_se_range_are_unique_and_rate_inside_it() {
    let mut o = options();
    let range: SeRange = "2.0-3.4".parse().unwrap();
    o.se = Some(range);
    let mut maker = Generator::new(o).unwrap();
    for k in 0..2 {
        let g = maker.generate(7, k).unwrap();
        assert!(unique(&g.puzzle), "not unique: {}", g.puzzle.to_line(None));
        let path = unique_technique_path(&g.puzzle, &Rules::classic(), &Budget::unlimited());
        let r = path.rating();
        assert!(
            r.complete && range.contains(r.er),
            "ER {} outside {range}",
            r.er
        );
        assert_eq!(g.rating.techniques.as_ref().map(|p| p.rating()), Some(r));
    }
}

#[test]
fn puzzles_asked_for_a_technique_use_it() {
    let mut o = options();
    o.technique = Some(Technique::Pointing);
    let g = Generator::new(o).unwrap().generate(3, 0).unwrap();
    assert!(unique(&g.puzzle));
    let path = unique_technique_path(&g.puzzle, &Rules::classic(), &Budget::unlimited());
    assert!(
        path.steps
            .iter()
            .any(|s| s.technique == Technique::Pointing)
    );
}

#[test]
fn puzzles_asked_for_a_hodoku_level_have_it() {
    for level in [HodokuLevel::Medium, HodokuLevel::Hard] {
        let mut o = options();
        o.level = Some(level);
        let g = Generator::new(o).unwrap().generate(11, 0).unwrap();
        assert!(unique(&g.puzzle), "not unique: {}", g.puzzle.to_line(None));
        let path = hodoku_technique_path(&g.puzzle, &Rules::classic(), &Budget::unlimited());
        let r = path.hodoku_rating();
        assert_eq!(r.level, level, "{}", g.puzzle.to_line(None));
        assert_eq!(g.rating.hodoku.as_ref().map(|p| p.hodoku_rating()), Some(r));
    }
}

#[test]
fn an_unmet_wish_gives_up_after_its_tries() {
    let mut o = options();
    o.max_attempts = 3;
    o.se = Some("11.0-12.0".parse().unwrap());
    match Generator::new(o).unwrap().generate(1, 0) {
        Err(GenerateError::GaveUp(e @ GaveUp::Rating { attempts: 3, .. })) => {
            let text = e.to_string();
            assert!(
                text.starts_with("gave up after 3 tries: no puzzle rated SE 11.0-12.0"),
                "{text}"
            );
        }
        other => panic!("expected a give-up, got {other:?}"),
    }
}
