//! The Sudoku encodings: one variable per (cell, symbol), clause families per rule.
//!
//! The full encodings ([`Encoding::Minimal`], [`Encoding::Efficient`],
//! [`Encoding::Extended`]) have a variable for every (cell, value) and take every rule;
//! the reduced one has variables only for the candidates the givens leave, and is for
//! classic Sudoku. Variant rules add their clauses through [`crate::model::ClauseSink`].

mod cages;
mod full;
mod reduced;
mod vars;

pub use cages::CageEncoding;
pub use full::{
    MAX_FULL_CLAUSES, encode_rules, encode_rules_within, full_bytes, full_text_floor, model_bytes,
};
pub use reduced::{
    encode_candidates, encode_candidates_within, reduced_bytes, reduced_bytes_counted,
};
pub use vars::CellVars;

use crate::model::candidates::Candidates;
use crate::model::family::ClauseFamily;
use crate::model::grid::Grid;
use crate::model::rules::{Rules, RulesError};
use crate::model::symbols::Alphabet;
use gridsat_sat::{AmoEncoding, Budget, Formula, Lit, MemoryExceeded, StopReason};

gridsat_sat::named_enum! {
    /// The selectable encodings. 9×9 clause counts with pairwise at-most-one: minimal
    /// 8,829, efficient 11,745, extended 11,988.
    pub enum Encoding ("encoding") default Reduced {
        /// Cell at-least-one and house at-most-one: the fewest clauses that define Sudoku.
        Minimal = "minimal",
        /// Minimal plus cell at-most-one.
        Efficient = "efficient",
        /// Efficient plus house at-least-one: exactly-one everywhere, so that unit propagation finds hidden singles.
        Extended = "extended",
        /// Extended, restricted to the candidates the givens leave (Kwon & Jain 2006): the default for solving, fastest at every size.
        Reduced = "reduced",
    }
}

impl Encoding {
    /// The full encoding with the same clause families: `reduced` is `extended` over
    /// the candidates only.
    pub fn full(self) -> Encoding {
        match self {
            Encoding::Reduced => Encoding::Extended,
            e => e,
        }
    }

    fn has_cell_amo(self) -> bool {
        self != Encoding::Minimal
    }

    fn has_house_alo(self) -> bool {
        matches!(self, Encoding::Extended | Encoding::Reduced)
    }
}

gridsat_sat::named_enum! {
    /// How the givens enter a full (non-reduced) encoding.
    pub enum GivenMode ("given mode") default Assumptions {
        /// As assumptions, one per given, so that the solver can name the failed ones and a warm solver can be reused for the next puzzle.
        Assumptions = "assumptions",
        /// As unit clauses in family `given` (a self-contained DIMACS file).
        Units = "units",
    }
}

/// Everything that decides the formula.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
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
#[non_exhaustive]
pub struct Encoded {
    /// The CNF with named blocks and families.
    pub formula: Formula,
    /// Where each (cell, value) variable lives.
    pub vars: CellVars,
    /// Given literals to assume (empty for units and for `reduced`).
    pub assumptions: Vec<Lit>,
}

/// Why a formula was not built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// The rules do not fit the grid.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A full encoding would exceed [`MAX_FULL_CLAUSES`].
    #[error(
        "the {encoding} encoding of a {n}×{n} grid would need about {:.1e} clauses",
        *clauses as f64
    )]
    TooLarge {
        /// The encoding asked for.
        encoding: Encoding,
        /// The side.
        n: usize,
        /// The estimated clause count.
        clauses: u64,
    },
    /// Readable variable numbers (100·r + 10·c + d) exist for 9×9 only.
    #[error("readable variable numbers are for 9×9 grids only; this grid is {n}×{n}")]
    ReadableIds {
        /// The side.
        n: usize,
    },
    /// What the formula would need exceeds the memory budget.
    #[error(transparent)]
    Memory(#[from] MemoryExceeded),
    /// The budget ran out while the formula was being built.
    #[error("stopped while building the formula: {0}")]
    Stopped(StopReason),
    /// The reduced encoding with variant rules.
    #[error(
        "the reduced encoding is for classic Sudoku; variants use minimal, efficient or extended"
    )]
    ReducedVariant,
}

/// What a formula costs once loaded into a SAT solver, for the size estimates, per
/// clause, per literal and per variable, on top of [`BASE_BYTES`]. Measured (issue 22)
/// against the peak resident memory of `solve` on empty and sparse 25×25 to 81×81
/// grids: the formula keeps 6 bytes a clause and 4 a literal; CaDiCaL keeps a clause
/// header of 24 bytes rounded up by the allocator, a pointer in its clause list and
/// two 16-byte watches in lists that grow by doubling (about 80 bytes a clause and 4 a
/// literal); both keep some 200 bytes of arrays per variable.
pub(super) const CLAUSE_BYTES: u64 = 96;
/// See [`CLAUSE_BYTES`].
pub(super) const LITERAL_BYTES: u64 = 8;
/// See [`CLAUSE_BYTES`].
pub(super) const VARIABLE_BYTES: u64 = 200;
/// The process itself before any formula: code, the allocator's arenas, the reading
/// of the input (measured: about 20 MiB for `solve` of a 9×9).
pub const BASE_BYTES: u64 = 24 << 20;
/// What gridsat's own propagator (the reasoning model behind `rate`, `hint`,
/// `explain` and generation) costs per clause and per literal of a formula it keeps
/// beside its own copy: 14 and 8 bytes (ends, families, literals twice), and the
/// binary clauses in two 8-byte implication lists.
pub(super) const MODEL_CLAUSE_BYTES: u64 = 30;

/// About how many bytes `encode` would take for `puzzle` (an upper bound for the
/// reduced encoding), to ask a budget before building it.
pub fn estimated_bytes(puzzle: &Grid, opts: &EncodeOptions) -> u64 {
    match opts.encoding {
        Encoding::Reduced => reduced_bytes(&Candidates::from_givens(puzzle), opts.amo),
        _ => full_bytes(puzzle.n(), opts.amo),
    }
}

/// Refuses, before anything is built, an encoding of `puzzle` that would exceed the
/// memory ceiling of `budget` (or, for full encodings, [`MAX_FULL_CLAUSES`]).
pub fn admit(budget: &Budget, puzzle: &Grid, opts: &EncodeOptions) -> Result<(), EncodeError> {
    let n = puzzle.n();
    if opts.encoding != Encoding::Reduced {
        full::check_size(n, opts)?;
    }
    budget.admit(estimated_bytes(puzzle, opts), || {
        format!("the {} encoding of this {n}×{n} grid", opts.encoding)
    })?;
    Ok(())
}

/// Builds the formula for `puzzle` under `rules`. The `reduced` encoding is
/// classic-only; variants use the full encodings.
pub fn encode(puzzle: &Grid, rules: &Rules, opts: &EncodeOptions) -> Result<Encoded, EncodeError> {
    if opts.encoding == Encoding::Reduced {
        if !rules.is_classic() {
            return Err(EncodeError::ReducedVariant);
        }
        let cands = Candidates::from_givens(puzzle);
        return Ok(encode_candidates(&cands, opts.amo, opts.alphabet.clone()));
    }
    let (mut formula, vars) = encode_rules(puzzle.shape(), rules, opts)?;
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
    let fam = formula.kind_family(ClauseFamily::Given, ClauseFamily::Given.name());
    for p in puzzle.givens() {
        let l = vars.var(p.row, p.col, p.value).expect("dense").pos();
        match mode {
            GivenMode::Units => formula.add_clause(fam, &[l]),
            GivenMode::Assumptions => assumptions.push(l),
        }
    }
    assumptions
}

/// The names of cell variables: `r3c7=5`, or with an alphabet `r3c7=★`.
fn namer(alphabet: Option<Alphabet>) -> impl Fn(u32, u32, u16) -> String + Send + Sync + 'static {
    move |r, c, v| match &alphabet {
        Some(a) => format!("r{}c{}={}", r + 1, c + 1, a.symbol(v)),
        None => format!("r{}c{}={v}", r + 1, c + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::shape::Shape;
    use gridsat_sat::Var;

    fn count(enc: Encoding) -> usize {
        let opts = EncodeOptions {
            encoding: enc,
            ..Default::default()
        };
        encode_rules(Shape::for_side(9).unwrap(), &Rules::classic(), &opts)
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
        use crate::deduce::{Deduction, Presolve, deduce};
        use crate::model::geometry::Geometry;
        let line =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let v: Vec<u16> = line
            .bytes()
            .map(|b| b.checked_sub(b'0').filter(|&d| d <= 9).unwrap_or(0) as u16)
            .collect();
        let puzzle = Grid::from_values(Shape::new(3, 3).unwrap(), v).unwrap();
        let Deduction::Open(cands) = deduce(
            &Geometry::new(puzzle.shape()),
            &puzzle,
            Presolve::Probe,
            &gridsat_sat::Budget::unlimited(),
        ) else {
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
            solver.solve(&puzzle, &Rules::classic()).unwrap().verdict,
            crate::solve::Verdict::Unique
        );
    }

    #[test]
    fn huge_full_encodings_are_refused() {
        let opts = EncodeOptions {
            encoding: Encoding::Extended,
            ..Default::default()
        };
        let e = encode_rules(Shape::for_side(400).unwrap(), &Rules::classic(), &opts).unwrap_err();
        assert!(
            matches!(
                e,
                EncodeError::TooLarge {
                    n: 400,
                    encoding: Encoding::Extended,
                    ..
                }
            ),
            "{e}"
        );
        assert!(
            e.to_string().contains("would need about 5.1e10 clauses"),
            "{e}"
        );
    }

    #[test]
    fn readable_ids_follow_the_classic_numbering() {
        let opts = EncodeOptions {
            readable_ids: true,
            ..Default::default()
        };
        let (f, vars) =
            encode_rules(Shape::for_side(9).unwrap(), &Rules::classic(), &opts).unwrap();
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
        let e = encode(&g, &Rules::classic(), &opts).unwrap();
        // r1c3 and r1c4 may hold 3 or 4 only.
        assert_eq!(e.vars.var(0, 2, 1), None);
        assert!(e.vars.var(0, 2, 3).is_some());
        assert_eq!(e.vars.var(0, 0, 1), None);
        assert_eq!(e.formula.describe(e.vars.var(0, 3, 4).unwrap()), "r1c4=4");
        // 14 empty cells; the given-free count is 64 variables.
        assert!(e.formula.num_vars() < 64);
    }
}
