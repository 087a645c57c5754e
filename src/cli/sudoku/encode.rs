//! `gridsat sudoku encode` and `decode`: the formula out as DIMACS, a model back in.

use super::args::{GridArgs, encode_message, read_one, stdin_path};
use crate::cli::input::{display_name, read_text};
use crate::cli::{Exit, Fail, budget};
use clap::Args;
use gridsat_sat::AmoEncoding;
use gridsat_sat::dimacs::{SolverAnswer, WriteOptions, parse_model, write_formula};
use gridsat_sudoku::{
    ParsedPuzzle, check_solution,
    deduce::Presolve,
    encode::{CageEncoding, Encoded, Encoding},
    io::Layout,
    report::{FormulaError, FormulaOptions, encode_formula, formula_header},
};
use std::io::Write;
use std::path::PathBuf;

/// What decides the formula (the same flags must be given to `decode`).
#[derive(Args, Debug)]
pub struct FormulaArgs {
    #[command(flatten)]
    pub grid: GridArgs,
    /// Encoding: minimal, efficient, extended or reduced.
    #[arg(long, value_name = "E", value_enum, default_value_t = Encoding::Extended)]
    pub encoding: Encoding,
    /// At-most-one encoding: pairwise, sequential, commander, product or bimander.
    #[arg(long, value_name = "A", value_enum, default_value_t = AmoEncoding::default())]
    pub amo: AmoEncoding,
    /// Number 9×9 variables 100·row + 10·column + digit (111…999), as in textbooks.
    #[arg(long)]
    pub readable_ids: bool,
    /// Killer cage sums: sets (enumerate the allowed digit sets) or sums (decision diagram).
    #[arg(long, value_name = "C", value_enum, default_value_t = CageEncoding::default())]
    pub cages: CageEncoding,
    /// Which puzzle of the file (1-based).
    #[arg(long = "index", value_name = "K", default_value_t = 1)]
    pub index: usize,
    /// With `reduced`: deduction before encoding (off, singles, probe), so that only the
    /// candidates it leaves get variables.
    #[arg(long, value_name = "P", value_enum, default_value_t = Presolve::Off)]
    pub presolve: Presolve,
}

impl FormulaArgs {
    fn options(&self) -> FormulaOptions {
        let mut o = FormulaOptions::default();
        o.encoding = self.encoding;
        o.amo = self.amo;
        o.readable_ids = self.readable_ids;
        o.cages = self.cages;
        o.presolve = self.presolve;
        o
    }

    fn encode(&self, p: &ParsedPuzzle) -> Result<Encoded, Fail> {
        encode_formula(p, &self.options(), &budget()).map_err(|e| match e {
            FormulaError::ReadableIdsReduced => {
                Fail::usage("--readable-ids needs a full encoding (minimal, efficient or extended)")
            }
            FormulaError::PresolveVariant => {
                Fail::usage("--presolve is for classic Sudoku, not for variants")
            }
            FormulaError::PresolveNotReduced => {
                Fail::usage("--presolve applies to --encoding reduced only")
            }
            FormulaError::Encode(e) => Fail::usage(encode_message(&e)),
            FormulaError::Memory(m) => Fail::memory(&m),
            FormulaError::Stopped(_) => Fail::stopped(e.to_string()),
            FormulaError::NoSolution => Fail::negative(e.to_string()),
            other => Fail::failure(other.to_string()),
        })
    }
}

/// Arguments of `gridsat sudoku encode`.
#[derive(Args, Debug)]
pub struct EncodeArgs {
    /// Puzzle file (`-` or nothing for stdin).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub formula: FormulaArgs,
    /// Leave out the `c var N meaning` line per variable.
    #[arg(long)]
    pub no_names: bool,
}

/// Runs `gridsat sudoku encode`: DIMACS on stdout.
pub fn run_encode(args: EncodeArgs) -> Result<Exit, Fail> {
    let path = args.file.clone().unwrap_or_else(stdin_path);
    let p = read_one(&path, &args.formula.grid, args.formula.index)?;
    let enc = args.formula.encode(&p)?;
    let f = &enc.formula;
    let source = format!("{} puzzle {}", display_name(&path), args.formula.index);
    let header = formula_header(&source, &p, &args.formula.options());
    let opts = WriteOptions {
        header,
        variable_names: !args.no_names,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    write_formula(&mut out, f, &opts)?;
    out.flush()?;
    Ok(Exit::Ok)
}

/// Arguments of `gridsat sudoku decode`.
#[derive(Args, Debug)]
pub struct DecodeArgs {
    /// The solver's output: `s`/`v` lines, a MiniSat result file, or bare literals.
    pub model: PathBuf,
    /// The puzzle the formula was made from.
    #[arg(long)]
    pub puzzle: PathBuf,
    #[command(flatten)]
    pub formula: FormulaArgs,
    /// Layout of the printed grid.
    #[arg(long, value_enum, default_value_t = Layout::Grid)]
    pub format: Layout,
}

/// Writes one line on stdout (a closed pipe ends the run quietly).
pub fn say(line: &str) -> Result<(), Fail> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}")?;
    out.flush()?;
    Ok(())
}

/// Runs `gridsat sudoku decode`: prints the verified grid, or says why it is not one.
pub fn run_decode(args: DecodeArgs) -> Result<Exit, Fail> {
    let p = read_one(&args.puzzle, &args.formula.grid, args.formula.index)?;
    let enc = args.formula.encode(&p)?;
    let text = read_text(&args.model)?;
    let name = display_name(&args.model);
    let lits = match parse_model(&text).map_err(|e| Fail::usage(format!("{name}: {e}")))? {
        SolverAnswer::Sat(lits) => lits,
        SolverAnswer::Unsat => {
            say("unsat: the solver found no solution")?;
            return Ok(Exit::NoSolution);
        }
        SolverAnswer::Unknown => {
            say("unknown: the solver gave no verdict")?;
            return Ok(Exit::Unknown);
        }
    };
    let num_vars = enc.formula.num_vars();
    let mut model = vec![false; num_vars as usize + 1];
    for l in lits {
        let v = l.unsigned_abs();
        if v > num_vars {
            return Err(Fail::usage(format!(
                "{name}: literal {l} is beyond the formula's {num_vars} variables (were the same flags used for encode?)"
            )));
        }
        model[v as usize] = l > 0;
    }
    // The model must satisfy the formula itself, then the grid must pass the checker.
    let assignment: Vec<bool> = model[1..].to_vec();
    if let Some(i) = enc.formula.first_falsified(&assignment) {
        let fam = &enc.formula.family_info(enc.formula.clause_family(i)).name;
        // The user's model (or one made for other flags): not a solution, exit 1.
        say(&format!(
            "invalid: the model falsifies clause {} (family '{fam}'); was the formula made with the same flags?",
            i + 1
        ))?;
        return Ok(Exit::NoSolution);
    }
    let grid = enc.vars.decode(p.grid.shape(), |v| model[v.get() as usize]);
    match check_solution(&p.grid, &grid, &p.rules) {
        Ok(()) => {
            say(&args.format.write(&grid, p.alphabet.as_deref()))?;
            Ok(Exit::Ok)
        }
        Err(why) => {
            // Every clause holds, yet the grid is wrong: the encoding's fault (exit 5).
            say(&format!("invalid: {why}"))?;
            Ok(Exit::Failure)
        }
    }
}
