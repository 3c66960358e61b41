//! Fuzzing the FreeCell readers (board text, standard and hex move
//! notation) with random bytes and with mutations of valid input: they must
//! never panic, and a refused board must say where (a line number for syntax
//! errors). Run longer with `PROPTEST_CASES=100000 cargo test -p yomi-freecell --test fuzz_text`.

use proptest::prelude::*;
use yomi_freecell::notation::{parse_hex, parse_standard};
use yomi_freecell::text::{format_board, parse_board};
use yomi_freecell::{FreecellError, Layout, deal_board};

/// Characters that board and move texts are made of, so mutations stay near valid input.
const ALPHABET: &[u8] = b"A23456789TJQKCDHS0: -\n#abh\t1x";

/// A valid board text (deal `deal`, full or short form) with `edits` applied:
/// (position, kind, byte) where kind 0 deletes, 1 inserts, 2 replaces.
fn mutated(deal: u64, full: bool, edits: &[(usize, u8, u8)]) -> String {
    let b = deal_board(deal, Layout::default()).expect("deal in range");
    let mut bytes = format_board(&b, full).into_bytes();
    for &(pos, kind, c) in edits {
        let c = ALPHABET[c as usize % ALPHABET.len()];
        let at = pos % (bytes.len() + 1);
        match kind % 3 {
            0 if at < bytes.len() => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, c),
            _ if at < bytes.len() => bytes[at] = c,
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn check_board(text: &str) {
    match parse_board(text, Layout::default()) {
        Ok(b) => {
            // Whatever parses must print and parse back to the same board.
            let again = parse_board(&format_board(&b, true), Layout::default());
            assert_eq!(again.as_ref(), Ok(&b), "{text:?}");
        }
        Err(FreecellError::Parse { line, .. }) => {
            assert!(line <= text.lines().count() + 1, "{text:?}")
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        check_board(&text);
        let b = deal_board(1, Layout::default()).unwrap();
        let _ = parse_standard(&text, &b);
        let _ = parse_hex(&text, &b);
    }

    #[test]
    fn mutated_boards_never_panic(
        deal in 1u64..32000,
        full in any::<bool>(),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6),
    ) {
        check_board(&mutated(deal, full, &edits));
    }

    #[test]
    fn move_texts_never_panic(
        deal in 1u64..32000,
        text in "[0-9a-hA-Z]{0,4}(v[0-9]{1,3})?",
    ) {
        let b = deal_board(deal, Layout::default()).unwrap();
        if let Err(e) = parse_standard(&text, &b) {
            let quoted = format!("`{text}`");
            let names_text = e.to_string().contains(&quoted);
            prop_assert!(names_text || matches!(e, FreecellError::IllegalMove { .. }), "{}", e);
        }
        let _ = parse_hex(&text, &b);
    }
}
