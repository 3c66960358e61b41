//! The transposition table: a fixed number of 64-byte buckets of four
//! entries, sized in MB (the USI `USI_Hash` option).
//!
//! Contract: an entry is two `u64` words, the Zobrist key (bit 0 forced to 1
//! so an empty slot never matches) and the packed data, so a hit is verified
//! on 63 key bits; a stored move is still only
//! a hint that the search checks for legality before playing it. Allocation is zero-filled (`calloc`-style, pages mapped on first
//! touch), so a 1 GB table is ready in milliseconds; [`TranspositionTable::prefault`]
//! maps its pages ahead of the search within a time budget (on Linux as
//! 2 MB pages where the kernel grants them: fewer TLB misses per probe), and
//! [`TranspositionTable::clear`] wipes a fully mapped table in place (keeping
//! its pages) and otherwise allocates afresh. Search threads share the table
//! without locks (Lazy SMP): [`TranspositionTable::probe`] and
//! [`TranspositionTable::store`] take `&self` and read and write the words as
//! relaxed atomics (plain loads and stores on x86-64), and the key word holds
//! the key XOR the data word, so an entry torn by two writers (one's key, the
//! other's data) fails the key check instead of passing off one position's
//! score as another's.

use crate::memory::touch_pages;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;
use yomi_core::memory::{HUGE_PAGE, advise_huge_pages};
use yomi_shogi::Move;

/// Kind of bound a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// No score (an entry kept only for its move or static eval).
    None = 0,
    /// The true score is at most the stored one (fail low).
    Upper = 1,
    /// The true score is at least the stored one (fail high).
    Lower = 2,
    /// The exact score.
    Exact = 3,
}

/// A decoded table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// Best move found, or [`Move::NONE`].
    pub mv: Move,
    /// Score, node-relative for mates (see [`crate::score::to_tt`]).
    pub score: i32,
    /// Static evaluation of the position.
    pub eval: i32,
    /// Remaining depth the score was searched to (quiescence: 0).
    pub depth: i32,
    /// What the score bounds.
    pub bound: Bound,
}

const WAYS: usize = 4;
const WORDS_PER_BUCKET: usize = 2 * WAYS;
const BYTES_PER_BUCKET: usize = 8 * WORDS_PER_BUCKET;
/// Depth is stored offset so quiescence entries (depth 0 and a little below) fit.
const DEPTH_OFFSET: i32 = 8;

/// The table.
pub struct TranspositionTable {
    /// `buckets` buckets from word `base` on, plus the slack for alignment.
    words: Vec<AtomicU64>,
    /// First word of bucket 0: the allocation is one bucket larger than
    /// needed and the buckets start on a 64-byte boundary, so a bucket is
    /// one cache line (not two) and one miss loads it.
    base: usize,
    buckets: usize,
    generation: u8,
    /// Words from the start whose pages are known to be mapped.
    mapped: usize,
    /// A search started or an entry was stored since the last clear (so there
    /// may be entries); read before it is written, so stores keep its cache
    /// line shared between threads.
    used: AtomicBool,
}

impl TranspositionTable {
    /// A table of `mb` megabytes, or the largest power-of-two fraction of
    /// it the system grants (see [`TranspositionTable::size_mb`]); at least
    /// 1 MB.
    pub fn new(mb: usize) -> TranspositionTable {
        let mut mb = mb.max(1);
        loop {
            let buckets = (mb << 20) / BYTES_PER_BUCKET;
            let words = (buckets + 1) * WORDS_PER_BUCKET;
            // Ask first, so an impossible size is refused instead of aborting
            // the process; the probe is freed untouched.
            let granted = Vec::<u64>::new().try_reserve_exact(words).is_ok();
            if granted || mb == 1 {
                let words = zeroed_words(words);
                return TranspositionTable {
                    base: line_offset(&words),
                    words,
                    buckets,
                    generation: 0,
                    mapped: 0,
                    used: AtomicBool::new(false),
                };
            }
            mb /= 2;
        }
    }

    /// Size in MB as requested.
    pub fn size_mb(&self) -> usize {
        (self.buckets * BYTES_PER_BUCKET) >> 20
    }

    /// Forgets everything. An unused table is left as it is; a fully
    /// mapped one is zeroed in place (its pages stay mapped: writing them
    /// is far cheaper than mapping new ones); otherwise the table is
    /// allocated afresh, zero-filled and lazily mapped, because zeroing it
    /// in place would map every page now (seconds for a gigabyte).
    pub fn clear(&mut self) {
        if *self.used.get_mut() {
            if self.mapped == self.words.len() {
                self.words_mut().fill(0);
            } else {
                self.words = Vec::new();
                self.words = zeroed_words((self.buckets + 1) * WORDS_PER_BUCKET);
                self.base = line_offset(&self.words);
                self.mapped = 0;
            }
        }
        *self.used.get_mut() = false;
        self.generation = 0;
    }

    /// Maps the table's pages into memory until `deadline` (contents
    /// unchanged); true once all of them are. Resumes where it stopped.
    ///
    /// Each 2 MB stretch is offered to the kernel as a huge page just
    /// before it is touched (see [`advise_huge_pages`]); what the deadline
    /// leaves unmapped stays in ordinary pages, so a page fault in the
    /// middle of a search never waits for a huge page to be assembled.
    pub fn prefault(&mut self, deadline: Instant) -> bool {
        let len = self.words.len();
        let base = self.words.as_ptr() as usize;
        while self.mapped < len {
            let at = base + self.mapped * 8;
            let next = (at / HUGE_PAGE + 1) * HUGE_PAGE;
            let end = ((next - base) / 8).min(len);
            let mapped = self.mapped;
            advise_huge_pages(&mut self.words_mut()[mapped..end]);
            self.mapped = touch_pages(&mut self.words_mut()[..end], mapped, deadline);
            if self.mapped < end || Instant::now() >= deadline {
                break;
            }
        }
        self.mapped == len
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        *self.used.get_mut() = true;
        self.generation = (self.generation + 1) & 63;
    }

    /// The words as plain integers, for work that needs the table alone
    /// (clearing, mapping pages).
    #[allow(unsafe_code)]
    fn words_mut(&mut self) -> &mut [u64] {
        let len = self.words.len();
        // SAFETY: `AtomicU64` has the size, alignment (checked below) and bit
        // validity of `u64`, and `&mut self` means no other reference to the
        // words exists while this slice lives.
        unsafe { std::slice::from_raw_parts_mut(self.words.as_mut_ptr().cast::<u64>(), len) }
    }

    #[inline(always)]
    fn word(&self, i: usize) -> u64 {
        self.words[i].load(Relaxed)
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        self.base + ((key as u128 * self.buckets as u128) >> 64) as usize * WORDS_PER_BUCKET
    }

    /// Asks the processor to start loading `key`'s bucket into the cache
    /// (called right after a move is made, so the load overlaps the work
    /// before the probe). A hint only: no effect on results.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        yomi_core::cache::prefetch(&self.words[self.bucket(key)]);
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let b = self.bucket(key);
        let key = key | 1; // never 0, so an empty slot never matches
        for w in 0..WAYS {
            let data = self.word(b + 2 * w + 1);
            if self.word(b + 2 * w) ^ data == key {
                return Some(decode(data));
            }
        }
        None
    }

    /// Stores an entry for `key`, replacing the same key or the least
    /// valuable slot (oldest generation, then shallowest). A store without a
    /// move keeps the move already stored for the key.
    #[inline]
    pub fn store(&self, key: u64, entry: TtEntry) {
        if !self.used.load(Relaxed) {
            self.used.store(true, Relaxed);
        }
        let b = self.bucket(key);
        let key = key | 1;
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for w in 0..WAYS {
            let data = self.word(b + 2 * w + 1);
            let k = self.word(b + 2 * w);
            if k ^ data == key || (k == 0 && data == 0) {
                victim = w;
                break;
            }
            let age = (self.generation.wrapping_sub(generation(data)) & 63) as i32;
            let worth = depth_field(data) - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = w;
            }
        }
        let slot = b + 2 * victim;
        let mut entry = entry;
        let old_data = self.word(slot + 1);
        if self.word(slot) ^ old_data == key {
            let old = decode(old_data);
            // A much deeper result is worth more than a shallow bound.
            if old.depth > entry.depth + 3 && entry.bound != Bound::Exact {
                return;
            }
            if entry.mv == Move::NONE {
                entry.mv = old.mv;
            }
        }
        let data = encode(&entry, self.generation);
        self.words[slot].store(key ^ data, Relaxed);
        self.words[slot + 1].store(data, Relaxed);
    }

    /// Per-mille of sampled slots used by the current search (USI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = (1000 / WAYS).min(self.buckets);
        let mut used = 0;
        for bucket in 0..sample {
            for w in 0..WAYS {
                let i = self.base + bucket * WORDS_PER_BUCKET + 2 * w;
                let data = self.word(i + 1);
                if (self.word(i) != 0 || data != 0) && generation(data) == self.generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * WAYS).max(1)) as u32
    }
}

const _: () = assert!(std::mem::align_of::<AtomicU64>() == std::mem::align_of::<u64>());

/// `n` zero words, allocated zeroed (pages mapped on first touch, so a large
/// table costs nothing until used).
#[allow(unsafe_code)]
fn zeroed_words(n: usize) -> Vec<AtomicU64> {
    // vec![0; n] of an integer type allocates zeroed memory directly.
    let mut plain = std::mem::ManuallyDrop::new(vec![0u64; n]);
    let (ptr, len, cap) = (plain.as_mut_ptr(), plain.len(), plain.capacity());
    // SAFETY: the allocation came from a Vec<u64> of this length and capacity,
    // and AtomicU64 has u64's size and alignment (asserted above), so the same
    // layout frees it; zero is a valid AtomicU64.
    unsafe { Vec::from_raw_parts(ptr.cast::<AtomicU64>(), len, cap) }
}

/// Words to skip from the start of `words` to reach a 64-byte boundary.
fn line_offset(words: &[AtomicU64]) -> usize {
    let addr = words.as_ptr() as usize;
    (BYTES_PER_BUCKET - addr % BYTES_PER_BUCKET) % BYTES_PER_BUCKET / 8
}

#[inline(always)]
fn encode(e: &TtEntry, generation: u8) -> u64 {
    (e.mv.0 as u64)
        | ((e.score as i16 as u16 as u64) << 16)
        | ((e.eval as i16 as u16 as u64) << 32)
        | (((e.depth + DEPTH_OFFSET).clamp(0, 255) as u64) << 48)
        | ((e.bound as u64) << 56)
        | ((generation as u64 & 63) << 58)
}

#[inline(always)]
fn depth_field(data: u64) -> i32 {
    ((data >> 48) & 255) as i32
}

#[inline(always)]
fn generation(data: u64) -> u8 {
    (data >> 58) as u8 & 63
}

#[inline(always)]
fn decode(data: u64) -> TtEntry {
    TtEntry {
        mv: Move(data as u16),
        score: (data >> 16) as u16 as i16 as i32,
        eval: (data >> 32) as u16 as i16 as i32,
        depth: depth_field(data) - DEPTH_OFFSET,
        bound: match (data >> 56) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: i32, depth: i32) -> TtEntry {
        TtEntry {
            mv: Move(1234),
            score,
            eval: -77,
            depth,
            bound: Bound::Lower,
        }
    }

    #[test]
    fn stores_and_reads_back_exactly() {
        let tt = TranspositionTable::new(1);
        tt.store(42, entry(-31_990, 17));
        assert_eq!(tt.probe(42), Some(entry(-31_990, 17)));
        assert_eq!(tt.probe(1042), None);
        tt.store(7, entry(5, -1));
        assert_eq!(tt.probe(7).unwrap().depth, -1);
    }

    #[test]
    fn full_bucket_evicts_the_shallowest() {
        let tt = TranspositionTable::new(1);
        // Keys that differ only in the low bits share a bucket.
        let keys: Vec<u64> = (0..5u64).map(|i| (i + 1) << 1).collect();
        for (i, &k) in keys[..4].iter().enumerate() {
            tt.store(k, entry(0, 10 + i as i32));
        }
        tt.store(keys[4], entry(0, 20));
        assert_eq!(tt.probe(keys[0]), None, "depth 10 was the shallowest");
        assert!(keys[1..].iter().all(|&k| tt.probe(k).is_some()));
    }

    #[test]
    fn buckets_lie_on_cache_lines_and_the_last_one_fits() {
        let mut tt = TranspositionTable::new(2);
        for round in 0..2 {
            let first = tt.words[tt.bucket(0)..].as_ptr() as usize;
            assert_eq!(first % 64, 0, "round {round}");
            let last = tt.bucket(u64::MAX);
            assert!(last + WORDS_PER_BUCKET <= tt.words.len());
            tt.store(u64::MAX, entry(9, 3));
            assert_eq!(tt.probe(u64::MAX), Some(entry(9, 3)));
            // A table used but not fully mapped is cleared by reallocating:
            // the second round checks the fresh allocation.
            tt.clear();
            assert_eq!(tt.probe(u64::MAX), None);
        }
    }

    #[test]
    fn an_impossible_size_falls_back_instead_of_aborting() {
        // A petabyte: refused by the allocator, so a smaller table is made.
        let tt = TranspositionTable::new(1 << 30);
        assert!(tt.size_mb() < 1 << 30);
        assert!(tt.size_mb() >= 1);
    }

    #[test]
    fn one_gigabyte_allocates_quickly() {
        let t = std::time::Instant::now();
        let tt = TranspositionTable::new(1024);
        assert_eq!(tt.size_mb(), 1024);
        assert_eq!(tt.hashfull(), 0);
        assert!(t.elapsed().as_millis() < 1000, "{:?}", t.elapsed());
    }

    #[test]
    fn clearing_forgets_entries_whether_mapped_or_not() {
        let far = std::time::Instant::now() + std::time::Duration::from_secs(60);
        // Fully mapped: wiped in place.
        let mut tt = TranspositionTable::new(1);
        assert!(tt.prefault(far));
        tt.store(42, entry(3, 5));
        tt.clear();
        assert_eq!(tt.probe(42), None);
        // Partly mapped: a fresh allocation.
        let mut tt = TranspositionTable::new(2);
        tt.store(42, entry(3, 5));
        tt.clear();
        assert_eq!(tt.probe(42), None);
        // Mapping keeps what is stored.
        tt.store(99, entry(7, 2));
        assert!(tt.prefault(far));
        assert_eq!(tt.probe(99), Some(entry(7, 2)));
    }
}
