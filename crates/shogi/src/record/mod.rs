//! Game records: [`GameRecord`] and its two text formats, [`Csa`] (the
//! Computer Shogi Association's V2.2) and [`Kif`] (Kakinoki's KIF, UTF-8);
//! and YaneuraOu's binary training records ([`packed`]: [`PackedSfen`],
//! [`PackedSfenValue`]).
//!
//! Contract: a [`GameRecord`] holds what a record file holds: the players'
//! names, the start position, the moves with their thinking times, how the
//! game ended and a free comment. Each format is a newtype over it that
//! reads with `FromStr` and writes with `Display`, in the style of
//! shakmaty's notations: writing a record and reading the text back gives
//! the same names, start position (the move number aside: neither format
//! keeps it), moves, thinking times in whole seconds (both formats keep
//! whole seconds; fractions are dropped), termination and comment (its
//! lines, when it has no trailing newline). Readers check every move
//! against the rules and refuse what they do not understand with a typed
//! error ([`CsaError`], [`KifError`]) naming the line and quoting it.
//! [`Termination::PerpetualCheck`] is written as plain repetition
//! (`%SENNICHITE`, `千日手`), as yomi's records always were; the readers
//! tell the two apart by replaying the moves through the repetition rule.

pub mod csa;
mod csa_read;
mod error;
pub mod kif;
mod kif_move;
mod kif_read;
pub mod packed;

pub use csa::Csa;
pub use error::{CsaError, CsaErrorKind, KifError, KifErrorKind};
pub use kif::Kif;
pub use packed::{PackedSfen, PackedSfenError, PackedSfenReader, PackedSfenValue};

use crate::error::SfenError;
use crate::position::Position;
use crate::rules::{Repetition, repetition};
use crate::termination::Termination;
use crate::types::{Color, Kind, Move, Piece, SQUARES, file_of, rank_of};
use std::fmt::Write as _;
use std::time::Duration;

/// One move of a record and the time its player took for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedMove {
    /// The move (legal where it was played).
    pub mv: Move,
    /// The mover's thinking time.
    pub time: Duration,
}

/// A game record: who played, from where, which moves, how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The players' names: Black (sente) first, then White (gote).
    pub names: [String; 2],
    /// The position the moves start from.
    pub start: Position,
    /// The moves, each legal after the ones before it.
    pub moves: Vec<TimedMove>,
    /// How the game ended, seen from the side to move after the last move
    /// (`None`: not written, or an ending the formats know and yomi does not).
    pub termination: Option<Termination>,
    /// A free comment (one or more lines), written after the ending.
    pub comment: String,
}

impl GameRecord {
    /// A record of no moves yet from `start`, with empty names.
    pub fn new(start: Position) -> GameRecord {
        GameRecord {
            names: [String::new(), String::new()],
            start,
            moves: Vec::new(),
            termination: None,
            comment: String::new(),
        }
    }

    /// The position after all the moves.
    pub fn final_position(&self) -> Position {
        let mut pos = self.start.clone();
        for m in &self.moves {
            pos.do_move(m.mv);
        }
        pos
    }
}

/// Up to 60 characters of `text`, with `…` where it was cut: how errors
/// quote a line.
fn excerpt(text: &str) -> String {
    const MAX: usize = 60;
    let text = text.trim_end();
    match text.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// The repetition termination the rules give after `moves` from `start`:
/// perpetual check when one side checked throughout the fourfold cycle,
/// plain repetition otherwise (also when the moves show no fourfold
/// repetition: the record says it was one).
fn repetition_kind(start: &Position, moves: &[TimedMove]) -> Termination {
    let mut pos = start.clone();
    let mut keys = vec![pos.key()];
    let mut checks = vec![pos.in_check()];
    for m in moves {
        pos.do_move(m.mv);
        keys.push(pos.key());
        checks.push(pos.in_check());
    }
    match repetition(&keys, |i| checks[i]) {
        Repetition::Win | Repetition::Loss => Termination::PerpetualCheck,
        Repetition::None | Repetition::Draw => Termination::Repetition,
    }
}

/// A start position being read: board, hands and side to move, checked
/// as a whole once complete.
#[derive(Clone, Debug)]
struct Setup {
    board: [Piece; SQUARES],
    /// Pieces in hand by colour, in the order read.
    hands: [Vec<Kind>; 2],
    side: Color,
}

impl Setup {
    fn empty() -> Setup {
        Setup {
            board: [Piece::EMPTY; SQUARES],
            hands: [Vec::new(), Vec::new()],
            side: Color::Black,
        }
    }

    #[cfg(test)]
    fn from_position(pos: &Position) -> Setup {
        let mut s = Setup::empty();
        for (sq, p) in s.board.iter_mut().enumerate() {
            *p = pos.piece_on(sq);
        }
        for c in [Color::Black, Color::White] {
            for (k, n) in pos.hand(c).iter() {
                s.hands[c.index()].extend(std::iter::repeat_n(k, n as usize));
            }
        }
        s.side = pos.side_to_move();
        s
    }

    /// The position, validated by the SFEN reader (kings, piece counts,
    /// pieces that could never move, the side not to move in check).
    fn position(&self) -> Result<Position, SfenError> {
        let mut sfen = String::new();
        for rank in 0..9 {
            if rank > 0 {
                sfen.push('/');
            }
            let mut empty = 0;
            for file in (0..9).rev() {
                let p = self.board[crate::types::square(file, rank)];
                match p.kind() {
                    None => empty += 1,
                    Some(k) => {
                        if empty > 0 {
                            let _ = write!(sfen, "{empty}");
                            empty = 0;
                        }
                        if k.is_promoted() {
                            sfen.push('+');
                        }
                        sfen.push(letter(p.color(), k));
                    }
                }
            }
            if empty > 0 {
                let _ = write!(sfen, "{empty}");
            }
        }
        sfen.push_str(if self.side == Color::Black {
            " b "
        } else {
            " w "
        });
        let mut any = false;
        for c in [Color::Black, Color::White] {
            for k in crate::types::HAND_KINDS {
                let n = self.hands[c.index()].iter().filter(|&&h| h == k).count();
                if n > 0 {
                    any = true;
                    if n > 1 {
                        let _ = write!(sfen, "{n}");
                    }
                    sfen.push(letter(c, k));
                }
            }
        }
        if !any {
            sfen.push('-');
        }
        sfen.push_str(" 1");
        Position::from_sfen(&sfen)
    }
}

fn letter(c: Color, k: Kind) -> char {
    let l = k.letter();
    if c == Color::Black {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

/// True when the piece on `from` moving to `to` could promote: one of the
/// squares is in the mover's promotion zone.
fn in_zone(us: Color, from: usize, to: usize) -> bool {
    let camp = |sq: usize| match us {
        Color::Black => rank_of(sq) <= 2,
        Color::White => rank_of(sq) >= 6,
    };
    camp(from) || camp(to)
}

/// `(file, rank)` 1-based, as both formats number squares.
fn coordinates(sq: usize) -> (usize, usize) {
    (file_of(sq) + 1, rank_of(sq) + 1)
}

#[cfg(test)]
pub(crate) fn timed_moves(start: &Position, usi: &[&str], each: Duration) -> Vec<TimedMove> {
    let mut p = start.clone();
    usi.iter()
        .map(|u| {
            let mv = p.parse_usi(u).unwrap();
            p.do_move(mv);
            TimedMove { mv, time: each }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_cut_long_lines_on_a_character_boundary() {
        assert_eq!(excerpt("short  "), "short");
        let long = "歩".repeat(70);
        let e = excerpt(&long);
        assert_eq!(e.chars().count(), 61);
        assert!(e.ends_with('…'));
    }

    #[test]
    fn a_setup_reads_back_the_position_it_came_from() {
        let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/K8 w G2p 1").unwrap();
        assert_eq!(Setup::from_position(&pos).position().unwrap(), pos);
        assert!(Setup::empty().position().is_err());
    }

    #[test]
    fn perpetual_check_is_told_apart_from_repetition() {
        let start = Position::from_sfen("4k4/R8/9/9/9/9/9/9/4K4 b - 1").unwrap();
        let cycle = ["9b9a", "5a5b", "9a9b", "5b5a"];
        let moves: Vec<&str> = cycle.iter().cycle().take(12).copied().collect();
        let timed = timed_moves(&start, &moves, Duration::ZERO);
        assert_eq!(repetition_kind(&start, &timed), Termination::PerpetualCheck);
        let quiet = ["5i5h", "5a5b", "5h5i", "5b5a"];
        let moves: Vec<&str> = quiet.iter().cycle().take(12).copied().collect();
        let sp = Position::startpos();
        let timed = timed_moves(&sp, &moves, Duration::ZERO);
        assert_eq!(repetition_kind(&sp, &timed), Termination::Repetition);
    }
}
