use super::*;
use crate::io::{Format, parse_levels};
use crate::model::Plan;
use crate::replay::play;

const SWAP: &str = " #####\n #. .#\n##$ $#\n#  @ #\n#    #\n######\n";

fn class_count(doc: &roxmltree::Document, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

#[test]
fn a_level_has_its_walls_goals_boxes_and_player() {
    let level = &parse_levels(SWAP, "swap", Format::Xsb).unwrap()[0];
    let svg = level_svg(level);
    let doc = roxmltree::Document::parse(&svg).expect("valid XML");
    let walls = level.walls.iter().filter(|&&w| w).count();
    assert_eq!(class_count(&doc, "wall"), walls);
    assert_eq!(class_count(&doc, "goal"), 2);
    assert_eq!(class_count(&doc, "box"), 2);
    assert_eq!(class_count(&doc, "player"), 1);
    // The blank outside the walls (row 1, column 1) is not floor.
    assert!(!svg.contains("class=\"floor\" x=\"0\" y=\"0\""));
}

#[test]
fn a_plan_animates_and_its_push_frames_end_where_the_replay_ends() {
    let level = &parse_levels(SWAP, "swap", Format::Xsb).unwrap()[0];
    let plan: Plan = "lUdrrU".parse().unwrap();
    let played = play(level, &plan).unwrap();
    let last = played.frames.last().unwrap().clone();
    assert!(last.boxes.iter().all(|&b| level.goals[b]));
    let svg = animated_svg(level, &played, 0.2);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let animations: Vec<_> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "animate")
        .collect();
    assert_eq!(animations.len(), 2 * 3 + 2);
    for a in &animations {
        let values = a.attribute("values").unwrap().split(';').count();
        let times = a.attribute("keyTimes").unwrap().split(';').count();
        assert_eq!(values, times);
        assert_eq!(values, played.frames.len() + 1);
    }
    let ends: Vec<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("box"))
        .map(|n| n.attribute("data-end").unwrap().to_string())
        .collect();
    let mut want: Vec<String> = last.boxes.iter().map(|&b| name(level, b)).collect();
    let mut got = ends.clone();
    want.sort();
    got.sort();
    assert_eq!(got, want);
    let frames = push_frames_svg(level, &played);
    assert_eq!(frames.len(), 1 + played.plan.pushes());
    let doc = roxmltree::Document::parse(frames.last().unwrap()).unwrap();
    let mut at: Vec<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("box"))
        .map(|n| n.attribute("data-cell").unwrap().to_string())
        .collect();
    at.sort();
    assert_eq!(at, want);
}

#[test]
fn walks_after_the_last_push_give_a_final_frame() {
    let level = &parse_levels(SWAP, "swap", Format::Xsb).unwrap()[0];
    let played = play(level, &"lUdrrUd".parse().unwrap()).unwrap();
    let frames = push_frames_svg(level, &played);
    assert_eq!(frames.len(), 4);
    let end = played.frames.last().unwrap().player;
    assert!(frames[3].contains(&format!(
        "class=\"player\" cx=\"{}\"",
        level.row_col(end).1 * CELL + CELL / 2
    )));
    assert!(frames[3].contains(": end (move 7)</title>"));
}

#[test]
fn titles_are_escaped() {
    let text = format!("; <a&b>\n{SWAP}");
    let level = &parse_levels(&text, "swap", Format::Xsb).unwrap()[0];
    let doc_text = level_svg(level);
    let doc = roxmltree::Document::parse(&doc_text).unwrap();
    let title = doc
        .descendants()
        .find(|n| n.tag_name().name() == "title")
        .unwrap();
    assert_eq!(title.text(), Some("<a&b>"));
}
