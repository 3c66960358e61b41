//! The df-pn transposition table: proof and disproof numbers by position key.
//!
//! Contract: memory is fixed at construction (`table_mb` megabytes, at least
//! one bucket); a lookup returns what was stored for exactly that key or
//! nothing; a full bucket evicts its entry with the least search work, but
//! never a solved entry for an unsolved one. Keys are the caller's: the
//! solver salts them with the remaining depth in depth-limited searches.

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
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    pn: u32,
    dn: u32,
    /// Nodes spent below this entry when it was stored (saturating).
    work: u32,
    len: u16,
    used: bool,
}

impl Entry {
    fn solved(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

const WAYS: usize = 4;

/// A bucketed, fixed-size table.
pub(crate) struct Table {
    entries: Vec<Entry>,
    buckets: usize,
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
        Table {
            entries: vec![Entry::default(); buckets * WAYS],
            buckets,
        }
    }

    fn bucket(&self, key: u64) -> usize {
        ((key as u128 * self.buckets as u128) >> 64) as usize * WAYS
    }

    /// The stored bounds of `key`.
    pub fn get(&self, key: u64) -> Option<Bounds> {
        let b = self.bucket(key);
        self.entries[b..b + WAYS]
            .iter()
            .find(|e| e.used && e.key == key)
            .map(|e| Bounds {
                pn: e.pn,
                dn: e.dn,
                len: e.len,
            })
    }

    /// Stores `bounds` for `key`, `work` being the nodes its search cost.
    pub fn put(&mut self, key: u64, bounds: Bounds, work: u64) {
        let b = self.bucket(key);
        let slot = &mut self.entries[b..b + WAYS];
        let work = work.min(u32::MAX as u64) as u32;
        let new = Entry {
            key,
            pn: bounds.pn,
            dn: bounds.dn,
            work,
            len: bounds.len,
            used: true,
        };
        if let Some(e) = slot.iter_mut().find(|e| e.used && e.key == key) {
            // A solved entry is final; an unsolved search never overwrites it.
            if !e.solved() || new.solved() {
                *e = new;
            }
            return;
        }
        if let Some(e) = slot.iter_mut().find(|e| !e.used) {
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
    use super::*;

    #[test]
    fn stores_and_evicts_the_cheapest_unsolved_entry() {
        let mut t = Table::new(1);
        let b = |pn, dn| Bounds { pn, dn, len: 0 };
        t.put(7, b(3, 4), 10);
        assert_eq!(t.get(7), Some(b(3, 4)));
        assert_eq!(t.get(8), None);
        // A solved entry is not overwritten by an unsolved one.
        t.put(7, b(0, INF), 1);
        t.put(7, b(5, 5), 100);
        assert_eq!(t.get(7).unwrap().pn, 0);
        // Fill one bucket: keys with the same high bits land together.
        let mut t = Table::new(1);
        let keys: Vec<u64> = (0..5).map(|i| i as u64).collect();
        for (i, &k) in keys.iter().enumerate() {
            t.put(k, b(1, 1), 10 + i as u64);
        }
        assert_eq!(t.get(0), None, "the least-work entry was evicted");
        assert!(t.get(4).is_some());
    }
}
