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

/// A damaged book is found when it is loaded: an illegal move or ponder
/// move, a negative count, another format's header and a book without a
/// position are each an error naming the line (they were accepted silently,
/// the illegal moves never played).
#[test]
fn damaged_books_are_refused_naming_the_line() {
    const START: &str = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let refused = |text: &str| Book::parse(text, BookOptions::default()).unwrap_err();
    let e = refused(&format!(
        "#YANEURAOU-DB2016 1.00\n{START}\n2g2f 8c8d\n7g7e none 0 0 1\n"
    ));
    assert!(matches!(e, BookError::Move { line: 4, .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        "book line 4: '7g7e' is not legal in this position: a Pawn cannot move from 7g to 7e"
    );
    let e = refused(&format!("{START}\n5a5b none 0 0 100\n"));
    assert!(matches!(e, BookError::Move { line: 2, .. }), "{e:?}");
    // The ponder move is checked after the move.
    let e = refused(&format!("{START}\n7g7f 7g7f\n"));
    assert!(matches!(e, BookError::Move { line: 2, .. }), "{e:?}");
    let e = refused(&format!("{START}\n7g7f 3c3d 10 5 -3\n"));
    assert_eq!(
        e.to_string(),
        "book line 2: count '-3' is not a count of 0 or more"
    );
    let e = refused(&format!("#YANEURAOU-DB2099 9.99\n{START}\n7g7f\n"));
    assert_eq!(
        e.to_string(),
        "book line 1: unknown format '#YANEURAOU-DB2099 9.99' (expected '#YANEURAOU-DB2016 1.00')"
    );
    for (text, lines) in [
        ("", 0),
        ("#YANEURAOU-DB2016 1.00\n", 1),
        ("// only\n\n# comments\n", 3),
    ] {
        let e = refused(text);
        assert!(
            matches!(e, BookError::Empty { lines: l } if l == lines),
            "{e:?}"
        );
        assert!(e.to_string().contains("no position"), "{e}");
    }
    // Zero counts, none and a byte-order mark before the header still read.
    let ok = format!("\u{feff}#YANEURAOU-DB2016 1.00\n{START}\n7g7f none 0 0 0\n2g2f\n");
    let book = Book::parse(&ok, BookOptions::default()).unwrap();
    assert_eq!(book.candidates(&Position::startpos()).len(), 2);
    // Quoted text is cut and printable.
    let e = refused(&format!("{START}\n7g7f none {}\x1b\n", "9".repeat(500)));
    let msg = e.to_string();
    assert!(msg.len() < 200 && !msg.contains('\x1b'), "{msg}");
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
