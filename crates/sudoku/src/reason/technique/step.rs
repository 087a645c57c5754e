//! The named techniques, their Sudoku Explainer difficulty, and the step a technique
//! makes: what it places and removes, the cells and candidates it used, and the same
//! facts at the level of the formula ("r3c5≠7": the variable of r3c5=7 set false).

use crate::model::house::House;

gridsat_sat::named_enum! {
    /// The techniques of the engine, simplest first (Sudoku Explainer's order).
    pub enum Technique ("technique") {
        /// The last open cell of a house.
        FullHouse = "full-house",
        /// The only place for a value in a house.
        HiddenSingle = "hidden-single",
        /// Pointing whose eliminations leave a hidden single at once.
        DirectPointing = "direct-pointing",
        /// Claiming whose eliminations leave a hidden single at once.
        DirectClaiming = "direct-claiming",
        /// A hidden pair whose eliminations leave a hidden single at once.
        DirectHiddenPair = "direct-hidden-pair",
        /// The only value left in a cell.
        NakedSingle = "naked-single",
        /// A hidden triple whose eliminations leave a hidden single at once.
        DirectHiddenTriple = "direct-hidden-triple",
        /// A value of a box confined to one row or column: out of the rest of that line.
        Pointing = "pointing",
        /// A value of a line confined to one box: out of the rest of that box.
        Claiming = "claiming",
        /// A naked pair whose cells share a line and a box (HoDoKu's name): it clears both.
        LockedPair = "locked-pair",
        /// A naked triple whose cells share a line and a box (HoDoKu's name).
        LockedTriple = "locked-triple",
        /// Two cells of a house holding only the same two values.
        NakedPair = "naked-pair",
        /// A value in two rows confined to the same two columns (or the other way).
        XWing = "x-wing",
        /// Two values of a house confined to the same two cells.
        HiddenPair = "hidden-pair",
        /// Three cells of a house holding only the same three values.
        NakedTriple = "naked-triple",
        /// A value in three lines confined to three cross lines.
        Swordfish = "swordfish",
        /// Three values of a house confined to the same three cells.
        HiddenTriple = "hidden-triple",
        /// Two strong links on one value joined at the ends of one line (a turbot fish).
        Skyscraper = "skyscraper",
        /// A row's and a column's strong links on one value joined in a box (a turbot fish).
        TwoStringKite = "2-string-kite",
        /// Two strong links on one value joined by a weak link, in other houses.
        TurbotFish = "turbot-fish",
        /// A bivalue pivot and two bivalue pincers.
        XyWing = "xy-wing",
        /// A box whose places of a value lie in one row and one column, and a line's two
        /// places of it: a cell seeing the far end and the box's other part loses it.
        EmptyRectangle = "empty-rectangle",
        /// An X-Wing with extra places (fins) in one box: out of the cover cells that see the fins.
        FinnedXWing = "finned-x-wing",
        /// A finned X-Wing one of whose base lines holds a single place in the cover lines.
        SashimiXWing = "sashimi-x-wing",
        /// A trivalue pivot and two bivalue pincers.
        XyzWing = "xyz-wing",
        /// Three cells of a house holding four values and a bivalue cell seeing their x places.
        WxyzWing = "wxyz-wing",
        /// Three cells of a rectangle hold only {a,b}: the fourth cannot be a or b.
        UniqueRectangle1 = "unique-rectangle-1",
        /// The two roof cells hold {a,b} and the same one extra x: x is out of their common peers.
        UniqueRectangle2 = "unique-rectangle-2",
        /// The roof cells' extras make a naked subset with other cells of their house.
        UniqueRectangle3 = "unique-rectangle-3",
        /// One of a, b is confined to the roof in a house: the other is out of the roof.
        UniqueRectangle4 = "unique-rectangle-4",
        /// Four cells of a house holding only the same four values.
        NakedQuad = "naked-quad",
        /// A chain of strong and weak links on one value whose nodes may be groups (the
        /// places of the value in a box and a line).
        GroupedXChain = "grouped-x-chain",
        /// Four cells of a house holding five values and a bivalue cell seeing their x places.
        VwxyzWing = "vwxyz-wing",
        /// Two almost locked sets with a restricted common value x: another common value z
        /// is in one of them.
        AlsXz = "als-xz",
        /// A value in four lines confined to four cross lines.
        Jellyfish = "jellyfish",
        /// Four values of a house confined to the same four cells.
        HiddenQuad = "hidden-quad",
        /// Every open cell bivalue but one: its value that appears three times is placed.
        BugPlusOne = "bug-plus-1",
        /// A Swordfish with fins in one box.
        FinnedSwordfish = "finned-swordfish",
        /// A finned Swordfish with a base line of a single place in the cover lines.
        SashimiSwordfish = "sashimi-swordfish",
        /// Two equal bivalue cells joined by a strong link on one of their values.
        WWing = "w-wing",
        /// A chain of strong and weak links on one value.
        XChain = "x-chain",
        /// A chain of bivalue cells.
        XyChain = "xy-chain",
        /// A Jellyfish with fins in one box.
        FinnedJellyfish = "finned-jellyfish",
        /// A finned Jellyfish with a base line of a single place in the cover lines.
        SashimiJellyfish = "sashimi-jellyfish",
        /// An alternating chain of links on values and in cells.
        ForcingChain = "forcing-chain",
        /// Every value of a cell leads to the same conclusion.
        CellForcingChain = "cell-forcing-chain",
        /// Every place of a value in a house leads to the same conclusion.
        RegionForcingChain = "region-forcing-chain",
        /// A forcing chain that follows the singles as the grid fills.
        DynamicForcingChain = "dynamic-forcing-chain",
    }
}

impl Technique {
    /// The name players write: `Hidden Pair`, `2-String Kite`.
    pub fn title(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingle => "Hidden Single",
            Technique::DirectPointing => "Direct Pointing",
            Technique::DirectClaiming => "Direct Claiming",
            Technique::DirectHiddenPair => "Direct Hidden Pair",
            Technique::NakedSingle => "Naked Single",
            Technique::DirectHiddenTriple => "Direct Hidden Triple",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::NakedPair => "Naked Pair",
            Technique::LockedPair => "Locked Pair",
            Technique::LockedTriple => "Locked Triple",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "Hidden Pair",
            Technique::NakedTriple => "Naked Triple",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "Hidden Triple",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::TurbotFish => "Turbot Fish",
            Technique::XyWing => "XY-Wing",
            Technique::EmptyRectangle => "Empty Rectangle",
            Technique::GroupedXChain => "Grouped X-Chain",
            Technique::VwxyzWing => "VWXYZ-Wing",
            Technique::AlsXz => "ALS-XZ",
            Technique::FinnedXWing => "Finned X-Wing",
            Technique::SashimiXWing => "Sashimi X-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::WxyzWing => "WXYZ-Wing",
            Technique::UniqueRectangle1 => "Unique Rectangle Type 1",
            Technique::UniqueRectangle2 => "Unique Rectangle Type 2",
            Technique::UniqueRectangle3 => "Unique Rectangle Type 3",
            Technique::UniqueRectangle4 => "Unique Rectangle Type 4",
            Technique::NakedQuad => "Naked Quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::BugPlusOne => "BUG+1",
            Technique::FinnedSwordfish => "Finned Swordfish",
            Technique::SashimiSwordfish => "Sashimi Swordfish",
            Technique::WWing => "W-Wing",
            Technique::XChain => "X-Chain",
            Technique::XyChain => "XY-Chain",
            Technique::FinnedJellyfish => "Finned Jellyfish",
            Technique::SashimiJellyfish => "Sashimi Jellyfish",
            Technique::ForcingChain => "Forcing Chain",
            Technique::CellForcingChain => "Cell Forcing Chains",
            Technique::RegionForcingChain => "Region Forcing Chains",
            Technique::DynamicForcingChain => "Dynamic Forcing Chains",
        }
    }

    /// The family a technique belongs to, as hints are compared: `single`,
    /// `intersection`, `subset`, `fish`, `single-digit`, `wing`, `uniqueness`,
    /// `chain`, `forcing`.
    pub fn family(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse | HiddenSingle | NakedSingle => "single",
            DirectPointing | DirectClaiming | Pointing | Claiming => "intersection",
            DirectHiddenPair | DirectHiddenTriple | NakedPair | LockedPair | LockedTriple
            | HiddenPair | NakedTriple | HiddenTriple | NakedQuad | HiddenQuad => "subset",
            XWing | Swordfish | Jellyfish | FinnedXWing | SashimiXWing | FinnedSwordfish
            | SashimiSwordfish | FinnedJellyfish | SashimiJellyfish => "fish",
            Skyscraper | TwoStringKite | TurbotFish | EmptyRectangle => "single-digit",
            XyWing | XyzWing | WxyzWing | VwxyzWing | AlsXz | WWing => "wing",
            XChain | GroupedXChain | XyChain | ForcingChain => "chain",
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4
            | BugPlusOne => "uniqueness",
            CellForcingChain | RegionForcingChain | DynamicForcingChain => "forcing",
        }
    }
}

/// Sudoku Explainer's length penalty: a tenth for each step of the ladder 4, 6, 8, 12,
/// 16, 24, 32, … that the chain's node count less two exceeds.
pub fn length_penalty(nodes: usize) -> f64 {
    let length = nodes.saturating_sub(2);
    let mut ceil = 4;
    let mut odd = false;
    let mut added = 0.0;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// One step of a technique.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct TechniqueStep {
    /// The technique.
    pub technique: Technique,
    /// Its difficulty on Sudoku Explainer's scale (with the chain-length rule).
    pub difficulty: f64,
    /// Values placed: (cell, value), cells row-major.
    pub placements: Vec<(usize, u16)>,
    /// Candidates removed: (cell, value).
    pub eliminations: Vec<(usize, u16)>,
    /// The cells of the pattern (row-major), for highlights.
    pub cells: Vec<usize>,
    /// The values of the pattern.
    pub values: Vec<u16>,
    /// The houses of the pattern, when it is about houses.
    pub houses: Vec<House>,
    /// For chains: the nodes in order, each (cell, value, true when "is v").
    pub chain: Vec<(usize, u16, bool)>,
    /// For grouped chains: the cells of each node of `chain` (a node of several cells
    /// holds v in one of them, or in none; `chain` names its first cell); empty otherwise.
    pub chain_groups: Vec<Vec<usize>>,
}

impl TechniqueStep {
    /// A step with only its technique and difficulty; the finder fills the rest.
    pub(crate) fn new(technique: Technique, difficulty: f64) -> TechniqueStep {
        TechniqueStep {
            technique,
            difficulty: (difficulty * 10.0).round() / 10.0,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            values: Vec::new(),
            houses: Vec::new(),
            chain: Vec::new(),
            chain_groups: Vec::new(),
        }
    }

    /// The clause-level facts of the step on a side-`n` grid: `r3c5=7` for a placement
    /// (its variable set true), `r3c5≠7` for an elimination (its variable set false).
    pub fn facts(&self, n: usize) -> Vec<String> {
        let name = |c: usize| format!("r{}c{}", c / n + 1, c % n + 1);
        self.placements
            .iter()
            .map(|&(c, v)| format!("{}={v}", name(c)))
            .chain(
                self.eliminations
                    .iter()
                    .map(|&(c, v)| format!("{}≠{v}", name(c))),
            )
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_length_rule_follows_the_ladder() {
        assert_eq!(length_penalty(6), 0.0);
        assert!((length_penalty(7) - 0.1).abs() < 1e-9);
        assert!((length_penalty(9) - 0.2).abs() < 1e-9);
        assert!((length_penalty(11) - 0.3).abs() < 1e-9);
        assert!((length_penalty(15) - 0.4).abs() < 1e-9);
        assert!((length_penalty(18) - 0.4).abs() < 1e-9);
        assert!((length_penalty(19) - 0.5).abs() < 1e-9);
    }

    #[test]
    fn facts_say_which_variables_are_set() {
        let mut s = TechniqueStep::new(Technique::NakedPair, 3.0);
        s.eliminations.push((9 * 2 + 4, 7));
        s.placements.push((0, 1));
        assert_eq!(s.facts(9), vec!["r1c1=1", "r3c5≠7"]);
    }
}
