//! The variant JSON format: one object per puzzle (JSON Lines or pretty-printed),
//! e.g. `{"givens": "…", "rules": ["diagonals"], "cages": [{"sum": 15, "cells": ["r1c1", "r1c2"]}]}`.

use super::{ParseError, ParseOptions, ParsedPuzzle, err, parse_puzzles};
use crate::model::rules::{Cage, Regions, Rule, Rules, parse_cell};
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use serde_json::Value;

/// What is wrong with one object, in words (placed at the object's start).
struct Invalid(String);

impl From<&str> for Invalid {
    fn from(s: &str) -> Invalid {
        Invalid(s.to_string())
    }
}

impl From<String> for Invalid {
    fn from(s: String) -> Invalid {
        Invalid(s)
    }
}

type Res<T> = Result<T, Invalid>;

/// Fields a reader accepts; the last ones are informational (written by `generate`,
/// `solve --json` and `rate --json`) and ignored.
const FIELDS: [&str; 15] = [
    "givens",
    "box",
    "symbols",
    "rules",
    "regions",
    "cages",
    "solution",
    "name",
    "puzzle",
    "clues",
    "difficulty",
    "rating",
    "seed",
    "status",
    "stats",
];

/// True when the first character that is not blank or in a comment line is `{`.
pub fn looks_like_json(text: &str) -> bool {
    text.lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with('{'))
}

/// 1-based line and column of byte offset `at` in `text`.
fn position(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Reads every JSON object of `text` as a puzzle with its rules (and known solution).
pub fn parse_variant_json(
    text: &str,
    opts: &ParseOptions,
) -> Vec<Result<ParsedPuzzle, ParseError>> {
    // Comment lines starting with '#' are blanked (same length, so positions hold).
    let cleaned: String = text
        .split_inclusive('\n')
        .map(|l| {
            if l.trim_start().starts_with('#') {
                l.chars()
                    .map(|c| if c == '\n' { '\n' } else { ' ' })
                    .collect()
            } else {
                l.to_string()
            }
        })
        .collect();
    let mut out = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(&cleaned).into_iter::<Value>();
    loop {
        let start = stream.byte_offset();
        let skipped = cleaned[start..].len() - cleaned[start..].trim_start().len();
        let (line, column) = position(&cleaned, start + skipped);
        match stream.next() {
            None => break,
            Some(Err(e)) => {
                let message = format!("invalid JSON: {e}")
                    .replace(&format!(" at line {} column {}", e.line(), e.column()), "");
                out.push(Err(err(e.line(), e.column().max(1), message)));
                break;
            }
            Some(Ok(v)) => match read_object(&v, opts, line) {
                Ok(p) => out.push(Ok(p)),
                Err(Invalid(m)) => out.push(Err(err(line, column, m))),
            },
        }
    }
    out
}

/// Reads one object: the puzzle with its rules, placed at `line`.
fn read_object(v: &Value, cli: &ParseOptions, line: usize) -> Res<ParsedPuzzle> {
    let obj = v
        .as_object()
        .ok_or("expected a JSON object for each puzzle")?;
    if let Some(k) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        return Err(format!("unknown field '{k}' (expected: {})", FIELDS[..8].join(", ")).into());
    }
    let o = Object(obj);
    let opts = object_options(&o, cli)?;
    let givens = o
        .text("givens")?
        .ok_or("missing field 'givens' (the puzzle)")?;
    let mut p = grid_of(&opts, "givens", &givens)?;
    p.line = line;
    let shape = p.grid.shape();
    let mut rules = object_rules(obj.get("rules"))?;
    if let Some(map) = o.text("regions")? {
        rules.set_regions(Some(object_regions(&map, shape)?));
    }
    if let Some(cages) = obj.get("cages") {
        rules.set_cages(object_cages(cages, shape.n())?);
    }
    rules.validate(shape).map_err(|e| e.to_string())?;
    if let Some(s) = o.text("solution")? {
        let sol = grid_of(&opts, "solution", &s)?;
        if sol.grid.shape() != shape || !sol.grid.is_full() {
            return Err("'solution' must be a filled grid of the puzzle's size".into());
        }
        p.solution = Some(sol.grid);
    }
    p.comment = o.text("name")?;
    p.rules = rules;
    Ok(p)
}

/// The fields of one object.
struct Object<'a>(&'a serde_json::Map<String, Value>);

impl Object<'_> {
    /// A text field: a string, or (except `box` and `symbols`) an array of row strings.
    fn text(&self, k: &str) -> Res<Option<String>> {
        match self.0.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(Value::Array(a)) if k != "box" && k != "symbols" => a
                .iter()
                .map(|x| x.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .map(|rows| Some(rows.join("\n")))
                .ok_or_else(|| format!("'{k}' must be a string or an array of row strings").into()),
            Some(_) => Err(format!("'{k}' must be a string").into()),
        }
    }
}

/// The options with the object's `box` and `symbols` applied.
fn object_options(o: &Object, cli: &ParseOptions) -> Res<ParseOptions> {
    let mut opts = cli.clone();
    if let Some(b) = o.text("box")? {
        opts.shape = Some(b.parse::<Shape>().map_err(|m| format!("box: {m}"))?);
    }
    if let Some(s) = o.text("symbols")? {
        opts.alphabet = Some(std::sync::Arc::new(
            Alphabet::custom(&s).map_err(|m| format!("symbols: {m}"))?,
        ));
    }
    Ok(opts)
}

/// The one puzzle of field `what` (`givens` or `solution`).
fn grid_of(opts: &ParseOptions, what: &str, s: &str) -> Res<ParsedPuzzle> {
    let mut it = parse_puzzles(s, opts);
    let p = it
        .next()
        .ok_or_else(|| format!("'{what}' holds no puzzle"))?
        .map_err(|e| format!("{what}: {}", e.message()))?;
    if it.next().is_some() {
        return Err(format!("'{what}' holds more than one puzzle").into());
    }
    Ok(p)
}

/// The simple rules of the `rules` field: an array of names (`jigsaw` and `killer`
/// are implied by regions and cages), or one string.
fn object_rules(v: Option<&Value>) -> Res<Rules> {
    let mut rules = Rules::default();
    match v {
        None | Some(Value::Null) => {}
        Some(Value::Array(a)) => {
            for r in a {
                let name = r.as_str().ok_or("'rules' must be an array of names")?;
                if name != "jigsaw" && name != "killer" {
                    rules.add(Rule::parse_name(name).map_err(|e| e.to_string())?);
                }
            }
        }
        Some(Value::String(s)) => rules = Rules::parse_list(s).map_err(|e| e.to_string())?,
        Some(_) => return Err("'rules' must be an array of names".into()),
    }
    Ok(rules)
}

/// The jigsaw regions of the `regions` field (N² labels, N of them distinct).
fn object_regions(map: &str, shape: Shape) -> Res<Regions> {
    let n = shape.n();
    let labels: Vec<char> = map
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '|')
        .collect();
    if labels.len() != n * n {
        return Err(format!(
            "regions: {} labels for a {n}×{n} grid ({} needed)",
            labels.len(),
            n * n
        )
        .into());
    }
    let mut seen: Vec<char> = Vec::new();
    let ids = labels
        .iter()
        .map(|&c| {
            seen.iter().position(|&l| l == c).unwrap_or_else(|| {
                seen.push(c);
                seen.len() - 1
            }) as u16
        })
        .collect();
    if seen.len() != n {
        return Err(format!("regions: {} different labels, {n} needed", seen.len()).into());
    }
    Ok(Regions::new(shape, ids).map_err(|m| format!("regions: {m}"))?)
}

/// The cages of the `cages` field: `{"sum": 15, "cells": ["r1c1", "r1c2"]}` each.
fn object_cages(cages: &Value, n: usize) -> Res<Vec<Cage>> {
    let list = cages.as_array().ok_or("'cages' must be an array")?;
    let mut out = Vec::with_capacity(list.len());
    for (k, c) in list.iter().enumerate() {
        let sum = c
            .get("sum")
            .and_then(Value::as_u64)
            .ok_or_else(|| format!("cage {}: needs a numeric 'sum'", k + 1))?;
        let cells = c
            .get("cells")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("cage {}: needs 'cells', e.g. [\"r1c1\", \"r1c2\"]", k + 1))?;
        let mut cage = Cage {
            sum: u32::try_from(sum).map_err(|_| format!("cage {}: sum too large", k + 1))?,
            cells: Vec::new(),
        };
        for cell in cells {
            let s = cell.as_str().unwrap_or("");
            let (r, c) = parse_cell(s)
                .ok_or_else(|| format!("cage {}: {cell} is not a cell such as \"r1c2\"", k + 1))?;
            if r >= n || c >= n {
                return Err(format!("cage {}: {s} is outside the {n}×{n} grid", k + 1).into());
            }
            cage.cells.push((r, c));
        }
        cage.cells.sort();
        out.push(cage);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::format::variant_json;

    #[test]
    fn objects_round_trip_and_errors_are_located() {
        let text = r#"{"givens": "1...............", "rules": ["x", "jigsaw"], "regions": ["AABB", "ACBB", "ACDD", "CCDD"],
  "cages": [{"sum": 3, "cells": ["r4c3", "r4c4"]}]}
{"givens": "..3.............", "rules": "anti-king"}
"#;
        assert!(looks_like_json(text));
        let got = parse_variant_json(text, &ParseOptions::default());
        assert_eq!(got.len(), 2);
        let p = got[0].as_ref().unwrap();
        assert!(p.rules.has(Rule::Diagonals) && p.rules.regions().is_some());
        assert_eq!(p.rules.cages()[0].cells, vec![(3, 2), (3, 3)]);
        let q = got[1].as_ref().unwrap();
        assert_eq!(q.line, 3);
        assert!(q.rules.has(Rule::AntiKing));
        let back =
            Value::Object(variant_json(&p.grid, &p.rules, p.alphabet.as_deref(), None)).to_string();
        let again = parse_variant_json(&back, &ParseOptions::default());
        assert_eq!(again[0].as_ref().unwrap().rules, p.rules);
        let bad = "{\"givens\": \"1...\"}\n";
        let e = parse_variant_json(bad, &ParseOptions::default())[0]
            .clone()
            .unwrap_err();
        assert!(e.message().contains("givens"), "{e}");
        let bad = "\n{\"givens\": \"................\", \"colour\": 1}";
        let e = parse_variant_json(bad, &ParseOptions::default())[0]
            .clone()
            .unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        assert!(e.message().contains("unknown field 'colour'"), "{e}");
        let bad = "{\"givens\": \"................\",\n \"rules\": [}";
        let e = parse_variant_json(bad, &ParseOptions::default())[0]
            .clone()
            .unwrap_err();
        assert_eq!(e.line, 2, "{e}");
    }
}
