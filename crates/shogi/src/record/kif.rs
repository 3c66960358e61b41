//! KIF game records (the Japanese text format of Kakinoki, read by ShogiGUI,
//! Shogidokoro, Kifu for Windows and cshogi).
//!
//! Contract: [`Kif`] writes (`Display`), in UTF-8 (save it as `.kifu`, the
//! extension that marks UTF-8 KIF; `.kif` means Shift_JIS): `手合割：平手`
//! for the standard start (otherwise the start as a BOD board diagram with
//! both hands and the side to move), the player names, then one numbered
//! move per line in Japanese notation (full-width file, kanji rank, `同　`
//! for a recapture on the previous destination, the piece as it stood,
//! `成`/`不成`/`打`, the origin in parentheses) with its time and the
//! mover's running total, the ending line with its summary
//! (`まで64手で後手の勝ち`) and the comment (each line after `*`).
//! It reads (`FromStr`) that and what ShogiGUI- and cshogi-style KIF
//! commonly holds: `#` comment lines, `*` comments (those after the ending
//! are the record's comment), `&` lines, any `key：value` header (`先手`/
//! `下手`, `後手`/`上手` are the names), `手合割` of the standard
//! handicaps, a BOD board (`上手`/`下手` hands too, `先手番`/`後手番`,
//! `手数＝`), moves with or without `打`, `同` with or without the space,
//! `王`/`竜`/`全`/`圭`/`杏` for `玉`/`龍`/`成銀`/`成桂`/`成香`, times, a `+`
//! after a move that has variations, and it stops at the first variation
//! (`変化：`). Ending words it maps: `詰み` checkmate, `投了` resignation,
//! `千日手` repetition or perpetual check (told apart by the moves),
//! `入玉勝ち` declaration, `反則負け` illegal move, `切れ負け` time up,
//! `持将棋` ply limit (yomi writes it for the ply-limit draw), `中断`
//! interrupted; `反則勝ち`, `不詰`, `封じ手` and `勝ち宣言` leave the
//! termination unknown (`None`). Anything else is a [`super::KifError`]
//! naming the line.

use super::{GameRecord, coordinates, in_zone};
use crate::position::Position;
use crate::termination::Termination;
use crate::types::{Color, Kind, Move, square};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A [`GameRecord`] in the KIF format (UTF-8): `FromStr` reads, `Display`
/// writes.
///
/// ```
/// use std::time::Duration;
/// use yomi_shogi::Position;
/// use yomi_shogi::record::{GameRecord, Kif, TimedMove};
/// use yomi_shogi::Termination;
///
/// let start = Position::startpos();
/// let mut record = GameRecord::new(start.clone());
/// record.names = ["yomi".into(), "other".into()];
/// let mv = start.parse_usi("7g7f").unwrap();
/// record.moves.push(TimedMove { mv, time: Duration::from_secs(61) });
/// record.termination = Some(Termination::Resignation);
///
/// let text = Kif(record.clone()).to_string();
/// assert!(text.contains("   1 ７六歩(77)     ( 1:01/00:01:01)\n   2 投了\nまで1手で先手の勝ち\n"));
/// let Kif(read) = text.parse().unwrap();
/// assert_eq!(read, record);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kif(pub GameRecord);

impl FromStr for Kif {
    type Err = super::KifError;

    fn from_str(text: &str) -> Result<Kif, Self::Err> {
        super::kif_read::read(text).map(Kif)
    }
}

impl fmt::Display for Kif {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write(f, &self.0)
    }
}

pub(super) const FILES: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
pub(super) const RANKS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
pub(super) const NUMBERS: [&str; 19] = [
    "", "", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四",
    "十五", "十六", "十七", "十八",
];

/// The KIF name of a piece kind (promoted kinds included).
pub(super) fn name(kind: Kind) -> &'static str {
    match kind {
        Kind::Pawn => "歩",
        Kind::Lance => "香",
        Kind::Knight => "桂",
        Kind::Silver => "銀",
        Kind::Gold => "金",
        Kind::Bishop => "角",
        Kind::Rook => "飛",
        Kind::King => "玉",
        Kind::ProPawn => "と",
        Kind::ProLance => "成香",
        Kind::ProKnight => "成桂",
        Kind::ProSilver => "成銀",
        Kind::Horse => "馬",
        Kind::Dragon => "龍",
    }
}

/// One-character board names for the BOD diagram (promoted lance, knight
/// and silver have their own single characters there).
pub(super) fn board_name(kind: Kind) -> &'static str {
    match kind {
        Kind::ProLance => "杏",
        Kind::ProKnight => "圭",
        Kind::ProSilver => "全",
        k => name(k),
    }
}

/// The Japanese notation of legal move `m` in `pos`; `previous_to` is the
/// destination of the move before it (for `同`).
///
/// ```
/// use yomi_shogi::Position;
/// use yomi_shogi::record::kif::kif_move;
/// let pos = Position::startpos();
/// let m = pos.parse_usi("7g7f").unwrap();
/// assert_eq!(kif_move(&pos, m, None), "７六歩(77)");
/// ```
pub fn kif_move(pos: &Position, m: Move, previous_to: Option<usize>) -> String {
    let to = m.to();
    let mut s = if previous_to == Some(to) {
        String::from("同　")
    } else {
        let (f, r) = coordinates(to);
        format!("{}{}", FILES[f - 1], RANKS[r - 1])
    };
    if m.is_drop() {
        s.push_str(name(m.drop_kind()));
        // A drop is marked only where a board piece of that kind could also
        // reach the square; marking every drop is what most programs write
        // and every reader accepts.
        s.push('打');
        return s;
    }
    let from = m.from();
    let kind = pos.piece_on(from).kind().unwrap_or(Kind::Pawn);
    s.push_str(name(kind));
    if m.is_promotion() {
        s.push('成');
    } else if kind.can_promote() && in_zone(pos.side_to_move(), from, to) {
        s.push_str("不成");
    }
    let (f, r) = coordinates(from);
    s.push_str(&format!("({f}{r})"));
    s
}

/// Display width of `s` in a fixed-width font: CJK and full-width
/// characters take two columns.
fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

fn clock(this: Duration, total: Duration) -> String {
    let t = this.as_secs();
    let a = total.as_secs();
    format!(
        "({:>2}:{:02}/{:02}:{:02}:{:02})",
        t / 60,
        t % 60,
        a / 3600,
        a / 60 % 60,
        a % 60
    )
}

fn hand_line(pos: &Position, c: Color) -> String {
    let h = pos.hand(c);
    if h.is_empty() {
        return "なし".into();
    }
    // Strongest first, as KIF writers list them.
    let mut items: Vec<(Kind, u32)> = h.iter().collect();
    let order = |k: Kind| match k {
        Kind::Rook => 0,
        Kind::Bishop => 1,
        Kind::Gold => 2,
        Kind::Silver => 3,
        Kind::Knight => 4,
        Kind::Lance => 5,
        _ => 6,
    };
    items.sort_by_key(|&(k, _)| order(k));
    items
        .iter()
        .map(|&(k, n)| format!("{}{}", name(k), NUMBERS[(n as usize).min(18)]))
        .collect::<Vec<_>>()
        .join("　")
}

fn write_bod(s: &mut impl fmt::Write, start: &Position) -> fmt::Result {
    writeln!(s, "後手の持駒：{}", hand_line(start, Color::White))?;
    s.write_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n")?;
    for (rank, rank_name) in RANKS.iter().enumerate() {
        s.write_char('|')?;
        for file in (0..9).rev() {
            let p = start.piece_on(square(file, rank));
            match p.kind() {
                None => s.write_str(" ・")?,
                Some(k) => {
                    s.write_char(if p.color() == Color::White { 'v' } else { ' ' })?;
                    s.write_str(board_name(k))?;
                }
            }
        }
        writeln!(s, "|{rank_name}")?;
    }
    s.write_str("+---------------------------+\n")?;
    writeln!(s, "先手の持駒：{}", hand_line(start, Color::Black))?;
    if start.side_to_move() == Color::White {
        s.write_str("後手番\n")?;
    }
    Ok(())
}

/// The termination's KIF word and who won: `Some(color)` for a decisive
/// game. Perpetual check is written as plain repetition, as yomi's records
/// always were.
pub(super) fn ending_words(t: Termination, to_move: Color) -> (&'static str, Option<Color>) {
    match t {
        Termination::Resignation => ("投了", Some(to_move.flip())),
        Termination::Checkmate => ("詰み", Some(to_move.flip())),
        Termination::TimeUp => ("切れ負け", Some(to_move.flip())),
        Termination::IllegalMove => ("反則負け", Some(to_move.flip())),
        Termination::Declaration => ("入玉勝ち", Some(to_move)),
        Termination::Repetition | Termination::PerpetualCheck => ("千日手", None),
        Termination::PlyLimit => ("持将棋", None),
        Termination::Interrupted => ("中断", None),
    }
}

fn write(s: &mut impl fmt::Write, record: &GameRecord) -> fmt::Result {
    let start = &record.start;
    s.write_str("# ---- yomi game record ----\n")?;
    if start.to_sfen() == Position::startpos().to_sfen() {
        s.write_str("手合割：平手\n")?;
    } else {
        write_bod(s, start)?;
    }
    writeln!(s, "先手：{}\n後手：{}", record.names[0], record.names[1])?;
    s.write_str("手数----指手---------消費時間--\n")?;
    let mut pos = start.clone();
    let mut totals = [Duration::ZERO; 2];
    let mut previous_to = None;
    for (i, tm) in record.moves.iter().enumerate() {
        let us = pos.side_to_move().index();
        totals[us] += tm.time;
        let text = kif_move(&pos, tm.mv, previous_to);
        let pad = 14usize.saturating_sub(width(&text));
        writeln!(
            s,
            "{:>4} {text}{} {}",
            i + 1,
            " ".repeat(pad),
            clock(tm.time, totals[us])
        )?;
        previous_to = Some(tm.mv.to());
        pos.do_move(tm.mv);
    }
    if let Some(t) = record.termination {
        let (word, winner) = ending_words(t, pos.side_to_move());
        let n = record.moves.len();
        writeln!(s, "{:>4} {word}", n + 1)?;
        match winner {
            Some(c) => {
                let side = if c == Color::Black {
                    "先手"
                } else {
                    "後手"
                };
                let how = if t == Termination::IllegalMove {
                    "反則勝ち"
                } else {
                    "勝ち"
                };
                writeln!(s, "まで{n}手で{side}の{how}")?;
            }
            None => writeln!(s, "まで{n}手で{word}")?,
        }
    }
    for line in record.comment.lines() {
        writeln!(s, "*{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{TimedMove, timed_moves};
    use super::*;

    fn play(start: &Position, usi: &[&str]) -> Vec<TimedMove> {
        timed_moves(start, usi, Duration::from_millis(61_500))
    }

    fn write_kif(
        names: [&str; 2],
        start: &Position,
        moves: &[TimedMove],
        termination: Termination,
        comment: &str,
    ) -> String {
        Kif(GameRecord {
            names: names.map(String::from),
            start: start.clone(),
            moves: moves.to_vec(),
            termination: Some(termination),
            comment: comment.to_string(),
        })
        .to_string()
    }

    #[test]
    fn a_startpos_game_in_japanese_notation() {
        let start = Position::startpos();
        let moves = play(
            &start,
            &[
                "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8c8d", "4e3d", "2b3c",
            ],
        );
        let text = write_kif(
            ["yomi", "other"],
            &start,
            &moves,
            Termination::Resignation,
            "",
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "手合割：平手");
        assert_eq!(lines[2], "先手：yomi");
        assert_eq!(lines[3], "後手：other");
        assert_eq!(lines[5], "   1 ７六歩(77)     ( 1:01/00:01:01)");
        assert_eq!(lines[6], "   2 ３四歩(33)     ( 1:01/00:01:01)");
        // Bishop takes bishop and promotes; silver recaptures with 同.
        assert!(lines[7].starts_with("   3 ２二角成(88)"), "{}", lines[7]);
        assert!(lines[8].starts_with("   4 同　銀(31)"), "{}", lines[8]);
        assert!(lines[9].starts_with("   5 ４五角打"), "{}", lines[9]);
        assert!(lines[10].ends_with("( 1:01/00:03:04)"), "{}", lines[10]);
        // 4e3d: the bishop takes on 3d without entering the camp (rank 4).
        assert!(lines[11].starts_with("   7 ３四角(45)"), "{}", lines[11]);
        assert_eq!(lines[13], "   9 投了");
        // Black is to move after eight plies and resigns: White wins.
        assert_eq!(lines[14], "まで8手で後手の勝ち");
    }

    #[test]
    fn a_move_that_may_promote_and_does_not_is_marked() {
        let start = Position::from_sfen("4k4/9/9/9/9/9/9/9/B3K4 b - 1").unwrap();
        let m = start.parse_usi("9i3c").unwrap();
        assert_eq!(kif_move(&start, m, None), "３三角不成(99)");
        let m = start.parse_usi("9i3c+").unwrap();
        assert_eq!(kif_move(&start, m, None), "３三角成(99)");
        let m = start.parse_usi("9i5e").unwrap();
        assert_eq!(kif_move(&start, m, None), "５五角(99)");
    }

    #[test]
    fn another_start_is_a_board_diagram_with_hands_and_side() {
        let start = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/K8 w G2p 1").unwrap();
        let moves = play(&start, &["P*5h", "G*5b"]);
        let text = write_kif(["x", "y"], &start, &moves, Termination::Repetition, "note");
        assert!(!text.contains("手合割"));
        assert!(text.contains("後手の持駒：歩二\n"), "{text}");
        assert!(text.contains("先手の持駒：金\n"), "{text}");
        assert!(text.contains("| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n"), "{text}");
        assert!(text.contains("| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三\n"), "{text}");
        assert!(text.contains("後手番\n"), "{text}");
        assert!(text.contains("   1 ５八歩打"), "{text}");
        assert!(
            text.contains("   3 千日手\nまで2手で千日手\n*note\n"),
            "{text}"
        );
    }

    #[test]
    fn a_declaration_wins_for_the_side_that_declares() {
        let start = Position::startpos();
        let moves = play(&start, &["7g7f"]);
        let text = write_kif(["a", "b"], &start, &moves, Termination::Declaration, "");
        assert!(
            text.ends_with("   2 入玉勝ち\nまで1手で後手の勝ち\n"),
            "{text}"
        );
        let text = write_kif(["a", "b"], &start, &moves, Termination::IllegalMove, "");
        assert!(text.ends_with("まで1手で先手の反則勝ち\n"), "{text}");
    }
}
