//! The FreeCell position: tableau columns, free cells and foundations, stored
//! in a fixed-size value (no heap) so that the solver can copy it cheaply.
//!
//! Columns are kept back to back in one 64-slot array (see [`crate::slots`]);
//! `lens` says where each ends. Free cells are positional (cell `a` is index
//! 0) because notation names them; the solver's hash ignores their order.

use crate::card::Card;
use crate::error::FreecellError;
use crate::slots::{self, SLOTS};

/// Most tableau columns a board may have.
pub const MAX_COLS: usize = 16;
/// Most free cells a board may have.
pub const MAX_CELLS: usize = 8;

/// Number of columns and free cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Layout {
    /// Tableau columns (1..=16).
    pub cols: usize,
    /// Free cells (0..=8).
    pub cells: usize,
}

impl Default for Layout {
    fn default() -> Self {
        Layout { cols: 8, cells: 4 }
    }
}

impl Layout {
    /// Checks the limits.
    pub fn validate(self) -> Result<Layout, FreecellError> {
        if self.cols == 0 || self.cols > MAX_COLS {
            return Err(FreecellError::Layout(format!(
                "{} columns (allowed 1..={MAX_COLS})",
                self.cols
            )));
        }
        if self.cells > MAX_CELLS {
            return Err(FreecellError::Layout(format!(
                "{} free cells (allowed 0..={MAX_CELLS})",
                self.cells
            )));
        }
        Ok(self)
    }
}

/// A one in every byte of a word.
const BYTE_ONES: u64 = 0x0101_0101_0101_0101;

/// A FreeCell position.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    ncols: u8,
    ncells: u8,
    found: [u8; 4],
    cells: [Card; MAX_CELLS],
    lens: [u8; MAX_COLS],
    cards: [Card; SLOTS],
}

impl Board {
    /// Builds a board and checks that it holds each of the 52 cards once.
    pub fn from_parts(
        layout: Layout,
        found: [u8; 4],
        cells: &[Card],
        cols: &[Vec<Card>],
    ) -> Result<Board, FreecellError> {
        let layout = layout.validate()?;
        if cols.len() != layout.cols {
            return Err(FreecellError::Deck(format!(
                "{} columns given, layout has {}",
                cols.len(),
                layout.cols
            )));
        }
        let used_cells: Vec<Card> = cells.iter().copied().filter(|c| !c.is_none()).collect();
        if cells.len() > layout.cells {
            return Err(FreecellError::Deck(format!(
                "{} free cells given, layout has {}",
                cells.len(),
                layout.cells
            )));
        }
        let mut seen = [false; 52];
        let mut mark = |c: Card| -> Result<(), FreecellError> {
            if std::mem::replace(&mut seen[c.index()], true) {
                return Err(FreecellError::Deck(format!("card {c} appears twice")));
            }
            Ok(())
        };
        for (s, &r) in found.iter().enumerate() {
            if r > 13 {
                return Err(FreecellError::Deck(format!("foundation rank {r} > 13")));
            }
            for rank in 1..=r {
                mark(Card::new(rank, s as u8))?;
            }
        }
        for &c in &used_cells {
            mark(c)?;
        }
        for col in cols {
            for &c in col {
                mark(c)?;
            }
        }
        if let Some(i) = seen.iter().position(|&s| !s) {
            return Err(FreecellError::Deck(format!(
                "card {} is missing",
                Card::from_index(i)
            )));
        }
        let mut b = Board {
            ncols: layout.cols as u8,
            ncells: layout.cells as u8,
            found,
            cells: [Card::NONE; MAX_CELLS],
            lens: [0; MAX_COLS],
            cards: [Card::NONE; SLOTS],
        };
        b.cells[..cells.len()].copy_from_slice(cells);
        let mut k = 0;
        for (i, col) in cols.iter().enumerate() {
            b.lens[i] = col.len() as u8;
            b.cards[k..k + col.len()].copy_from_slice(col);
            k += col.len();
        }
        Ok(b)
    }

    /// Columns and cells of this board.
    #[inline]
    pub fn layout(&self) -> Layout {
        Layout {
            cols: self.ncols as usize,
            cells: self.ncells as usize,
        }
    }
    /// Number of columns.
    #[inline]
    pub fn ncols(&self) -> usize {
        self.ncols as usize
    }
    /// Number of free cells.
    #[inline]
    pub fn ncells(&self) -> usize {
        self.ncells as usize
    }
    /// Highest rank on the foundation of `suit` (0 when empty).
    #[inline]
    pub fn found(&self, suit: u8) -> u8 {
        self.found[suit as usize]
    }
    /// The four foundation ranks (C, D, H, S).
    #[inline]
    pub fn foundations(&self) -> [u8; 4] {
        self.found
    }
    /// True when `c` is the next card its foundation needs.
    #[inline]
    pub fn is_next_home(&self, c: Card) -> bool {
        self.found(c.suit()) + 1 == c.rank()
    }
    /// Cards on the foundations.
    #[inline]
    pub fn found_total(&self) -> u32 {
        self.found.iter().map(|&r| r as u32).sum()
    }
    /// The free cells ([`Card::NONE`] when empty), cell `a` first.
    #[inline]
    pub fn cells(&self) -> &[Card] {
        &self.cells[..self.ncells as usize]
    }
    /// The column lengths as two words (columns 0-7 and 8-15), read
    /// straight into integer registers.
    #[inline]
    fn len_words(&self) -> (u64, u64) {
        let (lo, hi) = self.lens.split_at(8);
        (
            u64::from_le_bytes(lo.try_into().expect("8 bytes")),
            u64::from_le_bytes(hi.try_into().expect("8 bytes")),
        )
    }
    /// Column ends as bytes: byte `k` is one past column `k`'s last slot.
    #[inline]
    fn ends(&self) -> [u8; MAX_COLS] {
        // byte-wise prefix sums by multiplying with 0x0101..01: the lengths
        // sum to at most 52, so no byte of a running sum carries into the
        // next; the upper half adds the lower half's total to every byte
        let (lo, hi) = self.len_words();
        let lo = lo.wrapping_mul(BYTE_ONES);
        let hi = hi
            .wrapping_mul(BYTE_ONES)
            .wrapping_add((lo >> 56) * BYTE_ONES);
        (lo as u128 | (hi as u128) << 64).to_le_bytes()
    }
    /// Where column `col` (< `MAX_COLS`) starts in `cards`.
    #[inline]
    fn start(&self, col: usize) -> usize {
        // as in `ends`, shifted by one byte so that byte `col` sums the
        // columns before it; boards of up to 8 columns take the first branch
        let (lo, hi) = self.len_words();
        let col = col & (MAX_COLS - 1);
        if col < 8 {
            ((lo << 8).wrapping_mul(BYTE_ONES) >> (8 * col)) as u8 as usize
        } else {
            let below = lo.wrapping_mul(BYTE_ONES) >> 56;
            let above = (hi << 8).wrapping_mul(BYTE_ONES) >> (8 * (col - 8));
            (below as u8).wrapping_add(above as u8) as usize
        }
    }
    /// Cards in all columns.
    #[inline]
    fn total(&self) -> usize {
        // bytes past the last column add nothing, so the last end is the total
        self.ends()[MAX_COLS - 1] as usize
    }
    /// Column `col`, deepest card first, exposed card last.
    #[inline]
    pub fn col(&self, col: usize) -> &[Card] {
        let s = self.start(col);
        &self.cards[s..s + self.lens[col] as usize]
    }
    /// All columns in order (cheaper than calling [`Board::col`] for each).
    #[inline]
    pub fn columns(&self) -> impl Iterator<Item = &[Card]> {
        let mut at = 0usize;
        self.lens[..self.ncols as usize].iter().map(move |&l| {
            let s = &self.cards[at..at + l as usize];
            at += l as usize;
            s
        })
    }
    /// Length of column `col`.
    #[inline]
    pub fn col_len(&self, col: usize) -> usize {
        self.lens[col] as usize
    }
    /// The exposed card of column `col`.
    #[inline]
    pub fn top(&self, col: usize) -> Option<Card> {
        self.col(col).last().copied()
    }
    /// The exposed card of every column (`None` for empty columns and past
    /// the last column), in one pass.
    #[inline]
    pub fn tops(&self) -> [Option<Card>; MAX_COLS] {
        let ends = self.ends();
        let mut out = [None; MAX_COLS];
        for k in 0..self.ncols as usize {
            if self.lens[k] > 0 {
                out[k] = Some(self.cards[ends[k] as usize - 1]);
            }
        }
        out
    }
    /// Empty free cells.
    #[inline]
    pub fn free_cells(&self) -> usize {
        self.cells().iter().map(|c| c.is_none() as usize).sum()
    }
    /// Empty columns.
    #[inline]
    pub fn empty_cols(&self) -> usize {
        self.lens[..self.ncols as usize]
            .iter()
            .map(|&l| (l == 0) as usize)
            .sum()
    }
    /// True when all 52 cards are on the foundations.
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.found == [13; 4]
    }
    /// Length of the ordered run (alternating colours, descending) at the
    /// exposed end of column `col`.
    pub fn run_len(&self, col: usize) -> usize {
        let c = self.col(col);
        if c.is_empty() {
            return 0;
        }
        let mut n = 1;
        while n < c.len() && c[c.len() - n].fits_on(c[c.len() - n - 1]) {
            n += 1;
        }
        n
    }

    /// The column holding card `c` and the number of cards lying on it, or
    /// `None` when `c` is not in a column. Branch-free: a byte search over
    /// the card array a word at a time, then a count of column ends.
    #[inline]
    pub fn locate(&self, c: Card) -> Option<(usize, usize)> {
        const ONES: u64 = 0x0101_0101_0101_0101;
        let pattern = c.0 as u64 * ONES;
        let mut slot = SLOTS;
        // the card is in one word at most, and a word holding it has its
        // lowest flagged byte exactly there
        for i in (0..7).rev() {
            let w = u64::from_le_bytes(std::array::from_fn(|k| self.cards[8 * i + k].0)) ^ pattern;
            let zero = w.wrapping_sub(ONES) & !w & (ONES << 7);
            let at = 8 * i + (zero.trailing_zeros() / 8) as usize;
            slot = if zero != 0 { at } else { slot };
        }
        if slot >= self.total() {
            return None;
        }
        let ends = self.ends();
        // columns ending at or before the slot come before its column
        let col: usize = ends.iter().map(|&e| (e as usize <= slot) as usize).sum();
        Some((col, ends[col & (MAX_COLS - 1)] as usize - 1 - slot))
    }
    /// The natural runs of all columns at once: bit `k` is set when the
    /// card in slot `k` of the card array lies on the card in slot `k - 1`
    /// of the same column and fits on it (one rank lower, other colour).
    /// Computed in one fixed pass without branches; run lengths then come
    /// from counting set bits (see [`ones_down`] and [`ones_up`]).
    #[inline]
    pub(crate) fn links(&self) -> u64 {
        // eight slots per word: a byte of `lower` holds the card below the
        // same byte of `upper`; ranks differ by one when the difference,
        // offset by 0x80 so that no byte borrows, is 0x81, and colours
        // differ when bit 0 of v ^ (v >> 1) does (red suits are 1 and 2)
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let word = |i: usize| u64::from_le_bytes(std::array::from_fn(|k| self.cards[8 * i + k].0));
        let mut m = 0u64;
        let mut prev = 0u64;
        for i in 0..SLOTS / 8 {
            let upper = word(i);
            let lower = upper << 8 | prev >> 56;
            prev = upper;
            let rank = |w: u64| (w >> 2) & 0x3f3f_3f3f_3f3f_3f3f;
            let step = ((rank(lower) | HIGH) - rank(upper)) ^ 0x8181_8181_8181_8181;
            let red = |w: u64| w ^ (w >> 1);
            let colour = (red(upper) ^ red(lower) ^ BYTE_ONES) & BYTE_ONES;
            // a zero byte of z is a link; the exact zero-byte test
            let z = step | colour;
            let zero = !(((z & LOW7) + LOW7) | z) & HIGH;
            m |= (zero.wrapping_mul(0x0002_0408_1020_4081) >> 56) << (8 * i);
        }
        // empty slots past the last card (an empty slot on a red ace would
        // look like a link)
        let ends = self.ends();
        m &= (1u64 << ends[MAX_COLS - 1]) - 1; // (the last end is the total)
        // a column's first card lies on the previous column's last
        let mut starts = 0u64;
        for &e in &ends[..self.ncols as usize] {
            starts |= 1u64 << (e & 63);
        }
        m & !starts
    }

    // --- raw mutation, no legality checks (see `moves` for checked moves) ---

    /// Removes the exposed card of `col` (which must not be empty).
    pub(crate) fn pop(&mut self, col: usize) -> Card {
        let end = self.start(col) + self.lens[col] as usize;
        let c = self.cards[end - 1];
        slots::remove(&mut self.cards, end - 1, 1);
        self.lens[col] -= 1;
        c
    }
    /// Puts `c` on top of `col`.
    pub(crate) fn push(&mut self, col: usize, c: Card) {
        let end = self.start(col) + self.lens[col] as usize;
        slots::insert(&mut self.cards, end, &[c]);
        self.lens[col] += 1;
    }
    /// Moves the top `n` cards of column `s` onto column `d` (`s != d`):
    /// only the cards between the two columns shift.
    pub(crate) fn move_cards(&mut self, s: usize, d: usize, n: usize) {
        let end_s = self.start(s) + self.lens[s] as usize;
        let end_d = self.start(d) + self.lens[d] as usize;
        let mut run = [Card::NONE; 16];
        run[..n].copy_from_slice(&self.cards[end_s - n..end_s]);
        if s < d {
            // [end_s - n, end_s) is the run; what follows up to end_d slides down
            self.cards.copy_within(end_s..end_d, end_s - n);
            self.cards[end_d - n..end_d].copy_from_slice(&run[..n]);
        } else {
            // what lies from end_d up to the run slides up over it
            self.cards.copy_within(end_d..end_s - n, end_d + n);
            self.cards[end_d..end_d + n].copy_from_slice(&run[..n]);
        }
        self.lens[s] -= n as u8;
        self.lens[d] += n as u8;
    }
    /// Sets free cell `i`.
    #[inline]
    pub(crate) fn set_cell(&mut self, i: usize, c: Card) {
        self.cells[i] = c;
    }
    /// Puts `c` on its foundation.
    #[inline]
    pub(crate) fn raise(&mut self, c: Card) {
        self.found[c.suit() as usize] = c.rank();
    }
}

/// Consecutive set bits of `links` from bit `k` downwards: the number of
/// cards below slot `k` in its natural run.
#[inline]
pub(crate) fn ones_down(links: u64, k: usize) -> usize {
    (!(links << (63 - (k & 63)))).leading_zeros() as usize
}

/// Consecutive set bits of `links` from bit `k` upwards (`k` < 64): the
/// number of cards from slot `k` up that continue the run below them.
#[inline]
pub(crate) fn ones_up(links: u64, k: usize) -> usize {
    (!(links >> (k & 63))).trailing_zeros() as usize
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", crate::text::format_board(self, true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Column slices, exposed cards and card moves stay right in the widest
    /// layout (16 columns), where the prefix-sum arithmetic is tightest.
    #[test]
    fn sixteen_columns_keep_their_cards() {
        let deck: Vec<Card> = (0..52).map(Card::from_index).collect();
        // column k holds 3 or 4 cards: 4 * 4 + 12 * 3 = 52
        let mut cols: Vec<Vec<Card>> = Vec::new();
        let mut at = 0;
        for k in 0..16 {
            let n = if k < 4 { 4 } else { 3 };
            cols.push(deck[at..at + n].to_vec());
            at += n;
        }
        let layout = Layout { cols: 16, cells: 4 };
        let mut b = Board::from_parts(layout, [0; 4], &[], &cols).unwrap();
        for (k, col) in cols.iter().enumerate() {
            assert_eq!(b.col(k), &col[..], "column {k}");
            assert_eq!(b.top(k), col.last().copied());
            assert_eq!(b.tops()[k], col.last().copied());
        }
        // move two cards from the last column onto the first and back
        let (x, y) = (b.pop(15), b.pop(15));
        b.push(0, y);
        b.push(0, x);
        assert_eq!(b.col(15), &cols[15][..1]);
        assert_eq!(&b.col(0)[4..], &cols[15][1..]);
        assert_eq!(b.total(), 52);
        let (x, y) = (b.pop(0), b.pop(0));
        b.push(15, y);
        b.push(15, x);
        let again: Vec<&[Card]> = b.columns().collect();
        let want: Vec<&[Card]> = cols.iter().map(|c| &c[..]).collect();
        assert_eq!(again, want);
        // the same position reached by moves equals the one built directly
        let fresh = Board::from_parts(layout, [0; 4], &[], &cols).unwrap();
        assert_eq!(b, fresh);
        // direct column-to-column moves agree with card-by-card ones
        for (s, d, n) in [(15, 0, 2), (0, 15, 3), (3, 9, 1), (9, 3, 1)] {
            let mut via = b.clone();
            let mut held: Vec<Card> = (0..n).map(|_| via.pop(s)).collect();
            while let Some(c) = held.pop() {
                via.push(d, c);
            }
            b.move_cards(s, d, n);
            assert_eq!(b, via, "{s}->{d} x{n}");
        }
    }

    /// `locate` and `links` agree with plain scans of the columns on boards
    /// along random walks of real deals.
    #[test]
    fn locate_and_links_agree_with_scans() {
        let mut checked = 0;
        crate::solve::compound::walk(1..=10, 8, 60, 5, None, |_, b| {
            let links = b.links();
            let mut at = 0;
            for (k, col) in b.columns().enumerate() {
                for (i, &c) in col.iter().enumerate() {
                    assert_eq!(b.locate(c), Some((k, col.len() - 1 - i)), "{c} on {b:?}");
                }
                if !col.is_empty() {
                    assert_eq!(1 + ones_down(links, at + col.len() - 1), b.run_len(k));
                    for i in 0..col.len() {
                        let mut up = 0;
                        while i + up + 1 < col.len() && col[i + up + 1].fits_on(col[i + up]) {
                            up += 1;
                        }
                        assert_eq!(ones_up(links, at + i + 1), up, "column {k} card {i}");
                    }
                }
                at += col.len();
                checked += 1;
            }
            for &c in b.cells() {
                if !c.is_none() {
                    assert_eq!(b.locate(c), None);
                }
            }
            let mut naive = 0u64;
            let mut at = 0;
            for col in b.columns() {
                for i in 1..col.len() {
                    naive |= (col[i].fits_on(col[i - 1]) as u64) << (at + i);
                }
                at += col.len();
            }
            assert_eq!(links, naive, "{b:?}");
        });
        assert!(checked > 1000);
    }
}
