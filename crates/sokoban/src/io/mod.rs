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

/// Picks levels by title (exact match first), else by 1-based numbers — one, or a
/// comma-separated list of numbers and ranges such as `1-10,36` (in the order given,
/// each level once) —, or all of them for `all`; returns `None` when nothing matches
/// or a number names no level.
pub fn select_levels<'a>(levels: &'a [Level], which: &str) -> Option<Vec<&'a Level>> {
    if which == "all" {
        return Some(levels.iter().collect());
    }
    if let Some(l) = levels.iter().find(|l| l.title == which) {
        return Some(vec![l]);
    }
    let mut chosen: Vec<&Level> = Vec::new();
    for part in which.split(',') {
        let (a, b) = match part.trim().split_once('-') {
            Some((a, b)) => (a.trim().parse().ok()?, b.trim().parse().ok()?),
            None => {
                let n: usize = part.trim().parse().ok()?;
                (n, n)
            }
        };
        if a > b || b > levels.len() {
            return None;
        }
        for n in a..=b {
            let l = levels.iter().find(|l| l.number == n)?;
            if !chosen.iter().any(|c| std::ptr::eq(*c, l)) {
                chosen.push(l);
            }
        }
    }
    Some(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(levels: &[Level], which: &str) -> Option<Vec<usize>> {
        select_levels(levels, which).map(|v| v.iter().map(|l| l.number).collect())
    }

    #[test]
    fn levels_are_chosen_by_number_list_range_title_or_all() {
        let one = "#####\n#@$.#\n#####\n";
        let text: String = (1..=5).map(|i| format!("; L{i}\n{one}\n")).collect();
        let levels = parse_levels(&text, "t", Format::Xsb).unwrap();
        assert_eq!(levels.len(), 5);
        assert_eq!(numbers(&levels, "3"), Some(vec![3]));
        assert_eq!(numbers(&levels, "all"), Some(vec![1, 2, 3, 4, 5]));
        assert_eq!(numbers(&levels, "2-4"), Some(vec![2, 3, 4]));
        assert_eq!(numbers(&levels, "5, 1-2,2"), Some(vec![5, 1, 2]));
        assert_eq!(numbers(&levels, &levels[3].title), Some(vec![4]));
        for bad in ["0", "6", "4-2", "1-6", "1,x", "", "1-"] {
            assert_eq!(numbers(&levels, bad), None, "{bad:?}");
        }
    }
}
