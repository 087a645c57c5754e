//! The clause store behind [`crate::Formula`]: clauses kept in chunks of a fixed number of
//! clauses, so the store never copies itself to grow.
//!
//! One flat vector doubling as it grows copies every clause written so far, and on a
//! formula of tens of millions of clauses one such copy (hundreds of MB of fresh pages
//! the kernel zeroes first) is a stall no time limit can interrupt. A chunk holds
//! [`CHUNK`] clauses; only the chunk being filled ever grows, so each step is small and
//! the clock is read again soon after.

use crate::lit::Lit;

/// Clauses per chunk (a power of two, so finding a clause is a shift and a mask).
const SHIFT: u32 = 16;
const CHUNK: usize = 1 << SHIFT;

#[derive(Debug)]
struct Chunk<F> {
    lits: Vec<Lit>,
    /// End of each clause in `lits`.
    ends: Vec<u32>,
    family: Vec<F>,
}

impl<F> Chunk<F> {
    fn with_capacity(clauses: usize, literals: usize) -> Chunk<F> {
        Chunk {
            lits: Vec::with_capacity(literals),
            ends: Vec::with_capacity(clauses),
            family: Vec::with_capacity(clauses),
        }
    }
}

/// Clauses in insertion order, each with a tag `F` (the formula's family id).
#[derive(Debug)]
pub(crate) struct ClauseStore<F> {
    chunks: Vec<Chunk<F>>,
    clauses: usize,
    literals: usize,
}

impl<F> Default for ClauseStore<F> {
    fn default() -> Self {
        ClauseStore {
            chunks: Vec::new(),
            clauses: 0,
            literals: 0,
        }
    }
}

impl<F: Copy> ClauseStore<F> {
    pub(crate) fn len(&self) -> usize {
        self.clauses
    }

    pub(crate) fn literals(&self) -> usize {
        self.literals
    }

    /// Room for `clauses` more clauses of `literals` literals in all, in the chunk being
    /// filled (a hint; later chunks are sized by the same average clause length).
    pub(crate) fn reserve(&mut self, clauses: usize, literals: usize) {
        let room = CHUNK - self.clauses % CHUNK;
        let here = clauses.min(room);
        let lits = if clauses == 0 {
            0
        } else {
            (literals as u128 * here as u128 / clauses as u128) as usize
        };
        let chunk = self.open_chunk();
        chunk.lits.reserve(lits);
        chunk.ends.reserve(here);
        chunk.family.reserve(here);
    }

    /// The chunk the next clause goes to, started when the last one is full.
    fn open_chunk(&mut self) -> &mut Chunk<F> {
        if self.clauses % CHUNK == 0 && self.chunks.len() == self.clauses / CHUNK {
            // Later chunks are sized for CHUNK clauses of the average length so far.
            let (clauses, literals) = match self.literals.checked_div(self.clauses) {
                Some(average) => (CHUNK, CHUNK * (average + 1)),
                None => (0, 0),
            };
            self.chunks.push(Chunk::with_capacity(clauses, literals));
        }
        self.chunks.last_mut().expect("a chunk was just opened")
    }

    #[inline]
    pub(crate) fn push(&mut self, family: F, clause: &[Lit]) {
        let chunk = self.open_chunk();
        chunk.lits.extend_from_slice(clause);
        chunk.ends.push(chunk.lits.len() as u32);
        chunk.family.push(family);
        self.clauses += 1;
        self.literals += clause.len();
    }

    #[inline]
    pub(crate) fn clause(&self, i: usize) -> &[Lit] {
        let chunk = &self.chunks[i >> SHIFT];
        let k = i & (CHUNK - 1);
        let start = if k == 0 {
            0
        } else {
            chunk.ends[k - 1] as usize
        };
        &chunk.lits[start..chunk.ends[k] as usize]
    }

    #[inline]
    pub(crate) fn family(&self, i: usize) -> F {
        self.chunks[i >> SHIFT].family[i & (CHUNK - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lit::Var;

    fn lit(v: u32) -> Lit {
        Var::new(v).pos()
    }

    #[test]
    fn clauses_across_chunk_boundaries_read_back_in_order() {
        let mut s = ClauseStore::default();
        let n = 3 * CHUNK + 17;
        for i in 0..n {
            let len = i % 5; // includes the empty clause
            let c: Vec<Lit> = (0..len).map(|k| lit((i + k) as u32 % 1000 + 1)).collect();
            s.push(i % 3, &c);
        }
        assert_eq!(s.len(), n);
        assert_eq!(s.chunks.len(), 4);
        let mut literals = 0;
        for i in 0..n {
            let c = s.clause(i);
            assert_eq!(c.len(), i % 5, "clause {i}");
            for (k, l) in c.iter().enumerate() {
                assert_eq!(*l, lit((i + k) as u32 % 1000 + 1));
            }
            assert_eq!(s.family(i), i % 3);
            literals += c.len();
        }
        assert_eq!(s.literals(), literals);
    }

    #[test]
    fn a_reserve_hint_larger_than_a_chunk_is_capped_at_the_chunk() {
        let mut s = ClauseStore::<u8>::default();
        s.reserve(10 * CHUNK, 30 * CHUNK);
        assert_eq!(s.chunks.len(), 1);
        assert!(s.chunks[0].ends.capacity() >= CHUNK);
        assert!(s.chunks[0].ends.capacity() < 2 * CHUNK);
        assert!(s.chunks[0].lits.capacity() >= 3 * CHUNK);
    }
}
