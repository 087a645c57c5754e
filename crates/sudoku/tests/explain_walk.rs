//! The explanation walk in named techniques: where singles stall it takes the technique
//! engine's step (short of forcing chains) instead of a what-if. Every step keeps the
//! unique solution found by the brute-force counter of `tests/brute` (which shares no
//! code with the engine), the walk ends in it, and on the puzzles Sudoku Explainer rates
//! below 7.0 (`fixtures/se-er.tsv`, recorded by `bench/sudoku/se-rate.sh`) it needs no
//! what-if at all.

mod brute;
mod walk_check;

use gridsat_sat::Budget;
use gridsat_sudoku::{
    Grid, ParseOptions, Rules,
    deduce::Logic,
    model::Shape,
    parse_puzzles,
    reason::{End, TechniqueBoard as Board, Walk, walk},
};

fn grid(line: &str) -> Grid {
    parse_puzzles(line, &ParseOptions::default())
        .next()
        .unwrap()
        .unwrap()
        .grid
}

/// SE's recorded (puzzle, ER) rows; ER 0 where SE did not finish in 60 s.
fn recorded() -> Vec<(String, f64)> {
    include_str!("fixtures/se-er.tsv")
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), f[1].parse().unwrap())
        })
        .collect()
}

/// The walk of `g` with technique steps, checked step by step against the brute-force
/// solution; it must end solved in that solution.
fn checked_walk(logic: &mut Logic, g: &Grid) -> Walk {
    let rules = Rules::classic();
    let (count, sol) = brute::Spec::new(g, &rules).count(g.values(), 2);
    assert_eq!(count, 1, "not unique: {}", g.to_line(None));
    let sol = sol.unwrap();
    let solution = Grid::from_values(g.shape(), sol).unwrap();
    let mut board = Board::new(g, &rules).unwrap();
    board.assume_unique();
    let w = walk(
        logic,
        g,
        Some(&solution),
        Some(board),
        None,
        &Budget::unlimited(),
    );
    assert_eq!(w.end, End::Solved(solution.clone()), "{}", g.to_line(None));
    walk_check::assert_keeps(&w, &solution);
    w
}

#[test]
fn puzzles_se_rates_below_7_are_explained_without_what_ifs() {
    let mut logic = Logic::new(
        Shape::new(3, 3).unwrap(),
        &Rules::classic(),
        &Budget::unlimited(),
    )
    .unwrap();
    let mut below = 0;
    let mut with_what_ifs = Vec::new();
    let mut technique_steps = 0;
    for (line, er) in recorded() {
        let g = grid(&line);
        let w = checked_walk(&mut logic, &g);
        let c = w.counts();
        technique_steps += c.techniques;
        if er > 0.0 && er < 7.0 {
            below += 1;
            if c.what_ifs + c.guesses > 0 {
                with_what_ifs.push(format!("{line} (SE {er})"));
            }
        }
    }
    assert!(below >= 50, "only {below} puzzles below SE 7.0");
    assert!(
        technique_steps > 100,
        "only {technique_steps} technique steps"
    );
    // Measured: none of 55 (the last two needed a grouped X-chain, SE "Grouped 3 Strong
    // links", and a VWXYZ-Wing, both built since).
    assert!(
        with_what_ifs.is_empty(),
        "{} of {below} puzzles below SE 7.0 need a what-if:\n{}",
        with_what_ifs.len(),
        with_what_ifs.join("\n")
    );
}

#[test]
fn without_a_board_the_walk_takes_what_ifs_as_before() {
    let mut logic = Logic::new(
        Shape::new(3, 3).unwrap(),
        &Rules::classic(),
        &Budget::unlimited(),
    )
    .unwrap();
    // SE 3.4 (Hidden Pair): singles stall, so the walk needs a step beyond them.
    let (line, _) = recorded()
        .into_iter()
        .find(|(_, er)| (3.0..4.0).contains(er))
        .unwrap();
    let g = grid(&line);
    let with = checked_walk(&mut logic, &g);
    assert!(with.counts().techniques > 0);
    let without = walk(&mut logic, &g, None, None, None, &Budget::unlimited());
    assert_eq!(without.counts().techniques, 0);
    assert!(without.counts().what_ifs > 0);
    assert_eq!(without.end, with.end);
}
