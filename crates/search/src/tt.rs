//! A transposition table for alpha-beta: a fixed-size array indexed by the
//! position hash, one entry per slot, deeper-or-newer replacement.
//!
//! An entry is two 64-bit words (key; score, depth, bound, completeness and
//! best move packed), 16 bytes in all. The best move is stored as its index in the
//! position's legal-move list (generation order is deterministic), which
//! keeps the table independent of the game's move type.
//!
//! Entries remember whether their subtree was searched to the end of the game
//! (`complete`); such bounds are game-theoretic and usable at any depth,
//! which is what lets iterative deepening prove exact values quickly.

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a beta cutoff happened).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// One table entry, unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Full hash, to detect index collisions (0 marks an empty slot, so a
    /// position whose hash is 0 is simply never cached).
    pub key: u64,
    /// Score, with proven results stored relative to this node (see [`crate::score`]).
    pub score: i32,
    /// Remaining depth the entry was searched to (saturates at 255).
    pub depth: u8,
    /// Meaning of the score.
    pub bound: Bound,
    /// True when no depth horizon was met below this node.
    pub complete: bool,
    /// Index of the best (or refuting) move in the legal-move list, tried first next time.
    pub best: Option<u16>,
}

impl Entry {
    fn pack(&self) -> [u64; 2] {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let best = self.best.map_or(0, |b| b as u64 + 1);
        let data = (self.score as u32 as u64)
            | (self.depth as u64) << 32
            | bound << 40
            | (self.complete as u64) << 42
            | (best & 0xFFFF) << 48;
        [self.key, data]
    }

    fn unpack(w: [u64; 2]) -> Entry {
        let data = w[1];
        let best = (data >> 48) as u16;
        Entry {
            key: w[0],
            score: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound: match (data >> 40) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            complete: (data >> 42) & 1 == 1,
            best: best.checked_sub(1),
        }
    }
}

/// The table.
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    slots: Vec<[u64; 2]>,
    mask: u64,
}

impl TranspositionTable {
    /// A table using about `megabytes` MB (rounded down to a power of two entries; at least
    /// 1024), or the largest power-of-two fraction of it the system grants: an impossible
    /// size shrinks the table instead of aborting (`yomi_core::limits::granted_len`; flags
    /// and specs cap the size at `yomi_core::limits::MAX_TABLE_MB` before this).
    pub fn with_megabytes(megabytes: usize) -> Self {
        let slot = std::mem::size_of::<[u64; 2]>();
        let wanted = megabytes.clamp(1, usize::MAX >> 21).saturating_mul(1 << 20) / slot;
        let n = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() >> 1
        }
        .max(1024);
        let n = yomi_core::limits::granted_len(n, slot, 1024);
        // Offered as huge pages before the first touch: 4 KB pages cost a fault each
        // (16,400 for 64 MB, about 40% of a depth-12 Connect Four search), 2 MB pages
        // one per 512. Then written in full rather than left to a lazily mapped zeroed
        // allocation: a probe of an untouched page maps the shared zero page and the
        // store after it faults again, so lazy pages cost two faults each; one
        // sequential pass costs one. black_box keeps the compiler from turning
        // allocate-then-fill back into calloc.
        let mut slots: Vec<[u64; 2]> = std::hint::black_box(Vec::with_capacity(n));
        yomi_core::memory::advise_huge_pages(slots.spare_capacity_mut());
        slots.resize(n, [0, 0]);
        TranspositionTable {
            slots,
            mask: (n - 1) as u64,
        }
    }

    /// Number of slots.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.fill([0, 0]);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let w = self.slots[(key & self.mask) as usize];
        (w[0] == key && key != 0).then(|| Entry::unpack(w))
    }

    /// Stores an entry, keeping a deeper entry of the same position.
    #[inline]
    pub fn store(&mut self, entry: Entry) {
        if entry.key == 0 {
            return;
        }
        let slot = &mut self.slots[(entry.key & self.mask) as usize];
        if slot[0] == entry.key && Entry::unpack(*slot).depth > entry.depth && !entry.complete {
            return;
        }
        *slot = entry.pack();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_packing() {
        let mut tt = TranspositionTable::with_megabytes(1);
        for (i, bound) in [Bound::Exact, Bound::Lower, Bound::Upper]
            .into_iter()
            .enumerate()
        {
            let e = Entry {
                key: 0xDEAD_BEEF + i as u64,
                score: -999_990,
                depth: 200,
                bound,
                complete: i == 1,
                best: Some(i as u16 * 300),
            };
            tt.store(e);
            assert_eq!(tt.probe(e.key), Some(e));
        }
        let none = Entry {
            key: 77,
            score: 5,
            depth: 1,
            bound: Bound::Exact,
            complete: false,
            best: None,
        };
        tt.store(none);
        assert_eq!(tt.probe(77), Some(none));
        assert_eq!(tt.probe(78), None);
        // A shallower incomplete entry does not replace a deeper one of the same position.
        tt.store(Entry { depth: 0, ..none });
        assert_eq!(tt.probe(77).unwrap().depth, 1);
    }
}
