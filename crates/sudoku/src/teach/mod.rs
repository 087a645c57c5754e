//! Teaching: checks a student's Sudoku encoding and answers with a counterexample and
//! the rule it breaks, not just a verdict.
//!
//! Given the student's clauses ([`Student`]) and their variable mapping ([`VarMap`]),
//! [`check_encoding`] asks a CDCL solver:
//! - *sound?* for each reference family, a model of their formula that breaks one of its
//!   rules (`row 3 holds 5 twice`), or a proof that none exists;
//! - *complete?* a valid grid (of the puzzle, when given) their formula forbids, with
//!   the clauses it falsifies, or a proof (or, with auxiliary variables, a sample);
//! - which of their clauses the others imply (by unit propagation), and their size
//!   beside gridsat's encodings.
//!
//! Every counterexample is checked again before it is returned: the model against the
//! student's clauses, the broken rule against the cells, and a filled grid by the
//! independent checker.

mod broken;
mod complete;
mod json;
mod mapping;
mod redundant;
mod show;
mod sight;
mod sound;
mod student;

pub use broken::Broken;
pub use json::json;
pub use mapping::{MappingError, VarMap};
pub use redundant::Redundancy;
pub use show::{cells_picture, clause_text, text};
pub use student::Student;

use crate::encode::{EncodeOptions, Encoding, encode_rules};
use crate::model::family::ClauseFamily;
use crate::model::grid::Grid;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use gridsat_sat::{AmoEncoding, Backend, BackendSpec, Budget, SolverError, StopReason};

/// Why an encoding could not be checked.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TeachError {
    /// The student's DIMACS text is malformed.
    #[error("line {line}, column {column}: {message}")]
    Dimacs {
        /// The 1-based line.
        line: usize,
        /// The 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A literal of a clause list is 0 or out of range.
    #[error(
        "clause {clause}, literal {position}: {value} is not a DIMACS literal (a nonzero whole number)"
    )]
    Literal {
        /// The clause (1-based).
        clause: usize,
        /// The literal's place in it (1-based).
        position: usize,
        /// What was given.
        value: i64,
    },
    /// The mapping is malformed or not one to one.
    #[error(transparent)]
    Mapping(#[from] MappingError),
    /// The grid size or the puzzle does not fit.
    #[error("{0}")]
    Size(String),
    /// The solver failed.
    #[error(transparent)]
    Solver(#[from] SolverError),
    /// The budget ran out.
    #[error("stopped: {0}")]
    Stopped(StopReason),
    /// A counterexample did not pass its check (a bug in gridsat: please report it).
    #[error("internal check failed: {0}")]
    Verification(String),
}

/// How to check.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct TeachOptions {
    /// The SAT solver.
    pub solver: BackendSpec,
    /// With auxiliary variables: how many valid grids to try.
    pub samples: usize,
    /// The seed of the sampled grids.
    pub seed: u64,
    /// Look for redundant clauses.
    pub redundancy: bool,
}

impl TeachOptions {
    /// Random valid grids tried when the encoding has auxiliary variables.
    pub const DEFAULT_SAMPLES: usize = 100;
    /// The seed of those grids.
    pub const DEFAULT_SEED: u64 = 1;
}

impl Default for TeachOptions {
    fn default() -> Self {
        TeachOptions {
            solver: BackendSpec::Cadical,
            samples: Self::DEFAULT_SAMPLES,
            seed: Self::DEFAULT_SEED,
            redundancy: true,
        }
    }
}

/// A model of the student's formula that is not a valid grid.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Counterexample {
    /// The rule it breaks.
    pub broken: Broken,
    /// The symbols each cell holds in the model, row by row (none, one or several).
    pub cells: Vec<Vec<u16>>,
}

/// The answer for one reference family.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome3 {
    /// Every model keeps the family's rules (proved: the query is unsatisfiable).
    Kept,
    /// Kept, by counting from families proved kept (see the text of the report).
    Implied,
    /// A model that breaks one of its rules.
    Broken(Counterexample),
    /// The budget ran out first.
    Unknown,
}

/// One reference family and whether the student's formula keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FamilyCheck {
    /// The family.
    pub family: ClauseFamily,
    /// Kept, broken (with a counterexample) or unknown.
    pub outcome: Outcome3,
}

/// A valid grid the student's formula forbids.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Forbidden {
    /// The grid, accepted by the independent checker.
    pub grid: Grid,
    /// The student clauses (0-based) it falsifies outright.
    pub falsified: Vec<usize>,
    /// With auxiliary variables: placements of the grid that together leave the
    /// clauses unsatisfiable (0-based row and column, symbol from 1).
    pub core: Vec<(usize, usize, u16)>,
}

/// Whether the student's formula allows every valid grid.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Completeness {
    /// Proved: no valid grid falsifies any clause.
    Proved,
    /// Auxiliary variables: no counterexample among this many valid grids.
    Sampled {
        /// The grids tried.
        grids: usize,
    },
    /// A valid grid the formula forbids.
    Forbidden(Forbidden),
    /// The budget ran out after this many grids.
    Unknown {
        /// The grids tried.
        tried: usize,
    },
}

/// Sizes of the student's formula and of gridsat's encodings of the same grid.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Sizes {
    /// The student's clauses.
    pub clauses: usize,
    /// The student's literals.
    pub literals: usize,
    /// The student's variables outside the mapping.
    pub auxiliary: usize,
    /// gridsat's minimal, efficient and extended encodings (pairwise): clause counts.
    pub reference: Vec<(Encoding, usize)>,
}

/// Everything the check found.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Assessment {
    /// The side of the grid.
    pub n: usize,
    /// How the mapping was given.
    pub mapping: String,
    /// The puzzle's givens, when a puzzle was given.
    pub givens: usize,
    /// Soundness, family by family.
    pub families: Vec<FamilyCheck>,
    /// Completeness.
    pub completeness: Completeness,
    /// Redundant clauses (when asked for).
    pub redundancy: Option<Redundancy>,
    /// Sizes.
    pub sizes: Sizes,
}

impl Assessment {
    /// True when a counterexample was found (unsound or incomplete).
    pub fn found_problem(&self) -> bool {
        self.families
            .iter()
            .any(|f| matches!(f.outcome, Outcome3::Broken(_)))
            || matches!(self.completeness, Completeness::Forbidden(_))
    }

    /// True when every family is kept (proved, or by counting).
    pub fn sound(&self) -> bool {
        self.families
            .iter()
            .all(|f| matches!(f.outcome, Outcome3::Kept | Outcome3::Implied))
    }

    /// True when some question was left unanswered by the budget.
    pub fn stopped(&self) -> bool {
        self.families
            .iter()
            .any(|f| matches!(f.outcome, Outcome3::Unknown))
            || matches!(self.completeness, Completeness::Unknown { .. })
    }
}

/// A solver with the budget's limits.
fn new_solver(spec: &BackendSpec, budget: &Budget) -> Result<Box<dyn Backend>, TeachError> {
    let mut s = spec.build()?;
    s.set_budget(budget);
    Ok(s)
}

/// Checks the student's encoding of an `n`×`n` classic Sudoku (with `puzzle`'s givens,
/// when given): soundness, completeness, redundancy and sizes.
pub fn check_encoding(
    student: &Student,
    map: &VarMap,
    puzzle: Option<&Grid>,
    opts: &TeachOptions,
    budget: &Budget,
) -> Result<Assessment, TeachError> {
    let n = map.n();
    let shape = Shape::for_side(n).map_err(|e| TeachError::Size(e.to_string()))?;
    if n > 25 {
        return Err(TeachError::Size(format!(
            "encodings of grids up to 25×25 are checked; this one is {n}×{n}"
        )));
    }
    if let Some(p) = puzzle.filter(|p| p.n() != n) {
        let m = p.n();
        return Err(TeachError::Size(format!(
            "the puzzle is {m}×{m} but the mapping is for {n}×{n}"
        )));
    }
    let families = sound::check_families(student, map, shape, puzzle, &opts.solver, budget)?;
    let setting = complete::Setting {
        student,
        map,
        shape,
        puzzle,
        spec: &opts.solver,
        budget,
        samples: opts.samples,
        seed: opts.seed,
    };
    let completeness = complete::check_complete(&setting)?;
    let redundancy = opts
        .redundancy
        .then(|| redundant::redundant(student, budget));
    Ok(Assessment {
        n,
        mapping: map.description.clone(),
        givens: puzzle.map_or(0, Grid::num_givens),
        families,
        completeness,
        redundancy,
        sizes: sizes(student, map, shape),
    })
}

fn sizes(student: &Student, map: &VarMap, shape: Shape) -> Sizes {
    let mut aux: Vec<u32> = student
        .clauses()
        .iter()
        .flatten()
        .map(|l| l.var().get())
        .filter(|&v| map.cell_of(v).is_none())
        .collect();
    aux.sort_unstable();
    aux.dedup();
    let count = |encoding| {
        let opts = EncodeOptions {
            encoding,
            amo: AmoEncoding::Pairwise,
            ..Default::default()
        };
        encode_rules(shape, &Rules::classic(), &opts).map_or(0, |(f, _)| f.num_clauses())
    };
    let full = [Encoding::Minimal, Encoding::Efficient, Encoding::Extended];
    Sizes {
        clauses: student.clauses().len(),
        literals: student.literals(),
        auxiliary: aux.len(),
        reference: full.into_iter().map(|e| (e, count(e))).collect(),
    }
}

#[cfg(test)]
mod tests;
