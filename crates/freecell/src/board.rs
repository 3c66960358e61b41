//! The FreeCell position: tableau columns, free cells and foundations, stored
//! in a fixed-size value (no heap) so that the solver can copy it cheaply.
//!
//! Columns are kept back to back in one 52-slot array; `lens` says where each
//! ends. Free cells are positional (cell `a` is index 0) because notation
//! names them; the solver's hash ignores their order.

use crate::card::Card;
use crate::error::FreecellError;

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

/// A FreeCell position.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    ncols: u8,
    ncells: u8,
    found: [u8; 4],
    cells: [Card; MAX_CELLS],
    lens: [u8; MAX_COLS],
    cards: [Card; 52],
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
            cards: [Card::NONE; 52],
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
    /// Where column `col` (< `MAX_COLS`) starts in `cards`.
    #[inline]
    fn start(&self, col: usize) -> usize {
        // byte-wise prefix sum in one multiply: the lengths sum to at most
        // 52, so no byte of the running sum overflows into the next; shifted
        // by one byte, byte `col` of the product sums the columns before it
        let x = u128::from_le_bytes(self.lens) << 8;
        (x.wrapping_mul(u128::MAX / 255) >> (8 * (col & (MAX_COLS - 1)))) as u8 as usize
    }
    /// Cards in all columns.
    #[inline]
    fn total(&self) -> usize {
        (u128::from_le_bytes(self.lens).wrapping_mul(u128::MAX / 255) >> 120) as usize
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
        // byte k of the product is the end of column k (see `start`)
        let ends = u128::from_le_bytes(self.lens)
            .wrapping_mul(u128::MAX / 255)
            .to_le_bytes();
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
        self.cells().iter().filter(|c| c.is_none()).count()
    }
    /// Empty columns.
    #[inline]
    pub fn empty_cols(&self) -> usize {
        self.lens[..self.ncols as usize]
            .iter()
            .filter(|&&l| l == 0)
            .count()
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

    // --- raw mutation, no legality checks (see `moves` for checked moves) ---

    /// Removes the top `n` cards of `col` into `out` (bottom first).
    pub(crate) fn take(&mut self, col: usize, n: usize, out: &mut [Card]) {
        let end = self.start(col) + self.lens[col] as usize;
        let total = self.total();
        out[..n].copy_from_slice(&self.cards[end - n..end]);
        self.cards.copy_within(end..total, end - n);
        // slots past the last card stay empty, so equal positions are equal
        self.cards[total - n..total].fill(Card::NONE);
        self.lens[col] -= n as u8;
    }
    /// Puts `cards` (bottom first) on top of `col`.
    pub(crate) fn put(&mut self, col: usize, cards: &[Card]) {
        let end = self.start(col) + self.lens[col] as usize;
        let total = self.total();
        let n = cards.len();
        self.cards.copy_within(end..total, end + n);
        self.cards[end..end + n].copy_from_slice(cards);
        self.lens[col] += n as u8;
    }
    /// Moves the top `n` cards of column `s` onto column `d` (`s != d`):
    /// only the cards between the two columns shift.
    pub(crate) fn move_cards(&mut self, s: usize, d: usize, n: usize) {
        let end_s = self.start(s) + self.lens[s] as usize;
        let end_d = self.start(d) + self.lens[d] as usize;
        let mut run = [Card::NONE; 16];
        if s < d {
            // [end_s - n, end_s) is the run; what follows up to end_d slides down
            run[..n].copy_from_slice(&self.cards[end_s - n..end_s]);
            self.cards.copy_within(end_s..end_d, end_s - n);
            self.cards[end_d - n..end_d].copy_from_slice(&run[..n]);
        } else {
            // what lies from end_d up to the run slides up over it
            run[..n].copy_from_slice(&self.cards[end_s - n..end_s]);
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
        let mut buf = [Card::NONE; 52];
        b.take(15, 2, &mut buf);
        b.put(0, &buf[..2]);
        assert_eq!(b.col(15), &cols[15][..1]);
        assert_eq!(&b.col(0)[4..], &cols[15][1..]);
        assert_eq!(b.total(), 52);
        b.take(0, 2, &mut buf);
        b.put(15, &buf[..2]);
        let again: Vec<&[Card]> = b.columns().collect();
        let want: Vec<&[Card]> = cols.iter().map(|c| &c[..]).collect();
        assert_eq!(again, want);
        // the same position reached by moves equals the one built directly
        let fresh = Board::from_parts(layout, [0; 4], &[], &cols).unwrap();
        assert_eq!(b, fresh);
        // direct column-to-column moves agree with take + put, both ways
        for (s, d, n) in [(15, 0, 2), (0, 15, 3), (3, 9, 1), (9, 3, 1)] {
            let mut via = b.clone();
            via.take(s, n, &mut buf);
            via.put(d, &buf[..n]);
            b.move_cards(s, d, n);
            assert_eq!(b, via, "{s}->{d} x{n}");
        }
    }
}
