use super::super::tests::{level, lim};
use super::*;

/// The corridor `#@ $ .#`: 5 cells (columns 2–6), the player at 2, the box at 4 (its
/// domain all 5 cells), the goal at 6; column 2 is dead (nothing behind it).
const CORRIDOR: &str = "#######\n#@ $ .#\n#######\n";

/// The clauses of the corridor's move formula at horizon `h` with push budget `cap`,
/// counted by hand from the rules.
fn corridor_count(h: usize, cap: Option<usize>) -> usize {
    let initial = 5 + 5;
    let walk = [0, 1, 2, 3, 4]; // columns 2..=6 from the player
    let lb = [3, 2, 0, 2, 3]; // the box: beside it after 1 move, then a move a push
    let layer = |t: usize| {
        let exactly_one = 2 * (1 + 10);
        let (overlap, dead) = (5, 1);
        if t == 0 {
            return exactly_one + overlap + dead;
        }
        let far = walk.iter().filter(|&&d| d > t).count();
        let colour = walk.iter().filter(|&&d| d <= t && (d + t) % 2 == 1).count();
        let early = lb.iter().filter(|&&d| d > t).count();
        exactly_one + overlap + dead + far + colour + early
    };
    // Actions 1 + 10; per cell 2 for waiting, 1 for each wall side, 2 + 1 push for each
    // floor side (8 at the ends, 10 in the middle); the frame: 2 per cell and one per
    // neighbour a box can come from (1 at the ends, 2 in the middle).
    let step = |t: usize| {
        let budget = match cap {
            None => 0,
            Some(0) => 5 + 1,
            Some(_) if t == 0 => 5 + 1,
            Some(p) => 5 + 1 + p + (p - 1) + 1,
        };
        11 + usize::from(t > 0) + (2 * 8 + 3 * 10) + (10 + 8) + budget
    };
    let to_goal = [3, 2, 1, 0]; // columns 3..=6
    let goal = 1
        + 1
        + (0..=h)
            .map(|t| to_goal.iter().filter(|&&d| d > h - t).count())
            .sum::<usize>();
    initial + (0..=h).map(layer).sum::<usize>() + (0..h).map(step).sum::<usize>() + goal
}

#[test]
fn the_corridor_has_the_textbook_clause_counts() {
    let l = level(CORRIDOR);
    for h in 0..7 {
        for cap in [None, Some(0), Some(1), Some(3)] {
            let f = formula(&l, h, cap, &lim()).unwrap();
            assert_eq!(
                f.clauses.len(),
                corridor_count(h, cap),
                "h {h}, cap {cap:?}"
            );
        }
    }
}

#[test]
fn the_names_are_those_of_gridsats_move_encoding() {
    let f = formula(&level(CORRIDOR), 2, Some(1), &lim()).unwrap();
    for name in [
        "player at (2,2) t=0",
        "box 0 at (2,4) t=2",
        "step 1->2: wait",
        "step 0->1: right",
        "goal at T=2",
        "step 1->2 pushes",
        "at least 1 pushes by t=2",
    ] {
        assert!(f.names.iter().any(|n| n == name), "{name}");
    }
    // Each name once.
    let mut names = f.names.clone();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), f.names.len());
}

#[test]
fn the_pruning_is_what_the_rules_imply() {
    // The box needs 1 move to be beside it and 1 per push: column 5 is open to it from
    // t = 2, not before; the goal at T = 4 keeps it off column 3 (3 pushes) after t = 1.
    let f = formula(&level(CORRIDOR), 4, None, &lim()).unwrap();
    let number = |name: &str| 1 + f.names.iter().position(|n| n == name).unwrap() as i32;
    let has = |c: &[i32]| f.clauses.iter().any(|x| x == c);
    assert!(has(&[-number("box 0 at (2,5) t=1")]));
    assert!(!has(&[-number("box 0 at (2,5) t=2")]));
    let g = number("goal at T=4");
    assert!(has(&[-g, -number("box 0 at (2,3) t=2")]));
    assert!(!has(&[-g, -number("box 0 at (2,3) t=1")]));
    // The player is two moves from column 4: not there at t = 1, and at t = 3 only
    // once waiting began (the wrong colour).
    assert!(has(&[-number("player at (2,4) t=1")]));
    let w = number("step 2->3: wait");
    assert!(has(&[-number("player at (2,4) t=3"), w]));
}
