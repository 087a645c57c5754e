use super::*;
use crate::io::{Format, parse_levels};
use std::collections::HashSet;

#[test]
fn every_variable_has_its_own_meaning() {
    let text = "#######\n#@ $ .#\n# $. ##\n#######\n";
    let level = &parse_levels(text, "t", Format::Xsb).unwrap()[0];
    let board = Board::new(level);
    let mut enc = MoveEncoding::new(&board, MoveOptions::default(), Guard::default());
    for _ in 0..4 {
        enc.extend();
    }
    enc.goal(4);
    let f = enc.formula();
    // Every state, action and goal variable (not the encodings' auxiliaries) has a
    // meaning of its own, and the blocks cover disjoint id ranges.
    let mut seen = HashSet::new();
    let mut ids = HashSet::new();
    for (name, block) in f.blocks() {
        if !(name.starts_with("player")
            || name.starts_with("box")
            || name.starts_with("action")
            || name.starts_with("goal"))
        {
            continue;
        }
        for k in 0..block.len() {
            let v = gridsat_sat::Var::new(block.first().get() + k);
            assert!(ids.insert(v), "variable {v} lies in two blocks");
            let d = f.describe(v);
            assert!(seen.insert(d.clone()), "two variables mean {d}");
        }
    }
    assert!(seen.len() > 100);
    let empty: Vec<&str> = f
        .families()
        .iter()
        .filter(|fam| fam.clauses == 0)
        .map(|fam| fam.name.as_str())
        .collect();
    assert_eq!(
        empty,
        vec!["no walking back", "push budget"],
        "only switched-off families are empty"
    );
    // Every family carries its typed kind.
    let kinds: Vec<Option<MoveFamily>> = f.families().iter().map(|x| x.kind()).collect();
    assert_eq!(
        kinds,
        MoveFamily::ALL.iter().map(|&k| Some(k)).collect::<Vec<_>>()
    );
}
