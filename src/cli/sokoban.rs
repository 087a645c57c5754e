//! `gridsat sokoban …`: solve, verify, encode and show Sokoban levels.

use super::input::{display_name, read_text};
use super::{Exit, Fail};
use clap::{Args, Subcommand, ValueEnum};
use gridsat_sat::BackendSpec;
use gridsat_sat::dimacs::{WriteOptions, write_formula};
use gridsat_sokoban::board::Board;
use gridsat_sokoban::encode_moves::{MoveEncoding, MoveOptions};
use gridsat_sokoban::encode_pushes::{PushEncoding, PushOptions, Reach};
use gridsat_sokoban::plan::course_moves;
use gridsat_sokoban::search::{HorizonEncoding, Progress};
use gridsat_sokoban::{
    Format, Level, Optimize, Report, SolveError, SolveOptions, Status, parse_levels, select_levels,
    solve_level,
};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Sokoban subcommands.
#[derive(Subcommand, Debug)]
pub enum SokobanCmd {
    /// Find an optimal plan (fewest pushes by default, or fewest moves).
    Solve(SolveArgs),
    /// Replay a LURD plan and check that it solves the level.
    Verify(VerifyArgs),
    /// Write the CNF of one horizon as DIMACS with comments naming the variables.
    Encode(EncodeArgs),
    /// Print a level, and with a plan every frame of it.
    Show(ShowArgs),
}

/// The level file and which levels of it.
#[derive(Args, Debug)]
pub struct LevelArgs {
    /// Level file (XSB collection or course format), or - for stdin.
    pub file: PathBuf,
    /// Level title or 1-based number (titles first), or `all`.
    #[arg(long, short)]
    pub level: Option<String>,
    /// Input format.
    #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
    pub format: FormatArg,
}

/// Input formats on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum FormatArg {
    /// Course format when the first line is a number, XSB otherwise.
    Auto,
    /// XSB collection.
    Xsb,
    /// Course format: `T`, then rows of space-separated `# . P B G`.
    Course,
}

/// What to minimise, on the command line.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum OptimizeArg {
    /// Fewest pushes (push encoding).
    Pushes,
    /// Fewest moves (time-indexed move encoding).
    Moves,
    /// Fewest pushes, then fewest moves among plans with that many pushes.
    #[value(name = "pushes,moves")]
    PushesMoves,
}

/// The encoding written by `encode`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum EncodingArg {
    /// The push encoding (horizon = pushes).
    Pushes,
    /// The move encoding (horizon = moves).
    Moves,
}

/// Pruning families that can be switched off.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum PruneArg {
    /// Dead squares.
    DeadSquares,
    /// Distance from the start and to the goals.
    Distance,
    /// 2×2 and wall freeze patterns (push mode).
    Freeze,
    /// Per-goal reachability (push mode).
    GoalReach,
    /// Waste budgets: pushes short of full progress toward the goals or away from the
    /// start fit the horizon minus the distance sum (push mode).
    Waste,
    /// Two-box deadlocks and push distances (push mode).
    Pairs,
    /// No move straight back after a move that pushed nothing (move mode).
    NoReversal,
    /// No push straight back that repeats the state two pushes earlier (push mode).
    Undo,
    /// Push-count parity: skip horizons and plan lengths of the parity no plan has
    /// (push mode, goals as many as boxes).
    Parity,
    /// Start symmetry: the first push once per orbit of the start position's
    /// reflections and rotations (push mode).
    Symmetry,
}

/// Player reachability encodings of the push mode.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum ReachArg {
    /// Lazily added loop formulas (unfounded sets excluded on demand).
    Loops,
    /// BFS layers: reachable within k steps.
    Layers,
}

/// Arguments of `solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub levels: LevelArgs,
    /// What to minimise.
    #[arg(long, value_enum, default_value_t = OptimizeArg::Pushes)]
    pub optimize: OptimizeArg,
    /// Only plans of at most T moves count (default: the T of a course file).
    #[arg(long, value_name = "T")]
    pub max_moves: Option<usize>,
    /// Only plans of at most P pushes count.
    #[arg(long, value_name = "P")]
    pub max_pushes: Option<usize>,
    /// Give up on a level after this many seconds (fractions allowed).
    #[arg(long, value_name = "SECS")]
    pub time_limit: Option<f64>,
    /// One JSON object per level on stdout.
    #[arg(long)]
    pub json: bool,
    /// Print only the moves as `U D L R …`, or `-1` when there is no plan.
    #[arg(long, conflicts_with = "json")]
    pub course: bool,
    /// Switch off a pruning family (repeatable).
    #[arg(long = "no-prune", value_enum, value_name = "FAMILY")]
    pub no_prune: Vec<PruneArg>,
    /// Switch on a pruning family that is off by default (repeatable).
    #[arg(long = "prune", value_enum, value_name = "FAMILY")]
    pub prune: Vec<PruneArg>,
    /// Player reachability encoding of the push mode.
    #[arg(long, value_enum, default_value_t = ReachArg::Loops)]
    pub reach: ReachArg,
    /// Grow the horizon by this much while no plan is known (then walk down to the
    /// horizon just below the plan found, whose unsatisfiability proves optimality).
    /// (default: 2 for moves, 8 for pushes).
    #[arg(long, value_name = "N")]
    pub stride: Option<usize>,
    /// SAT solver: cadical, batsat, or external:COMMAND.
    #[arg(long, default_value = "cadical")]
    pub solver: BackendSpec,
    /// CaDiCaL's option set: default, plain, sat or unsat (default: unsat for pushes,
    /// default for moves).
    #[arg(long, value_name = "CONFIG", value_parser = ["default", "plain", "sat", "unsat"])]
    pub cadical_config: Option<String>,
    /// Push mode: do not look for a first plan by weighted A* before the solver (the
    /// solver then climbs from the lower bound instead of starting just below that plan).
    #[arg(long)]
    pub no_seed: bool,
    /// Below a known plan, keep assuming goal(T) rather than adding it as a unit clause
    /// (for measurement).
    #[arg(long)]
    pub assume_goals: bool,
}

/// Arguments of `verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub levels: LevelArgs,
    /// The plan in LURD notation (lowercase moves, uppercase pushes).
    #[arg(long)]
    pub plan: String,
}

/// Arguments of `encode`.
#[derive(Args, Debug)]
pub struct EncodeArgs {
    #[command(flatten)]
    pub levels: LevelArgs,
    /// The horizon T (moves or pushes).
    #[arg(long)]
    pub horizon: usize,
    /// Which encoding.
    #[arg(long, value_enum, default_value_t = EncodingArg::Pushes)]
    pub optimize: EncodingArg,
    /// Output file (default stdout).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

/// Arguments of `show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    pub levels: LevelArgs,
    /// A LURD plan whose frames to print.
    #[arg(long)]
    pub plan: Option<String>,
}

/// Runs a Sokoban subcommand.
pub fn run(cmd: SokobanCmd) -> Result<Exit, Fail> {
    match cmd {
        SokobanCmd::Solve(a) => solve(a),
        SokobanCmd::Verify(a) => verify(a),
        SokobanCmd::Encode(a) => encode(a),
        SokobanCmd::Show(a) => show(a),
    }
}

fn load(args: &LevelArgs, default_all: bool) -> Result<Vec<Level>, Fail> {
    let text = read_text(&args.file)?;
    let name = display_name(&args.file);
    let format = match args.format {
        FormatArg::Auto => Format::Auto,
        FormatArg::Xsb => Format::Xsb,
        FormatArg::Course => Format::Course,
    };
    let levels = parse_levels(&text, &name, format).map_err(|e| Fail::usage(e.to_string()))?;
    let which = match &args.level {
        Some(l) => l.clone(),
        None if levels.len() == 1 => "1".into(),
        None if default_all => "all".into(),
        None => {
            return Err(Fail::usage(format!(
                "{name} holds {} levels: choose one with --level",
                levels.len()
            )));
        }
    };
    let chosen = select_levels(&levels, &which).ok_or_else(|| {
        Fail::usage(format!(
            "{name}: no level titled or numbered {which:?} (the file holds {} levels)",
            levels.len()
        ))
    })?;
    Ok(chosen.into_iter().cloned().collect())
}

fn one(args: &LevelArgs) -> Result<Level, Fail> {
    let mut v = load(args, false)?;
    if v.len() != 1 {
        return Err(Fail::usage("choose a single level with --level"));
    }
    Ok(v.remove(0))
}

fn solve(a: SolveArgs) -> Result<Exit, Fail> {
    let levels = load(&a.levels, true)?;
    let file = display_name(&a.levels.file);
    let time_limit = match a.time_limit {
        Some(s) if !(s.is_finite() && s > 0.0) => {
            return Err(Fail::usage(format!(
                "--time-limit must be a positive number of seconds, not {s}"
            )));
        }
        Some(s) => Some(Duration::from_secs_f64(s)),
        None => None,
    };
    let prune_on = |p: PruneArg| {
        let default = !matches!(p, PruneArg::NoReversal);
        (default || a.prune.contains(&p)) && !a.no_prune.contains(&p)
    };
    let interrupt = super::ctrl_c().clone();
    let opts = SolveOptions {
        optimize: match a.optimize {
            OptimizeArg::Moves => Optimize::Moves,
            OptimizeArg::Pushes => Optimize::Pushes,
            OptimizeArg::PushesMoves => Optimize::PushesMoves,
        },
        max_moves: a.max_moves,
        max_pushes: a.max_pushes,
        time_limit,
        interrupt: Some(interrupt.clone()),
        backend: a.solver.clone(),
        stride: a.stride.unwrap_or(match a.optimize {
            OptimizeArg::Moves => 2,
            OptimizeArg::Pushes | OptimizeArg::PushesMoves => 8,
        }),
        cadical_config: Some(a.cadical_config.clone().unwrap_or_else(|| {
            match a.optimize {
                OptimizeArg::Moves => "default",
                OptimizeArg::Pushes | OptimizeArg::PushesMoves => "unsat",
            }
            .to_string()
        })),
        no_seed: a.no_seed,
        assume_goals: a.assume_goals,
        moves: MoveOptions {
            dead_squares: prune_on(PruneArg::DeadSquares),
            distance: prune_on(PruneArg::Distance),
            no_reversal: prune_on(PruneArg::NoReversal),
            max_pushes: None, // set from --max-pushes by the library
        },
        pushes: PushOptions {
            dead_squares: prune_on(PruneArg::DeadSquares),
            distance: prune_on(PruneArg::Distance),
            freeze: prune_on(PruneArg::Freeze),
            goal_reach: prune_on(PruneArg::GoalReach),
            waste: prune_on(PruneArg::Waste),
            pairs: prune_on(PruneArg::Pairs),
            undo: prune_on(PruneArg::Undo),
            parity: prune_on(PruneArg::Parity),
            symmetry: prune_on(PruneArg::Symmetry),
            reach: match a.reach {
                ReachArg::Layers => Reach::Layers,
                ReachArg::Loops => Reach::Loops,
            },
        },
    };
    let tty = std::io::stderr().is_terminal();
    // GRIDSAT_PROGRESS=lines prints every progress line (for profiling runs).
    let lines = std::env::var_os("GRIDSAT_PROGRESS").is_some_and(|v| v == "lines");
    let mut exit = Exit::Ok;
    let mut failure: Option<Fail> = None;
    let mut out = std::io::stdout().lock();
    for level in &levels {
        let mut lopts = opts.clone();
        if lopts.max_moves.is_none() {
            lopts.max_moves = level.max_moves;
        }
        let title = level.title.clone();
        let mut show = |p: &Progress| {
            let what = match p.outcome {
                None => "solving".to_string(),
                Some(o) => format!("{o:?}").to_lowercase(),
            };
            let line = format!(
                "level {title}: horizon {} · {} vars · {} clauses · {:.2} s · {what}",
                p.horizon,
                p.variables,
                p.clauses,
                p.elapsed.as_secs_f64()
            );
            if lines {
                if p.outcome.is_some() {
                    eprintln!("{line}");
                }
            } else {
                eprint!("\r\x1b[K{line}");
            }
        };
        let progress: Option<&mut dyn FnMut(&Progress)> =
            if tty || lines { Some(&mut show) } else { None };
        let result = solve_level(level, &lopts, progress);
        if tty && !lines {
            eprint!("\r\x1b[K");
        }
        let report = match result {
            Ok(r) => r,
            Err(e) => {
                let code = match e {
                    SolveError::Solver(_) | SolveError::Verification(_) => Exit::Failure,
                };
                eprintln!("gridsat: {file}: level {}: {e}", level.title);
                exit = exit.worst(code);
                failure.get_or_insert(Fail::failure(format!("{file}: level {}: {e}", level.title)));
                continue;
            }
        };
        exit = exit.worst(match report.status {
            Status::Solved if report.optimal != Some(report.optimize) => Exit::Unknown,
            Status::Solved => Exit::Ok,
            Status::NoPlan | Status::Unsolvable => Exit::NoSolution,
            Status::Unknown => Exit::Unknown,
        });
        if a.json {
            writeln!(out, "{}", json(&file, level, &report))?;
        } else if a.course {
            match report.status {
                Status::Solved => writeln!(
                    out,
                    "{}",
                    course_moves(report.plan.as_deref().unwrap_or(""))
                )?,
                Status::NoPlan | Status::Unsolvable => writeln!(out, "-1")?,
                Status::Unknown => eprintln!(
                    "gridsat: {file}: level {}: {}",
                    level.title,
                    report.reason.as_deref().unwrap_or("unknown")
                ),
            }
        } else {
            write!(out, "{}", text(level, &report))?;
        }
        out.flush()?;
        if interrupt.is_set() {
            break;
        }
    }
    match failure {
        Some(mut f) if exit == Exit::Failure => {
            f.code = Exit::Failure;
            f.message = format!(
                "{} (plans that fail verification are never printed)",
                f.message
            );
            Err(f)
        }
        _ => Ok(exit),
    }
}

/// "no plan of at most P pushes", saying which bound came from parity rather than from
/// the solver (a push count of the wrong parity is impossible).
fn no_plan(p: usize, unit: &str, parity: Option<usize>) -> String {
    match parity {
        Some(q) if unit == "pushes" && p > 0 && p % 2 != q => format!(
            "no plan of at most {p} pushes: {} unsatisfiable, {p} by parity",
            p - 1
        ),
        _ => format!("no plan of at most {p} {unit}"),
    }
}

fn text(level: &Level, r: &Report) -> String {
    let unit = match r.optimize {
        Optimize::Pushes => "pushes",
        Optimize::Moves | Optimize::PushesMoves => "moves",
    };
    let mut s = format!("level {}: {}", level.title, r.status.name());
    match r.status {
        Status::Solved if r.optimize == Optimize::PushesMoves && r.optimal.is_some() => {
            let (moves, pushes) = (r.moves.unwrap_or(0), r.pushes.unwrap_or(0));
            s.push_str(&format!(", {moves} moves, {pushes} pushes, push-optimal"));
            if let Some(p) = r.push_proven_below {
                s.push_str(&format!(" ({})", no_plan(p, "pushes", r.stats.push_parity)));
            }
            match (r.optimal, r.proven_below) {
                (Some(Optimize::PushesMoves), Some(m)) => s.push_str(&format!(
                    ", then move-optimal (none of {pushes} pushes and at most {m} moves)"
                )),
                (Some(Optimize::PushesMoves), None) => s.push_str(", then move-optimal"),
                (_, Some(m)) => s.push_str(&format!(
                    ", fewest moves not proven (time limit; none of {pushes} pushes and at most {m} moves)"
                )),
                (_, None) => s.push_str(", fewest moves not proven (time limit)"),
            }
        }
        Status::Solved => {
            s.push_str(&format!(
                ", {} moves, {} pushes",
                r.moves.unwrap_or(0),
                r.pushes.unwrap_or(0)
            ));
            match (r.optimal, r.proven_below) {
                (Some(o), Some(p)) => s.push_str(&format!(
                    ", {}-optimal ({})",
                    o.unit(),
                    no_plan(p, unit, r.stats.push_parity)
                )),
                (Some(o), None) => s.push_str(&format!(", {}-optimal", o.unit())),
                (None, Some(p)) => s.push_str(&format!(
                    ", not proven optimal (time limit; {})",
                    no_plan(p, unit, r.stats.push_parity)
                )),
                (None, None) => s.push_str(", not proven optimal (time limit)"),
            }
        }
        _ => {
            if let Some(why) = &r.reason {
                s.push_str(&format!(": {why}"));
            }
        }
    }
    s.push_str(&format!(" [{:.2} s]\n", r.stats.seconds));
    if let Some(p) = &r.plan {
        s.push_str(p);
        s.push('\n');
    }
    s
}

fn json(file: &str, level: &Level, r: &Report) -> String {
    let families: serde_json::Map<String, serde_json::Value> = r
        .stats
        .families
        .iter()
        .map(|(k, v)| (k.clone(), serde_json::json!(v)))
        .collect();
    serde_json::json!({
        "file": file,
        "level": level.title,
        "number": level.number,
        "status": r.status.name(),
        "plan": r.plan,
        "moves": r.moves,
        "pushes": r.pushes,
        "optimal": r.optimal.map(|o| o.name()),
        "optimize": r.optimize.name(),
        "horizon": r.horizon,
        "proven_no_plan_up_to": r.proven_below,
        "proven_no_plan_up_to_pushes": r.push_proven_below,
        "reason": r.reason,
        "stats": {
            "boxes": level.boxes.len(),
            "lower_bound": r.stats.lower_bound,
            "push_parity": r.stats.push_parity.map(|p| if p == 0 { "even" } else { "odd" }),
            "variables": r.stats.variables,
            "clauses": r.stats.clauses,
            "solver_calls": r.stats.calls,
            "refinements": r.stats.refinements,
            "seconds": (r.stats.seconds * 1000.0).round() / 1000.0,
            "solve_seconds": (r.stats.solve_seconds * 1000.0).round() / 1000.0,
            "families": families,
        }
    })
    .to_string()
}

fn verify(a: VerifyArgs) -> Result<Exit, Fail> {
    let level = one(&a.levels)?;
    let file = display_name(&a.levels.file);
    match gridsat_sokoban::replay::replay(&level, &a.plan) {
        Err(e) => {
            println!("level {}: invalid plan: {e}", level.title);
            Err(Fail {
                code: Exit::Failure,
                message: format!(
                    "{file}: level {}: the plan does not replay: {e}",
                    level.title
                ),
            })
        }
        Ok(r) if !r.solved => {
            let off = r.boxes.iter().filter(|&&b| !level.goals[b]).count();
            println!(
                "level {}: not solved: after {} moves ({} pushes) {off} box(es) stand off a goal",
                level.title, r.moves, r.pushes
            );
            Err(Fail {
                code: Exit::Failure,
                message: format!(
                    "{file}: level {}: the plan does not solve the level",
                    level.title
                ),
            })
        }
        Ok(r) => {
            println!(
                "level {}: valid: solves the level in {} moves, {} pushes",
                level.title, r.moves, r.pushes
            );
            Ok(Exit::Ok)
        }
    }
}

fn encode(a: EncodeArgs) -> Result<Exit, Fail> {
    let level = one(&a.levels)?;
    let file = display_name(&a.levels.file);
    let board = Board::new(&level).map_err(|u| Fail {
        code: Exit::NoSolution,
        message: format!("{file}: level {}: unsolvable: {}", level.title, u.0),
    })?;
    let mut enc: Box<dyn HorizonEncoding> = match a.optimize {
        EncodingArg::Moves => Box::new(MoveEncoding::new(&board, MoveOptions::default())),
        EncodingArg::Pushes => Box::new(PushEncoding::new(&board, PushOptions::default())),
    };
    while enc.horizon() < a.horizon {
        enc.extend();
    }
    let goal = enc.goal(a.horizon);
    enc.assert_goal(goal);
    let header = vec![
        format!(
            "gridsat sokoban encode {file} --level {} --horizon {}",
            level.title, a.horizon
        ),
        format!(
            "{} encoding: a plan of at most {} {} exists iff this formula is satisfiable",
            match a.optimize {
                EncodingArg::Moves => "move",
                EncodingArg::Pushes => "push",
            },
            a.horizon,
            match a.optimize {
                EncodingArg::Moves => "moves",
                EncodingArg::Pushes => "pushes",
            }
        ),
    ];
    let opts = WriteOptions {
        header,
        variable_names: true,
    };
    match &a.output {
        Some(path) => {
            let file = std::fs::File::create(path)
                .map_err(|e| Fail::usage(format!("{}: cannot write: {e}", path.display())))?;
            let mut w = std::io::BufWriter::new(file);
            write_formula(&mut w, enc.formula(), &opts)?;
            w.flush()?;
        }
        None => {
            let mut w = std::io::BufWriter::new(std::io::stdout().lock());
            write_formula(&mut w, enc.formula(), &opts)?;
            w.flush()?;
        }
    }
    Ok(Exit::Ok)
}

fn show(a: ShowArgs) -> Result<Exit, Fail> {
    let level = one(&a.levels)?;
    let file = display_name(Path::new(&a.levels.file));
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "level {} ({} x {}, {} boxes, {} goals)",
        level.title,
        level.width,
        level.height,
        level.boxes.len(),
        level.goal_count()
    )?;
    match &a.plan {
        None => write!(out, "{level}")?,
        Some(plan) => match gridsat_sokoban::render::plan_frames(&level, plan) {
            Ok(s) => write!(out, "{s}")?,
            Err(e) => {
                return Err(Fail::usage(format!(
                    "{file}: level {}: the plan does not replay: {e}",
                    level.title
                )));
            }
        },
    }
    Ok(Exit::Ok)
}
