//! `manifest.txt`: what a certificate folder claims, one block of `key value` lines per
//! entry, blocks separated by blank lines, `#` lines ignored.

use super::Rejected;
use super::files::{self, Kind, plain_name};
use std::path::Path;

/// What an entry claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Exactly one solution: the one given, and the formula excluding it is refuted.
    Unique,
    /// No solution: the formula is refuted.
    Unsat,
    /// At least two solutions: the two given, both valid and different (no proof).
    Multiple,
    /// A solution, uniqueness not asked (no proof).
    Sat,
    /// A plan of `pushes` pushes is optimal: the formula of the horizon below is refuted.
    Optimal {
        /// The plan's pushes.
        pushes: usize,
    },
    /// A plan of `moves` moves is optimal (among plans of at most `pushes` pushes, when
    /// given): the move formula of the horizon below is refuted.
    OptimalMoves {
        /// The plan's moves.
        moves: usize,
        /// The push budget, if any.
        pushes: Option<usize>,
    },
}

/// One entry: a claim and the files that back it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Entry {
    /// Its name, e.g. `puzzle-1`.
    pub name: String,
    /// `sudoku` or `sokoban`.
    pub kind: String,
    /// The claim.
    pub claim: Option<Claim>,
    /// Every `key value` line, for the puzzle-specific checks.
    pub fields: Vec<(String, String)>,
    /// The formula file (empty for claims without a proof).
    pub cnf: String,
    /// The proof file (empty for claims without a proof).
    pub proof: String,
}

impl Entry {
    /// The value of `key`, or a format error naming it.
    pub fn get(&self, key: &str) -> Result<&str, Rejected> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .ok_or_else(|| Rejected::Format {
                file: "manifest.txt".into(),
                line: 0,
                message: format!("entry {} has no '{key}'", self.name),
            })
    }

    /// The value of `key` when present.
    pub fn optional(&self, key: &str) -> Option<&str> {
        self.get(key).ok()
    }
}

/// The entries of a folder.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Manifest {
    /// In file order.
    pub entries: Vec<Entry>,
}

fn format_error(line: usize, message: impl Into<String>) -> Rejected {
    Rejected::Format {
        file: "manifest.txt".into(),
        line,
        message: message.into(),
    }
}

impl Manifest {
    /// Reads `dir/manifest.txt` (a regular file of at most
    /// [`SMALL_FILE_CAP`](crate::SMALL_FILE_CAP) bytes).
    pub fn read(dir: &Path) -> Result<Manifest, Rejected> {
        Manifest::parse(&files::read(dir, "manifest.txt", Kind::Manifest, u64::MAX)?)
    }

    /// Parses the text of a manifest. Entry and file names must be plain names
    /// ([`plain_name`]); no key may appear twice in an entry; messages name the line
    /// and what was expected, never what was read.
    pub fn parse(text: &str) -> Result<Manifest, Rejected> {
        let mut entries = Vec::new();
        let mut current: Option<Entry> = None;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.starts_with('#') {
                continue;
            }
            if line.is_empty() {
                entries.extend(current.take());
                continue;
            }
            let e = current.get_or_insert_with(Entry::default);
            set(e, line, i + 1)?;
        }
        entries.extend(current);
        entries.iter().try_for_each(complete)?;
        if entries.is_empty() {
            return Err(format_error(0, "no entry"));
        }
        Ok(Manifest { entries })
    }
}

/// The keys whose value names a file of the folder.
const FILE_KEYS: &[&str] = &[
    "cnf", "proof", "states", "puzzle", "solution", "level", "plan",
];

/// Reads one `key value` line into `e`.
fn set(e: &mut Entry, line: &str, ln: usize) -> Result<(), Rejected> {
    let (key, value) = line.split_once(' ').unwrap_or((line, ""));
    let value = value.trim().to_string();
    if !plain_name(key) {
        return Err(format_error(
            ln,
            "a key must be a word of letters, digits, '-' or '_'",
        ));
    }
    let named = key == "entry" || FILE_KEYS.contains(&key);
    if named && !plain_name(&value) {
        return Err(format_error(
            ln,
            format!(
                "'{key}' must name a plain file or entry name: 1 to 128 letters, digits, '.', '-' or '_', not starting with '.'"
            ),
        ));
    }
    let repeated = match key {
        "entry" => !std::mem::replace(&mut e.name, value).is_empty(),
        "kind" => !std::mem::replace(&mut e.kind, value).is_empty(),
        "cnf" => !std::mem::replace(&mut e.cnf, value).is_empty(),
        "proof" => !std::mem::replace(&mut e.proof, value).is_empty(),
        "claim" => {
            let claim = parse_claim(&value).ok_or_else(|| {
                format_error(
                    ln,
                    "the claim must be unique, unsat, multiple, sat, optimal P, optimal-moves M or optimal-moves M pushes P",
                )
            })?;
            e.claim.replace(claim).is_some()
        }
        _ => {
            let seen = e.fields.iter().any(|(k, _)| k == key);
            e.fields.push((key.to_string(), value));
            seen
        }
    };
    if repeated {
        return Err(format_error(
            ln,
            format!("'{key}' appears twice in one entry"),
        ));
    }
    Ok(())
}

/// Checks that an entry has what every entry needs.
fn complete(e: &Entry) -> Result<(), Rejected> {
    if e.name.is_empty() || e.kind.is_empty() || e.claim.is_none() {
        return Err(format_error(
            0,
            "every entry needs entry, kind and claim lines",
        ));
    }
    let formula = e.optional("formula");
    if formula.is_some_and(|f| f != "standard") || (formula.is_some() && !e.cnf.is_empty()) {
        return Err(format_error(
            0,
            format!(
                "entry '{}': 'formula standard' stands instead of a cnf file, and is the only formula line",
                e.name
            ),
        ));
    }
    let has_formula = !e.cnf.is_empty() || formula.is_some();
    if e.optional("states").is_some() {
        return closure_only(e, has_formula);
    }
    if e.claim.is_some_and(Claim::needs_proof) && (!has_formula || e.proof.is_empty()) {
        return Err(format_error(
            0,
            format!(
                "entry '{}' makes a claim that needs cnf (or 'formula standard') and proof lines",
                e.name
            ),
        ));
    }
    Ok(())
}

/// An entry with a push-state closure (`states`): a Sokoban `optimal P` claim, with
/// no formula or proof beside it.
fn closure_only(e: &Entry, has_formula: bool) -> Result<(), Rejected> {
    let push = matches!(e.claim, Some(Claim::Optimal { .. }));
    if e.kind != "sokoban" || !push || has_formula || !e.proof.is_empty() {
        return Err(format_error(
            0,
            format!(
                "entry '{}': a 'states' closure backs a Sokoban 'optimal P' claim alone, without cnf, formula or proof lines",
                e.name
            ),
        ));
    }
    Ok(())
}

impl Claim {
    /// True for the claims that rest on a refutation (unique, unsat, optimal with at
    /// least one push: no plan has fewer).
    pub fn needs_proof(self) -> bool {
        !matches!(
            self,
            Claim::Multiple
                | Claim::Sat
                | Claim::Optimal { pushes: 0 }
                | Claim::OptimalMoves { moves: 0, .. }
        )
    }
}

impl std::fmt::Display for Claim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Claim::Unique => f.write_str("unique"),
            Claim::Unsat => f.write_str("unsat"),
            Claim::Multiple => f.write_str("multiple"),
            Claim::Sat => f.write_str("sat"),
            Claim::Optimal { pushes } => write!(f, "optimal {pushes}"),
            Claim::OptimalMoves {
                moves,
                pushes: None,
            } => write!(f, "optimal-moves {moves}"),
            Claim::OptimalMoves {
                moves,
                pushes: Some(p),
            } => write!(f, "optimal-moves {moves} pushes {p}"),
        }
    }
}

fn parse_claim(s: &str) -> Option<Claim> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let number = |w: &str| w.parse::<usize>().ok();
    match words[..] {
        ["unique"] => Some(Claim::Unique),
        ["unsat"] => Some(Claim::Unsat),
        ["multiple"] => Some(Claim::Multiple),
        ["sat"] => Some(Claim::Sat),
        ["optimal", p] => Some(Claim::Optimal { pushes: number(p)? }),
        ["optimal-moves", m] => Some(Claim::OptimalMoves {
            moves: number(m)?,
            pushes: None,
        }),
        ["optimal-moves", m, "pushes", p] => Some(Claim::OptimalMoves {
            moves: number(m)?,
            pushes: Some(number(p)?),
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_read_in_order_with_their_fields() {
        let m = Manifest::parse(
            "# a comment\n\nentry puzzle-1\nkind sudoku\nclaim unique\nbox 3x3\n\
             cnf p1.cnf\nproof p1.drat\n\nentry puzzle-2\nkind sudoku\nclaim multiple\n",
        )
        .unwrap();
        assert_eq!(m.entries.len(), 2);
        assert_eq!(m.entries[0].claim, Some(Claim::Unique));
        assert_eq!(m.entries[0].get("box").unwrap(), "3x3");
        assert_eq!(m.entries[1].claim, Some(Claim::Multiple));
        assert!(m.entries[1].cnf.is_empty());
        assert_eq!(
            parse_claim("optimal 12"),
            Some(Claim::Optimal { pushes: 12 })
        );
    }

    #[test]
    fn claims_resting_on_a_proof_need_one() {
        let e = Manifest::parse("entry p\nkind sudoku\nclaim unsat\ncnf p.cnf\n").unwrap_err();
        assert!(
            e.to_string()
                .contains("needs cnf (or 'formula standard') and proof"),
            "{e}"
        );
        assert!(Manifest::parse("entry p\nkind sudoku\nclaim maybe\n").is_err());
        assert!(Manifest::parse("# nothing\n").is_err());
    }

    #[test]
    fn names_must_be_plain_and_keys_single() {
        let base = "entry p\nkind sudoku\nclaim unsat\nproof p.drat\n";
        for bad in [
            "cnf ../../etc/passwd\n",
            "cnf /etc/passwd\n",
            "cnf .x\n",
            "cnf a/b\n",
            "cnf p.cnf\ncnf q.cnf\n",
        ] {
            let e = Manifest::parse(&format!("{base}{bad}"))
                .unwrap_err()
                .to_string();
            assert!(!e.contains("passwd"), "the value is not echoed: {e}");
            assert!(
                e.contains("manifest.txt:5") || e.contains("manifest.txt:6: 'cnf' appears twice"),
                "{e}"
            );
        }
        let e = Manifest::parse("entry ../x\nkind sudoku\nclaim sat\n").unwrap_err();
        assert!(
            e.to_string()
                .contains("manifest.txt:1: 'entry' must name a plain"),
            "{e}"
        );
        let e = Manifest::parse("entry p\nkind sudoku\nclaim root:x:0:0\n").unwrap_err();
        assert!(!e.to_string().contains("root"), "{e}");
    }
}
