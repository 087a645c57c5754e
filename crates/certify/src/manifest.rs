//! `manifest.txt`: what a certificate folder claims, one block of `key value` lines per
//! entry, blocks separated by blank lines, `#` lines ignored.

use super::{Rejected, read};
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
    /// Reads `dir/manifest.txt`.
    pub fn read(dir: &Path) -> Result<Manifest, Rejected> {
        Manifest::parse(&read(&dir.join("manifest.txt"))?)
    }

    /// Parses the text of a manifest.
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
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let e = current.get_or_insert_with(Entry::default);
            let value = value.trim().to_string();
            match key {
                "entry" => e.name = value,
                "kind" => e.kind = value,
                "cnf" => e.cnf = value,
                "proof" => e.proof = value,
                "claim" => {
                    e.claim =
                        Some(parse_claim(&value).ok_or_else(|| {
                            format_error(i + 1, format!("unknown claim '{value}'"))
                        })?)
                }
                _ => e.fields.push((key.to_string(), value)),
            }
        }
        entries.extend(current);
        for e in &entries {
            if e.name.is_empty() || e.kind.is_empty() || e.claim.is_none() {
                return Err(format_error(
                    0,
                    format!("entry '{}' needs entry, kind and claim lines", e.name),
                ));
            }
            if e.claim.is_some_and(Claim::needs_proof) && (e.cnf.is_empty() || e.proof.is_empty()) {
                return Err(format_error(
                    0,
                    format!(
                        "entry '{}' makes a claim that needs cnf and proof lines",
                        e.name
                    ),
                ));
            }
        }
        if entries.is_empty() {
            return Err(format_error(0, "no entry"));
        }
        Ok(Manifest { entries })
    }
}

impl Claim {
    /// True for the claims that rest on a refutation (unique, unsat, optimal with at
    /// least one push: no plan has fewer).
    pub fn needs_proof(self) -> bool {
        !matches!(
            self,
            Claim::Multiple | Claim::Sat | Claim::Optimal { pushes: 0 }
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
        }
    }
}

fn parse_claim(s: &str) -> Option<Claim> {
    let mut words = s.split_whitespace();
    match (words.next()?, words.next()) {
        ("unique", None) => Some(Claim::Unique),
        ("unsat", None) => Some(Claim::Unsat),
        ("multiple", None) => Some(Claim::Multiple),
        ("sat", None) => Some(Claim::Sat),
        ("optimal", Some(p)) => Some(Claim::Optimal {
            pushes: p.parse().ok()?,
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
        assert!(e.to_string().contains("needs cnf and proof"), "{e}");
        assert!(Manifest::parse("entry p\nkind sudoku\nclaim maybe\n").is_err());
        assert!(Manifest::parse("# nothing\n").is_err());
    }
}
