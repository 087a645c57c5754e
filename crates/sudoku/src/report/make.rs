//! Generation as a program asks for it: the web server's `/api/sudoku/generate` body
//! and the Python package's `generate(...)` keywords become a [`GenerateRequest`].

use super::generated::generated_json;
use super::request::RequestError;
use super::{Report, request::Request};
use crate::generate::{GenerateError, GenerateOptions, Generator, Symmetry, Target};
use crate::io::format::{PuzzleFormat, Written};
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use crate::reason::Level;
use gridsat_sat::{BackendSpec, Budget, Conclusion};

/// The most puzzles one request may ask for.
pub const MAX_COUNT: u64 = 100;

/// What to generate, every option by name as `gridsat sudoku generate` takes it.
#[derive(Clone, Debug, Default, PartialEq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct GenerateRequest {
    /// The side (default 9, or the box shape's).
    pub size: Option<usize>,
    /// Box shape `PxQ`.
    #[serde(rename = "box")]
    pub shape: Option<String>,
    /// The alphabet puzzles are written in.
    pub symbols: Option<String>,
    /// Variant rules, e.g. `diagonals`.
    pub rules: Option<String>,
    /// `easy`, `medium`, `hard` or `extreme`.
    pub difficulty: Option<String>,
    /// The symmetry of the givens (`none`, `rot180`, …).
    pub symmetry: Option<String>,
    /// Aim for this many givens instead of a minimal puzzle.
    pub clues: Option<usize>,
    /// The seed (default 1): the same seed makes the same puzzles.
    pub seed: Option<u64>,
    /// How many puzzles (default 1, at most [`MAX_COUNT`]).
    pub count: Option<u64>,
    /// Draw random jigsaw regions.
    pub jigsaw: bool,
    /// Draw random killer cages.
    pub killer: bool,
    /// The SAT solver.
    pub solver: Option<String>,
    /// Seconds the request may take.
    pub time_limit: Option<f64>,
}

fn bad(field: &'static str, message: impl Into<String>) -> RequestError {
    RequestError::Option {
        field,
        message: message.into(),
    }
}

fn named<T: std::str::FromStr>(
    field: &'static str,
    v: &Option<String>,
) -> Result<Option<T>, RequestError>
where
    T::Err: std::fmt::Display,
{
    v.as_deref()
        .map(|s| s.parse().map_err(|e: T::Err| bad(field, e.to_string())))
        .transpose()
}

impl GenerateRequest {
    /// The time limit asked for, if any.
    pub fn time_limit(&self) -> Result<Option<std::time::Duration>, RequestError> {
        Request {
            time_limit: self.time_limit,
            ..Request::default()
        }
        .time_limit()
    }

    fn shape(&self) -> Result<Shape, RequestError> {
        let boxed: Option<Shape> = named("box", &self.shape)?;
        let n = self.size.or(boxed.map(|s| s.n())).unwrap_or(9);
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
            Some(s) => {
                let a = Alphabet::custom(s).map_err(|e| bad("symbols", e.to_string()))?;
                if a.len() != n {
                    return Err(bad(
                        "symbols",
                        format!("{} symbols for a {n}×{n} grid", a.len()),
                    ));
                }
                Some(a)
            }
            None => Alphabet::default_for(n),
        };
        let mut o = GenerateOptions::new(shape);
        if let Some(r) = &self.rules {
            o.rules = crate::model::rules::Rules::parse_list(r)
                .map_err(|e| bad("rules", e.to_string()))?;
        }
        o.random_regions = self.jigsaw;
        o.random_cages = self.killer;
        o.symmetry = named::<Symmetry>("symmetry", &self.symmetry)?.unwrap_or_default();
        o.difficulty = named::<Level>("difficulty", &self.difficulty)?;
        o.target = self.clues.map_or(Target::Minimal, Target::Clues);
        if let Some(b) = named::<BackendSpec>("solver", &self.solver)? {
            if !external && matches!(b, BackendSpec::External(_)) {
                return Err(bad("solver", "external solver programs are not run here"));
            }
            o.backend = b;
        }
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
    let count = req.count.unwrap_or(1);
    if !(1..=MAX_COUNT).contains(&count) {
        return Err(bad(
            "count",
            format!("{count} is not between 1 and {MAX_COUNT}"),
        ));
    }
    let seed = req.seed.unwrap_or(1);
    let (opts, alphabet) = req.options(budget, external)?;
    let mut g = Generator::new(opts).map_err(RequestError::Generate)?;
    let mut out = Vec::new();
    for k in 0..count {
        let made = match g.generate(seed, k) {
            Ok(made) => made,
            Err(GenerateError::Stopped(r)) => {
                let json = serde_json::json!({"puzzle": k + 1, "status": "unknown", "reason": r.to_string()});
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
    }
    Ok(out)
}
