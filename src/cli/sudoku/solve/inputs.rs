//! The puzzles `gridsat sudoku solve` reads: files read whole, stdin streamed, and the
//! progress bar that counts them.

use super::super::args::{GridArgs, parse_message, warn_parsed};
use super::answer::Job;
use crate::cli::Fail;
use crate::cli::input::{display_name, read_text, stdin_reader};
use gridsat_sudoku::{ParseOptions, io::parse_reader, parse_puzzles};
use std::io::IsTerminal;
use std::path::PathBuf;

/// Each input's name and text; `None` for stdin, which is streamed.
pub type Texts = Vec<(String, Option<String>)>;

/// The input files read whole (so that the progress bar knows the total); stdin
/// (`None`) is streamed. A file without any puzzle is an error.
pub fn read_inputs(paths: &[PathBuf], opts: &ParseOptions) -> Result<Texts, Fail> {
    let mut texts = Vec::new();
    for p in paths {
        let text = if p.as_os_str() != "-" {
            Some(read_text(p)?)
        } else {
            None
        };
        texts.push((display_name(p), text));
    }
    for (name, text) in &texts {
        if text
            .as_deref()
            .is_some_and(|t| parse_puzzles(t, opts).next().is_none())
        {
            return Err(Fail::usage(format!(
                "{name}: no puzzle found (the input is empty)"
            )));
        }
    }
    Ok(texts)
}

/// Every puzzle of every input, in order, parsed as the workers take them (warnings
/// on stderr, `--rules` added, parse errors in command-line words).
pub fn jobs<'a>(
    texts: &'a Texts,
    opts: &'a ParseOptions,
    grid: &'a GridArgs,
) -> impl Iterator<Item = Job> + Send + 'a {
    texts.iter().flat_map(move |(name, text)| {
        let puzzles = match text {
            Some(t) => parse_puzzles(t, opts),
            None => parse_reader(std::io::BufReader::new(stdin_reader()), opts),
        };
        puzzles.enumerate().map(move |(i, item)| Job {
            file: name.clone(),
            k: i + 1,
            item: item
                .map(|mut p| {
                    warn_parsed(name, &p);
                    grid.apply_rules(&mut p);
                    p
                })
                .map_err(|e| parse_message(name, &e)),
        })
    })
}

/// A progress bar on stderr when it is a terminal and every input is a file (the
/// total costs a second parse: only then).
pub fn progress_bar(texts: &Texts, opts: &ParseOptions) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() || texts.iter().any(|(_, t)| t.is_none()) {
        return None;
    }
    let total: usize = texts
        .iter()
        .map(|(_, t)| parse_puzzles(t.as_deref().unwrap_or(""), opts).count())
        .sum();
    let bar = indicatif::ProgressBar::new(total as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} puzzles  {per_sec}  ETA {eta}",
        )
        .expect("valid template"),
    );
    Some(bar)
}
