//! Redundancy: which student clauses the other clauses imply by unit propagation (the
//! clause's negation, propagated through every other clause, meets a conflict). The
//! test is bounded (unit propagation, not a full SAT call per clause, and the budget
//! is asked between clauses; each clause's propagation visits at most [`VISITS`]
//! clauses): a clause not listed may still be implied.

use super::student::Student;
use gridsat_sat::{Budget, Lit};

/// The most clauses one clause's propagation visits before it gives up (without the
/// bound, the negation of one binary clause of a 9×9 encoding can propagate over the
/// whole grid, for each of its 9,000 clauses).
pub const VISITS: usize = 2_000;

/// The redundant clauses found, and how many of the clauses were examined.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Redundancy {
    /// The clauses (0-based) implied by the others through unit propagation.
    pub implied: Vec<usize>,
    /// How many clauses were examined before the budget ran out (all of them unless).
    pub examined: usize,
}

/// Examines every clause in order while `budget` lasts.
pub fn redundant(student: &Student, budget: &Budget) -> Redundancy {
    let clauses = student.clauses();
    let vars = student.max_var() as usize + 1;
    let mut occurs: Vec<Vec<u32>> = vec![Vec::new(); 2 * vars + 2];
    for (i, c) in clauses.iter().enumerate() {
        for l in c {
            occurs[l.code()].push(i as u32);
        }
    }
    let mut p = Propagation {
        clauses,
        occurs: &occurs,
        value: vec![0i8; vars + 1],
        trail: Vec::new(),
    };
    let mut out = Redundancy::default();
    for i in 0..clauses.len() {
        if i % 64 == 0 && budget.stopped() {
            break;
        }
        out.examined = i + 1;
        if p.refutes_negation_of(i) {
            out.implied.push(i);
        }
    }
    out
}

struct Propagation<'a> {
    clauses: &'a [Vec<Lit>],
    occurs: &'a [Vec<u32>],
    /// 1 true, −1 false, 0 unassigned, per variable.
    value: Vec<i8>,
    trail: Vec<Lit>,
}

impl Propagation<'_> {
    fn lit_value(&self, l: Lit) -> i8 {
        let v = self.value[l.var().get() as usize];
        if l.is_pos() { v } else { -v }
    }

    /// Sets `l` true; false when it is already false (a conflict).
    fn set(&mut self, l: Lit) -> bool {
        match self.lit_value(l) {
            1 => true,
            -1 => false,
            _ => {
                self.value[l.var().get() as usize] = if l.is_pos() { 1 } else { -1 };
                self.trail.push(l);
                true
            }
        }
    }

    /// Assumes the negation of clause `skip` and propagates through the other clauses.
    fn refutes_negation_of(&mut self, skip: usize) -> bool {
        let conflict = self.clauses[skip].iter().any(|&l| !self.set(!l)) || self.propagate(skip);
        for l in self.trail.drain(..) {
            self.value[l.var().get() as usize] = 0;
        }
        conflict
    }

    /// Unit propagation from the trail; true on a conflict.
    fn propagate(&mut self, skip: usize) -> bool {
        let (clauses, occurs) = (self.clauses, self.occurs);
        let mut head = 0;
        let mut visits = 0;
        while head < self.trail.len() {
            let falsified = !self.trail[head];
            head += 1;
            for &j in &occurs[falsified.code()] {
                let j = j as usize;
                if j == skip {
                    continue;
                }
                visits += 1;
                if visits > VISITS {
                    return false;
                }
                let mut unit = None;
                let mut open = 0;
                for &l in &clauses[j] {
                    match self.lit_value(l) {
                        1 => {
                            open = 2;
                            break;
                        }
                        0 => {
                            open += 1;
                            unit = Some(l);
                        }
                        _ => {}
                    }
                }
                match (open, unit) {
                    (0, _) => return true,
                    (1, Some(l)) => {
                        self.set(l);
                    }
                    _ => {}
                }
            }
        }
        false
    }
}
