//! Writes DIMACS CNF, with comments naming variables and clause families.

use crate::formula::Formula;
use crate::lit::Lit;
use std::io::{self, Write};

/// What to put in the comments of a written formula.
#[derive(Clone, Debug, Default)]
pub struct WriteOptions {
    /// Lines printed first, each as a `c` comment (title, instance, encoding, …).
    pub header: Vec<String>,
    /// Write a `c var N meaning` line for every variable that occurs in a clause.
    pub variable_names: bool,
}

/// Writes `f` as DIMACS: header comments, a table of families with their clause counts,
/// optionally every variable's meaning, then the clauses grouped under `c family:` lines.
pub fn write_formula<W: Write>(w: &mut W, f: &Formula, opts: &WriteOptions) -> io::Result<()> {
    for line in &opts.header {
        writeln!(w, "c {line}")?;
    }
    writeln!(
        w,
        "c {} variables, {} clauses, {} literals",
        f.num_vars(),
        f.num_clauses(),
        f.num_literals()
    )?;
    writeln!(w, "c variable blocks:")?;
    for (name, b) in f.blocks() {
        if b.is_empty() {
            continue;
        }
        let dims: Vec<String> = b.dims().iter().map(u32::to_string).collect();
        let first = b.first().get();
        writeln!(
            w,
            "c   {name}{} = variables {first}..{}",
            if dims.is_empty() {
                String::new()
            } else {
                format!(" [{}]", dims.join("×"))
            },
            first + b.len() - 1
        )?;
    }
    writeln!(w, "c clause families:")?;
    for fam in f.families() {
        writeln!(w, "c   {}: {} clauses", fam.name, fam.clauses)?;
    }
    if opts.variable_names {
        // Name the variables that occur in some clause (padding stays silent).
        let mut used = vec![false; f.num_vars() as usize];
        for (_, c) in f.clauses() {
            for l in c {
                used[l.var().index()] = true;
            }
        }
        for (i, _) in used.iter().enumerate().filter(|(_, u)| **u) {
            let v = crate::Var::from_index(i);
            writeln!(w, "c var {v} {}", f.describe(v))?;
        }
    }
    writeln!(w, "p cnf {} {}", f.num_vars(), f.num_clauses())?;
    let mut current = None;
    for (fam, clause) in f.clauses() {
        if current != Some(fam) {
            writeln!(w, "c family: {}", f.family_info(fam).name)?;
            current = Some(fam);
        }
        write_clause(w, clause)?;
    }
    Ok(())
}

/// Writes a bare DIMACS formula: the `p cnf` line and the clauses.
pub fn write_clauses<'a, W: Write>(
    w: &mut W,
    num_vars: u32,
    num_clauses: usize,
    clauses: impl Iterator<Item = &'a [Lit]>,
) -> io::Result<()> {
    writeln!(w, "p cnf {num_vars} {num_clauses}")?;
    for c in clauses {
        write_clause(w, c)?;
    }
    Ok(())
}

fn write_clause<W: Write>(w: &mut W, clause: &[Lit]) -> io::Result<()> {
    let mut line = String::with_capacity(clause.len() * 6 + 2);
    for l in clause {
        line.push_str(&l.to_dimacs().to_string());
        line.push(' ');
    }
    line.push_str("0\n");
    w.write_all(line.as_bytes())
}
