//! A portfolio: several solvers race on the same formula, one thread each; the first
//! verdict wins and the others are stopped.

use super::{Backend, Interrupt, Limits, Outcome, SolverError};
use crate::budget::Budget;
use crate::lit::Lit;
use std::sync::mpsc;
use std::time::Duration;

/// Runs every member on every `solve` call, in parallel; answers come from the first
/// member that finds a verdict. Members keep every clause, so later calls (and their
/// learned clauses) stay valid for all of them.
pub struct Portfolio {
    members: Vec<Box<dyn Backend>>,
    /// Stops the members still running once one has answered.
    stop: Interrupt,
    /// The caller's interrupt flag (e.g. Ctrl-C).
    user: Interrupt,
    winner: usize,
}

impl Portfolio {
    /// A portfolio of `members` (at least one).
    pub fn new(mut members: Vec<Box<dyn Backend>>) -> Portfolio {
        assert!(!members.is_empty(), "a portfolio needs a member");
        let stop = Interrupt::new();
        for m in &mut members {
            m.watch(stop.clone());
        }
        Portfolio {
            members,
            stop,
            user: Interrupt::new(),
            winner: 0,
        }
    }
}

impl Backend for Portfolio {
    fn name(&self) -> String {
        let names: Vec<String> = self.members.iter().map(|m| m.name()).collect();
        format!("portfolio({})", names.join(", "))
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        for m in &mut self.members {
            m.add_clause(clause);
        }
    }

    fn reserve(&mut self, num_vars: u32) {
        for m in &mut self.members {
            m.reserve(num_vars);
        }
    }

    fn prefer_true(&mut self) {
        for m in &mut self.members {
            m.prefer_true();
        }
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<Outcome, SolverError> {
        if self.user.is_set() {
            return Ok(Outcome::Unknown);
        }
        self.stop.clear();
        let (stop, user) = (&self.stop, &self.user);
        let count = self.members.len();
        let (tx, rx) = mpsc::channel();
        let (winner, result) = std::thread::scope(|s| {
            for (i, m) in self.members.iter_mut().enumerate() {
                let tx = tx.clone();
                s.spawn(move || {
                    let r = m.solve(assumptions);
                    let _ = tx.send((i, r));
                });
            }
            drop(tx);
            let mut first_error = None;
            let mut answered = 0;
            while answered < count {
                match rx.recv_timeout(Duration::from_millis(10)) {
                    Ok((i, Ok(o @ (Outcome::Sat | Outcome::Unsat)))) => {
                        stop.interrupt();
                        return (i, Ok(o));
                    }
                    Ok((_, Ok(Outcome::Unknown))) => answered += 1,
                    Ok((_, Err(e))) => {
                        answered += 1;
                        first_error.get_or_insert(e);
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if user.is_set() {
                            stop.interrupt();
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
            }
            match first_error {
                Some(e) => (0, Err(e)),
                None => (0, Ok(Outcome::Unknown)),
            }
        });
        self.winner = winner;
        result
    }

    fn value(&self, lit: Lit) -> Option<bool> {
        self.members[self.winner].value(lit)
    }

    fn failed(&self, lit: Lit) -> bool {
        self.members[self.winner].failed(lit)
    }

    fn set_limits(&mut self, limits: Limits) {
        for m in &mut self.members {
            m.set_limits(limits);
        }
    }

    fn interrupt_handle(&self) -> Interrupt {
        self.user.clone()
    }

    fn watch(&mut self, flag: Interrupt) {
        self.user = flag;
    }

    fn watch_memory(&mut self, memory: Budget) {
        for m in &mut self.members {
            m.watch_memory(memory.clone());
        }
    }
}
