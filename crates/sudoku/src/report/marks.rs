//! The report of pencil marks: every empty cell's candidates.

use super::answer::StatusJson;
use super::{Head, Label, Report, to_json};
use crate::io::parse::ParsedPuzzle;
use crate::model::grid::Grid;
use crate::model::symbols::Alphabet;
use crate::reason::{Marks, sym};
use gridsat_sat::{Concludes as _, Conclusion};

/// The candidates before any reasoning: a filled cell's value, every value elsewhere.
pub fn unnarrowed(grid: &Grid) -> Vec<Vec<u16>> {
    let n = grid.n();
    (0..n * n)
        .map(|i| match grid.get(i / n, i % n) {
            0 => (1..=n as u16).collect(),
            v => vec![v],
        })
        .collect()
}

fn cell_text(values: &[u16], a: Option<&Alphabet>) -> String {
    let syms: Vec<String> = values.iter().map(|&v| sym(v, a)).collect();
    if syms.iter().all(|s| s.chars().count() == 1) {
        syms.concat()
    } else {
        syms.join(",")
    }
}

/// The pencil-mark grid: every cell padded to one width, boxes separated.
fn layout(grid: &Grid, cells: &[Vec<u16>], a: Option<&Alphabet>) -> String {
    let n = grid.n();
    let (p, q) = (grid.shape().box_rows(), grid.shape().box_cols());
    let texts: Vec<String> = cells.iter().map(|v| cell_text(v, a)).collect();
    let width = texts
        .iter()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let mut s = String::new();
    for r in 0..n {
        if r > 0 && r % p == 0 {
            let seg = "-".repeat(q * (width + 1) - 1);
            s.push_str(&vec![seg; n / q].join("-+-"));
            s.push('\n');
        }
        let mut line = String::new();
        for c in 0..n {
            if c > 0 {
                line.push_str(if c % q == 0 { " | " } else { " " });
            }
            line.push_str(&format!("{:<width$}", texts[r * n + c]));
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

/// One empty cell's pencil marks.
#[derive(serde::Serialize)]
struct CellJson {
    cell: String,
    candidates: String,
}

/// The object of `candidates` (schema `docs/schema/sudoku/candidates.json`).
#[derive(serde::Serialize)]
struct MarksJson {
    #[serde(flatten)]
    head: Head,
    empty: usize,
    candidates: usize,
    cells: Vec<CellJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<String>,
}

/// The report of `marks` for `p`; `what` says what stopped when they are partial.
pub fn report(label: &Label, p: &ParsedPuzzle, marks: &Marks, what: &str) -> Report {
    let a = p.alphabet.as_deref();
    let (cells, stopped) = match marks {
        Marks::Contradiction(why) => {
            let json = StatusJson::reason(label, "contradiction", Some(why.to_string()));
            let text = format!("{}: the grid breaks the rules: {why}", label.text);
            return Report::new(Conclusion::NoSolution, json, text);
        }
        Marks::Cells(cells) => (cells, None),
        Marks::Stopped(cells, why) => (cells, Some(why.to_string())),
    };
    let grid = &p.grid;
    let n = grid.n();
    let empty: Vec<usize> = (0..n * n).filter(|&i| grid.values()[i] == 0).collect();
    let total: usize = empty.iter().map(|&i| cells[i].len()).sum();
    let list: Vec<_> = empty
        .iter()
        .map(|&i| CellJson {
            cell: format!("r{}c{}", i / n + 1, i % n + 1),
            candidates: cell_text(&cells[i], a),
        })
        .collect();
    let json = to_json(&MarksJson {
        head: label.head(),
        empty: empty.len(),
        candidates: total,
        cells: list,
        stopped: stopped.clone(),
    });
    let note = stopped.map_or(String::new(), |why| format!(" ({what}: {why})"));
    let text = format!(
        "{}: {} empty cells, {total} candidates{note}\n{}",
        label.text,
        empty.len(),
        layout(grid, cells, a)
    );
    Report::new(marks.conclusion(), json, text)
}
