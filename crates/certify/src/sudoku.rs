//! Sudoku, written out directly from the rules: one variable `rRcC=S` per cell and
//! symbol, and the clause families of the `extended` encoding with pairwise
//! at-most-one, the givens as unit clauses, and (for `unique`) one clause excluding the
//! solution. Shares no code with gridsat's encoder on purpose.

use super::cnf::Expected;
use super::files::{self, Kind};
use super::manifest::{Claim, Entry};
use super::{Limits, Rejected};
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

/// Reads a grid written as N² symbols (`.` blank) or, with whitespace between them,
/// N² tokens (`.`, or `0` when it is not a symbol, blank).
fn cells(entry: &Entry, text: &str, symbols: &[String]) -> Result<Vec<usize>, Rejected> {
    let t = text.trim();
    let tokens: Vec<String> = if t.contains(char::is_whitespace) {
        t.split_whitespace().map(String::from).collect()
    } else {
        t.chars().map(String::from).collect()
    };
    tokens
        .iter()
        .enumerate()
        .map(|(k, tok)| match symbols.iter().position(|x| x == tok) {
            Some(i) => Ok(i + 1),
            None if tok == "." || tok == "0" => Ok(0),
            None => Err(bad(
                entry,
                format!(
                    "cell {}: expected a symbol of the grid or a blank ('.' or '0')",
                    k + 1
                ),
            )),
        })
        .collect()
}

/// The symbols of an `n`×`n` grid: `numbers` (1 to n) or n distinct characters, none
/// of them a blank (`.`), whitespace or a control character.
fn alphabet(entry: &Entry, n: usize) -> Result<Vec<String>, Rejected> {
    let symbols: Vec<String> = match entry.optional("symbols") {
        Some(s) if s != "numbers" => s.chars().map(String::from).collect(),
        _ => return Ok((1..=n).map(|v| v.to_string()).collect()),
    };
    if symbols.len() != n {
        return Err(bad(
            entry,
            format!("{} symbols for a {n}×{n} grid", symbols.len()),
        ));
    }
    if let Some(k) = (0..n).find(|&k| symbols[..k].contains(&symbols[k])) {
        return Err(bad(
            entry,
            format!(
                "symbol {} repeats an earlier one: the symbols must be distinct",
                k + 1
            ),
        ));
    }
    let blankish = |s: &String| {
        s.chars()
            .any(|c| c == '.' || c.is_whitespace() || c.is_control())
    };
    if let Some(k) = symbols.iter().position(blankish) {
        return Err(bad(
            entry,
            format!(
                "symbol {} is the blank '.' (or a space or control character)",
                k + 1
            ),
        ));
    }
    Ok(symbols)
}

/// The clauses and literals of the rules of an `n`×`n` grid with its givens and one
/// exclusion clause, at most: what [`Puzzle::rules`] builds.
fn size(n: u64) -> (u64, u64) {
    let (cells, pairs) = (n * n, n * n.saturating_sub(1) / 2);
    let clauses = 4 * cells * (1 + pairs) + cells + 1;
    let literals = 4 * cells * (n + 2 * pairs) + 2 * cells;
    (clauses, literals)
}

fn read_puzzle(dir: &Path, entry: &Entry, limits: &Limits) -> Result<Puzzle, Rejected> {
    let (rows, cols) = entry
        .get("box")?
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
        .filter(|&(r, c)| r >= 1 && c >= 1 && r.checked_mul(c).is_some_and(|n| n <= 100))
        .ok_or_else(|| bad(entry, "box must read PxQ, with 1 ≤ P·Q ≤ 100"))?;
    let n = rows * cols;
    let (clauses, literals) = size(n as u64);
    limits.admit(&entry.name, clauses, literals)?;
    let symbols = alphabet(entry, n)?;
    let text = files::read(dir, entry.get("puzzle")?, Kind::Puzzle, limits.memory)?;
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

    /// The variable "cell holds symbol v" (1-based v): `cell·N + v`, the numbering
    /// of the formula that certificates define rather than carry (`formula standard`).
    fn var(&self, cell: usize, v: usize) -> i32 {
        (cell * self.n + v) as i32
    }

    /// The rules: every cell holds a symbol and at most one, and every house holds
    /// every symbol and none twice; and the givens. Variables are numbered by
    /// [`Puzzle::var`] and named `rRcC=S`.
    fn rules(&self, limits: &Limits, entry: &str) -> Result<Expected, Rejected> {
        let n = self.n;
        let mut out: Vec<Vec<i32>> = Vec::new();
        let mut group = |cells: &mut dyn Iterator<Item = i32>| {
            let g: Vec<i32> = cells.collect();
            for (i, &a) in g.iter().enumerate() {
                out.extend(g[i + 1..].iter().map(|&b| vec![-a, -b]));
            }
            out.push(g);
        };
        for cell in 0..n * n {
            limits.in_time(entry)?;
            group(&mut (1..=n).map(|v| self.var(cell, v)));
        }
        for house in self.houses() {
            limits.in_time(entry)?;
            for v in 1..=n {
                group(&mut house.iter().map(|&c| self.var(c, v)));
            }
        }
        for (cell, &v) in self.cells.iter().enumerate() {
            if v > 0 {
                out.push(vec![self.var(cell, v)]);
            }
        }
        let names = (0..n * n)
            .flat_map(|cell| (1..=n).map(move |v| (cell, v)))
            .map(|(cell, v)| self.name(cell, v))
            .collect();
        Ok(Expected {
            clauses: out,
            names,
        })
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

/// The grids of a solution file, one per non-empty line.
fn solutions(
    dir: &Path,
    entry: &Entry,
    p: &Puzzle,
    limits: &Limits,
) -> Result<Vec<Vec<usize>>, Rejected> {
    let text = files::read(dir, entry.get("solution")?, Kind::Puzzle, limits.memory)?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| cells(entry, l, &p.symbols))
        .collect()
}

/// Checks an entry's solutions against its puzzle and returns the formula the entry
/// must carry when its claim rests on a proof (rebuilt from the puzzle and the checked
/// solution), `None` otherwise.
pub fn expected(dir: &Path, entry: &Entry, limits: &Limits) -> Result<Option<Expected>, Rejected> {
    if entry.optional("rules").is_some_and(|r| r != "classic") {
        return Err(bad(entry, "only classic rules can be checked"));
    }
    let p = read_puzzle(dir, entry, limits)?;
    let needed = match entry.claim {
        Some(Claim::Unique | Claim::Sat) => 1,
        Some(Claim::Multiple) => 2,
        Some(Claim::Unsat) => 0,
        _ => return Err(bad(entry, "a Sudoku claims unique, unsat, multiple or sat")),
    };
    let sols = if needed > 0 {
        solutions(dir, entry, &p, limits)?
    } else {
        Vec::new()
    };
    if sols.len() != needed {
        return Err(bad(
            entry,
            format!("{} solution(s) given, the claim needs {needed}", sols.len()),
        ));
    }
    for s in &sols {
        p.check(s).map_err(|e| bad(entry, e))?;
    }
    if needed == 2 && sols[0] == sols[1] {
        return Err(bad(entry, "the two solutions are the same grid"));
    }
    let mut formula = p.rules(limits, &entry.name)?;
    match entry.claim {
        Some(Claim::Unique) => {
            let s = &sols[0];
            let open = (0..s.len()).filter(|&c| p.cells[c] == 0);
            formula
                .clauses
                .push(open.map(|c| -p.var(c, s[c])).collect());
        }
        Some(Claim::Unsat) => {}
        _ => return Ok(None),
    }
    Ok(Some(formula))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(rows: usize, cols: usize, cells: Vec<usize>) -> Puzzle {
        let n = rows * cols;
        Puzzle {
            n,
            rows,
            cols,
            symbols: (1..=n).map(|v| v.to_string()).collect(),
            cells,
        }
    }

    #[test]
    fn the_rules_have_the_textbook_clause_counts() {
        // Per cell: 1 at-least-one + C(n,2) at-most-one; per house and symbol the same.
        for (r, c) in [(2, 2), (2, 3), (3, 3)] {
            let n = r * c;
            let p = puzzle(r, c, vec![0; n * n]);
            let per = 1 + n * (n - 1) / 2;
            let rules = p.rules(&Limits::memory(1 << 30), "e").unwrap().clauses;
            assert_eq!(rules.len(), n * n * per + 3 * n * n * per, "{r}x{c}");
            let (clauses, literals) = size(n as u64);
            let lits: usize = rules.iter().map(Vec::len).sum();
            assert!(rules.len() as u64 <= clauses && lits as u64 <= literals);
            assert!(
                clauses - rules.len() as u64 <= (n * n) as u64 + 1,
                "the estimate is close"
            );
        }
    }

    #[test]
    fn boxes_of_a_six_by_six_are_two_rows_by_three_columns() {
        let p = puzzle(2, 3, vec![0; 36]);
        let boxes = &p.houses()[12..];
        assert_eq!(boxes[0], vec![0, 1, 2, 6, 7, 8]);
        assert_eq!(boxes[1], vec![3, 4, 5, 9, 10, 11]);
        assert_eq!(boxes[5], vec![27, 28, 29, 33, 34, 35]);
    }

    #[test]
    fn the_solution_check_catches_repeats_and_changed_givens() {
        let good = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let mut givens = vec![0; 16];
        givens[0] = 1;
        let p = puzzle(2, 2, givens);
        p.check(&good).unwrap();
        let mut bad = good.clone();
        bad.swap(0, 1);
        assert!(p.check(&bad).unwrap_err().contains("changes the given"));
        let mut bad = good.clone();
        bad[5] = 3;
        assert!(p.check(&bad).unwrap_err().contains("repeats"));
        assert!(p.check(&good[..15]).is_err());
    }
}
