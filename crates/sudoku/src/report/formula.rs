//! The formula of one puzzle as `encode` writes it, chosen by name: the encoding, the
//! at-most-one encoding, readable 9×9 ids, cage sums, and deduction before a `reduced`
//! encoding. The command line's `encode`/`decode`, the Python package's `encode` and
//! the server's `/api/sudoku/encode` all build it here.

use crate::deduce::{Deduction, Presolve, deduce};
use crate::encode::{
    CageEncoding, EncodeError, EncodeOptions, Encoded, Encoding, GivenMode, admit, encode,
    encode_candidates, reduced_bytes,
};
use crate::io::parse::ParsedPuzzle;
use crate::model::candidates::Candidates;
use crate::model::geometry::Geometry;
use gridsat_sat::{AmoEncoding, Budget, MemoryExceeded, StopReason};

/// How to encode: the choices of `gridsat sudoku encode`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FormulaOptions {
    /// The encoding.
    pub encoding: Encoding,
    /// The at-most-one encoding.
    pub amo: AmoEncoding,
    /// Number 9×9 variables 100·row + 10·column + digit.
    pub readable_ids: bool,
    /// How killer cage sums are encoded.
    pub cages: CageEncoding,
    /// Deduction before a `reduced` encoding (classic puzzles only).
    pub presolve: Presolve,
}

impl Default for FormulaOptions {
    fn default() -> Self {
        FormulaOptions {
            encoding: Encoding::Extended,
            amo: AmoEncoding::default(),
            readable_ids: false,
            cages: CageEncoding::default(),
            presolve: Presolve::Off,
        }
    }
}

/// Why no formula was written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FormulaError {
    /// Readable ids asked of the `reduced` encoding.
    #[error("readable ids need a full encoding (minimal, efficient or extended)")]
    ReadableIdsReduced,
    /// Deduction before encoding asked of a variant.
    #[error("deduction before encoding is for classic Sudoku, not for variants")]
    PresolveVariant,
    /// Deduction before encoding asked of a full encoding.
    #[error("deduction before encoding applies to the reduced encoding only")]
    PresolveNotReduced,
    /// The encoder refused (too large, readable ids on a big grid, …).
    #[error(transparent)]
    Encode(EncodeError),
    /// The formula would not fit the memory budget.
    #[error(transparent)]
    Memory(MemoryExceeded),
    /// Deduction before encoding was stopped.
    #[error("deduction was stopped ({0})")]
    Stopped(StopReason),
    /// Deduction before encoding found that the puzzle has no solution.
    #[error("deduction alone shows that the puzzle has no solution")]
    NoSolution,
}

/// The formula of `p` with its givens as unit clauses, built within `budget`.
pub fn encode_formula(
    p: &ParsedPuzzle,
    o: &FormulaOptions,
    budget: &Budget,
) -> Result<Encoded, FormulaError> {
    let opts = EncodeOptions {
        encoding: o.encoding,
        amo: o.amo,
        givens: GivenMode::Units,
        readable_ids: o.readable_ids,
        alphabet: p.alphabet.as_deref().cloned(),
        cages: o.cages,
        ..EncodeOptions::default()
    };
    if o.readable_ids && o.encoding == Encoding::Reduced {
        return Err(FormulaError::ReadableIdsReduced);
    }
    if o.presolve != Presolve::Off {
        let cands = presolved(p, o, budget)?;
        let n = p.grid.n();
        budget
            .admit(reduced_bytes(&cands, o.amo), || {
                format!("the reduced encoding of this {n}×{n} grid")
            })
            .map_err(FormulaError::Memory)?;
        return Ok(encode_candidates(&cands, o.amo, opts.alphabet));
    }
    if p.rules.is_classic() || o.encoding != Encoding::Reduced {
        admit(budget, &p.grid, &opts).map_err(FormulaError::Encode)?;
    }
    encode(&p.grid, &p.rules, &opts).map_err(FormulaError::Encode)
}

/// The candidates deduction leaves for a presolved `reduced` encoding.
fn presolved(
    p: &ParsedPuzzle,
    o: &FormulaOptions,
    budget: &Budget,
) -> Result<Candidates, FormulaError> {
    if !p.rules.is_classic() {
        return Err(FormulaError::PresolveVariant);
    }
    if o.encoding != Encoding::Reduced {
        return Err(FormulaError::PresolveNotReduced);
    }
    match deduce(&Geometry::new(p.grid.shape()), &p.grid, o.presolve, budget) {
        Deduction::Open(c) => Ok(c),
        Deduction::Solved(g) => Ok(Candidates::from_givens(&g)),
        Deduction::Stopped(r) => Err(FormulaError::Stopped(r)),
        _ => Err(FormulaError::NoSolution),
    }
}
