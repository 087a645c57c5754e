//! A student's variable mapping: which DIMACS variable means "cell (r, c) holds d".
//!
//! Two ways to say it: an expression over `r`, `c`, `d` (and `n`, the side), such as
//! `100*r+10*c+d`, with the counting base said explicitly (r, c, d from 0 or from 1),
//! or a names file of `VAR R C D` lines. Either way the map must give every (cell,
//! symbol) its own positive variable; a clash or a variable below 1 is an error that
//! names the two cells (or the cell) and what to change.

use std::collections::HashMap;

/// Why a mapping could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MappingError {
    /// A syntax error in an expression, at a 1-based column.
    #[error("column {column} of the expression '{text}': {message}")]
    Expression {
        /// The expression.
        text: String,
        /// The 1-based column (in characters).
        column: usize,
        /// What is wrong and how to fix it.
        message: String,
    },
    /// A bad line in a names file.
    #[error("line {line}, column {column}: {message}")]
    Names {
        /// The 1-based line.
        line: usize,
        /// The 1-based column.
        column: usize,
        /// What is wrong and how to fix it.
        message: String,
    },
    /// The map is not a one-to-one map from (cell, symbol) to positive variables.
    #[error("{0}")]
    NotOneToOne(String),
}

/// The map (0-based row, column, symbol index) → DIMACS variable, and back.
#[derive(Clone, Debug)]
pub struct VarMap {
    n: usize,
    /// Variable of (r, c, d−1), at index (r·n + c)·n + d−1.
    forward: Vec<u32>,
    back: HashMap<u32, (usize, usize, u16)>,
    /// How the map was given, for messages (`100*r+10*c+d, r c d from 1`).
    pub description: String,
}

impl VarMap {
    /// The map of an expression such as `100*r+10*c+d`, for an `n`×`n` grid, with r, c
    /// and d counted from `base` (0 or 1).
    pub fn from_expression(text: &str, n: usize, base: u8) -> Result<VarMap, MappingError> {
        let expr = Expr::parse(text)?;
        let b = i64::from(base.min(1));
        let mut table = Vec::with_capacity(n * n * n);
        for r in 0..n {
            for c in 0..n {
                for d in 0..n {
                    let at = [r as i64 + b, c as i64 + b, d as i64 + b, n as i64];
                    let v = expr.eval(&at).unwrap_or(i64::MIN);
                    table.push((v, (r, c, d as u16 + 1)));
                }
            }
        }
        let description = format!("{text}, r c d counted from {}", base.min(1));
        VarMap::from_table(n, &table, &description, b)
    }

    /// The map of a names file: one `VAR R C D` line per (cell, symbol), with R, C and D
    /// counted from `base`; blank lines and lines starting with `#` or `c ` are skipped.
    pub fn from_names(text: &str, n: usize, base: u8) -> Result<VarMap, MappingError> {
        let b = i64::from(base.min(1));
        let mut table = Vec::new();
        for (ln, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') || t == "c" || t.starts_with("c ") {
                continue;
            }
            table.push(names_line(line, ln + 1, n, b)?);
        }
        if table.len() != n * n * n {
            return Err(MappingError::NotOneToOne(format!(
                "the names file has {} lines, a {n}×{n} grid needs {} (one per cell and symbol)",
                table.len(),
                n * n * n
            )));
        }
        let description = format!("names file, r c d counted from {}", base.min(1));
        VarMap::from_table(n, &table, &description, b)
    }

    /// The map of a list of variables, one per (cell, symbol), in the order r, c, d
    /// (0-based r and c, d from 1, the last index running fastest), as a Python
    /// callable `var(r, c, d)` gives them; `description` says how it was given.
    pub fn from_list(vars: &[i64], n: usize, description: &str) -> Result<VarMap, MappingError> {
        if vars.len() != n * n * n {
            return Err(MappingError::NotOneToOne(format!(
                "{} variables given, a {n}×{n} grid needs {}",
                vars.len(),
                n * n * n
            )));
        }
        let key = |i: usize| (i / (n * n), i / n % n, (i % n) as u16 + 1);
        let table: Vec<_> = vars.iter().enumerate().map(|(i, &v)| (v, key(i))).collect();
        VarMap::from_table(n, &table, description, 0)
    }

    fn from_table(
        n: usize,
        table: &[(i64, (usize, usize, u16))],
        description: &str,
        b: i64,
    ) -> Result<VarMap, MappingError> {
        let mut forward = vec![0u32; n * n * n];
        let mut back = HashMap::with_capacity(table.len());
        let show = |(r, c, d): (usize, usize, u16)| {
            format!(
                "r={} c={} d={}",
                r as i64 + b,
                c as i64 + b,
                i64::from(d) - 1 + b
            )
        };
        for &(v, key) in table {
            let Ok(var) = u32::try_from(v) else {
                return Err(not_a_var(v, &show(key)));
            };
            if var == 0 || var > i32::MAX as u32 {
                return Err(not_a_var(v, &show(key)));
            }
            if let Some(&other) = back.get(&var) {
                if other != key {
                    return Err(MappingError::NotOneToOne(format!(
                        "variable {var} is given to both {} and {}: every (cell, symbol) needs \
                         its own variable",
                        show(other),
                        show(key)
                    )));
                }
            }
            back.insert(var, key);
            let (r, c, d) = key;
            forward[(r * n + c) * n + d as usize - 1] = var;
        }
        Ok(VarMap {
            n,
            forward,
            back,
            description: description.to_string(),
        })
    }

    /// The side of the grid.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The variable of "cell (r, c) holds d" (0-based r and c, d from 1).
    pub fn var(&self, r: usize, c: usize, d: u16) -> u32 {
        self.forward[(r * self.n + c) * self.n + d as usize - 1]
    }

    /// The (0-based row, 0-based column, symbol from 1) of a variable, when it is a cell
    /// variable (else it is an auxiliary variable of the student's).
    pub fn cell_of(&self, var: u32) -> Option<(usize, usize, u16)> {
        self.back.get(&var).copied()
    }

    /// The largest variable the map uses.
    pub fn max_var(&self) -> u32 {
        self.forward.iter().copied().max().unwrap_or(0)
    }

    /// A readable name: `r3c7=5` (1-based), or `x1000` for an auxiliary variable.
    pub fn name(&self, var: u32) -> String {
        match self.cell_of(var) {
            Some((r, c, d)) => format!("r{}c{}={d}", r + 1, c + 1),
            None => format!("x{var}"),
        }
    }
}

fn not_a_var(v: i64, at: &str) -> MappingError {
    let shown = if v == i64::MIN {
        "overflows".to_string()
    } else {
        format!("gives {v}")
    };
    MappingError::NotOneToOne(format!(
        "the mapping {shown} at {at}, not a DIMACS variable (1 to 2147483647): check whether \
         r, c and d count from 0 or from 1"
    ))
}

/// One `VAR R C D` line of a names file.
fn names_line(
    line: &str,
    ln: usize,
    n: usize,
    b: i64,
) -> Result<(i64, (usize, usize, u16)), MappingError> {
    let mut fields = Vec::new();
    let mut rest = line;
    let mut offset = 0;
    while let Some(start) = rest.find(|ch: char| !ch.is_whitespace()) {
        let tail = &rest[start..];
        let len = tail.find(char::is_whitespace).unwrap_or(tail.len());
        fields.push((offset + start + 1, &tail[..len]));
        offset += start + len;
        rest = &tail[len..];
    }
    let bad = |column: usize, message: String| MappingError::Names {
        line: ln,
        column,
        message,
    };
    if fields.len() != 4 {
        return Err(bad(
            1,
            format!("expected 4 numbers 'VAR R C D', found {}", fields.len()),
        ));
    }
    let mut nums = [0i64; 4];
    for (k, &(col, word)) in fields.iter().enumerate() {
        nums[k] = word
            .parse()
            .map_err(|_| bad(col, format!("'{word}' is not a whole number")))?;
        let hi = n as i64 - 1 + b;
        if k > 0 && !(b..=hi).contains(&nums[k]) {
            let what = ["", "row", "column", "symbol"][k];
            return Err(bad(col, format!("the {what} {word} is outside {b}..={hi}")));
        }
    }
    let at = |k: usize| (nums[k] - b) as usize;
    Ok((nums[0], (at(1), at(2), at(3) as u16 + 1)))
}

/// An arithmetic expression over r, c, d, n: + − * / (whole numbers), parentheses.
#[derive(Clone, Debug)]
enum Expr {
    Num(i64),
    /// 0 = r, 1 = c, 2 = d, 3 = n.
    Name(usize),
    Op(char, Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
}

impl Expr {
    fn parse(text: &str) -> Result<Expr, MappingError> {
        let chars: Vec<char> = text.chars().collect();
        let mut p = Parser { text, chars, at: 0 };
        let e = p.sum()?;
        p.skip();
        if p.at < p.chars.len() {
            return Err(p.error("unexpected character: expected an operator (+ - * /)"));
        }
        Ok(e)
    }

    fn eval(&self, at: &[i64; 4]) -> Option<i64> {
        match self {
            Expr::Num(v) => Some(*v),
            Expr::Name(k) => Some(at[*k]),
            Expr::Neg(e) => e.eval(at)?.checked_neg(),
            Expr::Op(op, a, b) => {
                let (x, y) = (a.eval(at)?, b.eval(at)?);
                match op {
                    '+' => x.checked_add(y),
                    '-' => x.checked_sub(y),
                    '*' => x.checked_mul(y),
                    _ => x.checked_div(y),
                }
            }
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    at: usize,
}

impl Parser<'_> {
    fn error(&self, message: &str) -> MappingError {
        MappingError::Expression {
            text: self.text.to_string(),
            column: self.at + 1,
            message: message.to_string(),
        }
    }

    fn skip(&mut self) {
        while self.chars.get(self.at).is_some_and(|ch| ch.is_whitespace()) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip();
        self.chars.get(self.at).copied()
    }

    fn sum(&mut self) -> Result<Expr, MappingError> {
        let mut e = self.product()?;
        while let Some(op @ ('+' | '-')) = self.peek() {
            self.at += 1;
            e = Expr::Op(op, Box::new(e), Box::new(self.product()?));
        }
        Ok(e)
    }

    fn product(&mut self) -> Result<Expr, MappingError> {
        let mut e = self.atom()?;
        while let Some(op @ ('*' | '/')) = self.peek() {
            self.at += 1;
            e = Expr::Op(op, Box::new(e), Box::new(self.atom()?));
        }
        Ok(e)
    }

    fn atom(&mut self) -> Result<Expr, MappingError> {
        let Some(ch) = self.peek() else {
            return Err(self.error("the expression ends where a number, r, c, d or n should be"));
        };
        self.at += 1;
        match ch {
            '0'..='9' => {
                let start = self.at - 1;
                while self.chars.get(self.at).is_some_and(char::is_ascii_digit) {
                    self.at += 1;
                }
                let digits: String = self.chars[start..self.at].iter().collect();
                digits.parse().map(Expr::Num).map_err(|_| {
                    self.at = start;
                    self.error("this number is too large")
                })
            }
            'r' | 'c' | 'd' | 'n' => {
                if self.chars.get(self.at).is_some_and(|c| c.is_alphanumeric()) {
                    self.at -= 1;
                    return Err(self.error(
                        "unknown name: the names are r (row), c (column), d (symbol) and n (side)",
                    ));
                }
                Ok(Expr::Name("rcdn".find(ch).unwrap_or(0)))
            }
            '-' => Ok(Expr::Neg(Box::new(self.atom()?))),
            '(' => {
                let e = self.sum()?;
                if self.peek() != Some(')') {
                    return Err(self.error("expected ')' to close the '(' before"));
                }
                self.at += 1;
                Ok(e)
            }
            _ => {
                self.at -= 1;
                Err(self
                    .error("expected a number, r (row), c (column), d (symbol), n (side) or '('"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_course_numbering_maps_both_ways() {
        let m = VarMap::from_expression("100*r + 10*c + d", 9, 1).unwrap();
        assert_eq!(m.var(2, 6, 5), 375);
        assert_eq!(m.cell_of(375), Some((2, 6, 5)));
        assert_eq!(m.name(375), "r3c7=5");
        assert_eq!(m.name(1000), "x1000");
        assert_eq!(m.max_var(), 999);
        let z = VarMap::from_expression("n*n*r+n*c+d+1", 4, 0).unwrap();
        assert_eq!(z.var(0, 0, 1), 1);
        assert_eq!(z.max_var(), 64);
    }

    #[test]
    fn bad_expressions_name_their_column() {
        let e = VarMap::from_expression("100*r + 10*x + d", 9, 1).unwrap_err();
        assert!(e.to_string().starts_with("column 12 of"), "{e}");
        let e = VarMap::from_expression("100*r + (10*c + d", 9, 1).unwrap_err();
        assert!(e.to_string().contains("expected ')'"), "{e}");
        // 0-based counting gives variable 0 at r=0 c=0 d=0.
        let e = VarMap::from_expression("100*r+10*c+d", 9, 0).unwrap_err();
        assert!(e.to_string().contains("gives 0 at r=0 c=0 d=0"), "{e}");
        // 10*r+c+d is not one to one.
        let e = VarMap::from_expression("10*r+c+d", 4, 1).unwrap_err();
        assert!(e.to_string().contains("is given to both"), "{e}");
    }

    #[test]
    fn names_files_are_read_with_positions() {
        let mut text = String::from("# var r c d\n");
        for r in 1..=4 {
            for c in 1..=4 {
                for d in 1..=4 {
                    text += &format!("{} {r} {c} {d}\n", 16 * (r - 1) + 4 * (c - 1) + d);
                }
            }
        }
        let m = VarMap::from_names(&text, 4, 1).unwrap();
        assert_eq!(m.var(3, 3, 4), 64);
        let e = VarMap::from_names("1 1 1 x\n", 4, 1).unwrap_err();
        assert_eq!(e.to_string(), "line 1, column 7: 'x' is not a whole number");
        let e = VarMap::from_names("1 1 5 1\n", 4, 1).unwrap_err();
        assert!(
            e.to_string()
                .contains("column 5: the column 5 is outside 1..=4"),
            "{e}"
        );
    }
}
