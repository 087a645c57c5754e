//! One question about one puzzle as a program asks it: the web server's JSON body and
//! the Python package's keyword arguments both become a [`Request`], and [`ask`]
//! answers it with the same [`Report`] the command line prints.
//!
//! Options are names, read by the same parsers as the command-line flags, and errors
//! name the member at fault (`box: …`) or the position in the puzzle text (`line 3,
//! column 5: …`).

use super::formula::{FormulaError, FormulaOptions, encode_formula};
use super::{Label, Report, Toolkit, ToolkitError, encoding_json, puzzle_json};
use crate::deduce::Presolve;
use crate::encode::{CageEncoding, Encoding};
use crate::generate::GenerateError;
use crate::io::format::Layout;
use crate::io::parse::{ParseError, ParseOptions, ParsedPuzzle, parse_puzzles};
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use crate::reason::Reasoning;
use crate::solve::SolveOptions;
use gridsat_sat::dimacs::{WriteOptions, write_formula};
use gridsat_sat::{AmoEncoding, BackendSpec, Budget, Conclusion};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

gridsat_sat::named_enum! {
    /// What is asked about a puzzle.
    pub enum Question ("question") default Solve {
        /// Its verdict and verified solutions
        Solve = "solve",
        /// The next step for a player, with its reason
        Hint = "hint",
        /// The pencil marks reasoning leaves
        Candidates = "candidates",
        /// The whole solution as reasoning steps
        Explain = "explain",
        /// Its difficulty
        Rate = "rate",
        /// Unit propagation from the filled cells, one literal at a time
        Propagate = "propagate",
        /// The puzzle as read
        Parse = "parse",
        /// Its formula: size, families, DIMACS text
        Encode = "encode",
    }
}

/// A question's puzzle and options, every option by name as the command line takes it.
#[derive(Clone, Debug, Default, PartialEq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct Request {
    /// The puzzle, in any format the command line reads (its first puzzle is asked about).
    pub puzzle: String,
    /// Box shape `PxQ`.
    #[serde(rename = "box")]
    pub shape: Option<String>,
    /// The alphabet, one character per symbol.
    pub symbols: Option<String>,
    /// Variant rules, e.g. `diagonals,anti-knight`, added to those the puzzle brings.
    pub rules: Option<String>,
    /// Count solutions up to this bound (default 2).
    pub count: Option<usize>,
    /// Stop at the first solution (the same as count 1).
    pub first: bool,
    /// The encoding (solve: `efficient`; encode: `extended`).
    pub encoding: Option<String>,
    /// The at-most-one encoding.
    pub amo: Option<String>,
    /// Deduction before the solver (or before a `reduced` encoding).
    pub presolve: Option<String>,
    /// How killer cage sums are encoded.
    pub cages: Option<String>,
    /// The SAT solver (`auto`, `cadical`, …).
    pub solver: Option<String>,
    /// Seconds the question may take (at most what the caller allows).
    pub time_limit: Option<f64>,
    /// How much reasoning leaves the pencil marks (`givens`, `singles`, `probing`).
    pub reasoning: Option<String>,
    /// Layout of grids in the text (`line`, `grid`).
    pub format: Option<String>,
    /// Number 9×9 variables 100·row + 10·column + digit (encode).
    pub readable_ids: bool,
}

/// Why a request got no report.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    /// A member has a value gridsat does not take.
    #[error("{field}: {message}")]
    Option {
        /// The member (`box`, `count`, …).
        field: &'static str,
        /// What is wrong with it.
        message: String,
    },
    /// The puzzle text cannot be read.
    #[error("line {}, column {}: {}", .0.line, .0.column, .0.message())]
    Parse(ParseError),
    /// The puzzle text holds no puzzle.
    #[error("no puzzle found (the input is empty)")]
    Empty,
    /// No formula could be written.
    #[error(transparent)]
    Formula(FormulaError),
    /// The question could not be answered (a solver failure or a bug).
    #[error(transparent)]
    Toolkit(ToolkitError),
    /// No puzzle could be generated with these options.
    #[error(transparent)]
    Generate(GenerateError),
}

impl RequestError {
    /// Whether the request itself is at fault (HTTP 400, a Python `ValueError`) rather
    /// than gridsat (HTTP 500).
    pub fn is_bad_input(&self) -> bool {
        match self {
            RequestError::Toolkit(ToolkitError::Encode(_)) => true,
            RequestError::Toolkit(_) => false,
            RequestError::Formula(FormulaError::Stopped(_)) => false,
            RequestError::Generate(e) => !matches!(
                e,
                GenerateError::Solver(_)
                    | GenerateError::Solve(_)
                    | GenerateError::Verification(_)
                    | GenerateError::Stopped(_)
            ),
            _ => true,
        }
    }
}

fn option<T: FromStr>(field: &'static str, v: &Option<String>) -> Result<Option<T>, RequestError>
where
    T::Err: std::fmt::Display,
{
    v.as_deref()
        .map(|s| {
            s.parse().map_err(|e: T::Err| RequestError::Option {
                field,
                message: e.to_string(),
            })
        })
        .transpose()
}

impl Request {
    /// A request about `puzzle` with every option at its default.
    pub fn new(puzzle: impl Into<String>) -> Request {
        Request {
            puzzle: puzzle.into(),
            ..Request::default()
        }
    }

    /// The parse options of `box` and `symbols`.
    pub fn parse_options(&self) -> Result<ParseOptions, RequestError> {
        let shape: Option<Shape> = option("box", &self.shape)?;
        let alphabet = match &self.symbols {
            Some(s) => Some(Arc::new(Alphabet::custom(s).map_err(|e| {
                RequestError::Option {
                    field: "symbols",
                    message: e.to_string(),
                }
            })?)),
            None => None,
        };
        Ok(ParseOptions::new(shape, alphabet))
    }

    /// The puzzle (the first of the text), with the request's rules added.
    pub fn parsed(&self) -> Result<ParsedPuzzle, RequestError> {
        let opts = self.parse_options()?;
        let mut p = parse_puzzles(&self.puzzle, &opts)
            .next()
            .ok_or(RequestError::Empty)?
            .map_err(RequestError::Parse)?;
        if let Some(r) = &self.rules {
            let rules = Rules::parse_list(r).map_err(|e| RequestError::Option {
                field: "rules",
                message: e.to_string(),
            })?;
            p.rules.merge(&rules);
        }
        Ok(p)
    }

    /// The time limit asked for, if any (a finite number of seconds, at least 0).
    pub fn time_limit(&self) -> Result<Option<Duration>, RequestError> {
        self.time_limit
            .map(gridsat_sat::seconds)
            .transpose()
            .map_err(|e| RequestError::Option {
                field: "time_limit",
                message: e.to_string(),
            })
    }

    /// The solver options, within `budget`; `external` says whether an external solver
    /// program may be named (the web server refuses them).
    pub fn solve_options(
        &self,
        budget: &Budget,
        external: bool,
    ) -> Result<SolveOptions, RequestError> {
        let mut o = SolveOptions {
            budget: budget.clone(),
            ..SolveOptions::default()
        };
        o.max_solutions = match (self.first, self.count) {
            (true, Some(k)) if k != 1 => return Err(conflict("first", "count")),
            (true, _) => 1,
            (false, Some(k)) if (1..=1_000_000).contains(&k) => k,
            (false, Some(k)) => {
                return Err(RequestError::Option {
                    field: "count",
                    message: format!("{k} is not between 1 and 1000000"),
                });
            }
            (false, None) => 2,
        };
        o.encoding = option::<Encoding>("encoding", &self.encoding)?.unwrap_or_default();
        o.amo = option::<AmoEncoding>("amo", &self.amo)?.unwrap_or_default();
        o.presolve = option::<Presolve>("presolve", &self.presolve)?.unwrap_or_default();
        o.cages = option::<CageEncoding>("cages", &self.cages)?.unwrap_or_default();
        o.backend = option::<BackendSpec>("solver", &self.solver)?.unwrap_or_default();
        if !external && matches!(o.backend, BackendSpec::External(_)) {
            return Err(RequestError::Option {
                field: "solver",
                message: "external solver programs are not run here; use auto, cadical, batsat or portfolio".into(),
            });
        }
        Ok(o)
    }

    /// The formula options of `encode`.
    pub fn formula_options(&self) -> Result<FormulaOptions, RequestError> {
        let mut o = FormulaOptions::default();
        if let Some(e) = option::<Encoding>("encoding", &self.encoding)? {
            o.encoding = e;
        }
        o.amo = option::<AmoEncoding>("amo", &self.amo)?.unwrap_or_default();
        o.cages = option::<CageEncoding>("cages", &self.cages)?.unwrap_or_default();
        o.presolve = option::<Presolve>("presolve", &self.presolve)?.unwrap_or(Presolve::Off);
        o.readable_ids = self.readable_ids;
        Ok(o)
    }

    fn reasoning(&self) -> Result<Reasoning, RequestError> {
        Ok(option::<Reasoning>("reasoning", &self.reasoning)?.unwrap_or_default())
    }

    fn layout(&self) -> Result<Layout, RequestError> {
        Ok(option::<Layout>("format", &self.format)?.unwrap_or_default())
    }
}

fn conflict(a: &'static str, b: &str) -> RequestError {
    RequestError::Option {
        field: a,
        message: format!("cannot be given with {b}"),
    }
}

/// Answers `question` about the request's puzzle within `budget` (the caller's time
/// limit and interrupt; the request's own `time_limit` is applied by the caller).
/// Every solution in the report has been verified by the independent checker.
pub fn ask(
    req: &Request,
    question: Question,
    budget: &Budget,
    external: bool,
) -> Result<Report, RequestError> {
    let p = req.parsed()?;
    let label = Label::new(1);
    if question == Question::Parse {
        let json = puzzle_json(&label, &p);
        let text = format!("{}\n", p.grid.to_line(p.alphabet.as_deref()));
        return Ok(Report::new(Conclusion::Answered, json, text));
    }
    if question == Question::Encode {
        return encode_report(&label, &p, &req.formula_options()?, budget);
    }
    let mut tk = Toolkit::new(req.solve_options(budget, external)?);
    let r = match question {
        Question::Solve => tk.solve(&label, &p, req.layout()?).map(|(_, r)| r),
        Question::Hint => tk.hint(&label, &p),
        Question::Candidates => tk.candidates(&label, &p, req.reasoning()?),
        Question::Explain => tk.explain(&label, &p, req.layout()?),
        Question::Rate => tk.rate(&label, &p, &Default::default()).map(|(_, r)| r),
        _ => tk.propagate(&label, &p),
    };
    r.map_err(RequestError::Toolkit)
}

/// The lines `encode` writes above the formula: what it is and how to decode a model.
pub fn formula_header(source: &str, p: &ParsedPuzzle, o: &FormulaOptions) -> Vec<String> {
    let n = p.grid.n();
    let mut header = vec![
        format!("gridsat sudoku encode: {source}"),
        format!(
            "{n}x{n} grid, boxes {}, {} givens, encoding {}, at-most-one {}, presolve {}",
            p.grid.shape(),
            p.grid.num_givens(),
            o.encoding,
            o.amo,
            o.presolve
        ),
        format!("puzzle: {}", p.grid.to_line(p.alphabet.as_deref())),
        "a variable is true when its cell holds its symbol; decode a model with".into(),
        "  gridsat sudoku decode MODEL --puzzle FILE (with the same flags)".into(),
    ];
    if !p.rules.is_classic() {
        let mut line = format!("variant rules: {}", p.rules.names().join(", "));
        if !p.rules.cages().is_empty() {
            line.push_str(&format!(" (cage sums encoded as {})", o.cages));
        }
        header.insert(2, line);
    }
    header
}

/// The formula of `p` as a report: the DIMACS text (with variable names) and, in JSON,
/// its size and families with a sample clause each.
pub fn encode_report(
    label: &Label,
    p: &ParsedPuzzle,
    o: &FormulaOptions,
    budget: &Budget,
) -> Result<Report, RequestError> {
    let enc = encode_formula(p, o, budget).map_err(RequestError::Formula)?;
    let opts = WriteOptions {
        header: formula_header(&label.text, p, o),
        variable_names: true,
    };
    let mut buf = Vec::new();
    write_formula(&mut buf, &enc.formula, &opts).expect("writing to memory cannot fail");
    let dimacs = String::from_utf8(buf).expect("DIMACS text is UTF-8");
    let json = encoding_json(label, &enc.formula, &dimacs);
    Ok(Report::new(Conclusion::Answered, json, dimacs))
}
