//! `gridsat sokoban show --svg`: the level's walls, goals, boxes and player; with a plan
//! an animated replay whose boxes end where the replay leaves them, and `--frames DIR`
//! one picture per push, the last one the final position; bad input fails clearly.

mod common;

use common::gridsat;
use roxmltree::Document;

const TINY: &str = "examples/sokoban/tiny.xsb";

fn count(doc: &Document, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

/// The `attr` of every element of class `class`, sorted.
fn cells(doc: &Document, class: &str, attr: &str) -> Vec<String> {
    let mut v: Vec<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .map(|n| n.attribute(attr).unwrap().to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn a_level_is_drawn_with_its_walls_goals_boxes_and_player() {
    let o = gridsat(&["sokoban", "show", TINY, "--level", "3", "--svg"]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let doc = Document::parse(&o.stdout).expect("valid SVG");
    let walls = o.stdout.matches("class=\"wall\"").count();
    // " #####", " #. .#", "##$ $#", "#  @ #", "#    #", "######": 5 + 2 + 3 + 2 + 2 + 6.
    assert_eq!(walls, 20);
    assert_eq!(count(&doc, "goal"), 2);
    assert_eq!(cells(&doc, "box", "data-cell"), ["r3c3", "r3c5"]);
    assert_eq!(cells(&doc, "player", "data-cell"), ["r4c4"]);
    assert!(!doc.descendants().any(|n| n.tag_name().name() == "animate"));
}

#[test]
fn a_plan_is_animated_and_its_frames_end_on_the_replays_final_position() {
    let dir = tempfile::tempdir().unwrap();
    let frames = dir.path().join("frames");
    let o = gridsat(&[
        "sokoban",
        "show",
        TINY,
        "--level",
        "3",
        "--plan",
        "ludrru",
        "--svg",
        "--frames",
        frames.to_str().unwrap(),
    ]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let doc = Document::parse(&o.stdout).unwrap();
    let animations = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "animate")
        .count();
    // x, y and colour of two boxes, x and y of the player.
    assert_eq!(animations, 8);
    assert_eq!(cells(&doc, "box", "data-end"), ["r2c3", "r2c5"]);
    assert!(
        o.stdout
            .contains("<desc>plan lUdrrU (6 moves, 2 pushes)</desc>")
    );
    // The start and one picture per push.
    let names: Vec<String> = (0..3).map(|k| format!("frame-{k:03}.svg")).collect();
    for n in &names {
        assert!(frames.join(n).exists(), "{n}");
    }
    assert!(!frames.join("frame-003.svg").exists());
    let last = std::fs::read_to_string(frames.join(&names[2])).unwrap();
    let doc = Document::parse(&last).unwrap();
    assert_eq!(cells(&doc, "box", "data-cell"), ["r2c3", "r2c5"]);
    assert_eq!(cells(&doc, "player", "data-cell"), ["r3c5"]);
}

#[test]
fn solve_shows_the_verified_plan() {
    let dir = tempfile::tempdir().unwrap();
    let o = gridsat(&[
        "sokoban",
        "show",
        "examples/sokoban/two-boxes.txt",
        "--solve",
        "--svg",
        "--frames",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let doc = Document::parse(&o.stdout).unwrap();
    let goals = cells(&doc, "goal", "data-cell");
    assert_eq!(cells(&doc, "box", "data-end"), goals);
    let mut frames: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    frames.sort();
    let last = std::fs::read_to_string(frames.last().unwrap()).unwrap();
    assert_eq!(
        cells(&Document::parse(&last).unwrap(), "box", "data-cell"),
        goals
    );
}

#[test]
fn bad_requests_fail_with_a_message() {
    let o = gridsat(&[
        "sokoban", "show", TINY, "--level", "3", "--plan", "uuu", "--svg",
    ]);
    assert_eq!(o.code, 2);
    assert!(
        o.stderr.contains("walks into a wall") && o.stdout.is_empty(),
        "{}",
        o.stderr
    );
    let o = gridsat(&[
        "sokoban",
        "show",
        "examples/sokoban/unsolvable.txt",
        "--solve",
        "--svg",
    ]);
    assert_eq!(o.code, 1, "{}", o.stderr);
    assert!(o.stderr.contains("no plan to show") && o.stdout.is_empty());
    let o = gridsat(&[
        "sokoban",
        "show",
        TINY,
        "--level",
        "3",
        "--frames",
        "/tmp/never",
    ]);
    assert_eq!(o.code, 2);
    assert!(o.stderr.contains("--plan or --solve"));
    let o = gridsat(&[
        "sokoban", "show", TINY, "--level", "3", "--svg", "--step", "0",
    ]);
    assert_eq!(o.code, 2);
    // Text mode is unchanged.
    let o = gridsat(&[
        "sokoban", "show", TINY, "--level", "corridor", "--plan", "rRR",
    ]);
    assert!(
        o.stdout
            .starts_with("level corridor (7 x 3, 1 boxes, 1 goals)\nstart\n"),
        "{}",
        o.stdout
    );
}

#[test]
fn the_picture_in_docs_is_what_show_draws() {
    let o = gridsat(&[
        "sokoban",
        "show",
        "examples/sokoban/two-boxes.txt",
        "--solve",
        "--svg",
    ]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let want = std::fs::read_to_string(common::root().join("docs/pictures/two-boxes.svg")).unwrap();
    assert_eq!(o.stdout, want, "docs/pictures/two-boxes.svg is stale");
}
