//! Cache prefetches.
//!
//! Contract: [`prefetch`] is a hint with no effect on any result. Every table
//! of yomi that hides a cache miss this way (the shogi engine's, the mate
//! solver's, the Xmas Rush trees) calls it, so the instruction lives in one
//! place. A module of its own, needing nothing but `core`, so the single-file
//! CodinGame export of the Xmas Rush bots can carry it.

/// Asks the processor to start loading the cache line of `x`, so that a
/// later read of it does not stall: the way to hide a table probe's cache
/// miss behind work that does not need the data yet. A hint only: no effect
/// on results; a no-op on processors other than x86-64.
///
/// ```
/// let table = vec![0u64; 1 << 16];
/// yomi_core::cache::prefetch(&table[12_345]);
/// assert_eq!(table[12_345], 0);
/// ```
#[inline(always)]
pub fn prefetch<T>(x: &T) {
    // SAFETY: SSE is part of every x86_64 target, and a prefetch is a hint
    // that reads nothing and never faults; the pointer comes from a
    // reference anyway.
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
            (x as *const T).cast(),
        );
    }
    let _ = x; // elsewhere a no-op
}
