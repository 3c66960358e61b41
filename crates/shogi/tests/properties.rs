//! Property tests over seeded random playouts: make/unmake restores the
//! position and key, the incremental key equals the recomputed one, no
//! generated move leaves the mover's king attacked, `gives_check` agrees with
//! playing the move, captures + quiets partition the legal moves and
//! `generate_to` (and `generate_board_to`, less drops) keeps exactly those
//! onto its squares, `is_legal` accepts
//! exactly the listed moves, SFEN round-trips, and the parsers never panic on
//! arbitrary text.

use proptest::prelude::*;
use std::collections::HashSet;
use yomi_search::Rng;
use yomi_shogi::{
    Kind, Move, MoveList, Position, attacks, count_legal, generate_board_to, generate_captures,
    generate_checks, generate_legal, generate_quiets, generate_to, has_legal_move, is_legal,
};

const STARTS: [&str; 3] = [
    "startpos",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
];

/// `is_legal` against the legal list: every listed move, each with its
/// promotion flag flipped, every drop of every kind on every square, random
/// 16-bit words, and (when `every_board_move`) every move of every own piece
/// to every square with and without promotion.
fn check_is_legal(
    pos: &Position,
    list: &MoveList,
    rng: &mut Rng,
    every_board_move: bool,
) -> Result<(), TestCaseError> {
    let legal: HashSet<Move> = list.iter().copied().collect();
    let mut candidates: Vec<Move> = list.to_vec();
    candidates.extend(list.iter().map(|m| Move(m.0 ^ (1 << 14))));
    for k in [
        Kind::Pawn,
        Kind::Lance,
        Kind::Knight,
        Kind::Silver,
        Kind::Gold,
        Kind::Bishop,
        Kind::Rook,
    ] {
        candidates.extend((0..81).map(|sq| Move::drop(k, sq)));
    }
    candidates.extend((0..32).map(|_| Move(rng.next_u64() as u16)));
    if every_board_move {
        for from in pos.color_bb(pos.side_to_move()) {
            for to in 0..81 {
                candidates.push(Move::new(from, to, false));
                candidates.push(Move::new(from, to, true));
            }
        }
    }
    for m in candidates {
        prop_assert_eq!(
            is_legal(pos, m),
            legal.contains(&m),
            "is_legal({:?}) in {}",
            m,
            pos.to_sfen()
        );
    }
    Ok(())
}

/// Plays a seeded random game of up to `plies` moves, checking every move.
fn check_playout(seed: u64, start: usize, plies: usize) -> Result<(), TestCaseError> {
    let mut rng = Rng::new(seed);
    let mut pos = Position::from_sfen(STARTS[start]).unwrap();
    let mut list = MoveList::new();
    for ply in 0..plies {
        generate_legal(&pos, &mut list);
        check_is_legal(&pos, &list, &mut rng, ply % 24 == 0)?;
        prop_assert_eq!(
            count_legal(&pos),
            list.len(),
            "bulk count of {}",
            pos.to_sfen()
        );
        // Captures and quiets partition the legal moves.
        let mut caps = MoveList::new();
        let mut quiets = MoveList::new();
        generate_captures(&pos, &mut caps);
        generate_quiets(&pos, &mut quiets);
        let mut split: Vec<_> = caps.iter().chain(quiets.iter()).copied().collect();
        let mut all: Vec<_> = list.to_vec();
        split.sort();
        all.sort();
        prop_assert_eq!(split, all, "captures + quiets in {}", pos.to_sfen());
        for &m in caps.iter() {
            prop_assert!(!m.is_drop() && !pos.piece_on(m.to()).is_empty());
        }
        prop_assert_eq!(
            has_legal_move(&pos),
            !list.is_empty(),
            "has_legal_move in {}",
            pos.to_sfen()
        );
        // The check generator (which only looks at squares a check can come
        // from) gives exactly the legal moves that give check.
        let mut checks = MoveList::new();
        generate_checks(&pos, &mut checks);
        let mut got: Vec<_> = checks.to_vec();
        let mut want: Vec<_> = list
            .iter()
            .copied()
            .filter(|&m| pos.gives_check(m))
            .collect();
        got.sort();
        want.sort();
        prop_assert_eq!(got, want, "checks in {}", pos.to_sfen());
        // Moves onto a set of squares (here: around the enemy king, as the
        // mate-in-one scan asks) are exactly the legal moves landing there.
        let zone = attacks::king(pos.king_square(pos.side_to_move().flip()));
        let mut to = MoveList::new();
        generate_to(&pos, zone, &mut to);
        let mut onto: Vec<_> = to.to_vec();
        let mut want: Vec<_> = list.iter().copied().filter(|m| zone.has(m.to())).collect();
        onto.sort();
        want.sort();
        prop_assert_eq!(onto, want, "moves around the king in {}", pos.to_sfen());
        let mut board = MoveList::new();
        generate_board_to(&pos, zone, &mut board);
        let mut onto: Vec<_> = board.to_vec();
        let mut want: Vec<_> = list
            .iter()
            .copied()
            .filter(|m| zone.has(m.to()) && !m.is_drop())
            .collect();
        onto.sort();
        want.sort();
        prop_assert_eq!(
            onto,
            want,
            "board moves around the king in {}",
            pos.to_sfen()
        );
        if list.is_empty() {
            break;
        }
        for &m in list.iter() {
            let before = pos.clone();
            let mover = pos.side_to_move();
            let gives_check = pos.gives_check(m);
            let cap = pos.do_move(m);
            prop_assert_eq!(
                pos.in_check(),
                gives_check,
                "gives_check({}) in {}",
                m,
                before.to_sfen()
            );
            prop_assert_eq!(pos.key(), pos.compute_key(), "incremental key after {}", m);
            let ksq = pos.king_square(mover);
            prop_assert!(
                !pos.is_attacked(mover.flip(), ksq, pos.occupied()),
                "{} leaves the king in check in {}",
                m,
                before.to_sfen()
            );
            pos.undo_move(m, cap);
            prop_assert_eq!(&pos, &before, "undo of {}", m);
            prop_assert_eq!(pos.key(), before.key());
        }
        let m = list[rng.below(list.len())];
        pos.do_move(m);
        let sfen = pos.to_sfen();
        let back = Position::from_sfen(&sfen).unwrap();
        prop_assert_eq!(&back, &pos, "SFEN round trip of {}", sfen);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn playouts_keep_invariants(seed in any::<u64>(), start in 0usize..3) {
        check_playout(seed, start, 120)?;
    }

    #[test]
    fn sfen_parser_never_panics(text in "\\PC{0,80}") {
        let _ = Position::from_sfen(&text);
    }

    #[test]
    fn sfen_like_text_never_panics(text in "[plnsgbrkPLNSGBRK+1-9/]{0,60} [bw-] [0-9plnsgbrPLNSGBR-]{0,8} [0-9]{0,3}") {
        let _ = Position::from_sfen(&text);
    }

    #[test]
    fn usi_parser_never_panics(text in "\\PC{0,8}", tail in "[1-9][a-i][1-9][a-i]\\+?|[PLNSGBRK]\\*[0-9][a-j]") {
        let pos = Position::startpos();
        let _ = pos.parse_usi(&text);
        let _ = pos.parse_usi(&tail);
    }
}
