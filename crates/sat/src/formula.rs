//! The CNF formula builder: variables in named blocks, clauses in named families.

use crate::block::{Block, BlockInfo, MAX_DIMS, Namer};
use crate::lit::{Lit, Var};
use crate::store::ClauseStore;
use std::any::TypeId;
use std::sync::Arc;

/// Identifies a clause family of a [`Formula`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FamilyId(pub(crate) u16);

impl FamilyId {
    /// The family's position in [`Formula::families`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A typed kind of clause family, declared by the puzzle family that builds the
/// formula (e.g. Sudoku's "row at most one"). Code that reads a formula back (hints,
/// explanations, certificates) matches the kind instead of the family's human name.
///
/// Any [`crate::named_enum!`] enum is one after [`crate::family_kind!`].
pub trait FamilyKind: Copy + 'static {
    /// A number unique within the type.
    fn code(self) -> u16;
    /// The kind with this code.
    fn from_code(code: u16) -> Option<Self>;
}

/// Implements [`FamilyKind`] for a [`crate::named_enum!`] enum (codes are positions
/// in `ALL`).
#[macro_export]
macro_rules! family_kind {
    ($t:ty) => {
        impl $crate::FamilyKind for $t {
            fn code(self) -> u16 {
                <$t>::ALL
                    .iter()
                    .position(|k| *k == self)
                    .expect("every variant is in ALL") as u16
            }
            fn from_code(code: u16) -> Option<$t> {
                <$t>::ALL.get(code as usize).copied()
            }
        }
    };
}

/// The kind of a family, erased: the kind's type and its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct KindTag {
    ty: TypeId,
    code: u16,
}

/// A named family of clauses with its running counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Family {
    /// Human-readable name, e.g. `"row at most one"`.
    pub name: String,
    /// Number of clauses added to the family.
    pub clauses: usize,
    /// Total number of literals in those clauses.
    pub literals: usize,
    kind: Option<KindTag>,
}

impl Family {
    /// The family's kind, when it was created with one of type `K`.
    pub fn kind<K: FamilyKind>(&self) -> Option<K> {
        self.kind
            .filter(|t| t.ty == TypeId::of::<K>())
            .and_then(|t| K::from_code(t.code))
    }
}

/// A CNF formula under construction.
///
/// Variables are allocated in [`Block`]s, each with a name and optionally a function that
/// says what each variable means; every clause belongs to a named [`Family`].
#[derive(Debug, Default)]
pub struct Formula {
    num_vars: u32,
    blocks: Vec<BlockInfo>,
    families: Vec<Family>,
    clauses: ClauseStore<FamilyId>,
}

impl Formula {
    /// An empty formula.
    pub fn new() -> Formula {
        Formula::default()
    }

    /// Number of variables allocated so far (the largest DIMACS variable number).
    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }

    /// Number of clauses added so far.
    pub fn num_clauses(&self) -> usize {
        self.clauses.len()
    }

    /// Total number of literal occurrences.
    pub fn num_literals(&self) -> usize {
        self.clauses.literals()
    }

    /// Allocates a block of variables named `name` with the given dimensions.
    ///
    /// Variables are described as `name[i][j]…` unless a namer is set with
    /// [`Formula::new_named_block`].
    pub fn new_block(&mut self, name: &str, dims: &[u32]) -> Block {
        self.alloc(name, dims, None)
    }

    /// Allocates a block whose variables are described by `namer` (given the index).
    pub fn new_named_block<F>(&mut self, name: &str, dims: &[u32], namer: F) -> Block
    where
        F: Fn(&[u32]) -> String + Send + Sync + 'static,
    {
        self.alloc(name, dims, Some(Arc::new(namer)))
    }

    /// Allocates one fresh variable described as `name`.
    pub fn new_var(&mut self, name: &str) -> Var {
        self.alloc(name, &[], None).first()
    }

    fn alloc(&mut self, name: &str, dims: &[u32], namer: Option<Namer>) -> Block {
        assert!(
            dims.len() <= MAX_DIMS,
            "at most {MAX_DIMS} dimensions per block"
        );
        let len: u64 = dims.iter().map(|&d| d as u64).product();
        let base = self.num_vars as u64 + 1;
        assert!(
            base + len <= i32::MAX as u64,
            "block {name} would exceed the DIMACS variable range"
        );
        let mut d = [1u32; MAX_DIMS];
        d[..dims.len()].copy_from_slice(dims);
        let block = Block {
            id: self.blocks.len() as u32,
            base: base as u32,
            rank: dims.len() as u8,
            dims: d,
        };
        self.num_vars += len as u32;
        self.blocks.push(BlockInfo {
            block,
            name: name.to_string(),
            namer,
        });
        block
    }

    /// The blocks allocated so far, in variable order, with their names.
    pub fn blocks(&self) -> impl Iterator<Item = (&str, Block)> {
        self.blocks.iter().map(|b| (b.name.as_str(), b.block))
    }

    /// The block that holds `v`, if any.
    pub fn block_of(&self, v: Var) -> Option<Block> {
        self.block_info(v).map(|b| b.block)
    }

    fn block_info(&self, v: Var) -> Option<&BlockInfo> {
        // Blocks are allocated in increasing order of base; empty blocks are skipped.
        let i = self
            .blocks
            .partition_point(|b| b.block.base <= v.get())
            .checked_sub(1)?;
        // Several empty blocks may share a base; walk back to the one containing v.
        self.blocks[..=i].iter().rev().find(|b| b.block.contains(v))
    }

    /// What variable `v` means, e.g. `"r3c7=5"`; `"v<n>"` for a variable outside any block.
    pub fn describe(&self, v: Var) -> String {
        match self.block_info(v) {
            Some(b) => b.describe(v),
            None => format!("v{}", v.get()),
        }
    }

    /// Describes a literal: `"r3c7=5"` or `"¬r3c7=5"`.
    pub fn describe_lit(&self, l: Lit) -> String {
        let d = self.describe(l.var());
        if l.is_pos() { d } else { format!("¬{d}") }
    }

    /// The family named `name`, created (empty) when it does not exist yet.
    pub fn family(&mut self, name: &str) -> FamilyId {
        if let Some(i) = self.families.iter().position(|f| f.name == name) {
            return FamilyId(i as u16);
        }
        assert!(
            self.families.len() < u16::MAX as usize,
            "too many clause families"
        );
        self.families.push(Family {
            name: name.to_string(),
            clauses: 0,
            literals: 0,
            kind: None,
        });
        FamilyId((self.families.len() - 1) as u16)
    }

    /// The family named `name`, of kind `kind`, created (empty) when it does not exist
    /// yet. A family first created without a kind gets this one.
    pub fn kind_family<K: FamilyKind>(&mut self, kind: K, name: &str) -> FamilyId {
        let id = self.family(name);
        self.families[id.0 as usize].kind = Some(KindTag {
            ty: TypeId::of::<K>(),
            code: kind.code(),
        });
        id
    }

    /// The family with this id.
    pub fn family_info(&self, id: FamilyId) -> &Family {
        &self.families[id.0 as usize]
    }

    /// All families in creation order.
    pub fn families(&self) -> &[Family] {
        &self.families
    }

    /// Makes room for `clauses` more clauses of `literals` literals in all (a hint for
    /// encoders that know their size, so the clause store does not grow step by step).
    pub fn reserve(&mut self, clauses: usize, literals: usize) {
        self.clauses.reserve(clauses, literals);
    }

    /// Adds a clause to `family`. The empty clause is allowed (it makes the formula
    /// unsatisfiable). Literals must name allocated variables.
    #[inline]
    pub fn add_clause(&mut self, family: FamilyId, clause: &[Lit]) {
        debug_assert!(
            clause.iter().all(|l| l.var().get() <= self.num_vars),
            "clause mentions an unallocated variable"
        );
        self.clauses.push(family, clause);
        let f = &mut self.families[family.0 as usize];
        f.clauses += 1;
        f.literals += clause.len();
    }

    /// The `i`-th clause.
    pub fn clause(&self, i: usize) -> &[Lit] {
        self.clauses.clause(i)
    }

    /// The family of the `i`-th clause.
    pub fn clause_family(&self, i: usize) -> FamilyId {
        self.clauses.family(i)
    }

    /// All clauses in order, each with its family.
    pub fn clauses(&self) -> impl Iterator<Item = (FamilyId, &[Lit])> + '_ {
        (0..self.clauses.len()).map(move |i| (self.clauses.family(i), self.clauses.clause(i)))
    }

    /// Evaluates the formula under a total assignment (`model[v.index()]`); returns the
    /// index of the first falsified clause, or `None` when every clause holds.
    pub fn first_falsified(&self, model: &[bool]) -> Option<usize> {
        (0..self.num_clauses()).find(|&i| {
            !self
                .clause(i)
                .iter()
                .any(|l| model[l.var().index()] == l.is_pos())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn named_blocks_describe_their_variables() {
        let mut f = Formula::new();
        let x = f.new_named_block("x", &[9, 9, 9], |i| {
            format!("r{}c{}={}", i[0] + 1, i[1] + 1, i[2] + 1)
        });
        let y = f.new_block("y", &[2, 3]);
        let z = f.new_var("z");
        assert_eq!(f.num_vars(), 729 + 6 + 1);
        assert_eq!(f.describe(x.var(&[2, 6, 4])), "r3c7=5");
        assert_eq!(f.describe(y.var(&[1, 2])), "y[1][2]");
        assert_eq!(f.describe(z), "z");
        assert_eq!(f.describe_lit(z.neg()), "¬z");
        assert_eq!(f.block_of(y.var(&[0, 0])), Some(y));
    }

    #[test]
    fn families_count_their_clauses() {
        let mut f = Formula::new();
        let b = f.new_block("b", &[3]);
        let a = f.family("a");
        let c = f.family("c");
        assert_eq!(f.family("a"), a);
        f.add_clause(a, &[b.var(&[0]).pos(), b.var(&[1]).neg()]);
        f.add_clause(c, &[b.var(&[2]).pos()]);
        f.add_clause(a, &[]);
        assert_eq!(f.family_info(a).clauses, 2);
        assert_eq!(f.family_info(a).literals, 2);
        assert_eq!(f.family_info(c).clauses, 1);
        assert_eq!(f.num_clauses(), 3);
        assert_eq!(f.clause(2), &[] as &[Lit]);
        assert_eq!(f.clause_family(1), c);
    }

    crate::named_enum! {
        /// Two kinds of test family.
        enum Kind ("kind") {
            /// The first.
            First = "first",
            /// The second.
            Second = "second",
        }
    }
    crate::family_kind!(Kind);

    crate::named_enum! {
        /// Another type of kinds, with the same codes.
        enum Other ("other") {
            /// The only one.
            Only = "only",
        }
    }
    crate::family_kind!(Other);

    #[test]
    fn families_carry_their_typed_kind() {
        let mut f = Formula::new();
        let plain = f.family("plain");
        let a = f.kind_family(Kind::Second, "second family");
        let b = f.kind_family(Other::Only, "other family");
        assert_eq!(f.family_info(plain).kind::<Kind>(), None);
        assert_eq!(f.family_info(a).kind::<Kind>(), Some(Kind::Second));
        assert_eq!(f.family_info(a).kind::<Other>(), None);
        assert_eq!(f.family_info(b).kind::<Other>(), Some(Other::Only));
        assert_eq!(
            f.family_info(b).kind::<Kind>(),
            None,
            "same code, other type"
        );
        assert_eq!(f.kind_family(Kind::Second, "second family"), a);
        assert_eq!(Kind::ALL.len(), 2);
        let _ = Kind::First;
    }

    /// Every index tuple of `dims`, generated independently of the block arithmetic.
    fn all_indices(dims: &[u32]) -> Vec<Vec<u32>> {
        dims.iter().fold(vec![vec![]], |acc, &d| {
            acc.into_iter()
                .flat_map(|prefix| {
                    (0..d).map(move |i| {
                        let mut p = prefix.clone();
                        p.push(i);
                        p
                    })
                })
                .collect()
        })
    }

    proptest! {
        /// Every index of every block maps to its own variable, and back.
        #[test]
        fn block_indices_never_collide(
            shapes in prop::collection::vec(prop::collection::vec(0u32..5, 0..4), 1..5)
        ) {
            let mut f = Formula::new();
            let blocks: Vec<Block> = shapes.iter().enumerate()
                .map(|(k, d)| f.new_block(&format!("b{k}"), d)).collect();
            let mut seen = std::collections::HashSet::new();
            for b in &blocks {
                for idx in all_indices(b.dims()) {
                    let v = b.var(&idx);
                    prop_assert!(seen.insert(v), "collision at {:?}", idx);
                    prop_assert_eq!(b.index_of(v), Some(idx.clone()));
                    prop_assert_eq!(f.block_of(v), Some(*b));
                }
            }
            prop_assert_eq!(seen.len() as u32, f.num_vars());
        }
    }
}
