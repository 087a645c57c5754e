//! Writers: grids in a layout, puzzles in the formats `generate` writes, and the variant
//! forms (text sections, JSON) that the readers accept back.

mod svg;
mod variant_json;
mod variant_text;

pub use svg::{
    SheetPuzzle, SvgError, SvgOptions, per_page, puzzle_svg, sheet_document, sheet_pages,
};
pub use variant_json::variant_json;
pub use variant_text::write_variant_text;

use crate::model::grid::Grid;
use crate::model::rules::Rules;
use crate::model::symbols::Alphabet;

gridsat_sat::named_enum! {
    /// How a grid is laid out in text.
    pub enum Layout ("layout") default Line {
        /// One line of N² symbols per grid
        Line = "line",
        /// N rows with box separators (integers for grids larger than 35×35)
        Grid = "grid",
    }
}

impl Layout {
    /// The grid in this layout (without a trailing newline).
    pub fn write(self, g: &Grid, alphabet: Option<&Alphabet>) -> String {
        match self {
            Layout::Line => g.to_line(alphabet),
            Layout::Grid => g.to_block(alphabet).trim_end().to_string(),
        }
    }
}

gridsat_sat::named_enum! {
    /// How generated puzzles are written.
    pub enum PuzzleFormat ("puzzle format") default Line {
        /// One puzzle per line (`.` for blanks), then a comment
        Line = "line",
        /// Block layout with box separators; puzzles separated by blank lines
        Grid = "grid",
        /// Whitespace-separated integers, 0 for blanks; puzzles separated by blank lines
        Ints = "ints",
        /// The variant text format (rules, regions, cages, givens): the default for variants
        Variant = "variant",
    }
}

/// One puzzle to write: its number, a note (e.g. `26 givens, easy`), the givens, their
/// rules and alphabet, and the solution when it is to be written too.
#[derive(Clone, Copy, Debug)]
pub struct Written<'a> {
    /// The puzzle's number (1-based).
    pub index: u64,
    /// Said after the puzzle (line format) or in its comment line.
    pub note: &'a str,
    /// The givens.
    pub puzzle: &'a Grid,
    /// The rules (written by the variant format only).
    pub rules: &'a Rules,
    /// The alphabet (the integer layout ignores it).
    pub alphabet: Option<&'a Alphabet>,
    /// The solution, to write after the puzzle.
    pub solution: Option<&'a Grid>,
}

impl PuzzleFormat {
    /// The text of one puzzle in this format, ending with a newline (the block
    /// layouts end with a blank line, which separates puzzles).
    pub fn write(self, w: &Written) -> String {
        let k = w.index;
        match self {
            PuzzleFormat::Line => {
                let mut s = format!("{}  {}\n", w.puzzle.to_line(w.alphabet), w.note);
                if let Some(sol) = w.solution {
                    s.push_str(&format!(
                        "{}  solution of puzzle {k}\n",
                        sol.to_line(w.alphabet)
                    ));
                }
                s
            }
            PuzzleFormat::Grid | PuzzleFormat::Ints => {
                let a = if self == PuzzleFormat::Grid {
                    w.alphabet
                } else {
                    None
                };
                let mut s = format!("# puzzle {k}: {}\n{}\n", w.note, w.puzzle.to_block(a));
                if let Some(sol) = w.solution {
                    s.push_str(&format!("# solution of puzzle {k}\n{}\n", sol.to_block(a)));
                }
                s
            }
            PuzzleFormat::Variant => format!(
                "# puzzle {k}: {}\n{}\n",
                w.note,
                write_variant_text(w.puzzle, w.rules, w.alphabet, w.solution, None)
            ),
        }
    }
}
