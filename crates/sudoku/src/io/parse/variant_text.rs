//! The variant text format: `key:` sections (rules, regions, cages, givens, solution)
//! around a puzzle in any layout gridsat reads. See docs/guide/sudoku-variants.md.

use super::{ParseError, ParseOptions, ParsedPuzzle, err, parse_puzzles};
use crate::model::rules::{Cage, Regions, Rule, Rules, RulesError, parse_cell};
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use std::collections::BTreeMap;

/// The section keys, in the order the writer uses.
const KEYS: [&str; 10] = [
    "name", "box", "symbols", "rules", "regions", "cages", "sums", "cage", "givens", "solution",
];

/// The key of a section header line (`rules: …` → `rules`), or `None` for other lines.
fn header(line: &str) -> Option<(&str, &str)> {
    let (key, rest) = line.split_once(':')?;
    let k = key.trim();
    (!k.is_empty() && k.len() == key.len() && k.chars().all(|c| c.is_ascii_lowercase()))
        .then_some((k, rest))
}

fn is_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with('#') || t.starts_with("//") || t.starts_with(';')
}

/// True when `text` is in the variant text format: its first line that is neither
/// blank nor a comment is a section header such as `rules:` or `givens:`.
pub fn looks_like_variant_text(text: &str) -> bool {
    text.lines()
        .find(|l| !l.trim().is_empty() && !is_comment(l))
        .and_then(header)
        .is_some_and(|(k, _)| KEYS.contains(&k))
}

/// One section: its key, the 1-based line of the header, and its lines (the text after
/// the colon first, when there is some), each with its 1-based line number and the
/// column where it starts.
struct Section<'a> {
    key: &'a str,
    line: usize,
    lines: Vec<(usize, usize, &'a str)>,
}

impl Section<'_> {
    /// The section's text as one string (for one-line values such as `rules:`).
    fn text(&self) -> String {
        self.lines
            .iter()
            .map(|l| l.2.trim())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Reads every record of a variant text; each yields its puzzles (all of a record's
/// puzzles share its rules) or the error that spoiled the record.
pub fn parse_variant_text(
    text: &str,
    opts: &ParseOptions,
) -> Vec<Result<ParsedPuzzle, ParseError>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut records: Vec<Vec<Section>> = vec![Vec::new()];
    let mut out = Vec::new();
    for (i, &line) in lines.iter().enumerate() {
        let ln = i + 1;
        if let Some((key, rest)) = header(line) {
            if !KEYS.contains(&key) {
                out.push(Err(err(
                    ln,
                    1,
                    format!(
                        "unknown section '{key}:' (expected one of: {})",
                        KEYS.join(", ")
                    ),
                )));
                return out;
            }
            let cur = records.last_mut().expect("one record at least");
            let done = cur.iter().any(|s| s.key == "givens" || s.key == "solution");
            let repeated = key != "cage" && cur.iter().any(|s| s.key == key);
            if (done && key != "solution") || repeated {
                records.push(Vec::new());
            }
            let mut sec = Section {
                key,
                line: ln,
                lines: Vec::new(),
            };
            if !rest.trim().is_empty() {
                sec.lines.push((
                    ln,
                    line[..line.len() - rest.len()].chars().count() + 1,
                    rest,
                ));
            }
            records.last_mut().expect("just pushed").push(sec);
        } else if let Some(sec) = records.last_mut().and_then(|r| r.last_mut()) {
            sec.lines.push((ln, 1, line));
        } else if !line.trim().is_empty() && !is_comment(line) {
            out.push(Err(err(
                ln,
                1,
                "text before the first section header (e.g. 'rules:')",
            )));
            return out;
        }
    }
    for rec in records.iter().filter(|r| !r.is_empty()) {
        match read_record(rec, opts, lines.len()) {
            Ok(ps) => out.extend(ps.into_iter().map(Ok)),
            Err(e) => out.push(Err(e)),
        }
    }
    out
}

/// Text with only the lines of `sec` kept (others blank), so that the puzzle parser
/// reports the file's own line numbers.
fn section_text(sec: &Section, total: usize) -> String {
    let mut v = vec![""; total];
    for &(ln, _, l) in &sec.lines {
        v[ln - 1] = l;
    }
    // A one-line value after the colon is a puzzle on the header line itself.
    v.join("\n")
}

/// A record's sections, and the file's line count (to keep line numbers).
struct Record<'r, 'a> {
    sections: &'r [Section<'a>],
    total: usize,
}

impl<'a> Record<'_, 'a> {
    fn find(&self, key: &str) -> Option<&Section<'a>> {
        self.sections.iter().find(|s| s.key == key)
    }

    /// The puzzles of a section (`givens:` or `solution:`), read with `opts`.
    fn puzzles(&self, sec: &Section, opts: &ParseOptions) -> Result<Vec<ParsedPuzzle>, ParseError> {
        parse_puzzles(&section_text(sec, self.total), opts).collect()
    }
}

fn read_record(
    rec: &[Section],
    cli: &ParseOptions,
    total: usize,
) -> Result<Vec<ParsedPuzzle>, ParseError> {
    let rec = Record {
        sections: rec,
        total,
    };
    let first = rec.sections[0].line;
    let givens = rec.find("givens").ok_or_else(|| {
        err(
            first,
            1,
            "this record has no 'givens:' section (the puzzle itself)",
        )
    })?;
    let opts = record_options(&rec, cli)?;
    let mut rules = simple_rules(&rec)?;
    let puzzles = rec.puzzles(givens, &opts)?;
    if puzzles.is_empty() {
        return Err(err(givens.line, 1, "the 'givens:' section holds no puzzle"));
    }
    let shape = puzzles[0].grid.shape();
    if let Some(p) = puzzles.iter().find(|p| p.grid.shape() != shape) {
        return Err(err(
            p.line,
            1,
            "all puzzles of a record must have the same size",
        ));
    }
    if let Some(s) = rec.find("regions") {
        rules.set_regions(Some(read_regions(s, shape)?));
    }
    let mut cages = map_cages(&rec, shape.n())?;
    cages.extend(line_cages(&rec, shape.n())?);
    rules.set_cages(cages);
    let anchor = rec
        .find("cages")
        .or(rec.find("cage"))
        .map_or(first, |s| s.line);
    rules
        .validate(shape)
        .map_err(|m| err(anchor, 1, m.to_string()))?;
    let solutions = solutions(&rec, &opts, shape, puzzles.len())?;
    let name = rec.find("name").map(|s| s.text());
    let mut sols = solutions.into_iter();
    Ok(puzzles
        .into_iter()
        .map(|mut p| {
            p.rules = rules.clone();
            p.solution = sols.next().map(|s| s.grid);
            if p.comment.is_none() {
                p.comment = name.clone();
            }
            p
        })
        .collect())
}

/// The options with the record's `box:` and `symbols:` sections applied.
fn record_options(rec: &Record, cli: &ParseOptions) -> Result<ParseOptions, ParseError> {
    let mut opts = cli.clone();
    if let Some(s) = rec.find("box") {
        let shape: Shape = s
            .text()
            .parse()
            .map_err(|m| err(s.line, 1, format!("box: {m}")))?;
        opts.shape = Some(shape);
    }
    if let Some(s) = rec.find("symbols") {
        let a = Alphabet::custom(&s.text().replace(' ', ""))
            .map_err(|m| err(s.line, 1, format!("symbols: {m}")))?;
        opts.alphabet = Some(std::sync::Arc::new(a));
    }
    Ok(opts)
}

/// The simple rules of the `rules:` section, each error at its word.
fn simple_rules(rec: &Record) -> Result<Rules, ParseError> {
    let mut rules = Rules::default();
    if let Some(s) = rec.find("rules") {
        for &(ln, col, l) in &s.lines {
            for (k, word) in tokens(l) {
                let rule = Rule::parse_name(word).map_err(|m| err(ln, col + k, m.to_string()))?;
                rules.add(rule);
            }
        }
    }
    Ok(rules)
}

/// The jigsaw regions of a `regions:` map (any N distinct labels).
fn read_regions(s: &Section, shape: Shape) -> Result<Regions, ParseError> {
    let n = shape.n();
    let map = read_map(s, n, false)?;
    let mut labels: Vec<char> = Vec::new();
    let mut ids = Vec::with_capacity(n * n);
    for &(_, _, ch) in &map {
        let k = labels.iter().position(|&l| l == ch).unwrap_or_else(|| {
            labels.push(ch);
            labels.len() - 1
        });
        ids.push(k as u16);
    }
    if labels.len() != n {
        return Err(err(
            s.line,
            1,
            format!(
                "regions: {} different labels, a {n}×{n} grid needs {n} regions",
                labels.len()
            ),
        ));
    }
    Regions::new(shape, ids).map_err(|m| {
        // Name the region by its label rather than its number.
        let m = match m {
            RulesError::RegionSize { region, cells, n } => format!(
                "region '{}' has {cells} cells; every region needs exactly {n}",
                labels[region]
            ),
            other => other.to_string(),
        };
        err(s.line, 1, format!("regions: {m}"))
    })
}

/// The cages of a `cages:` map with their `sums:` (an error for sums without a map).
fn map_cages(rec: &Record, n: usize) -> Result<Vec<Cage>, ParseError> {
    let Some(s) = rec.find("cages") else {
        return match rec.find("sums") {
            Some(ss) => Err(err(ss.line, 1, "'sums:' without a 'cages:' map")),
            None => Ok(Vec::new()),
        };
    };
    let map = read_map(s, n, true)?;
    let mut cells: BTreeMap<char, Vec<(usize, usize)>> = BTreeMap::new();
    let mut first_at: BTreeMap<char, (usize, usize)> = BTreeMap::new();
    for (i, &(ln, col, ch)) in map.iter().enumerate() {
        if ch == '.' {
            continue;
        }
        cells.entry(ch).or_default().push((i / n, i % n));
        first_at.entry(ch).or_insert((ln, col));
    }
    let sums = cage_sums(rec.find("sums"), &cells)?;
    let mut cages = Vec::new();
    for (ch, cs) in cells {
        let (ln, col) = first_at[&ch];
        let sum = *sums.get(&ch).ok_or_else(|| {
            err(
                ln,
                col,
                format!("cage '{ch}' has no sum (add {ch}=… to 'sums:')"),
            )
        })?;
        cages.push(Cage { sum, cells: cs });
    }
    Ok(cages)
}

/// The `label=sum` pairs of a `sums:` section, for the labels of the cage map.
fn cage_sums(
    sec: Option<&Section>,
    cells: &BTreeMap<char, Vec<(usize, usize)>>,
) -> Result<BTreeMap<char, u32>, ParseError> {
    let mut sums: BTreeMap<char, u32> = BTreeMap::new();
    let Some(ss) = sec else {
        return Ok(sums);
    };
    for &(ln, col, l) in &ss.lines {
        for (k, tok) in tokens(l) {
            let at = col + k;
            let (label, value) = tok
                .split_once('=')
                .ok_or_else(|| err(ln, at, format!("sums: '{tok}' should look like a=15")))?;
            let mut chars = label.chars();
            let (Some(ch), None) = (chars.next(), chars.next()) else {
                return Err(err(
                    ln,
                    at,
                    format!("sums: '{label}' is not one cage label"),
                ));
            };
            if !cells.contains_key(&ch) {
                return Err(err(ln, at, format!("sums: no cage '{ch}' in the cage map")));
            }
            let v = value
                .parse()
                .map_err(|_| err(ln, at, format!("sums: '{value}' is not a number")))?;
            sums.insert(ch, v);
        }
    }
    Ok(sums)
}

/// The cages of the `cage: SUM CELL CELL …` lines.
fn line_cages(rec: &Record, n: usize) -> Result<Vec<Cage>, ParseError> {
    let mut cages = Vec::new();
    for s in rec.sections.iter().filter(|s| s.key == "cage") {
        let (ln, col, l) = *s
            .lines
            .first()
            .ok_or_else(|| err(s.line, 1, "cage: expected a sum and cells"))?;
        let mut cage = Cage {
            sum: 0,
            cells: Vec::new(),
        };
        let toks = tokens(l);
        if let Some(&(k, tok)) = toks.first() {
            cage.sum = tok.parse().map_err(|_| {
                err(
                    ln,
                    col + k,
                    format!("cage: '{tok}' should be the cage's sum"),
                )
            })?;
        }
        for &(k, tok) in toks.iter().skip(1) {
            let at = col + k;
            let (r, c) = parse_cell(tok)
                .ok_or_else(|| err(ln, at, format!("cage: '{tok}' is not a cell such as r1c2")))?;
            if r >= n || c >= n {
                return Err(err(
                    ln,
                    at,
                    format!("cage: {tok} is outside the {n}×{n} grid"),
                ));
            }
            cage.cells.push((r, c));
        }
        if cage.sum == 0 || cage.cells.is_empty() {
            return Err(err(
                ln,
                col,
                "cage: expected a sum and then cells, e.g. 'cage: 15 r1c1 r1c2'",
            ));
        }
        cage.cells.sort();
        cages.push(cage);
    }
    Ok(cages)
}

/// The known solutions of the `solution:` section: one filled grid per puzzle.
fn solutions(
    rec: &Record,
    opts: &ParseOptions,
    shape: Shape,
    count: usize,
) -> Result<Vec<ParsedPuzzle>, ParseError> {
    let Some(s) = rec.find("solution") else {
        return Ok(Vec::new());
    };
    let sols = rec.puzzles(s, opts)?;
    if sols.len() != count {
        return Err(err(
            s.line,
            1,
            format!("{} solutions for {} puzzles", sols.len(), count),
        ));
    }
    if let Some(b) = sols
        .iter()
        .find(|p| p.grid.shape() != shape || !p.grid.is_full())
    {
        return Err(err(
            b.line,
            1,
            "a solution must be a filled grid of the puzzle's size",
        ));
    }
    Ok(sols)
}

/// The tokens of `l` separated by spaces, tabs or commas, each with its 0-based
/// character offset in `l`.
fn tokens(l: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (k, (b, ch)) in l.char_indices().enumerate() {
        let sep = ch == ',' || ch.is_whitespace();
        match (sep, start) {
            (true, Some((k0, b0))) => {
                out.push((k0, &l[b0..b]));
                start = None;
            }
            (false, None) => start = Some((k, b)),
            _ => {}
        }
    }
    if let Some((k0, b0)) = start {
        out.push((k0, &l[b0..]));
    }
    out
}

/// The N×N labels of a map section (regions or cages): one character per cell,
/// spaces and `|` ignored, rule lines (`---+---`) skipped. Each label comes with its
/// line and column.
fn read_map(s: &Section, n: usize, dots: bool) -> Result<Vec<(usize, usize, char)>, ParseError> {
    let mut cells = Vec::with_capacity(n * n);
    let mut rows = 0;
    for &(ln, col, l) in &s.lines {
        let t = l.trim();
        if t.is_empty() || is_comment(l) {
            continue;
        }
        if t.chars().all(|c| "-+=|".contains(c) || c.is_whitespace()) {
            continue;
        }
        let row: Vec<(usize, usize, char)> = l
            .chars()
            .enumerate()
            .filter(|&(_, c)| !c.is_whitespace() && c != '|')
            .map(|(i, c)| (ln, col + i, c))
            .collect();
        if row.len() != n {
            return Err(err(
                ln,
                col,
                format!("{}: this row has {} labels, expected {n}", s.key, row.len()),
            ));
        }
        if !dots {
            if let Some(&(ln, c, _)) = row.iter().find(|x| x.2 == '.') {
                return Err(err(
                    ln,
                    c,
                    "regions: every cell needs a region label ('.' is not one)",
                ));
            }
        }
        rows += 1;
        if rows > n {
            return Err(err(ln, col, format!("{}: more than {n} rows", s.key)));
        }
        cells.extend(row);
    }
    if rows != n {
        return Err(err(
            s.line,
            1,
            format!("{}: {rows} rows, expected {n}", s.key),
        ));
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::format::write_variant_text;

    const JIGSAW4: &str =
        "# a 4×4 jigsaw\nname: tiny\nrules: diagonals\nregions:\nAABB\nACBB\nACDD\nCCDD\n";

    #[test]
    fn records_read_back_what_the_writer_wrote() {
        let text = format!("{JIGSAW4}givens:\n1...\n....\n....\n...4\n");
        let got = parse_variant_text(&text, &ParseOptions::default());
        assert_eq!(got.len(), 1);
        let p = got[0].as_ref().unwrap();
        assert!(p.rules.has(Rule::Diagonals));
        assert_eq!(p.comment.as_deref(), Some("tiny"));
        let reg = p.rules.regions().unwrap();
        assert_eq!(reg.region_of(1, 1, 4), 2);
        let again =
            write_variant_text(&p.grid, &p.rules, p.alphabet.as_deref(), None, Some("tiny"));
        let back = parse_variant_text(&again, &ParseOptions::default());
        let q = back[0].as_ref().unwrap();
        assert_eq!((&q.grid, &q.rules), (&p.grid, &p.rules));
    }

    #[test]
    fn cages_from_a_map_or_lines_and_errors_name_line_and_column() {
        let text = "cages:\naabb\nc.bd\nc..d\neeff\nsums: a=3 b=9 c=5 d=5 e=7 f=3\ncage: 2 r2c2\ngivens: ................\n";
        let got = parse_variant_text(text, &ParseOptions::default());
        let p = got[0].as_ref().unwrap();
        assert_eq!(p.rules.cages().len(), 7);
        assert_eq!(
            p.rules.cages()[0],
            Cage {
                sum: 3,
                cells: vec![(0, 0), (0, 1)]
            }
        );
        let bad = "rules: diagonals knights\ngivens: ................\n";
        let e = parse_variant_text(bad, &ParseOptions::default())[0]
            .clone()
            .unwrap_err();
        assert_eq!((e.line, e.column), (1, 18), "{e}");
        let bad =
            "cages:\naabb\nc.bd\nc..d\neeff\nsums: a=3 b=9 c=5 d=5 e=7\ngivens: ................\n";
        let e = parse_variant_text(bad, &ParseOptions::default())[0]
            .clone()
            .unwrap_err();
        assert!(e.message().contains("cage 'f' has no sum"), "{e}");
        assert_eq!((e.line, e.column), (5, 3));
        let bad = "regions:\nAABB\nACBB\nACDD\nCCDA\ngivens: ................\n";
        let e = parse_variant_text(bad, &ParseOptions::default())[0]
            .clone()
            .unwrap_err();
        assert!(e.message().contains("region 'A' has 5 cells"), "{e}");
        let bad = "colour: red\n";
        let e = parse_variant_text(bad, &ParseOptions::default())[0]
            .clone()
            .unwrap_err();
        assert!(e.message().contains("unknown section 'colour:'"), "{e}");
        let bad = "rules: windoku\ngivens:\n1234\n34x2\n2143\n4321\n";
        let e = parse_variant_text(bad, &ParseOptions::default())[0]
            .clone()
            .unwrap_err();
        assert_eq!((e.line, e.column), (4, 3), "{e}");
    }
}
