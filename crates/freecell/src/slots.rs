//! The board's card array: cards back to back from slot 0, then empty slots
//! ([`Card::NONE`]) up to [`SLOTS`], a whole number of words, so that word
//! searches over it (see [`crate::board::Board::locate`]) need no tail.
//!
//! Empty slots stay empty through every edit, so equal positions are equal
//! arrays. (A fixed-size window copy over a twice as large array avoids the
//! libc call of these variable-length copies, but measured slower: every
//! stored board grows.)

use crate::card::Card;

/// Slots in the array: 52 cards rounded up to whole 8-byte words.
pub const SLOTS: usize = 64;

/// Removes the `n` slots from `at` on; what lay above moves down.
#[inline]
pub fn remove(a: &mut [Card; SLOTS], at: usize, n: usize) {
    a.copy_within(at + n..SLOTS, at);
    a[SLOTS - n..].fill(Card::NONE);
}

/// Opens slots at `at` for `cards` by moving what lay there and above up
/// (only empty slots fall off the end), and puts `cards` there.
#[inline]
pub fn insert(a: &mut [Card; SLOTS], at: usize, cards: &[Card]) {
    let n = cards.len();
    a.copy_within(at..SLOTS - n, at + n);
    a[at..at + n].copy_from_slice(cards);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn array(v: &[u8]) -> [Card; SLOTS] {
        let mut a = [Card::NONE; SLOTS];
        for (k, &b) in v.iter().enumerate() {
            a[k] = Card(b);
        }
        a
    }

    /// Every removal and insertion over arrays of up to 52
    /// cards agrees with the same edit done on a `Vec`.
    #[test]
    fn edits_agree_with_vec_edits() {
        let full: Vec<u8> = (4..56).collect();
        for len in [0usize, 1, 7, 8, 9, 31, 51, 52] {
            let base = &full[..len];
            for at in 0..=len {
                for n in 0..=16usize.min(len - at) {
                    let mut a = array(base);
                    remove(&mut a, at, n);
                    let mut v = base.to_vec();
                    v.drain(at..at + n);
                    assert_eq!(a, array(&v), "remove len {len} at {at} n {n}");
                }
                for n in 1..=16usize.min(52 - len) {
                    let run: Vec<u8> = (100..100 + n as u8).collect();
                    let cards: Vec<Card> = run.iter().map(|&b| Card(b)).collect();
                    let mut a = array(base);
                    insert(&mut a, at, &cards);
                    let mut v = base.to_vec();
                    v.splice(at..at, run.iter().copied());
                    assert_eq!(a, array(&v), "insert len {len} at {at} n {n}");
                }
            }
        }
    }
}
