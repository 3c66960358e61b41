//! Mapping large tables into memory before they are needed.
//!
//! Contract: [`touch_pages`] makes the operating system back every page of
//! a slice it reaches with real memory, without changing any value, and
//! stops at a deadline, returning how far it got so a later call resumes.
//!
//! Why: the tables are allocated zero-filled and mapped lazily, so the first
//! search of a game pays a page fault for every new page it writes. On
//! virtual machines a fault can cost tens of microseconds (measured here:
//! writing a fresh 64 MB table took 0.4–0.6 s, a second pass 2 ms), which
//! is enough to make the first moves of a game overrun a 100 ms byoyomi.
//! `isready` is the place for that cost.

use std::time::Instant;

const PAGE_BYTES: usize = 4096;

/// Touches the pages of `data` from element `from` on, until the end or
/// until `deadline` passes; returns the index where it stopped (`data.len()`
/// when done). Each page is read and written back unchanged.
pub fn touch_pages<T: Copy>(data: &mut [T], from: usize, deadline: Instant) -> usize {
    let step = (PAGE_BYTES / std::mem::size_of::<T>().max(1)).max(1);
    // Check the clock every 64 pages (256 KB), not every page.
    let chunk = 64 * step;
    let mut at = from.min(data.len());
    while at < data.len() {
        let end = (at + chunk).min(data.len());
        for i in (at..end).step_by(step) {
            // black_box keeps the store: a read alone maps the shared zero
            // page, only a write gives the page its own memory.
            data[i] = std::hint::black_box(data[i]);
        }
        at = end;
        if Instant::now() >= deadline {
            break;
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn values_survive_and_the_cursor_resumes() {
        let mut v: Vec<u64> = (0..100_000).collect();
        let far = Instant::now() + Duration::from_secs(60);
        assert_eq!(touch_pages(&mut v, 0, far), 100_000);
        assert!(v.iter().enumerate().all(|(i, &x)| x == i as u64));
        // A deadline already past still makes progress (one chunk).
        let past = Instant::now();
        let at = touch_pages(&mut v, 0, past);
        assert!(at > 0 && at <= v.len());
        assert_eq!(touch_pages(&mut v, at, far), 100_000);
        let len = v.len();
        assert_eq!(touch_pages(&mut v, len + 5, far), len);
    }
}
