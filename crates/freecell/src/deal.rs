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
    fn out_of_range_deals_are_errors() {
        assert!(deal_order(0).is_err());
        assert!(deal_order(MAX_DEAL + 1).is_err());
        assert!(deal_order(MAX_DEAL).is_ok());
    }
}
