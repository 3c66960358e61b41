//! Board text: round trips, foundations and free cells, and errors that name
//! the line and the token.

use yomi_freecell::text::{format_board, parse_board};
use yomi_freecell::{FreecellError, Layout, deal_board};

fn err_of(text: &str) -> (usize, String, String) {
    match parse_board(text, Layout::default()) {
        Err(FreecellError::Parse { line, token, msg }) => (line, token, msg),
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn full_format_round_trips() {
    let b = deal_board(617, Layout::default()).unwrap();
    let text = format_board(&b, true);
    assert!(text.starts_with("Foundations: H-0 C-0 D-0 S-0\nFreecells: - - - -\n: "));
    assert_eq!(parse_board(&text, Layout::default()).unwrap(), b);
}

#[test]
fn foundations_cells_and_empty_columns_parse() {
    let text = "Foundations: H-Q C-K S-K D-K\nFreecells: - KH\n:\n:\n:\n:\n:\n:\n:\n:\n";
    let b = parse_board(text, Layout::default()).unwrap();
    assert_eq!(b.foundations(), [13, 13, 12, 13]);
    assert_eq!(b.cells()[1].to_string(), "KH");
    assert_eq!(b.empty_cols(), 8);
    assert_eq!(
        parse_board(&format_board(&b, true), Layout::default()).unwrap(),
        b
    );
    assert_eq!(
        parse_board(&format_board(&b, false), Layout::default()).unwrap(),
        b
    );
}

#[test]
fn unknown_card_names_line_and_token() {
    let mut text = format_board(&deal_board(1, Layout::default()).unwrap(), false);
    text = text.replacen("KD", "ZD", 1);
    let (line, token, _) = err_of(&text);
    assert_eq!((line, token.as_str()), (1, "ZD"));
}

#[test]
fn duplicate_card_is_reported_where_it_repeats() {
    let text = format_board(&deal_board(1, Layout::default()).unwrap(), false);
    let text = text.replacen("2D", "JD", 1); // JD is already on line 1
    let (line, token, msg) = err_of(&text);
    assert_eq!((line, token.as_str()), (2, "JD"));
    assert!(msg.contains("duplicate"), "{msg}");
}

#[test]
fn missing_card_and_wrong_column_count() {
    let text = format_board(&deal_board(1, Layout::default()).unwrap(), false);
    let short: String = text.lines().take(7).map(|l| format!("{l}\n")).collect();
    let (_, _, msg) = err_of(&short);
    assert!(msg.contains("expected 8"), "{msg}");
    let dropped = text.replacen(" 7S", "", 1);
    let (_, token, msg) = err_of(&dropped);
    assert_eq!(token, "7S");
    assert!(msg.contains("missing"), "{msg}");
    // ten columns are fine when the layout says ten
    let ten = format!("{text}:\n:\n");
    assert!(parse_board(&ten, Layout { cols: 10, cells: 4 }).is_ok());
}

#[test]
fn garbage_and_bad_headers() {
    let (line, token, _) = err_of("hello world\n");
    assert_eq!((line, token.as_str()), (1, "hello"));
    let base = format_board(&deal_board(1, Layout::default()).unwrap(), false);
    let (line, token, _) = err_of(&format!("Foundations: H-X\n{base}"));
    assert_eq!((line, token.as_str()), (1, "H-X"));
    let (line, token, _) = err_of(&format!("Freecells: - - - - 5C\n{base}"));
    assert_eq!(line, 1);
    assert!(token.contains("5C"));
    // a card both on a foundation and in a column
    let (_, token, msg) = err_of(&format!("Foundations: C-A\n{base}"));
    assert_eq!(token, "AC");
    assert!(msg.contains("foundation"), "{msg}");
}
