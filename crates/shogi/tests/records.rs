//! Record formats over random legal games: a [`GameRecord`] written as CSA
//! or KIF reads back equal (names, start position, moves, whole-second
//! times, termination, comment) and writes again byte for byte; perpetual
//! check, written as plain repetition, is told apart again by the moves;
//! both readers refuse garbage with an error and never panic. YaneuraOu's
//! packed records: a position packs and unpacks to itself, every legal move
//! survives the 16-bit form, and 32 random bytes never panic the unpacker.

use proptest::prelude::*;
use std::time::Duration;
use yomi_search::Game;
use yomi_shogi::record::packed::{move_from_u16, move_to_u16};
use yomi_shogi::record::{Csa, GameRecord, Kif, PackedSfen, PackedSfenValue, TimedMove};
use yomi_shogi::termination::TERMINATIONS;
use yomi_shogi::types::HAND_KINDS;
use yomi_shogi::{Color, GameOptions, Position, ShogiGame, Termination};

/// Start positions with promoted pieces on the board and pieces in hand.
const STARTS: [&str; 3] = [
    "startpos",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "ln5+Ll/1r1+N2gk1/p1+S1pp1p1/2pp2p1p/1p5P1/2P1P1P1P/PPSP1P3/1BG2S1R1/LN2KG1N1 w BGS 1",
];

/// A random legal game: `prefix` plies from one of [`STARTS`] make the start
/// (its move number reset to 1, as the formats do not keep it), then up to
/// `choices.len()` plies, the i-th move `choices[i]` modulo the legal count.
fn game(start: usize, prefix: &[u16], choices: &[(u16, u16)]) -> (Position, Vec<TimedMove>) {
    let mut pos = Position::from_sfen(STARTS[start]).unwrap();
    for &c in prefix {
        let list = pos.legal_moves();
        if list.is_empty() {
            break;
        }
        pos.do_move(list[c as usize % list.len()]);
    }
    let sfen = pos.to_sfen();
    let fields: Vec<&str> = sfen.split(' ').collect();
    let start =
        Position::from_sfen(&format!("{} {} {} 1", fields[0], fields[1], fields[2])).unwrap();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for &(c, secs) in choices {
        let list = pos.legal_moves();
        if list.is_empty() {
            break;
        }
        let mv = list[c as usize % list.len()];
        pos.do_move(mv);
        moves.push(TimedMove {
            mv,
            time: Duration::from_secs(u64::from(secs)),
        });
    }
    (start, moves)
}

fn record_strategy() -> impl Strategy<Value = GameRecord> {
    (
        0usize..STARTS.len(),
        prop::collection::vec(any::<u16>(), 0..24),
        prop::collection::vec((any::<u16>(), 0u16..7300), 0..100),
        ["[A-Za-z0-9 ._()=,-]{0,12}", "[ぁ-んァ-ン一-龥]{0,4}"],
        // Every termination but perpetual check (checked on a real one below).
        prop::option::of(prop::sample::select(
            TERMINATIONS
                .into_iter()
                .filter(|&t| t != Termination::PerpetualCheck)
                .collect::<Vec<_>>(),
        )),
        prop::collection::vec("[A-Za-z0-9 ,:ぁ-ん]{0,16}", 0..3),
    )
        .prop_map(|(start, prefix, choices, names, termination, comment)| {
            let (start, moves) = game(start, &prefix, &choices);
            GameRecord {
                names,
                start,
                moves,
                termination,
                // The comment is written after the ending and read back from
                // there: without an ending there is none.
                comment: if termination.is_some() {
                    comment.join("\n").trim_end_matches('\n').to_string()
                } else {
                    String::new()
                },
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn csa_round_trips(record in record_strategy()) {
        let text = Csa(record.clone()).to_string();
        let Csa(back) = text.parse::<Csa>().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &record, "{}", text);
        prop_assert_eq!(Csa(back).to_string(), text);
    }

    #[test]
    fn kif_round_trips(record in record_strategy()) {
        let text = Kif(record.clone()).to_string();
        let Kif(back) = text.parse::<Kif>().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &record, "{}", text);
        prop_assert_eq!(Kif(back).to_string(), text);
    }

    #[test]
    fn packed_sfen_round_trips(start in 0usize..STARTS.len(), prefix in prop::collection::vec(any::<u16>(), 0..160)) {
        let (pos, _) = game(start, &prefix, &[]);
        let packed = PackedSfen::pack(&pos);
        let back = packed.unpack().map_err(|e| TestCaseError::fail(format!("{e}: {}", pos.to_sfen())))?;
        prop_assert_eq!(back.to_sfen(), pos.to_sfen());
        prop_assert_eq!(back.key(), pos.key());
        let record = PackedSfenValue::new(&pos, -123, pos.legal_moves().first().copied(), -1);
        let again = PackedSfenValue::from_bytes(&record.to_bytes());
        prop_assert_eq!(again, record);
        prop_assert_eq!(again.position().unwrap().to_sfen(), pos.to_sfen());
        for &m in pos.legal_moves().iter() {
            prop_assert_eq!(move_from_u16(move_to_u16(m)), Some(m));
        }
    }

    #[test]
    fn packed_bytes_never_panic(bytes in prop::array::uniform32(any::<u8>())) {
        if let Ok(pos) = PackedSfen(bytes).unpack() {
            prop_assert_eq!(PackedSfen::pack(&pos).unpack().unwrap(), pos);
        }
    }

    #[test]
    fn readers_never_panic(text in "\\PC{0,120}") {
        let _ = text.parse::<Csa>();
        let _ = text.parse::<Kif>();
    }

    #[test]
    fn record_like_text_never_panics(
        csa in "(PI|P[1-9]|P[+-]|[+-][0-9]{4}[A-Z]{2}|T[0-9.x]{0,3}|%[A-Z_]{0,9}|N[+-]あ|'x|,)(\\PC{0,10}\n){0,6}",
        kif in "([ 0-9]{0,5}(同|[１-９][一-九]|)[歩成香玉打不]{0,3}[(][0-9０-９]{0,3}[)]?|[|][ v・歩]{0,20}[|]?[一-九]?|先手の持駒：[歩二十]{0,4}|手合割：.{0,3}|\\*x|変化：)\n{0,3}",
    ) {
        let _ = csa.parse::<Csa>();
        let _ = kif.parse::<Kif>();
    }
}

/// A perpetual check played by [`ShogiGame`]: the game's termination, the
/// record written from it and the record read back all say perpetual
/// check, though the text says plain repetition.
#[test]
fn perpetual_check_survives_both_formats() {
    let start = Position::from_sfen("4k4/R8/9/9/9/9/9/9/4K4 b - 1").unwrap();
    let mut game = ShogiGame::new(start.clone(), GameOptions::default());
    let mut record = GameRecord::new(start);
    for u in ["9b9a", "5a5b", "9a9b", "5b5a"].iter().cycle().take(12) {
        let mv = game.position().parse_usi(u).unwrap();
        game.play(mv);
        record.moves.push(TimedMove {
            mv,
            time: Duration::from_secs(1),
        });
    }
    assert_eq!(game.termination(), Some(Termination::PerpetualCheck));
    record.termination = game.termination();
    let csa = Csa(record.clone()).to_string();
    assert!(csa.ends_with("-5251OU\nT1\n%SENNICHITE\n"), "{csa}");
    assert_eq!(csa.parse::<Csa>().unwrap().0, record);
    let kif = Kif(record.clone()).to_string();
    assert!(kif.ends_with("  13 千日手\nまで12手で千日手\n"), "{kif}");
    assert_eq!(kif.parse::<Kif>().unwrap().0, record);
    // The same moves one cycle short are no repetition at all.
    record.moves.truncate(8);
    record.termination = Some(Termination::Repetition);
    let csa = Csa(record.clone()).to_string();
    assert_eq!(
        csa.parse::<Csa>().unwrap().0.termination,
        Some(Termination::Repetition)
    );
}

/// YaneuraOu's own records (`crates/shogi/data/packed-yaneuraou.tsv`: 600 from
/// its `gensfen`, 6 handicap and piece-box positions through its `convert_bin`,
/// each with the text its `convert_plain` printed): every record unpacks to
/// YaneuraOu's SFEN, move, score, ply and result, and packing that position
/// with those values gives back the same 40 bytes.
#[test]
fn packed_records_equal_yaneuraou() {
    let text = include_str!("../data/packed-yaneuraou.tsv");
    let mut checked = 0;
    let mut boxed = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 6, "{line}");
        let bytes: Vec<u8> = (0..40)
            .map(|i| u8::from_str_radix(&cols[0][2 * i..2 * i + 2], 16).unwrap())
            .collect();
        let record = PackedSfenValue::from_bytes(bytes.as_slice().try_into().unwrap());
        let pos = record.position().unwrap_or_else(|e| panic!("{e}: {line}"));
        let yo_fields: Vec<&str> = cols[1].split(' ').collect();
        let sfen = pos.to_sfen();
        let ours: Vec<&str> = sfen.split(' ').collect();
        assert_eq!(ours[..3], yo_fields[..3], "{line}");
        assert_eq!(pos.move_number().to_string(), cols[4], "{line}");
        let mv = move_from_u16(record.best_move).unwrap();
        assert_eq!(mv.to_string(), cols[2], "{line}");
        assert!(pos.is_legal(mv), "{line}");
        assert_eq!(record.score.to_string(), cols[3]);
        assert_eq!(record.game_result.to_string(), cols[5]);
        let again = PackedSfenValue::new(&pos, record.score, Some(mv), record.game_result);
        assert_eq!(again.to_bytes().as_slice(), bytes.as_slice(), "{line}");
        checked += 1;
        let held: u32 = [Color::Black, Color::White]
            .iter()
            .flat_map(|&c| HAND_KINDS.map(|k| pos.hand(c).count(k)))
            .sum();
        boxed += usize::from(pos.occupied().count() + held < 40);
    }
    assert_eq!(checked, 606);
    assert!(
        boxed >= 3,
        "handicap positions (pieces in the box) are covered"
    );
}

/// Refusals: a missing king (square 81, as YaneuraOu writes it), codes past
/// 256 bits and a file that is not whole records, each with its own message.
#[test]
fn packed_refusals_name_the_problem() {
    use yomi_shogi::record::{PackedSfenError, PackedSfenReader};
    let mut bytes = PackedSfen::pack(&Position::startpos()).0;
    // Black king's 7 bits (1..8) set to 81.
    let mut bits = 0u32;
    for i in 0..32 {
        bits |= u32::from(bytes[i / 8] >> (i % 8) & 1) << i;
    }
    let bits = (bits & !(0x7f << 1)) | (81 << 1);
    for i in 1..8 {
        let b = (bits >> i & 1) as u8;
        bytes[i / 8] = (bytes[i / 8] & !(1 << (i % 8))) | b << (i % 8);
    }
    let err = PackedSfen(bytes).unpack().unwrap_err();
    assert!(
        matches!(err, PackedSfenError::NoKing { square: 81, .. }),
        "{err}"
    );
    // Kings in place, then all ones: a rook on every square, one more than a set has.
    let mut ones = PackedSfen::pack(&Position::startpos()).0;
    ones[2..].fill(0xff);
    let err = PackedSfen(ones).unpack().unwrap_err();
    assert!(
        matches!(
            err,
            PackedSfenError::TooMany {
                kind: yomi_shogi::Kind::Rook,
                max: 2
            }
        ),
        "{err}"
    );
    // Every square empty: the rest reads as 54 Black pawns in hand.
    let mut empty = PackedSfen::pack(&Position::startpos()).0;
    empty[2..].fill(0);
    empty[1] &= 0x7f;
    let err = PackedSfen(empty).unpack().unwrap_err();
    assert_eq!(
        err.to_string(),
        "more than 18 pieces of kind Pawn on the board, in hand and in the box"
    );
    let path = std::env::temp_dir().join(format!("yomi-packed-{}.bin", std::process::id()));
    std::fs::write(&path, [0u8; 41]).unwrap();
    let err = PackedSfenReader::open(&path).err().unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(
        err.to_string()
            .contains("41 bytes are not a whole number of 40-byte records"),
        "{err}"
    );
}
