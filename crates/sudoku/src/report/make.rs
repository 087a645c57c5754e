//! Generation as a program asks for it: the web server's `/api/sudoku/generate` body
//! and the Python package's `generate(...)` keywords become a [`GenerateRequest`].

use super::Report;
use super::answer::StatusJson;
use super::fields::{self, FieldError, defaults};
use super::generated::generated_json;
use super::request::{RequestError, time_limit};
use crate::generate::{
    GenerateError, GenerateOptions, Generated, Generator, SeRange, Symmetry, Target,
};
use crate::io::format::{PuzzleFormat, Written};
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use crate::reason::{Difficulty, HodokuLevel, Technique};
use gridsat_sat::{BackendSpec, Budget, Conclusion};

/// The most puzzles one request may ask for.
pub const MAX_COUNT: u64 = defaults::MAX_GENERATE_COUNT;

/// What to generate, every option by name as `gridsat sudoku generate` takes it. Read
/// it with [`GenerateRequest::from_json`]: an error names the member at fault.
#[derive(Clone, Debug, Default, PartialEq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct GenerateRequest {
    /// The side (default [`defaults::SIZE`], or the box shape's).
    pub size: Option<usize>,
    /// Box shape `PxQ`.
    #[serde(rename = "box", deserialize_with = "fields::shape")]
    pub shape: Option<Shape>,
    /// The alphabet puzzles are written in.
    #[serde(deserialize_with = "fields::symbols")]
    pub symbols: Option<Alphabet>,
    /// Variant rules, e.g. `diagonals`.
    #[serde(deserialize_with = "fields::rules")]
    pub rules: Option<Rules>,
    /// `easy`, `medium`, `hard` or `extreme`.
    pub difficulty: Option<Difficulty>,
    /// An SE range, `7.0-8.0`: keep puzzles whose ER lies in it.
    pub se: Option<SeRange>,
    /// A technique, `x-wing`: keep puzzles whose rating path uses it.
    pub technique: Option<Technique>,
    /// A HoDoKu-style level, `unfair`: keep puzzles of that level.
    pub level: Option<HodokuLevel>,
    /// Fresh solution grids to try per puzzle before giving up.
    pub max_attempts: Option<usize>,
    /// The symmetry of the givens (`none`, `rot180`, …).
    pub symmetry: Option<Symmetry>,
    /// Aim for this many givens instead of a minimal puzzle.
    pub clues: Option<usize>,
    /// The seed (default [`defaults::SEED`]): the same seed makes the same puzzles.
    pub seed: Option<u64>,
    /// How many puzzles (default 1, at most [`MAX_COUNT`]).
    pub count: Option<u64>,
    /// Draw random jigsaw regions.
    pub jigsaw: bool,
    /// Draw random killer cages.
    pub killer: bool,
    /// The SAT solver.
    #[serde(deserialize_with = "fields::solver")]
    pub solver: Option<BackendSpec>,
    /// Seconds the request may take.
    pub time_limit: Option<f64>,
}

fn bad(field: &'static str, message: impl Into<String>) -> RequestError {
    FieldError::new(field, message).into()
}

impl GenerateRequest {
    /// The request of a JSON object; an unknown member or value is refused, naming it.
    pub fn from_json(text: &str) -> Result<GenerateRequest, RequestError> {
        Ok(fields::from_json(text)?)
    }

    /// The request of a JSON value (see [`GenerateRequest::from_json`]).
    pub fn from_value(v: serde_json::Value) -> Result<GenerateRequest, RequestError> {
        Ok(fields::from_value(v)?)
    }

    /// The time limit asked for, if any.
    pub fn time_limit(&self) -> Result<Option<std::time::Duration>, RequestError> {
        time_limit(self.time_limit)
    }

    fn shape(&self) -> Result<Shape, RequestError> {
        let boxed = self.shape;
        let n = self.size.or(boxed.map(|s| s.n())).unwrap_or(defaults::SIZE);
        match boxed {
            Some(s) if s.n() == n => Ok(s),
            Some(s) => Err(bad(
                "size",
                format!("{n} does not match the box {s} ({m}×{m})", m = s.n()),
            )),
            None => Shape::for_side(n).map_err(|e| bad("size", e.to_string())),
        }
    }

    /// The generator's options within `budget`, and the alphabet puzzles are written in.
    pub fn options(
        &self,
        budget: &Budget,
        external: bool,
    ) -> Result<(GenerateOptions, Option<Alphabet>), RequestError> {
        let shape = self.shape()?;
        let n = shape.n();
        let alphabet = match &self.symbols {
            Some(a) if a.len() != n => {
                return Err(bad(
                    "symbols",
                    format!("{} symbols for a {n}×{n} grid", a.len()),
                ));
            }
            Some(a) => Some(a.clone()),
            None => Alphabet::default_for(n),
        };
        let mut o = GenerateOptions::new(shape);
        if let Some(r) = &self.rules {
            o.rules = r.clone();
        }
        o.random_regions = self.jigsaw;
        o.random_cages = self.killer;
        o.symmetry = self.symmetry.unwrap_or_default();
        o.difficulty = self.difficulty;
        o.se = self.se;
        o.technique = self.technique;
        o.level = self.level;
        if let Some(k) = self.max_attempts {
            if !(1..=defaults::MAX_GENERATE_ATTEMPTS).contains(&k) {
                return Err(bad(
                    "max_attempts",
                    format!(
                        "{k} is not between 1 and {}",
                        defaults::MAX_GENERATE_ATTEMPTS
                    ),
                ));
            }
            o.max_attempts = k;
        }
        o.target = self.clues.map_or(Target::Minimal, Target::Clues);
        o.backend = fields::backend(self.solver.as_ref(), external)?;
        o.budget = budget.clone();
        Ok((o, alphabet))
    }
}

/// Generates the puzzles asked for within `budget`: one report per puzzle made (its
/// JSON object is `generate --json`'s, its text the line format), each puzzle's
/// uniqueness proven and its solution verified by the generator. Fewer reports than
/// asked for when the budget ran out.
pub fn generate(
    req: &GenerateRequest,
    budget: &Budget,
    external: bool,
) -> Result<Vec<Report>, RequestError> {
    generate_each(req, budget, external, &mut |_, _, _| true)
}

/// [`generate`], handing each puzzle made to `each` (its 1-based number, the puzzle
/// with its solution, the alphabet) before its report is added: a certificate writer,
/// say. When `each` returns `false` the generation stops after that puzzle.
pub fn generate_each(
    req: &GenerateRequest,
    budget: &Budget,
    external: bool,
    each: &mut dyn FnMut(u64, &Generated, Option<&Alphabet>) -> bool,
) -> Result<Vec<Report>, RequestError> {
    let count = req.count.unwrap_or(defaults::GENERATE_COUNT);
    if !(1..=MAX_COUNT).contains(&count) {
        return Err(bad(
            "count",
            format!("{count} is not between 1 and {MAX_COUNT}"),
        ));
    }
    let seed = req.seed.unwrap_or(defaults::SEED);
    let (opts, alphabet) = req.options(budget, external)?;
    let mut g = Generator::new(opts).map_err(RequestError::Generate)?;
    let mut out = Vec::new();
    for k in 0..count {
        let made = match g.generate(seed, k) {
            Ok(made) => made,
            Err(GenerateError::Stopped(r)) => {
                let label = super::Label::new(k as usize + 1);
                let json = StatusJson::reason(&label, "unknown", Some(r.to_string()));
                let text = format!("puzzle {}: unknown ({r})", k + 1);
                out.push(Report::new(Conclusion::Unknown(r), json, text));
                break;
            }
            Err(e) => return Err(RequestError::Generate(e)),
        };
        let json = generated_json(k + 1, seed, &made, alphabet.as_ref());
        let note = format!("{} givens, {}", made.puzzle.num_givens(), made.rating.level);
        let text = PuzzleFormat::Line.write(&Written {
            index: k + 1,
            note: &note,
            puzzle: &made.puzzle,
            rules: &made.rules,
            alphabet: alphabet.as_ref(),
            solution: None,
        });
        out.push(Report::new(Conclusion::Answered, json, text));
        if !each(k + 1, &made, alphabet.as_ref()) {
            break;
        }
    }
    Ok(out)
}
