//! Reading the level file and choosing levels (`--level`).

use super::LevelArgs;
use crate::cli::Fail;
use crate::cli::input::{display_name, read_text};
use gridsat_sokoban::{Level, io::select_levels, parse_levels};

/// The levels chosen by `--level` (all of them by default when `default_all`).
pub fn load(args: &LevelArgs, default_all: bool) -> Result<Vec<Level>, Fail> {
    let text = read_text(&args.file)?;
    let name = display_name(&args.file);
    let levels = parse_levels(&text, &name, args.format).map_err(|e| Fail::usage(e.to_string()))?;
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

/// The one level chosen by `--level`.
pub fn one(args: &LevelArgs) -> Result<Level, Fail> {
    let mut v = load(args, false)?;
    if v.len() != 1 {
        return Err(Fail::usage("choose a single level with --level"));
    }
    Ok(v.remove(0))
}
