//! SFEN parsing and printing.
//!
//! Contract: [`Position::from_sfen`] accepts `startpos`, optionally prefixed
//! by `sfen `, or the four SFEN fields (board, side, hands, move number; the
//! move number may be omitted and defaults to 1). It rejects anything the
//! move generator cannot rely on with a [`SfenError`] and never panics; a
//! board rank writes each run of empty squares as one digit (`45` is
//! refused, not read as nine squares), and text it quotes back is cut with
//! [`yomi_core::text::excerpt`].
//! [`Position::to_sfen`] prints hands in the conventional order R B G S N L P,
//! Black first, so `from_sfen(to_sfen(p)) == p`.

use crate::bitboard::Bitboard;
use crate::error::SfenError;
use crate::hand::MAX_IN_HAND;
use crate::position::Position;
use crate::types::{Color, Kind, Piece, relative_rank, square};
use yomi_core::text::excerpt;

/// The start position.
pub const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// Hand kinds in the order SFEN writers use.
const HAND_ORDER: [Kind; 7] = [
    Kind::Rook,
    Kind::Bishop,
    Kind::Gold,
    Kind::Silver,
    Kind::Knight,
    Kind::Lance,
    Kind::Pawn,
];

impl Position {
    /// Parses an SFEN (or `startpos`).
    pub fn from_sfen(text: &str) -> Result<Position, SfenError> {
        let mut text = text.trim();
        if let Some(rest) = text.strip_prefix("sfen ") {
            text = rest.trim();
        }
        if text.is_empty() {
            return Err(SfenError::Empty);
        }
        if text == "startpos" {
            text = STARTPOS;
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 3 && fields.len() != 4 {
            return Err(SfenError::FieldCount(fields.len()));
        }
        let mut pos = Position::empty();
        parse_board(&mut pos, fields[0])?;
        pos.side = match fields[1] {
            "b" => Color::Black,
            "w" => Color::White,
            other => return Err(SfenError::Side(excerpt(other))),
        };
        parse_hands(&mut pos, fields[2])?;
        if let Some(n) = fields.get(3) {
            pos.move_number = match n.parse::<u32>() {
                Ok(v) if (1..u32::MAX / 2).contains(&v) => v,
                _ => return Err(SfenError::MoveNumber(excerpt(n))),
            };
        }
        if pos.side == Color::White {
            pos.key ^= crate::zobrist::SIDE;
        }
        validate(&pos)?;
        Ok(pos)
    }

    /// The position as an SFEN string (four fields).
    pub fn to_sfen(&self) -> String {
        let mut s = String::with_capacity(96);
        for rank in 0..9 {
            if rank > 0 {
                s.push('/');
            }
            let mut empty = 0;
            for file in (0..9).rev() {
                let p = self.board[square(file, rank)];
                match p.kind() {
                    None => empty += 1,
                    Some(k) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        if k.is_promoted() {
                            s.push('+');
                        }
                        let c = k.letter();
                        s.push(if p.color() == Color::Black {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
        }
        s.push_str(if self.side == Color::Black {
            " b "
        } else {
            " w "
        });
        let mut any = false;
        for c in [Color::Black, Color::White] {
            for k in HAND_ORDER {
                let n = self.hands[c.index()].count(k);
                if n == 0 {
                    continue;
                }
                any = true;
                if n > 1 {
                    s.push_str(&n.to_string());
                }
                let l = k.letter();
                s.push(if c == Color::Black {
                    l
                } else {
                    l.to_ascii_lowercase()
                });
            }
        }
        if !any {
            s.push('-');
        }
        s.push(' ');
        s.push_str(&self.move_number.to_string());
        s
    }
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), SfenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 9 {
        return Err(SfenError::RankCount(ranks.len()));
    }
    for (rank, row) in ranks.iter().enumerate() {
        let rank_char = (b'a' + rank as u8) as char;
        let mut files = 0usize;
        let mut promote = false;
        // A run of empty squares is one digit: `45` is not nine squares.
        let mut after_digit = false;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                if promote {
                    return Err(SfenError::Promotion { rank: rank_char });
                }
                if d == 0 {
                    return Err(SfenError::BoardChar {
                        ch,
                        rank: rank_char,
                    });
                }
                if after_digit {
                    return Err(SfenError::Digits { rank: rank_char });
                }
                after_digit = true;
                files += d as usize;
                continue;
            }
            after_digit = false;
            if ch == '+' {
                if promote {
                    return Err(SfenError::Promotion { rank: rank_char });
                }
                promote = true;
                continue;
            }
            let kind = Kind::from_letter(ch).ok_or(SfenError::BoardChar {
                ch,
                rank: rank_char,
            })?;
            let kind = if promote {
                if !kind.can_promote() {
                    return Err(SfenError::Promotion { rank: rank_char });
                }
                kind.promoted()
            } else {
                kind
            };
            promote = false;
            if files >= 9 {
                return Err(SfenError::RankWidth {
                    rank: rank_char,
                    files: files + 1,
                });
            }
            let color = if ch.is_ascii_uppercase() {
                Color::Black
            } else {
                Color::White
            };
            let sq = square(8 - files, rank);
            pos.put(sq, Piece::new(color, kind));
            if kind == Kind::King {
                pos.king_sq[color.index()] = sq as u8;
            }
            files += 1;
        }
        if promote {
            return Err(SfenError::Promotion { rank: rank_char });
        }
        if files != 9 {
            return Err(SfenError::RankWidth {
                rank: rank_char,
                files,
            });
        }
    }
    Ok(())
}

fn parse_hands(pos: &mut Position, hands: &str) -> Result<(), SfenError> {
    if hands == "-" {
        return Ok(());
    }
    let err = |reason: String| SfenError::Hand {
        hands: excerpt(hands),
        reason,
    };
    let mut count: Option<u32> = None;
    for ch in hands.chars() {
        if let Some(d) = ch.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n > 18 {
                return Err(err("a count is larger than 18".into()));
            }
            count = Some(n);
            continue;
        }
        let kind = Kind::from_letter(ch)
            .filter(|k| *k != Kind::King)
            .ok_or_else(|| {
                err(format!(
                    "'{ch}' is not a piece that can be in hand (PLNSGBR, lowercase for White)"
                ))
            })?;
        let n = count.take().unwrap_or(1);
        if n == 0 {
            return Err(err(format!("count 0 before '{ch}'")));
        }
        let color = if ch.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        for _ in 0..n {
            if pos.hands[color.index()].count(kind) >= MAX_IN_HAND[kind as usize] {
                return Err(err(format!("too many '{ch}'")));
            }
            pos.hand_add(color, kind);
        }
    }
    if count.is_some() {
        return Err(err("ends with a count but no piece".into()));
    }
    Ok(())
}

pub(crate) fn validate(pos: &Position) -> Result<(), SfenError> {
    let ill = |s: String| Err(SfenError::Illegal(s));
    for c in [Color::Black, Color::White] {
        let kings = pos.pieces(c, Kind::King).count();
        if kings != 1 {
            return ill(format!("{c:?} has {kings} kings; exactly one is required"));
        }
    }
    for k in crate::types::HAND_KINDS {
        let on_board = if k.can_promote() {
            (pos.by_kind[k as usize] | pos.by_kind[k.promoted() as usize]).count()
        } else {
            pos.by_kind[k as usize].count()
        };
        let total = on_board + pos.hands[0].count(k) + pos.hands[1].count(k);
        if total > MAX_IN_HAND[k as usize] {
            return ill(format!(
                "{total} pieces of kind {} on the board and in hand; a set has {}",
                k.letter(),
                MAX_IN_HAND[k as usize]
            ));
        }
    }
    for sq in pos.occupied() {
        let p = pos.board[sq];
        let rr = relative_rank(p.color(), crate::types::rank_of(sq));
        let stuck = match p.kind_unchecked() {
            Kind::Pawn | Kind::Lance => rr == 0,
            Kind::Knight => rr <= 1,
            _ => false,
        };
        if stuck {
            let mut name = String::new();
            let _ = crate::types::write_square(&mut name, sq);
            return ill(format!(
                "the {:?} on {name} has no legal move and must be promoted",
                p.kind_unchecked()
            ));
        }
    }
    for c in [Color::Black, Color::White] {
        let pawns = pos.pieces(c, Kind::Pawn);
        for file in 0..9 {
            if (pawns & Bitboard(0x1ffu128 << (9 * file))).more_than_one() {
                return ill(format!(
                    "{c:?} has two unpromoted pawns on file {} (nifu)",
                    file + 1
                ));
            }
        }
    }
    let them = pos.side.flip();
    if pos
        .attackers_to(pos.side, pos.king_square(them), pos.occupied())
        .any()
    {
        return ill(format!("{them:?}, not to move, is in check"));
    }
    Ok(())
}
