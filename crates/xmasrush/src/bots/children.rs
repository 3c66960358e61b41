//! The children of the DUCT push tree: a hash table from (parent node, joint
//! push) to the child node, cleared in O(1) between searches.
//!
//! Contract: [`Children::get`] finds what [`Children::insert`] stored since
//! the last [`Children::clear`]; the table grows (rehashing) when half full,
//! so after the first searches nothing is allocated.

use yomi_core::cache::prefetch;

/// Open-addressing table with linear probing and generation stamps.
#[derive(Clone, Debug, Default)]
pub struct Children {
    slots: Vec<Slot>,
    generation: u32,
    len: usize,
}

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    stamp: u32,
    key: u32,
    child: u32,
}

fn hash(key: u32, mask: usize) -> usize {
    (u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask
}

impl Children {
    /// An empty table.
    pub fn new() -> Children {
        Children::default()
    }

    /// Forgets every entry (O(1) but every 2^32 clears).
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(Slot::default());
            self.generation = 1;
        }
        self.len = 0;
    }

    /// Entries stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The child stored under `key`.
    pub fn get(&self, key: u32) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = hash(key, mask);
        loop {
            let s = self.slots[i];
            if s.stamp != self.generation {
                return None;
            }
            if s.key == key {
                return Some(s.child);
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the processor to start loading `key`'s slot (called when the
    /// joint push is chosen, so the load overlaps the pair's simulation
    /// before [`Children::get`]). A hint only: no effect on results.
    #[inline(always)]
    pub fn prefetch(&self, key: u32) {
        if !self.slots.is_empty() {
            prefetch(&self.slots[hash(key, self.slots.len() - 1)]);
        }
    }

    /// Stores `child` under `key` (not present yet).
    pub fn insert(&mut self, key: u32, child: u32) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        self.place(key, child);
        self.len += 1;
    }

    fn place(&mut self, key: u32, child: u32) {
        let mask = self.slots.len() - 1;
        let mut i = hash(key, mask);
        while self.slots[i].stamp == self.generation {
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot {
            stamp: self.generation,
            key,
            child,
        };
    }

    fn grow(&mut self) {
        let live: Vec<Slot> = self
            .slots
            .iter()
            .copied()
            .filter(|s| s.stamp == self.generation)
            .collect();
        let size = (self.slots.len() * 2).max(1024);
        self.slots = vec![Slot::default(); size];
        self.generation = 1;
        for s in live {
            self.place(s.key, s.child);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_was_stored_across_growth_and_forgets_on_clear() {
        let mut t = Children::new();
        assert_eq!(t.get(5), None);
        for k in 0..5000u32 {
            t.insert(k * 784 + 3, k + 1);
        }
        assert_eq!(t.len(), 5000);
        for k in 0..5000u32 {
            assert_eq!(t.get(k * 784 + 3), Some(k + 1));
            assert_eq!(t.get(k * 784 + 4), None);
        }
        let size = t.slots.len();
        t.clear();
        assert!(t.is_empty());
        assert_eq!(t.get(3), None);
        t.insert(3, 9);
        assert_eq!(t.get(3), Some(9));
        assert_eq!(t.slots.len(), size, "no reallocation after a clear");
    }
}
