//! Ratings mean what they say: `easy` exactly when singles solve the puzzle, `medium`
//! exactly when the basic techniques (box–line, subsets) are needed and enough (both
//! checked against the solver's separate bitset deduction), `hard` when at most three
//! what-ifs are needed, `extreme` when more are, or search (checked against
//! failed-literal probing to its fixpoint).

use gridsat_sat::Budget;
use gridsat_sudoku::{
    ParseOptions, Rules,
    deduce::{Deduction, Logic, Presolve, basic_to_fixpoint, deduce, deduce_basic},
    model::{Geometry, Shape},
    parse_puzzles,
    reason::{Difficulty, HARD_WHAT_IFS, RateOptions, rate},
};

fn shared(rel: &str) -> Option<String> {
    let p = format!(
        "{}/../../../shared/data/sudoku/{rel}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&p);
    if text.is_err() {
        eprintln!("skipping: {p} is missing (../shared/data)");
    }
    text.ok()
}

#[test]
fn levels_follow_their_definitions_on_the_benchmark_sets() {
    let shape = Shape::for_side(9).unwrap();
    let geom = Geometry::new(shape);
    let mut logic = Logic::new(shape, &Rules::default(), &Budget::unlimited()).unwrap();
    let mut opts = RateOptions::default();
    opts.runs = 2;
    let mut seen = [0usize; 4];
    for (file, take) in [
        ("9x9/17clue-49158.txt", 150),
        ("9x9/top1465.txt", 150),
        ("9x9/hardest-1106.txt", 25),
    ] {
        let Some(text) = shared(file) else {
            return;
        };
        let popts = ParseOptions::default();
        for p in parse_puzzles(&text, &popts).take(take) {
            let g = p.unwrap().grid;
            let r = rate(&mut logic, &g, &opts, &Budget::unlimited()).unwrap();
            seen[r.level as usize] += 1;
            let singles = matches!(
                deduce(&geom, &g, Presolve::Singles, &Budget::unlimited()),
                Deduction::Solved(_)
            );
            assert_eq!(
                r.level == Difficulty::Easy,
                singles,
                "{file}: {}",
                g.to_line(None)
            );
            // The basic techniques (the bitset deduction, another implementation)
            // settle the medium puzzles and the easy ones, and only those.
            let basic = matches!(
                deduce_basic(&geom, &g, &Budget::unlimited()),
                Deduction::Solved(_)
            );
            assert_eq!(
                basic,
                r.level <= Difficulty::Medium,
                "{file}: {}",
                g.to_line(None)
            );
            // What-ifs (probing to its fixpoint, the basic techniques between) settle
            // every puzzle that does not need search.
            logic.load(&g, &[]).unwrap();
            loop {
                let failed = logic.probe_to_fixpoint(&Budget::unlimited()).unwrap();
                let more = basic_to_fixpoint(&mut logic, &Budget::unlimited()).unwrap();
                if logic.solved() || (failed.is_empty() && !more) {
                    break;
                }
            }
            assert_eq!(
                !logic.solved(),
                r.needs_search(),
                "{file}: {}",
                g.to_line(None)
            );
            assert_eq!(r.search.is_some(), r.level >= Difficulty::Hard);
            if let Some(e) = r.search {
                assert!(e.conflicts > 0.0 && e.decisions >= e.conflicts);
                let extreme = r.needs_search()
                    || r.failed_literals > HARD_WHAT_IFS
                    || e.conflicts > opts.extreme_above;
                assert_eq!(r.level == Difficulty::Extreme, extreme, "{file}: {r:?}");
            }
            assert_eq!(
                r.by_singles + r.by_basic + r.by_probing == r.empty,
                !r.needs_search()
            );
        }
    }
    // Each set brings its own levels: the easy and medium 17-clue puzzles, the medium
    // top1465 ones, the search-only hardest ones.
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
    assert!(seen[2] + seen[3] >= 25, "{seen:?}");
}

#[test]
fn the_wikipedia_puzzle_is_easy_and_easter_monster_needs_search() {
    let opts = ParseOptions::default();
    let wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let monster =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let mut logic = Logic::new(
        Shape::for_side(9).unwrap(),
        &Rules::default(),
        &Budget::unlimited(),
    )
    .unwrap();
    let g = parse_puzzles(wiki, &opts).next().unwrap().unwrap().grid;
    assert_eq!(
        rate(
            &mut logic,
            &g,
            &RateOptions::default(),
            &Budget::unlimited()
        )
        .unwrap()
        .level,
        Difficulty::Easy
    );
    let g = parse_puzzles(monster, &opts).next().unwrap().unwrap().grid;
    let r = rate(
        &mut logic,
        &g,
        &RateOptions::default(),
        &Budget::unlimited(),
    )
    .unwrap();
    assert!(r.level >= Difficulty::Hard, "{r:?}");
    assert_eq!(r.by_singles, 0, "not one single in Easter Monster");
}
