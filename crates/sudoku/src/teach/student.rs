//! A student's clauses, read from DIMACS text or given as lists of literals.

use super::TeachError;
use gridsat_sat::Lit;
use gridsat_sat::dimacs::read_dimacs;

/// A student's formula: clauses in DIMACS numbering, in the order they were given
/// (clause 1 is the first).
#[derive(Clone, Debug, Default)]
pub struct Student {
    clauses: Vec<Vec<Lit>>,
    max_var: u32,
}

impl Student {
    /// Reads DIMACS CNF text (errors carry the line and column).
    pub fn from_dimacs(text: &str) -> Result<Student, TeachError> {
        let f = read_dimacs(text).map_err(|e| TeachError::Dimacs {
            line: e.line,
            column: e.column,
            message: e.message,
        })?;
        let clauses = f.clauses().map(|(_, c)| c.to_vec()).collect();
        Ok(Student::new(clauses))
    }

    /// Takes clauses as lists of nonzero DIMACS literals.
    pub fn from_lists(lists: &[Vec<i64>]) -> Result<Student, TeachError> {
        let mut clauses = Vec::with_capacity(lists.len());
        for (i, list) in lists.iter().enumerate() {
            let mut clause = Vec::with_capacity(list.len());
            for (k, &l) in list.iter().enumerate() {
                let ok = i32::try_from(l).ok().filter(|&l| l != 0 && l != i32::MIN);
                let Some(l) = ok else {
                    return Err(TeachError::Literal {
                        clause: i + 1,
                        position: k + 1,
                        value: l,
                    });
                };
                clause.push(Lit::from_dimacs(l));
            }
            clauses.push(clause);
        }
        Ok(Student::new(clauses))
    }

    fn new(clauses: Vec<Vec<Lit>>) -> Student {
        let max_var = clauses
            .iter()
            .flatten()
            .map(|l| l.var().get())
            .max()
            .unwrap_or(0);
        Student { clauses, max_var }
    }

    /// The clauses, clause 1 first.
    pub fn clauses(&self) -> &[Vec<Lit>] {
        &self.clauses
    }

    /// The largest variable in any clause (0 for no clause).
    pub fn max_var(&self) -> u32 {
        self.max_var
    }

    /// The number of literals over all clauses.
    pub fn literals(&self) -> usize {
        self.clauses.iter().map(Vec::len).sum()
    }
}
