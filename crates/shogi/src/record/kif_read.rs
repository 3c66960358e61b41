//! Reading KIF text into a [`GameRecord`] (what the module contract of
//! `kif.rs` lists), every move checked against the rules.

use super::kif::{FILES, NUMBERS, RANKS, board_name, name};
use super::{GameRecord, KifError, KifErrorKind, Setup, TimedMove, excerpt, repetition_kind};
use crate::position::Position;
use crate::termination::Termination;
use crate::types::{ALL_KINDS, Color, HAND_KINDS, Kind, Move, Piece, Square, square};
use std::time::Duration;

/// The standard handicaps' start positions (the giver, White, moves first).
const HANDICAPS: [(&str, &str); 11] = [
    ("平手", crate::sfen::STARTPOS),
    (
        "香落ち",
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "右香落ち",
        "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "角落ち",
        "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "飛車落ち",
        "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "飛香落ち",
        "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "二枚落ち",
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "四枚落ち",
        "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "六枚落ち",
        "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "八枚落ち",
        "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "十枚落ち",
        "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
];

/// Ending words and their terminations (`None`: known, but not a yomi
/// termination).
const ENDINGS: [(&str, Option<Termination>); 12] = [
    ("投了", Some(Termination::Resignation)),
    ("詰み", Some(Termination::Checkmate)),
    ("切れ負け", Some(Termination::TimeUp)),
    ("反則負け", Some(Termination::IllegalMove)),
    ("入玉勝ち", Some(Termination::Declaration)),
    ("千日手", Some(Termination::Repetition)),
    ("持将棋", Some(Termination::PlyLimit)),
    ("中断", Some(Termination::Interrupted)),
    ("反則勝ち", None),
    ("不詰", None),
    ("封じ手", None),
    ("勝ち宣言", None),
];

/// Piece names in moves, longest first so `成銀` is not read as `成`.
const MOVE_NAMES: [(&str, Kind); 19] = [
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

/// Where the reader is in the record.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Headers and the board diagram.
    Header,
    /// Numbered moves.
    Moves,
    /// After the ending line: only the summary and comments.
    Ended,
}

struct Reader {
    record: GameRecord,
    phase: Phase,
    /// `手合割` and its line, if given.
    handicap: Option<(usize, String)>,
    /// The board diagram being read; `board_rows` counts its rows.
    setup: Setup,
    board_rows: usize,
    /// A board or hand was given: the diagram, not the handicap, is the start.
    diagram: bool,
    pos: Option<Position>,
    previous_to: Option<Square>,
    /// The number the next move line must have (`None` before the first).
    next_number: Option<usize>,
    termination: Option<Termination>,
    comment: Vec<String>,
}

pub(super) fn read(text: &str) -> Result<GameRecord, KifError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut r = Reader {
        record: GameRecord::new(Position::startpos()),
        phase: Phase::Header,
        handicap: None,
        setup: Setup::empty(),
        board_rows: 0,
        diagram: false,
        pos: None,
        previous_to: None,
        next_number: None,
        termination: None,
        comment: Vec::new(),
    };
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.starts_with("変化：") || l.starts_with("変化:") {
            break;
        }
        let numbered = l.starts_with(|c: char| c.is_ascii_digit());
        if numbered && r.phase == Phase::Header {
            let start = r.start(line, raw)?;
            r.record.start = start.clone();
            r.pos = Some(start);
            r.phase = Phase::Moves;
        }
        r.line(line, raw, l).map_err(|kind| KifError {
            line,
            text: excerpt(raw),
            kind,
        })?;
    }
    r.finish(text.lines().count())
}

impl Reader {
    /// One line: `raw` as written, `l` trimmed both ends.
    fn line(&mut self, line: usize, raw: &str, l: &str) -> Result<(), KifErrorKind> {
        if l.is_empty() || l.starts_with('#') || l.starts_with('&') {
            return Ok(());
        }
        if let Some(c) = raw.trim_start().strip_prefix('*') {
            if self.phase == Phase::Ended {
                self.comment.push(c.to_string());
            }
            return Ok(());
        }
        if l.starts_with("まで") && self.phase != Phase::Header {
            // The summary (`まで64手で後手の勝ち`) closes the record.
            self.phase = Phase::Ended;
            return Ok(());
        }
        if self.phase == Phase::Ended {
            return Err(if l.starts_with(|c: char| c.is_ascii_digit()) {
                KifErrorKind::AfterEnd
            } else {
                KifErrorKind::Line
            });
        }
        if l.starts_with(|c: char| c.is_ascii_digit()) {
            return self.numbered(l);
        }
        if self.phase != Phase::Header {
            return Err(KifErrorKind::Line);
        }
        if raw.starts_with('|') {
            return self.board_row(raw);
        }
        if l.starts_with("+-") || l.starts_with("手数-") || l.starts_with("手数＝") {
            return Ok(());
        }
        if l.chars()
            .all(|c| c == ' ' || FILES.iter().any(|f| f.starts_with(c)))
        {
            return Ok(()); // the diagram's file numbers
        }
        match l {
            "先手番" | "下手番" => {
                self.setup.side = Color::Black;
                return Ok(());
            }
            "後手番" | "上手番" => {
                self.setup.side = Color::White;
                return Ok(());
            }
            _ => {}
        }
        let Some((key, value)) = l.split_once('：').or_else(|| l.split_once(':')) else {
            return Err(KifErrorKind::Line);
        };
        // The value as written (names keep their spaces).
        let value_raw = raw.split_once(['：', ':']).map_or(value, |(_, v)| v);
        let value_raw = value_raw.strip_suffix('\r').unwrap_or(value_raw);
        match key {
            "先手" | "下手" => self.record.names[0] = value_raw.to_string(),
            "後手" | "上手" => self.record.names[1] = value_raw.to_string(),
            "手合割" => self.handicap = Some((line, value.to_string())),
            "先手の持駒" | "下手の持駒" => self.hand(Color::Black, value)?,
            "後手の持駒" | "上手の持駒" => self.hand(Color::White, value)?,
            _ => {}
        }
        Ok(())
    }

    fn hand(&mut self, c: Color, value: &str) -> Result<(), KifErrorKind> {
        self.diagram = true;
        let hand = &mut self.setup.hands[c.index()];
        hand.clear();
        if value == "なし" || value.is_empty() {
            return Ok(());
        }
        for item in value.split(['　', ' ']).filter(|s| !s.is_empty()) {
            let kind = HAND_KINDS
                .into_iter()
                .find(|&k| item.starts_with(name(k)))
                .ok_or(KifErrorKind::Hand)?;
            let count = &item[name(kind).len()..];
            let n = if count.is_empty() {
                1
            } else {
                NUMBERS
                    .iter()
                    .position(|&x| x == count)
                    .filter(|&n| n >= 2)
                    .ok_or(KifErrorKind::Hand)?
            };
            hand.extend(std::iter::repeat_n(kind, n));
        }
        Ok(())
    }

    /// `| ・ ・v玉 ...|一`: nine squares, each a side mark and a piece.
    fn board_row(&mut self, raw: &str) -> Result<(), KifErrorKind> {
        self.diagram = true;
        let mut chars = raw.trim_end().chars().skip(1);
        let mut row = [Piece::EMPTY; 9];
        for cell in row.iter_mut() {
            let mark = chars.next().ok_or(KifErrorKind::BoardRow)?;
            let piece = chars.next().ok_or(KifErrorKind::BoardRow)?;
            if piece == '・' {
                continue;
            }
            let color = match mark {
                ' ' | '^' => Color::Black,
                'v' | 'V' => Color::White,
                _ => return Err(KifErrorKind::BoardRow),
            };
            let kind = board_kind(piece).ok_or(KifErrorKind::BoardRow)?;
            *cell = Piece::new(color, kind);
        }
        if chars.next() != Some('|') {
            return Err(KifErrorKind::BoardRow);
        }
        let rank: String = chars.collect();
        let rank = RANKS
            .iter()
            .position(|&r| r == rank.trim())
            .ok_or(KifErrorKind::BoardRow)?;
        if rank != self.board_rows {
            return Err(KifErrorKind::Board);
        }
        for (f, p) in row.into_iter().enumerate() {
            self.setup.board[square(8 - f, rank)] = p;
        }
        self.board_rows += 1;
        Ok(())
    }

    /// The start position, once the headers are read; errors name `line`
    /// (`raw`), where it was needed.
    fn start(&self, line: usize, raw: &str) -> Result<Position, KifError> {
        let at = |kind| KifError {
            line,
            text: excerpt(raw),
            kind,
        };
        if self.diagram {
            if self.board_rows != 9 {
                return Err(at(KifErrorKind::Board));
            }
            return self
                .setup
                .position()
                .map_err(|e| at(KifErrorKind::Start(e)));
        }
        match &self.handicap {
            None => Ok(Position::startpos()),
            Some((line, h)) => {
                let sfen = HANDICAPS
                    .iter()
                    .find(|(n, _)| n == h)
                    .map(|(_, s)| *s)
                    .ok_or_else(|| KifError {
                        line: *line,
                        text: excerpt(h),
                        kind: KifErrorKind::Handicap,
                    })?;
                Ok(Position::from_sfen(sfen).expect("the handicap SFENs are valid"))
            }
        }
    }

    /// A numbered line: a move or the ending.
    fn numbered(&mut self, l: &str) -> Result<(), KifErrorKind> {
        let digits = l.find(|c: char| !c.is_ascii_digit()).unwrap_or(l.len());
        let number: usize = l[..digits].parse().map_err(|_| KifErrorKind::Line)?;
        let expected = self.next_number.unwrap_or(number);
        if number != expected {
            return Err(KifErrorKind::MoveNumber(expected));
        }
        self.next_number = Some(number + 1);
        let rest = l[digits..].trim_start();
        if let Some((word, t)) = ENDINGS.iter().find(|(w, _)| rest.starts_with(w)) {
            time(rest[word.len()..].trim())?;
            self.termination = *t;
            self.phase = Phase::Ended;
            return Ok(());
        }
        let pos = self.pos.as_mut().expect("set above");
        let (mv, after) = parse_move(pos, rest, self.previous_to)?;
        let secs = time(after.trim())?;
        pos.do_move(mv);
        self.previous_to = Some(mv.to());
        self.record.moves.push(TimedMove {
            mv,
            time: secs.unwrap_or(Duration::ZERO),
        });
        Ok(())
    }

    fn finish(mut self, lines: usize) -> Result<GameRecord, KifError> {
        if self.pos.is_none() {
            self.record.start = self.start(lines, "")?;
        }
        self.record.termination = match self.termination {
            Some(Termination::Repetition) => {
                Some(repetition_kind(&self.record.start, &self.record.moves))
            }
            t => t,
        };
        self.record.comment = self.comment.join("\n");
        Ok(self.record)
    }
}

/// The piece of a one-character board name.
fn board_kind(c: char) -> Option<Kind> {
    let mut buf = [0u8; 4];
    let s: &str = c.encode_utf8(&mut buf);
    ALL_KINDS
        .into_iter()
        .find(|&k| board_name(k) == s)
        .or_else(|| MOVE_NAMES.iter().find(|(n, _)| *n == s).map(|x| x.1))
}

/// A move's text at the start of `s` in `pos` and what follows it.
fn parse_move<'a>(
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
fn time(s: &str) -> Result<Option<Duration>, KifErrorKind> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> (usize, KifErrorKind) {
        let e = read(text).unwrap_err();
        (e.line, e.kind)
    }

    /// A record as ShogiGUI and cshogi write them: headers, a comment
    /// before the moves, `&` bookmarks, `同` without the space, `王`,
    /// fractional and missing times, a `+` on a move that has variations,
    /// and a variation after the main line.
    const SHOGIGUI: &str = "\u{feff}# ----  Kifu for Windows V7 棋譜ファイル  ----
開始日時：2024/01/02 10:00:00
棋戦：test
手合割：平手　　
先手：Sente Player
後手：後手さん
*opening comment
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:01/00:00:01)
*a move comment
   2 ３四歩(33)   ( 0:02.5/00:00:02)+
&bookmark
   3 ２二角成(88)
   4 同銀(31)   ( 0:03/00:00:05)
   5 ５八王(59)   ( 1:00/00:01:01)
   6 中断   ( 0:00/00:00:05)
まで5手で中断
*the end

変化：2手
   2 ８四歩(83)   ( 0:01/00:00:01)
";

    #[test]
    fn shogigui_records_read_their_main_line() {
        let r = read(SHOGIGUI).unwrap();
        assert_eq!(r.names, ["Sente Player", "後手さん"]);
        assert_eq!(r.start, Position::startpos());
        let usi: Vec<String> = r.moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(usi, ["7g7f", "3c3d", "8h2b+", "3a2b", "5i5h"]);
        let secs: Vec<f64> = r.moves.iter().map(|m| m.time.as_secs_f64()).collect();
        assert_eq!(secs, [1.0, 2.5, 0.0, 3.0, 60.0]);
        assert_eq!(r.termination, Some(Termination::Interrupted));
        assert_eq!(r.comment, "the end");
    }

    #[test]
    fn handicaps_start_with_white_to_move() {
        let text = "手合割：香落ち\n上手：a\n下手：b\n   1 １二香(11)\n   2 ７六歩(77)\n";
        let err = read(text).unwrap_err();
        // The lance is gone from 1a: nothing to move there.
        assert_eq!((err.line, err.kind), (4, KifErrorKind::PieceMismatch));
        let text = "手合割：香落ち\n上手：a\n下手：b\n   1 ３四歩(33)\n   2 ７六歩(77)\n";
        let r = read(text).unwrap();
        assert_eq!(r.names, ["b", "a"]);
        assert_eq!(r.start.side_to_move(), Color::White);
        assert!(r.start.piece_on(square(0, 0)).is_empty());
        assert_eq!(r.moves.len(), 2);
        for (h, _) in HANDICAPS {
            let r = read(&format!("手合割：{h}\n")).unwrap();
            assert_eq!(r.start.side_to_move() == Color::Black, h == "平手", "{h}");
        }
    }

    #[test]
    fn a_board_diagram_gives_the_start() {
        let text = "後手の持駒：歩二\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・v王 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| 玉 ・ ・ ・ ・ ・ ・ ・ 全|九\n+---------------------------+\n先手の持駒：金　歩\n後手番\n手数＝0\n   1 ５八歩(00)\n";
        // `(00)` is not a drop's origin in KIF: refused, naming the line.
        let (line, k) = kind(text);
        assert_eq!((line, k), (17, KifErrorKind::MoveSyntax));
        let text = text.replace("５八歩(00)", "５八歩");
        let r = read(&text).unwrap();
        assert_eq!(r.start.to_sfen(), "4k4/9/4P4/9/9/9/9/9/K7+S w GP2p 1");
        assert_eq!(r.moves[0].mv.to_string(), "P*5h");
        assert_eq!(r.termination, None);
    }

    #[test]
    fn every_fault_is_named_with_its_line() {
        assert_eq!(kind("先手：a\nfoo bar\n"), (2, KifErrorKind::Line));
        assert_eq!(
            kind("手合割：その他\n   1 ７六歩(77)\n"),
            (1, KifErrorKind::Handicap)
        );
        assert_eq!(
            kind("   1 ７六歩(77)\n   3 ３四歩(33)\n"),
            (2, KifErrorKind::MoveNumber(2))
        );
        assert_eq!(
            kind("   1 ７五歩(77)\n").1,
            KifErrorKind::Illegal(Move::new(square(6, 6), square(6, 4), false))
        );
        assert_eq!(kind("   1 ７六金(77)\n"), (1, KifErrorKind::PieceMismatch));
        assert_eq!(kind("   1 同　歩(77)\n"), (1, KifErrorKind::Same));
        assert_eq!(kind("   1 ７六XX(77)\n"), (1, KifErrorKind::MoveSyntax));
        assert_eq!(kind("   1 ７六歩(77) (1:00)\n"), (1, KifErrorKind::Time));
        assert_eq!(
            kind("   1 投了\n   2 ７六歩(77)\n"),
            (2, KifErrorKind::AfterEnd)
        );
        assert_eq!(
            kind("   1 ７六歩(77)\n先手：late\n"),
            (2, KifErrorKind::Line)
        );
        assert_eq!(kind("|x|一\n"), (1, KifErrorKind::BoardRow));
        assert_eq!(kind("先手の持駒：歩百\n"), (1, KifErrorKind::Hand));
        let two_rows = "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n";
        assert_eq!(kind(two_rows), (2, KifErrorKind::Board));
        let long = format!("   1 ７六歩(77)\n   2 ３四歩(33)  {}\n", "あ".repeat(80));
        let e = read(&long).unwrap_err();
        assert!(e.to_string().starts_with("KIF line 2: a time is"), "{e}");
        assert!(e.text.ends_with('…'), "{e}");
    }

    #[test]
    fn unknown_endings_keep_the_moves() {
        let r = read("   1 ７六歩(77)\n   2 反則勝ち\nまで1手で後手の反則勝ち\n").unwrap();
        assert_eq!((r.moves.len(), r.termination), (1, None));
    }
}
