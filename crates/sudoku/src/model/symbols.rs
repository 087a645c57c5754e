//! Symbol alphabets: the default `1-9A-Z`, or any characters given by the user.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The default alphabet: digits 1–9, then letters A–Z (so 16×16 uses `1-9A-G`).
pub const DEFAULT_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Characters that stand for an empty cell (`0` too, unless it is a symbol).
pub const BLANKS: &[char] = &['.', '_', '-', '0'];

/// Characters that separate cells in a row (besides whitespace): `|` between boxes,
/// the box-drawing verticals of framed grids, and the separators of CSV rows.
pub const SEPARATORS: &[char] = &['|', '│', '┃', '║', ',', ';'];

/// The hexadoku alphabet `0-9A-F` (lowercase accepted).
pub const HEX_SYMBOLS: &str = "0123456789ABCDEF";

/// Why characters do not make an alphabet.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AlphabetError {
    /// A separator or blank character.
    #[error("'{0}' cannot be a symbol (it is a separator or a blank)")]
    Separator(char),
    /// A character given twice.
    #[error("symbol '{0}' appears twice in the alphabet")]
    Twice(char),
    /// Fewer than four symbols.
    #[error("an alphabet needs at least 4 symbols, '{given}' has {count}")]
    TooFew {
        /// The text given.
        given: String,
        /// How many symbols it has.
        count: usize,
    },
}

/// The N symbols of a puzzle, value k (1-based) written as the k-th character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    symbols: Vec<char>,
    /// Values of ASCII symbols (0 = not a symbol), for the common case without hashing.
    ascii: [u16; 128],
    lookup: HashMap<char, u16>,
    /// Default alphabets also accept lowercase letters.
    case_insensitive: bool,
}

impl Alphabet {
    /// The first `n` default symbols; `None` when `n` exceeds the 35 available (such
    /// grids are written as whitespace-separated integers).
    pub fn default_for(n: usize) -> Option<Alphabet> {
        if n > DEFAULT_SYMBOLS.len() {
            return None;
        }
        let symbols: Vec<char> = DEFAULT_SYMBOLS.chars().take(n).collect();
        Some(Alphabet::build(symbols, true))
    }

    /// The hexadoku alphabet `0-9A-F` for 16×16 grids written with `0` as a symbol
    /// (lowercase accepted), built once and shared.
    pub fn hexadecimal() -> Arc<Alphabet> {
        static HEX: OnceLock<Arc<Alphabet>> = OnceLock::new();
        HEX.get_or_init(|| Arc::new(Alphabet::build(HEX_SYMBOLS.chars().collect(), true)))
            .clone()
    }

    /// The default alphabet for `n`, built once per size and shared.
    pub fn shared_default(n: usize) -> Option<Arc<Alphabet>> {
        static CACHE: [OnceLock<Arc<Alphabet>>; 36] = [const { OnceLock::new() }; 36];
        let slot = CACHE.get(n)?;
        Some(
            slot.get_or_init(|| Arc::new(Alphabet::default_for(n).expect("n ≤ 35")))
                .clone(),
        )
    }

    /// A user alphabet, one Unicode character per symbol (e.g. `▲●■★`). The characters
    /// must be distinct and may not be whitespace, a separator ([`SEPARATORS`]) or a
    /// blank other than `0`.
    pub fn custom(s: &str) -> Result<Alphabet, AlphabetError> {
        let symbols: Vec<char> = s.chars().collect();
        for (i, &c) in symbols.iter().enumerate() {
            if c.is_whitespace() || SEPARATORS.contains(&c) || (BLANKS.contains(&c) && c != '0') {
                return Err(AlphabetError::Separator(c));
            }
            if symbols[..i].contains(&c) {
                return Err(AlphabetError::Twice(c));
            }
        }
        if symbols.len() < 4 {
            return Err(AlphabetError::TooFew {
                given: s.to_string(),
                count: symbols.len(),
            });
        }
        Ok(Alphabet::build(symbols, false))
    }

    fn build(symbols: Vec<char>, case_insensitive: bool) -> Alphabet {
        let lookup: HashMap<char, u16> = symbols
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as u16 + 1))
            .collect();
        let mut ascii = [0u16; 128];
        for (&c, &v) in &lookup {
            if c.is_ascii() {
                ascii[c as usize] = v;
            }
            if case_insensitive && c.is_ascii_uppercase() {
                ascii[c.to_ascii_lowercase() as usize] = v;
            }
        }
        Alphabet {
            symbols,
            ascii,
            lookup,
            case_insensitive,
        }
    }

    /// Number of symbols (the side N of the grids it writes).
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    /// True for an alphabet without symbols (never built by this crate).
    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// The value (1..=N) of a symbol character.
    #[inline]
    pub fn value(&self, c: char) -> Option<u16> {
        if c.is_ascii() {
            let v = self.ascii[c as usize];
            return (v != 0).then_some(v);
        }
        if let Some(&v) = self.lookup.get(&c) {
            return Some(v);
        }
        if self.case_insensitive && c.is_ascii_lowercase() {
            return self.lookup.get(&c.to_ascii_uppercase()).copied();
        }
        None
    }

    /// True when `c` marks an empty cell under this alphabet.
    #[inline]
    pub fn is_blank(&self, c: char) -> bool {
        BLANKS.contains(&c) && self.value(c).is_none()
    }

    /// The character of value `v` (1..=N).
    #[inline]
    pub fn symbol(&self, v: u16) -> char {
        self.symbols[v as usize - 1]
    }

    /// The symbols in order.
    pub fn symbols(&self) -> &[char] {
        &self.symbols
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_and_custom_alphabets() {
        let a = Alphabet::default_for(16).unwrap();
        assert_eq!(a.symbols().iter().collect::<String>(), "123456789ABCDEFG");
        assert_eq!(a.value('G'), Some(16));
        assert_eq!(a.value('g'), Some(16));
        assert_eq!(a.value('H'), None);
        assert!(a.is_blank('0') && a.is_blank('.'));
        assert!(Alphabet::default_for(36).is_none());
        let s = Alphabet::custom("▲●■★").unwrap();
        assert_eq!(s.value('■'), Some(3));
        assert_eq!(s.symbol(4), '★');
        let z = Alphabet::custom("0123456789ABCDEF").unwrap();
        assert_eq!(z.value('0'), Some(1));
        assert!(!z.is_blank('0'));
        assert!(Alphabet::custom("AAB C").is_err());
        assert!(Alphabet::custom("ab.d").is_err());
        assert!(Alphabet::custom("ab,d").is_err());
        let h = Alphabet::hexadecimal();
        assert_eq!(
            (h.value('0'), h.value('f'), h.value('F')),
            (Some(1), Some(16), Some(16))
        );
        assert!(!h.is_blank('0') && h.is_blank('.'));
        assert!(Alphabet::custom("abc").is_err());
    }
}
