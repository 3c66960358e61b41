//! Fuzz target: SFEN and USI move parsing never panic, and what they accept
//! is consistent. Input: an SFEN line, then a newline, then move text.
//! Accepted SFENs must round-trip through `to_sfen`; accepted moves must be
//! legal, and the position after playing them must round-trip too.

#![no_main]

use libfuzzer_sys::fuzz_target;
use yomi_shogi::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (sfen, moves) = text.split_once('\n').unwrap_or((text, ""));
    let mut pos = match Position::from_sfen(sfen) {
        Ok(p) => {
            let again = Position::from_sfen(&p.to_sfen()).expect("printed SFEN parses");
            assert_eq!(again, p, "SFEN round trip");
            p
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            Position::startpos()
        }
    };
    for word in moves.split_whitespace().take(16) {
        match pos.parse_usi(word) {
            Ok(m) => {
                assert!(pos.is_legal(m));
                assert_eq!(m.to_string(), word.trim(), "USI print of a parsed move");
                pos.do_move(m);
                let again = Position::from_sfen(&pos.to_sfen()).expect("SFEN after a move parses");
                assert_eq!(again, pos);
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
});
