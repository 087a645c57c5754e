//! `gridsat sokoban solve`: plans for every level chosen, as text, JSON or course moves.

use super::LevelArgs;
use super::levels::load;
use crate::cli::input::display_name;
use crate::cli::manifest::Manifest;
use crate::cli::{Exit, Fail};
use clap::Args;
use gridsat_sat::solver::RefuteError;
use gridsat_sat::{BackendSpec, Concludes as _};
use gridsat_sokoban::api::OptionsJson;
use gridsat_sokoban::report::{
    CertificateError, PushBacking, manifest_header, write_certificate_with,
};
use gridsat_sokoban::{
    Level, Optimize, Outcome, SolveOptions, Verdict,
    encode::{Prune, Reach},
    search::Progress,
    solve::{CadicalConfig, Search},
    solve_level,
};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub levels: LevelArgs,
    /// What to minimise.
    #[arg(long, value_enum, default_value_t = Optimize::default())]
    pub optimize: Optimize,
    /// Only plans of at most T moves count (default: the T of a course file).
    #[arg(long, value_name = "T")]
    pub max_moves: Option<usize>,
    /// Only plans of at most P pushes count.
    #[arg(long, value_name = "P")]
    pub max_pushes: Option<usize>,
    /// Give up on a level after this many seconds (fractions allowed).
    #[arg(long, value_name = "SECS", value_parser = crate::cli::parse_seconds)]
    pub time_limit: Option<Duration>,
    /// One JSON object per level on stdout.
    #[arg(long)]
    pub json: bool,
    /// Print only the moves as `U D L R …`, or `-1` when there is no plan.
    #[arg(long, conflicts_with = "json")]
    pub course: bool,
    /// Switch off a pruning family (repeatable).
    #[arg(long = "no-prune", value_enum, value_name = "FAMILY")]
    pub no_prune: Vec<Prune>,
    /// Switch on a pruning family that is off by default (repeatable).
    #[arg(long = "prune", value_enum, value_name = "FAMILY")]
    pub prune: Vec<Prune>,
    /// Player reachability encoding of the push mode.
    #[arg(long, value_enum, default_value_t = Reach::default())]
    pub reach: Reach,
    /// Grow the horizon by this much while no plan is known (then walk down to the
    /// horizon just below the plan found, whose unsatisfiability proves optimality).
    /// (default: 2 for moves, 8 for pushes).
    #[arg(long, value_name = "N")]
    pub stride: Option<usize>,
    #[arg(long, default_value_t = gridsat_sokoban::api::defaults::SOLVER, help = solver_help())]
    pub solver: BackendSpec,
    /// CaDiCaL's option set (default: unsat for pushes, default for moves).
    #[arg(long, value_enum, value_name = "CONFIG")]
    pub cadical_config: Option<CadicalConfig>,
    /// Push mode: do not look for a first plan by weighted A* before the solver (the
    /// solver then climbs from the lower bound instead of starting just below that plan).
    #[arg(long)]
    pub no_seed: bool,
    /// Below a known plan, keep assuming goal(T) rather than adding it as a unit clause
    /// (for measurement).
    #[arg(long)]
    pub assume_goals: bool,
    /// Which search proves push optima: A* over push states, then the SAT horizon
    /// search from the bound A* proved (auto), either alone.
    #[arg(long, value_enum, default_value_t = Search::default())]
    pub search: Search,
    /// Satisficing (push mode): the first verified plan fast, improved while time
    /// remains, reported with its proven lower bound; exit 0 for any verified plan.
    #[arg(long)]
    pub any: bool,
    /// Switch off a pruning of the A* (repeatable): freeze, pairs, corrals, the deadlocks
    /// learned on box subsets (patterns); or, of the satisficing passes, the first pass's
    /// feature cells (features: the greedy order alone), the tunnel and goal-room macros
    /// (macros) or their cut of pushes onto a goal room's goals out of its packing order
    /// (room-cuts), or the first pass's box moves, a box to any cell it reaches as one
    /// step (box-moves), or the pull search backwards from the solved position after
    /// the first pass (pull).
    #[arg(long = "astar-no", value_name = "TEST",
          value_parser = ["freeze", "pairs", "corrals", "patterns", "features", "macros", "room-cuts", "box-moves", "pull"])]
    pub astar_no: Vec<String>,
    /// The first satisficing passes also search the whole position when a push lands a
    /// box on a goal, and learn it, shrunk, when it has no plan (sound; off by default:
    /// XSokoban gained 2 levels at 30 s and none at 60 s, and each test costs a search).
    #[arg(long)]
    pub astar_dead_ends: bool,
    /// Satisficing guidance: pushes added to the greedy bound per box on a goal that a
    /// packing order fills after an empty one (0: off).
    #[arg(long, value_name = "N", default_value_t = gridsat_sokoban::api::defaults::PACKING)]
    pub packing: u32,
    /// Satisficing guidance: pushes added to the greedy bound per area of free cells
    /// beyond the first that the boxes cut the board into (0: off).
    #[arg(long, value_name = "N", default_value_t = gridsat_sokoban::api::defaults::CONNECTIVITY)]
    pub connectivity: u32,
    /// Satisficing guidance: pushes added to a feature-space pass's priority per step
    /// on a position's path that improved none of its features (no more goals filled
    /// in the packing order, no fewer areas; 0: off).
    #[arg(long, value_name = "N", default_value_t = gridsat_sokoban::api::defaults::IDLE_STEP)]
    pub idle_step: u32,
    /// Satisficing guidance: the first passes after the first (greedy, feature cells)
    /// take one position in N from a (priority, cost) type drawn at random instead of
    /// the best, out of the dead ends a greedy dive enters, and the first pass, which
    /// dives, comes again last exploring (type-based exploration; 0: off, no repeat).
    #[arg(long, value_name = "N", default_value_t = gridsat_sokoban::api::defaults::EXPLORE)]
    pub explore: u32,
    /// The most memory the A*'s table and queue take (bytes, or with K, M, G; default:
    /// a quarter of --max-memory, at most 3 GiB).
    #[arg(long, value_name = "SIZE", value_parser = crate::cli::parse_size)]
    pub astar_memory: Option<u64>,
    /// Write a certificate of every optimal plan into DIR: the level, the plan, the
    /// textbook formula of the horizon one push (or move) below it and a DRAT proof
    /// (from a separate CaDiCaL run) that it is unsatisfiable — or, for a push optimum,
    /// the push-state closure (see --certify-with) — and
    /// `manifest.txt` (pushes,moves: an entry for each); check it with
    /// `gridsat check-certificate DIR`.
    #[arg(long, value_name = "DIR")]
    pub certify: Option<PathBuf>,
    /// With --certify, what backs a push optimum: closure (every position within reach
    /// of a shorter plan by the checker's own bound, listed with its depth), drat (the
    /// textbook formula one push below and CaDiCaL's DRAT proof) or auto (the closure;
    /// the proof when the closure is over 4,000,000 positions or the memory budget).
    #[arg(long, value_name = "KIND", requires = "certify", default_value = "auto",
          value_parser = ["auto", "drat", "closure"])]
    pub certify_with: String,
    /// With --certify: DIR may hold an earlier certificate, whose files (manifest.txt,
    /// puzzle-N.*, level-N.*) are removed first (a symlink is removed, never followed);
    /// without it a DIR that is not empty is refused.
    #[arg(long, requires = "certify")]
    pub certify_overwrite: bool,
    /// Print the options each level would be solved with (one JSON object per level,
    /// the library's `OptionsJson`) and solve nothing.
    #[arg(long, conflicts_with_all = ["json", "course", "certify"])]
    pub print_options: bool,
}

/// `--solver`'s help, from the library's list of backends.
fn solver_help() -> String {
    format!("SAT solver: {}", BackendSpec::help())
}

/// The library options the arguments ask for (the move limit of a course file is set
/// per level).
fn options(a: &SolveArgs) -> SolveOptions {
    // The library's defaults for the goal (stride, CaDiCaL option set), which the web
    // server and the Python package use too; then the flags.
    let mut opts = gridsat_sokoban::api::default_options(a.optimize);
    opts.max_moves = a.max_moves;
    opts.max_pushes = a.max_pushes;
    opts.backend = a.solver.clone();
    opts.stride = a.stride.unwrap_or(opts.stride);
    if a.cadical_config.is_some() {
        opts.cadical_config = a.cadical_config;
    }
    opts.no_seed = a.no_seed;
    opts.assume_goals = a.assume_goals;
    for &p in Prune::ALL {
        let on = (p.on_by_default() || a.prune.contains(&p)) && !a.no_prune.contains(&p);
        opts.set_prune(p, on);
    }
    opts.pushes.reach = a.reach;
    opts.search = a.search;
    opts.any = a.any;
    opts.astar_freeze = !a.astar_no.iter().any(|t| t == "freeze");
    opts.astar_pairs = !a.astar_no.iter().any(|t| t == "pairs");
    opts.astar_corrals = !a.astar_no.iter().any(|t| t == "corrals");
    opts.astar_macros = !a.astar_no.iter().any(|t| t == "macros");
    opts.astar_room_cuts = !a.astar_no.iter().any(|t| t == "room-cuts");
    opts.astar_box_moves = !a.astar_no.iter().any(|t| t == "box-moves");
    opts.astar_pull = !a.astar_no.iter().any(|t| t == "pull");
    opts.astar_patterns = !a.astar_no.iter().any(|t| t == "patterns");
    opts.astar_dead_ends = a.astar_dead_ends;
    opts.astar_features = !a.astar_no.iter().any(|t| t == "features");
    opts.astar_memory = a.astar_memory;
    opts.packing = a.packing;
    opts.connectivity = a.connectivity;
    opts.idle_step = a.idle_step;
    opts.explore = a.explore;
    opts
}

/// The options of a solve of `level` (the arguments', with a course file's move limit).
fn level_options(opts: &SolveOptions, level: &Level) -> SolveOptions {
    let mut lopts = opts.clone();
    if lopts.max_moves.is_none() {
        lopts.max_moves = level.max_moves;
    }
    lopts
}

/// `--print-options`: one line of JSON per level, the options it would be solved with.
fn print_options(a: &SolveArgs, levels: &[Level]) -> Result<Exit, Fail> {
    let opts = options(a);
    let mut out = std::io::stdout().lock();
    for level in levels {
        writeln!(out, "{}", OptionsJson::new(&level_options(&opts, level)))?;
    }
    Ok(Exit::Ok)
}

/// The exit code of one level's answer.
fn exit_of(r: &Outcome) -> Exit {
    Exit::from(r.conclusion())
}

pub fn solve(a: SolveArgs) -> Result<Exit, Fail> {
    let levels = load(&a.levels, true)?;
    if a.print_options {
        return print_options(&a, &levels);
    }
    let mut manifest = match &a.certify {
        Some(dir) => Some(Manifest::create(
            dir,
            a.certify_overwrite,
            &manifest_header(),
        )?),
        None => None,
    };
    let backing: PushBacking = a.certify_with.parse().map_err(Fail::usage)?;
    let file = display_name(&a.levels.file);
    let opts = options(&a);
    let interrupt = crate::cli::ctrl_c().clone();
    let mut exit = Exit::Ok;
    let mut failure: Option<Fail> = None;
    let mut cert_failure: Option<Fail> = None;
    let mut out = std::io::stdout().lock();
    for level in &levels {
        let lopts = level_options(&opts, level);
        let budget = crate::cli::budget().with_time_limit(a.time_limit);
        let report = match with_progress(level, |p| solve_level(level, &lopts, &budget, p)) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("gridsat: {file}: level {}: {e}", level.title);
                exit = exit.worst(Exit::Failure);
                failure.get_or_insert(Fail::failure(format!("{file}: level {}: {e}", level.title)));
                continue;
            }
        };
        exit = exit.worst(exit_of(&report));
        print(&mut out, &a, &file, level, &report)?;
        out.flush()?;
        if let Some(m) = &mut manifest {
            let c = certify(m, level, &report, (&budget, backing));
            exit = exit.worst(c.exit);
            if let Some(f) = c.fatal {
                cert_failure.get_or_insert(f);
            }
        }
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
        _ => match cert_failure {
            Some(f) => Err(f),
            None => Ok(exit),
        },
    }
}

/// Runs `work` with a progress line on stderr when stderr is a terminal (or every line
/// with `GRIDSAT_PROGRESS=lines`, for profiling runs).
fn with_progress<T>(level: &Level, work: impl FnOnce(Option<&mut dyn FnMut(&Progress)>) -> T) -> T {
    let tty = std::io::stderr().is_terminal();
    let lines = std::env::var_os("GRIDSAT_PROGRESS").is_some_and(|v| v == "lines");
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
    let result = work(if tty || lines { Some(&mut show) } else { None });
    if tty && !lines {
        eprint!("\r\x1b[K");
    }
    result
}

/// Prints one level's answer in the form asked for.
fn print(
    out: &mut impl Write,
    a: &SolveArgs,
    file: &str,
    level: &Level,
    report: &Outcome,
) -> Result<(), Fail> {
    if a.json {
        writeln!(
            out,
            "{}",
            gridsat_sokoban::report::report_json(file, level, report)
        )?;
    } else if a.course {
        match report.verdict {
            Verdict::Solved => {
                let plan = report.plan.as_ref().map(|p| p.to_course());
                writeln!(out, "{}", plan.unwrap_or_default())?
            }
            Verdict::NoPlan | Verdict::Unsolvable => writeln!(out, "-1")?,
            _ => eprintln!(
                "gridsat: {file}: level {}: {}",
                level.title,
                report.reason.as_deref().unwrap_or("unknown")
            ),
        }
    } else {
        write!(
            out,
            "{}",
            gridsat_sokoban::report::report_text(level, report)
        )?;
    }
    Ok(())
}

/// What certifying one level did to the run.
struct Certifying {
    exit: Exit,
    fatal: Option<Fail>,
}

/// Certifies one level's answer into the manifest's folder: a plan not proven
/// push-optimal gets a note on stderr (its exit code says enough), a proof cut short
/// exits 4, a formula the proof finds satisfiable is gridsat's fault (exit 5).
fn certify(
    m: &mut Manifest,
    level: &Level,
    report: &Outcome,
    (budget, backing): (&gridsat_sat::Budget, PushBacking),
) -> Certifying {
    let name = format!("level-{}", level.number);
    let mut outcome = Certifying {
        exit: Exit::Ok,
        fatal: None,
    };
    match write_certificate_with(m.dir(), level, report, budget, backing) {
        Ok(c) => {
            if let Err(f) = m.add(&c.manifest) {
                outcome.fatal = Some(f);
            }
            let closure = match c.positions {
                0 => String::new(),
                n => format!(", push-state closure of {n} positions"),
            };
            eprintln!(
                "gridsat: {name}: certified {} ({} clauses, proof {} bytes{closure}, {:.2} s)",
                c.claim, c.clauses, c.proof_bytes, c.seconds
            );
        }
        Err(e @ CertificateError::NotOptimal(_)) => {
            eprintln!("gridsat: {name}: no certificate: {e}");
        }
        Err(
            e @ (CertificateError::Proof(RefuteError::Stopped)
            | CertificateError::Formula(_)
            | CertificateError::Closure(_)),
        ) => {
            eprintln!("gridsat: {name}: no certificate: {e}");
            outcome.exit = Exit::Unknown;
        }
        Err(e) => {
            eprintln!("gridsat: {name}: certificate: {e}");
            outcome.exit = Exit::Failure;
            outcome.fatal = Some(Fail::failure(format!("{name}: certificate: {e}")));
        }
    }
    outcome
}
