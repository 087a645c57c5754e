//! The Sudoku encodings: one variable per (cell, symbol), clause families per rule.

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::shape::{House, Shape};
use crate::symbols::Alphabet;
use crate::variants::{CageEncoding, Rules, add_rule_families};
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
    /// clauses let unit propagation find hidden singles.
    Extended,
    /// Extended, restricted to the candidates the givens leave (Kwon & Jain 2006): the
    /// givens and every variable they decide are gone before the solver sees it.
    /// The default for solving: fastest measured at every size (see BENCHMARKS.md).
    #[default]
    Reduced,
}

/// Full encodings are refused above this many clauses (estimated), with a pointer to
/// `reduced`: a 400×400 pairwise encoding would need about 5·10¹⁰.
pub const MAX_FULL_CLAUSES: u64 = 100_000_000;

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
    /// How killer cage sums are encoded (variants only).
    pub cages: CageEncoding,
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
        /// Cell i's candidates are `values[start[i]..start[i] + len[i]]`.
        start: Vec<u32>,
        /// Number of candidates per cell.
        len: Vec<u16>,
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
                len,
                values,
                first,
                ..
            } => {
                let cell = r * shape.n() + c;
                let (a, b) = (
                    start[cell] as usize,
                    (start[cell] + len[cell] as u32) as usize,
                );
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
                len,
                values,
                first,
                ..
            } => {
                for cell in 0..n * n {
                    let (a, b) = (
                        start[cell] as usize,
                        (start[cell] + len[cell] as u32) as usize,
                    );
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

    /// The variables of the cells empty in `puzzle`, each with its cell (row-major
    /// index) and value: the projection on which two solutions of `puzzle` differ.
    pub fn open_candidates(&self, puzzle: &Grid) -> Vec<(Var, u32, u16)> {
        let n = puzzle.n();
        let mut out = Vec::new();
        for (cell, &given) in puzzle.values().iter().enumerate() {
            if given != 0 {
                continue;
            }
            match self {
                CellVars::Sparse {
                    start,
                    len,
                    values,
                    first,
                    ..
                } => {
                    let a = start[cell] as usize;
                    let vals = &values[a..a + len[cell] as usize];
                    for (k, &v) in (a..).zip(vals) {
                        out.push((Var::new(first + k as u32), cell as u32, v));
                    }
                }
                _ => {
                    for v in 1..=n as u16 {
                        if let Some(x) = self.var(cell / n, cell % n, v) {
                            out.push((x, cell as u32, v));
                        }
                    }
                }
            }
        }
        out
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
    has_house_alo: bool,
}

impl Families {
    fn new(f: &mut Formula, enc: Encoding) -> Families {
        let cell_alo = f.family("cell at least one");
        let cell_amo = if enc.has_cell_amo() {
            f.family("cell at most one")
        } else {
            cell_alo
        };
        Families {
            cell_alo,
            cell_amo,
            has_house_alo: enc.has_house_alo(),
        }
    }

    /// The at-most-one family of a house kind (created on first use, so that rows,
    /// columns and boxes come first).
    fn amo(&self, f: &mut Formula, h: House) -> FamilyId {
        f.family(&format!("{} at most one", h.kind()))
    }

    /// The at-least-one family of a house kind (the at-most-one family when the
    /// encoding has no house at-least-one clauses).
    fn alo(&self, f: &mut Formula, h: House) -> FamilyId {
        if self.has_house_alo {
            f.family(&format!("{} at least one", h.kind()))
        } else {
            self.amo(f, h)
        }
    }
}

fn namer(alphabet: Option<Alphabet>) -> impl Fn(u32, u32, u16) -> String + Send + Sync + 'static {
    move |r, c, v| match &alphabet {
        Some(a) => format!("r{}c{}={}", r + 1, c + 1, a.symbol(v)),
        None => format!("r{}c{}={v}", r + 1, c + 1),
    }
}

/// Builds the formula for `puzzle` under variant `rules` (classic rules: [`encode`]).
/// The `reduced` encoding is classic-only; variants use the full encodings.
pub fn encode_with(puzzle: &Grid, rules: &Rules, opts: &EncodeOptions) -> Result<Encoded, String> {
    if rules.is_classic() {
        return encode(puzzle, opts);
    }
    if opts.encoding == Encoding::Reduced {
        return Err("the reduced encoding is for classic Sudoku; variants use minimal, efficient or extended".into());
    }
    let (mut formula, vars) = encode_rules_with(puzzle.shape(), rules, opts)?;
    let assumptions = add_givens(&mut formula, &vars, puzzle, opts.givens);
    Ok(Encoded {
        formula,
        vars,
        assumptions,
    })
}

/// Adds the givens of `puzzle` as units (family `given`) or returns them as assumptions.
fn add_givens(formula: &mut Formula, vars: &CellVars, puzzle: &Grid, mode: GivenMode) -> Vec<Lit> {
    let mut assumptions = Vec::new();
    let fam = formula.family("given");
    for p in puzzle.givens() {
        let l = vars.var(p.row, p.col, p.value).expect("dense").pos();
        match mode {
            GivenMode::Units => formula.add_clause(fam, &[l]),
            GivenMode::Assumptions => assumptions.push(l),
        }
    }
    assumptions
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
            let assumptions = add_givens(&mut formula, &vars, puzzle, opts.givens);
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
    encode_rules_with(shape, &Rules::classic(), opts)
}

/// The rules of an empty grid of `shape` under variant `rules` (full encodings):
/// jigsaw regions replace the boxes, extra houses get the house families, and every
/// other rule adds its own named family ([`crate::variants::add_rule_families`]).
pub fn encode_rules_with(
    shape: Shape,
    rules: &Rules,
    opts: &EncodeOptions,
) -> Result<(Formula, CellVars), String> {
    rules.validate(shape)?;
    let n = shape.n();
    let enc = match opts.encoding {
        Encoding::Reduced => Encoding::Extended,
        e => e,
    };
    let estimate = estimated_clauses(n, opts.amo);
    if estimate > MAX_FULL_CLAUSES {
        return Err(format!(
            "the {enc} encoding of a {n}×{n} grid would need about {:.1e} clauses; use --encoding reduced",
            estimate as f64
        ));
    }
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
    let houses: Vec<(House, Vec<(usize, usize)>)> = rules
        .houses(shape)
        .into_iter()
        .map(|h| (h, rules.house_cells(shape, h)))
        .collect();
    for pass in 0..2 {
        if pass == 1 && !enc.has_house_alo() {
            break;
        }
        for (h, cells) in &houses {
            let family = if pass == 0 {
                fam.amo(&mut f, *h)
            } else {
                fam.alo(&mut f, *h)
            };
            for v in 1..=n {
                buf.clear();
                buf.extend(cells.iter().map(|&(r, c)| lit(r, c, v)));
                if pass == 0 {
                    at_most_one(&mut f, family, &buf, opts.amo);
                } else {
                    at_least_one(&mut f, family, &buf);
                }
            }
        }
    }
    add_rule_families(&mut f, &vars, shape, rules, opts);
    Ok((f, vars))
}

/// Rough clause count of a full encoding: 4N² groups of N literals.
fn estimated_clauses(n: usize, amo: AmoEncoding) -> u64 {
    let (n, groups) = (n as u64, 4 * (n as u64) * (n as u64));
    let per_group = match amo {
        AmoEncoding::Pairwise => n * n.saturating_sub(1) / 2,
        _ => 4 * n,
    };
    groups * (per_group + 1)
}

/// Makes room in `f` for an at-least-one clause and pairwise at-most-one clauses over
/// each group of these sizes (an upper bound for the reduced encoding, which leaves
/// duplicates out); growing the clause store step by step was 2% of a hardest-1106 solve.
/// Other at-most-one encodings write fewer clauses and get no hint.
fn reserve_pairwise(f: &mut Formula, amo: AmoEncoding, groups: impl Iterator<Item = usize>) {
    if amo != AmoEncoding::Pairwise {
        return;
    }
    let (mut clauses, mut literals) = (0, 0);
    for k in groups {
        let pairs = k * k.saturating_sub(1) / 2;
        clauses += 1 + pairs;
        literals += k + 2 * pairs;
    }
    f.reserve(clauses, literals);
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
    let mut placed = Vec::with_capacity(n * n);
    let mut len = Vec::with_capacity(n * n);
    for cell in 0..n * n {
        let p = cand.placed(cell);
        placed.push(p);
        len.push(if p == 0 { cand.count(cell) as u16 } else { 0 });
    }
    // Row-major numbering; ordering variables by candidate count (most constrained
    // first) was measured and gave no fewer conflicts.
    let order: Vec<u32> = (0..(n * n) as u32)
        .filter(|&c| placed[c as usize] == 0)
        .collect();
    let mut start = vec![0u32; n * n];
    let mut values: Vec<u16> =
        Vec::with_capacity(order.iter().map(|&c| len[c as usize] as usize).sum());
    let mut cells_of_var: Vec<u32> = Vec::with_capacity(values.capacity());
    for &c in &order {
        start[c as usize] = values.len() as u32;
        values.extend(cand.values(c as usize));
        cells_of_var.extend(std::iter::repeat_n(c, len[c as usize] as usize));
    }
    let mut f = Formula::new();
    let name = namer(alphabet);
    let meaning: Arc<(Vec<u32>, Vec<u16>)> = Arc::new((cells_of_var, values.clone()));
    let cell_of = Arc::clone(&meaning);
    let block = f.new_named_block("x", &[values.len() as u32], move |i| {
        let (cell, v) = (meaning.0[i[0] as usize], meaning.1[i[0] as usize]);
        name(cell / n as u32, cell % n as u32, v)
    });
    let first = block.first().get();
    let fam = Families::new(&mut f, Encoding::Reduced);
    let mut buf: Vec<Lit> = Vec::with_capacity(n);
    reserve_pairwise(&mut f, amo, order.iter().map(|&c| len[c as usize] as usize));
    for pass in 0..2 {
        for cell in 0..n * n {
            if placed[cell] != 0 {
                continue;
            }
            buf.clear();
            let k0 = start[cell];
            buf.extend((k0..k0 + len[cell] as u32).map(|k| Var::new(first + k).pos()));
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
    // (house, value, candidate literals in row-major cell order)
    let mut groups: Vec<(House, u16, Vec<Lit>)> = Vec::new();
    for h in shape.houses() {
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
            for j in start[cell]..start[cell] + len[cell] as u32 {
                buckets[values[j as usize] as usize].push(Var::new(first + j).pos());
            }
        }
        for v in 1..=n {
            if !present[v] {
                groups.push((h, v as u16, std::mem::take(&mut buckets[v])));
            }
        }
    }
    // Emit family by family: all at-most-one groups, then all at-least-one clauses.
    reserve_pairwise(&mut f, amo, groups.iter().map(|g| g.2.len()));
    let kinds = [House::Row(0), House::Col(0), House::Box(0)];
    let amo_fam = kinds.map(|h| fam.amo(&mut f, h));
    let alo_fam = kinds.map(|h| fam.alo(&mut f, h));
    let kind = |h: House| match h {
        House::Row(_) => 0,
        House::Col(_) => 1,
        _ => 2,
    };
    // A pair of box cells in one row or column is already excluded by that row's or
    // column's clauses, and a box whose candidates for a value lie in one line has the
    // line's at-least-one clause when the line has no other candidate for it (what
    // box–line deduction leaves): such duplicates are left out (13% of the clauses of
    // a hardest-1106 puzzle; fewer watches to visit).
    let cell = |l: &Lit| cell_of.0[(l.var().get() - first) as usize] as usize;
    // Rows then columns: the group of (line, value), if the value is open there.
    let h_slot = |h: House| match h {
        House::Row(r) => r,
        House::Col(c) => n + c,
        _ => unreachable!("lines only"),
    };
    let mut line_index = vec![u32::MAX; 2 * n * (n + 1)];
    for (i, (h, v, _)) in groups.iter().enumerate() {
        if kind(*h) < 2 {
            line_index[h_slot(*h) * (n + 1) + *v as usize] = i as u32;
        }
    }
    let line_group = |lits: &[Lit], v: u16| -> Option<usize> {
        let (r0, c0) = (cell(&lits[0]) / n, cell(&lits[0]) % n);
        let h = if lits.iter().all(|l| cell(l) / n == r0) {
            House::Row(r0)
        } else if lits.iter().all(|l| cell(l) % n == c0) {
            House::Col(c0)
        } else {
            return None;
        };
        let at = line_index[(h_slot(h) * (n + 1)) + v as usize];
        (at != u32::MAX).then_some(at as usize)
    };
    for (h, _, lits) in &groups {
        let family = amo_fam[kind(*h)];
        if kind(*h) == 2 && amo == AmoEncoding::Pairwise {
            for (i, a) in lits.iter().enumerate() {
                let (ra, ca) = (cell(a) / n, cell(a) % n);
                for b in &lits[i + 1..] {
                    if cell(b) / n != ra && cell(b) % n != ca {
                        f.add_clause(family, &[!*a, !*b]);
                    }
                }
            }
        } else {
            at_most_one(&mut f, family, lits, amo);
        }
    }
    for (h, v, lits) in &groups {
        if kind(*h) == 2
            && !lits.is_empty()
            && line_group(lits, *v).is_some_and(|g| groups[g].2 == *lits)
        {
            continue;
        }
        at_least_one(&mut f, alo_fam[kind(*h)], lits);
    }
    let vars = CellVars::Sparse {
        shape,
        placed,
        start,
        len,
        values,
        first,
    };
    Encoded {
        formula: f,
        vars,
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

    /// Box pairs in one row or column, and box at-least-one clauses equal to a line's,
    /// are left out of the reduced encoding: after box–line deduction no clause is
    /// written twice, and a puzzle keeps its one solution.
    #[test]
    fn reduced_encoding_writes_no_clause_twice() {
        use crate::geometry::Geometry;
        use crate::propagate::{Deduction, Presolve, deduce};
        let line =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let v: Vec<u16> = line
            .bytes()
            .map(|b| b.checked_sub(b'0').filter(|&d| d <= 9).unwrap_or(0) as u16)
            .collect();
        let puzzle = Grid::from_values(Shape::new(3, 3).unwrap(), v).unwrap();
        let Deduction::Open(cands) =
            deduce(&Geometry::new(puzzle.shape()), &puzzle, Presolve::Probe)
        else {
            panic!("this puzzle needs search");
        };
        let enc = encode_candidates(&cands, AmoEncoding::Pairwise, None);
        let mut seen = std::collections::HashSet::new();
        for (_, clause) in enc.formula.clauses() {
            let mut c = clause.to_vec();
            c.sort();
            assert!(seen.insert(c), "clause written twice: {clause:?}");
        }
        let mut solver = crate::solve::SudokuSolver::new(crate::solve::SolveOptions {
            max_solutions: 2,
            ..Default::default()
        });
        assert_eq!(
            solver.solve(&puzzle).unwrap().verdict,
            crate::solve::Verdict::Unique
        );
    }

    #[test]
    fn huge_full_encodings_are_refused() {
        let opts = EncodeOptions {
            encoding: Encoding::Extended,
            ..Default::default()
        };
        let e = encode_rules(Shape::for_side(400).unwrap(), &opts).unwrap_err();
        assert!(e.contains("use --encoding reduced"), "{e}");
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
        let opts = EncodeOptions {
            encoding: Encoding::Reduced,
            ..Default::default()
        };
        let e = encode(&g, &opts).unwrap();
        // r1c3 and r1c4 may hold 3 or 4 only.
        assert_eq!(e.vars.var(0, 2, 1), None);
        assert!(e.vars.var(0, 2, 3).is_some());
        assert_eq!(e.vars.var(0, 0, 1), None);
        assert_eq!(e.formula.describe(e.vars.var(0, 3, 4).unwrap()), "r1c4=4");
        // 14 empty cells; the given-free count is 64 variables.
        assert!(e.formula.num_vars() < 64);
    }
}
