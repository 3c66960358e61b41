//! KIF move lines: the move in Japanese notation (`７六歩(77)`, `同　銀(31)`,
//! `４五角打`, `２二角成(88)`) checked against the position, and the time
//! that follows it.
//!
//! Contract: [`parse_move`] accepts full-width or ASCII files, kanji or
//! digit ranks, `同`/`仝` with or without a space, every piece name KIF
//! writers use (`王`, `竜`, `全`, `圭`, `杏` too), KI2's relative markers
//! (ignored: the origin says it), `成`/`不成`/`打`, and an origin in
//! parentheses; a move without an origin is a drop. It returns the move
//! only if it is legal and the piece named is the one that moves.

use super::KifErrorKind;
use super::kif::{FILES, RANKS};
use crate::position::Position;
use crate::types::{HAND_KINDS, Kind, Move, Square, square};
use std::time::Duration;

/// Piece names in moves, longest first so `成銀` is not read as `成`.
pub(super) const MOVE_NAMES: [(&str, Kind); 19] = [
    ("成香", Kind::ProLance),
    ("成桂", Kind::ProKnight),
    ("成銀", Kind::ProSilver),
    ("歩", Kind::Pawn),
    ("香", Kind::Lance),
    ("桂", Kind::Knight),
    ("銀", Kind::Silver),
    ("金", Kind::Gold),
    ("角", Kind::Bishop),
    ("飛", Kind::Rook),
    ("玉", Kind::King),
    ("王", Kind::King),
    ("と", Kind::ProPawn),
    ("杏", Kind::ProLance),
    ("圭", Kind::ProKnight),
    ("全", Kind::ProSilver),
    ("馬", Kind::Horse),
    ("龍", Kind::Dragon),
    ("竜", Kind::Dragon),
];

/// A move's text at the start of `s` in `pos` and what follows it.
pub(super) fn parse_move<'a>(
    pos: &Position,
    s: &'a str,
    previous_to: Option<Square>,
) -> Result<(Move, &'a str), KifErrorKind> {
    let (to, s) = if let Some(rest) = s.strip_prefix(['同', '仝']) {
        let to = previous_to.ok_or(KifErrorKind::Same)?;
        (to, rest.trim_start_matches([' ', '　']))
    } else {
        let mut chars = s.chars();
        let file = chars
            .next()
            .and_then(digit)
            .ok_or(KifErrorKind::MoveSyntax)?;
        let r = chars.next().ok_or(KifErrorKind::MoveSyntax)?;
        let rank = RANKS
            .iter()
            .position(|k| k.starts_with(r))
            .map(|i| i + 1)
            .or_else(|| digit(r))
            .ok_or(KifErrorKind::MoveSyntax)?;
        (square(file - 1, rank - 1), chars.as_str())
    };
    let (named, s) = MOVE_NAMES
        .iter()
        .find_map(|&(n, k)| s.strip_prefix(n).map(|rest| (k, rest)))
        .ok_or(KifErrorKind::MoveSyntax)?;
    // Relative markers (KI2's 右, 左, ...) say nothing the origin does not.
    let s = s.trim_start_matches(['左', '直', '右', '上', '寄', '引']);
    let (promote, drop, s) = if let Some(rest) = s.strip_prefix("不成") {
        (false, false, rest)
    } else if let Some(rest) = s.strip_prefix('成') {
        (true, false, rest)
    } else if let Some(rest) = s.strip_prefix('打') {
        (false, true, rest)
    } else {
        (false, false, s)
    };
    let (from, s) = match s.strip_prefix('(') {
        Some(rest) => {
            let (inside, after) = rest.split_once(')').ok_or(KifErrorKind::MoveSyntax)?;
            let mut cs = inside.chars();
            let (Some(f), Some(r), None) = (
                cs.next().and_then(digit),
                cs.next().and_then(digit),
                cs.next(),
            ) else {
                return Err(KifErrorKind::MoveSyntax);
            };
            if drop {
                return Err(KifErrorKind::MoveSyntax);
            }
            (Some(square(f - 1, r - 1)), after)
        }
        None => (None, s),
    };
    let mv = match from {
        Some(from) => {
            if pos.piece_on(from).kind() != Some(named)
                || pos.piece_on(from).color() != pos.side_to_move()
            {
                return Err(KifErrorKind::PieceMismatch);
            }
            Move::new(from, to, promote)
        }
        None => {
            if promote || !HAND_KINDS.contains(&named) {
                return Err(KifErrorKind::PieceMismatch);
            }
            Move::drop(named, to)
        }
    };
    if !pos.is_legal(mv) {
        return Err(KifErrorKind::Illegal(mv));
    }
    Ok((mv, s))
}

/// A digit 1-9, ASCII or full-width.
fn digit(c: char) -> Option<usize> {
    let d = match c {
        '1'..='9' => c as usize - '0' as usize,
        _ => FILES.iter().position(|f| f.starts_with(c))? + 1,
    };
    Some(d)
}

/// The time after a move, `( m:ss/h:mm:ss)` with an optional `+` (the move
/// has variations); `None` when there is none.
pub(super) fn time(s: &str) -> Result<Option<Duration>, KifErrorKind> {
    let s = s.strip_suffix('+').unwrap_or(s).trim_end();
    if s.is_empty() {
        return Ok(None);
    }
    let inside = s
        .strip_prefix('(')
        .and_then(|x| x.strip_suffix(')'))
        .ok_or(KifErrorKind::Time)?;
    let (this, total) = inside.split_once('/').ok_or(KifErrorKind::Time)?;
    let (m, sec) = this.trim().split_once(':').ok_or(KifErrorKind::Time)?;
    let minutes: u64 = m.trim().parse().map_err(|_| KifErrorKind::Time)?;
    let seconds: f64 = sec.parse().map_err(|_| KifErrorKind::Time)?;
    let total_ok = total
        .trim()
        .split(':')
        .all(|p| !p.is_empty() && p.parse::<f64>().is_ok());
    if !total_ok {
        return Err(KifErrorKind::Time);
    }
    let secs = Duration::try_from_secs_f64(seconds).map_err(|_| KifErrorKind::Time)?;
    Ok(Some(Duration::from_secs(minutes * 60) + secs))
}
