//! The mate-in-one scan of the squares around the enemy king: cheap enough
//! for every node of the main search, and the first half of the exact
//! [`super::mate_in_one`].
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

use super::cover::reach;
use crate::near::attacked_near;
use crate::search::check::CheckInfo;
use yomi_shogi::{
    Bitboard, Color, Kind, Move, MoveList, Position, attacks, count_legal, generate_board_to,
};

/// A legal move that mates at once, if a cheap scan finds one: the board
/// moves onto the squares around the enemy king or its knight-check
/// squares, then the drops that check from there (by kind: lance, knight,
/// silver, gold, bishop, rook; no pawn, whose dropped mate is illegal).
/// Which mate it returns is the first in the legal generator's order, so
/// the search's tree (and its bench node count) does not depend on how the
/// scan refutes the other checks.
pub fn quick_mate(pos: &mut Position, checks: &CheckInfo) -> Option<Move> {
    // The drops are legal only because the side to move is not in check.
    debug_assert!(!pos.in_check(), "quick_mate needs a side not in check");
    let mut scan = Scan::new(pos, checks);
    let zone = scan.zone(pos.side_to_move().flip());
    let mut board = MoveList::new();
    generate_board_to(pos, zone, &mut board);
    let found = board
        .iter()
        .copied()
        .find(|&m| checks.gives_check(pos, m) && scan.may_mate(pos, m) && mates(pos, m));
    found.or_else(|| near_drop_mate(pos, checks, &mut scan, zone, &GENERATOR_ORDER))
}

/// The first mating drop onto `zone`, by kind in `order`.
pub(super) fn near_drop_mate(
    pos: &mut Position,
    checks: &CheckInfo,
    scan: &mut Scan,
    zone: Bitboard,
    order: &[Kind; 6],
) -> Option<Move> {
    let hand = pos.hand(pos.side_to_move());
    if !hand.has_non_pawn() {
        return None;
    }
    let empty = zone & !pos.occupied();
    for &kind in order {
        if !hand.has(kind) {
            continue;
        }
        // Checking lance and knight drops stand behind the king, never on
        // the ranks where those pieces could not move again.
        for to in checks.check_squares(kind) & empty & scan.drop_targets(pos, kind) {
            let m = Move::drop(kind, to);
            if scan.drop_mates(pos, m) {
                return Some(m);
            }
        }
    }
    None
}

/// Kinds a mating drop can be, in the legal generator's order.
const GENERATOR_ORDER: [Kind; 6] = [
    Kind::Lance,
    Kind::Knight,
    Kind::Silver,
    Kind::Gold,
    Kind::Bishop,
    Kind::Rook,
];

/// The same kinds, the ones that cover most of the king's squares first.
pub(super) const STRONGEST_FIRST: [Kind; 6] = [
    Kind::Rook,
    Kind::Bishop,
    Kind::Gold,
    Kind::Silver,
    Kind::Knight,
    Kind::Lance,
];

/// What one scan knows of the enemy king's surroundings.
pub(super) struct Scan {
    us: Color,
    king: usize,
    near: Bitboard,
    /// The king's neighbours not holding its own pieces.
    flights: Bitboard,
    /// The enemy's pieces pinned to its king before our move.
    their_pinned: Bitboard,
    /// Our attacks around the king, made at the first check that needs them.
    guarded: Option<Bitboard>,
}

impl Scan {
    /// The scan of the side to move's enemy king.
    #[inline]
    pub(super) fn new(pos: &Position, checks: &CheckInfo) -> Scan {
        let us = pos.side_to_move();
        let them = us.flip();
        let king = pos.king_square(them);
        let near = attacks::king(king);
        Scan {
            us,
            king,
            near,
            flights: near & !pos.color_bb(them),
            their_pinned: checks.enemy_pinned(),
            guarded: None,
        }
    }

    /// The squares next to the king and those from which one of our
    /// knights would check it: where a check cannot be blocked.
    #[inline]
    pub(super) fn zone(&self, them: Color) -> Bitboard {
        self.near | attacks::knight(them, self.king)
    }

    /// False when the checking board move `m` surely does not mate: the
    /// king keeps a flight, or takes an unprotected contact checker.
    #[inline]
    pub(super) fn may_mate(&mut self, pos: &Position, m: Move) -> bool {
        if self.has_flight(pos, m) {
            return false;
        }
        let to = m.to();
        if !self.near.has(to) {
            return true;
        }
        let from = Bitboard::from_square(m.from());
        (pos.attackers_to(self.us, to, pos.occupied() ^ from) & !from).any()
    }

    /// True when the legal checking drop `m` mates. Decided on the board as
    /// it is for a drop that cannot be blocked (next to the king, or a
    /// knight's): the king's squares, then the defenders that could take
    /// the dropped piece. A slider's drop from afar that survives those
    /// tests is played out ([`mates`]).
    pub(super) fn drop_mates(&mut self, pos: &mut Position, m: Move) -> bool {
        let to = m.to();
        let at = Bitboard::from_square(to);
        let king = Bitboard::from_square(self.king);
        let occ = pos.occupied() | at;
        let lifted = occ ^ king;
        let guarded = self.guarded(pos);
        let contact = self.near.has(to);
        if contact && !guarded.has(to) {
            return false;
        }
        // A drop only blocks our lines: a flight we did not guard before
        // and the dropped piece does not cover stays open.
        let checker = attacks::piece_attacks(self.us, m.drop_kind(), to, lifted);
        let open = self.flights & !checker & !at;
        if (open & !guarded).any() {
            return false;
        }
        // A drop pins nothing (the dropped piece's one line to the king is
        // its check): a defender takes it unless pinned off the line
        // through `to`.
        let takers = pos.attackers_to(self.us.flip(), to, occ) & !king;
        if (takers & !self.their_pinned).any() {
            return false;
        }
        if Iterator::any(&mut (takers & self.their_pinned), |t| {
            attacks::line(self.king, t).has(to)
        }) {
            return false;
        }
        if !contact && attacks::between(self.king, to).any() {
            return mates(pos, m);
        }
        // The flights we guarded before, unless the drop cut that line.
        Iterator::all(&mut (open & guarded), |sq| {
            pos.is_attacked(self.us, sq, lifted)
        })
    }

    /// The squares where a drop of `kind` may mate, as far as the king's
    /// squares tell: a contact square we protect, or one from afar, from
    /// which the dropped piece attacks every open flight
    /// ([`super::cover::reach`]). [`Scan::drop_mates`] refutes a drop
    /// anywhere else.
    #[inline]
    pub(super) fn drop_targets(&mut self, pos: &Position, kind: Kind) -> Bitboard {
        let guarded = self.guarded(pos);
        reach(self.us, kind, self.flights & !guarded) & (guarded | !self.near)
    }

    /// Our attacks on the squares next to the enemy king, with the king
    /// lifted off the board; made once, at the first check that needs them.
    #[inline]
    fn guarded(&mut self, pos: &Position) -> Bitboard {
        let (us, king) = (self.us, self.king);
        *self.guarded.get_or_insert_with(|| {
            let lifted = pos.occupied() ^ Bitboard::from_square(king);
            attacked_near(pos, us, king, attacks::king(king), lifted)
        })
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
        let ours = self.guarded(pos);
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
pub(super) fn mates(pos: &mut Position, m: Move) -> bool {
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
                    // defence tests) only skip moves that do not mate: it
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
