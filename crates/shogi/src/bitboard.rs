//! 81-square bitboards in one `u128` (bit `sq` set = square occupied).
//!
//! Contract: bits 81..128 are always zero in every bitboard this crate
//! produces. With the file-major square layout each file is 9 consecutive
//! bits, so file masks and pawn pushes are shifts.

use crate::types::{SQUARES, Square};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

/// Mask of the 81 valid squares.
pub const FULL: u128 = (1u128 << SQUARES) - 1;

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 81 squares.
    pub const ALL: Bitboard = Bitboard(FULL);

    /// The set holding only `sq`.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq)
    }

    /// True when `sq` is in the set.
    #[inline(always)]
    pub const fn has(self, sq: Square) -> bool {
        (self.0 >> sq) & 1 != 0
    }

    /// True when the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when the set is not empty.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares in the set.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set holds two or more squares.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Lowest square of a non-empty set.
    #[inline(always)]
    pub const fn lsb(self) -> Square {
        self.0.trailing_zeros() as Square
    }

    /// Removes and returns the lowest square (set must be non-empty).
    #[inline(always)]
    pub fn pop(&mut self) -> Square {
        let sq = self.0.trailing_zeros() as Square;
        self.0 &= self.0 - 1;
        sq
    }

    /// Complement restricted to the board.
    #[inline(always)]
    pub const fn invert(self) -> Bitboard {
        Bitboard(!self.0 & FULL)
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(self.pop()) }
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline(always)]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    /// Complement restricted to the 81 squares.
    #[inline(always)]
    fn not(self) -> Bitboard {
        self.invert()
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Bitboard(")?;
        for rank in 0..9 {
            for file in (0..9).rev() {
                let sq = file * 9 + rank;
                f.write_str(if self.has(sq) { " X" } else { " ." })?;
            }
            writeln!(f)?;
        }
        write!(f, ")")
    }
}
