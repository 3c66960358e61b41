//! A cheap mate-in-one test for the inner nodes of the search.
//!
//! Contract: [`quick_mate`] returns only a legal move that checkmates
//! (verified on the position: the king has no safe square and the opponent
//! no legal reply), so a mate it reports is real. It looks only at
//! checks that land next to the enemy king with another of our pieces
//! protecting the square, and at checks from a knight's square: nearly all
//! mates in one, at a cost small enough for every main-search node. It may
//! miss a mate by a distant slider, which the root's full
//! [`crate::mate::mate_in_one`] finds. It never drops a pawn (a mate by pawn
//! drop is illegal). The position is restored before returning.

use crate::near::attacked_near;
use crate::search::check::CheckInfo;
use yomi_shogi::{
    Bitboard, Color, Kind, Move, MoveList, Position, attacks, count_legal, generate_board_to,
};

/// A legal move that mates at once, if a cheap scan finds one: the board
/// moves onto the squares around the enemy king or its knight-check
/// squares, then the drops that check from there (by kind: lance, knight,
/// silver, gold, bishop, rook; no pawn, whose dropped mate is illegal).
pub fn quick_mate(pos: &mut Position, checks: &CheckInfo) -> Option<Move> {
    // The drops below are legal only because the side to move is not in check.
    debug_assert!(!pos.in_check(), "quick_mate needs a side not in check");
    let us = pos.side_to_move();
    let them = us.flip();
    let king = pos.king_square(them);
    let near = attacks::king(king);
    // Squares from which one of our knights would check.
    let zone = near | attacks::knight(them, king);
    let mut board = MoveList::new();
    generate_board_to(pos, zone, &mut board);
    let mut scan = Scan {
        us,
        king,
        near,
        flights: near & !pos.color_bb(them),
        guarded: None,
    };
    for &m in board.iter() {
        if checks.gives_check(pos, m) && scan.may_mate(pos, m) && mates(pos, m) {
            return Some(m);
        }
    }
    let hand = pos.hand(us);
    if !hand.has_non_pawn() {
        return None;
    }
    let empty = zone & !pos.occupied();
    for kind in DROP_KINDS {
        if !hand.has(kind) {
            continue;
        }
        // Checking lance and knight drops stand behind the king, never on
        // the ranks where those pieces could not move again.
        for to in checks.check_squares(kind) & empty {
            let m = Move::drop(kind, to);
            if scan.may_mate(pos, m) && mates(pos, m) {
                return Some(m);
            }
        }
    }
    None
}

/// Kinds a mating drop can be, in the legal generator's order.
const DROP_KINDS: [Kind; 6] = [
    Kind::Lance,
    Kind::Knight,
    Kind::Silver,
    Kind::Gold,
    Kind::Bishop,
    Kind::Rook,
];

/// What one scan knows of the enemy king's surroundings.
struct Scan {
    us: Color,
    king: usize,
    near: Bitboard,
    /// The king's neighbours not holding its own pieces.
    flights: Bitboard,
    /// Our attacks around the king, made at the first check that needs them.
    guarded: Option<Bitboard>,
}

impl Scan {
    /// False when the checking move `m` surely does not mate: the king
    /// keeps a flight, or takes an unprotected contact checker.
    #[inline]
    fn may_mate(&mut self, pos: &Position, m: Move) -> bool {
        if self.has_flight(pos, m) {
            return false;
        }
        let to = m.to();
        if !self.near.has(to) {
            return true;
        }
        let occupied = pos.occupied();
        let (occ, mover) = if m.is_drop() {
            (occupied, Bitboard::EMPTY)
        } else {
            let from = Bitboard::from_square(m.from());
            (occupied ^ from, from)
        };
        (pos.attackers_to(self.us, to, occ) & !mover).any()
    }

    /// True when the enemy king surely keeps a flight square after `m`:
    /// one of `flights` that neither our other pieces nor the moved piece
    /// attack. Our attacks are taken before the move with the king lifted
    /// off the board (`guarded`, made once per scan); a drop or move can
    /// only block our lines, except where leaving the origin opens one, so
    /// such moves are not judged here.
    #[inline]
    fn has_flight(&mut self, pos: &Position, m: Move) -> bool {
        let (us, king) = (self.us, self.king);
        let to = m.to();
        let occupied = pos.occupied();
        let (kind, occ_after) = if m.is_drop() {
            (m.drop_kind(), occupied | Bitboard::from_square(to))
        } else {
            let from = m.from();
            if opens_line(pos, us, from) {
                return false;
            }
            let kind = pos.piece_on(from).kind_unchecked();
            let kind = if m.is_promotion() {
                kind.promoted()
            } else {
                kind
            };
            let from = Bitboard::from_square(from);
            (kind, (occupied ^ from) | Bitboard::from_square(to))
        };
        let ours = *self.guarded.get_or_insert_with(|| {
            let lifted = occupied ^ Bitboard::from_square(king);
            attacked_near(pos, us, king, attacks::king(king), lifted)
        });
        // The king lifted here too: it cannot step back along the checking ray.
        let lifted = occ_after ^ Bitboard::from_square(king);
        let checker = attacks::piece_attacks(us, kind, to, lifted);
        (self.flights & !ours & !checker & !Bitboard::from_square(to)).any()
    }
}

/// True when one of `us`'s sliders has `from` on its empty-board ray, so
/// a piece leaving `from` may open a line of ours.
#[inline]
fn opens_line(pos: &Position, us: Color, from: usize) -> bool {
    let them = us.flip();
    let rooks = pos.pieces(us, Kind::Rook) | pos.pieces(us, Kind::Dragon);
    let bishops = pos.pieces(us, Kind::Bishop) | pos.pieces(us, Kind::Horse);
    ((attacks::rook_empty(from) & rooks)
        | (attacks::bishop_empty(from) & bishops)
        | (attacks::lance_empty(them, from) & pos.pieces(us, Kind::Lance)))
    .any()
}

/// True when the legal check `m` leaves the opponent without a legal move:
/// a safe king step refutes it at once; otherwise [`can_answer`] decides.
fn mates(pos: &mut Position, m: Move) -> bool {
    let captured = pos.do_move(m);
    let mated = !king_can_step(pos) && !can_answer(pos);
    pos.undo_move(m, captured);
    mated
}

/// True when the side to move, in check and without a king step, has a
/// legal reply. A check that cannot be blocked (a contact or knight
/// checker) is answered only by taking the checker, so an unpinned
/// defender of its square settles it; the other cases count moves.
fn can_answer(pos: &Position) -> bool {
    let side = pos.side_to_move();
    let king = pos.king_square(side);
    let checkers = pos.checkers();
    if checkers.more_than_one() {
        return false;
    }
    let checker = checkers.lsb();
    if attacks::between(king, checker).any() {
        return count_legal(pos) > 0;
    }
    let defenders = pos.attackers_to(side, checker, pos.occupied()) & !Bitboard::from_square(king);
    if defenders.is_empty() {
        return false;
    }
    (defenders & !pos.pinned(side)).any() || count_legal(pos) > 0
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

    fn quick(sfen: &str) -> Option<Move> {
        let mut pos = Position::from_sfen(sfen).unwrap();
        let checks = CheckInfo::new(&pos);
        let before = pos.key();
        let m = quick_mate(&mut pos, &checks);
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

    /// The first legal move onto the mate scan's squares that mates, found
    /// by playing every one of them.
    fn first_zone_mate(pos: &Position) -> Option<Move> {
        let them = pos.side_to_move().flip();
        let king = pos.king_square(them);
        let zone = attacks::king(king) | attacks::knight(them, king);
        pos.legal_moves().iter().copied().find(|&m| {
            let mut p = pos.clone();
            zone.has(m.to()) && {
                p.do_move(m);
                p.in_check() && count_legal(&p) == 0
            }
        })
    }

    #[test]
    fn along_random_games_every_reported_mate_is_one_and_most_are_found() {
        let mut rng = yomi_core::Rng::new(17);
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
                    let q = quick_mate(&mut pos, &checks);
                    if let Some(m) = q {
                        let mut p = pos.clone();
                        p.do_move(m);
                        assert_eq!(count_legal(&p), 0, "{}: {m} must mate", pos.to_sfen());
                        quick_found += 1;
                    }
                    full_found += mate_in_one(&mut pos.clone()).is_some() as u32;
                    // The scan's filters (flights, protection, the cheap
                    // defence test) only skip moves that do not mate: it
                    // returns the first mate, in the generator's order,
                    // among all legal checks landing next to the king or
                    // on a knight's checking square.
                    assert_eq!(q, first_zone_mate(&pos), "{}", pos.to_sfen());
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
