//! Playing cards as one byte: `rank * 4 + suit`, so that 0 is free to mean
//! "no card" and the Microsoft deck order (AC AD AH AS 2C ...) is simply the
//! numeric order of the card values.

use std::fmt;

/// Suits in Microsoft deck order; the index is the low two bits of a card.
pub const SUITS: [char; 4] = ['C', 'D', 'H', 'S'];
/// Rank letters indexed by rank (index 0 is the empty foundation).
pub const RANKS: [char; 14] = [
    '0', 'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
];

/// One card, or [`Card::NONE`]. Ranks run 1 (ace) to 13 (king); suits 0-3 are
/// clubs, diamonds, hearts, spades.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct Card(pub u8);

/// For each card value, the bit set (by card value) of the cards it may be
/// placed on: one rank higher, the other colour.
const PARENTS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut c = 4;
    while c < 56 {
        let (rank, red) = (c >> 2, matches!(c & 3, 1 | 2));
        let mut p = 4;
        while p < 56 {
            if p >> 2 == rank + 1 && matches!(p & 3, 1 | 2) != red {
                t[c] |= 1 << p;
            }
            p += 1;
        }
        c += 1;
    }
    t
};

/// For each card value, the bit set of the cards that may be placed on it
/// (the transpose of [`PARENTS`]).
const CHILDREN: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut c = 0;
    while c < 64 {
        let mut p = 0;
        while p < 64 {
            if PARENTS[c] >> p & 1 == 1 {
                t[p] |= 1 << c;
            }
            p += 1;
        }
        c += 1;
    }
    t
};

impl Card {
    /// The absence of a card (an empty free cell).
    pub const NONE: Card = Card(0);

    /// Builds a card from rank (1-13) and suit (0-3).
    #[inline]
    pub const fn new(rank: u8, suit: u8) -> Card {
        Card(rank * 4 + suit)
    }
    /// Rank 1 (ace) to 13 (king).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 2
    }
    /// Suit index 0-3 (C, D, H, S).
    #[inline]
    pub const fn suit(self) -> u8 {
        self.0 & 3
    }
    /// True for diamonds and hearts.
    #[inline]
    pub const fn is_red(self) -> bool {
        matches!(self.0 & 3, 1 | 2)
    }
    /// True when this is [`Card::NONE`].
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }
    /// True when `self` may be placed on `below` in a tableau column
    /// (one rank lower, opposite colour).
    #[inline]
    pub const fn fits_on(self, below: Card) -> bool {
        // one table lookup: the search asks this in its innermost loops
        (PARENTS[self.0 as usize & 63] >> (below.0 & 63)) & 1 == 1
    }
    /// The bit set (by card value) of the cards that fit on this one: one
    /// rank lower, the other colour (none for an ace or [`Card::NONE`]).
    #[inline]
    pub const fn children(self) -> u64 {
        CHILDREN[self.0 as usize & 63]
    }
    /// Dense index 0..52 (Microsoft order), for tables and encodings.
    #[inline]
    pub const fn index(self) -> usize {
        (self.0 - 4) as usize
    }
    /// The card with dense index 0..52.
    #[inline]
    pub const fn from_index(i: usize) -> Card {
        Card(i as u8 + 4)
    }

    /// Parses a two-character card like `TD`, `KS`, `10h` (case-insensitive).
    pub fn parse(token: &str) -> Option<Card> {
        let up = token.to_ascii_uppercase();
        let (r, s) = if let Some(rest) = up.strip_prefix("10") {
            ('T', rest)
        } else {
            let mut it = up.chars();
            (it.next()?, it.as_str())
        };
        let mut sc = s.chars();
        let suit_c = sc.next()?;
        if sc.next().is_some() {
            return None;
        }
        let rank = rank_from_char(r)?;
        if rank == 0 {
            return None;
        }
        let suit = SUITS.iter().position(|&c| c == suit_c)? as u8;
        Some(Card::new(rank, suit))
    }
}

/// Rank of a rank letter (`0` for an empty foundation, `A`, `2`..`9`, `T`, `J`, `Q`, `K`).
pub fn rank_from_char(c: char) -> Option<u8> {
    RANKS
        .iter()
        .position(|&r| r == c.to_ascii_uppercase())
        .map(|p| p as u8)
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("-");
        }
        write!(
            f,
            "{}{}",
            RANKS[self.rank() as usize],
            SUITS[self.suit() as usize]
        )
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print_round_trip_every_card() {
        for i in 0..52 {
            let c = Card::from_index(i);
            assert_eq!(Card::parse(&c.to_string()), Some(c));
            assert_eq!(c.index(), i);
        }
        assert_eq!(Card::parse("10h"), Card::parse("TH"));
        assert_eq!(Card::parse("1H"), None);
        assert_eq!(Card::parse("TX"), None);
        assert_eq!(Card::parse("TDD"), None);
    }

    #[test]
    fn colours_and_stacking() {
        let five_h = Card::parse("5H").unwrap();
        let six_s = Card::parse("6S").unwrap();
        let six_d = Card::parse("6D").unwrap();
        assert!(five_h.fits_on(six_s));
        assert!(!five_h.fits_on(six_d));
        assert!(!six_s.fits_on(five_h));
    }

    /// `children` is exactly the set of cards that fit on a card: two for
    /// every rank above the ace, by rank and colour.
    #[test]
    fn children_are_the_cards_that_fit() {
        for p in (0..52).map(Card::from_index) {
            let kids = p.children();
            for c in (0..52).map(Card::from_index) {
                assert_eq!(kids >> c.0 & 1 == 1, c.fits_on(p), "{c} on {p}");
                if c.fits_on(p) {
                    assert_eq!((c.rank() + 1, c.is_red()), (p.rank(), !p.is_red()));
                }
            }
            assert_eq!(kids.count_ones(), if p.rank() == 1 { 0 } else { 2 }, "{p}");
        }
        assert_eq!(Card::NONE.children(), 0);
    }
}
