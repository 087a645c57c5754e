use super::*;
use crate::io::parse::{ParseOptions, ParsedPuzzle, parse_puzzles};

fn read(text: &str) -> ParsedPuzzle {
    parse_puzzles(text, &ParseOptions::default())
        .next()
        .expect("a puzzle")
        .expect("it parses")
}

/// The elements of `svg` (parsed as XML) with this class among their classes.
fn with_class<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == class))
        })
        .collect()
}

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn a_classic_puzzle_has_its_cells_givens_and_box_lines() {
    let p = read(CLASSIC);
    let svg = puzzle_svg(
        &p.grid,
        &p.rules,
        p.alphabet.as_deref(),
        &SvgOptions::default(),
    )
    .unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("valid XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(with_class(&doc, "cell").len(), 81);
    let givens = with_class(&doc, "given");
    assert_eq!(givens.len(), 30);
    let first = givens
        .iter()
        .find(|g| g.attribute("data-cell") == Some("r1c1"))
        .unwrap();
    assert_eq!(first.text(), Some("5"));
    assert_eq!(first.attribute("data-value"), Some("5"));
    // Box lines: 2 inner verticals and 2 horizontals, 9 cell edges each.
    let boxes = with_class(&doc, "box");
    assert_eq!(boxes.len(), 1);
    assert_eq!(boxes[0].attribute("d").unwrap().matches('M').count(), 36);
}

#[test]
fn a_solution_is_drawn_in_its_own_class_and_marks_fill_the_rest() {
    let p = read(CLASSIC);
    let mut solved = p.grid.clone();
    let mut marks = vec![Vec::new(); 81];
    for r in 0..9 {
        for c in 0..9 {
            if p.grid.get(r, c) == 0 {
                solved.set(r, c, 1 + ((r * 3 + r / 3 + c) % 9) as u16);
                marks[r * 9 + c] = vec![1, 5, 9];
            }
        }
    }
    let opts = SvgOptions {
        solution: Some(&solved),
        ..SvgOptions::default()
    };
    let svg = puzzle_svg(&p.grid, &p.rules, None, &opts).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "solution").len(), 51);
    assert_eq!(with_class(&doc, "given").len(), 30);
    let opts = SvgOptions {
        marks: Some(&marks),
        ..SvgOptions::default()
    };
    let svg = puzzle_svg(&p.grid, &p.rules, None, &opts).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "mark").len(), 51 * 3);
    let short = &marks[..80];
    let opts = SvgOptions {
        marks: Some(short),
        ..SvgOptions::default()
    };
    assert!(matches!(
        puzzle_svg(&p.grid, &p.rules, None, &opts),
        Err(SvgError::Marks { n: 9, found: 80 })
    ));
}

#[test]
fn shapes_are_drawn_as_paths_not_glyphs() {
    let alphabet = std::sync::Arc::new(Alphabet::custom("▲●■★").unwrap());
    let text = include_str!("../../../../../../examples/sudoku/shapes/4x4-shapes.txt");
    let opts = ParseOptions::new(None, Some(alphabet));
    let p = parse_puzzles(text, &opts).next().unwrap().unwrap();
    let svg = puzzle_svg(
        &p.grid,
        &p.rules,
        p.alphabet.as_deref(),
        &SvgOptions::default(),
    )
    .unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "cell").len(), 16);
    let givens = with_class(&doc, "given");
    assert_eq!(givens.len(), 5);
    assert!(givens.iter().all(|g| g.tag_name().name() == "path"));
    assert!(
        with_class(&doc, "shape").len() == 5
            && doc.descendants().all(|n| n.tag_name().name() != "text")
    );
}

#[test]
fn rectangular_boxes_and_large_grids() {
    // 6×6 with 2×3 boxes: box lines after columns 3 and rows 2, 4.
    let p = read(include_str!("../../../../../../examples/sudoku/6x6.txt"));
    let svg = puzzle_svg(
        &p.grid,
        &p.rules,
        p.alphabet.as_deref(),
        &SvgOptions::default(),
    )
    .unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "cell").len(), 36);
    let d = with_class(&doc, "box")[0]
        .attribute("d")
        .unwrap()
        .to_string();
    assert_eq!(d.matches('v').count(), 6);
    assert_eq!(d.matches('h').count(), 12);
    let p = read(include_str!("../../../../../../examples/sudoku/25x25.txt"));
    let svg = puzzle_svg(
        &p.grid,
        &p.rules,
        p.alphabet.as_deref(),
        &SvgOptions::default(),
    )
    .unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "cell").len(), 625);
    assert_eq!(with_class(&doc, "given").len(), p.grid.num_givens());
}

#[test]
fn variants_draw_regions_cages_diagonals_and_windows() {
    let jig = read(include_str!(
        "../../../../../../examples/sudoku/variants/jigsaw.txt"
    ));
    let svg = puzzle_svg(&jig.grid, &jig.rules, None, &SvgOptions::default()).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "region").len(), 1);
    assert!(with_class(&doc, "box").is_empty());
    let killer = read(include_str!(
        "../../../../../../examples/sudoku/variants/killer.txt"
    ));
    let svg = puzzle_svg(&killer.grid, &killer.rules, None, &SvgOptions::default()).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let cages = with_class(&doc, "killer");
    assert_eq!(cages.len(), killer.rules.cages().len());
    let sums: u32 = with_class(&doc, "sum")
        .iter()
        .map(|t| t.text().unwrap().parse::<u32>().unwrap())
        .sum();
    assert_eq!(sums, 405);
    let x = read(include_str!(
        "../../../../../../examples/sudoku/variants/sudoku-x.txt"
    ));
    let svg = puzzle_svg(&x.grid, &x.rules, None, &SvgOptions::default()).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "diagonal").len(), 2);
    let w = read(include_str!(
        "../../../../../../examples/sudoku/variants/windoku.txt"
    ));
    let svg = puzzle_svg(&w.grid, &w.rules, None, &SvgOptions::default()).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "window").len(), 4);
}

#[test]
fn captions_are_escaped() {
    let p = read(CLASSIC);
    let opts = SvgOptions {
        caption: Some("<b>&\"x\"\u{1}"),
        ..SvgOptions::default()
    };
    let svg = puzzle_svg(&p.grid, &p.rules, None, &opts).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "caption")[0].text(), Some("<b>&\"x\""));
}

#[test]
fn sheets_put_six_nine_by_nines_on_a_page_and_solutions_after() {
    let p = read(CLASSIC);
    let solution = p.grid.clone();
    let items: Vec<SheetPuzzle> = (0..7)
        .map(|_| SheetPuzzle {
            puzzle: &p.grid,
            rules: &p.rules,
            caption: "puzzle",
            solution: Some(&solution),
        })
        .collect();
    let pages = sheet_pages(&items, None, true).unwrap();
    assert_eq!(pages.len(), 4);
    for (k, page) in pages.iter().enumerate() {
        let doc = roxmltree::Document::parse(page).unwrap();
        assert_eq!(doc.root_element().attribute("width"), Some("210mm"));
        let puzzles = if k % 2 == 0 { 6 } else { 1 };
        assert_eq!(with_class(&doc, "puzzle").len(), puzzles);
        assert_eq!(with_class(&doc, "cell").len(), 81 * puzzles);
    }
    let one = sheet_document(&items, None, false).unwrap();
    let doc = roxmltree::Document::parse(&one).unwrap();
    assert_eq!(with_class(&doc, "page").len(), 2);
    assert_eq!(per_page(16), 2);
    assert_eq!(per_page(25), 1);
}
