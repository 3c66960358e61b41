//! Random book texts never make the reader panic: each is a book or an
//! error that names a line of the text, quoting it printably and briefly.

use proptest::prelude::*;
use yomi_shogi_engine::book::{Book, BookError, BookOptions};

const START: &str = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

fn book_line() -> impl Strategy<Value = String> {
    let mv = prop_oneof![
        Just("7g7f".to_string()),
        Just("2g2f".to_string()),
        Just("7g7e".to_string()),
        Just("3c3d".to_string()),
        Just("none".to_string()),
        Just("P*5e".to_string()),
        "[1-9][a-i][1-9][a-i]\\+?",
        "\\PC{0,6}",
    ];
    let number = prop_oneof![
        any::<i64>().prop_map(|v| v.to_string()),
        "-?[0-9]{1,25}",
        "[a-z]{1,4}",
    ];
    prop_oneof![
        3 => (mv.clone(), prop::option::of(mv), prop::collection::vec(number, 0..4)).prop_map(
            |(m, p, n)| {
                let mut fields = vec![m];
                fields.extend(p);
                fields.extend(n);
                fields.join(" ")
            }
        ),
        1 => Just(START.to_string()),
        1 => Just("sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1".to_string()),
        1 => "sfen [0-9a-zA-Z/+ -]{0,40}",
        1 => Just("#YANEURAOU-DB2016 1.00".to_string()),
        1 => "#YANEURAOU-DB[0-9]{4} [0-9.]{1,4}",
        1 => "(//|#)\\PC{0,10}",
        1 => Just(String::new()),
        1 => "[\\x00-\\x1f]{1,3}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    #[test]
    fn book_texts_read_or_name_a_line(lines in prop::collection::vec(book_line(), 0..12)) {
        let text = lines.join("\n");
        match Book::parse(&text, BookOptions::default()) {
            Ok(book) => prop_assert!(!book.is_empty()),
            Err(e) => {
                let msg = e.to_string();
                prop_assert!(msg.starts_with("book line "), "{msg}");
                let line: usize = msg["book line ".len()..]
                    .split(':')
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(usize::MAX);
                let empty = matches!(e, BookError::Empty { .. });
                // A generated line may itself hold line breaks.
                let count = text.lines().count();
                prop_assert!(
                    (empty || line >= 1) && line <= count.max(1),
                    "{msg} ({count} lines)"
                );
                prop_assert!(msg.chars().count() < 300, "{msg}");
                prop_assert!(!msg.chars().any(char::is_control), "{msg:?}");
            }
        }
    }
}
