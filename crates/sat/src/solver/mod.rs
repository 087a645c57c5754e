//! Solver backends behind one small incremental interface.

#[cfg(feature = "batsat")]
mod batsat;
#[cfg(feature = "cadical")]
mod cadical;
mod enumerate;
mod external;
#[cfg(feature = "cadical")]
mod folder;
mod portfolio;
#[cfg(feature = "cadical")]
mod proof;
#[cfg(feature = "cadical")]
mod refute;
mod small;

#[cfg(feature = "batsat")]
pub use self::batsat::BatsatBackend;
#[cfg(feature = "cadical")]
pub use self::cadical::CadicalBackend;
pub use enumerate::Models;
pub use external::{ExternalBackend, ExternalCommand};
#[cfg(feature = "cadical")]
pub use folder::{CertificateFolder, FolderError, certificate_file, prepare as prepare_folder};
pub use portfolio::Portfolio;
#[cfg(feature = "cadical")]
pub use proof::{ProofOutcome, solve_with_proof, solve_with_proof_into};
#[cfg(feature = "cadical")]
pub use refute::{
    Certified, Refutation, RefuteError, create_new, write_file, write_proof, write_refutation,
};
pub use small::SmallBackend;

use crate::budget::Budget;
pub use crate::budget::Interrupt;
use crate::formula::Formula;
use crate::lit::{Lit, Var};
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

/// The answer of one `solve` call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A model was found; read it with [`Backend::value`].
    Sat,
    /// No model under the assumptions; [`Backend::failed`] names the guilty ones.
    Unsat,
    /// A limit was reached or the search was interrupted.
    Unknown,
}

/// Resource limits applied to every later `solve` call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Give up (with [`Outcome::Unknown`]) after this many conflicts in one call.
    pub conflicts: Option<u64>,
    /// Give up when this instant has passed.
    pub deadline: Option<Instant>,
}

impl Limits {
    /// True when the deadline has passed.
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Errors a backend can report (the built-in ones only fail through misuse; the external
/// one fails when the program cannot run or answers something unreadable).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolverError {
    /// The backend asked for is not part of this build.
    #[error("this gridsat was built without {solver} (rebuild with the cargo feature `{feature}`)")]
    NotBuilt {
        /// The solver's name.
        solver: &'static str,
        /// The cargo feature of `gridsat-sat` that builds it in.
        feature: &'static str,
    },
    /// A solver configuration name was not understood.
    #[error("CaDiCaL configuration '{config}': {message}")]
    Config {
        /// The configuration asked for.
        config: String,
        /// What the solver said.
        message: String,
    },
    /// Writing the formula or reading the answer failed.
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The external solver could not be started.
    #[error("cannot run external solver '{program}': {source}")]
    Spawn {
        /// The program name.
        program: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The external solver's answer could not be understood.
    #[error("external solver '{program}' {problem}")]
    BadAnswer {
        /// The program name.
        program: String,
        /// What was wrong with the answer.
        problem: String,
    },
}

/// Clauses from which [`drop_aside`] frees a solver on a thread of its own.
pub const ASIDE_CLAUSES: usize = 1 << 20;

/// Drops `backend` on a thread of its own when it holds `clauses` ≥ [`ASIDE_CLAUSES`]
/// clauses: CaDiCaL frees its clauses one by one (4.5 s for 4·10⁷ of them, measured on
/// an 81×81), time that a caller under a time limit should not wait for. A process
/// that ends meanwhile leaves the freeing to the system.
pub fn drop_aside(backend: Box<dyn Backend>, clauses: usize) {
    if clauses < ASIDE_CLAUSES {
        return;
    }
    // If no thread can be started, the closure (and the solver) is dropped here.
    let _ = std::thread::Builder::new()
        .name("drop-solver".into())
        .spawn(move || drop(backend));
}

/// An incremental SAT solver: clauses may be added between calls, each call may assume
/// literals, and an unsatisfiable call says which assumptions were to blame.
pub trait Backend: Send {
    /// Name and version, e.g. `"cadical-1.9.5"`.
    fn name(&self) -> String;

    /// Adds a clause (kept for all later calls).
    fn add_clause(&mut self, clause: &[Lit]);

    /// Makes sure variables `1..=num_vars` exist (a variable in no clause stays free).
    fn reserve(&mut self, num_vars: u32);

    /// Solves under `assumptions`, which hold for this call only.
    fn solve(&mut self, assumptions: &[Lit]) -> Result<Outcome, SolverError>;

    /// The value of `lit` in the model of the last satisfiable call (`None` when the
    /// solver left it unassigned, which means either value works).
    fn value(&self, lit: Lit) -> Option<bool>;

    /// After an unsatisfiable call, true when assumption `lit` is part of the reason.
    /// Backends that cannot tell answer true for every assumption (always sound).
    fn failed(&self, lit: Lit) -> bool;

    /// Sets limits for later calls.
    fn set_limits(&mut self, limits: Limits);

    /// Makes later calls honour `budget`: its deadline (replacing any conflict limit)
    /// and its interrupt flag, when it has one.
    fn set_budget(&mut self, budget: &Budget) {
        self.set_limits(Limits {
            conflicts: None,
            deadline: budget.deadline(),
        });
        if let Some(flag) = budget.interrupt() {
            self.watch(flag.clone());
        }
        if let Some(memory) = budget.memory_watch() {
            self.watch_memory(memory);
        }
    }

    /// Makes the search stop (answering unknown) once `memory` says the process holds
    /// more than its ceiling: what the solver learns is in no estimate. Backends without
    /// a stop hook ignore it.
    fn watch_memory(&mut self, _memory: Budget) {}

    /// A handle that interrupts this solver's searches from another thread.
    fn interrupt_handle(&self) -> Interrupt;

    /// Makes this solver watch `flag` (shared with others, e.g. a Ctrl-C handler)
    /// instead of its own interrupt flag.
    fn watch(&mut self, flag: Interrupt);

    /// Asks the backend to decide variables created from now on true first (a hint;
    /// backends without a phase interface ignore it). On exactly-one structures, such
    /// as Sudoku's cell variables, a true decision propagates far more than a false one.
    fn prefer_true(&mut self) {}

    /// Asks the backend to count conflicts (it may cost a little; CaDiCaL counts them
    /// through its learned-clause hook).
    fn count_conflicts(&mut self) {}

    /// Conflicts counted over all calls so far, when the backend counts them.
    fn conflicts(&self) -> Option<u64> {
        None
    }

    /// Up to `max` models under `assumptions` that differ on `projection`: after each
    /// model, the clause of the negated projection variables it sets true, plus the
    /// `guard` literals (e.g. a retired activation literal), is added, so later models
    /// falsify at least one of them. For exactly-one groups, such as a Sudoku's cells,
    /// that means "differs somewhere". The blocking clauses may stay in the solver
    /// (batsat keeps them as learnt lemmas): add a guard to retire them when later
    /// calls must not see them.
    ///
    /// By default one `solve` call per model; batsat blocks each model inside one
    /// search, which then goes on from where it found the model instead of restarting.
    fn enumerate(
        &mut self,
        assumptions: &[Lit],
        projection: &[Var],
        guard: &[Lit],
        max: usize,
    ) -> Result<Models, SolverError> {
        enumerate::by_repeated_calls(self, assumptions, projection, guard, max)
    }

    /// Adds every clause of `f` and reserves its variables.
    fn add_formula(&mut self, f: &Formula) {
        self.reserve(f.num_vars());
        for (_, clause) in f.clauses() {
            self.add_clause(clause);
        }
    }

    /// The model of the last satisfiable call as a vector indexed by
    /// [`crate::Var::index`], for variables `1..=num_vars` (unassigned counts as false).
    fn model(&self, num_vars: u32) -> Vec<bool> {
        (1..=num_vars)
            .map(|v| self.value(crate::Var::new(v).pos()).unwrap_or(false))
            .collect()
    }
}

/// Which backend to use, as written on a command line: `auto`, `cadical`, `batsat` or
/// `external:CMD [ARGS…]`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum BackendSpec {
    /// CaDiCaL, except for one-shot formulas: up to [`SMALL_CORE_CLAUSES`] clauses the
    /// small core ([`SmallBackend`]), up to [`AUTO_SMALL_CLAUSES`] batsat — their
    /// start-up and per-conflict costs are lower on such tiny formulas (measured in
    /// BENCHMARKS.md). Without the batsat feature, CaDiCaL above the small core's size.
    #[default]
    Auto,
    /// The built-in CaDiCaL.
    Cadical,
    /// The pure-Rust batsat (cargo feature `batsat`).
    Batsat,
    /// gridsat's own small CDCL core ([`SmallBackend`]), for formulas of a few hundred
    /// variables; always built in.
    Small,
    /// CaDiCaL's default and `sat` configurations racing on two threads.
    Portfolio,
    /// Any SAT-competition-style program.
    External(ExternalCommand),
}

/// `auto` sends one-shot formulas up to this many clauses to batsat: measured faster on
/// 9×9 reduced formulas (1,000–3,000 clauses), slower from about 18,000 (25×25).
pub const AUTO_SMALL_CLAUSES: usize = 10_000;

/// `auto` sends one-shot formulas up to this many clauses to the small core
/// ([`SmallBackend`]): every 9×9 reduced formula (1,000–3,000 clauses), where it was
/// measured faster than batsat (bench/runs/2026-12-06-small-cdcl.md); larger one-shot
/// formulas stay on batsat up to [`AUTO_SMALL_CLAUSES`].
pub const SMALL_CORE_CLAUSES: usize = 5_000;

/// Why a solver name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BackendSpecError {
    /// Not one of the names.
    #[error("unknown solver '{given}' (expected {})", BackendSpec::expected())]
    Unknown {
        /// The name given.
        given: String,
    },
    /// `external:` without a program.
    #[error("external solver needs a command, e.g. external:minisat")]
    NoCommand,
}

impl BackendSpec {
    /// Every way to name a solver, with a line of help each: the command line's help
    /// and its error messages are made from this list.
    pub const CHOICES: &'static [(&'static str, &'static str)] = &[
        (
            "auto",
            "for one-shot formulas the small core up to 5,000 clauses, batsat up to 10,000; CaDiCaL otherwise",
        ),
        ("cadical", "the built-in CaDiCaL"),
        (
            "batsat",
            "the built-in batsat, a pure-Rust MiniSat descendant",
        ),
        (
            "small",
            "gridsat's own CDCL core for formulas of a few hundred variables",
        ),
        (
            "portfolio",
            "CaDiCaL's default and `sat` configurations racing on two threads",
        ),
        (
            "external:CMD",
            "any SAT-competition program, e.g. external:kissat or external:minisat",
        ),
    ];

    /// The list of choices as help text: `auto (…), cadical (…), …`.
    pub fn help() -> String {
        Self::CHOICES
            .iter()
            .map(|(name, help)| format!("{name} ({help})"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn expected() -> String {
        either(Self::CHOICES.iter().map(|c| c.0))
    }

    /// The one refusal of an external solver where no program may be run (the web
    /// server's requests, of every puzzle family): `Ok` for a built-in backend, and for
    /// `external:…` the message `external solver programs are not run here; use auto,
    /// cadical, batsat, small or portfolio` (every built-in of [`BackendSpec::CHOICES`]).
    ///
    /// ```
    /// use gridsat_sat::BackendSpec;
    ///
    /// assert!(BackendSpec::Cadical.refuse_external().is_ok());
    /// let e: BackendSpec = "external:minisat".parse().unwrap();
    /// assert!(e.refuse_external().unwrap_err().ends_with("small or portfolio"));
    /// ```
    pub fn refuse_external(&self) -> Result<(), String> {
        match self {
            BackendSpec::External(_) => Err(format!(
                "external solver programs are not run here; use {}",
                Self::built_in_names()
            )),
            _ => Ok(()),
        }
    }

    /// The built-in backends' names as a list to read: `auto, cadical, batsat or
    /// portfolio`.
    fn built_in_names() -> String {
        let names = Self::CHOICES.iter().map(|c| c.0);
        either(names.filter(|n| !n.starts_with("external:")))
    }

    /// Builds a fresh solver of this kind for a formula whose size is not known, or
    /// that will grow (incremental use): `auto` means CaDiCaL.
    pub fn build(&self) -> Result<Box<dyn Backend>, SolverError> {
        match self {
            #[cfg(feature = "cadical")]
            BackendSpec::Cadical | BackendSpec::Auto => Ok(Box::new(CadicalBackend::new())),
            #[cfg(all(not(feature = "cadical"), feature = "batsat"))]
            BackendSpec::Auto => Ok(Box::new(BatsatBackend::new())),
            #[cfg(not(feature = "cadical"))]
            BackendSpec::Cadical | BackendSpec::Portfolio => Err(SolverError::NotBuilt {
                solver: "CaDiCaL",
                feature: "cadical",
            }),
            #[cfg(feature = "batsat")]
            BackendSpec::Batsat => Ok(Box::new(BatsatBackend::new())),
            #[cfg(not(feature = "batsat"))]
            BackendSpec::Batsat => Err(SolverError::NotBuilt {
                solver: "batsat",
                feature: "batsat",
            }),
            #[cfg(feature = "cadical")]
            BackendSpec::Portfolio => Ok(Box::new(Portfolio::new(vec![
                Box::new(CadicalBackend::new()),
                Box::new(CadicalBackend::with_config("sat")?),
            ]))),
            BackendSpec::Small => Ok(Box::new(SmallBackend::new())),
            BackendSpec::External(cmd) => Ok(Box::new(ExternalBackend::new(cmd.clone()))),
        }
    }

    /// True when a one-shot formula of `clauses` clauses goes to the small core
    /// ([`SmallBackend`]): always for `small`, and for `auto` up to
    /// [`SMALL_CORE_CLAUSES`]. A caller solving many such formulas may keep one
    /// [`SmallBackend`] and [`SmallBackend::reset`] it between them instead of calling
    /// [`BackendSpec::build_for`].
    pub fn small_core_for(&self, clauses: usize) -> bool {
        match self {
            BackendSpec::Small => true,
            BackendSpec::Auto => clauses <= SMALL_CORE_CLAUSES,
            _ => false,
        }
    }

    /// Builds a fresh solver for a one-shot formula of `clauses` clauses; `auto` picks
    /// batsat for small ones (when built in) and CaDiCaL otherwise. batsat on a small
    /// formula gets the options tuned for it ([`BatsatBackend::for_small_formulas`]).
    pub fn build_for(&self, clauses: usize) -> Result<Box<dyn Backend>, SolverError> {
        if self.small_core_for(clauses) {
            return Ok(Box::new(SmallBackend::new()));
        }
        #[cfg(feature = "batsat")]
        if matches!(self, BackendSpec::Auto | BackendSpec::Batsat) && clauses <= AUTO_SMALL_CLAUSES
        {
            return Ok(Box::new(BatsatBackend::for_small_formulas()));
        }
        let _ = clauses;
        self.build()
    }
}

impl FromStr for BackendSpec {
    type Err = BackendSpecError;
    fn from_str(s: &str) -> Result<Self, BackendSpecError> {
        match s {
            "auto" => Ok(BackendSpec::Auto),
            "cadical" => Ok(BackendSpec::Cadical),
            "batsat" => Ok(BackendSpec::Batsat),
            "small" => Ok(BackendSpec::Small),
            "portfolio" => Ok(BackendSpec::Portfolio),
            _ => match s.strip_prefix("external:") {
                Some(cmd) => cmd.parse().map(BackendSpec::External),
                None => Err(BackendSpecError::Unknown {
                    given: s.to_string(),
                }),
            },
        }
    }
}

impl fmt::Display for BackendSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackendSpec::Auto => f.write_str("auto"),
            BackendSpec::Cadical => f.write_str("cadical"),
            BackendSpec::Batsat => f.write_str("batsat"),
            BackendSpec::Small => f.write_str("small"),
            BackendSpec::Portfolio => f.write_str("portfolio"),
            BackendSpec::External(c) => write!(f, "external:{c}"),
        }
    }
}

/// `a, b or c`.
fn either<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    let (last, rest) = names.split_last().expect("choices");
    format!("{} or {last}", rest.join(", "))
}

/// The built-in default backend (CaDiCaL, or batsat when built without it).
pub fn default_backend() -> Box<dyn Backend> {
    #[cfg(feature = "cadical")]
    return Box::new(CadicalBackend::new());
    #[cfg(all(not(feature = "cadical"), feature = "batsat"))]
    return Box::new(BatsatBackend::new());
    #[cfg(all(not(feature = "cadical"), not(feature = "batsat")))]
    compile_error!("gridsat-sat needs the cadical or the batsat feature");
}

#[cfg(test)]
mod tests {
    use super::*;
    fn lit(n: i32) -> Lit {
        Lit::from_dimacs(n)
    }

    /// The contract every built-in backend must keep.
    pub(crate) fn exercise(s: &mut dyn Backend) {
        // (1 ∨ 2) ∧ (¬1 ∨ 2) ∧ (¬2 ∨ 3)
        s.add_clause(&[lit(1), lit(2)]);
        s.add_clause(&[lit(-1), lit(2)]);
        s.add_clause(&[lit(-2), lit(3)]);
        assert_eq!(s.solve(&[]).unwrap(), Outcome::Sat);
        assert_eq!(s.value(lit(2)), Some(true));
        assert_eq!(s.value(lit(3)), Some(true));
        assert_eq!(s.value(lit(-3)), Some(false));
        // Assuming ¬3 is contradictory; the failed assumption is ¬3, not the bystander 4.
        s.reserve(4);
        assert_eq!(s.solve(&[lit(4), lit(-3)]).unwrap(), Outcome::Unsat);
        assert!(s.failed(lit(-3)));
        // The assumption was only for that call.
        assert_eq!(s.solve(&[]).unwrap(), Outcome::Sat);
        // Clauses added between calls stay.
        s.add_clause(&[lit(-3)]);
        assert_eq!(s.solve(&[]).unwrap(), Outcome::Unsat);
    }

    /// A backend holding a hard formula (`pigeonhole`) stops with `Unknown` at a
    /// conflict limit, a deadline, an interrupt from another thread and a shared flag set
    /// before the call, each within two seconds; that flag is returned, still set.
    pub(crate) fn stops_at_each_limit(s: &mut dyn Backend) -> Interrupt {
        use std::time::{Duration, Instant};
        s.set_limits(Limits {
            conflicts: Some(100),
            deadline: None,
        });
        assert_eq!(s.solve(&[]).unwrap(), Outcome::Unknown);
        let start = Instant::now();
        s.set_limits(Limits {
            conflicts: None,
            deadline: Some(start + Duration::from_millis(200)),
        });
        assert_eq!(s.solve(&[]).unwrap(), Outcome::Unknown);
        assert!(start.elapsed() < Duration::from_secs(2));
        s.set_limits(Limits::default());
        let handle = s.interrupt_handle();
        let t = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            handle.interrupt();
        });
        let start = Instant::now();
        assert_eq!(s.solve(&[]).unwrap(), Outcome::Unknown);
        assert!(start.elapsed() < Duration::from_secs(2));
        t.join().unwrap();
        let shared = Interrupt::new();
        s.watch(shared.clone());
        shared.interrupt();
        assert_eq!(s.solve(&[]).unwrap(), Outcome::Unknown);
        shared
    }

    /// A formula that takes a CDCL solver a long time: pigeonhole 12 into 11.
    pub(crate) fn pigeonhole(s: &mut dyn Backend, pigeons: i32) {
        let holes = pigeons - 1;
        let v = |p: i32, h: i32| lit(p * holes + h + 1);
        for p in 0..pigeons {
            let c: Vec<Lit> = (0..holes).map(|h| v(p, h)).collect();
            s.add_clause(&c);
        }
        for h in 0..holes {
            for p in 0..pigeons {
                for q in p + 1..pigeons {
                    s.add_clause(&[!v(p, h), !v(q, h)]);
                }
            }
        }
    }

    #[cfg(feature = "cadical")]
    #[test]
    fn cadical_keeps_the_contract() {
        exercise(&mut CadicalBackend::new());
    }

    #[cfg(feature = "cadical")]
    #[test]
    fn a_portfolio_keeps_the_contract_and_stops_on_interrupt() {
        let members: Vec<Box<dyn Backend>> = vec![
            Box::new(CadicalBackend::new()),
            Box::new(CadicalBackend::with_config("sat").unwrap()),
        ];
        exercise(&mut Portfolio::new(members));
        let mut p = Portfolio::new(vec![
            Box::new(CadicalBackend::new()),
            Box::new(CadicalBackend::with_config("unsat").unwrap()),
        ]);
        pigeonhole(&mut p, 13);
        let flag = Interrupt::new();
        p.watch(flag.clone());
        let t = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            flag.interrupt();
        });
        let start = Instant::now();
        assert_eq!(p.solve(&[]).unwrap(), Outcome::Unknown);
        assert!(start.elapsed() < std::time::Duration::from_secs(2));
        t.join().unwrap();
    }

    #[cfg(feature = "batsat")]
    #[test]
    fn batsat_keeps_the_contract() {
        exercise(&mut BatsatBackend::new());
        let mut s = BatsatBackend::new();
        s.prefer_true();
        exercise(&mut s);
    }

    #[cfg(feature = "batsat")]
    #[test]
    fn batsat_decides_true_first_when_asked() {
        // x1..x3 occur in no clause: their values are the decision polarity.
        for prefer in [false, true] {
            let mut s = BatsatBackend::new();
            if prefer {
                s.prefer_true();
            }
            s.reserve(4);
            s.add_clause(&[lit(4)]);
            assert_eq!(s.solve(&[]).unwrap(), Outcome::Sat);
            let free = [lit(1), lit(2), lit(3)].map(|l| s.value(l) == Some(true));
            assert_eq!(free, [prefer; 3], "prefer_true = {prefer}");
        }
    }

    #[cfg(feature = "cadical")]
    #[test]
    fn cadical_honours_deadline_interrupt_and_conflict_limit() {
        let mut s = CadicalBackend::new();
        pigeonhole(&mut s, 13);
        let shared = stops_at_each_limit(&mut s);
        shared.clear();
        s.set_limits(Limits {
            conflicts: Some(10),
            deadline: None,
        });
        assert_eq!(s.solve(&[]).unwrap(), Outcome::Unknown);
        // Conflicts are counted once asked for (earlier calls were cut by the clock, so
        // the exact number varies; a pigeonhole search cannot avoid them).
        assert_eq!(s.conflicts(), None);
        s.count_conflicts();
        s.set_limits(Limits {
            conflicts: Some(1000),
            deadline: None,
        });
        assert_eq!(s.solve(&[]).unwrap(), Outcome::Unknown);
        assert!(s.conflicts().unwrap() > 100);
    }

    #[test]
    fn specs_parse() {
        assert_eq!("cadical".parse::<BackendSpec>(), Ok(BackendSpec::Cadical));
        let e: BackendSpec = "external:kissat -q".parse().unwrap();
        assert_eq!(e.to_string(), "external:kissat -q");
        let e = "picosat".parse::<BackendSpec>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown solver 'picosat' (expected auto, cadical, batsat, small, portfolio or external:CMD)"
        );
        assert_eq!(
            "external:".parse::<BackendSpec>(),
            Err(BackendSpecError::NoCommand)
        );
        // Every choice but the external one parses back from its listed name.
        for (name, _) in &BackendSpec::CHOICES[..BackendSpec::CHOICES.len() - 1] {
            assert_eq!(name.parse::<BackendSpec>().unwrap().to_string(), *name);
        }
        assert!(BackendSpec::help().contains("portfolio ("));
    }

    #[test]
    fn external_solvers_get_one_refusal_naming_the_built_ins() {
        for (name, _) in &BackendSpec::CHOICES[..BackendSpec::CHOICES.len() - 1] {
            assert_eq!(
                name.parse::<BackendSpec>().unwrap().refuse_external(),
                Ok(())
            );
        }
        let e = "external:minisat -v".parse::<BackendSpec>().unwrap();
        assert_eq!(
            e.refuse_external(),
            Err(
                "external solver programs are not run here; use auto, cadical, batsat, small or portfolio"
                    .to_string()
            )
        );
    }
}
