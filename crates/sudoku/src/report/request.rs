//! One question about one puzzle as a program asks it: the web server's JSON body and
//! the Python package's keyword arguments both become a [`Request`], and [`ask`]
//! answers it with the same [`Report`] the command line prints.
//!
//! Options are typed members read by name with the command line's parsers as the JSON
//! is read ([`Request::from_json`]), and errors name the member at fault (`box: …`, one
//! [`FieldError`]) or the position in the puzzle text (`line 3, column 5: …`).

use super::fields::{self, FieldError, defaults};
use super::formula::{FormulaError, FormulaOptions, encode_formula};
use super::{Label, Report, Toolkit, ToolkitError, encoding_json, puzzle_json};
use crate::deduce::Presolve;
use crate::encode::{CageEncoding, Encoding, full_text_floor};
use crate::generate::GenerateError;
use crate::io::format::Layout;
use crate::io::parse::{ParseError, ParseOptions, ParsedPuzzle, parse_puzzles};
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use crate::reason::Reasoning;
use crate::solve::{SolveOptions, SparsePath};
use gridsat_sat::dimacs::{WriteOptions, write_formula};
use gridsat_sat::{AmoEncoding, BackendSpec, Budget, Conclusion};
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

/// A question's puzzle and options. Read it from JSON with [`Request::from_json`] (or
/// [`Request::from_value`]): every member is checked as it is read, and an error names
/// the member at fault. Members left out take the values of [`super::defaults`] (or,
/// where a question has its own, that question's: `encode` writes `extended` without
/// presolve).
#[derive(Clone, Debug, Default, PartialEq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct Request {
    /// The puzzle, in any format the command line reads (its first puzzle is asked about).
    pub puzzle: String,
    /// Box shape `PxQ`.
    #[serde(rename = "box", deserialize_with = "fields::shape")]
    pub shape: Option<Shape>,
    /// The alphabet, one character per symbol.
    #[serde(deserialize_with = "fields::symbols")]
    pub symbols: Option<Alphabet>,
    /// Variant rules, e.g. `diagonals,anti-knight`, added to those the puzzle brings.
    #[serde(deserialize_with = "fields::rules")]
    pub rules: Option<Rules>,
    /// Count solutions up to this bound (default [`super::defaults::COUNT`]).
    pub count: Option<usize>,
    /// Stop at the first solution (the same as count 1).
    pub first: bool,
    /// The encoding (solve: `efficient`; encode: `extended`).
    pub encoding: Option<Encoding>,
    /// The at-most-one encoding.
    pub amo: Option<AmoEncoding>,
    /// Deduction before the solver (or before a `reduced` encoding).
    pub presolve: Option<Presolve>,
    /// How killer cage sums are encoded.
    pub cages: Option<CageEncoding>,
    /// When the sparse path (no formula) is tried first (`auto`, `off`, `always`).
    pub sparse: Option<SparsePath>,
    /// The SAT solver (`auto`, `cadical`, …).
    #[serde(deserialize_with = "fields::solver")]
    pub solver: Option<BackendSpec>,
    /// Seconds the question may take (at most what the caller allows).
    pub time_limit: Option<f64>,
    /// How much reasoning leaves the pencil marks (`givens`, `singles`, `probing`).
    pub reasoning: Option<Reasoning>,
    /// Layout of grids in the text (`line`, `grid`).
    pub format: Option<Layout>,
    /// Number 9×9 variables 100·row + 10·column + digit (encode).
    pub readable_ids: bool,
}

/// Why a request got no report.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    /// A member has a value gridsat does not take.
    #[error(transparent)]
    Option(FieldError),
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
    /// The formula's DIMACS text would exceed the caller's cap ([`ask_within`]).
    #[error(
        "the formula's DIMACS text would take {} MiB or more, over the limit of {} MiB here (`gridsat sudoku encode` writes any size)",
        .bytes.div_ceil(1 << 20),
        .limit >> 20
    )]
    TextTooLong {
        /// Bytes the text takes at least (an estimate before writing, or what was
        /// written when the cap was reached).
        bytes: u64,
        /// The cap in bytes.
        limit: u64,
    },
}

impl From<FieldError> for RequestError {
    fn from(e: FieldError) -> RequestError {
        RequestError::Option(e)
    }
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

impl Request {
    /// A request about `puzzle` with every option at its default.
    pub fn new(puzzle: impl Into<String>) -> Request {
        Request {
            puzzle: puzzle.into(),
            ..Request::default()
        }
    }

    /// The request of a JSON object; an unknown member or value is refused, naming it.
    pub fn from_json(text: &str) -> Result<Request, RequestError> {
        Ok(fields::from_json(text)?)
    }

    /// The request of a JSON value (see [`Request::from_json`]).
    pub fn from_value(v: serde_json::Value) -> Result<Request, RequestError> {
        Ok(fields::from_value(v)?)
    }

    /// The parse options of `box` and `symbols`.
    pub fn parse_options(&self) -> Result<ParseOptions, RequestError> {
        let alphabet = self.symbols.clone().map(Arc::new);
        Ok(ParseOptions::new(self.shape, alphabet))
    }

    /// The puzzle (the first of the text), with the request's rules added.
    pub fn parsed(&self) -> Result<ParsedPuzzle, RequestError> {
        let opts = self.parse_options()?;
        let mut p = parse_puzzles(&self.puzzle, &opts)
            .next()
            .ok_or(RequestError::Empty)?
            .map_err(RequestError::Parse)?;
        if let Some(rules) = &self.rules {
            p.rules.merge(rules);
        }
        Ok(p)
    }

    /// The time limit asked for, if any (a finite number of seconds, at least 0).
    pub fn time_limit(&self) -> Result<Option<Duration>, RequestError> {
        time_limit(self.time_limit)
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
            (false, Some(k)) if (1..=defaults::MAX_SOLUTIONS).contains(&k) => k,
            (false, Some(k)) => {
                return Err(FieldError::new(
                    "count",
                    format!("{k} is not between 1 and {}", defaults::MAX_SOLUTIONS),
                )
                .into());
            }
            (false, None) => defaults::COUNT,
        };
        o.encoding = self.encoding.unwrap_or_default();
        o.amo = self.amo.unwrap_or_default();
        o.presolve = self.presolve.unwrap_or_default();
        o.cages = self.cages.unwrap_or_default();
        o.sparse = self.sparse.unwrap_or_default();
        o.backend = fields::backend(self.solver.as_ref(), external)?;
        Ok(o)
    }

    /// The formula options of `encode`.
    pub fn formula_options(&self) -> Result<FormulaOptions, RequestError> {
        let mut o = FormulaOptions::default();
        if let Some(e) = self.encoding {
            o.encoding = e;
        }
        o.amo = self.amo.unwrap_or_default();
        o.cages = self.cages.unwrap_or_default();
        o.presolve = self.presolve.unwrap_or(Presolve::Off);
        o.readable_ids = self.readable_ids;
        Ok(o)
    }

    fn reasoning(&self) -> Reasoning {
        self.reasoning.unwrap_or_default()
    }

    fn layout(&self) -> Layout {
        self.format.unwrap_or_default()
    }
}

/// A time limit in seconds as a duration; `time_limit` names the member at fault.
pub(crate) fn time_limit(secs: Option<f64>) -> Result<Option<Duration>, RequestError> {
    secs.map(gridsat_sat::seconds)
        .transpose()
        .map_err(|e| FieldError::new("time_limit", e.to_string()).into())
}

fn conflict(a: &'static str, b: &str) -> RequestError {
    FieldError::new(a, format!("cannot be given with {b}")).into()
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
    ask_within(req, question, budget, external, None)
}

/// [`ask`] with a cap on the DIMACS text of `encode` (`max_text` bytes): a formula
/// whose text would be longer is refused ([`RequestError::TextTooLong`]) before it is
/// built when its size shows it, else as soon as the text written reaches the cap, so
/// that no more than about `max_text` bytes of text are ever held.
pub fn ask_within(
    req: &Request,
    question: Question,
    budget: &Budget,
    external: bool,
    max_text: Option<u64>,
) -> Result<Report, RequestError> {
    let p = req.parsed()?;
    let label = Label::new(1);
    if question == Question::Parse {
        let json = puzzle_json(&label, &p);
        let text = format!("{}\n", p.grid.to_line(p.alphabet.as_deref()));
        return Ok(Report::new(Conclusion::Answered, json, text));
    }
    if question == Question::Encode {
        let o = req.formula_options()?;
        return encode_report_within(&label, &p, &o, budget, max_text);
    }
    let mut tk = Toolkit::new(req.solve_options(budget, external)?);
    let r = match question {
        Question::Solve => tk.solve(&label, &p, req.layout()).map(|(_, r)| r),
        Question::Hint => tk.hint(&label, &p),
        Question::Candidates => tk.candidates(&label, &p, req.reasoning()),
        Question::Explain => tk.explain(&label, &p, req.layout()),
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
    encode_report_within(label, p, o, budget, None)
}

/// [`encode_report`] with the text capped at `max_text` bytes (see [`ask_within`]).
pub fn encode_report_within(
    label: &Label,
    p: &ParsedPuzzle,
    o: &FormulaOptions,
    budget: &Budget,
    max_text: Option<u64>,
) -> Result<Report, RequestError> {
    let limit = max_text.unwrap_or(u64::MAX);
    let too_long = |bytes: u64| RequestError::TextTooLong { bytes, limit };
    if o.encoding != Encoding::Reduced {
        let floor = full_text_floor(p.grid.n(), o.amo, true);
        if floor > limit {
            return Err(too_long(floor));
        }
    }
    let enc = encode_formula(p, o, budget).map_err(RequestError::Formula)?;
    // Two bytes a literal at least: refused before a byte is written.
    let floor = (enc.formula.num_literals() as u64).saturating_mul(2);
    if floor > limit {
        return Err(too_long(floor));
    }
    let opts = WriteOptions {
        header: formula_header(&label.text, p, o),
        variable_names: true,
    };
    let mut capped = Capped {
        buf: Vec::new(),
        limit,
    };
    if write_formula(&mut capped, &enc.formula, &opts).is_err() {
        return Err(too_long(capped.buf.len() as u64));
    }
    let dimacs = String::from_utf8(capped.buf).expect("DIMACS text is UTF-8");
    let json = encoding_json(label, &enc.formula, &dimacs);
    Ok(Report::new(Conclusion::Answered, json, dimacs))
}

/// Text in memory, refused once it would pass `limit` bytes.
struct Capped {
    buf: Vec<u8>,
    limit: u64,
}

impl std::io::Write for Capped {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if (self.buf.len() + bytes.len()) as u64 > self.limit {
            return Err(std::io::Error::other("over the cap"));
        }
        self.buf.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
