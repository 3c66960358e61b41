//! Reading KIF text into a [`GameRecord`] (what the module contract of
//! `kif.rs` lists), every move checked against the rules.

use super::kif::{FILES, NUMBERS, RANKS, board_name, name};
use super::kif_move::{MOVE_NAMES, parse_move, time};
use super::{GameRecord, KifError, KifErrorKind, Setup, TimedMove, excerpt, repetition_kind};
use crate::position::Position;
use crate::termination::Termination;
use crate::types::{ALL_KINDS, Color, HAND_KINDS, Kind, Piece, Square, square};
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
