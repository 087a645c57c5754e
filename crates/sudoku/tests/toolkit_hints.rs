//! Hints are sound: applied one after another they reach the known solution, never
//! place a wrong value, never rule out the right one; pencil marks always keep it.

mod walk_check;

use gridsat_sat::Budget;
use gridsat_sudoku::{
    Grid, ParseOptions, Rules,
    deduce::Logic,
    generate::{GenerateOptions, Generator},
    model::{Placement, Shape},
    parse_puzzles,
    reason::{End, Hint, TechniqueBoard, next_hint, walk},
};
use proptest::prelude::*;

/// Applies hints to `puzzle` until it is solved, checking each against `solution`.
/// Where no hint exists, the most constrained cell takes its value from the solution.
/// Returns the number of (placements, eliminations, reveals).
fn apply_hints(logic: &mut Logic, puzzle: &Grid, solution: &Grid) -> (usize, usize, usize) {
    let n = puzzle.n();
    let mut grid = puzzle.clone();
    let mut out: Vec<Placement> = Vec::new();
    let mut counts = (0, 0, 0);
    for _ in 0..n * n * n + 1 {
        // The pencil marks never lose the solution's value.
        logic.load(&grid, &out).expect("a consistent grid");
        for r in 0..n {
            for c in 0..n {
                assert!(
                    logic.candidates(r, c).contains(&solution.get(r, c)),
                    "r{}c{} lost its value {}",
                    r + 1,
                    c + 1,
                    solution.get(r, c)
                );
            }
        }
        match next_hint(logic, &grid, &out, None, &Budget::unlimited()) {
            Hint::Solved => {
                assert_eq!(&grid, solution);
                return counts;
            }
            Hint::Place(f) => {
                assert_eq!(grid.get(f.row, f.col), 0, "a hint for a filled cell");
                assert_eq!(f.value, solution.get(f.row, f.col), "wrong hint: {f:?}");
                grid.set(f.row, f.col, f.value);
                counts.0 += 1;
            }
            Hint::Eliminate(e) => {
                assert_ne!(
                    e.value,
                    solution.get(e.row, e.col),
                    "ruled out the answer: {e:?}"
                );
                out.push(Placement {
                    row: e.row,
                    col: e.col,
                    value: e.value,
                });
                counts.1 += 1;
            }
            Hint::Stuck => {
                let i = (0..n * n)
                    .find(|&i| grid.get(i / n, i % n) == 0)
                    .expect("an empty cell");
                grid.set(i / n, i % n, solution.get(i / n, i % n));
                counts.2 += 1;
            }
            Hint::Contradiction(why) => panic!("a solvable grid reported broken: {why}"),
            other => panic!("an unexpected hint without a limit: {other:?}"),
        }
    }
    panic!("hints did not finish");
}

fn shapes() -> Vec<Shape> {
    vec![
        Shape::new(2, 2).unwrap(),
        Shape::new(2, 3).unwrap(),
        Shape::new(3, 3).unwrap(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random generated puzzles (classic and variants, every small size): hints reach
    /// the known solution.
    #[test]
    fn hints_reach_the_known_solution(seed in any::<u64>(), shape in 0usize..3, variant in 0usize..6) {
        let shape = shapes()[shape];
        let mut opts = GenerateOptions::new(shape);
        match variant {
            1 => opts.rules = Rules::parse_list("diagonals").unwrap(),
            // No 4×4 grid is anti-king.
            2 if shape.n() > 4 => opts.rules = Rules::parse_list("anti-king").unwrap(),
            3 => opts.random_regions = true,
            4 => opts.random_cages = true,
            5 if shape.n() == 9 => opts.rules = Rules::parse_list("windoku").unwrap(),
            _ => {}
        }
        opts.rate.runs = 1;
        let g = Generator::new(opts).unwrap().generate(seed, 0).unwrap();
        let mut logic = Logic::new(shape, &g.rules, &Budget::unlimited()).unwrap();
        apply_hints(&mut logic, &g.puzzle, &g.solution);
    }

    /// Mid-game grids: the puzzle plus some correct entries. Hints stay sound.
    #[test]
    fn hints_are_sound_in_the_middle_of_a_game(seed in any::<u64>(), keep in 0usize..40) {
        let shape = shapes()[2];
        let mut opts = GenerateOptions::new(shape);
        opts.rate.runs = 1;
        let g = Generator::new(opts).unwrap().generate(seed, 1).unwrap();
        let mut mid = g.puzzle.clone();
        for i in (0..81).filter(|i| (i * 7 + seed as usize) % 81 < keep) {
            mid.set(i / 9, i % 9, g.solution.get(i / 9, i % 9));
        }
        let mut logic = Logic::new(shape, &g.rules, &Budget::unlimited()).unwrap();
        apply_hints(&mut logic, &mid, &g.solution);
    }
}

/// The famous hard puzzles with their published solutions: the explanation walk ends
/// in exactly that grid, and every step in it is sound.
#[test]
fn famous_puzzles_are_explained_to_their_published_solutions() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/sudoku/9x9/famous.tsv"
    );
    let Ok(tsv) = std::fs::read_to_string(path) else {
        eprintln!("skipping: {path} is missing (../shared/data)");
        return;
    };
    let opts = ParseOptions::default();
    let mut logic = Logic::new(
        Shape::for_side(9).unwrap(),
        &Rules::default(),
        &Budget::unlimited(),
    )
    .unwrap();
    for row in tsv.lines().skip(1) {
        let f: Vec<&str> = row.split('\t').collect();
        let puzzle = parse_puzzles(f[1], &opts).next().unwrap().unwrap().grid;
        let solution = parse_puzzles(f[4], &opts).next().unwrap().unwrap().grid;
        let w = walk(
            &mut logic,
            &puzzle,
            Some(&solution),
            TechniqueBoard::new(&puzzle, &Rules::default()),
            None,
            &Budget::unlimited(),
        );
        assert_eq!(w.end, End::Solved(solution.clone()), "{}", f[0]);
        walk_check::assert_keeps(&w, &solution);
        apply_hints(&mut logic, &puzzle, &solution);
    }
}

#[test]
fn a_hidden_single_in_a_box_is_named_as_such() {
    // Box 1 misses only 9, and r1c1 is its one empty cell... but nine 9s elsewhere would
    // be too many; instead: 9s in rows 2 and 3 and columns 2 and 3 leave r1c1 for box 1.
    let text = "\
.12......
...9.....
......9..
.........
.9.......
.........
..9......
.........
.........";
    let g = parse_puzzles(text, &ParseOptions::default())
        .next()
        .unwrap()
        .unwrap()
        .grid;
    let mut logic = Logic::new(g.shape(), &Rules::default(), &Budget::unlimited()).unwrap();
    let h = next_hint(&mut logic, &g, &[], None, &Budget::unlimited());
    assert_eq!(
        h.describe(None),
        "r1c1 must be 9: it is the only place for 9 in box 1"
    );
}
