use super::*;

pub(super) fn lim() -> Limits {
    Limits::memory(1 << 32)
}

pub(super) fn level(text: &str) -> Level {
    read_level(&Entry::default(), text).unwrap()
}

#[test]
fn the_corridor_has_the_textbook_clause_counts() {
    // #@ $ .# : 5 region cells, 1 box, 4 layers; candidates: the 3 middle cells × 2.
    let l = level("#######\n#@ $ .#\n#######\n");
    for h in 0..4 {
        let f = formula(&l, h, &lim()).unwrap();
        let (n, c, k) = (5, 6, 4);
        let initial = 2 * n;
        let step = (1 + (c + 1) * c / 2) + 5 * c + 2 * n; // exactly-one, effects, frame
        let chain = h.saturating_sub(1); // waits stay
        // per cell and layer: box-free, support, closure from the pushes ending here
        // (one per candidate of the cell) and, above layer 0, from itself and neighbours.
        let pushes_here = 2 * 3;
        let neighbours = 2 * 4; // each of the 5 cells' neighbour pairs, both ways
        let region = n * k * 2 + k * pushes_here + (k - 1) * (n + neighbours);
        let goal = (n - 1) + 1;
        // Pruning (sokoban/prune.rs), per step 0..=h: the dead square (2,2); cells
        // farther than t pushes from the start box; cells farther than h − t from the
        // goal (finite distances 3, 2, 1, 0 from column 3 on).
        let from_start = [2, 1, 0, 1, 2];
        let to_goal = [3, 2, 1, 0];
        let prune: usize = (0..=h)
            .map(|t| {
                1 + from_start.iter().filter(|&&d| d > t).count()
                    + to_goal.iter().filter(|&&d| d > h - t).count()
            })
            .sum();
        // Waste budgets (sokoban/waste.rs), per counter: "to goals" wastes 2 on the
        // two left pushes that stay alive, "from start" 2 on the two pushes towards the
        // start box, both drop 2; 5 step clauses per step (with the wait), then under
        // h = 2 `¬goal`, else the sums over budget h − 2 and the bound.
        let waste = 2 * [1, 6, 14, 28][h];
        assert_eq!(
            f.len(),
            initial + h * (step + region) + chain + goal + prune + waste,
            "horizon {h}"
        );
    }
}

#[test]
fn boxes_that_can_never_move_become_walls() {
    // The box in the corner on a goal never moves: it is a wall, not a variable.
    let l = level("#####\n#*  #\n#@$.#\n#####\n");
    let f = formula(&l, 1, &lim()).unwrap();
    let names: Vec<&String> = f.iter().flatten().map(|(n, _)| n).collect();
    assert!(!names.iter().any(|n| n.starts_with("box at (2,2)")));
    assert!(names.iter().any(|n| n.starts_with("box at (3,3)")));
    // A stuck box off a goal: no plan, no formula.
    let l = level("#####\n#$ .#\n#@ .#\n#$  #\n#####\n");
    assert!(matches!(formula(&l, 3, &lim()), Err(Refused::Stuck(_))));
}

#[test]
fn a_formula_too_large_to_check_is_refused_before_it_is_built() {
    let l = level("#######\n#@ $ .#\n#######\n");
    assert!(matches!(
        formula(&l, 10_000_000, &lim()),
        Err(Refused::TooLarge(_))
    ));
}

#[test]
fn the_replay_counts_pushes_and_refuses_illegal_moves() {
    let l = level("#######\n#@ $ .#\n#######\n");
    assert_eq!(replay(&l, "rRR"), Ok((2, 3)));
    assert_eq!(
        replay(&l, "r r r"),
        Ok((2, 3)),
        "case and spaces do not matter"
    );
    assert!(replay(&l, "rR").unwrap_err().contains("off a goal"));
    assert!(replay(&l, "l").unwrap_err().contains("wall"));
    assert!(replay(&l, "rRRR").unwrap_err().contains("cannot be pushed"));
    assert!(replay(&l, "rx").unwrap_err().contains("LURD"));
}

#[test]
fn levels_are_read_with_their_comments_and_checked() {
    let l = level("; a title\n  ###\n###@###\n#.$  -#\n#######\n");
    assert_eq!((l.width, l.height), (7, 4));
    assert_eq!(l.player, 7 + 3);
    assert_eq!(l.boxes, vec![2 * 7 + 2]);
    assert!(l.goal[2 * 7 + 1] && !l.wall[2 * 7 + 5]);
    let e = Entry::default();
    assert!(read_level(&e, "#@@#\n").is_err());
    assert!(read_level(&e, "#$.#\n").is_err());
    assert!(read_level(&e, "#@x#\n").is_err());
}
