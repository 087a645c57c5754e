//! The Sudoku encodings: one variable per (cell, symbol), clause families per rule.

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::shape::{House, Shape};
use crate::symbols::Alphabet;
use gridsat_sat::amo::{at_least_one, at_most_one};
use gridsat_sat::{AmoEncoding, Block, FamilyId, Formula, Lit, Var};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// The selectable encodings (`--encoding`). 9×9 clause counts with pairwise at-most-one:
/// minimal 8,829, efficient 11,745, extended 11,988.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Encoding {
    /// Cell at-least-one and house at-most-one: the fewest clauses that define Sudoku.
    Minimal,
    /// Minimal plus cell at-most-one.
    Efficient,
    /// Efficient plus house at-least-one: exactly-one everywhere. The redundant
    /// clauses let unit propagation find hidden singles. The default: fastest measured.
    #[default]
    Extended,
    /// Extended, restricted to the candidates the givens leave (Kwon & Jain 2006): the
    /// givens and every variable they decide are gone before the solver sees it.
    Reduced,
}

impl Encoding {
    /// Every encoding, in order of increasing redundancy.
    pub const ALL: [Encoding; 4] = [
        Encoding::Minimal,
        Encoding::Efficient,
        Encoding::Extended,
        Encoding::Reduced,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Minimal => "minimal",
            Encoding::Efficient => "efficient",
            Encoding::Extended => "extended",
            Encoding::Reduced => "reduced",
        }
    }

    fn has_cell_amo(self) -> bool {
        self != Encoding::Minimal
    }

    fn has_house_alo(self) -> bool {
        matches!(self, Encoding::Extended | Encoding::Reduced)
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Encoding {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Encoding::ALL
            .into_iter()
            .find(|e| e.name() == s)
            .ok_or_else(|| {
                format!("unknown encoding '{s}' (expected minimal, efficient, extended or reduced)")
            })
    }
}

/// How the givens enter a full (non-reduced) encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GivenMode {
    /// As assumptions, one per given, so that the solver can name the failed ones and a
    /// warm solver can be reused for the next puzzle.
    #[default]
    Assumptions,
    /// As unit clauses in family `given` (a self-contained DIMACS file).
    Units,
}

/// Everything that decides the formula.
#[derive(Clone, Debug, Default)]
pub struct EncodeOptions {
    /// Which clause families to emit.
    pub encoding: Encoding,
    /// The at-most-one encoding for cells and houses.
    pub amo: AmoEncoding,
    /// Givens as assumptions or units (ignored by `reduced`, which has no given variables).
    pub givens: GivenMode,
    /// Number 9×9 variables 100·r + 10·c + d (full encodings only).
    pub readable_ids: bool,
    /// Alphabet used in variable names (`r3c7=★`); digits when absent.
    pub alphabet: Option<Alphabet>,
}

/// A built formula and the map from (cell, value) to its variables.
#[derive(Debug)]
pub struct Encoded {
    /// The CNF with named blocks and families.
    pub formula: Formula,
    /// Where each (cell, value) variable lives.
    pub vars: CellVars,
    /// Given literals to assume (empty for units and for `reduced`).
    pub assumptions: Vec<Lit>,
}

/// The (cell, value) → variable map of an encoding.
#[derive(Clone, Debug)]
pub enum CellVars {
    /// Every (cell, value) has a variable, in one block `x[r][c][v]`.
    Dense {
        /// The block (row, column, value − 1).
        block: Block,
        /// The grid shape.
        shape: Shape,
    },
    /// Classic 9×9 numbering: variable 100·r + 10·c + v (1-based).
    Readable,
    /// Only the candidates of empty cells have variables (reduced encoding).
    Sparse {
        /// The grid shape.
        shape: Shape,
        /// Values placed before encoding (0 = empty).
        placed: Vec<u16>,
        /// Cell i's candidates are `values[start[i]..start[i+1]]`.
        start: Vec<u32>,
        /// Candidate values, cell by cell.
        values: Vec<u16>,
        /// Variable of the first candidate.
        first: u32,
    },
}

impl CellVars {
    /// The variable meaning "cell (r, c) holds v", if the encoding has one.
    #[inline]
    pub fn var(&self, r: usize, c: usize, v: u16) -> Option<Var> {
        match self {
            CellVars::Dense { block, .. } => Some(block.var(&[r as u32, c as u32, (v - 1) as u32])),
            CellVars::Readable => Some(Var::new((100 * (r + 1) + 10 * (c + 1)) as u32 + v as u32)),
            CellVars::Sparse {
                shape,
                start,
                values,
                first,
                ..
            } => {
                let cell = r * shape.n() + c;
                let (a, b) = (start[cell] as usize, start[cell + 1] as usize);
                values[a..b]
                    .binary_search(&v)
                    .ok()
                    .map(|k| Var::new(first + (a + k) as u32))
            }
        }
    }

    /// Reads the grid from a model (`value(var)`); cells decided before encoding keep
    /// their value. A cell with no true variable stays 0 (the checker will object).
    pub fn decode(&self, shape: Shape, value: impl Fn(Var) -> bool) -> Grid {
        let n = shape.n();
        let mut g = Grid::empty(shape);
        match self {
            CellVars::Sparse {
                placed,
                start,
                values,
                first,
                ..
            } => {
                for cell in 0..n * n {
                    let (a, b) = (start[cell] as usize, start[cell + 1] as usize);
                    let v = if placed[cell] != 0 {
                        placed[cell]
                    } else {
                        (a..b)
                            .find(|&k| value(Var::new(first + k as u32)))
                            .map_or(0, |k| values[k])
                    };
                    g.set(cell / n, cell % n, v);
                }
            }
            _ => {
                for r in 0..n {
                    for c in 0..n {
                        let v = (1..=n as u16)
                            .find(|&v| value(self.var(r, c, v).expect("dense")))
                            .unwrap_or(0);
                        g.set(r, c, v);
                    }
                }
            }
        }
        g
    }

    /// The clause that excludes `solution`, over the cells empty in `puzzle`
    /// (given cells cannot differ anyway).
    pub fn blocking_clause(&self, puzzle: &Grid, solution: &Grid) -> Vec<Lit> {
        let n = puzzle.n();
        let mut clause = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if puzzle.get(r, c) == 0 {
                    if let Some(v) = self.var(r, c, solution.get(r, c)) {
                        clause.push(v.neg());
                    }
                }
            }
        }
        clause
    }
}

/// The clause families of the Sudoku encodings, in emission order.
struct Families {
    cell_alo: FamilyId,
    cell_amo: FamilyId,
    amo: [FamilyId; 3],
    alo: [FamilyId; 3],
}

impl Families {
    fn new(f: &mut Formula, enc: Encoding) -> Families {
        let cell_alo = f.family("cell at least one");
        let cell_amo = if enc.has_cell_amo() {
            f.family("cell at most one")
        } else {
            cell_alo
        };
        let amo = [
            f.family("row at most one"),
            f.family("column at most one"),
            f.family("box at most one"),
        ];
        let alo = if enc.has_house_alo() {
            [
                f.family("row at least one"),
                f.family("column at least one"),
                f.family("box at least one"),
            ]
        } else {
            amo
        };
        Families {
            cell_alo,
            cell_amo,
            amo,
            alo,
        }
    }

    fn kind(h: House) -> usize {
        match h {
            House::Row(_) => 0,
            House::Col(_) => 1,
            House::Box(_) => 2,
        }
    }
}

fn namer(alphabet: Option<Alphabet>) -> impl Fn(u32, u32, u16) -> String + Send + Sync + 'static {
    move |r, c, v| match &alphabet {
        Some(a) => format!("r{}c{}={}", r + 1, c + 1, a.symbol(v)),
        None => format!("r{}c{}={v}", r + 1, c + 1),
    }
}

/// Builds the formula for `puzzle` under `opts`.
pub fn encode(puzzle: &Grid, opts: &EncodeOptions) -> Result<Encoded, String> {
    match opts.encoding {
        Encoding::Reduced => Ok(encode_candidates(
            &Candidates::from_givens(puzzle),
            opts.amo,
            opts.alphabet.clone(),
        )),
        _ => {
            let (mut formula, vars) = encode_rules(puzzle.shape(), opts)?;
            let mut assumptions = Vec::new();
            let fam = formula.family("given");
            for p in puzzle.givens() {
                let l = vars.var(p.row, p.col, p.value).expect("dense").pos();
                match opts.givens {
                    GivenMode::Units => formula.add_clause(fam, &[l]),
                    GivenMode::Assumptions => assumptions.push(l),
                }
            }
            Ok(Encoded {
                formula,
                vars,
                assumptions,
            })
        }
    }
}

/// The rules of an empty grid of `shape` (full encodings), without givens.
pub fn encode_rules(shape: Shape, opts: &EncodeOptions) -> Result<(Formula, CellVars), String> {
    let enc = if opts.encoding == Encoding::Reduced {
        Encoding::Extended
    } else {
        opts.encoding
    };
    let n = shape.n();
    let mut f = Formula::new();
    let name = namer(opts.alphabet.clone());
    let vars = if opts.readable_ids {
        if n != 9 {
            return Err(format!(
                "--readable-ids numbers 9×9 variables only; this grid is {n}×{n}"
            ));
        }
        f.new_block("unused", &[110]);
        f.new_named_block("x", &[889], move |i| {
            let id = i[0] + 111;
            let (r, c, v) = (id / 100, id / 10 % 10, id % 10);
            if c == 0 || v == 0 {
                "unused".to_string()
            } else {
                name(r - 1, c - 1, v as u16)
            }
        });
        CellVars::Readable
    } else {
        let block = f.new_named_block("x", &[n as u32; 3], move |i| {
            name(i[0], i[1], i[2] as u16 + 1)
        });
        CellVars::Dense { block, shape }
    };
    let fam = Families::new(&mut f, enc);
    let lit = |r: usize, c: usize, v: usize| vars.var(r, c, v as u16).expect("dense").pos();
    let mut buf: Vec<Lit> = Vec::with_capacity(n);
    // One family after another, so that DIMACS readers see each family in one piece.
    for pass in 0..2 {
        if pass == 1 && !enc.has_cell_amo() {
            break;
        }
        for r in 0..n {
            for c in 0..n {
                buf.clear();
                buf.extend((1..=n).map(|v| lit(r, c, v)));
                if pass == 0 {
                    at_least_one(&mut f, fam.cell_alo, &buf);
                } else {
                    at_most_one(&mut f, fam.cell_amo, &buf, opts.amo);
                }
            }
        }
    }
    for pass in 0..2 {
        if pass == 1 && !enc.has_house_alo() {
            break;
        }
        for h in shape.houses() {
            let k = Families::kind(h);
            for v in 1..=n {
                buf.clear();
                buf.extend(shape.house_cells(h).map(|(r, c)| lit(r, c, v)));
                if pass == 0 {
                    at_most_one(&mut f, fam.amo[k], &buf, opts.amo);
                } else {
                    at_least_one(&mut f, fam.alo[k], &buf);
                }
            }
        }
    }
    Ok((f, vars))
}

/// The reduced encoding over the candidates left in `cand`: variables only for the
/// candidates of empty cells, exactly-one per cell and per (house, missing value).
/// A cell or house with no candidate left yields an empty clause.
pub fn encode_candidates(
    cand: &Candidates,
    amo: AmoEncoding,
    alphabet: Option<Alphabet>,
) -> Encoded {
    let shape = cand.shape();
    let n = shape.n();
    let mut start = Vec::with_capacity(n * n + 1);
    let mut values = Vec::new();
    let mut placed = Vec::with_capacity(n * n);
    for cell in 0..n * n {
        start.push(values.len() as u32);
        let p = cand.placed(cell);
        placed.push(p);
        if p == 0 {
            values.extend(cand.values(cell));
        }
    }
    start.push(values.len() as u32);
    let mut f = Formula::new();
    let name = namer(alphabet);
    let meaning: Arc<Vec<(u32, u32, u16)>> = Arc::new(
        (0..n * n)
            .flat_map(|cell| {
                let (a, b) = (start[cell] as usize, start[cell + 1] as usize);
                let vals = &values[a..b];
                vals.iter()
                    .map(move |&v| ((cell / n) as u32, (cell % n) as u32, v))
            })
            .collect(),
    );
    let block = f.new_named_block("x", &[values.len() as u32], move |i| {
        let (r, c, v) = meaning[i[0] as usize];
        name(r, c, v)
    });
    let first = block.first().get();
    let fam = Families::new(&mut f, Encoding::Reduced);
    let mut buf: Vec<Lit> = Vec::with_capacity(n);
    for pass in 0..2 {
        for cell in 0..n * n {
            if placed[cell] != 0 {
                continue;
            }
            buf.clear();
            buf.extend((start[cell]..start[cell + 1]).map(|k| Var::new(first + k).pos()));
            if pass == 0 {
                at_least_one(&mut f, fam.cell_alo, &buf);
            } else {
                at_most_one(&mut f, fam.cell_amo, &buf, amo);
            }
        }
    }
    // Per house: bucket the candidate variables by value.
    let mut buckets: Vec<Vec<Lit>> = vec![Vec::new(); n + 1];
    let mut present = vec![false; n + 1];
    let mut groups: Vec<(usize, Vec<Lit>)> = Vec::new();
    for h in shape.houses() {
        let k = Families::kind(h);
        for b in buckets.iter_mut() {
            b.clear();
        }
        present.fill(false);
        for (r, c) in shape.house_cells(h) {
            let cell = r * n + c;
            if placed[cell] != 0 {
                present[placed[cell] as usize] = true;
                continue;
            }
            for j in start[cell]..start[cell + 1] {
                buckets[values[j as usize] as usize].push(Var::new(first + j).pos());
            }
        }
        for v in 1..=n {
            if !present[v] {
                groups.push((k, std::mem::take(&mut buckets[v])));
            }
        }
    }
    // Emit family by family: all at-most-one groups, then all at-least-one clauses.
    for (k, lits) in &groups {
        at_most_one(&mut f, fam.amo[*k], lits, amo);
    }
    for (k, lits) in &groups {
        at_least_one(&mut f, fam.alo[*k], lits);
    }
    Encoded {
        formula: f,
        vars: CellVars::Sparse {
            shape,
            placed,
            start,
            values,
            first,
        },
        assumptions: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(enc: Encoding) -> usize {
        let opts = EncodeOptions {
            encoding: enc,
            ..Default::default()
        };
        encode_rules(Shape::for_side(9).unwrap(), &opts)
            .unwrap()
            .0
            .num_clauses()
    }

    #[test]
    fn nine_by_nine_clause_counts_match_the_literature() {
        assert_eq!(count(Encoding::Minimal), 8_829);
        assert_eq!(count(Encoding::Efficient), 11_745);
        assert_eq!(count(Encoding::Extended), 11_988);
    }

    #[test]
    fn readable_ids_follow_the_classic_numbering() {
        let opts = EncodeOptions {
            readable_ids: true,
            ..Default::default()
        };
        let (f, vars) = encode_rules(Shape::for_side(9).unwrap(), &opts).unwrap();
        assert_eq!(f.num_vars(), 999);
        assert_eq!(vars.var(2, 6, 5), Some(Var::new(375)));
        assert_eq!(f.describe(Var::new(375)), "r3c7=5");
        assert_eq!(f.describe(Var::new(120)), "unused");
        let max = f
            .clauses()
            .flat_map(|(_, c)| c.iter())
            .map(|l| l.var().get())
            .max();
        assert_eq!(max, Some(999));
    }

    #[test]
    fn reduced_encoding_keeps_only_candidates() {
        let shape = Shape::for_side(4).unwrap();
        let mut g = Grid::empty(shape);
        g.set(0, 0, 1);
        g.set(0, 1, 2);
        let e = encode(&g, &EncodeOptions::default()).unwrap();
        // r1c3 and r1c4 may hold 3 or 4 only.
        assert_eq!(e.vars.var(0, 2, 1), None);
        assert!(e.vars.var(0, 2, 3).is_some());
        assert_eq!(e.vars.var(0, 0, 1), None);
        assert_eq!(e.formula.describe(e.vars.var(0, 3, 4).unwrap()), "r1c4=4");
        // 14 empty cells; the given-free count is 64 variables.
        assert!(e.formula.num_vars() < 64);
    }
}
