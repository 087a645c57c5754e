//! The one trait every variant rule implements: what it adds to the houses, the clauses
//! it adds to a formula, its own independent check of a filled grid, and how a player
//! says what it did.

use crate::model::family::ClauseFamily;
use crate::model::fault::Fault;
use crate::model::grid::Grid;
use crate::model::house::House;
use crate::model::shape::Shape;
use gridsat_sat::{FamilyId, Lit};
use std::fmt;

use super::cage::Cage;
use super::{Cell, RulesError};

/// Where a rule writes its clauses: the encoder of the formula being built. The rule
/// says which cells and values; the encoder owns the variables, the at-most-one
/// encoding and the cage-sum encoding.
pub trait ClauseSink {
    /// The side N of the grid.
    fn n(&self) -> usize;
    /// The literal "cell (r, c) holds v".
    fn lit(&self, r: usize, c: usize, v: u16) -> Lit;
    /// The family of this kind (created on first use).
    fn family(&mut self, kind: ClauseFamily) -> FamilyId;
    /// Adds one clause.
    fn add(&mut self, family: FamilyId, clause: &[Lit]);
    /// Adds "at most one of `lits`" in the chosen at-most-one encoding.
    fn at_most_one(&mut self, family: FamilyId, lits: &[Lit]);
    /// Adds "the values of the cage's cells sum to its sum" in the chosen cage encoding
    /// (its cells being distinct is the rule's own business).
    fn cage_sum(&mut self, family: FamilyId, cage: &Cage);
}

/// A variant rule: everything gridsat needs to know about it, in one place.
///
/// The geometry methods (`houses`, `house_cells`, `houses_of`, `pairs`, `forbids`) serve
/// the encoder, the conflict finder and the hints; [`VariantRule::check`] serves the
/// independent checker and must not use them: it recomputes what the rule means from
/// the grid values alone, so that an encoding bug cannot hide behind the same code.
pub trait VariantRule: fmt::Debug + Sync {
    /// The rule's name in files and messages, e.g. `diagonals`, `jigsaw`, `killer`.
    fn name(&self) -> &'static str;

    /// Checks that the rule's data fit `shape` (regions, cages).
    fn validate(&self, _shape: Shape) -> Result<(), RulesError> {
        Ok(())
    }

    /// The houses the rule adds, in order (for a rule that replaces the boxes, its
    /// regions).
    fn houses(&self, _shape: Shape) -> Vec<House> {
        Vec::new()
    }

    /// True when the rule's houses take the place of the boxes (jigsaw).
    fn replaces_boxes(&self) -> bool {
        false
    }

    /// The cells of `house`, when the rule owns its geometry (jigsaw regions); the
    /// shape knows the others.
    fn house_cells(&self, _shape: Shape, _house: House) -> Option<Vec<Cell>> {
        None
    }

    /// The rule's houses that contain cell (r, c).
    fn houses_of(&self, _shape: Shape, _r: usize, _c: usize) -> Vec<House> {
        Vec::new()
    }

    /// The pairs of cells the rule constrains (each once, the earlier cell first).
    fn pairs(&self, _shape: Shape) -> Vec<(Cell, Cell)> {
        Vec::new()
    }

    /// For a pair rule: true when two cells of a pair may not hold `a` and `b`.
    fn forbids(&self, _a: u16, _b: u16) -> bool {
        false
    }

    /// The families of the clauses [`VariantRule::clauses`] writes.
    fn families(&self) -> &'static [ClauseFamily] {
        &[]
    }

    /// Writes the rule's clauses beyond its houses (the encoder writes the houses).
    fn clauses(&self, _shape: Shape, _out: &mut dyn ClauseSink) {}

    /// The independent check: does the filled grid `solution` keep this rule? Written
    /// from the rule's definition, sharing no code with the geometry or the clauses.
    fn check(&self, solution: &Grid) -> Result<(), Fault>;

    /// How a player says that this rule ruled a value out of a cell, e.g. `a knight's
    /// move away`.
    fn excludes(&self) -> &'static str {
        "excluded by another rule"
    }

    /// The rule's name in "they break the … rule", e.g. `anti-knight`, `killer cage`.
    fn broken(&self) -> &'static str {
        self.name()
    }

    /// What a falsified clause of family `family` says, given the cells and values of
    /// its cell literals, e.g. `r1c2 and r3c3 would break the anti-knight rule`.
    fn contradiction(&self, family: ClauseFamily, cells: &[(usize, usize, u16)]) -> String {
        match cells {
            [(r1, c1, _), (r2, c2, _), ..] => format!(
                "r{}c{} and r{}c{} would break the {family} rule",
                r1 + 1,
                c1 + 1,
                r2 + 1,
                c2 + 1
            ),
            _ => format!("the {family} rule would fail"),
        }
    }

    /// The cell that names the part of the rule holding (r, c) in hints (a killer
    /// cage's first cell), if any.
    fn anchor(&self, _r: usize, _c: usize) -> Option<Cell> {
        None
    }
}
