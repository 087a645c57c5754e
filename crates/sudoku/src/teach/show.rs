//! The text and JSON of an [`Assessment`], as the command line and Python print them.

use super::mapping::VarMap;
use super::student::Student;
use super::{Assessment, Completeness, Counterexample, Outcome3};
use gridsat_sat::Lit;

/// How many falsified or redundant clauses the text lists before "and K more".
const LISTED: usize = 10;

/// A clause in readable names: `¬r1c1=5 ∨ ¬r1c2=5` (`x1000` for auxiliary variables).
pub fn clause_text(clause: &[Lit], map: &VarMap) -> String {
    let lit = |l: &Lit| {
        let name = map.name(l.var().get());
        if l.is_pos() {
            name
        } else {
            format!("¬{name}")
        }
    };
    if clause.is_empty() {
        return "the empty clause".into();
    }
    clause.iter().map(lit).collect::<Vec<_>>().join(" ∨ ")
}

/// The cells of a counterexample as a picture: `.` for an empty cell, `[25]` for a cell
/// with two symbols, `|` between stacks and a rule between bands.
pub fn cells_picture(cells: &[Vec<u16>], box_rows: usize, box_cols: usize) -> String {
    let n = (cells.len() as f64).sqrt().round() as usize;
    let show = |c: &Vec<u16>| match c.len() {
        0 => ".".to_string(),
        1 => c[0].to_string(),
        _ => format!("[{}]", c.iter().map(u16::to_string).collect::<String>()),
    };
    let shown: Vec<String> = cells.iter().map(show).collect();
    let width = shown.iter().map(|s| s.chars().count()).max().unwrap_or(1);
    let mut lines = Vec::new();
    for r in 0..n {
        if r > 0 && r % box_rows == 0 {
            let cols = n * (width + 1) + 2 * (n / box_cols - 1) - 1;
            lines.push("-".repeat(cols));
        }
        let mut line = String::new();
        for c in 0..n {
            if c > 0 {
                line += if c % box_cols == 0 { " | " } else { " " };
            }
            line += &format!("{:<width$}", shown[r * n + c]);
        }
        lines.push(line.trim_end().to_string());
    }
    lines.join("\n")
}

fn first_broken(a: &Assessment) -> Option<(&Counterexample, String)> {
    a.families.iter().find_map(|f| match &f.outcome {
        Outcome3::Broken(ce) => Some((ce, f.family.to_string())),
        _ => None,
    })
}

fn list(indices: &[usize], student: &Student, map: &VarMap) -> Vec<String> {
    let mut out: Vec<String> = indices
        .iter()
        .take(LISTED)
        .map(|&i| {
            let text = clause_text(&student.clauses()[i], map);
            format!("  clause {}: {text}", i + 1)
        })
        .collect();
    if indices.len() > LISTED {
        out.push(format!("  and {} more", indices.len() - LISTED));
    }
    out
}

/// The text report.
pub fn text(a: &Assessment, student: &Student, map: &VarMap) -> String {
    let (p, q) = box_dims(a.n);
    let mut out = vec![format!(
        "{n}×{n} encoding: {} clauses, {} auxiliary variables; mapping {}",
        a.sizes.clauses,
        a.sizes.auxiliary,
        a.mapping,
        n = a.n
    )];
    let sound = a.sound();
    out.push(format!(
        "sound: {}",
        if sound { "yes, proved" } else { "no" }
    ));
    for f in &a.families {
        let what = match &f.outcome {
            Outcome3::Kept => "kept".to_string(),
            Outcome3::Implied => "kept (follows by counting from the families kept)".to_string(),
            Outcome3::Unknown => "unknown (stopped)".to_string(),
            Outcome3::Broken(ce) => format!("BROKEN: {}", ce.broken),
        };
        out.push(format!("  {}: {what}", f.family));
    }
    if let Some((ce, family)) = first_broken(a) {
        out.push(format!(
            "a model of your clauses that breaks {family} ({}):",
            ce.broken
        ));
        out.push(cells_picture(&ce.cells, p, q));
    }
    out.extend(completeness_lines(a, student, map));
    if let Some(r) = &a.redundancy {
        out.push(format!(
            "redundant: {} of the {} clauses examined are implied by the others (unit propagation)",
            r.implied.len(),
            r.examined
        ));
        out.extend(list(&r.implied, student, map));
    }
    let refs: Vec<String> = a
        .sizes
        .reference
        .iter()
        .map(|(e, k)| format!("{e} {k}"))
        .collect();
    out.push(format!(
        "size: {} clauses, {} literals; gridsat's encodings (pairwise): {}",
        a.sizes.clauses,
        a.sizes.literals,
        refs.join(", ")
    ));
    out.join("\n")
}

fn completeness_lines(a: &Assessment, student: &Student, map: &VarMap) -> Vec<String> {
    let (p, q) = box_dims(a.n);
    let of = if a.givens > 0 { "of the puzzle " } else { "" };
    match &a.completeness {
        Completeness::Proved => vec![format!(
            "complete: yes, proved (every valid grid {of}satisfies every clause)"
        )],
        Completeness::Sampled { grids } => vec![format!(
            "complete: no counterexample in {grids} valid grids {of}(auxiliary variables: not a proof)"
        )],
        Completeness::Unknown { tried } => vec![format!(
            "complete: unknown (stopped after {tried} valid grids)"
        )],
        Completeness::Forbidden(fb) => {
            let mut out = vec![format!(
                "complete: no, your clauses forbid this valid grid {of}:"
            )];
            let cells: Vec<Vec<u16>> = fb.grid.values().iter().map(|&v| vec![v]).collect();
            out.push(cells_picture(&cells, p, q));
            if fb.falsified.is_empty() {
                let core: Vec<String> = fb
                    .core
                    .iter()
                    .map(|&(r, c, d)| format!("r{}c{}={d}", r + 1, c + 1))
                    .collect();
                out.push(format!(
                    "no setting of your auxiliary variables satisfies the clauses with it; \
                     these placements together are enough: {}",
                    core.join(", ")
                ));
            } else {
                out.push(format!(
                    "it falsifies {} of your clauses:",
                    fb.falsified.len()
                ));
                out.extend(list(&fb.falsified, student, map));
            }
            out
        }
    }
}

fn box_dims(n: usize) -> (usize, usize) {
    crate::model::shape::Shape::for_side(n).map_or((n, n), |s| (s.box_rows(), s.box_cols()))
}
