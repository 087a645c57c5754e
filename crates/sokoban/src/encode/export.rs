//! One horizon's formula for other solvers (`gridsat sokoban encode`), exact: a plan of
//! at most the horizon exists iff the formula is satisfiable; and a solver's model of it
//! back to a verified plan (`gridsat sokoban decode`).
//!
//! The search's push encoding adds its reachability loop formulas lazily, so its
//! formula at a horizon is a relaxation (a sealed-off pocket "reached" by a cycle of
//! marks is not excluded until a model uses it). An export has no later call to add
//! them: it uses the layered reachability, which is exact. Every pruning family holds
//! for some shortest plan (waiting at the end), so with them the formula is still
//! satisfiable exactly when a plan of at most the horizon exists; `plain` leaves them
//! out all the same (the textbook encoding).

use super::Encoding;
use super::horizon::{Assignment, Decoded, HorizonEncoding};
use super::moves::{MoveEncoding, MoveOptions};
use super::pushes::{PushEncoding, PushOptions};
use super::reach::Reach;
use crate::analysis::{Unsolvable, analyse};
use crate::halt::{FORMULA_COST, Guard, Halt};
use crate::model::{Level, Plan};
use crate::replay::{ReplayError, Replayed, verify};
use gridsat_sat::{Budget, Formula};

/// What to export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExportOptions {
    /// The encoding (and the unit of the horizon).
    pub encoding: Encoding,
    /// Plans of at most this many pushes (or moves).
    pub horizon: usize,
    /// Leave out every pruning family.
    pub plain: bool,
    /// With `plain`, keep the families a certificate's checker re-derives on its own:
    /// dead squares, the push distances from the start boxes and to the goals, and
    /// the two waste budgets built on those distances (push encoding); dead squares,
    /// the distance family (walks from the start, lone-box pushes to the goals, the
    /// chessboard colour) and pairwise exactly-one (move encoding).
    pub checkable: bool,
    /// Only plans of at most this many pushes (move encoding): the push budget of the
    /// second formula of a `pushes,moves` certificate.
    pub max_pushes: Option<usize>,
}

impl ExportOptions {
    /// `encoding` at `horizon`, with the pruning families.
    pub fn new(encoding: Encoding, horizon: usize) -> ExportOptions {
        ExportOptions {
            encoding,
            horizon,
            plain: false,
            checkable: false,
            max_pushes: None,
        }
    }

    /// What a formula of these options states.
    fn claim(&self) -> String {
        let (enc, h, units) = (self.encoding, self.horizon, self.encoding.units());
        let what = match (enc, self.plain) {
            (Encoding::Moves, false) => "move encoding".to_string(),
            (Encoding::Moves, true) if self.checkable => {
                "move encoding with only dead squares, distances and the chessboard colour \
                 as pruning (pairwise exactly-one)"
                    .to_string()
            }
            (Encoding::Moves, true) => "move encoding without pruning".to_string(),
            (Encoding::Pushes, false) => {
                "push encoding (player reachability by BFS layers)".to_string()
            }
            (Encoding::Pushes, true) if self.checkable => {
                "push encoding with only dead squares, push distances and waste budgets \
                 as pruning (player reachability by BFS layers)"
                    .to_string()
            }
            (Encoding::Pushes, true) => {
                "push encoding without pruning (player reachability by BFS layers)".to_string()
            }
        };
        let budget = match (enc, self.max_pushes) {
            (Encoding::Moves, Some(p)) => format!(" and at most {p} pushes"),
            _ => String::new(),
        };
        format!(
            "{what}: a plan of at most {h} {units}{budget} exists iff this formula is satisfiable"
        )
    }
}

/// A formula for one horizon, with the goal asserted, and what its satisfiability means.
#[derive(Debug)]
#[non_exhaustive]
pub struct Export {
    /// The formula (variables and families named).
    pub formula: Formula,
    /// What the formula states, for a comment line: "push encoding (…): a plan of at
    /// most 12 pushes exists iff this formula is satisfiable".
    pub claim: String,
}

/// Why there is no formula to export.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExportError {
    /// The level has no solution at all (found before building anything).
    #[error("unsolvable: {0}")]
    Unsolvable(Unsolvable),
    /// The budget ran out, or the formula would not fit its memory ceiling.
    #[error("{0}")]
    Halted(Halt),
}

impl From<Halt> for ExportError {
    fn from(h: Halt) -> ExportError {
        ExportError::Halted(h)
    }
}

/// The encoding of `opts` at its horizon with "goal at T" asserted, built within
/// `budget` (a formula that would exceed its memory ceiling is refused while it grows).
fn build(
    level: &Level,
    opts: &ExportOptions,
    budget: &Budget,
) -> Result<Box<dyn HorizonEncoding>, ExportError> {
    let analysis = analyse(level, budget)?.map_err(ExportError::Unsolvable)?;
    let board = &analysis.board;
    let guard = Guard::new(budget, FORMULA_COST);
    let mut enc: Box<dyn HorizonEncoding> = match opts.encoding {
        Encoding::Moves => {
            let mut mo = if opts.plain {
                let mut mo = MoveOptions::plain();
                mo.dead_squares = opts.checkable;
                mo.distance = opts.checkable;
                mo.pairwise = opts.checkable;
                mo
            } else {
                MoveOptions::default()
            };
            mo.max_pushes = opts.max_pushes;
            Box::new(MoveEncoding::new(board, mo, guard))
        }
        Encoding::Pushes => {
            let mut po = if opts.plain {
                let mut po = PushOptions::plain();
                po.dead_squares = opts.checkable;
                po.distance = opts.checkable;
                po.waste = opts.checkable;
                po
            } else {
                PushOptions::default()
            };
            po.reach = Reach::Layers;
            Box::new(PushEncoding::new(board, po, guard))
        }
    };
    while enc.horizon() < opts.horizon && enc.halted().is_none() {
        enc.extend();
    }
    let goal = enc.goal(opts.horizon);
    if let Some(h) = enc.halted() {
        return Err(h.clone().into());
    }
    enc.assert_goal(goal);
    Ok(enc)
}

/// The exact formula of `opts` (see the module documentation), or why the level has
/// no solution at all.
pub fn export(level: &Level, opts: &ExportOptions, budget: &Budget) -> Result<Export, ExportError> {
    let enc = build(level, opts, budget)?;
    Ok(Export {
        formula: enc.into_formula(),
        claim: opts.claim(),
    })
}

/// Why a model is not a plan.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The formula could not be built.
    #[error(transparent)]
    Export(#[from] ExportError),
    /// A literal names a variable the formula does not have.
    #[error("literal {literal} is beyond the formula's {variables} variables")]
    Beyond {
        /// The literal.
        literal: i32,
        /// The formula's variables.
        variables: u32,
    },
    /// The model falsifies a clause.
    #[error("the model falsifies clause {clause} (family '{family}')")]
    Falsified {
        /// The clause, from 1 (its place in the DIMACS file).
        clause: usize,
        /// Its family.
        family: String,
    },
    /// The model satisfies the formula but its pushes cannot be played.
    #[error("the model's push {0} cannot be made")]
    Unplayable(usize),
    /// The model's plan does not replay to a solution.
    #[error("the model's plan does not solve the level ({0})")]
    NotAPlan(ReplayError),
}

/// The plan in a model of the formula of `opts` (the literals a solver printed; absent
/// variables count as false), checked against the formula and by the replay simulator.
pub fn decode_model(
    level: &Level,
    opts: &ExportOptions,
    literals: &[i32],
    budget: &Budget,
) -> Result<(Plan, Replayed), ModelError> {
    let mut enc = build(level, opts, budget)?;
    let f = enc.formula();
    let variables = f.num_vars();
    let mut values = vec![false; variables as usize + 1];
    for &l in literals {
        let v = l.unsigned_abs();
        if v > variables {
            return Err(ModelError::Beyond {
                literal: l,
                variables,
            });
        }
        values[v as usize] = l > 0;
    }
    if let Some(i) = f.first_falsified(&values[1..]) {
        return Err(ModelError::Falsified {
            clause: i + 1,
            family: f.family_info(f.clause_family(i)).name.clone(),
        });
    }
    let plan = match enc.decode(&Assignment(values), opts.horizon) {
        Decoded::Plan(plan, _) => plan,
        Decoded::Spurious { push } => return Err(ModelError::Unplayable(push + 1)),
        Decoded::Refined => unreachable!("the layered reachability needs no refinement"),
    };
    let replayed = verify(level, &plan).map_err(ModelError::NotAPlan)?;
    Ok((plan, replayed))
}
