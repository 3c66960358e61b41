//! The KIF reader on what other programs write (ShogiGUI and cshogi style:
//! headers, comments, bookmarks, handicaps, board diagrams, variations) and
//! on faults, each named with its line.

use yomi_shogi::record::{GameRecord, Kif, KifError, KifErrorKind};
use yomi_shogi::types::square;
use yomi_shogi::{Color, Move, Position, Termination};
fn read(text: &str) -> Result<GameRecord, KifError> {
    text.parse::<Kif>().map(|k| k.0)
}

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
    let handicaps = [
        "平手",
        "香落ち",
        "右香落ち",
        "角落ち",
        "飛車落ち",
        "飛香落ち",
        "二枚落ち",
        "四枚落ち",
        "六枚落ち",
        "八枚落ち",
        "十枚落ち",
    ];
    for h in handicaps {
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
