//! Any SAT-competition-style solver program, run on a DIMACS file.

use super::{Backend, Interrupt, Limits, Outcome, SolverError};
use crate::dimacs::{SolverAnswer, parse_solver_output, write_clauses};
use crate::lit::Lit;
use std::fmt;
use std::io::{BufWriter, Read};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration;

/// A solver command line. `{in}` and `{out}` in the arguments stand for the formula file
/// and a result file; without `{in}` the formula path is appended, and for MiniSat-like
/// programs (minisat, glucose, …) the result-file path after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalCommand {
    program: String,
    args: Vec<String>,
}

impl std::str::FromStr for ExternalCommand {
    type Err = super::BackendSpecError;
    /// Parses `"kissat -q"` or `"minisat -verb=0 {in} {out}"` (split on whitespace).
    fn from_str(s: &str) -> Result<ExternalCommand, super::BackendSpecError> {
        let mut words = s.split_whitespace().map(str::to_string);
        let program = words.next().ok_or(super::BackendSpecError::NoCommand)?;
        Ok(ExternalCommand {
            program,
            args: words.collect(),
        })
    }
}

impl ExternalCommand {
    /// The program name.
    pub fn program(&self) -> &str {
        &self.program
    }

    fn minisat_like(&self) -> bool {
        let base = Path::new(&self.program)
            .file_name()
            .and_then(|b| b.to_str())
            .unwrap_or("");
        ["minisat", "glucose", "maplesat", "mergesat"]
            .iter()
            .any(|p| base.starts_with(p))
    }

    /// The argument list for a formula at `input` and a result file at `output`.
    fn arguments(&self, input: &Path, output: &Path) -> Vec<String> {
        let inp = input.display().to_string();
        let out = output.display().to_string();
        let mut args: Vec<String> = self
            .args
            .iter()
            .map(|a| a.replace("{in}", &inp).replace("{out}", &out))
            .collect();
        if !self.args.iter().any(|a| a.contains("{in}")) {
            args.push(inp);
            if self.minisat_like() && !self.args.iter().any(|a| a.contains("{out}")) {
                args.push(out);
            }
        }
        args
    }
}

impl fmt::Display for ExternalCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.program)?;
        for a in &self.args {
            write!(f, " {a}")?;
        }
        Ok(())
    }
}

/// Runs an external program for every `solve` call. Clauses are kept in memory and
/// written with the assumptions as unit clauses; the model is read back from `v` lines
/// or from a MiniSat-style result file. Failed assumptions cannot be asked for, so
/// every assumption counts as failed after an unsatisfiable call.
pub struct ExternalBackend {
    command: ExternalCommand,
    clauses: Vec<Lit>,
    ends: Vec<usize>,
    num_vars: u32,
    model: Vec<i8>,
    interrupt: Interrupt,
    limits: Limits,
}

impl ExternalBackend {
    /// A backend that runs `command`.
    pub fn new(command: ExternalCommand) -> ExternalBackend {
        ExternalBackend {
            command,
            clauses: Vec::new(),
            ends: Vec::new(),
            num_vars: 0,
            model: Vec::new(),
            interrupt: Interrupt::new(),
            limits: Limits::default(),
        }
    }

    fn io(context: &str) -> impl FnOnce(std::io::Error) -> SolverError + '_ {
        move |source| SolverError::Io {
            context: context.to_string(),
            source,
        }
    }

    fn bad(&self, problem: String) -> SolverError {
        SolverError::BadAnswer {
            program: self.command.program.clone(),
            problem,
        }
    }
    /// Writes the clauses and the assumptions (as unit clauses) to `input`.
    fn write_formula(&self, input: &Path, assumptions: &[Lit]) -> Result<(), SolverError> {
        let file = std::fs::File::create(input).map_err(Self::io("writing the formula file"))?;
        let mut w = BufWriter::new(file);
        let mut start = 0;
        let clauses = self.ends.iter().map(|&end| {
            let c = &self.clauses[start..end];
            start = end;
            c
        });
        let units = assumptions.iter().map(std::slice::from_ref);
        let num_vars = assumptions
            .iter()
            .map(|l| l.var().get())
            .fold(self.num_vars, u32::max);
        write_clauses(
            &mut w,
            num_vars,
            self.ends.len() + assumptions.len(),
            clauses.chain(units),
        )
        .map_err(Self::io("writing the formula file"))?;
        std::io::Write::flush(&mut w).map_err(Self::io("writing the formula file"))
    }

    /// Runs the program until it exits (its status, stdout and stderr) or until the
    /// deadline or the interrupt flag stops it (`None`).
    fn run(
        &self,
        input: &Path,
        output: &Path,
    ) -> Result<Option<(ExitStatus, String, String)>, SolverError> {
        let mut child = Command::new(&self.command.program)
            .args(self.command.arguments(input, output))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| SolverError::Spawn {
                program: self.command.program.clone(),
                source,
            })?;
        // Read stdout and stderr on their own threads so a chatty solver never blocks.
        let read_all = |mut pipe: Box<dyn Read + Send>| {
            std::thread::spawn(move || {
                let mut s = String::new();
                let _ = pipe.read_to_string(&mut s);
                s
            })
        };
        let out_thread = read_all(Box::new(child.stdout.take().expect("piped stdout")));
        let err_thread = read_all(Box::new(child.stderr.take().expect("piped stderr")));
        let status = loop {
            if let Some(status) = child
                .try_wait()
                .map_err(Self::io("waiting for the solver"))?
            {
                break Some(status);
            }
            if self.interrupt.is_set() || self.limits.expired() {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        let stdout = out_thread.join().unwrap_or_default();
        let stderr = err_thread.join().unwrap_or_default();
        Ok(status.map(|s| (s, stdout, stderr)))
    }
}

impl Backend for ExternalBackend {
    fn name(&self) -> String {
        format!("external:{}", self.command)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        for l in clause {
            self.num_vars = self.num_vars.max(l.var().get());
        }
        self.clauses.extend_from_slice(clause);
        self.ends.push(self.clauses.len());
    }

    fn reserve(&mut self, num_vars: u32) {
        self.num_vars = self.num_vars.max(num_vars);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<Outcome, SolverError> {
        self.model.clear();
        if self.interrupt.is_set() || self.limits.expired() {
            return Ok(Outcome::Unknown);
        }
        let dir = tempfile::tempdir().map_err(Self::io("creating a temporary folder"))?;
        let input = dir.path().join("formula.cnf");
        let output = dir.path().join("result.txt");
        self.write_formula(&input, assumptions)?;
        let Some((status, stdout, stderr)) = self.run(&input, &output)? else {
            return Ok(Outcome::Unknown);
        };
        let result_file = std::fs::read_to_string(&output).ok();
        let answer = parse_solver_output(&stdout, result_file.as_deref())
            .map_err(|e| self.bad(format!("answered something unreadable: {e}")))?;
        let answer = match answer {
            Some(a) => a,
            None if status.code() == Some(20) => SolverAnswer::Unsat,
            None => {
                let tail: String = stderr
                    .lines()
                    .last()
                    .unwrap_or("")
                    .chars()
                    .take(200)
                    .collect();
                let tail = if tail.is_empty() {
                    String::new()
                } else {
                    format!(": {tail}")
                };
                return Err(self.bad(format!("gave no answer (exit status {status}){tail}")));
            }
        };
        Ok(match answer {
            SolverAnswer::Sat(lits) => {
                self.model = vec![0; self.num_vars as usize + 1];
                for l in lits {
                    let v = l.unsigned_abs() as usize;
                    if v < self.model.len() {
                        self.model[v] = if l > 0 { 1 } else { -1 };
                    }
                }
                // A model must satisfy the assumptions; anything else is a broken solver.
                for &a in assumptions {
                    if self.value(a) == Some(false) {
                        return Err(self.bad(format!("returned a model that violates {a}")));
                    }
                }
                Outcome::Sat
            }
            SolverAnswer::Unsat => Outcome::Unsat,
            SolverAnswer::Unknown => Outcome::Unknown,
        })
    }

    fn value(&self, lit: Lit) -> Option<bool> {
        let v = *self.model.get(lit.var().get() as usize)?;
        match v {
            0 => None,
            v => Some((v > 0) == lit.is_pos()),
        }
    }

    fn failed(&self, _lit: Lit) -> bool {
        true
    }

    fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    fn interrupt_handle(&self) -> Interrupt {
        self.interrupt.clone()
    }

    fn watch(&mut self, flag: Interrupt) {
        self.interrupt = flag;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_follow_the_conventions() {
        let p = Path::new("/t/f.cnf");
        let o = Path::new("/t/r.txt");
        let m = "minisat -verb=0".parse::<ExternalCommand>().unwrap();
        assert_eq!(m.arguments(p, o), ["-verb=0", "/t/f.cnf", "/t/r.txt"]);
        let k = "kissat -q".parse::<ExternalCommand>().unwrap();
        assert_eq!(k.arguments(p, o), ["-q", "/t/f.cnf"]);
        let c = "sh run.sh {in} --out={out}"
            .parse::<ExternalCommand>()
            .unwrap();
        assert_eq!(c.arguments(p, o), ["run.sh", "/t/f.cnf", "--out=/t/r.txt"]);
    }

    #[test]
    fn a_missing_program_is_a_clear_error() {
        let mut b = ExternalBackend::new("no-such-solver-xyz".parse::<ExternalCommand>().unwrap());
        b.add_clause(&[Lit::from_dimacs(1)]);
        let e = b.solve(&[]).unwrap_err();
        assert!(
            e.to_string()
                .contains("cannot run external solver 'no-such-solver-xyz'")
        );
    }

    /// A fake solver written in shell speaks the competition format.
    #[test]
    fn competition_output_is_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("fake.sh");
        std::fs::write(
            &script,
            "echo 'c fake'\necho 's SATISFIABLE'\necho 'v 1 -2'\necho 'v 3 0'\nexit 10\n",
        )
        .unwrap();
        let cmd = format!("sh {} {{in}}", script.display());
        let mut b = ExternalBackend::new(cmd.parse::<ExternalCommand>().unwrap());
        b.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(2)]);
        b.reserve(3);
        assert_eq!(b.solve(&[]).unwrap(), Outcome::Sat);
        assert_eq!(b.value(Lit::from_dimacs(2)), Some(false));
        assert_eq!(b.value(Lit::from_dimacs(-2)), Some(true));
        assert_eq!(b.value(Lit::from_dimacs(3)), Some(true));
        // A model contradicting an assumption is rejected, not believed.
        assert!(b.solve(&[Lit::from_dimacs(2)]).is_err());
    }
}
