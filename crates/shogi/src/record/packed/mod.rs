//! YaneuraOu's training-data records: [`PackedSfen`] (a position in 32 bytes)
//! and [`PackedSfenValue`] (the 40-byte record of its `gensfen` command and of
//! the NNUE trainers that read it), with a reader and a writer of `.bin` files.
//!
//! Contract: [`PackedSfen::pack`] writes the bytes YaneuraOu's packer writes for
//! the same position, and [`PackedSfen::unpack`] reads them back to the same
//! board, hands and side to move; packing is total (every [`Position`] has both
//! kings and at most one full set), unpacking refuses with a typed
//! [`PackedSfenError`] what is not a position yomi can play (a missing king,
//! codes running past 256 bits, more pieces than a set, an impossible
//! position). The layout, as YaneuraOu's `sfen_packer.cpp` documents it, is a
//! bit stream read from the low bit of byte 0: the side to move (1 bit), the
//! two kings' squares (7 bits each, Black first), every other square in square
//! order (file 1 rank a first) as a Huffman code with promotion and colour
//! bits, each piece in hand (Black then White; pawn, lance, knight, silver,
//! gold, bishop, rook) and lastly the pieces in neither ("the piece box", as
//! cshogi writes them), filling exactly 256 bits. [`PackedSfenValue`] adds the
//! search score (`i16`), the best move in YaneuraOu's 16-bit form
//! ([`move_to_u16`]), the game ply and the result for the side to move (1, 0,
//! -1), little-endian, and a padding byte kept as read. Files of records are read
//! and written in `file.rs` ([`PackedSfenReader`], [`write_bin`]).

use crate::error::SfenError;
use crate::hand::MAX_IN_HAND;
use crate::position::Position;
use crate::types::{Color, HAND_KINDS, Kind, Move, Piece, SQUARES};
use std::io;
use thiserror::Error;

mod file;
pub use file::{PackedSfenReader, record_error, write_bin};

/// Why 32 bytes are not a position, or a `.bin` file not records.
#[derive(Debug, Error)]
pub enum PackedSfenError {
    /// A king square beyond the board (YaneuraOu writes 81 for a missing king).
    #[error("the {color:?} king's square is {square}: yomi plays only positions with both kings")]
    NoKing {
        /// Whose king.
        color: Color,
        /// The square read (81 means none).
        square: u8,
    },
    /// The codes of the board or the hands ran past the 256 bits.
    #[error("the piece codes run past 256 bits (at square or hand piece {at})")]
    Overrun {
        /// The square (0-80) or, past 80, the hand piece being read.
        at: usize,
    },
    /// More pieces of a kind than a set has.
    #[error("more than {max} pieces of kind {kind:?} on the board, in hand and in the box")]
    TooMany {
        /// The kind.
        kind: Kind,
        /// How many a set has.
        max: u32,
    },
    /// Every piece is read but some are missing from the set (the box must hold them).
    #[error("{missing} pieces are neither on the board, in hand nor in the box")]
    Missing {
        /// How many.
        missing: u32,
    },
    /// Decoded, but not a legal shogi position.
    #[error("{0}")]
    Illegal(#[from] SfenError),
    /// A `.bin` file whose length is not a whole number of records.
    #[error(
        "{path}: {len} bytes are not a whole number of 40-byte records (the last one has {tail})"
    )]
    Truncated {
        /// The file.
        path: String,
        /// Its length.
        len: u64,
        /// Bytes of the incomplete last record.
        tail: u64,
    },
    /// A record of a `.bin` file that does not decode.
    #[error("{path}: record {index} (byte {offset}): {source}")]
    Record {
        /// The file.
        path: String,
        /// The record's index, from 0.
        index: u64,
        /// Its first byte.
        offset: u64,
        /// What is wrong with it.
        #[source]
        source: Box<PackedSfenError>,
    },
    /// Reading or writing the file failed.
    #[error("{action} {path}")]
    Io {
        /// What was being done (`opening`, `reading`, `writing`, ...).
        action: &'static str,
        /// The file.
        path: String,
        /// The failure.
        #[source]
        source: io::Error,
    },
}

/// A position packed into 256 bits, as YaneuraOu packs it.
///
/// ```
/// use yomi_shogi::Position;
/// use yomi_shogi::record::PackedSfen;
///
/// let pos = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")?;
/// let packed = PackedSfen::pack(&pos);
/// let back = packed.unpack()?;
/// // The move number is not packed: it travels in PackedSfenValue::game_ply.
/// assert_eq!(back.to_sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PackedSfen(pub [u8; 32]);

/// Huffman code (read from the low bit) and length of each hand kind on the
/// board, indexed by `Kind as usize` (pawn 1 .. gold 7); an empty square is `0`
/// in one bit.
const BOARD_CODE: [(u32, u32); 8] = [
    (0x00, 1),
    (0x01, 2),
    (0x03, 4),
    (0x0b, 4),
    (0x07, 4),
    (0x1f, 6),
    (0x3f, 6),
    (0x0f, 5),
];

/// Hand pieces in the order they are written (Apery's and cshogi's order).
const WRITE_ORDER: [Kind; 7] = [
    Kind::Pawn,
    Kind::Lance,
    Kind::Knight,
    Kind::Silver,
    Kind::Gold,
    Kind::Bishop,
    Kind::Rook,
];

struct Bits<'a> {
    data: &'a mut [u8; 32],
    cursor: usize,
}

impl Bits<'_> {
    fn write(&mut self, value: u32, bits: u32) {
        for i in 0..bits {
            if value >> i & 1 != 0 {
                self.data[self.cursor / 8] |= 1 << (self.cursor % 8);
            }
            self.cursor += 1;
        }
    }
}

struct Reader<'a> {
    data: &'a [u8; 32],
    cursor: usize,
}

impl Reader<'_> {
    fn bit(&mut self) -> Option<u32> {
        if self.cursor >= 256 {
            return None;
        }
        let b = (self.data[self.cursor / 8] >> (self.cursor % 8)) & 1;
        self.cursor += 1;
        Some(b as u32)
    }

    fn bits(&mut self, n: u32) -> Option<u32> {
        let mut v = 0;
        for i in 0..n {
            v |= self.bit()? << i;
        }
        Some(v)
    }

    /// The kind whose code comes next (a hand piece's code is the board code
    /// without its low bit); `Some(None)` is an empty square.
    fn code(&mut self, hand: bool) -> Option<Option<Kind>> {
        let (mut code, mut len) = (0, 0);
        loop {
            code |= self.bit()? << len;
            len += 1;
            for (k, &(c, l)) in BOARD_CODE.iter().enumerate() {
                let (c, l) = if hand { (c >> 1, l - 1) } else { (c, l) };
                if (hand && k == 0) || l != len || c != code {
                    continue;
                }
                return Some(Kind::from_u8(k as u8));
            }
            if len >= 6 {
                // Every 6-bit prefix is a code: unreachable, but never loop.
                return None;
            }
        }
    }
}

impl PackedSfen {
    /// Packs a position (its move number is not kept).
    pub fn pack(pos: &Position) -> PackedSfen {
        let mut data = [0u8; 32];
        let mut out = Bits {
            data: &mut data,
            cursor: 0,
        };
        out.write((pos.side_to_move() == Color::White) as u32, 1);
        for c in [Color::Black, Color::White] {
            out.write(pos.king_square(c) as u32, 7);
        }
        let mut in_box = MAX_IN_HAND;
        for sq in 0..SQUARES {
            let p = pos.piece_on(sq);
            let Some(kind) = p.kind() else {
                out.write(0, 1);
                continue;
            };
            if kind == Kind::King {
                continue;
            }
            let raw = kind.unpromoted();
            let (code, len) = BOARD_CODE[raw as usize];
            out.write(code, len);
            if raw != Kind::Gold {
                out.write(kind.is_promoted() as u32, 1);
            }
            out.write((p.color() == Color::White) as u32, 1);
            in_box[raw as usize] -= 1;
        }
        for c in [Color::Black, Color::White] {
            for kind in WRITE_ORDER {
                let n = pos.hand(c).count(kind);
                let (code, len) = BOARD_CODE[kind as usize];
                for _ in 0..n {
                    out.write(code >> 1, len - 1);
                    if kind != Kind::Gold {
                        out.write(0, 1);
                    }
                    out.write((c == Color::White) as u32, 1);
                }
                in_box[kind as usize] -= n;
            }
        }
        // The box: a hand code with the promotion bit set and colour Black; a
        // gold, which has no promotion bit, is written as a White promoted silver.
        for kind in WRITE_ORDER {
            for _ in 0..in_box[kind as usize] {
                if kind == Kind::Gold {
                    let (code, len) = BOARD_CODE[Kind::Silver as usize];
                    out.write(code >> 1, len - 1);
                    out.write(1, 1);
                    out.write(1, 1);
                } else {
                    let (code, len) = BOARD_CODE[kind as usize];
                    out.write(code >> 1, len - 1);
                    out.write(1, 1);
                    out.write(0, 1);
                }
            }
        }
        debug_assert_eq!(out.cursor, 256, "a full set packs into 256 bits");
        PackedSfen(data)
    }

    /// Unpacks to a position with move number 1.
    pub fn unpack(&self) -> Result<Position, PackedSfenError> {
        let mut pos = Position::empty();
        let mut input = Reader {
            data: &self.0,
            cursor: 0,
        };
        let overrun = |at| PackedSfenError::Overrun { at };
        let white = input.bit().ok_or(overrun(0))?;
        pos.side = if white == 1 {
            Color::White
        } else {
            Color::Black
        };
        for c in [Color::Black, Color::White] {
            let sq = input.bits(7).ok_or(overrun(0))? as usize;
            if sq >= SQUARES {
                return Err(PackedSfenError::NoKing {
                    color: c,
                    square: sq as u8,
                });
            }
            if !pos.piece_on(sq).is_empty() {
                return Err(SfenError::Illegal(format!("both kings are on square {sq}")).into());
            }
            pos.put(sq, Piece::new(c, Kind::King));
            pos.king_sq[c.index()] = sq as u8;
        }
        let mut count = [0u32; 8];
        let mut add = |kind: Kind| {
            let raw = kind.unpromoted() as usize;
            count[raw] += 1;
            if count[raw] > MAX_IN_HAND[raw] {
                return Err(PackedSfenError::TooMany {
                    kind: kind.unpromoted(),
                    max: MAX_IN_HAND[raw],
                });
            }
            Ok(())
        };
        for sq in 0..SQUARES {
            if pos.piece_on(sq).kind() == Some(Kind::King) {
                continue;
            }
            let Some(raw) = input.code(false).ok_or(overrun(sq))? else {
                continue;
            };
            let promoted = raw != Kind::Gold && input.bit().ok_or(overrun(sq))? == 1;
            let color = color_bit(input.bit().ok_or(overrun(sq))?);
            let kind = if promoted { raw.promoted() } else { raw };
            add(kind)?;
            pos.put(sq, Piece::new(color, kind));
        }
        let mut at = SQUARES;
        while input.cursor < 256 {
            let raw = input.code(true).ok_or(overrun(at))?.ok_or(overrun(at))?;
            let boxed = raw != Kind::Gold && input.bit().ok_or(overrun(at))? == 1;
            let color = color_bit(input.bit().ok_or(overrun(at))?);
            // A boxed gold reads as a White promoted silver.
            let kind = if boxed && raw == Kind::Silver && color == Color::White {
                Kind::Gold
            } else {
                raw
            };
            add(kind)?;
            if !boxed {
                pos.hand_add(color, kind);
            }
            at += 1;
        }
        let missing: u32 = HAND_KINDS
            .iter()
            .map(|&k| MAX_IN_HAND[k as usize] - count[k as usize])
            .sum();
        if missing > 0 {
            return Err(PackedSfenError::Missing { missing });
        }
        if pos.side == Color::White {
            pos.key ^= crate::zobrist::SIDE;
        }
        crate::sfen::validate(&pos)?;
        Ok(pos)
    }
}

fn color_bit(bit: u32) -> Color {
    if bit == 1 { Color::White } else { Color::Black }
}

/// A move in YaneuraOu's 16-bit form: destination in bits 0-6, origin (or the
/// dropped kind, pawn 1 .. gold 7) in bits 7-13, bit 14 for a drop, bit 15 for
/// a promotion.
///
/// ```
/// use yomi_shogi::{Kind, Move};
/// use yomi_shogi::record::packed::{move_from_u16, move_to_u16};
/// let drop = Move::drop(Kind::Pawn, 40); // P*5e
/// assert_eq!(move_to_u16(drop), 40 | 1 << 7 | 1 << 14);
/// let promotion = Move::new(24, 20, true); // 3e3c+
/// assert_eq!(move_to_u16(promotion), 20 | 24 << 7 | 1 << 15);
/// assert_eq!(move_from_u16(move_to_u16(promotion)), Some(promotion));
/// assert_eq!(move_from_u16(0), None); // MOVE_NONE
/// assert_eq!(move_from_u16(1 << 7 | 1), None); // MOVE_NULL
/// ```
pub fn move_to_u16(m: Move) -> u16 {
    if m.is_drop() {
        m.to() as u16 | (m.drop_kind() as u16) << 7 | 1 << 14
    } else {
        m.to() as u16 | (m.from() as u16) << 7 | (m.is_promotion() as u16) << 15
    }
}

/// The move a YaneuraOu 16-bit word encodes, or `None` for `MOVE_NONE`, the
/// null move and words that name no square or kind (legality is not checked).
pub fn move_from_u16(raw: u16) -> Option<Move> {
    let to = (raw & 127) as usize;
    let from = ((raw >> 7) & 127) as usize;
    if raw & (1 << 14) != 0 {
        let kind = Kind::from_u8(from as u8).filter(|k| (1..=7).contains(&(*k as u8)))?;
        (to < SQUARES && raw & (1 << 15) == 0).then(|| Move::drop(kind, to))
    } else {
        (to < SQUARES && from < SQUARES && to != from)
            .then(|| Move::new(from, to, raw & (1 << 15) != 0))
    }
}

/// One training record of YaneuraOu's `gensfen` (40 bytes on disk).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedSfenValue {
    /// The position.
    pub sfen: PackedSfen,
    /// The search score, from the side to move's point of view.
    pub score: i16,
    /// The best move in YaneuraOu's 16-bit form ([`move_from_u16`]); 0 for none.
    pub best_move: u16,
    /// The game ply of the position (the SFEN move number).
    pub game_ply: u16,
    /// The game's result for the side to move: 1 won, 0 drawn, -1 lost.
    pub game_result: i8,
    /// The padding byte (0 when yomi writes; kept as read).
    pub padding: u8,
}

impl PackedSfenValue {
    /// Bytes of one record.
    pub const SIZE: usize = 40;

    /// A record of `pos` (its move number is the ply).
    pub fn new(pos: &Position, score: i16, best_move: Option<Move>, game_result: i8) -> Self {
        PackedSfenValue {
            sfen: PackedSfen::pack(pos),
            score,
            best_move: best_move.map_or(0, move_to_u16),
            game_ply: pos.move_number().min(u16::MAX as u32) as u16,
            game_result,
            padding: 0,
        }
    }

    /// The record's 40 bytes.
    pub fn to_bytes(&self) -> [u8; 40] {
        let mut b = [0u8; 40];
        b[..32].copy_from_slice(&self.sfen.0);
        b[32..34].copy_from_slice(&self.score.to_le_bytes());
        b[34..36].copy_from_slice(&self.best_move.to_le_bytes());
        b[36..38].copy_from_slice(&self.game_ply.to_le_bytes());
        b[38] = self.game_result as u8;
        b[39] = self.padding;
        b
    }

    /// The record in 40 bytes (nothing is checked until [`Self::position`]).
    pub fn from_bytes(b: &[u8; 40]) -> Self {
        let mut sfen = [0u8; 32];
        sfen.copy_from_slice(&b[..32]);
        PackedSfenValue {
            sfen: PackedSfen(sfen),
            score: i16::from_le_bytes([b[32], b[33]]),
            best_move: u16::from_le_bytes([b[34], b[35]]),
            game_ply: u16::from_le_bytes([b[36], b[37]]),
            game_result: b[38] as i8,
            padding: b[39],
        }
    }

    /// The position, its move number set to the record's ply (1 when 0).
    pub fn position(&self) -> Result<Position, PackedSfenError> {
        let mut pos = self.sfen.unpack()?;
        pos.move_number = u32::from(self.game_ply.max(1));
        Ok(pos)
    }
}
