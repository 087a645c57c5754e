//! Plans: sequences of moves, each a step of the player that walks or pushes a box.
//!
//! Written as LURD (`u d l r` for walks, `U D L R` for pushes), the notation of the
//! Sokoban community, or for the course tester as `U D L R` separated by spaces.

use super::dir::Dir;
use std::fmt;
use std::str::FromStr;

/// One step of the player: a direction, and whether it pushes the box in front.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the player steps.
    pub dir: Dir,
    /// True when the step pushes a box one cell further.
    pub push: bool,
}

impl Move {
    /// A step that pushes nothing.
    pub fn walk(dir: Dir) -> Move {
        Move { dir, push: false }
    }

    /// A step that pushes the box in front.
    pub fn push(dir: Dir) -> Move {
        Move { dir, push: true }
    }

    /// The LURD letter: lowercase for a walk, uppercase for a push.
    pub fn letter(self) -> char {
        self.dir.letter(self.push)
    }
}

/// A plan: the player's moves from the start position, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Plan {
    moves: Vec<Move>,
}

/// A plan text with a character that is not a LURD letter.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[error("move {position}: {found:?} is not a LURD letter (u d l r, uppercase for pushes)")]
pub struct PlanParseError {
    /// The 1-based number of the move (whitespace is not counted).
    pub position: usize,
    /// The character found.
    pub found: char,
}

impl Plan {
    /// The empty plan.
    pub fn new() -> Plan {
        Plan::default()
    }

    /// The moves, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when the plan has no move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Number of moves that push.
    pub fn pushes(&self) -> usize {
        self.moves.iter().filter(|m| m.push).count()
    }

    /// Appends a move.
    pub fn push(&mut self, m: Move) {
        self.moves.push(m);
    }

    /// Appends the moves of `other`.
    pub fn append(&mut self, other: &Plan) {
        self.moves.extend_from_slice(&other.moves);
    }

    /// The plan as the course tester expects it: the moves as `U D L R` separated by
    /// spaces (pushes and walks alike).
    pub fn to_course(&self) -> String {
        self.moves
            .iter()
            .map(|m| m.dir.letter(true).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl FromIterator<Move> for Plan {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Plan {
        Plan {
            moves: iter.into_iter().collect(),
        }
    }
}

impl<'a> IntoIterator for &'a Plan {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}

impl fmt::Display for Plan {
    /// LURD: lowercase walks, uppercase pushes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s: String = self.moves.iter().map(|m| m.letter()).collect();
        f.write_str(&s)
    }
}

impl FromStr for Plan {
    type Err = PlanParseError;

    /// Reads LURD letters (uppercase marks a push), whitespace ignored, so that the
    /// course output `R D R …` reads too (as pushes: replay decides what a move does
    /// when asked to).
    fn from_str(s: &str) -> Result<Plan, PlanParseError> {
        let mut moves = Vec::new();
        for c in s.chars().filter(|c| !c.is_whitespace()) {
            let Some((dir, push)) = Dir::from_letter(c) else {
                return Err(PlanParseError {
                    position: moves.len() + 1,
                    found: c,
                });
            };
            moves.push(Move { dir, push });
        }
        Ok(Plan { moves })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lurd_round_trips_and_course_output_is_spaced_uppercase() {
        let p: Plan = "dlU rr\nR".parse().unwrap();
        assert_eq!(p.len(), 6);
        assert_eq!(p.pushes(), 2);
        assert_eq!(p.to_string(), "dlUrrR");
        assert_eq!(p.to_course(), "D L U R R R");
        assert_eq!(p.to_course().parse::<Plan>().unwrap().len(), 6);
        assert_eq!(Plan::new().to_course(), "");
        let e = "rRx".parse::<Plan>().unwrap_err();
        assert_eq!((e.position, e.found), (3, 'x'));
        assert_eq!(
            e.to_string(),
            "move 3: 'x' is not a LURD letter (u d l r, uppercase for pushes)"
        );
    }
}
