//! A cheap mate-in-one test for the inner nodes of the search.
//!
//! Contract: [`quick_mate`] returns only a move of the given legal list that
//! checkmates (verified on the position: the king has no safe square and the
//! opponent no legal move), so a mate it reports is real. It looks only at
//! checks that land next to the enemy king with another of our pieces
//! protecting the square, and at checks from a knight's square: nearly all
//! mates in one, at a cost small enough for every main-search node. It may
//! miss a mate by a distant slider, which the root's full
//! [`crate::mate::mate_in_one`] finds. The list comes from the rules core's
//! legal generator, so a mate by pawn drop (illegal) is never in it. The
//! position is restored before returning.

use crate::search::check::CheckInfo;
use yomi_shogi::{Bitboard, Move, Position, attacks, count_legal};

/// A move of `legal` (all of the side to move's legal moves) that mates at
/// once, if a cheap scan finds one.
pub fn quick_mate(pos: &mut Position, legal: &[Move], checks: &CheckInfo) -> Option<Move> {
    let us = pos.side_to_move();
    let them = us.flip();
    let king = pos.king_square(them);
    let near = attacks::king(king);
    // Squares from which one of our knights would check.
    let zone = near | attacks::knight(them, king);
    let occupied = pos.occupied();
    for &m in legal {
        let to = m.to();
        if !zone.has(to) || !checks.gives_check(pos, m) {
            continue;
        }
        if near.has(to) {
            // A contact checker nobody protects is simply taken by the king.
            let (occ, mover) = if m.is_drop() {
                (occupied, Bitboard::EMPTY)
            } else {
                let from = Bitboard::from_square(m.from());
                (occupied ^ from, from)
            };
            if (pos.attackers_to(us, to, occ) & !mover).is_empty() {
                continue;
            }
        }
        if mates(pos, m) {
            return Some(m);
        }
    }
    None
}

/// True when the legal check `m` leaves the opponent without a legal move:
/// a safe king step refutes it at once; otherwise every reply is counted.
fn mates(pos: &mut Position, m: Move) -> bool {
    let captured = pos.do_move(m);
    let mated = !king_can_step(pos) && count_legal(pos) == 0;
    pos.undo_move(m, captured);
    mated
}

/// True when the side to move's king has a square no enemy piece attacks.
fn king_can_step(pos: &Position) -> bool {
    let side = pos.side_to_move();
    let king = pos.king_square(side);
    let occ = pos.occupied() ^ Bitboard::from_square(king);
    for sq in attacks::king(king) & !pos.color_bb(side) {
        if !pos.is_attacked(side.flip(), sq, occ) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mate::mate_in_one;
    use yomi_shogi::{MoveList, generate_legal};

    fn quick(sfen: &str) -> Option<Move> {
        let mut pos = Position::from_sfen(sfen).unwrap();
        let mut list = MoveList::new();
        generate_legal(&pos, &mut list);
        let checks = CheckInfo::new(&pos);
        let before = pos.key();
        let m = quick_mate(&mut pos, &list, &checks);
        assert_eq!(pos.key(), before, "position restored");
        m
    }

    #[test]
    fn finds_a_protected_gold_drop_head_mate() {
        // White king 5a, Black pawn 5c protects 5b: G*5b mates.
        let m = quick("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").expect("a mate");
        assert_eq!(m.to_string(), "G*5b");
    }

    #[test]
    fn an_unprotected_contact_check_is_not_a_mate() {
        // The same drop without the pawn: the king takes the gold.
        assert_eq!(quick("4k4/9/9/9/9/9/9/9/4K4 b G 1"), None);
    }

    #[test]
    fn never_reports_a_move_that_does_not_mate() {
        // Over varied positions, every reported move is one of the full
        // search's mates, and it finds one wherever that mate is a
        // protected contact check or a knight check.
        let sfens = [
            "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
            "4k4/9/4P4/9/9/9/9/9/4K4 b P 1",
            "3gkg3/9/4P4/9/9/9/9/9/4K4 b S 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            // A knight drop on a boxed-in king; a protected board move.
            "7sk/7np/9/9/9/9/9/9/4K4 b N 1",
            "4k4/9/4GS3/9/9/9/9/9/4K4 b - 1",
        ];
        for s in sfens {
            let q = quick(s);
            let mut pos = Position::from_sfen(s).unwrap();
            let full = mate_in_one(&mut pos);
            if let Some(m) = q {
                let mut p = Position::from_sfen(s).unwrap();
                p.do_move(m);
                assert_eq!(count_legal(&p), 0, "{s}: {m} must mate");
            }
            assert_eq!(
                q.is_some(),
                full.is_some(),
                "{s}: quick {q:?} vs full {full:?}"
            );
        }
        assert_eq!(quick(sfens[4]).unwrap().to_string(), "N*2c");
        let board = quick(sfens[5]).unwrap().to_string();
        assert!(board == "5c5b" || board == "4c5b+", "{board}");
    }

    #[test]
    fn along_random_games_every_reported_mate_is_one_and_most_are_found() {
        let mut rng = yomi_search::Rng::new(17);
        let (mut full_found, mut quick_found) = (0, 0);
        for _ in 0..40 {
            let mut pos = Position::startpos();
            for _ply in 0..200 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                if !pos.in_check() {
                    let checks = CheckInfo::new(&pos);
                    let q = quick_mate(&mut pos, &legal, &checks);
                    if let Some(m) = q {
                        let mut p = pos.clone();
                        p.do_move(m);
                        assert_eq!(count_legal(&p), 0, "{}: {m} must mate", pos.to_sfen());
                        quick_found += 1;
                    }
                    full_found += mate_in_one(&mut pos.clone()).is_some() as u32;
                }
                let m = legal[rng.below(legal.len())];
                pos.do_move(m);
            }
        }
        assert!(
            full_found >= 20,
            "the games reach mates in one: {full_found}"
        );
        // Distant slider mates are the only ones it may miss.
        assert!(
            quick_found * 10 >= full_found * 7,
            "quick found {quick_found} of {full_found}"
        );
    }
}
