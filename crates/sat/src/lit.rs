//! Variables and literals in DIMACS numbering (variables from 1, negation by sign).

use std::fmt;
use std::ops::Not;

/// A propositional variable, numbered from 1 as in DIMACS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(u32);

impl Var {
    /// The variable with DIMACS number `n` (must be at least 1 and at most `i32::MAX`).
    #[inline]
    pub fn new(n: u32) -> Var {
        debug_assert!(n >= 1 && n <= i32::MAX as u32, "variable {n} out of range");
        Var(n)
    }

    /// The DIMACS number of the variable.
    #[inline]
    pub fn get(self) -> u32 {
        self.0
    }

    /// Zero-based index, handy for arrays indexed by variable.
    #[inline]
    pub fn index(self) -> usize {
        (self.0 - 1) as usize
    }

    /// The variable whose zero-based index is `i`.
    #[inline]
    pub fn from_index(i: usize) -> Var {
        Var::new(i as u32 + 1)
    }

    /// The positive literal of this variable.
    #[inline]
    pub fn pos(self) -> Lit {
        Lit(self.0 as i32)
    }

    /// The negative literal of this variable.
    // Not `std::ops::Neg`: negating a variable yields a literal, not a variable.
    #[allow(clippy::should_implement_trait)]
    #[inline]
    pub fn neg(self) -> Lit {
        Lit(-(self.0 as i32))
    }

    /// The literal of this variable with the given truth value.
    #[inline]
    pub fn lit(self, value: bool) -> Lit {
        if value { self.pos() } else { self.neg() }
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A literal: a variable or its negation, stored as a non-zero DIMACS integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lit(i32);

impl Lit {
    /// The literal written `n` in DIMACS (non-zero).
    #[inline]
    pub fn from_dimacs(n: i32) -> Lit {
        debug_assert!(n != 0 && n != i32::MIN);
        Lit(n)
    }

    /// The DIMACS integer of this literal.
    #[inline]
    pub fn to_dimacs(self) -> i32 {
        self.0
    }

    /// The variable of this literal.
    #[inline]
    pub fn var(self) -> Var {
        Var(self.0.unsigned_abs())
    }

    /// True for a positive literal.
    #[inline]
    pub fn is_pos(self) -> bool {
        self.0 > 0
    }

    /// Dense code `2·index + sign`, for arrays indexed by literal.
    #[inline]
    pub fn code(self) -> usize {
        (self.var().index() << 1) | (self.0 < 0) as usize
    }

    /// The literal with dense code `c` (see [`Lit::code`]).
    #[inline]
    pub fn from_code(c: usize) -> Lit {
        Var::from_index(c >> 1).lit(c & 1 == 0)
    }
}

impl Not for Lit {
    type Output = Lit;
    #[inline]
    fn not(self) -> Lit {
        Lit(-self.0)
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negation_and_codes_round_trip() {
        for n in 1..50u32 {
            let v = Var::new(n);
            assert_eq!(!v.pos(), v.neg());
            assert_eq!(v.pos().var(), v);
            assert_eq!(v.neg().var(), v);
            assert_eq!(Lit::from_code(v.pos().code()), v.pos());
            assert_eq!(Lit::from_code(v.neg().code()), v.neg());
            assert_ne!(v.pos().code(), v.neg().code());
            assert_eq!(Lit::from_dimacs(v.neg().to_dimacs()), v.neg());
        }
    }
}
