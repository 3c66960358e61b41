//! Microsoft FreeCell deal numbering, including the FreeCell Pro extension.
//!
//! Deals 1..2^31-1 use the MS C runtime LCG (`state = state*214013+2531011`,
//! `rand = (state >> 16) & 0x7fff`). FreeCell Pro extends the numbering up to
//! 2^33-1: for 2^31..2^32-1 the draw gets bit 15 set, and for 2^32..2^33-1
//! the seed is reduced by 2^32, the draw keeps 16 bits and gets 1 added.
//! Every deal deals all 52 cards round-robin into 8 columns.

use crate::board::{Board, Layout};
use crate::card::Card;
use crate::error::FreecellError;
use std::fmt;
use std::str::FromStr;

/// The highest deal number (FreeCell Pro extension).
pub const MAX_DEAL: u64 = (1 << 33) - 1;

/// The 52 cards in dealing order: card `i` goes to column `i % 8`.
pub fn deal_order(deal: u64) -> Result<[Card; 52], FreecellError> {
    if !(1..=MAX_DEAL).contains(&deal) {
        return Err(FreecellError::DealOutOfRange(deal));
    }
    let mut rng = MsRng::new(deal);
    let mut deck: [Card; 52] = std::array::from_fn(Card::from_index);
    let mut out = [Card::NONE; 52];
    let mut left = 52usize;
    for slot in out.iter_mut() {
        let j = (rng.next() as usize) % left;
        *slot = deck[j];
        deck[j] = deck[left - 1];
        left -= 1;
    }
    Ok(out)
}

/// The board of Microsoft deal `deal` with the given layout (the layout must
/// have 8 columns; free cells may vary).
pub fn deal_board(deal: u64, layout: Layout) -> Result<Board, FreecellError> {
    if layout.cols != 8 {
        return Err(FreecellError::Layout(
            "Microsoft deals need exactly 8 columns".into(),
        ));
    }
    let order = deal_order(deal)?;
    let mut cols: Vec<Vec<Card>> = vec![Vec::new(); 8];
    for (i, &c) in order.iter().enumerate() {
        cols[i % 8].push(c);
    }
    Board::from_parts(layout, [0; 4], &[], &cols)
}

/// Consecutive Microsoft deal numbers, both ends included: what the command line writes as
/// `N`, `A..B` or `A..=B` (`A..B` includes `B`, as FreeCell players count ranges).
///
/// Contract: `first <= last`, both within `1..=`[`MAX_DEAL`]; [`fmt::Display`] writes `N`
/// for one deal and `A..B` otherwise, which [`FromStr`] reads back to the same range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealRange {
    first: u64,
    last: u64,
}

/// A text that is not a deal number or range within `1..=`[`MAX_DEAL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}`: expected a deal number N or a range A..B within 1..8589934591")]
pub struct DealRangeError(pub String);

impl DealRange {
    /// The deals `first..=last`; `None` unless `1 <= first <= last <= MAX_DEAL`.
    pub fn new(first: u64, last: u64) -> Option<DealRange> {
        (first >= 1 && first <= last && last <= MAX_DEAL).then_some(DealRange { first, last })
    }

    /// The lowest deal number.
    pub fn first(&self) -> u64 {
        self.first
    }

    /// The highest deal number.
    pub fn last(&self) -> u64 {
        self.last
    }

    /// Number of deals (at least 1).
    pub fn len(&self) -> u64 {
        self.last - self.first + 1
    }

    /// Never true: a range holds at least one deal (here for the `len` convention).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// True for a single deal.
    pub fn is_single(&self) -> bool {
        self.first == self.last
    }

    /// The deal numbers in order.
    pub fn deals(&self) -> std::ops::RangeInclusive<u64> {
        self.first..=self.last
    }
}

impl FromStr for DealRange {
    type Err = DealRangeError;

    fn from_str(s: &str) -> Result<DealRange, DealRangeError> {
        let bad = || DealRangeError(s.to_string());
        let (a, b) = match s.split_once("..") {
            Some((a, b)) => (a.trim(), b.trim().trim_start_matches('=')),
            None => (s.trim(), s.trim()),
        };
        let a: u64 = a.parse().map_err(|_| bad())?;
        let b: u64 = b.parse().map_err(|_| bad())?;
        DealRange::new(a, b).ok_or_else(bad)
    }
}

impl fmt::Display for DealRange {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.is_single() {
            write!(f, "{}", self.first)
        } else {
            write!(f, "{}..{}", self.first, self.last)
        }
    }
}

/// The Microsoft / FreeCell Pro random number generator for one deal.
struct MsRng {
    state: u64,
    mode: u8,
}

impl MsRng {
    fn new(deal: u64) -> MsRng {
        if deal < 1 << 31 {
            MsRng {
                state: deal,
                mode: 0,
            }
        } else if deal < 1 << 32 {
            MsRng {
                state: deal,
                mode: 1,
            }
        } else {
            MsRng {
                state: deal - (1 << 32),
                mode: 2,
            }
        }
    }

    fn next(&mut self) -> u32 {
        self.state = (self.state.wrapping_mul(214013).wrapping_add(2531011)) & MAX_DEAL;
        match self.mode {
            0 => ((self.state >> 16) & 0x7fff) as u32,
            1 => (((self.state >> 16) & 0x7fff) | 0x8000) as u32,
            _ => (((self.state >> 16) & 0xffff) + 1) as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_one_first_row() {
        let order = deal_order(1).unwrap();
        let row: Vec<String> = order[..8].iter().map(|c| c.to_string()).collect();
        assert_eq!(row.join(" "), "JD 2D 9H JC 5D 7H 7C 5H");
    }

    #[test]
    fn deal_ranges_read_every_spelling_and_print_back() {
        let r: DealRange = "1..32000".parse().unwrap();
        assert_eq!((r.first(), r.last(), r.len()), (1, 32000, 32000));
        assert_eq!("1..=32000".parse::<DealRange>(), Ok(r));
        assert_eq!(" 7 ".parse::<DealRange>().unwrap().deals(), 7..=7);
        for text in ["5", "1..32000", "8589934590..8589934591"] {
            let r: DealRange = text.parse().unwrap();
            assert_eq!(r.to_string(), text);
            assert_eq!(r.to_string().parse::<DealRange>(), Ok(r));
        }
        for bad in ["0", "5..4", "0..3", "1..8589934592", "x", "1..", "-3"] {
            assert_eq!(
                bad.parse::<DealRange>(),
                Err(DealRangeError(bad.to_string())),
                "{bad}"
            );
        }
        assert_eq!(
            DealRangeError("0".into()).to_string(),
            "`0`: expected a deal number N or a range A..B within 1..8589934591"
        );
    }

    #[test]
    fn out_of_range_deals_are_errors() {
        assert!(deal_order(0).is_err());
        assert!(deal_order(MAX_DEAL + 1).is_err());
        assert!(deal_order(MAX_DEAL).is_ok());
    }
}
