//! Exit codes and the error type that carries one.

use std::fmt;
use std::process::ExitCode;

/// The documented exit codes of `gridsat` (docs/guide/exit-codes.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// Every puzzle answered: unique solution, a solution (`--first`), or a plan.
    Ok = 0,
    /// Some puzzle has no solution (unsat, no plan, unsolvable level).
    NoSolution = 1,
    /// Bad usage or bad input (also clap's code for usage errors).
    Usage = 2,
    /// Some puzzle has more than one solution.
    Multiple = 3,
    /// A time limit or an interrupt stopped some search before its verdict.
    Unknown = 4,
    /// The solver failed or an answer did not pass verification (a bug: please report).
    Failure = 5,
}

impl Exit {
    /// Combines the codes of several puzzles: the most serious one wins
    /// (failure, bad input, unknown, no solution, multiple, ok).
    pub fn worst(self, other: Exit) -> Exit {
        fn rank(e: Exit) -> u8 {
            match e {
                Exit::Ok => 0,
                Exit::Multiple => 1,
                Exit::NoSolution => 2,
                Exit::Unknown => 3,
                Exit::Usage => 4,
                Exit::Failure => 5,
            }
        }
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
}

impl From<gridsat_sat::Conclusion> for Exit {
    /// The exit code of one answer, the same for every puzzle family.
    fn from(c: gridsat_sat::Conclusion) -> Exit {
        use gridsat_sat::Conclusion;
        match c {
            Conclusion::Answered => Exit::Ok,
            Conclusion::NoSolution => Exit::NoSolution,
            Conclusion::Multiple => Exit::Multiple,
            Conclusion::Unknown(_) => Exit::Unknown,
            _ => Exit::Failure,
        }
    }
}

/// What the memory budget refused, with the flag that raises it.
pub fn memory_message(m: &gridsat_sat::MemoryExceeded) -> String {
    format!("{m} ({MEMORY_HINT})")
}

/// How to raise the memory budget, for messages that say it was reached.
pub const MEMORY_HINT: &str = "--max-memory SIZE raises it";

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e as u8)
    }
}

/// A failure with the exit code it deserves and a message for stderr.
#[derive(Debug)]
pub struct Fail {
    /// The exit code.
    pub code: Exit,
    /// What went wrong, naming file, line and column where there are some.
    pub message: String,
}

impl Fail {
    /// Bad usage or bad input.
    pub fn usage(message: impl Into<String>) -> Fail {
        Fail {
            code: Exit::Usage,
            message: message.into(),
        }
    }

    /// A negative answer (exit 1): no solution, or the user's grid, model or plan is wrong.
    pub fn negative(message: impl Into<String>) -> Fail {
        Fail {
            code: Exit::NoSolution,
            message: message.into(),
        }
    }

    /// Stopped by a limit before anything could be reported (exit 4).
    pub fn stopped(message: impl Into<String>) -> Fail {
        Fail {
            code: Exit::Unknown,
            message: message.into(),
        }
    }

    /// A refusal to build something larger than the memory budget (exit 2), with the
    /// flag that raises it.
    pub fn memory(e: &gridsat_sat::MemoryExceeded) -> Fail {
        Fail::usage(memory_message(e))
    }

    /// A solver failure or a failed verification.
    pub fn failure(message: impl Into<String>) -> Fail {
        Fail {
            code: Exit::Failure,
            message: message.into(),
        }
    }
}

impl fmt::Display for Fail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<std::io::Error> for Fail {
    fn from(e: std::io::Error) -> Fail {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            // Output closed early (e.g. piped into `head`): not an error worth a message.
            std::process::exit(0);
        }
        Fail::failure(format!("output error: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_serious_code_wins() {
        assert_eq!(Exit::Ok.worst(Exit::Multiple), Exit::Multiple);
        assert_eq!(Exit::Multiple.worst(Exit::NoSolution), Exit::NoSolution);
        assert_eq!(Exit::Unknown.worst(Exit::NoSolution), Exit::Unknown);
        assert_eq!(Exit::Usage.worst(Exit::Ok), Exit::Usage);
        assert_eq!(Exit::Failure.worst(Exit::Usage), Exit::Failure);
    }

    #[test]
    fn conclusions_map_to_the_documented_codes() {
        use gridsat_sat::{Conclusion, StopReason};
        assert_eq!(Exit::from(Conclusion::Answered), Exit::Ok);
        assert_eq!(Exit::from(Conclusion::NoSolution), Exit::NoSolution);
        assert_eq!(Exit::from(Conclusion::Multiple), Exit::Multiple);
        assert_eq!(
            Exit::from(Conclusion::Unknown(StopReason::TimeLimit)),
            Exit::Unknown
        );
    }
}
