//! A rating in HoDoKu's manner: the techniques tried in HoDoKu's order (locked pairs and
//! triples first, all subsets before any fish, no "direct" steps, singles one at a time), each step scored with
//! HoDoKu's default points, the level the hardest technique's level, raised while the
//! score passes the level's ceiling (800 easy, 1000 medium, 1600 hard, 1800 unfair).
//! The figures are HoDoKu 2.2's defaults (Options.solverSteps); techniques HoDoKu has
//! and the engine has not (ALS-XY-Wing and ALS chains, Sue de Coq, colouring) are missed, so
//! the engine may reach for a harder one where HoDoKu would not.

use super::board::Board;
use super::engine::{Finder, PathEnd, TechniquePath, path_in};
use super::links::Links;
use super::step::{Technique, TechniqueStep};
use super::{
    als, bug, chains, finned, fish, forcing, grouped, intersections, rectangle, single_digit,
    singles, subsets, wings, wxyz,
};
use crate::model::grid::Grid;
use crate::model::rules::Rules;
use gridsat_sat::Budget;

gridsat_sat::named_enum! {
    /// HoDoKu's difficulty levels, easiest first.
    pub enum HodokuLevel ("HoDoKu level") {
        /// Singles only (and a score up to 800).
        Easy = "easy",
        /// Locked candidates, pairs and triples (score up to 1000).
        Medium = "medium",
        /// Fish, quads, single-digit patterns, wings, uniqueness (score up to 1600).
        Hard = "hard",
        /// Finned Swordfish and Jellyfish, chains and loops, ALS (score up to 1800).
        Unfair = "unfair",
        /// Forcing chains and nets, or search.
        Extreme = "extreme",
    }
}

impl HodokuLevel {
    /// The level's title as HoDoKu prints it: `Easy`, `Unfair`.
    pub fn title(self) -> &'static str {
        match self {
            HodokuLevel::Easy => "Easy",
            HodokuLevel::Medium => "Medium",
            HodokuLevel::Hard => "Hard",
            HodokuLevel::Unfair => "Unfair",
            HodokuLevel::Extreme => "Extreme",
        }
    }

    /// The highest score a puzzle of this level may have; a higher score raises it.
    fn ceiling(self) -> u32 {
        match self {
            HodokuLevel::Easy => 800,
            HodokuLevel::Medium => 1000,
            HodokuLevel::Hard => 1600,
            HodokuLevel::Unfair => 1800,
            HodokuLevel::Extreme => u32::MAX,
        }
    }

    fn next(self) -> HodokuLevel {
        let all = HodokuLevel::ALL;
        let i = all.iter().position(|&l| l == self).expect("a level");
        all[(i + 1).min(all.len() - 1)]
    }
}

/// A technique's level and points in HoDoKu's default configuration. The engine's
/// direct steps (SE's) are scored as the step they extend; SE's "Forcing Chain" (an
/// alternating inference chain) as HoDoKu's AIC.
pub fn hodoku_points(t: Technique) -> (HodokuLevel, u32) {
    use HodokuLevel::*;
    use Technique::*;
    match t {
        FullHouse | NakedSingle => (Easy, 4),
        HiddenSingle => (Easy, 14),
        LockedPair => (Medium, 40),
        LockedTriple => (Medium, 60),
        Pointing | Claiming | DirectPointing | DirectClaiming => (Medium, 50),
        NakedPair => (Medium, 60),
        HiddenPair | DirectHiddenPair => (Medium, 70),
        NakedTriple => (Medium, 80),
        HiddenTriple | DirectHiddenTriple => (Medium, 100),
        NakedQuad => (Hard, 120),
        HiddenQuad => (Hard, 150),
        XWing => (Hard, 140),
        Swordfish => (Hard, 150),
        Jellyfish => (Hard, 160),
        BugPlusOne => (Hard, 100),
        Skyscraper => (Hard, 130),
        TwoStringKite => (Hard, 150),
        TurbotFish => (Hard, 120),
        EmptyRectangle => (Hard, 120),
        WWing => (Hard, 150),
        XyWing => (Hard, 160),
        XyzWing => (Hard, 180),
        // HoDoKu finds them as ALS-XZ (a bivalue cell and a three- or four-cell set).
        WxyzWing | VwxyzWing | AlsXz => (Unfair, 300),
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 => (Hard, 100),
        FinnedXWing => (Hard, 130),
        SashimiXWing => (Hard, 150),
        FinnedSwordfish => (Unfair, 200),
        SashimiSwordfish => (Unfair, 240),
        FinnedJellyfish => (Unfair, 250),
        SashimiJellyfish => (Unfair, 260),
        XChain | XyChain => (Unfair, 260),
        ForcingChain => (Unfair, 280),
        // HoDoKu's Grouped Nice Loop / Grouped AIC.
        GroupedXChain => (Unfair, 300),
        CellForcingChain | RegionForcingChain => (Extreme, 500),
        DynamicForcingChain => (Extreme, 700),
    }
}

/// The finders in HoDoKu's order (its step index).
pub(super) const HODOKU_FINDERS: &[Finder] = &[
    singles::full_house,
    singles::naked_single,
    |b| singles::hidden_single(b, true),
    |b| singles::hidden_single(b, false),
    |b| subsets::locked(b, 2),
    |b| subsets::locked(b, 3),
    |b| intersections::first(b, Technique::Pointing),
    |b| intersections::first(b, Technique::Claiming),
    |b| subsets::naked(b, 2),
    |b| subsets::naked(b, 3),
    |b| subsets::hidden(b, 2),
    |b| subsets::hidden(b, 3),
    |b| subsets::naked(b, 4),
    |b| subsets::hidden(b, 4),
    |b| fish::fish(b, 2),
    |b| fish::fish(b, 3),
    |b| fish::fish(b, 4),
    bug::bug_plus_one,
    single_digit::turbot,
    grouped::empty_rectangle,
    wings::w_wing,
    |b| wings::xy_wing(b, false),
    |b| wings::xy_wing(b, true),
    rectangle::unique_rectangle,
    |b| finned::finned(b, 2),
    |b| finned::finned(b, 3),
    |b| finned::finned(b, 4),
    |b| chains::chain(b, Links::X, 20.0),
    |b| chains::chain(b, Links::Y, 20.0),
    |b| chains::chain(b, Links::Both, 20.0),
    |b| grouped::grouped_x_chain(b, 2, 8),
    wxyz::wxyz_wing,
    wxyz::vwxyz_wing,
    als::als_xz,
    forcing::static_forcing,
    forcing::dynamic_forcing,
];

/// Every step from `grid` (a puzzle with one solution: the uniqueness techniques take
/// part) with the techniques in HoDoKu's order, for [`TechniquePath::hodoku_rating`].
pub fn hodoku_technique_path(grid: &Grid, rules: &Rules, budget: &Budget) -> TechniquePath {
    path_in(grid, rules, true, HODOKU_FINDERS, budget)
}

/// The first step HoDoKu's order finds on `b`.
pub fn next_hodoku_step(b: &Board) -> Option<TechniqueStep> {
    HODOKU_FINDERS.iter().find_map(|f| f(b))
}

/// A rating in HoDoKu's manner.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct HodokuRating {
    /// The level: the hardest technique's, raised while the score passes its ceiling.
    pub level: HodokuLevel,
    /// The steps' points summed.
    pub score: u32,
    /// The technique of the highest level (the first of the most points among them).
    pub hardest: Option<Technique>,
    /// False when the techniques ran out (search is needed; HoDoKu would go on with
    /// forcing nets or brute force): the level is then Extreme and the score a lower
    /// bound.
    pub complete: bool,
}

impl TechniquePath {
    /// The HoDoKu-style rating of the path (meant for a path in HoDoKu's order).
    pub fn hodoku_rating(&self) -> HodokuRating {
        let mut level = HodokuLevel::Easy;
        let mut best: Option<(HodokuLevel, u32, Technique)> = None;
        let mut score = 0u32;
        for s in &self.steps {
            let (l, p) = hodoku_points(s.technique);
            score = score.saturating_add(p);
            level = level.max(l);
            if best.is_none_or(|(bl, bp, _)| (l, p) > (bl, bp)) {
                best = Some((l, p, s.technique));
            }
        }
        let complete = self.end == PathEnd::Solved;
        if !complete {
            level = HodokuLevel::Extreme;
        }
        while score > level.ceiling() {
            level = level.next();
        }
        HodokuRating {
            level,
            score,
            hardest: best.map(|b| b.2),
            complete,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(ts: &[Technique], end: PathEnd) -> TechniquePath {
        TechniquePath {
            steps: ts.iter().map(|&t| TechniqueStep::new(t, 1.0)).collect(),
            end,
            n: 9,
        }
    }

    #[test]
    fn the_level_is_the_hardest_techniques_raised_by_the_score() {
        use Technique::*;
        let r = path(&[HiddenSingle, XWing, NakedSingle], PathEnd::Solved).hodoku_rating();
        assert_eq!(
            (r.level, r.score, r.hardest),
            (HodokuLevel::Hard, 158, Some(XWing))
        );
        // 58 hidden singles: 812 points, over easy's 800.
        let r = path(&[HiddenSingle; 58], PathEnd::Solved).hodoku_rating();
        assert_eq!((r.level, r.score), (HodokuLevel::Medium, 812));
        let r = path(&[HiddenSingle; 57], PathEnd::Solved).hodoku_rating();
        assert_eq!(r.level, HodokuLevel::Easy);
        // 10 pointing steps and 40 singles: 500 + 560 over medium's 1000.
        let mut ts = vec![Pointing; 10];
        ts.extend([HiddenSingle; 40]);
        let r = path(&ts, PathEnd::Solved).hodoku_rating();
        assert_eq!((r.level, r.score), (HodokuLevel::Hard, 1060));
    }

    #[test]
    fn a_path_that_runs_out_is_extreme_and_incomplete() {
        let r = path(&[Technique::HiddenSingle], PathEnd::NeedsSearch).hodoku_rating();
        assert_eq!(r.level, HodokuLevel::Extreme);
        assert!(!r.complete);
    }

    #[test]
    fn levels_read_their_names() {
        for &l in HodokuLevel::ALL {
            assert_eq!(l.name().parse::<HodokuLevel>().ok(), Some(l));
            assert_eq!(l.title().to_lowercase(), l.name());
        }
    }
}
