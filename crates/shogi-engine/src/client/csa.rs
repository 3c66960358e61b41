//! CSA game records (the Computer Shogi Association's text format, V2.2).
//!
//! Contract: [`write_csa`] writes a record that [`read_csa`] reads back to
//! the same start position and moves: `V2.2`, player names, the start
//! position (`PI` for the standard one, otherwise `P1`..`P9` and hands),
//! the side to move, one move per line with its time `T<seconds>`, and the
//! ending (`%TORYO`, `%TIME_UP`, ...). [`read_csa`] accepts the common
//! subset: comments (`'`), `,`-joined statements, `N`/`$`/`T` lines, `PI`
//! without removed pieces, `P1`..`P9`, `P+`/`P-` hands (not `AL`), and
//! checks every move against the rules core.

use std::fmt::Write as _;
use std::time::Duration;
use yomi_shogi::types::{file_of, rank_of, square};
use yomi_shogi::{Color, Kind, Move, Piece, Position};

const CODES: [(Kind, &str); 14] = [
    (Kind::Pawn, "FU"),
    (Kind::Lance, "KY"),
    (Kind::Knight, "KE"),
    (Kind::Silver, "GI"),
    (Kind::Gold, "KI"),
    (Kind::Bishop, "KA"),
    (Kind::Rook, "HI"),
    (Kind::King, "OU"),
    (Kind::ProPawn, "TO"),
    (Kind::ProLance, "NY"),
    (Kind::ProKnight, "NK"),
    (Kind::ProSilver, "NG"),
    (Kind::Horse, "UM"),
    (Kind::Dragon, "RY"),
];

fn code(k: Kind) -> &'static str {
    CODES
        .iter()
        .find(|(x, _)| *x == k)
        .map(|c| c.1)
        .unwrap_or("??")
}

fn kind_of(code: &str) -> Option<Kind> {
    CODES.iter().find(|(_, c)| *c == code).map(|c| c.0)
}

fn sign(c: Color) -> char {
    if c == Color::Black { '+' } else { '-' }
}

/// How a recorded game ended, as CSA writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `%TORYO`: the side to move resigned.
    Resign,
    /// `%TSUMI`: the side to move is checkmated.
    Checkmate,
    /// `%TIME_UP`: the side to move ran out of time.
    TimeUp,
    /// `%ILLEGAL_MOVE`: the side to move played an illegal move.
    IllegalMove,
    /// `%SENNICHITE`: fourfold repetition.
    Repetition,
    /// `%KACHI`: the side to move declared an entering-king win.
    Declaration,
    /// `%HIKIWAKE`: drawn by the ply limit.
    Draw,
    /// `%CHUDAN`: interrupted (an engine crashed).
    Interrupted,
}

impl Ending {
    fn token(self) -> &'static str {
        match self {
            Ending::Resign => "%TORYO",
            Ending::Checkmate => "%TSUMI",
            Ending::TimeUp => "%TIME_UP",
            Ending::IllegalMove => "%ILLEGAL_MOVE",
            Ending::Repetition => "%SENNICHITE",
            Ending::Declaration => "%KACHI",
            Ending::Draw => "%HIKIWAKE",
            Ending::Interrupted => "%CHUDAN",
        }
    }
}

fn csa_square(sq: usize) -> String {
    format!("{}{}", file_of(sq) + 1, rank_of(sq) + 1)
}

/// The CSA text of a game: names (Black, White), start, moves with their
/// thinking times, the ending and a free comment.
pub fn write_csa(
    names: [&str; 2],
    start: &Position,
    moves: &[(Move, Duration)],
    ending: Ending,
    comment: &str,
) -> String {
    let mut s = String::from("V2.2\n");
    let _ = writeln!(s, "N+{}\nN-{}", names[0], names[1]);
    if start.to_sfen() == Position::startpos().to_sfen() {
        s.push_str("PI\n");
    } else {
        for rank in 0..9 {
            let _ = write!(s, "P{}", rank + 1);
            for file in (0..9).rev() {
                let p = start.piece_on(square(file, rank));
                match p.kind() {
                    None => s.push_str(" * "),
                    Some(k) => {
                        s.push(sign(p.color()));
                        s.push_str(code(k));
                    }
                }
            }
            s.push('\n');
        }
        for c in [Color::Black, Color::White] {
            let hand = start.hand(c);
            if !hand.is_empty() {
                s.push('P');
                s.push(sign(c));
                for (k, n) in hand.iter() {
                    for _ in 0..n {
                        let _ = write!(s, "00{}", code(k));
                    }
                }
                s.push('\n');
            }
        }
    }
    let _ = writeln!(s, "{}", sign(start.side_to_move()));
    let mut pos = start.clone();
    for &(m, t) in moves {
        let us = pos.side_to_move();
        let (from, kind) = if m.is_drop() {
            ("00".to_string(), m.drop_kind())
        } else {
            let k = pos.piece_on(m.from()).kind().unwrap_or(Kind::Pawn);
            let k = if m.is_promotion() { k.promoted() } else { k };
            (csa_square(m.from()), k)
        };
        let _ = writeln!(
            s,
            "{}{from}{}{}\nT{}",
            sign(us),
            csa_square(m.to()),
            code(kind),
            t.as_secs()
        );
        pos.do_move(m);
    }
    let _ = writeln!(s, "{}", ending.token());
    if !comment.is_empty() {
        let _ = writeln!(s, "'{comment}");
    }
    s
}

/// Reads a CSA record: its start position and moves.
pub fn read_csa(text: &str) -> Result<(Position, Vec<Move>), String> {
    let mut board: Option<Vec<(usize, Piece)>> = None;
    let mut hands: Vec<(Color, Kind)> = Vec::new();
    let mut side = Color::Black;
    let mut start: Option<Position> = None;
    let mut moves = Vec::new();
    let mut pos: Option<Position> = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let err = |m: String| format!("CSA line {line_no}: {m}");
        if raw.trim_start().starts_with('\'') {
            continue;
        }
        for stmt in raw.split(',') {
            let t = stmt.trim();
            if t.is_empty() || t.starts_with('\'') || t.starts_with('V') {
                continue;
            }
            if t.starts_with('N') || t.starts_with('$') || t.starts_with('T') || t.starts_with('%')
            {
                continue;
            }
            if t == "PI" {
                let sp = Position::startpos();
                let mut b = Vec::new();
                for sq in 0..81 {
                    let p = sp.piece_on(sq);
                    if !p.is_empty() {
                        b.push((sq, p));
                    }
                }
                board = Some(b);
                continue;
            }
            if let Some(row) = t.strip_prefix('P') {
                let first = row.chars().next().unwrap_or(' ');
                if let Some(rank) = first.to_digit(10).filter(|d| (1..=9).contains(d)) {
                    let cells = &row[1..];
                    let b = board.get_or_insert_with(Vec::new);
                    for f in 0..9 {
                        let cell = cells.get(f * 3..f * 3 + 3).unwrap_or(" * ");
                        if cell.trim() == "*" || cell.trim().is_empty() {
                            continue;
                        }
                        let color = match &cell[..1] {
                            "+" => Color::Black,
                            "-" => Color::White,
                            _ => return Err(err(format!("bad square '{cell}'"))),
                        };
                        let k = kind_of(&cell[1..])
                            .ok_or_else(|| err(format!("unknown piece '{cell}'")))?;
                        b.push((square(8 - f, rank as usize - 1), Piece::new(color, k)));
                    }
                    continue;
                }
                if first == '+' || first == '-' {
                    let color = if first == '+' {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let items = &row[1..];
                    if items.len() % 4 != 0 {
                        return Err(err("hand items are 4 characters (00FU)".into()));
                    }
                    for j in (0..items.len()).step_by(4) {
                        let item = &items[j..j + 4];
                        if &item[..2] != "00" {
                            return Err(err(format!(
                                "only hands (00XX) are supported, got {item}"
                            )));
                        }
                        let k = kind_of(&item[2..])
                            .ok_or_else(|| err(format!("unknown piece '{item}'")))?;
                        hands.push((color, k));
                    }
                    continue;
                }
                return Err(err(format!("unsupported line '{t}'")));
            }
            if (t == "+" || t == "-") && pos.is_none() {
                side = if t == "+" { Color::Black } else { Color::White };
                continue;
            }
            if t.len() == 7 && (t.starts_with('+') || t.starts_with('-')) {
                let p = match pos.as_mut() {
                    Some(p) => p,
                    None => {
                        let sp = build(board.take().unwrap_or_default(), &hands, side)
                            .map_err(|e| err(e))?;
                        start = Some(sp.clone());
                        pos.insert(sp)
                    }
                };
                let m = parse_move(p, t).map_err(|e| err(e))?;
                p.do_move(m);
                moves.push(m);
                continue;
            }
            return Err(err(format!("unsupported statement '{t}'")));
        }
    }
    let start = match start {
        Some(s) => s,
        None => build(board.unwrap_or_default(), &hands, side)?,
    };
    Ok((start, moves))
}

fn build(
    board: Vec<(usize, Piece)>,
    hands: &[(Color, Kind)],
    side: Color,
) -> Result<Position, String> {
    let mut rows = vec![vec![None; 9]; 9];
    for (sq, p) in board {
        rows[rank_of(sq)][8 - file_of(sq)] = Some(p);
    }
    let mut sfen = String::new();
    for (r, row) in rows.iter().enumerate() {
        if r > 0 {
            sfen.push('/');
        }
        let mut empty = 0;
        for cell in row {
            match cell {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        let _ = write!(sfen, "{empty}");
                        empty = 0;
                    }
                    let k = p.kind_unchecked();
                    if k.is_promoted() {
                        sfen.push('+');
                    }
                    let l = k.letter();
                    sfen.push(if p.color() == Color::Black {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            let _ = write!(sfen, "{empty}");
        }
    }
    let _ = write!(sfen, " {} ", if side == Color::Black { 'b' } else { 'w' });
    if hands.is_empty() {
        sfen.push('-');
    }
    for &(c, k) in hands {
        let l = k.letter();
        sfen.push(if c == Color::Black {
            l
        } else {
            l.to_ascii_lowercase()
        });
    }
    sfen.push_str(" 1");
    Position::from_sfen(&sfen).map_err(|e| format!("bad start position: {e}"))
}

fn parse_move(pos: &Position, t: &str) -> Result<Move, String> {
    let b = t.as_bytes();
    let digit = |c: u8| (c as char).to_digit(10).map(|d| d as usize);
    let (ff, fr, tf, tr) = (digit(b[1]), digit(b[2]), digit(b[3]), digit(b[4]));
    let (Some(ff), Some(fr), Some(tf), Some(tr)) = (ff, fr, tf, tr) else {
        return Err(format!("bad move '{t}'"));
    };
    if !(1..=9).contains(&tf) || !(1..=9).contains(&tr) {
        return Err(format!("bad destination in '{t}'"));
    }
    let kind = kind_of(&t[5..]).ok_or_else(|| format!("unknown piece in '{t}'"))?;
    let to = square(tf - 1, tr - 1);
    let m = if ff == 0 && fr == 0 {
        Move::drop(kind, to)
    } else {
        if !(1..=9).contains(&ff) || !(1..=9).contains(&fr) {
            return Err(format!("bad origin in '{t}'"));
        }
        let from = square(ff - 1, fr - 1);
        let before = pos.piece_on(from).kind();
        let promote = before.is_some_and(|k| k.can_promote() && k.promoted() == kind);
        Move::new(from, to, promote)
    };
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(format!("illegal move '{t}' ({m})"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(start: &Position, usi: &[&str]) -> Vec<(Move, Duration)> {
        super::super::timed_moves(start, usi, Duration::from_millis(1500))
    }

    #[test]
    fn startpos_game_round_trips() {
        let start = Position::startpos();
        let moves = play(&start, &["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
        let text = write_csa(["a", "b"], &start, &moves, Ending::Resign, "test");
        assert!(text.contains("PI\n+\n+7776FU\nT1\n-3334FU\n"), "{text}");
        assert!(
            text.contains("+8822UM\n") && text.contains("+0045KA\n"),
            "{text}"
        );
        assert!(text.ends_with("%TORYO\n'test\n"));
        let (s, m) = read_csa(&text).unwrap();
        assert_eq!(s.to_sfen(), start.to_sfen());
        assert_eq!(m, moves.iter().map(|x| x.0).collect::<Vec<_>>());
    }

    #[test]
    fn sfen_start_with_hands_round_trips() {
        let start = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/K8 w G2p 1").unwrap();
        let moves = play(&start, &["P*5h", "G*5b"]);
        let text = write_csa(["x", "y"], &start, &moves, Ending::Checkmate, "");
        let (s, m) = read_csa(&text).unwrap();
        assert_eq!(s.to_sfen(), start.to_sfen());
        assert_eq!(m.len(), 2);
    }

    #[test]
    fn illegal_and_malformed_records_are_refused_with_the_line() {
        let e = read_csa("PI\n+\n+7775FU\n").unwrap_err();
        assert!(e.contains("line 3") && e.contains("illegal"), "{e}");
        assert!(read_csa("PI\n+\n+77X6FU\n").is_err());
        assert!(read_csa("P1 foo\n").is_err());
    }
}
