//! Sudoku, written out directly from the rules: one variable `rRcC=S` per cell and
//! symbol, and the clause families of the `extended` encoding with pairwise
//! at-most-one, the givens as unit clauses, and (for `unique`) one clause excluding the
//! solution. Shares no code with gridsat's encoder on purpose.

use super::cnf::NamedLit;
use super::manifest::{Claim, Entry};
use super::{Rejected, read};
use std::path::Path;

/// The grid: side, box shape, symbols, and cell values (0 = blank).
struct Puzzle {
    n: usize,
    rows: usize,
    cols: usize,
    symbols: Vec<String>,
    cells: Vec<usize>,
}

fn bad(entry: &Entry, what: impl Into<String>) -> Rejected {
    Rejected::Answer {
        entry: entry.name.clone(),
        detail: what.into(),
    }
}

/// Reads a grid written as N² symbols (`.` blank) or, above 35×35, N² integers (0 blank).
fn cells(entry: &Entry, text: &str, symbols: &[String]) -> Result<Vec<usize>, Rejected> {
    let t = text.trim();
    let tokens: Vec<String> = if t.contains(char::is_whitespace) {
        t.split_whitespace().map(String::from).collect()
    } else {
        t.chars().map(String::from).collect()
    };
    tokens
        .iter()
        .map(|tok| match tok.as_str() {
            "." | "0" => Ok(0),
            s => symbols
                .iter()
                .position(|x| x == s)
                .map(|i| i + 1)
                .ok_or_else(|| bad(entry, format!("'{s}' is not a symbol of the grid"))),
        })
        .collect()
}

fn read_puzzle(dir: &Path, entry: &Entry) -> Result<Puzzle, Rejected> {
    let (rows, cols) = entry
        .get("box")?
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
        .ok_or_else(|| bad(entry, "box must read PxQ"))?;
    let n = rows * cols;
    let symbols: Vec<String> = match entry.optional("symbols") {
        Some(s) if s != "numbers" => s.chars().map(String::from).collect(),
        _ => (1..=n).map(|v| v.to_string()).collect(),
    };
    if symbols.len() != n {
        return Err(bad(
            entry,
            format!("{} symbols for a {n}×{n} grid", symbols.len()),
        ));
    }
    let text = read(&dir.join(entry.get("puzzle")?))?;
    let cells = cells(entry, &text, &symbols)?;
    if cells.len() != n * n {
        return Err(bad(
            entry,
            format!("the puzzle has {} cells, not {}", cells.len(), n * n),
        ));
    }
    Ok(Puzzle {
        n,
        rows,
        cols,
        symbols,
        cells,
    })
}

impl Puzzle {
    fn name(&self, cell: usize, v: usize) -> String {
        format!(
            "r{}c{}={}",
            cell / self.n + 1,
            cell % self.n + 1,
            self.symbols[v - 1]
        )
    }

    /// The cells of every row, column and box, in that order.
    fn houses(&self) -> Vec<Vec<usize>> {
        let n = self.n;
        let mut out = Vec::new();
        out.extend((0..n).map(|r| (0..n).map(|c| r * n + c).collect()));
        out.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
        for b in 0..n {
            let (r0, c0) = (
                b / (n / self.cols) * self.rows,
                b % (n / self.cols) * self.cols,
            );
            out.push(
                (0..n)
                    .map(|k| (r0 + k / self.cols) * n + c0 + k % self.cols)
                    .collect(),
            );
        }
        out
    }

    /// The rules, as clauses over names: every cell holds a symbol and at most one, and
    /// every house holds every symbol and none twice.
    fn rules(&self) -> Vec<Vec<NamedLit>> {
        let n = self.n;
        let pos = |c: usize, v: usize| (self.name(c, v), true);
        let neg = |c: usize, v: usize| (self.name(c, v), false);
        let mut out = Vec::new();
        for cell in 0..n * n {
            out.push((1..=n).map(|v| pos(cell, v)).collect());
            for v in 1..=n {
                out.extend((v + 1..=n).map(|w| vec![neg(cell, v), neg(cell, w)]));
            }
        }
        for house in self.houses() {
            for v in 1..=n {
                out.push(house.iter().map(|&c| pos(c, v)).collect());
                for (i, &a) in house.iter().enumerate() {
                    out.extend(house[i + 1..].iter().map(|&b| vec![neg(a, v), neg(b, v)]));
                }
            }
        }
        for (cell, &v) in self.cells.iter().enumerate() {
            if v > 0 {
                out.push(vec![pos(cell, v)]);
            }
        }
        out
    }

    /// Is `solution` a filled grid that keeps the givens and breaks no rule?
    fn check(&self, solution: &[usize]) -> Result<(), String> {
        if solution.len() != self.n * self.n || solution.contains(&0) {
            return Err("the solution is not a filled grid".into());
        }
        if let Some(c) =
            (0..solution.len()).find(|&c| self.cells[c] != 0 && self.cells[c] != solution[c])
        {
            return Err(format!(
                "the solution changes the given at r{}c{}",
                c / self.n + 1,
                c % self.n + 1
            ));
        }
        for house in self.houses() {
            let mut seen = vec![false; self.n + 1];
            for &c in &house {
                if std::mem::replace(&mut seen[solution[c]], true) {
                    return Err(format!(
                        "the solution repeats {} in a house of r{}c{}",
                        self.symbols[solution[c] - 1],
                        c / self.n + 1,
                        c % self.n + 1
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The formula an entry must carry, rebuilt from its puzzle (and checked solution).
pub fn expected(dir: &Path, entry: &Entry) -> Result<Vec<Vec<NamedLit>>, Rejected> {
    if entry
        .optional("rules")
        .is_some_and(|r| !r.is_empty() && r != "classic")
    {
        return Err(bad(entry, "only classic rules can be checked"));
    }
    let p = read_puzzle(dir, entry)?;
    let mut clauses = p.rules();
    match entry.claim {
        Some(Claim::Unique) => {
            let text = read(&dir.join(entry.get("solution")?))?;
            let solution = cells(entry, &text, &p.symbols)?;
            p.check(&solution).map_err(|e| bad(entry, e))?;
            let open = (0..solution.len()).filter(|&c| p.cells[c] == 0);
            clauses.push(open.map(|c| (p.name(c, solution[c]), false)).collect());
        }
        Some(Claim::Unsat) => {}
        _ => return Err(bad(entry, "a Sudoku claims unique or unsat")),
    }
    Ok(clauses)
}
