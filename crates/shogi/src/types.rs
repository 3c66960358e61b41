//! Basic value types: colors, squares, piece kinds, pieces and moves.
//!
//! Contract: a square is `file * 9 + rank` with file 0 = USI file `1` and
//! rank 0 = USI rank `a` (Black's far side). Black (sente) moves towards rank
//! `a`. A [`Move`] is 16 bits: destination (7), origin or dropped kind (7),
//! promotion flag (1); it is only meaningful together with a position.

use std::fmt;

/// A side: Black (sente, moves first) or White (gote).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Sente, the first player; uppercase in SFEN.
    Black = 0,
    /// Gote, the second player; lowercase in SFEN.
    White = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Number of squares on the board.
pub const SQUARES: usize = 81;

/// A board square, `0..81` (see the module docs for the layout).
pub type Square = usize;

/// Builds a square from 0-based file (0 = file 1) and rank (0 = rank a).
#[inline(always)]
pub const fn square(file: usize, rank: usize) -> Square {
    file * 9 + rank
}

/// 0-based file of a square (0 = USI file `1`).
#[inline(always)]
pub const fn file_of(sq: Square) -> usize {
    sq / 9
}

/// 0-based rank of a square (0 = USI rank `a`).
#[inline(always)]
pub const fn rank_of(sq: Square) -> usize {
    sq % 9
}

/// Rank as seen by `c`: 0 is `c`'s far side (where its pieces promote).
#[inline(always)]
pub const fn relative_rank(c: Color, rank: usize) -> usize {
    match c {
        Color::Black => rank,
        Color::White => 8 - rank,
    }
}

/// Writes a square in USI notation (`7g`).
pub fn write_square(f: &mut impl fmt::Write, sq: Square) -> fmt::Result {
    write!(
        f,
        "{}{}",
        file_of(sq) + 1,
        (b'a' + rank_of(sq) as u8) as char
    )
}

/// A piece kind without color. Unpromoted kinds 1..=8, promoted = base + 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// Pawn (fuhyo).
    Pawn = 1,
    /// Lance (kyosha).
    Lance = 2,
    /// Knight (keima).
    Knight = 3,
    /// Silver general.
    Silver = 4,
    /// Bishop (kakugyo).
    Bishop = 5,
    /// Rook (hisha).
    Rook = 6,
    /// Gold general.
    Gold = 7,
    /// King.
    King = 8,
    /// Promoted pawn (tokin).
    ProPawn = 9,
    /// Promoted lance.
    ProLance = 10,
    /// Promoted knight.
    ProKnight = 11,
    /// Promoted silver.
    ProSilver = 12,
    /// Horse (promoted bishop).
    Horse = 13,
    /// Dragon (promoted rook).
    Dragon = 14,
}

/// All kinds, indexable by `kind as usize - 1`.
pub const ALL_KINDS: [Kind; 14] = [
    Kind::Pawn,
    Kind::Lance,
    Kind::Knight,
    Kind::Silver,
    Kind::Bishop,
    Kind::Rook,
    Kind::Gold,
    Kind::King,
    Kind::ProPawn,
    Kind::ProLance,
    Kind::ProKnight,
    Kind::ProSilver,
    Kind::Horse,
    Kind::Dragon,
];

/// The seven kinds that can be held in hand, in hand-index order.
pub const HAND_KINDS: [Kind; 7] = [
    Kind::Pawn,
    Kind::Lance,
    Kind::Knight,
    Kind::Silver,
    Kind::Bishop,
    Kind::Rook,
    Kind::Gold,
];

impl Kind {
    /// Kind from its numeric code (1..=14).
    #[inline(always)]
    pub const fn from_u8(v: u8) -> Option<Kind> {
        if v >= 1 && v <= 14 {
            Some(ALL_KINDS[v as usize - 1])
        } else {
            None
        }
    }

    /// True for pawn, lance, knight, silver, bishop and rook.
    #[inline(always)]
    pub const fn can_promote(self) -> bool {
        (self as u8) <= 6
    }

    /// The promoted kind (only meaningful when [`Kind::can_promote`]).
    #[inline(always)]
    pub const fn promoted(self) -> Kind {
        ALL_KINDS[self as usize + 7]
    }

    /// The kind a captured piece turns into in hand (promotion removed).
    #[inline(always)]
    pub const fn unpromoted(self) -> Kind {
        if (self as u8) > 8 {
            ALL_KINDS[self as usize - 9]
        } else {
            self
        }
    }

    /// True for the promoted kinds.
    #[inline(always)]
    pub const fn is_promoted(self) -> bool {
        (self as u8) > 8
    }

    /// SFEN letter of the unpromoted kind, uppercase (`P`, `L`, ..., `K`).
    pub const fn letter(self) -> char {
        match self.unpromoted() {
            Kind::Pawn => 'P',
            Kind::Lance => 'L',
            Kind::Knight => 'N',
            Kind::Silver => 'S',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Gold => 'G',
            _ => 'K',
        }
    }

    /// Kind from an uppercase or lowercase SFEN letter (unpromoted).
    pub const fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_uppercase() {
            'P' => Some(Kind::Pawn),
            'L' => Some(Kind::Lance),
            'N' => Some(Kind::Knight),
            'S' => Some(Kind::Silver),
            'B' => Some(Kind::Bishop),
            'R' => Some(Kind::Rook),
            'G' => Some(Kind::Gold),
            'K' => Some(Kind::King),
            _ => None,
        }
    }
}

/// A colored piece, or nothing: `kind | color << 4`, 0 = empty square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Piece(pub u8);

impl Piece {
    /// The empty square.
    pub const EMPTY: Piece = Piece(0);

    /// A piece of `kind` owned by `color`.
    #[inline(always)]
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece(kind as u8 | (color as u8) << 4)
    }

    /// True for the empty square.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kind; `None` for an empty square.
    #[inline(always)]
    pub const fn kind(self) -> Option<Kind> {
        Kind::from_u8(self.0 & 15)
    }

    /// The kind, assuming the square is occupied.
    #[inline(always)]
    pub fn kind_unchecked(self) -> Kind {
        debug_assert!(!self.is_empty());
        // SAFETY-free path: table lookup keeps this branch-light.
        ALL_KINDS[(self.0 & 15) as usize - 1]
    }

    /// The owner, assuming the square is occupied.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 >> 4 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }
}

/// A move in a given position: a board move (with optional promotion) or a drop.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move(pub u16);

const DROP_BASE: u16 = 80;
const PROMOTE_BIT: u16 = 1 << 14;

impl Move {
    /// Not a move (never generated); useful as a sentinel.
    pub const NONE: Move = Move(0);

    /// A board move from `from` to `to`, promoting when `promote`.
    #[inline(always)]
    pub const fn new(from: Square, to: Square, promote: bool) -> Move {
        Move(to as u16 | (from as u16) << 7 | if promote { PROMOTE_BIT } else { 0 })
    }

    /// A drop of `kind` (a hand kind) on `to`.
    #[inline(always)]
    pub const fn drop(kind: Kind, to: Square) -> Move {
        Move(to as u16 | (DROP_BASE + kind as u16) << 7)
    }

    /// Destination square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        (self.0 & 127) as usize
    }

    /// Origin square of a board move (meaningless for drops).
    #[inline(always)]
    pub const fn from(self) -> Square {
        ((self.0 >> 7) & 127) as usize
    }

    /// True for a drop.
    #[inline(always)]
    pub const fn is_drop(self) -> bool {
        ((self.0 >> 7) & 127) > DROP_BASE
    }

    /// The dropped kind of a drop move.
    #[inline(always)]
    pub fn drop_kind(self) -> Kind {
        ALL_KINDS[(((self.0 >> 7) & 127) - DROP_BASE) as usize - 1]
    }

    /// The dropped kind of a drop move, or `None` when the encoding names
    /// no hand kind (a malformed move word).
    #[inline(always)]
    pub fn drop_kind_checked(self) -> Option<Kind> {
        let field = (self.0 >> 7) & 127;
        match field.checked_sub(DROP_BASE) {
            Some(k @ 1..=7) => Some(ALL_KINDS[k as usize - 1]),
            _ => None,
        }
    }

    /// True when the moving piece promotes.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 & PROMOTE_BIT != 0
    }

    /// The move a 16-bit word encodes, or `None` when it encodes none: squares
    /// beyond the board, a drop of no hand kind, or [`Move::NONE`]. Says nothing
    /// of legality (see [`crate::movegen::is_legal`]).
    ///
    /// ```
    /// use yomi_shogi::Move;
    /// let m = Move::from_raw(Move::new(60, 59, false).0).unwrap();
    /// assert_eq!(m.to_string(), "7g7f");
    /// assert_eq!(Move::from_raw(0), None);
    /// assert_eq!(Move::from_raw(127), None); // no square 127
    /// ```
    pub fn from_raw(raw: u16) -> Option<Move> {
        let m = Move(raw);
        let well_formed = m != Move::NONE
            && m.to() < SQUARES
            && if m.is_drop() {
                m.drop_kind_checked().is_some()
            } else {
                m.from() < SQUARES
            };
        well_formed.then_some(m)
    }
}

impl fmt::Display for Move {
    /// USI notation: `7g7f`, `8h2b+`, `P*5e`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Move::NONE {
            return f.write_str("none");
        }
        if self.is_drop() {
            write!(f, "{}*", self.drop_kind().letter())?;
        } else {
            write_square(f, self.from())?;
        }
        write_square(f, self.to())?;
        if self.is_promotion() {
            f.write_str("+")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}
