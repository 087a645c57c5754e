//! Pictures of puzzles as SVG: the grid with its boxes (or jigsaw regions), killer cages
//! with their sums, X diagonals, windoku windows, the givens, and optionally a solution
//! in another colour and pencil marks. Symbols that are shapes (▲ ● ■ ★ ◆ …) are drawn
//! as shapes, so a viewer or printer without the font still shows them. Sheets put
//! several puzzles on A4 pages for printing.
//!
//! Every element a reader may look for carries a class (`cell`, `box`, `region`, `cage`,
//! `given`, `solution`, `mark`, `window`, `diagonal`) and the symbols a `data-cell`
//! (`r1c1`) and `data-value` (1-based), so tests and scripts find them without
//! measuring coordinates. Hand-written SVG 1.1, no script; every text is XML-escaped.

use crate::model::grid::Grid;
use crate::model::rules::{Cage, Rule, Rules};
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use std::fmt::Write;

/// A cell's side in SVG user units; a whole picture is scaled from this.
const CELL: f64 = 10.0;

/// Pixels per user unit of a single picture (a 9×9 grid is 360 px wide).
const PX: f64 = 4.0;

/// What to draw besides the grid and its givens.
#[derive(Clone, Copy, Debug, Default)]
#[non_exhaustive]
pub struct SvgOptions<'a> {
    /// A solution, drawn in another colour (class `solution`) in the cells that are not givens.
    pub solution: Option<&'a Grid>,
    /// Pencil marks per cell (row-major, values 1..=N), drawn small in the empty cells.
    pub marks: Option<&'a [Vec<u16>]>,
    /// A caption under the grid (the puzzle's title or number).
    pub caption: Option<&'a str>,
}

/// Why a picture could not be drawn: the parts given do not belong together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SvgError {
    /// The solution's grid is not the puzzle's size.
    #[error("the solution is {found}×{found} but the puzzle is {n}×{n}")]
    SolutionSize {
        /// The puzzle's side.
        n: usize,
        /// The solution's side.
        found: usize,
    },
    /// The pencil marks are not one list per cell of values 1..=N.
    #[error("pencil marks for {found} cells, or a value out of 1..={n}, for a {n}×{n} grid")]
    Marks {
        /// The puzzle's side.
        n: usize,
        /// How many cells had marks.
        found: usize,
    },
}

/// The SVG document of one puzzle, `width`/`height` in pixels (a 9×9 grid is 368 px).
pub fn puzzle_svg(
    puzzle: &Grid,
    rules: &Rules,
    alphabet: Option<&Alphabet>,
    opts: &SvgOptions,
) -> Result<String, SvgError> {
    check_parts(puzzle, opts)?;
    let side = puzzle.n() as f64 * CELL;
    let caption = if opts.caption.is_some() { 8.0 } else { 0.0 };
    let (w, h) = (side + 4.0, side + 4.0 + caption);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{:.0}\" height=\"{:.0}\" viewBox=\"0 0 {w} {h}\" class=\"sudoku\">\n",
        w * PX,
        h * PX
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&title(puzzle, rules)));
    out.push_str(STYLE);
    out.push_str("<g transform=\"translate(2,2)\">\n");
    grid_group(&mut out, puzzle, rules, alphabet, opts);
    if let Some(c) = opts.caption {
        caption_text(&mut out, c, side / 2.0, side + 6.0, 4.5);
    }
    out.push_str("</g>\n</svg>\n");
    Ok(out)
}

/// One puzzle of a printed sheet.
#[derive(Clone, Copy, Debug)]
pub struct SheetPuzzle<'a> {
    /// The givens.
    pub puzzle: &'a Grid,
    /// Its rules (regions and cages are drawn).
    pub rules: &'a Rules,
    /// Printed under the grid, e.g. `puzzle 3 · 26 givens, easy`.
    pub caption: &'a str,
    /// The solution; drawn only on solution pages.
    pub solution: Option<&'a Grid>,
}

/// How many puzzles of side `n` an A4 page holds: 6 up to 9×9, 2 up to 16×16, else 1.
pub fn per_page(n: usize) -> usize {
    match n {
        0..=9 => 6,
        10..=16 => 2,
        _ => 1,
    }
}

/// A4 pages (210 × 297 mm) of `puzzles`, [`per_page`] of them a page, each page one
/// SVG document; with `solutions`, solution pages follow (the puzzles filled in, the
/// solved cells in the solution colour). Puzzles without a solution are left off the
/// solution pages.
pub fn sheet_pages(
    puzzles: &[SheetPuzzle],
    alphabet: Option<&Alphabet>,
    solutions: bool,
) -> Result<Vec<String>, SvgError> {
    Ok(page_bodies(puzzles, alphabet, solutions)?
        .into_iter()
        .map(|body| {
            format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"210mm\" height=\"297mm\" viewBox=\"0 0 210 297\" class=\"sheet\">\n{STYLE}{body}</svg>\n"
            )
        })
        .collect())
}

/// The pages of [`sheet_pages`] as one SVG document, the pages stacked top to bottom
/// (each a nested `<svg class="page">` of 210 × 297 mm, 10 mm apart).
pub fn sheet_document(
    puzzles: &[SheetPuzzle],
    alphabet: Option<&Alphabet>,
    solutions: bool,
) -> Result<String, SvgError> {
    let bodies = page_bodies(puzzles, alphabet, solutions)?;
    let k = bodies.len().max(1) as f64;
    let h = 297.0 * k + 10.0 * (k - 1.0);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"210mm\" height=\"{h}mm\" viewBox=\"0 0 210 {h}\" class=\"sheets\">\n{STYLE}"
    );
    for (i, body) in bodies.iter().enumerate() {
        let _ = writeln!(
            out,
            "<svg class=\"page\" x=\"0\" y=\"{}\" width=\"210\" height=\"297\" viewBox=\"0 0 210 297\">",
            i as f64 * 307.0
        );
        out.push_str("<rect class=\"paper\" x=\"0\" y=\"0\" width=\"210\" height=\"297\"/>\n");
        out.push_str(body);
        out.push_str("</svg>\n");
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// The content of every page: puzzle pages, then solution pages.
fn page_bodies(
    puzzles: &[SheetPuzzle],
    alphabet: Option<&Alphabet>,
    solutions: bool,
) -> Result<Vec<String>, SvgError> {
    for p in puzzles {
        let opts = SvgOptions {
            solution: p.solution,
            ..SvgOptions::default()
        };
        check_parts(p.puzzle, &opts)?;
    }
    let n = puzzles.iter().map(|p| p.puzzle.n()).max().unwrap_or(9);
    let per = per_page(n);
    let mut bodies: Vec<String> = puzzles
        .chunks(per)
        .map(|chunk| page(chunk, alphabet, per, false))
        .collect();
    if solutions {
        let solved: Vec<SheetPuzzle> = puzzles
            .iter()
            .filter(|p| p.solution.is_some())
            .copied()
            .collect();
        bodies.extend(solved.chunks(per).map(|c| page(c, alphabet, per, true)));
    }
    Ok(bodies)
}

/// One page's puzzles in a grid of slots (2 × 3 for six, 1 × 2 for two, one alone).
fn page(chunk: &[SheetPuzzle], alphabet: Option<&Alphabet>, per: usize, solved: bool) -> String {
    let (cols, rows) = match per {
        1 => (1, 1),
        2 => (1, 2),
        _ => (2, 3),
    };
    // Each slot: the grid, then 8 mm for its caption.
    let slot_w = 190.0 / cols as f64;
    let slot_h = 277.0 / rows as f64;
    let side = (slot_w - 8.0).min(slot_h - 12.0);
    let mut out = String::new();
    if solved {
        caption_text(&mut out, "Solutions", 105.0, 8.0, 5.0);
    }
    for (k, p) in chunk.iter().enumerate() {
        let (cx, cy) = ((k % cols) as f64, (k / cols) as f64);
        let x = 10.0 + cx * slot_w + (slot_w - side) / 2.0;
        let y = 10.0 + cy * slot_h + (slot_h - side - 8.0) / 2.0;
        let scale = side / (p.puzzle.n() as f64 * CELL);
        let opts = SvgOptions {
            solution: if solved { p.solution } else { None },
            ..SvgOptions::default()
        };
        let _ = writeln!(
            out,
            "<g class=\"puzzle\" transform=\"translate({x:.2},{y:.2})\">"
        );
        let _ = writeln!(out, "<g transform=\"scale({scale:.5})\">");
        grid_group(&mut out, p.puzzle, p.rules, alphabet, &opts);
        out.push_str("</g>\n");
        caption_text(&mut out, p.caption, side / 2.0, side + 5.5, 4.0);
        out.push_str("</g>\n");
    }
    out
}

/// The classes' looks, one style sheet per document.
const STYLE: &str = "<style>\
.paper{fill:#fff}.cell{fill:#fff;stroke:#9a9a9a;stroke-width:0.3}\
.frame,.box,.region{fill:none;stroke:#000;stroke-width:1.2;stroke-linecap:round}\
.window{fill:#7fb2e5;fill-opacity:0.28;stroke:none}\
.diagonal{stroke:#b5b5b5;stroke-width:0.6;stroke-dasharray:1.5,1}\
.cage{fill:none;stroke:#444;stroke-width:0.35;stroke-dasharray:1.2,0.8}\
.sum{font-size:2.6px;fill:#222}\
.given{fill:#000}.solution{fill:#1565c0}.mark{fill:#6b6b6b}\
.shape.hollow{fill:none;stroke-width:0.8}.given.hollow{stroke:#000}\
.solution.hollow{stroke:#1565c0}.mark.hollow{stroke:#6b6b6b;stroke-width:0.4}\
text{font-family:'DejaVu Sans',Arial,sans-serif;text-anchor:middle}\
.caption{fill:#333}</style>\n";

/// What the picture shows, for its `<title>`.
fn title(puzzle: &Grid, rules: &Rules) -> String {
    let n = puzzle.n();
    let mut t = format!("{n}×{n} sudoku, {} givens", puzzle.num_givens());
    if !rules.is_classic() {
        t.push_str(&format!(", rules: {}", rules.names().join(", ")));
    }
    t
}

/// Errors unless the solution and the marks fit the puzzle.
fn check_parts(puzzle: &Grid, opts: &SvgOptions) -> Result<(), SvgError> {
    let n = puzzle.n();
    if let Some(s) = opts.solution {
        if s.n() != n {
            return Err(SvgError::SolutionSize { n, found: s.n() });
        }
    }
    if let Some(m) = opts.marks {
        let bad = m.iter().flatten().any(|&v| v == 0 || v as usize > n);
        if m.len() != n * n || bad {
            return Err(SvgError::Marks { n, found: m.len() });
        }
    }
    Ok(())
}

/// The grid at the origin, `CELL` units a cell: cells, shading, lines, cages, symbols.
fn grid_group(
    out: &mut String,
    puzzle: &Grid,
    rules: &Rules,
    alphabet: Option<&Alphabet>,
    opts: &SvgOptions,
) {
    let n = puzzle.n();
    for r in 0..n {
        for c in 0..n {
            let _ = writeln!(
                out,
                "<rect class=\"cell\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" data-cell=\"r{}c{}\"/>",
                c as f64 * CELL,
                r as f64 * CELL,
                r + 1,
                c + 1
            );
        }
    }
    if rules.has(Rule::Windoku) {
        windows(out, puzzle.shape());
    }
    if rules.has(Rule::Diagonals) {
        let s = n as f64 * CELL;
        let _ = writeln!(
            out,
            "<line class=\"diagonal\" x1=\"0\" y1=\"0\" x2=\"{s}\" y2=\"{s}\"/>"
        );
        let _ = writeln!(
            out,
            "<line class=\"diagonal\" x1=\"{s}\" y1=\"0\" x2=\"0\" y2=\"{s}\"/>"
        );
    }
    for cage in rules.cages() {
        cage_outline(out, cage);
    }
    borders(out, puzzle.shape(), rules);
    symbols(out, puzzle, alphabet, opts, !rules.cages().is_empty());
}

/// The symbols: givens, solution values, pencil marks in the empty cells; with cages,
/// values a little smaller and lower, clear of the sums in the corners.
fn symbols(
    out: &mut String,
    puzzle: &Grid,
    alphabet: Option<&Alphabet>,
    opts: &SvgOptions,
    cages: bool,
) {
    let n = puzzle.n();
    let (size, dy) = if cages { (0.54, 0.06) } else { (0.62, 0.0) };
    for r in 0..n {
        for c in 0..n {
            let (x, y) = ((c as f64 + 0.5) * CELL, (r as f64 + 0.5 + dy) * CELL);
            let given = puzzle.get(r, c);
            let solved = opts.solution.map_or(0, |s| s.get(r, c));
            let cell = Spot { r, c, x, y };
            if given > 0 {
                symbol(out, given, alphabet, "given", &cell, CELL * size);
            } else if solved > 0 {
                symbol(out, solved, alphabet, "solution", &cell, CELL * size);
            } else if let Some(marks) = opts.marks {
                pencil(out, &marks[r * n + c], alphabet, puzzle.shape(), &cell);
            }
        }
    }
}

/// The windoku windows, shaded.
fn windows(out: &mut String, shape: Shape) {
    let (p, q) = (shape.box_rows() as f64, shape.box_cols() as f64);
    for w in 0..shape.windows_across() * shape.windows_down() {
        let (r0, c0) = shape.window_cell(w, 0);
        let _ = writeln!(
            out,
            "<rect class=\"window\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            c0 as f64 * CELL,
            r0 as f64 * CELL,
            q * CELL,
            p * CELL
        );
    }
}

/// The outer frame, and a thick line on every cell edge between two boxes (or two
/// jigsaw regions): class `box` for boxes, `region` for jigsaw regions.
fn borders(out: &mut String, shape: Shape, rules: &Rules) {
    let n = shape.n();
    let region = |r: usize, c: usize| match rules.regions() {
        Some(reg) => reg.region_of(r, c, n),
        None => shape.box_of(r, c),
    };
    let class = if rules.regions().is_some() {
        "region"
    } else {
        "box"
    };
    let s = n as f64 * CELL;
    let _ = writeln!(
        out,
        "<rect class=\"frame\" x=\"0\" y=\"0\" width=\"{s}\" height=\"{s}\"/>"
    );
    let mut d = String::new();
    for r in 0..n {
        for c in 0..n {
            let (x, y) = (c as f64 * CELL, r as f64 * CELL);
            if c + 1 < n && region(r, c) != region(r, c + 1) {
                let _ = write!(d, "M{},{}v{CELL}", x + CELL, y);
            }
            if r + 1 < n && region(r, c) != region(r + 1, c) {
                let _ = write!(d, "M{},{}h{CELL}", x, y + CELL);
            }
        }
    }
    if !d.is_empty() {
        let _ = writeln!(out, "<path class=\"{class}\" d=\"{d}\"/>");
    }
}

/// A killer cage: a dashed outline just inside its cells, and its sum in the corner of
/// its first cell (the top-left one).
fn cage_outline(out: &mut String, cage: &Cage) {
    let inside =
        |r: isize, c: isize| r >= 0 && c >= 0 && cage.cells.contains(&(r as usize, c as usize));
    let inset = CELL * 0.1;
    let mut d = String::new();
    for &(r, c) in &cage.cells {
        let (ri, ci) = (r as isize, c as isize);
        let (x0, y0) = (c as f64 * CELL, r as f64 * CELL);
        // Each side whose neighbour lies outside the cage: (dr, dc) towards it.
        for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            if inside(ri + dr, ci + dc) {
                continue;
            }
            // The side runs along the perpendicular direction (pr, pc); each end stops
            // short of a convex corner, meets the neighbour's side, or turns a concave one.
            let (pr, pc) = (dc.abs(), dr.abs());
            let reach = |sign: isize| {
                let (nr, nc) = (ri + sign * pr, ci + sign * pc);
                if !inside(nr, nc) {
                    -inset
                } else if inside(nr + dr, nc + dc) {
                    inset
                } else {
                    0.0
                }
            };
            let (lo, hi) = (-reach(-1), CELL + reach(1));
            let (sx, sy) = match (dr, dc) {
                (-1, _) => (x0, y0 + inset),
                (1, _) => (x0, y0 + CELL - inset),
                (_, -1) => (x0 + inset, y0),
                _ => (x0 + CELL - inset, y0),
            };
            if pc == 1 {
                let _ = write!(d, "M{:.2},{sy:.2}H{:.2}", x0 + lo, x0 + hi);
            } else {
                let _ = write!(d, "M{sx:.2},{:.2}V{:.2}", y0 + lo, y0 + hi);
            }
        }
    }
    let (r, c) = cage.cells[0];
    let _ = writeln!(
        out,
        "<g class=\"killer\" data-sum=\"{}\" data-cell=\"r{}c{}\"><path class=\"cage\" d=\"{d}\"/>\
<text class=\"sum\" x=\"{:.2}\" y=\"{:.2}\" style=\"text-anchor:start\">{}</text></g>",
        cage.sum,
        r + 1,
        c + 1,
        c as f64 * CELL + inset * 1.4,
        r as f64 * CELL + inset * 3.6,
        cage.sum
    );
}

/// Where a symbol goes: its cell and the centre of what is drawn.
struct Spot {
    r: usize,
    c: usize,
    x: f64,
    y: f64,
}

/// Value `v` centred at the spot, `size` tall: a shape when its symbol is one, else text.
fn symbol(
    out: &mut String,
    v: u16,
    alphabet: Option<&Alphabet>,
    class: &str,
    at: &Spot,
    size: f64,
) {
    let ch = alphabet.map(|a| a.symbol(v));
    let cell = format!("r{}c{}", at.r + 1, at.c + 1);
    if let Some((d, hollow)) = ch.and_then(|ch| shape_path(ch, at.x, at.y, size * 0.85)) {
        let hollow = if hollow { " hollow" } else { "" };
        let _ = writeln!(
            out,
            "<path class=\"{class} shape{hollow}\" d=\"{d}\" data-cell=\"{cell}\" data-value=\"{v}\"/>"
        );
        return;
    }
    let text = ch.map_or_else(|| v.to_string(), |ch| ch.to_string());
    // Two-digit values (integer grids) are drawn smaller to fit.
    let size = size * if text.chars().count() > 1 { 0.75 } else { 1.0 };
    let _ = writeln!(
        out,
        "<text class=\"{class}\" x=\"{:.2}\" y=\"{:.2}\" font-size=\"{size:.2}\" data-cell=\"{cell}\" data-value=\"{v}\">{}</text>",
        at.x,
        at.y + size * 0.36,
        escape(&text)
    );
}

/// Pencil marks in one cell: value k in slot k of a box-shaped layout (Q across, P down).
fn pencil(out: &mut String, marks: &[u16], alphabet: Option<&Alphabet>, shape: Shape, at: &Spot) {
    let (across, down) = (shape.box_cols(), shape.box_rows());
    let (sw, sh) = (CELL / across as f64, CELL / down as f64);
    let size = sw.min(sh) * 0.78;
    let (x0, y0) = (at.c as f64 * CELL, at.r as f64 * CELL);
    for &v in marks {
        let k = v as usize - 1;
        let spot = Spot {
            x: x0 + ((k % across) as f64 + 0.5) * sw,
            y: y0 + ((k / across) as f64 + 0.5) * sh,
            ..*at
        };
        symbol(out, v, alphabet, "mark", &spot, size);
    }
}

/// A caption centred at (x, y).
fn caption_text(out: &mut String, text: &str, x: f64, y: f64, size: f64) {
    let _ = writeln!(
        out,
        "<text class=\"caption\" x=\"{x:.2}\" y=\"{y:.2}\" font-size=\"{size}\">{}</text>",
        escape(text)
    );
}

/// The outline of a shape symbol centred on (x, y), `size` across, and whether it is
/// drawn hollow; `None` for symbols drawn as text.
fn shape_path(ch: char, x: f64, y: f64, size: f64) -> Option<(String, bool)> {
    let h = size / 2.0;
    let poly = |pts: &[(f64, f64)]| {
        let mut d = String::new();
        for (i, (px, py)) in pts.iter().enumerate() {
            let op = if i == 0 { 'M' } else { 'L' };
            let _ = write!(d, "{op}{:.2},{:.2}", x + px * h, y + py * h);
        }
        d.push('Z');
        d
    };
    let star = || {
        let pts: Vec<(f64, f64)> = (0..10)
            .map(|i| {
                let a = std::f64::consts::PI * (i as f64 / 5.0 - 0.5);
                let r = if i % 2 == 0 { 1.0 } else { 0.42 };
                (r * a.cos(), r * a.sin() + 0.08)
            })
            .collect();
        poly(&pts)
    };
    let circle = format!(
        "M{:.2},{y:.2}a{h:.2},{h:.2} 0 1,0 {:.2},0a{h:.2},{h:.2} 0 1,0 {:.2},0Z",
        x - h,
        2.0 * h,
        -2.0 * h
    );
    let square = [(-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8)];
    let diamond = [(0.0, -1.0), (0.85, 0.0), (0.0, 1.0), (-0.85, 0.0)];
    Some(match ch {
        '▲' | '△' => (poly(&[(0.0, -1.0), (1.0, 0.75), (-1.0, 0.75)]), ch == '△'),
        '▼' | '▽' => (poly(&[(0.0, 1.0), (1.0, -0.75), (-1.0, -0.75)]), ch == '▽'),
        '▶' | '▷' => (poly(&[(1.0, 0.0), (-0.75, 1.0), (-0.75, -1.0)]), ch == '▷'),
        '◀' | '◁' => (poly(&[(-1.0, 0.0), (0.75, 1.0), (0.75, -1.0)]), ch == '◁'),
        '■' | '□' => (poly(&square), ch == '□'),
        '◆' | '♦' | '◇' => (poly(&diamond), ch == '◇'),
        '★' | '☆' => (star(), ch == '☆'),
        '●' | '○' => (circle, ch == '○'),
        _ => return None,
    })
}

/// `s` with the five XML special characters escaped and control characters left out.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML, escaped or not.
            c if c.is_control() && !matches!(c, '\t' | '\n') => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests;
