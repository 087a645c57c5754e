//! The certificate's formula: DIMACS with a `c var N NAME` comment per variable, read
//! by a reader of its own, and compared with the formula the tiny encoder rebuilds.

use super::Rejected;
use std::collections::HashMap;

/// A literal over named variables: the name and its sign (true = positive).
pub type NamedLit = (String, bool);

/// The formula a claim rests on, as the checker's own encoder builds it: clauses over
/// variables `1..=names.len()`, variable `k` named `names[k - 1]`.
pub struct Expected {
    /// The clauses, DIMACS literals.
    pub clauses: Vec<Vec<i32>>,
    /// The name of every variable.
    pub names: Vec<String>,
}

impl Expected {
    /// Numbers the names of `named` clauses in order of first use.
    pub fn from_named(named: Vec<Vec<NamedLit>>) -> Expected {
        let mut number: HashMap<String, i32> = HashMap::new();
        let mut names = Vec::new();
        let clauses = named
            .into_iter()
            .map(|clause| {
                clause
                    .into_iter()
                    .map(|(name, sign)| {
                        let v = *number.entry(name).or_insert_with_key(|name| {
                            names.push(name.clone());
                            names.len() as i32
                        });
                        if sign { v } else { -v }
                    })
                    .collect()
            })
            .collect();
        Expected { clauses, names }
    }

    /// The formula as DIMACS text, a `c var N NAME` line per variable first: what
    /// another DRAT checker reads.
    pub fn to_dimacs(&self) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        for (k, name) in self.names.iter().enumerate() {
            let _ = writeln!(out, "c var {} {name}", k + 1);
        }
        let _ = writeln!(out, "p cnf {} {}", self.names.len(), self.clauses.len());
        for clause in &self.clauses {
            for l in clause {
                let _ = write!(out, "{l} ");
            }
            out.push_str("0\n");
        }
        out
    }

    /// The formula itself, in its own numbering (for entries whose formula is given by
    /// its definition, not as a file).
    pub fn into_cnf(self) -> Cnf {
        let vars = self.names.len() as u32;
        let by_name = self.names.into_iter().zip(1u32..).collect();
        let lines = (1..=self.clauses.len()).collect();
        Cnf {
            vars,
            clauses: self.clauses,
            lines,
            by_name,
        }
    }
}

/// A formula as read: clauses of DIMACS literals, and the name of every variable.
pub struct Cnf {
    /// The variable count of the header.
    pub vars: u32,
    /// The clauses, in file order.
    pub clauses: Vec<Vec<i32>>,
    /// The line each clause ends on.
    pub lines: Vec<usize>,
    /// Variable number of each name.
    pub by_name: HashMap<String, u32>,
}

fn error(file: &str, line: usize, message: impl Into<String>) -> Rejected {
    Rejected::Format {
        file: file.to_string(),
        line,
        message: message.into(),
    }
}

impl Cnf {
    /// Reads DIMACS text; `c var N NAME` comments name variables, each name once.
    pub fn parse(text: &str, file: &str) -> Result<Cnf, Rejected> {
        let mut cnf = Cnf {
            vars: 0,
            clauses: Vec::new(),
            lines: Vec::new(),
            by_name: HashMap::new(),
        };
        let mut header: Option<usize> = None;
        let mut numbers: HashMap<u32, usize> = HashMap::new();
        let mut clause = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let ln = i + 1;
            if let Some(rest) = line.strip_prefix("c var ") {
                let (n, name) = rest
                    .split_once(' ')
                    .ok_or_else(|| error(file, ln, "a 'c var' line without a name"))?;
                let n: u32 = n
                    .parse()
                    .map_err(|_| error(file, ln, "a 'c var' line without a number"))?;
                if n == 0 || numbers.insert(n, ln).is_some() {
                    return Err(error(
                        file,
                        ln,
                        format!("variable {n} is named twice (or is 0)"),
                    ));
                }
                if let Some(other) = cnf.by_name.insert(name.trim().to_string(), n) {
                    return Err(error(
                        file,
                        ln,
                        format!("variable {n} has the name of variable {other}"),
                    ));
                }
                continue;
            }
            if line.starts_with('c') || line.trim().is_empty() {
                continue;
            }
            if let Some(rest) = line.strip_prefix("p cnf ") {
                let mut w = rest.split_whitespace().map(str::parse::<usize>);
                match (w.next(), w.next()) {
                    (Some(Ok(v)), Some(Ok(c))) if v < i32::MAX as usize => {
                        cnf.vars = v as u32;
                        header = Some(c);
                    }
                    _ => return Err(error(file, ln, "a bad 'p cnf' line")),
                }
                continue;
            }
            if header.is_none() {
                return Err(error(file, ln, "a clause before the 'p cnf' line"));
            }
            for (col, tok) in tokens(line) {
                let l: i32 = tok.parse().map_err(|_| {
                    error(
                        file,
                        ln,
                        format!("column {col}: expected a literal (a nonzero integer) or 0"),
                    )
                })?;
                if l == 0 {
                    cnf.clauses.push(std::mem::take(&mut clause));
                    cnf.lines.push(ln);
                } else if l.unsigned_abs() > cnf.vars {
                    return Err(error(
                        file,
                        ln,
                        format!("literal {l} beyond the header's {} variables", cnf.vars),
                    ));
                } else {
                    clause.push(l);
                }
            }
        }
        match header {
            None => Err(error(file, 0, "no 'p cnf' line")),
            Some(c) if c != cnf.clauses.len() || !clause.is_empty() => Err(error(
                file,
                0,
                format!(
                    "the header announces {c} clauses, the file has {}",
                    cnf.clauses.len()
                ),
            )),
            Some(_) => match cnf.by_name.iter().find(|&(_, &v)| v > cnf.vars) {
                Some((name, v)) => Err(error(
                    file,
                    0,
                    format!("{name} is variable {v}, beyond the header's {}", cnf.vars),
                )),
                None => Ok(cnf),
            },
        }
    }
}

/// The whitespace-separated words of `line` with their 1-based columns.
pub fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split_ascii_whitespace()
        .map(move |w| (w.as_ptr() as usize - line.as_ptr() as usize + 1, w))
}

/// The clause in a canonical form: literals sorted, repeats removed.
fn canonical(mut c: Vec<i32>) -> Vec<i32> {
    c.sort_unstable();
    c.dedup();
    c
}

/// Compares the rebuilt formula (over names) with the certificate's, as multisets of
/// clauses; names the first clause found on one side only.
pub fn compare(entry: &str, expected: &Expected, cnf: &Cnf) -> Result<(), Rejected> {
    let differ = |detail: String| Rejected::Formula {
        entry: entry.to_string(),
        detail,
    };
    let mut number = Vec::with_capacity(expected.names.len());
    for name in &expected.names {
        let v = cnf
            .by_name
            .get(name)
            .ok_or_else(|| differ(format!("no variable is named {name}")))?;
        number.push(*v as i32);
    }
    let mut want: Vec<Vec<i32>> = Vec::with_capacity(expected.clauses.len());
    for clause in &expected.clauses {
        let c = clause.iter().map(|&l| {
            let v = number[l.unsigned_abs() as usize - 1];
            if l > 0 { v } else { -v }
        });
        want.push(canonical(c.collect()));
    }
    let mut have: Vec<(Vec<i32>, usize)> = (cnf.clauses.iter().cloned().map(canonical))
        .zip(cnf.lines.iter().copied())
        .collect();
    want.sort_unstable();
    have.sort_unstable();
    if want.len() == have.len() && want.iter().zip(&have).all(|(w, h)| *w == h.0) {
        return Ok(());
    }
    let names: HashMap<u32, &str> = cnf.by_name.iter().map(|(k, &v)| (v, k.as_str())).collect();
    let show = |c: &[i32]| -> String {
        let lits: Vec<String> = c
            .iter()
            .map(|&l| {
                let n = names.get(&l.unsigned_abs()).copied().unwrap_or("?");
                if l > 0 {
                    n.to_string()
                } else {
                    format!("¬{n}")
                }
            })
            .collect();
        match lits.len() {
            0 => "the empty clause".into(),
            1..=8 => lits.join(" ∨ "),
            n => format!("{} ∨ … ({n} literals)", lits[..6].join(" ∨ ")),
        }
    };
    let mut i = 0;
    while i < want.len() && i < have.len() && want[i] == have[i].0 {
        i += 1;
    }
    let extra = |(_, line): &(Vec<i32>, usize)| {
        format!("the clause ending on line {line} of the formula is not a clause of the rules")
    };
    Err(differ(match (want.get(i), have.get(i)) {
        (Some(w), Some(h)) if *w < h.0 => format!("the rules need {} and it is missing", show(w)),
        (Some(w), None) => format!("the rules need {} and it is missing", show(w)),
        (_, Some(h)) => extra(h),
        _ => "the clause counts differ".to_string(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    const F: &str = "c var 1 a\nc var 2 b\np cnf 2 3\n1 2 0\n-1 0\n-2 0\n";

    fn named(c: &[(&str, bool)]) -> Vec<NamedLit> {
        c.iter().map(|&(n, s)| (n.to_string(), s)).collect()
    }

    #[test]
    fn clauses_compare_by_name_up_to_order() {
        let cnf = Cnf::parse(F, "f").unwrap();
        let want = vec![
            named(&[("b", false)]),
            named(&[("b", true), ("a", true)]),
            named(&[("a", false)]),
        ];
        compare("e", &Expected::from_named(want.clone()), &cnf).unwrap();
        let missing = compare("e", &Expected::from_named(want[..2].to_vec()), &cnf).unwrap_err();
        assert!(
            missing
                .to_string()
                .contains("line 5 of the formula is not a clause"),
            "{missing}"
        );
    }

    #[test]
    fn bad_files_are_refused() {
        for bad in [
            "c var 1 a\nc var 1 b\np cnf 2 0\n",
            "c var 1 a\nc var 2 a\np cnf 2 0\n",
            "c var 3 a\np cnf 2 0\n",
            "p cnf 2 2\n1 2 0\n",
            "p cnf 2 1\n1 3 0\n",
            "1 2 0\np cnf 2 1\n",
            "p cnf 2 1\n1 2\n",
        ] {
            assert!(Cnf::parse(bad, "f").is_err(), "{bad}");
        }
    }
}
