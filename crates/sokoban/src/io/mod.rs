//! The third stage: level files in (XSB collections, the course format) and pictures
//! out (XSB text of a level or of every frame of a plan, SVG pictures and animations).

mod course;
mod error;
mod render;
mod svg;
mod xsb;

pub use error::ParseError;
pub use render::{board_text, plan_frames};
pub use svg::{animated_svg, level_svg, position_svg, push_frames_svg};

use crate::model::Level;

gridsat_sat::named_enum! {
    /// The level file formats.
    #[non_exhaustive]
    pub enum Format ("level format") default Auto {
        /// Course format when the first line is a number, XSB otherwise
        Auto = "auto",
        /// XSB collection
        Xsb = "xsb",
        /// Course format: `T`, then rows of space-separated `# . P B G`
        Course = "course",
    }
}

/// Parses a level file in the given format; `file` names it in error messages.
pub fn parse_levels(text: &str, file: &str, format: Format) -> Result<Vec<Level>, ParseError> {
    let course = match format {
        Format::Auto => course::looks_like_course(text),
        Format::Xsb => false,
        Format::Course => true,
    };
    if course {
        course::parse_course(text, file).map(|l| vec![l])
    } else {
        xsb::parse_xsb(text, file)
    }
}

/// Picks levels by title (exact match first), else by 1-based position, or all of them
/// for `all`; returns `None` when nothing matches.
pub fn select_levels<'a>(levels: &'a [Level], which: &str) -> Option<Vec<&'a Level>> {
    if which == "all" {
        return Some(levels.iter().collect());
    }
    if let Some(l) = levels.iter().find(|l| l.title == which) {
        return Some(vec![l]);
    }
    let n: usize = which.parse().ok()?;
    levels.iter().find(|l| l.number == n).map(|l| vec![l])
}
