//! KIF game records (the Japanese text format of Kakinoki, read by ShogiGUI,
//! Shogidokoro, Kifu for Windows and cshogi).
//!
//! Contract: [`write_kif`] writes, in UTF-8 (save it as `.kifu`, the
//! extension that marks UTF-8 KIF; `.kif` means Shift_JIS): the player names, `手合割：平手`
//! for the standard start (otherwise the start as a BOD board diagram with
//! both hands and the side to move), then one numbered move per line in
//! Japanese notation (full-width file, kanji rank, `同　` for a recapture on
//! the previous destination, the piece as it stood, `成`/`不成`/`打`, the
//! origin in parentheses) with its time and the mover's running total, and
//! the ending line with its summary (`まで64手で後手の勝ち`).

use super::csa::Ending;
use std::fmt::Write as _;
use std::time::Duration;
use yomi_shogi::types::{file_of, rank_of, square};
use yomi_shogi::{Color, Kind, Move, Position};

const FILES: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
const RANKS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const NUMBERS: [&str; 19] = [
    "", "", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四",
    "十五", "十六", "十七", "十八",
];

/// The KIF name of a piece kind (promoted kinds included).
fn name(kind: Kind) -> &'static str {
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
fn board_name(kind: Kind) -> &'static str {
    match kind {
        Kind::ProLance => "杏",
        Kind::ProKnight => "圭",
        Kind::ProSilver => "全",
        k => name(k),
    }
}

/// True when a piece of `kind` (unpromoted) owned by `us` may promote
/// moving from `from` to `to`: one of the squares is in the enemy camp.
fn may_promote(kind: Kind, us: Color, from: usize, to: usize) -> bool {
    let camp = |sq: usize| match us {
        Color::Black => rank_of(sq) <= 2,
        Color::White => rank_of(sq) >= 6,
    };
    kind.can_promote() && (camp(from) || camp(to))
}

/// The Japanese notation of legal move `m` in `pos`; `previous_to` is the
/// destination of the move before it (for `同`).
pub fn kif_move(pos: &Position, m: Move, previous_to: Option<usize>) -> String {
    let to = m.to();
    let mut s = if previous_to == Some(to) {
        String::from("同　")
    } else {
        format!("{}{}", FILES[file_of(to)], RANKS[rank_of(to)])
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
    } else if may_promote(kind, pos.side_to_move(), from, to) {
        s.push_str("不成");
    }
    let _ = write!(s, "({}{})", file_of(from) + 1, rank_of(from) + 1);
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

fn write_bod(s: &mut String, start: &Position) {
    let _ = writeln!(s, "後手の持駒：{}", hand_line(start, Color::White));
    s.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in 0..9 {
        s.push('|');
        for file in (0..9).rev() {
            let p = start.piece_on(square(file, rank));
            match p.kind() {
                None => s.push_str(" ・"),
                Some(k) => {
                    s.push(if p.color() == Color::White { 'v' } else { ' ' });
                    s.push_str(board_name(k));
                }
            }
        }
        let _ = writeln!(s, "|{}", RANKS[rank]);
    }
    s.push_str("+---------------------------+\n");
    let _ = writeln!(s, "先手の持駒：{}", hand_line(start, Color::Black));
    if start.side_to_move() == Color::White {
        s.push_str("後手番\n");
    }
}

/// The ending's KIF word and who won: `Some(color)` for a decisive game.
fn ending_words(ending: Ending, to_move: Color) -> (&'static str, Option<Color>) {
    match ending {
        Ending::Resign => ("投了", Some(to_move.flip())),
        Ending::Checkmate => ("詰み", Some(to_move.flip())),
        Ending::TimeUp => ("切れ負け", Some(to_move.flip())),
        Ending::IllegalMove => ("反則負け", Some(to_move.flip())),
        Ending::Declaration => ("入玉勝ち", Some(to_move)),
        Ending::Repetition => ("千日手", None),
        Ending::Draw => ("持将棋", None),
        Ending::Interrupted => ("中断", None),
    }
}

/// The KIF text of a game: names (Black, White), start, moves with their
/// thinking times, the ending and a free comment. `ending` is the event
/// after the last move, from the view of the side then to move.
pub fn write_kif(
    names: [&str; 2],
    start: &Position,
    moves: &[(Move, Duration)],
    ending: Ending,
    comment: &str,
) -> String {
    let mut s = String::from("# ---- yomi game record ----\n");
    if start.to_sfen() == Position::startpos().to_sfen() {
        s.push_str("手合割：平手\n");
    } else {
        write_bod(&mut s, start);
    }
    let _ = writeln!(s, "先手：{}\n後手：{}", names[0], names[1]);
    s.push_str("手数----指手---------消費時間--\n");
    let mut pos = start.clone();
    let mut totals = [Duration::ZERO; 2];
    let mut previous_to = None;
    for (i, &(m, t)) in moves.iter().enumerate() {
        let us = pos.side_to_move().index();
        totals[us] += t;
        let text = kif_move(&pos, m, previous_to);
        let pad = 14usize.saturating_sub(width(&text));
        let _ = writeln!(
            s,
            "{:>4} {text}{} {}",
            i + 1,
            " ".repeat(pad),
            clock(t, totals[us])
        );
        previous_to = Some(m.to());
        pos.do_move(m);
    }
    let (word, winner) = ending_words(ending, pos.side_to_move());
    let n = moves.len();
    let _ = writeln!(s, "{:>4} {word}", n + 1);
    match winner {
        Some(c) => {
            let side = if c == Color::Black {
                "先手"
            } else {
                "後手"
            };
            let how = if ending == Ending::IllegalMove {
                "反則勝ち"
            } else {
                "勝ち"
            };
            let _ = writeln!(s, "まで{n}手で{side}の{how}");
        }
        None => {
            let _ = writeln!(s, "まで{n}手で{word}");
        }
    }
    if !comment.is_empty() {
        let _ = writeln!(s, "*{comment}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(start: &Position, usi: &[&str]) -> Vec<(Move, Duration)> {
        super::super::timed_moves(start, usi, Duration::from_millis(61_500))
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
        let text = write_kif(["yomi", "other"], &start, &moves, Ending::Resign, "");
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
        let text = write_kif(["x", "y"], &start, &moves, Ending::Repetition, "note");
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
        let text = write_kif(["a", "b"], &start, &moves, Ending::Declaration, "");
        assert!(
            text.ends_with("   2 入玉勝ち\nまで1手で後手の勝ち\n"),
            "{text}"
        );
        let text = write_kif(["a", "b"], &start, &moves, Ending::IllegalMove, "");
        assert!(text.ends_with("まで1手で先手の反則勝ち\n"), "{text}");
    }
}
