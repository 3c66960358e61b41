//! The df-pn transposition table: proof and disproof numbers by board and
//! the attacker's hand.
//!
//! Contract: memory is fixed at construction (`table_mb` megabytes, at least
//! one bucket). Entries are keyed by the board (`Position::board_key`, which
//! leaves hands out) and hold the attacker's hand. A lookup returns a proof
//! stored for the same board with a hand the current one covers (a mate with
//! fewer pieces in hand is still a mate with more: the attacker only gains
//! moves and, with all 40 pieces on the board or in a hand, the defender only
//! loses drops), else a disproof stored with a hand that covers the current
//! one, else what was stored for exactly that hand, else nothing. A full
//! bucket evicts its entry with the least search work, but never a solved
//! entry for an unsolved one. [`Table::clear`] forgets everything in constant
//! time (entries carry the generation they were stored in; a full wipe
//! happens once every 255 clears), so a solver that answers many problems
//! keeps its memory mapped. Keys are the caller's: the solver salts them
//! with the remaining depth in depth-limited searches.

/// Proof/disproof numbers at or above this are infinite.
pub(crate) const INF: u32 = u32::MAX / 4;

/// What the table knows about one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// Proof number (0: proven mate).
    pub pn: u32,
    /// Disproof number (0: no mate).
    pub dn: u32,
    /// For a proven position, the length in plies of the proof found.
    pub len: u16,
    /// For a proven position, the attacker's hand the proof needs (see
    /// [`super::proof`]); the table files the proof under it.
    pub proof: Hand,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// The attacker's hand when stored.
    hand: Hand,
    pn: u32,
    dn: u32,
    /// Nodes spent below this entry when it was stored (saturating).
    work: u32,
    len: u16,
    /// The table's generation when stored; an entry of another generation is empty.
    generation: u8,
}

impl Entry {
    fn solved(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }

    fn bounds(&self) -> Bounds {
        Bounds {
            pn: self.pn,
            dn: self.dn,
            len: self.len,
            proof: if self.pn == 0 {
                self.hand
            } else {
                Hand::default()
            },
        }
    }
}

use yomi_shogi::Hand;

const WAYS: usize = 4;

/// A bucketed, fixed-size table.
pub(crate) struct Table {
    entries: Vec<Entry>,
    buckets: usize,
    /// The live generation, 1..=255 (0 marks never-written entries).
    generation: u8,
}

impl Table {
    /// A table using about `mb` megabytes (one bucket at least), or the largest
    /// power-of-two fraction of it the system grants (`yomi_core::limits::granted_len`), so
    /// an impossible size shrinks the table instead of aborting.
    pub fn new(mb: usize) -> Table {
        let bucket_bytes = std::mem::size_of::<Entry>() * WAYS;
        let bytes = mb.clamp(1, usize::MAX >> 21).saturating_mul(1 << 20);
        let buckets =
            yomi_core::limits::granted_len((bytes / bucket_bytes).max(1), bucket_bytes, 1);
        // Zeroed and mapped on first touch, offered as huge pages first (far
        // fewer page faults and TLB misses on a table probed at random).
        let mut entries = vec![Entry::default(); buckets * WAYS];
        yomi_core::memory::advise_huge_pages(&mut entries);
        Table {
            entries,
            buckets,
            generation: 1,
        }
    }

    /// Starts loading `key`'s bucket into the cache (a hint: no effect on results).
    pub fn prefetch(&self, key: u64) {
        yomi_core::cache::prefetch(&self.entries[self.bucket(key)]);
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        if self.generation == u8::MAX {
            self.entries.fill(Entry::default());
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }

    fn bucket(&self, key: u64) -> usize {
        ((key as u128 * self.buckets as u128) >> 64) as usize * WAYS
    }

    /// What the table knows of board `key` with the attacker holding `hand`:
    /// a proof with a covered hand, a disproof with a covering one, else the
    /// entry of exactly this hand.
    pub fn get(&self, key: u64, hand: Hand) -> Option<Bounds> {
        let b = self.bucket(key);
        let mut exact = None;
        for e in self.entries[b..b + WAYS]
            .iter()
            .filter(|e| e.generation == self.generation && e.key == key)
        {
            let dominated =
                (e.pn == 0 && hand.covers(e.hand)) || (e.dn == 0 && e.hand.covers(hand));
            if dominated {
                return Some(e.bounds());
            }
            if e.hand == hand {
                exact = Some(e.bounds());
            }
        }
        exact
    }

    /// Stores `bounds` for board `key` with the attacker holding `hand` (a
    /// proof under its proof hand instead), `work` being the nodes its search
    /// cost.
    pub fn put(&mut self, key: u64, hand: Hand, bounds: Bounds, work: u64) {
        let hand = if bounds.pn == 0 { bounds.proof } else { hand };
        let b = self.bucket(key);
        let generation = self.generation;
        let slot = &mut self.entries[b..b + WAYS];
        let work = work.min(u32::MAX as u64) as u32;
        let new = Entry {
            key,
            hand,
            pn: bounds.pn,
            dn: bounds.dn,
            work,
            len: bounds.len,
            generation,
        };
        if let Some(e) = slot
            .iter_mut()
            .find(|e| e.generation == generation && e.key == key && e.hand == hand)
        {
            // A solved entry is final; an unsolved search never overwrites it.
            if !e.solved() || new.solved() {
                *e = new;
            }
            return;
        }
        if let Some(e) = slot.iter_mut().find(|e| e.generation != generation) {
            *e = new;
            return;
        }
        let victim = slot
            .iter_mut()
            .min_by_key(|e| (e.solved(), e.work))
            .expect("a bucket has WAYS entries");
        if !victim.solved() || new.solved() {
            *victim = new;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::proof::tests::hand;
    use super::*;
    use yomi_shogi::Kind;

    #[test]
    fn stores_and_evicts_the_cheapest_unsolved_entry() {
        let mut t = Table::new(1);
        let none = Hand::default();
        let b = |pn, dn| Bounds {
            pn,
            dn,
            len: 0,
            proof: none,
        };
        t.put(7, none, b(3, 4), 10);
        assert_eq!(t.get(7, none), Some(b(3, 4)));
        assert_eq!(t.get(8, none), None);
        // A solved entry is not overwritten by an unsolved one.
        t.put(7, none, b(0, INF), 1);
        t.put(7, none, b(5, 5), 100);
        assert_eq!(t.get(7, none).unwrap().pn, 0);
        // Fill one bucket: keys with the same high bits land together.
        let mut t = Table::new(1);
        let keys: Vec<u64> = (0..5).map(|i| i as u64).collect();
        for (i, &k) in keys.iter().enumerate() {
            t.put(k, none, b(1, 1), 10 + i as u64);
        }
        assert_eq!(t.get(0, none), None, "the least-work entry was evicted");
        assert!(t.get(4, none).is_some());
    }

    #[test]
    fn clearing_forgets_every_entry_across_generations() {
        let mut t = Table::new(1);
        let none = Hand::default();
        let proof = Bounds {
            pn: 0,
            dn: INF,
            len: 1,
            proof: none,
        };
        // More clears than generations: the wrap-around wipe must not bring old entries back.
        for round in 0..600u64 {
            assert_eq!(t.get(round, none), None, "round {round}");
            assert_eq!(t.get(round.wrapping_sub(1), none), None, "round {round}");
            t.put(round, none, proof, 1);
            assert_eq!(t.get(round, none), Some(proof));
            t.clear();
        }
    }

    #[test]
    fn proofs_reach_bigger_hands_and_disproofs_smaller_ones() {
        let mut t = Table::new(1);
        let gold = hand(&[Kind::Gold]);
        let gold_pawn = hand(&[Kind::Gold, Kind::Pawn]);
        let silver = hand(&[Kind::Silver]);
        let proof = Bounds {
            pn: 0,
            dn: INF,
            len: 5,
            proof: gold,
        };
        t.put(9, gold_pawn, proof, 10);
        assert_eq!(
            t.get(9, gold_pawn),
            Some(proof),
            "more in hand: still a mate"
        );
        assert_eq!(t.get(9, gold), Some(proof), "filed under the proof hand");
        assert_eq!(t.get(9, silver), None, "a silver does not cover a gold");
        assert_eq!(t.get(9, Hand::default()), None);
        let disproof = Bounds {
            pn: INF,
            dn: 0,
            len: 0,
            proof: Hand::default(),
        };
        t.put(11, gold_pawn, disproof, 10);
        assert_eq!(
            t.get(11, gold),
            Some(disproof),
            "less in hand: still no mate"
        );
        assert_eq!(t.get(11, Hand::default()), Some(disproof));
        assert_eq!(t.get(11, hand(&[Kind::Gold, Kind::Gold])), None);
        // Unsolved entries answer only for their own hand.
        t.put(
            13,
            gold,
            Bounds {
                pn: 2,
                dn: 3,
                len: 0,
                proof: Hand::default(),
            },
            10,
        );
        assert_eq!(t.get(13, gold_pawn), None);
        assert_eq!(t.get(13, gold).map(|b| b.pn), Some(2));
    }
}
