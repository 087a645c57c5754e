//! Inputs found by the fuzz targets (`fuzz/`, see fuzz/README.md), kept
//! as regression tests: each is refused with its position or read correctly, and what
//! is read renders as XSB that reads back to the same board.

use gridsat_sokoban::{Format, Level, Plan, parse_levels, replay::replay};

/// What the `sokoban_parse` target asserts of every level read.
fn round_trips(level: &Level) {
    let shown = level.to_string();
    let again = parse_levels(&shown, "again.xsb", Format::Xsb)
        .unwrap_or_else(|e| panic!("rendered level does not read back: {e}\n{shown}"));
    assert_eq!(again.len(), 1, "{shown}");
    let a = &again[0];
    assert_eq!((a.width, a.height), (level.width, level.height), "{shown}");
    assert_eq!(a.walls, level.walls, "{shown}");
    assert_eq!(a.goals, level.goals, "{shown}");
    assert_eq!(a.boxes, level.boxes, "{shown}");
    assert_eq!(a.player, level.player, "{shown}");
    assert_eq!(replay(level, &Plan::new()).unwrap().moves, 0);
}

fn xsb(text: &str) -> Result<Vec<Level>, gridsat_sokoban::ParseError> {
    parse_levels(text, "f.xsb", Format::Xsb)
}

/// The first crash of the `sokoban_parse` target: a line `||#||…` whose `|` separators
/// made empty rows, which rendered as blank lines (a blank line ends a level), so the
/// rendered text had levels without a player. An empty row is now refused where it is.
#[test]
fn crash_empty_rows_between_separators_are_refused_at_their_bar() {
    let bytes = std::fs::read("tests/fuzz/crash-empty-row.xsb").unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let e = xsb(&text).unwrap_err();
    assert_eq!((e.line, e.column), (2, 1), "{e}");
    assert!(e.message.contains("empty row"), "{e}");
    // Auto reads it as the course format (its first line is a number), which refuses `|`.
    let e = parse_levels(&text, "f", Format::Auto).unwrap_err();
    assert_eq!((e.line, e.column), (2, 1), "{e}");
    for (text, column) in [
        ("#####|#@$.#||#####\n", 13),
        ("#####|#@$.#|#####|\n", 18),
        ("|#####|#@$.#|#####\n", 1),
        ("#####|   |#@$.#|#####\n", 10),
    ] {
        let e = xsb(text).unwrap_err();
        assert_eq!((e.line, e.column), (1, column), "{text}: {e}");
        assert!(
            e.to_string()
                .starts_with(&format!("f.xsb:1:{column}: level 1:")),
            "{e}"
        );
    }
}

/// Trailing spaces before a `|` are no cells, as at the end of a line.
#[test]
fn trailing_spaces_of_a_separated_row_are_dropped() {
    let l = &xsb("#####   |#@$.#|#####\n").unwrap()[0];
    assert_eq!((l.width, l.height), (5, 3));
    round_trips(l);
}

/// Open levels (the course format's edge is the wall) keep floor-only rows and the floor
/// at the right edge when rendered: XSB writes them with `-`.
#[test]
fn floor_at_the_edge_renders_as_visible_floor() {
    let course = parse_levels("9\nP B . .\n. . . .\n# # G .\n", "c.txt", Format::Course).unwrap();
    let l = &course[0];
    assert_eq!(l.to_string(), "@$--\n-\n##.\n");
    round_trips(l);
    // Written with `-` and `_`, such rows read as floor.
    let l = &xsb("-\n#@$.\n__\n").unwrap()[0];
    assert_eq!((l.width, l.height), (4, 3));
    assert!(!l.walls[0] && !l.walls[8]);
    round_trips(l);
}

/// Plans from the `plan_replay` corpus on its level: spaced and mixed-case plans read,
/// round-trip through LURD and replay move by move; a stray character is refused at its
/// move; a move into a wall is refused at its step.
#[test]
fn plans_of_the_replay_corpus() {
    let level = &xsb("########\n#  .#  #\n# $    #\n#  #@  #\n########\n").unwrap()[0];
    let p: Plan = " u  l R d ".parse().unwrap();
    assert_eq!(p.to_string(), "ulRd");
    assert_eq!(p.to_string().parse::<Plan>().unwrap(), p);
    assert_eq!(replay(level, &"ul".parse().unwrap()).unwrap().moves, 2);
    let e = "r,u".parse::<Plan>().unwrap_err();
    assert_eq!((e.position, e.found), (2, ','));
    let e = replay(level, &"d".parse().unwrap()).unwrap_err();
    assert_eq!(e.step, 1, "{e:?}");
}
