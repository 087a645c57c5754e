//! `gridsat sudoku show --svg` and `generate --format svg`: every picture parses as XML
//! and holds the elements it must (cells, givens at their cells, box lines, the
//! solution in its own class, pencil marks); bad requests fail with a message.

mod common;

use common::{gridsat, gridsat_stdin};
use roxmltree::{Document, Node};

/// The elements with `class` among their classes.
fn with_class<'a>(doc: &'a Document, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == class))
        })
        .collect()
}

/// The text or shape drawn in cell `cell` (`r1c1`) with class `class`.
fn at<'a>(doc: &'a Document, class: &str, cell: &str) -> Option<Node<'a, 'a>> {
    with_class(doc, class)
        .into_iter()
        .find(|n| n.attribute("data-cell") == Some(cell))
}

fn svg_of(args: &[&str]) -> String {
    let o = gridsat(args);
    assert_eq!(o.code, 0, "{args:?}: {}", o.stderr);
    o.stdout
}

#[test]
fn show_draws_cells_givens_and_boxes_of_a_nine_by_nine() {
    let svg = svg_of(&[
        "sudoku",
        "show",
        "examples/sudoku/9x9.txt",
        "--index",
        "2",
        "--svg",
    ]);
    let doc = Document::parse(&svg).expect("valid SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(with_class(&doc, "cell").len(), 81);
    // Easter Monster: 1.......2.9.4...5...
    let givens = with_class(&doc, "given");
    assert_eq!(givens.len(), 21);
    assert_eq!(at(&doc, "given", "r1c1").unwrap().text(), Some("1"));
    assert_eq!(at(&doc, "given", "r1c9").unwrap().text(), Some("2"));
    assert_eq!(at(&doc, "given", "r2c2").unwrap().text(), Some("9"));
    assert!(at(&doc, "given", "r1c2").is_none());
    let boxes = with_class(&doc, "box");
    assert_eq!(boxes[0].attribute("d").unwrap().matches('M').count(), 36);
}

#[test]
fn the_solution_is_verified_and_drawn_in_its_own_class() {
    let svg = svg_of(&[
        "sudoku",
        "show",
        "examples/sudoku/9x9.txt",
        "--svg",
        "--solution",
    ]);
    let doc = Document::parse(&svg).unwrap();
    let given = with_class(&doc, "given").len();
    let solved = with_class(&doc, "solution");
    assert_eq!(given + solved.len(), 81);
    // AI Escargot's solution starts 1 6 2 8 5 7 4 9 3.
    assert_eq!(at(&doc, "solution", "r1c2").unwrap().text(), Some("6"));
    assert!(svg.contains(".solution{fill:#1565c0}"));
    // Text mode shows it too.
    let o = gridsat(&["sudoku", "show", "examples/sudoku/9x9.txt", "--solution"]);
    assert_eq!(o.code, 0);
    assert!(
        o.stdout.contains("solution:\n1 6 2 | 8 5 7 | 4 9 3"),
        "{}",
        o.stdout
    );
}

#[test]
fn no_solution_or_several_are_refused() {
    let o = gridsat(&[
        "sudoku",
        "show",
        "examples/sudoku/broken/two-solutions.txt",
        "--svg",
        "--solution",
    ]);
    assert_eq!(o.code, 3, "{}", o.stderr);
    assert!(o.stderr.contains("more than one solution") && o.stdout.is_empty());
    let o = gridsat(&[
        "sudoku",
        "show",
        "examples/sudoku/broken/contradiction.txt",
        "--svg",
        "--solution",
    ]);
    assert_eq!(o.code, 1, "{}", o.stderr);
    assert!(o.stdout.is_empty());
    let o = gridsat_stdin(&["sudoku", "show", "-", "--svg"], "12x4\n");
    assert_eq!(o.code, 2);
    assert!(o.stderr.contains("<stdin>:1:"), "{}", o.stderr);
    let o = gridsat(&[
        "sudoku",
        "show",
        "examples/sudoku/9x9.txt",
        "--index",
        "99",
        "--svg",
    ]);
    assert_eq!(o.code, 2);
    assert!(o.stderr.contains("no puzzle 99"), "{}", o.stderr);
}

#[test]
fn candidates_are_drawn_as_pencil_marks() {
    let svg = svg_of(&[
        "sudoku",
        "show",
        "examples/sudoku/9x9.txt",
        "--svg",
        "--candidates",
    ]);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "cell").len(), 81);
    // The same marks `sudoku candidates` counts, one mark per candidate of an empty cell.
    let o = gridsat(&[
        "sudoku",
        "candidates",
        "examples/sudoku/9x9.txt",
        "--index",
        "1",
        "--json",
    ]);
    let want = o.json()[0]["candidates"].as_u64().unwrap() as usize;
    assert!(want > 81);
    assert_eq!(with_class(&doc, "mark").len(), want);
    assert!(at(&doc, "mark", "r1c1").is_none(), "r1c1 is a given");
}

#[test]
fn shapes_are_drawn_as_shapes_on_rectangular_boxes_and_large_grids() {
    let svg = svg_of(&[
        "sudoku",
        "show",
        "--symbols",
        "▲●■★",
        "examples/sudoku/shapes/4x4-shapes.txt",
        "--svg",
        "--solution",
    ]);
    let doc = Document::parse(&svg).unwrap();
    let symbols: Vec<_> = with_class(&doc, "given")
        .into_iter()
        .chain(with_class(&doc, "solution"))
        .collect();
    assert_eq!(symbols.len(), 16);
    assert!(symbols.iter().all(|n| n.tag_name().name() == "path"));
    assert!(!doc.descendants().any(|n| n.tag_name().name() == "text"));
    let svg = svg_of(&["sudoku", "show", "examples/sudoku/6x6.txt", "--svg"]);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "cell").len(), 36);
    let svg = svg_of(&["sudoku", "show", "examples/sudoku/25x25.txt", "--svg"]);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "cell").len(), 625);
}

#[test]
fn variants_show_regions_cages_diagonals_and_windows() {
    let doc_of = |file: &str| svg_of(&["sudoku", "show", file, "--svg"]);
    let jigsaw = doc_of("examples/sudoku/variants/jigsaw.txt");
    let doc = Document::parse(&jigsaw).unwrap();
    assert_eq!(with_class(&doc, "region").len(), 1);
    let killer = doc_of("examples/sudoku/variants/killer.txt");
    let doc = Document::parse(&killer).unwrap();
    assert_eq!(with_class(&doc, "killer").len(), 25);
    assert_eq!(
        at(&doc, "killer", "r1c1").unwrap().attribute("data-sum"),
        Some("8")
    );
    let x = doc_of("examples/sudoku/variants/sudoku-x.txt");
    assert_eq!(
        with_class(&Document::parse(&x).unwrap(), "diagonal").len(),
        2
    );
    let w = doc_of("examples/sudoku/variants/windoku.txt");
    assert_eq!(with_class(&Document::parse(&w).unwrap(), "window").len(), 4);
}

#[test]
fn show_without_svg_prints_the_puzzle_as_text() {
    let o = gridsat(&["sudoku", "show", "examples/sudoku/4x4.txt"]);
    assert_eq!(o.code, 0);
    assert_eq!(
        o.stdout,
        ". 2 | . .\n3 . | . .\n----+----\n. . | 3 4\n. . | . 1\n"
    );
}

#[test]
fn generate_writes_printable_pages() {
    let o = gridsat(&[
        "sudoku",
        "generate",
        "--count",
        "7",
        "--seed",
        "5",
        "--format",
        "svg",
        "--with-solution",
    ]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let doc = Document::parse(&o.stdout).expect("one valid SVG document");
    // 7 puzzles: two puzzle pages (6 + 1), two solution pages.
    assert_eq!(with_class(&doc, "page").len(), 4);
    assert_eq!(with_class(&doc, "puzzle").len(), 14);
    assert_eq!(with_class(&doc, "cell").len(), 14 * 81);
    // Givens are drawn twice (puzzle and solution pages); solution pages fill every cell.
    let givens = with_class(&doc, "given").len();
    assert_eq!(with_class(&doc, "solution").len() + givens / 2, 7 * 81);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pages");
    let o = gridsat(&[
        "sudoku",
        "generate",
        "--count",
        "3",
        "--seed",
        "5",
        "--size",
        "16",
        "--format",
        "svg",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    for k in 1..=2 {
        let page = std::fs::read_to_string(out.join(format!("page-{k}.svg"))).unwrap();
        let doc = Document::parse(&page).unwrap();
        assert_eq!(doc.root_element().attribute("width"), Some("210mm"));
        assert_eq!(
            with_class(&doc, "cell").len(),
            if k == 1 { 2 * 256 } else { 256 }
        );
    }
    assert!(!out.join("page-3.svg").exists());
    let o = gridsat(&[
        "sudoku",
        "generate",
        "--count",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.code, 2);
    assert!(o.stderr.contains("--format svg"));
}

#[test]
fn the_pictures_in_docs_are_what_show_draws() {
    let cases: [(&str, &[&str]); 3] = [
        (
            "killer.svg",
            &["examples/sudoku/variants/killer.txt", "--svg", "--solution"],
        ),
        (
            "shapes.svg",
            &[
                "--symbols",
                "▲●■★",
                "examples/sudoku/shapes/4x4-shapes.txt",
                "--svg",
                "--solution",
            ],
        ),
        (
            "escargot-marks.svg",
            &["examples/sudoku/9x9.txt", "--svg", "--candidates"],
        ),
    ];
    for (file, args) in cases {
        let mut all = vec!["sudoku", "show"];
        all.extend_from_slice(args);
        let want =
            std::fs::read_to_string(common::root().join("docs/pictures").join(file)).unwrap();
        assert_eq!(
            svg_of(&all),
            want,
            "docs/pictures/{file} is stale: regenerate it with gridsat {}",
            all.join(" ")
        );
    }
}
