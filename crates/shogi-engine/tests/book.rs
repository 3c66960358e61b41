//! The YaneuraOu book format: the notes' tiny example, comments, optional
//! fields, hand order, ply matching, weighted picks and errors. (The writer is
//! `yomi-shogi-train`'s, tested there.)

use yomi_shogi::Position;
use yomi_shogi_engine::book::{Book, BookError, BookOptions};

const TINY: &str = "#YANEURAOU-DB2016 1.00
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
2g2f 8c8d 30 20 3
7g7f 3c3d 10 20 1
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2
8c8d none -25 20 2
";

fn after(moves: &[&str]) -> Position {
    let mut p = Position::startpos();
    for m in moves {
        let mv = p.parse_usi(m).unwrap();
        p.do_move(mv);
    }
    p
}

#[test]
fn tiny_example_reads_and_probes() {
    let book = Book::parse(TINY, BookOptions::default()).unwrap();
    assert_eq!(book.len(), 2);
    let start = Position::startpos();
    let c = book.candidates(&start);
    assert_eq!(c.len(), 2);
    assert_eq!(c[0].mv.to_string(), "2g2f");
    assert_eq!(c[0].ponder.map(|m| m.to_string()), Some("8c8d".into()));
    assert_eq!((c[0].value, c[0].depth, c[0].count), (30, 20, 3));
    let reply = book.probe(&after(&["2g2f"]), 7).unwrap();
    assert_eq!(reply.mv.to_string(), "8c8d");
    assert_eq!(reply.ponder, None);
    assert_eq!(reply.value, -25);
    // Out of book.
    assert!(book.probe(&after(&["7g7f"]), 7).is_none());
}

#[test]
fn picks_are_weighted_by_count_and_reproducible() {
    let book = Book::parse(TINY, BookOptions::default()).unwrap();
    let start = Position::startpos();
    let picks: Vec<String> = (0..4000)
        .map(|seed| book.probe(&start, seed).unwrap().mv.to_string())
        .collect();
    let share = picks.iter().filter(|m| *m == "2g2f").count() as f64 / 4000.0;
    assert!(
        (share - 0.75).abs() < 0.03,
        "2g2f share {share}, expected 3/4"
    );
    assert_eq!(book.probe(&start, 42), book.probe(&start, 42));
}

#[test]
fn ply_must_match_unless_ignored() {
    let shifted = TINY.replace("LNSGKGSNL b - 1", "LNSGKGSNL b - 9");
    let strict = Book::parse(&shifted, BookOptions::default()).unwrap();
    assert!(strict.probe(&Position::startpos(), 1).is_none());
    let loose = Book::parse(&shifted, BookOptions { ignore_ply: true }).unwrap();
    assert!(loose.probe(&Position::startpos(), 1).is_some());
}

#[test]
fn comments_optional_fields_hand_order_and_any_order() {
    // White to move with hands written in an unusual order, entries reversed,
    // comments of both kinds, and moves with fields left out.
    let text = "// a comment
#another
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2
8c8d
3c3d none
sfen 4k4/9/9/9/9/9/9/9/4K4 b P2G 1
G*5b none 100
";
    let book = Book::parse(text, BookOptions::default()).unwrap();
    assert_eq!(book.len(), 2);
    let c = book.candidates(&after(&["2g2f"]));
    assert_eq!(c.len(), 2);
    assert_eq!((c[0].value, c[0].depth, c[0].count), (0, 0, 1));
    let p = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2GP 1").unwrap();
    let m = book.probe(&p, 0).unwrap();
    assert_eq!((m.mv.to_string(), m.value), ("G*5b".into(), 100));
}

#[test]
fn illegal_book_moves_are_skipped() {
    let text = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
5a5b none 0 0 100
7g7f 8c8d
";
    let book = Book::parse(text, BookOptions::default()).unwrap();
    let c = book.candidates(&Position::startpos());
    assert_eq!(c.len(), 1, "5a5b is not a legal first move");
    assert_eq!(c[0].mv.to_string(), "7g7f");
}

#[test]
fn errors_name_the_line() {
    let bad_move = "#YANEURAOU-DB2016 1.00\nsfen 4k4/9/9/9/9/9/9/9/4K4 b G 1\nG*5j none\n";
    match Book::parse(bad_move, BookOptions::default()) {
        Err(BookError::Move { line: 3, .. }) => {}
        other => panic!("expected a move error on line 3, got {other:?}"),
    }
    let bad_num = "sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1\nG*5b none x\n";
    assert!(matches!(
        Book::parse(bad_num, BookOptions::default()),
        Err(BookError::Number {
            line: 2,
            field: "value",
            ..
        })
    ));
    let orphan = "#YANEURAOU-DB2016 1.00\n7g7f\n";
    assert!(matches!(
        Book::parse(orphan, BookOptions::default()),
        Err(BookError::MoveBeforeSfen { line: 2 })
    ));
    let bad_sfen = "sfen 4k4/9/9 b - 1\n";
    let e = Book::parse(bad_sfen, BookOptions::default()).unwrap_err();
    assert!(e.to_string().contains("line 1"), "{e}");
    let missing = Book::load(std::path::Path::new("/nonexistent/book.db")).unwrap_err();
    assert!(matches!(missing, BookError::Io { .. }));
}
