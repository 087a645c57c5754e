//! `gridsat sudoku encode` and `decode`: the formula out as DIMACS, a model back in.

use super::args::{GridArgs, encode_message, read_one, stdin_path};
use crate::cli::input::{display_name, read_text};
use crate::cli::{Exit, Fail, budget};
use clap::Args;
use gridsat_sat::AmoEncoding;
use gridsat_sat::dimacs::{SolverAnswer, WriteOptions, parse_model, write_formula};
use gridsat_sudoku::{
    CageEncoding, Candidates, Deduction, EncodeOptions, Encoded, Encoding, Geometry, GivenMode,
    Layout, ParsedPuzzle, Presolve, admit, check_solution, deduce, encode, encode_candidates,
    reduced_bytes,
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
    fn encode(&self, p: &ParsedPuzzle) -> Result<Encoded, Fail> {
        let mut opts = EncodeOptions::default();
        opts.encoding = self.encoding;
        opts.amo = self.amo;
        opts.givens = GivenMode::Units;
        opts.readable_ids = self.readable_ids;
        opts.alphabet = p.alphabet.as_deref().cloned();
        opts.cages = self.cages;
        if self.readable_ids && self.encoding == Encoding::Reduced {
            return Err(Fail::usage(
                "--readable-ids needs a full encoding (minimal, efficient or extended)",
            ));
        }
        if self.presolve != Presolve::Off {
            if !p.rules.is_classic() {
                return Err(Fail::usage(
                    "--presolve is for classic Sudoku, not for variants",
                ));
            }
            if self.encoding != Encoding::Reduced {
                return Err(Fail::usage("--presolve applies to --encoding reduced only"));
            }
            let cands = match deduce(
                &Geometry::new(p.grid.shape()),
                &p.grid,
                self.presolve,
                &budget(),
            ) {
                Deduction::Open(c) => c,
                Deduction::Solved(g) => Candidates::from_givens(&g),
                Deduction::Stopped(r) => {
                    return Err(Fail::stopped(format!("deduction was stopped ({r})")));
                }
                _ => {
                    return Err(Fail::negative(
                        "deduction alone shows that the puzzle has no solution",
                    ));
                }
            };
            let n = p.grid.n();
            budget()
                .admit(reduced_bytes(&cands, self.amo), || {
                    format!("the reduced encoding of this {n}×{n} grid")
                })
                .map_err(|m| Fail::memory(&m))?;
            return Ok(encode_candidates(&cands, self.amo, opts.alphabet));
        }
        let refuse = |e| Fail::usage(encode_message(&e));
        if p.rules.is_classic() || self.encoding != Encoding::Reduced {
            admit(&budget(), &p.grid, &opts).map_err(refuse)?;
        }
        encode(&p.grid, &p.rules, &opts).map_err(refuse)
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
    let n = p.grid.n();
    let mut header = vec![
        format!(
            "gridsat sudoku encode: {} puzzle {}",
            display_name(&path),
            args.formula.index
        ),
        format!(
            "{n}x{n} grid, boxes {}, {} givens, encoding {}, at-most-one {}, presolve {}",
            p.grid.shape(),
            p.grid.num_givens(),
            args.formula.encoding,
            args.formula.amo,
            args.formula.presolve
        ),
        format!("puzzle: {}", p.grid.to_line(p.alphabet.as_deref())),
        "a variable is true when its cell holds its symbol; decode a model with".into(),
        "  gridsat sudoku decode MODEL --puzzle FILE (with the same flags)".into(),
    ];
    if !p.rules.is_classic() {
        let mut line = format!("variant rules: {}", p.rules.names().join(", "));
        if !p.rules.cages().is_empty() {
            line.push_str(&format!(" (cage sums encoded as {})", args.formula.cages));
        }
        header.insert(2, line);
    }
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
