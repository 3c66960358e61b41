//! Building books from games and writing them as YaneuraOu does; what is written reads
//! back through the engine's reader.

use super::*;
use yomi_shogi_engine::book::{Book, BookOptions};

#[test]
fn builder_counts_games_and_writer_sorts_like_yaneuraou() {
    let mut b = BookBuilder::new(2);
    b.add_line(1, "position startpos moves 2g2f 8c8d 2f2e")
        .unwrap();
    b.add_line(2, "startpos moves 2g2f 8c8d").unwrap();
    b.add_line(3, "startpos moves 7g7f 3c3d").unwrap();
    b.add_line(4, "position startpos moves 2g2f 3c3d").unwrap();
    assert!(b.add_line(5, "startpos moves 2g2f 2g2f").is_err());
    let entries = b.build();
    let mut out = Vec::new();
    write_book(&entries, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let expected = "#YANEURAOU-DB2016 1.00
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
3c3d none 0 0 1
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2
8c8d 2f2e 0 0 2
3c3d none 0 0 1
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
2g2f 8c8d 0 0 3
7g7f 3c3d 0 0 1
";
    assert_eq!(text, expected);
    // What was written reads back to the same candidates.
    let back = Book::parse(&text, BookOptions::default()).unwrap();
    assert_eq!(back.len(), 3);
    assert_eq!(back.candidates(&Position::startpos())[0].count, 3);
}

#[test]
fn files_of_games_are_added_csa_records_whole_and_other_files_by_line() {
    let dir = std::env::temp_dir().join(format!("yomi-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lines = dir.join("games.txt");
    std::fs::write(
        &lines,
        "# games\n\nstartpos moves 2g2f 8c8d\n// more\nposition startpos moves 7g7f\n",
    )
    .unwrap();
    let csa = dir.join("game.CSA");
    std::fs::write(&csa, "V2.2\nPI\n+\n+2726FU\n-8384FU\n%TORYO\n").unwrap();
    let mut b = BookBuilder::new(8);
    assert_eq!(b.add_file(&lines).unwrap(), 2);
    assert_eq!(b.add_file(&csa).unwrap(), 1);
    let entries = b.build();
    let start = entries
        .iter()
        .find(|e| e.sfen == Position::startpos().to_sfen())
        .unwrap();
    let counts: Vec<(String, u64)> = start
        .moves
        .iter()
        .map(|m| (m.mv.to_string(), m.count))
        .collect();
    assert_eq!(counts, [("2g2f".to_string(), 2), ("7g7f".to_string(), 1)]);

    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "startpos moves 2g2f\nstartpos moves 2g2f 2g2f\n").unwrap();
    let err = BookBuilder::new(8).add_file(&bad).unwrap_err().to_string();
    assert!(
        err.starts_with(&format!("{}: game line 2:", bad.display())),
        "{err}"
    );
    let err = BookBuilder::new(8)
        .add_file(&dir.join("absent.txt"))
        .unwrap_err();
    assert!(matches!(err, GamesFileError::Read { .. }), "{err}");
    assert!(err.to_string().starts_with("cannot read "), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}
