//! The full encodings: a variable for every (cell, value), the cell and house families
//! of the chosen encoding over every house of the rules, then each rule's own clauses.

use super::cages::{CageEncoding, encode_cage_sum};
use super::{CellVars, EncodeError, EncodeOptions, Encoding, namer};
use crate::model::family::ClauseFamily;
use crate::model::house::HouseKind;
use crate::model::rules::{Cage, ClauseSink, Rules};
use crate::model::shape::Shape;
use gridsat_sat::amo::{at_least_one, at_most_one};
use gridsat_sat::{AmoEncoding, Budget, FamilyId, Formula, Lit};

/// Full encodings are refused above this many clauses (estimated), with a pointer to
/// `reduced`: a 400×400 pairwise encoding would need about 5·10¹⁰.
pub const MAX_FULL_CLAUSES: u64 = 100_000_000;

/// The clause families of the Sudoku encodings, in emission order.
pub(super) struct Families {
    pub(super) cell_alo: FamilyId,
    pub(super) cell_amo: FamilyId,
    has_house_alo: bool,
}

impl Families {
    pub(super) fn new(f: &mut Formula, enc: Encoding) -> Families {
        let cell_alo = family(f, ClauseFamily::CellAtLeastOne);
        let cell_amo = if enc.has_cell_amo() {
            family(f, ClauseFamily::CellAtMostOne)
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
    pub(super) fn amo(&self, f: &mut Formula, h: HouseKind) -> FamilyId {
        family(f, ClauseFamily::at_most_one(h))
    }

    /// The at-least-one family of a house kind (the at-most-one family when the
    /// encoding has no house at-least-one clauses).
    pub(super) fn alo(&self, f: &mut Formula, h: HouseKind) -> FamilyId {
        if self.has_house_alo {
            family(f, ClauseFamily::at_least_one(h))
        } else {
            self.amo(f, h)
        }
    }
}

/// The family of kind `kind`, named after it.
pub(super) fn family(f: &mut Formula, kind: ClauseFamily) -> FamilyId {
    f.kind_family(kind, kind.name())
}

/// The rules of an empty grid of `shape` under `rules` (full encodings), without
/// givens: jigsaw regions replace the boxes, extra houses get the house families, and
/// every other rule adds its own families ([`crate::model::VariantRule::clauses`]). The
/// `reduced` encoding asks for `extended` here.
pub fn encode_rules(
    shape: Shape,
    rules: &Rules,
    opts: &EncodeOptions,
) -> Result<(Formula, CellVars), EncodeError> {
    encode_rules_within(shape, rules, opts, &Budget::unlimited())
}

/// [`encode_rules`], asking `budget` once per row of cells and once per house
/// (building the formula of a large grid takes seconds): [`EncodeError::Stopped`]
/// when it runs out.
pub fn encode_rules_within(
    shape: Shape,
    rules: &Rules,
    opts: &EncodeOptions,
    budget: &Budget,
) -> Result<(Formula, CellVars), EncodeError> {
    rules.validate(shape)?;
    let n = shape.n();
    let enc = opts.encoding.full();
    check_size(n, opts)?;
    let mut f = Formula::new();
    let (clauses, literals) = estimated_size(n, opts.amo);
    f.reserve(clauses as usize, literals as usize);
    let vars = cell_block(&mut f, shape, opts)?;
    let fam = Families::new(&mut f, enc);
    cell_clauses(&mut f, &fam, &vars, (n, enc, opts.amo), budget)?;
    house_clauses(&mut f, &fam, &vars, (shape, rules, enc, opts.amo), budget)?;
    let mut sink = Sink {
        f: &mut f,
        vars: &vars,
        n,
        amo: opts.amo,
        cages: opts.cages,
    };
    for rule in rules.active() {
        rule.clauses(shape, &mut sink);
    }
    Ok((f, vars))
}

/// The block of cell variables: `x[r][c][v]`, or the classic 9×9 numbering
/// 100·r + 10·c + v with the unused numbers in blocks of their own.
fn cell_block(
    f: &mut Formula,
    shape: Shape,
    opts: &EncodeOptions,
) -> Result<CellVars, EncodeError> {
    let n = shape.n();
    let name = namer(opts.alphabet.clone());
    if !opts.readable_ids {
        let block = f.new_named_block("x", &[n as u32; 3], move |i| {
            name(i[0], i[1], i[2] as u16 + 1)
        });
        return Ok(CellVars::Dense { block, shape });
    }
    if n != 9 {
        return Err(EncodeError::ReadableIds { n });
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
    Ok(CellVars::Readable)
}

/// Every cell's at-least-one clauses, then (unless minimal) its at-most-one clauses:
/// one family after another, so that DIMACS readers see each family in one piece.
fn cell_clauses(
    f: &mut Formula,
    fam: &Families,
    vars: &CellVars,
    (n, enc, amo): (usize, Encoding, AmoEncoding),
    budget: &Budget,
) -> Result<(), EncodeError> {
    let lit = |r: usize, c: usize, v: usize| vars.var(r, c, v as u16).expect("dense").pos();
    let mut buf: Vec<Lit> = Vec::with_capacity(n);
    for pass in 0..2 {
        if pass == 1 && !enc.has_cell_amo() {
            break;
        }
        for r in 0..n {
            ask(budget)?;
            for c in 0..n {
                buf.clear();
                buf.extend((1..=n).map(|v| lit(r, c, v)));
                if pass == 0 {
                    at_least_one(f, fam.cell_alo, &buf);
                } else {
                    at_most_one(f, fam.cell_amo, &buf, amo);
                }
            }
        }
    }
    Ok(())
}

/// Every house's at-most-one clauses per value, then (extended) its at-least-one
/// clauses, over the houses of `rules` in order.
fn house_clauses(
    f: &mut Formula,
    fam: &Families,
    vars: &CellVars,
    (shape, rules, enc, amo): (Shape, &Rules, Encoding, AmoEncoding),
    budget: &Budget,
) -> Result<(), EncodeError> {
    let n = shape.n();
    let lit = |r: usize, c: usize, v: usize| vars.var(r, c, v as u16).expect("dense").pos();
    let houses: Vec<_> = rules
        .house_iter(shape)
        .map(|h| (h.kind(), rules.house_cells(shape, h)))
        .collect();
    let mut buf: Vec<Lit> = Vec::with_capacity(n);
    for pass in 0..2 {
        if pass == 1 && !enc.has_house_alo() {
            break;
        }
        for (kind, cells) in &houses {
            ask(budget)?;
            let family = if pass == 0 {
                fam.amo(f, *kind)
            } else {
                fam.alo(f, *kind)
            };
            for v in 1..=n {
                buf.clear();
                buf.extend(cells.iter().map(|&(r, c)| lit(r, c, v)));
                if pass == 0 {
                    at_most_one(f, family, &buf, amo);
                } else {
                    at_least_one(f, family, &buf);
                }
            }
        }
    }
    Ok(())
}

/// About how many bytes a full encoding of an N×N grid takes to build and to load
/// into a SAT solver, the process's own `BASE_BYTES` included,
/// before anything is built.
pub fn full_bytes(n: usize, amo: AmoEncoding) -> u64 {
    use super::{BASE_BYTES, CLAUSE_BYTES, LITERAL_BYTES, VARIABLE_BYTES};
    let (clauses, literals) = estimated_size(n, amo);
    let vars = (n as u64).pow(3);
    clauses
        .saturating_mul(CLAUSE_BYTES)
        .saturating_add(literals.saturating_mul(LITERAL_BYTES))
        .saturating_add(vars.saturating_mul(VARIABLE_BYTES))
        .saturating_add(BASE_BYTES)
}

/// About how many bytes the reasoning model of an N×N grid takes (the extended
/// pairwise encoding and gridsat's propagator over it), before anything is built.
pub fn model_bytes(n: usize) -> u64 {
    use super::{BASE_BYTES, LITERAL_BYTES, MODEL_CLAUSE_BYTES, VARIABLE_BYTES};
    let (clauses, literals) = estimated_size(n, AmoEncoding::Pairwise);
    let vars = (n as u64).pow(3);
    clauses
        .saturating_mul(MODEL_CLAUSE_BYTES)
        .saturating_add(literals.saturating_mul(LITERAL_BYTES))
        .saturating_add(vars.saturating_mul(VARIABLE_BYTES))
        .saturating_add(BASE_BYTES)
}

/// A floor, in bytes, of the DIMACS text of any full encoding of an N×N grid with
/// `amo`, known before anything is built: every full encoding has the N² cell
/// at-least-one clauses (N³ literals) and an at-most-one per house and symbol, which
/// mentions each of its N literals (N−1 times each when pairwise); a literal takes at
/// least two bytes (`1 `), and with `names` each cell variable its `c var` line (at
/// least 14 bytes). A caller with a cap on the text refuses above it at once.
pub fn full_text_floor(n: usize, amo: AmoEncoding, names: bool) -> u64 {
    let n = n as u64;
    let cells = n.saturating_pow(3);
    let per_literal = match amo {
        AmoEncoding::Pairwise => n.saturating_sub(1),
        _ => 1,
    };
    let house_mentions = cells.saturating_mul(3).saturating_mul(per_literal);
    let literals = cells.saturating_add(house_mentions);
    let name_lines = if names { cells.saturating_mul(14) } else { 0 };
    literals.saturating_mul(2).saturating_add(name_lines)
}

/// What stopped the build, once `budget` runs out.
fn ask(budget: &Budget) -> Result<(), EncodeError> {
    budget
        .stop_reason()
        .map_or(Ok(()), |r| Err(EncodeError::Stopped(r)))
}

/// Refuses a full encoding of an `n`×`n` grid above [`MAX_FULL_CLAUSES`].
pub(super) fn check_size(n: usize, opts: &EncodeOptions) -> Result<(), EncodeError> {
    let clauses = estimated_clauses(n, opts.amo);
    if clauses > MAX_FULL_CLAUSES {
        return Err(EncodeError::TooLarge {
            encoding: opts.encoding.full(),
            n,
            clauses,
        });
    }
    Ok(())
}

/// Rough clause and literal counts of a full encoding of an N×N grid.
fn estimated_size(n: usize, amo: AmoEncoding) -> (u64, u64) {
    let clauses = estimated_clauses(n, amo);
    let literals = match amo {
        AmoEncoding::Pairwise => 2 * clauses,
        _ => 3 * clauses,
    };
    (clauses, literals)
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

/// The encoder's side of [`ClauseSink`]: cell literals of a full encoding, the chosen
/// at-most-one and cage-sum encodings.
struct Sink<'a> {
    f: &'a mut Formula,
    vars: &'a CellVars,
    n: usize,
    amo: AmoEncoding,
    cages: CageEncoding,
}

impl ClauseSink for Sink<'_> {
    fn n(&self) -> usize {
        self.n
    }

    fn lit(&self, r: usize, c: usize, v: u16) -> Lit {
        self.vars.var(r, c, v).expect("full encoding").pos()
    }

    fn family(&mut self, kind: ClauseFamily) -> FamilyId {
        family(self.f, kind)
    }

    fn add(&mut self, family: FamilyId, clause: &[Lit]) {
        self.f.add_clause(family, clause);
    }

    fn at_most_one(&mut self, family: FamilyId, lits: &[Lit]) {
        at_most_one(self.f, family, lits, self.amo);
    }

    fn cage_sum(&mut self, family: FamilyId, cage: &Cage) {
        let vars = self.vars;
        let x = |(r, c): (usize, usize), v: u16| vars.var(r, c, v).expect("full encoding").pos();
        encode_cage_sum(self.f, family, &x, self.n, cage, self.cages);
    }
}
