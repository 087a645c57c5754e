//! The toolkit's questions about one puzzle after another, with the warm solver and
//! the reasoning model kept between puzzles of the same shape and rules.

use super::answer::{
    answer_json_text, answer_report, memory_report, not_started_report, stopped_report,
};
use super::propagation::{propagation, propagation_json};
use super::{Label, Report, explain, hint, marks, rating};
use crate::deduce::Logic;
use crate::encode::EncodeError;
use crate::io::format::Layout;
use crate::io::parse::ParsedPuzzle;
use crate::reason::{
    Board, Marks, RateOptions, Rating, Reasoning, hodoku_technique_path, next_hint,
    next_technique_step, pencil_marks, rate, technique_path, unique_technique_path, walk,
};
use crate::solve::{Answer, SolveError, SolveOptions, SudokuSolver};
use gridsat_sat::{Budget, Conclusion, StopReason};

/// The largest side whose explanation walk uses technique steps where singles stall.
const WALK_TECHNIQUE_SIDE: usize = 25;

/// Why a question could not be answered at all (never a verdict: those are reports).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ToolkitError {
    /// The solver failed, or an answer failed verification.
    #[error(transparent)]
    Solve(SolveError),
    /// The reasoning model could not be built for these rules.
    #[error(transparent)]
    Encode(EncodeError),
    /// Two independent lines of reasoning disagree: a bug.
    #[error("{0}")]
    Inconsistent(String),
}

/// Asks questions about puzzles one after another.
pub struct Toolkit {
    solver: SudokuSolver,
    logic: Option<Logic>,
    budget: Budget,
    memory_hint: Option<String>,
}

impl Toolkit {
    /// A toolkit solving with `opts` and working within `opts.budget`.
    pub fn new(opts: SolveOptions) -> Toolkit {
        let budget = opts.budget.clone();
        Toolkit {
            solver: SudokuSolver::new(opts),
            logic: None,
            budget,
            memory_hint: None,
        }
    }

    /// Adds `hint` (how the caller raises the memory budget) to memory-limit reports.
    pub fn with_memory_hint(mut self, hint: &str) -> Toolkit {
        self.memory_hint = Some(hint.to_string());
        self
    }

    /// The budget every question runs under.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Solves `p`: its verdict and verified solutions (in `layout` in the text), or
    /// `unknown` when its formula would not fit the memory budget.
    pub fn solve(
        &mut self,
        label: &Label,
        p: &ParsedPuzzle,
        layout: Layout,
    ) -> Result<(Option<Answer>, Report), ToolkitError> {
        match self.solve_first(label, p)? {
            Ok(a) => {
                let r = answer_report(label, &a, p.alphabet.as_deref(), layout);
                Ok((Some(a), r))
            }
            Err(r) => Ok((None, r)),
        }
    }

    /// As [`Toolkit::solve`], with only the text of the report's JSON object (the
    /// same text; no report text written, no JSON value built): for a caller that
    /// hands the object on, such as Python's `solve_many` (issue 28).
    pub fn solve_json(
        &mut self,
        label: &Label,
        p: &ParsedPuzzle,
    ) -> Result<(Option<Answer>, String), ToolkitError> {
        match self.solve_first(label, p)? {
            Ok(a) => {
                let json = answer_json_text(label, &a, p.alphabet.as_deref());
                Ok((Some(a), json))
            }
            Err(r) => Ok((None, r.json.to_string())),
        }
    }

    /// The answer, or the memory-limit report when the formula would not fit.
    fn solve_first(
        &mut self,
        label: &Label,
        p: &ParsedPuzzle,
    ) -> Result<Result<Answer, Report>, ToolkitError> {
        match self.solver.solve(&p.grid, &p.rules) {
            Ok(a) => Ok(Ok(a)),
            Err(SolveError::Memory(m)) => {
                Ok(Err(memory_report(label, &m, self.memory_hint.as_deref())))
            }
            Err(e) => Err(ToolkitError::Solve(e)),
        }
    }

    /// The reasoning model of `p`'s shape and rules, rebuilt only when they change; what
    /// stopped it when the budget ran out before or while it was built.
    fn logic(&mut self, p: &ParsedPuzzle) -> Result<Result<&mut Logic, StopReason>, ToolkitError> {
        let stale = self
            .logic
            .as_ref()
            .is_none_or(|l| l.shape() != p.grid.shape() || l.rules() != &p.rules);
        if stale {
            self.logic = None;
            if let Some(r) = self.budget.stop_reason() {
                return Ok(Err(r));
            }
            match Logic::new(p.grid.shape(), &p.rules, &self.budget) {
                Ok(logic) => self.logic = Some(logic),
                Err(EncodeError::Stopped(r)) => return Ok(Err(r)),
                Err(e) => return Err(ToolkitError::Encode(e)),
            }
        }
        Ok(Ok(self.logic.as_mut().expect("just built")))
    }

    /// The next step for a player of the grid `p` (givens and entries), with its reason.
    pub fn hint(&mut self, label: &Label, p: &ParsedPuzzle) -> Result<Report, ToolkitError> {
        if let Some(r) = self.budget.stop_reason() {
            return Ok(not_started_report(label, r));
        }
        let a = match self.solve_first(label, p)? {
            Ok(a) => a,
            Err(report) => return Ok(report),
        };
        let alphabet = p.alphabet.as_deref();
        if let Some(report) = hint::unsolvable(label, &a, alphabet) {
            return Ok(report);
        }
        let budget = self.budget.clone();
        let h = match self.logic(p)? {
            Ok(logic) => next_hint(logic, &p.grid, &[], alphabet, &budget),
            Err(r) => return Ok(stopped_report(label, r)),
        };
        let unique = a.verdict == crate::solve::Verdict::Unique;
        let step = Board::new(&p.grid, &p.rules).and_then(|mut b| {
            if unique {
                b.assume_unique();
            }
            next_technique_step(&b)
        });
        let mut report = hint::report(label, &a, &h, &p.grid, alphabet);
        hint::add_technique(&mut report, label, &h, step.as_ref(), p.grid.n(), alphabet);
        Ok(report)
    }

    /// The pencil marks of the grid `p`, as much reasoning as `reasoning` says leaves them.
    pub fn candidates(
        &mut self,
        label: &Label,
        p: &ParsedPuzzle,
        reasoning: Reasoning,
    ) -> Result<Report, ToolkitError> {
        if let Some(r) = self.budget.stop_reason() {
            return Ok(not_started_report(label, r));
        }
        let budget = self.budget.clone();
        let (m, what) = match self.logic(p)? {
            Ok(logic) => (
                pencil_marks(logic, &p.grid, reasoning, &budget),
                "probing stopped",
            ),
            Err(r) => (
                Marks::Stopped(marks::unnarrowed(&p.grid), r),
                "stopped before any reasoning",
            ),
        };
        Ok(marks::report(label, p, &m, what))
    }

    /// The whole solution as reasoning steps, or the conflicting givens.
    pub fn explain(
        &mut self,
        label: &Label,
        p: &ParsedPuzzle,
        layout: Layout,
    ) -> Result<Report, ToolkitError> {
        let a = match self.solve_first(label, p)? {
            Ok(a) => a,
            Err(report) => return Ok(report),
        };
        let alphabet = p.alphabet.as_deref();
        if let Some(report) = explain::without_walk(label, &a, alphabet) {
            return Ok(report);
        }
        let solution = (a.verdict == crate::solve::Verdict::Unique).then(|| a.solutions[0].clone());
        let budget = self.budget.clone();
        let logic = match self.logic(p)? {
            Ok(logic) => logic,
            Err(r) => return Ok(stopped_report(label, r)),
        };
        // Technique steps in the walk up to 25×25: beyond, one chain search can take
        // seconds, longer than a time limit may wait.
        let side_ok = p.grid.n() <= WALK_TECHNIQUE_SIDE;
        let board = side_ok
            .then(|| Board::new(&p.grid, &p.rules))
            .flatten()
            .map(|mut b| {
                if solution.is_some() {
                    b.assume_unique();
                }
                b
            });
        let w = walk(logic, &p.grid, solution.as_ref(), board, alphabet, &budget);
        if let (crate::reason::End::Solved(g), Some(s)) = (&w.end, &solution) {
            if g != s {
                return Err(ToolkitError::Inconsistent(format!(
                    "{}: the explained grid differs from the solver's solution (a bug)",
                    label.text
                )));
            }
        }
        let path = if solution.is_some() {
            unique_technique_path(&p.grid, &p.rules, &budget)
        } else {
            technique_path(&p.grid, &p.rules, &budget)
        };
        let mut report = explain::report(label, p, a.verdict, &w, layout);
        explain::add_techniques(&mut report, &path, alphabet);
        Ok(report)
    }

    /// The difficulty of `p` (puzzles with one solution only), and the rating itself.
    pub fn rate(
        &mut self,
        label: &Label,
        p: &ParsedPuzzle,
        opts: &RateOptions,
    ) -> Result<(Option<Rating>, Report), ToolkitError> {
        let a = match self.solve_first(label, p)? {
            Ok(a) => a,
            Err(report) => return Ok((None, report)),
        };
        if a.verdict != crate::solve::Verdict::Unique {
            return Ok((None, rating::not_rated(label, &a)));
        }
        let budget = self.budget.clone();
        let r = match self.logic(p)? {
            Ok(l) => rate(l, &p.grid, opts, &budget).map_err(|_| {
                ToolkitError::Inconsistent(format!(
                    "{}: propagation contradicts the solver",
                    label.text
                ))
            })?,
            Err(r) => Rating::unrated(&p.grid, r),
        };
        let mut r = r;
        if r.stopped.is_none() && opts.techniques {
            // Rated puzzles have one solution (checked above).
            r.techniques = Some(unique_technique_path(&p.grid, &p.rules, &budget));
            r.hodoku = Some(hodoku_technique_path(&p.grid, &p.rules, &budget));
        }
        let report = rating::report(label, &r);
        Ok((Some(r), report))
    }

    /// Unit propagation from the filled cells of `p`, one literal at a time, each with
    /// the clause that forced it: what the web page steps through.
    pub fn propagate(&mut self, label: &Label, p: &ParsedPuzzle) -> Result<Report, ToolkitError> {
        let alphabet = p.alphabet.clone();
        let a = alphabet.as_deref();
        let logic = match self.logic(p)? {
            Ok(l) => l,
            Err(r) => return Ok(not_started_report(label, r)),
        };
        let (steps, end) = propagation(logic, &p.grid, a);
        let json = propagation_json(label, &steps, &end, a);
        let mut text = String::new();
        for s in &steps {
            let what = if s.holds { "holds" } else { "is ruled out" };
            let by = if s.clause.is_empty() {
                "given".to_string()
            } else {
                format!("{}: {}", s.family, s.clause.join(" ∨ "))
            };
            text.push_str(&format!(
                "r{}c{}={} {what} ({by})\n",
                s.cell.0 + 1,
                s.cell.1 + 1,
                crate::reason::sym(s.value, a)
            ));
        }
        text.push_str(&format!("{}: {end}\n", label.text));
        let conclusion = if end.starts_with("contradiction") {
            Conclusion::NoSolution
        } else {
            Conclusion::Answered
        };
        Ok(Report::new(conclusion, json, text))
    }
}
