//! Reading CSA text into a [`GameRecord`] (the subset the module contract of
//! `csa.rs` lists), every move checked against the rules.

use super::csa::{kind_of, termination_of};
use super::{CsaError, CsaErrorKind, GameRecord, Setup, TimedMove, excerpt, repetition_kind};
use crate::position::Position;
use crate::termination::Termination;
use crate::types::{Color, Move, Piece, square};
use std::time::Duration;

/// What the reader has seen so far.
struct Reader {
    record: GameRecord,
    setup: Setup,
    /// The line and text of the last start-position statement, for errors
    /// found once the position is complete.
    setup_at: (usize, String),
    /// The position after the moves read; `None` before the first move.
    pos: Option<Position>,
    /// `Some` once a `%` ending was read (its termination, if known).
    ending: Option<Option<Termination>>,
    comment: Vec<String>,
}

pub(super) fn read(text: &str) -> Result<GameRecord, CsaError> {
    let mut r = Reader {
        record: GameRecord::new(Position::startpos()),
        setup: Setup::empty(),
        setup_at: (1, String::new()),
        pos: None,
        ending: None,
        comment: Vec::new(),
    };
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let whole = raw.trim_start();
        if let Some(c) = whole.strip_prefix('\'') {
            if r.ending.is_some() {
                r.comment.push(c.to_string());
            }
            continue;
        }
        // Names and headers are whole lines (a name may hold a comma).
        if let Some(name) = whole.strip_prefix("N+") {
            r.record.names[0] = name.to_string();
            continue;
        }
        if let Some(name) = whole.strip_prefix("N-") {
            r.record.names[1] = name.to_string();
            continue;
        }
        if whole.starts_with('$') {
            continue;
        }
        for stmt in raw.split(',') {
            let t = stmt.trim();
            if t.starts_with('\'') {
                break;
            }
            r.statement(line, t).map_err(|kind| CsaError {
                line,
                text: excerpt(t),
                kind,
            })?;
        }
    }
    r.finish()
}

impl Reader {
    fn statement(&mut self, line: usize, t: &str) -> Result<(), CsaErrorKind> {
        if t.is_empty() || t.starts_with('V') || t.starts_with('N') || t.starts_with('$') {
            return Ok(());
        }
        if let Some(secs) = t.strip_prefix('T') {
            let time = seconds(secs).ok_or(CsaErrorKind::Time)?;
            if let Some(last) = self.record.moves.last_mut() {
                last.time = time;
            }
            return Ok(());
        }
        if t.starts_with('%') {
            if self.ending.is_none() {
                self.ending = Some(termination_of(t));
            }
            return Ok(());
        }
        if !t.is_ascii() {
            return Err(CsaErrorKind::Statement);
        }
        if let Some(row) = t.strip_prefix('P') {
            self.setup_at = (line, excerpt(t));
            return self.position_statement(row);
        }
        if (t == "+" || t == "-") && self.pos.is_none() {
            self.setup_at = (line, excerpt(t));
            self.setup.side = if t == "+" { Color::Black } else { Color::White };
            return Ok(());
        }
        if t.len() == 7 && (t.starts_with('+') || t.starts_with('-')) {
            if self.ending.is_some() {
                return Err(CsaErrorKind::Statement);
            }
            let pos = match self.pos.as_mut() {
                Some(p) => p,
                None => {
                    let start = self.setup.position().map_err(CsaErrorKind::Start)?;
                    self.record.start = start.clone();
                    self.pos.insert(start)
                }
            };
            let mv = parse_move(pos, t)?;
            pos.do_move(mv);
            self.record.moves.push(TimedMove {
                mv,
                time: Duration::ZERO,
            });
            return Ok(());
        }
        Err(CsaErrorKind::Statement)
    }

    /// `PI`, a board row `P1`..`P9`, or a hand `P+`/`P-` (`row` is what
    /// follows the `P`; ASCII).
    fn position_statement(&mut self, row: &str) -> Result<(), CsaErrorKind> {
        if row == "I" {
            let sp = Position::startpos();
            for (sq, p) in self.setup.board.iter_mut().enumerate() {
                *p = sp.piece_on(sq);
            }
            return Ok(());
        }
        let first = row.chars().next().unwrap_or(' ');
        if let Some(rank) = first.to_digit(10).filter(|d| (1..=9).contains(d)) {
            let cells = &row[1..];
            for f in 0..9 {
                let cell = cells.get(f * 3..f * 3 + 3).unwrap_or(" * ");
                if cell.trim() == "*" || cell.trim().is_empty() {
                    continue;
                }
                let color = match &cell[..1] {
                    "+" => Color::Black,
                    "-" => Color::White,
                    _ => return Err(CsaErrorKind::Square),
                };
                let k = kind_of(&cell[1..]).ok_or(CsaErrorKind::Piece)?;
                self.setup.board[square(8 - f, rank as usize - 1)] = Piece::new(color, k);
            }
            return Ok(());
        }
        if first == '+' || first == '-' {
            let color = if first == '+' {
                Color::Black
            } else {
                Color::White
            };
            let items = &row[1..];
            if !items.len().is_multiple_of(4) {
                return Err(CsaErrorKind::Hand);
            }
            for j in (0..items.len()).step_by(4) {
                let item = &items[j..j + 4];
                if &item[..2] != "00" {
                    return Err(CsaErrorKind::Hand);
                }
                let k = kind_of(&item[2..]).ok_or(CsaErrorKind::Piece)?;
                self.setup.hands[color.index()].push(k);
            }
            return Ok(());
        }
        Err(CsaErrorKind::Statement)
    }

    fn finish(mut self) -> Result<GameRecord, CsaError> {
        if self.pos.is_none() {
            self.record.start = self.setup.position().map_err(|e| CsaError {
                line: self.setup_at.0,
                text: self.setup_at.1.clone(),
                kind: CsaErrorKind::Start(e),
            })?;
        }
        let mut termination = self.ending.flatten();
        if termination == Some(Termination::Repetition) {
            termination = Some(repetition_kind(&self.record.start, &self.record.moves));
        }
        self.record.termination = termination;
        self.record.comment = self.comment.join("\n");
        Ok(self.record)
    }
}

/// Seconds as `T` gives them: a whole or decimal number.
fn seconds(text: &str) -> Option<Duration> {
    if let Ok(n) = text.parse::<u64>() {
        return Some(Duration::from_secs(n));
    }
    let f = text.parse::<f64>().ok()?;
    Duration::try_from_secs_f64(f).ok()
}

/// A move statement (`+7776FU`, `-0055KA`; 7 ASCII characters) in `pos`.
fn parse_move(pos: &Position, t: &str) -> Result<Move, CsaErrorKind> {
    let b = t.as_bytes();
    let digit = |c: u8| (c as char).to_digit(10).map(|d| d as usize);
    let (Some(ff), Some(fr), Some(tf), Some(tr)) =
        (digit(b[1]), digit(b[2]), digit(b[3]), digit(b[4]))
    else {
        return Err(CsaErrorKind::MoveSyntax);
    };
    if !(1..=9).contains(&tf) || !(1..=9).contains(&tr) {
        return Err(CsaErrorKind::MoveSyntax);
    }
    let kind = kind_of(&t[5..]).ok_or(CsaErrorKind::Piece)?;
    let side = if b[0] == b'+' {
        Color::Black
    } else {
        Color::White
    };
    if side != pos.side_to_move() {
        return Err(CsaErrorKind::Sign);
    }
    let to = square(tf - 1, tr - 1);
    let m = if ff == 0 && fr == 0 {
        Move::drop(kind, to)
    } else {
        if !(1..=9).contains(&ff) || !(1..=9).contains(&fr) {
            return Err(CsaErrorKind::MoveSyntax);
        }
        let from = square(ff - 1, fr - 1);
        let promote = match pos.piece_on(from).kind() {
            Some(k) if k == kind => false,
            Some(k) if k.can_promote() && k.promoted() == kind => true,
            Some(_) => return Err(CsaErrorKind::PieceMismatch),
            None => false,
        };
        Move::new(from, to, promote)
    };
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(CsaErrorKind::Illegal(m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> CsaErrorKind {
        read(text).unwrap_err().kind
    }

    #[test]
    fn names_times_endings_and_comments_are_read() {
        let text = "'header comment\nV2.2\nN+Black, the first\nN-White\n$EVENT:test\nPI\n+\n+7776FU\nT12\n-3334FU,T3\n%TORYO\n'why\n'and more\n";
        let r = read(text).unwrap();
        assert_eq!(r.names, ["Black, the first", "White"]);
        assert_eq!(r.moves.len(), 2);
        assert_eq!(r.moves[0].time, Duration::from_secs(12));
        assert_eq!(r.moves[1].time, Duration::from_secs(3));
        assert_eq!(r.termination, Some(Termination::Resignation));
        assert_eq!(r.comment, "why\nand more");
        let r = read("PI\n+\n+7776FU\nT0.5\n%JISHOGI\n").unwrap();
        assert_eq!(r.moves[0].time, Duration::from_millis(500));
        assert_eq!(r.termination, None);
        let r = read("PI\n+\n").unwrap();
        assert!(r.moves.is_empty() && r.termination.is_none());
    }

    #[test]
    fn each_fault_is_named_with_its_line_and_text() {
        let e = read("PI\n+\n+7776FU\n-3334FU\n+2726FU\n+8822UM\n").unwrap_err();
        assert_eq!((e.line, e.text.as_str()), (6, "+8822UM"));
        assert_eq!(e.kind, CsaErrorKind::Sign);
        assert_eq!(kind("PI\n+\n+7776KI\n"), CsaErrorKind::PieceMismatch);
        assert_eq!(kind("PI\n+\n+7776XX\n"), CsaErrorKind::Piece);
        assert_eq!(kind("PI\n+\n+7A76FU\n"), CsaErrorKind::MoveSyntax);
        assert_eq!(kind("PI\n+\n+7776FU\nTx\n"), CsaErrorKind::Time);
        assert_eq!(kind("P+00F\n"), CsaErrorKind::Hand);
        assert_eq!(kind("P1?KY\n"), CsaErrorKind::Square);
        assert_eq!(kind("PI\n+\n%TORYO\n+7776FU\n"), CsaErrorKind::Statement);
        assert_eq!(kind("P1あいう\n"), CsaErrorKind::Statement);
        let e = read("P1 *  *  *  * -OU *  *  *  * \n+\n").unwrap_err();
        assert!(matches!(e.kind, CsaErrorKind::Start(_)), "{e}");
        assert_eq!(e.line, 2);
        let long = format!("PI\n+\nX{}\n", "y".repeat(200));
        let e = read(&long).unwrap_err();
        assert_eq!(e.text.chars().count(), 61, "{e}");
    }
}
