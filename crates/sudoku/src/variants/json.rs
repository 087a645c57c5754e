//! The variant JSON format: one object per puzzle (JSON Lines or pretty-printed),
//! e.g. `{"givens": "…", "rules": ["diagonals"], "cages": [{"sum": 15, "cells": ["r1c1", "r1c2"]}]}`.

use super::{Cage, Regions, Rules, parse_cell};
use crate::grid::Grid;
use crate::parse::{ParseError, ParseOptions, ParsedPuzzle, parse_puzzles};
use crate::shape::Shape;
use crate::symbols::Alphabet;
use serde_json::{Map, Value, json};

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
                out.push(Err(ParseError {
                    line: e.line(),
                    column: e.column().max(1),
                    message: format!("invalid JSON: {e}")
                        .replace(&format!(" at line {} column {}", e.line(), e.column()), ""),
                }));
                break;
            }
            Some(Ok(v)) => match read_object(&v, opts, line) {
                Ok(p) => out.push(Ok(p)),
                Err(m) => out.push(Err(ParseError {
                    line,
                    column,
                    message: m,
                })),
            },
        }
    }
    out
}

fn read_object(v: &Value, cli: &ParseOptions, line: usize) -> Result<ParsedPuzzle, String> {
    let obj = v
        .as_object()
        .ok_or("expected a JSON object for each puzzle")?;
    if let Some(k) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        return Err(format!(
            "unknown field '{k}' (expected: {})",
            FIELDS[..8].join(", ")
        ));
    }
    let text = |k: &str| -> Result<Option<String>, String> {
        match obj.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(Value::Array(a)) if k != "box" && k != "symbols" => a
                .iter()
                .map(|x| x.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .map(|rows| Some(rows.join("\n")))
                .ok_or_else(|| format!("'{k}' must be a string or an array of row strings")),
            Some(_) => Err(format!("'{k}' must be a string")),
        }
    };
    let mut opts = cli.clone();
    if let Some(b) = text("box")? {
        opts.shape = Some(b.parse::<Shape>().map_err(|m| format!("box: {m}"))?);
    }
    if let Some(s) = text("symbols")? {
        opts.alphabet = Some(std::sync::Arc::new(
            Alphabet::custom(&s).map_err(|m| format!("symbols: {m}"))?,
        ));
    }
    let givens = text("givens")?.ok_or("missing field 'givens' (the puzzle)")?;
    let grid_of = |what: &str, s: &str| -> Result<ParsedPuzzle, String> {
        let mut it = parse_puzzles(s, &opts);
        let p = it
            .next()
            .ok_or_else(|| format!("'{what}' holds no puzzle"))?
            .map_err(|e| format!("{what}: {}", e.message))?;
        if it.next().is_some() {
            return Err(format!("'{what}' holds more than one puzzle"));
        }
        Ok(p)
    };
    let mut p = grid_of("givens", &givens)?;
    p.line = line;
    let shape = p.grid.shape();
    let n = shape.n();
    let mut rules = Rules::default();
    match obj.get("rules") {
        None | Some(Value::Null) => {}
        Some(Value::Array(a)) => {
            for r in a {
                let name = r.as_str().ok_or("'rules' must be an array of names")?;
                if name != "jigsaw" && name != "killer" {
                    rules.add(name.parse()?);
                }
            }
        }
        Some(Value::String(s)) => rules = Rules::parse_list(s)?,
        Some(_) => return Err("'rules' must be an array of names".into()),
    }
    if let Some(map) = text("regions")? {
        let labels: Vec<char> = map
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '|')
            .collect();
        if labels.len() != n * n {
            return Err(format!(
                "regions: {} labels for a {n}×{n} grid ({} needed)",
                labels.len(),
                n * n
            ));
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
            return Err(format!(
                "regions: {} different labels, {n} needed",
                seen.len()
            ));
        }
        rules.regions = Some(Regions::new(shape, ids).map_err(|m| format!("regions: {m}"))?);
    }
    if let Some(cages) = obj.get("cages") {
        let list = cages.as_array().ok_or("'cages' must be an array")?;
        for (k, c) in list.iter().enumerate() {
            let sum = c
                .get("sum")
                .and_then(Value::as_u64)
                .ok_or_else(|| format!("cage {}: needs a numeric 'sum'", k + 1))?;
            let cells = c.get("cells").and_then(Value::as_array).ok_or_else(|| {
                format!("cage {}: needs 'cells', e.g. [\"r1c1\", \"r1c2\"]", k + 1)
            })?;
            let mut cage = Cage {
                sum: u32::try_from(sum).map_err(|_| format!("cage {}: sum too large", k + 1))?,
                cells: Vec::new(),
            };
            for cell in cells {
                let s = cell.as_str().unwrap_or("");
                let (r, c) = parse_cell(s).ok_or_else(|| {
                    format!("cage {}: {cell} is not a cell such as \"r1c2\"", k + 1)
                })?;
                if r >= n || c >= n {
                    return Err(format!("cage {}: {s} is outside the {n}×{n} grid", k + 1));
                }
                cage.cells.push((r, c));
            }
            cage.cells.sort();
            rules.cages.push(cage);
        }
        rules.cages.sort_by(|a, b| a.cells.cmp(&b.cells));
    }
    rules.validate(shape)?;
    if let Some(s) = text("solution")? {
        let sol = grid_of("solution", &s)?;
        if sol.grid.shape() != shape || !sol.grid.is_full() {
            return Err("'solution' must be a filled grid of the puzzle's size".into());
        }
        p.solution = Some(sol.grid);
    }
    p.comment = text("name")?;
    p.rules = rules;
    Ok(p)
}

/// The JSON object of a puzzle with its rules (and solution): what
/// [`parse_variant_json`] reads. Grids are one line of symbols (integers
/// separated by spaces above 35×35).
pub fn variant_json(
    puzzle: &Grid,
    rules: &Rules,
    alphabet: Option<&Alphabet>,
    solution: Option<&Grid>,
) -> Map<String, Value> {
    let shape = puzzle.shape();
    let n = shape.n();
    let mut m = Map::new();
    if Shape::for_side(n).ok() != Some(shape) {
        m.insert("box".into(), json!(shape.to_string()));
    }
    if let Some(a) = alphabet {
        if Alphabet::default_for(n).as_ref() != Some(a) {
            m.insert(
                "symbols".into(),
                json!(a.symbols().iter().collect::<String>()),
            );
        }
    }
    let names: Vec<&str> = rules.rules.iter().map(|r| r.name()).collect();
    if !names.is_empty() {
        m.insert("rules".into(), json!(names));
    }
    if let Some(reg) = &rules.regions {
        let labels: Vec<char> = crate::symbols::DEFAULT_SYMBOLS
            .chars()
            .chain('a'..='z')
            .collect();
        let rows: Vec<String> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| labels.get(reg.region_of(r, c, n)).copied().unwrap_or('?'))
                    .collect()
            })
            .collect();
        m.insert("regions".into(), json!(rows));
    }
    if !rules.cages.is_empty() {
        let cages: Vec<Value> = rules
            .cages
            .iter()
            .map(|k| {
                let cells: Vec<String> = k
                    .cells
                    .iter()
                    .map(|&(r, c)| format!("r{}c{}", r + 1, c + 1))
                    .collect();
                json!({"sum": k.sum, "cells": cells})
            })
            .collect();
        m.insert("cages".into(), Value::Array(cages));
    }
    m.insert("givens".into(), json!(puzzle.to_line(alphabet)));
    if let Some(s) = solution {
        m.insert("solution".into(), json!(s.to_line(alphabet)));
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Rule;

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
        assert!(p.rules.has(Rule::Diagonals) && p.rules.regions.is_some());
        assert_eq!(p.rules.cages[0].cells, vec![(3, 2), (3, 3)]);
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
        assert!(e.message.contains("givens"), "{e}");
        let bad = "\n{\"givens\": \"................\", \"colour\": 1}";
        let e = parse_variant_json(bad, &ParseOptions::default())[0]
            .clone()
            .unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        assert!(e.message.contains("unknown field 'colour'"), "{e}");
        let bad = "{\"givens\": \"................\",\n \"rules\": [}";
        let e = parse_variant_json(bad, &ParseOptions::default())[0]
            .clone()
            .unwrap_err();
        assert_eq!(e.line, 2, "{e}");
    }
}
