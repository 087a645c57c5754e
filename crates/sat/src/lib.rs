//! The solver-agnostic SAT layer of gridsat.
//!
//! Build a [`Formula`] from named variable [`Block`]s and named clause families, add
//! at-most-one / exactly-one constraints with a selectable [`AmoEncoding`], hand it to
//! any [`Backend`] (CaDiCaL built in, any external program, optionally batsat), and
//! write or read it as DIMACS.
//!
//! ```
//! use gridsat_sat::{Formula, AmoEncoding, Outcome, amo, default_backend};
//!
//! let mut f = Formula::new();
//! let x = f.new_named_block("x", &[3], |i| format!("colour {}", i[0]));
//! let alo = f.family("at least one colour");
//! let amo_f = f.family("at most one colour");
//! let lits: Vec<_> = (0..3).map(|i| x.var(&[i]).pos()).collect();
//! amo::exactly_one(&mut f, alo, amo_f, &lits, AmoEncoding::Pairwise);
//!
//! let mut solver = default_backend();
//! solver.add_formula(&f);
//! assert_eq!(solver.solve(&[x.var(&[1]).pos()]).unwrap(), Outcome::Sat);
//! assert_eq!(solver.value(x.var(&[0]).pos()), Some(false));
//! assert_eq!(f.describe(x.var(&[2])), "colour 2");
//! ```
//!
//! A formula of plain variables and clauses, solved by the default backend, its model
//! read back (indexed by [`Var::index`]):
//!
//! ```
//! use gridsat_sat::{Formula, Outcome, default_backend};
//!
//! let mut f = Formula::new();
//! let (a, b) = (f.new_var("a"), f.new_var("b"));
//! let rules = f.family("rules");
//! f.add_clause(rules, &[a.pos(), b.pos()]); // a or b
//! f.add_clause(rules, &[a.neg()]); // not a
//! let mut solver = default_backend();
//! solver.add_formula(&f);
//! assert_eq!(solver.solve(&[]).unwrap(), Outcome::Sat);
//! let model = solver.model(f.num_vars());
//! assert_eq!((model[a.index()], model[b.index()]), (false, true));
//! solver.add_clause(&[b.neg()]);
//! assert_eq!(solver.solve(&[]).unwrap(), Outcome::Unsat);
//! ```

#![warn(missing_docs)]
#![warn(clippy::too_many_lines)]

pub mod amo;
pub mod batch;
mod block;
mod budget;
pub mod dimacs;
mod formula;
mod lit;
pub mod names;
pub mod propagate;
pub mod solver;
mod store;
mod verdict;

pub use amo::AmoEncoding;
pub use block::Block;
pub use budget::{
    BadSeconds, Budget, MemoryExceeded, StopReason, Stopped, default_memory_limit, physical_memory,
    resident_memory, seconds,
};
pub use formula::{Family, FamilyId, FamilyKind, Formula};
pub use lit::{Lit, Var};
pub use solver::{
    Backend, BackendSpec, BackendSpecError, Interrupt, Limits, Outcome, SmallBackend, SolverError,
    default_backend, drop_aside,
};
pub use verdict::{Concludes, Conclusion};
