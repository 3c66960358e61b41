//! USI move notation: parsing against a position, with reasons for rejection.
//!
//! Contract: [`Position::parse_usi`] returns a move only if it is legal in the
//! position; otherwise a [`MoveError`] says whether the text is malformed or
//! which rule the move breaks. Printing is [`std::fmt::Display`] on [`Move`];
//! `FromStr` on [`Move`] reads what it prints, checking the syntax only
//! (for text without a position, such as book files).

use crate::attacks;
use crate::error::MoveError;
use crate::movegen::{MoveList, generate_legal};
use crate::position::Position;
use crate::types::{Kind, Move, Square, rank_of, relative_rank, square, write_square};

/// Parses a USI square (`7g`).
pub fn parse_square(file: u8, rank: u8) -> Option<Square> {
    if (b'1'..=b'9').contains(&file) && (b'a'..=b'i').contains(&rank) {
        Some(square((file - b'1') as usize, (rank - b'a') as usize))
    } else {
        None
    }
}

fn square_name(sq: Square) -> String {
    let mut s = String::new();
    let _ = write_square(&mut s, sq);
    s
}

/// The syntactic content of a USI move, before checking it against a position.
enum Parsed {
    Drop(Kind, Square),
    Board(Square, Square, bool),
}

fn parse_syntax(text: &str) -> Result<Parsed, MoveError> {
    let bad = |reason: &str| MoveError::Malformed {
        text: yomi_core::text::excerpt(text),
        reason: reason.to_string(),
    };
    let b = text.as_bytes();
    if !b.is_ascii() {
        return Err(bad("contains non-ASCII characters"));
    }
    if b.len() == 4 && b[1] == b'*' {
        let kind = Kind::from_letter(b[0] as char)
            .filter(|k| *k != Kind::King && b[0].is_ascii_uppercase())
            .ok_or_else(|| {
                bad("a drop starts with one of P L N S G B R (uppercase for both sides)")
            })?;
        let to = parse_square(b[2], b[3])
            .ok_or_else(|| bad("the drop square must be a file 1-9 and a rank a-i"))?;
        return Ok(Parsed::Drop(kind, to));
    }
    if b.len() != 4 && b.len() != 5 {
        return Err(bad("expected 4 or 5 characters"));
    }
    let from = parse_square(b[0], b[1])
        .ok_or_else(|| bad("the origin must be a file 1-9 and a rank a-i"))?;
    let to = parse_square(b[2], b[3])
        .ok_or_else(|| bad("the destination must be a file 1-9 and a rank a-i"))?;
    let promote = match b.get(4) {
        None => false,
        Some(b'+') => true,
        Some(_) => return Err(bad("only '+' (promote) may follow the destination")),
    };
    if from == to {
        return Err(bad("origin and destination are the same square"));
    }
    Ok(Parsed::Board(from, to, promote))
}

impl std::str::FromStr for Move {
    type Err = MoveError;

    /// Parses USI move syntax without a position (`7g7f`, `8h2b+`,
    /// `P*5e`): the move may still be illegal wherever it is played;
    /// [`Position::parse_usi`] checks that too.
    ///
    /// ```
    /// use yomi_shogi::Move;
    /// let m: Move = "8h2b+".parse().unwrap();
    /// assert!(m.is_promotion());
    /// assert_eq!(m.to_string(), "8h2b+");
    /// assert!("8h8h".parse::<Move>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Move, MoveError> {
        Ok(match parse_syntax(text)? {
            Parsed::Drop(k, to) => Move::drop(k, to),
            Parsed::Board(from, to, p) => Move::new(from, to, p),
        })
    }
}

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        generate_legal(self, &mut list);
        list
    }

    /// True when `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// Parses a USI move and checks that it is legal here.
    pub fn parse_usi(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let parsed = parse_syntax(text)?;
        let m = match parsed {
            Parsed::Drop(k, to) => Move::drop(k, to),
            Parsed::Board(from, to, p) => Move::new(from, to, p),
        };
        if self.is_legal(m) {
            return Ok(m);
        }
        let reason = self.illegal_reason(&parsed);
        Err(MoveError::Illegal {
            text: text.to_string(),
            reason,
        })
    }

    fn illegal_reason(&self, parsed: &Parsed) -> String {
        let us = self.side_to_move();
        match *parsed {
            Parsed::Drop(k, to) => {
                if !self.hand(us).has(k) {
                    return format!("{us:?} has no {k:?} in hand");
                }
                if !self.piece_on(to).is_empty() {
                    return format!("{} is occupied", square_name(to));
                }
                let rr = relative_rank(us, rank_of(to));
                if (matches!(k, Kind::Pawn | Kind::Lance) && rr == 0)
                    || (k == Kind::Knight && rr <= 1)
                {
                    return format!("a {k:?} dropped on {} could never move", square_name(to));
                }
                if k == Kind::Pawn
                    && (self.pieces(us, Kind::Pawn) & crate::Bitboard(0x1ffu128 << (9 * (to / 9))))
                        .any()
                {
                    return "two unpromoted pawns on one file (nifu)".into();
                }
                if k == Kind::Pawn
                    && attacks::pawn(us, to).has(self.king_square(us.flip()))
                    && !self.in_check()
                {
                    return "checkmate by a pawn drop (uchifuzume)".into();
                }
                "it does not get the king out of check".into()
            }
            Parsed::Board(from, to, promote) => {
                let p = self.piece_on(from);
                let Some(kind) = p.kind() else {
                    return format!("there is no piece on {}", square_name(from));
                };
                if p.color() != us {
                    return format!(
                        "the piece on {} belongs to {:?}",
                        square_name(from),
                        us.flip()
                    );
                }
                let target = self.piece_on(to);
                if !target.is_empty() && target.color() == us {
                    return format!("{} holds one of {us:?}'s own pieces", square_name(to));
                }
                if !attacks::piece_attacks(us, kind, from, self.occupied()).has(to) {
                    return format!(
                        "a {kind:?} cannot move from {} to {}",
                        square_name(from),
                        square_name(to)
                    );
                }
                let in_zone =
                    relative_rank(us, rank_of(from)) <= 2 || relative_rank(us, rank_of(to)) <= 2;
                if promote && (!kind.can_promote() || !in_zone) {
                    return format!("a {kind:?} cannot promote on this move");
                }
                if !promote && self.is_legal(Move::new(from, to, true)) {
                    return format!("the {kind:?} must promote on {} (add '+')", square_name(to));
                }
                "it leaves the king in check".into()
            }
        }
    }
}
