//! The HoDoKu-style rating: the path in HoDoKu's order keeps the solution step by step
//! (checked against the brute-force counter of `tests/brute`, which shares no code with
//! the engine), and its levels agree with the levels HoDoKu 2.2 itself gave the puzzles
//! of `fixtures/hodoku-levels.tsv` (recorded by `bench/sudoku/hodoku-rate.sh`).

mod brute;

use gridsat_sat::Budget;
use gridsat_sudoku::{
    Grid, ParseOptions, Rules, parse_puzzles,
    reason::{HodokuLevel, PathEnd, hodoku_technique_path},
};

fn grid(line: &str) -> Grid {
    parse_puzzles(line, &ParseOptions::default())
        .next()
        .unwrap()
        .unwrap()
        .grid
}

/// HoDoKu's recorded (puzzle, level, score) rows.
fn recorded() -> Vec<(String, HodokuLevel, u32)> {
    include_str!("fixtures/hodoku-levels.tsv")
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

/// Every step of the HoDoKu-order path of `g` keeps its unique solution.
fn check(g: &Grid) {
    let rules = Rules::classic();
    let (count, sol) = brute::Spec::new(g, &rules).count(g.values(), 2);
    assert_eq!(count, 1, "not unique: {}", g.to_line(None));
    let sol = sol.unwrap();
    let path = hodoku_technique_path(g, &rules, &Budget::unlimited());
    for s in &path.steps {
        for &(c, v) in &s.eliminations {
            assert_ne!(
                sol[c],
                v,
                "{} removed the solution's r{}c{}",
                s.technique,
                c / 9 + 1,
                c % 9 + 1
            );
        }
        for &(c, v) in &s.placements {
            assert_eq!(
                sol[c],
                v,
                "{} placed a wrong r{}c{}",
                s.technique,
                c / 9 + 1,
                c % 9 + 1
            );
        }
    }
    assert_ne!(path.end, PathEnd::Broken, "{}", g.to_line(None));
}

#[test]
fn hodoku_order_paths_keep_the_solution() {
    let sample = include_str!("fixtures/techniques-sample.txt");
    for p in parse_puzzles(sample, &ParseOptions::default()) {
        check(&p.unwrap().grid);
    }
    // The recorded puzzles below extreme (the extreme ones run the forcing chains, slow
    // in a debug build; the SE-order soundness test covers those finders).
    for (line, level, _) in recorded() {
        if level < HodokuLevel::Extreme {
            check(&grid(&line));
        }
    }
}

#[test]
fn levels_agree_with_hodokus_own_on_the_recorded_sample() {
    // The puzzles HoDoKu rates below extreme (the extreme ones run the forcing chains:
    // tens of seconds in all; `bench/sudoku/hodoku-compare.py` rates the whole sample).
    let rows: Vec<_> = recorded()
        .into_iter()
        .filter(|r| r.1 < HodokuLevel::Extreme)
        .collect();
    let mut same = 0;
    let mut differ = Vec::new();
    for (line, level, score) in &rows {
        let path = hodoku_technique_path(&grid(line), &Rules::classic(), &Budget::unlimited());
        let r = path.hodoku_rating();
        if r.level == *level {
            same += 1;
        } else {
            differ.push(format!(
                "{line}: HoDoKu {level} {score}, gridsat {} {}",
                r.level, r.score
            ));
        }
        // The levels below extreme are complete paths: their score is HoDoKu's give or
        // take the singles and the steps HoDoKu has and the engine has not.
        if *level <= HodokuLevel::Hard && r.level == *level {
            let ratio = r.score as f64 / *score as f64;
            assert!(
                (0.6..=1.6).contains(&ratio),
                "{line}: score {} against {score}",
                r.score
            );
        }
    }
    // The target: the same level on at least 85%.
    assert!(
        same * 100 >= rows.len() * 85,
        "{same} of {} levels equal; differing:\n{}",
        rows.len(),
        differ.join("\n")
    );
}
