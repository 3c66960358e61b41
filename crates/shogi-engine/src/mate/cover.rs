//! What a mating drop must cover: the enemy king's open flights.
//!
//! Contract: a flight is a square next to the enemy king that does not hold
//! one of its pieces; it is open when none of our pieces attacks it (the
//! king lifted off the board, so a slider's ray runs on behind it). A move
//! mates only if, after it, every flight is attacked, and a drop adds
//! attacks only through the dropped piece (it can block our lines, never
//! open one). So a mating drop stands on a square from which its piece
//! attacks every open flight: [`reach`] gives those squares, exactly for
//! the step pieces and on an empty board for the sliders (a superset: it
//! never misses one). The mate scans of [`super::near`] drop only there,
//! which skips the drops their flight test would refute one by one: the
//! same drops are refuted, so the same mate is found.

use yomi_shogi::{Bitboard, Color, Kind, attacks};

/// The squares from which a piece of `us` of `kind` attacks every square of
/// `open` (every square when `open` is empty; none for the king, which
/// never checks).
///
/// A piece of ours on `sq` attacks a flight exactly when one of theirs of
/// the same kind on the flight would attack `sq`, so each flight's set is
/// one table lookup of the other colour's pattern.
#[inline]
pub(super) fn reach(us: Color, kind: Kind, open: Bitboard) -> Bitboard {
    let them = us.flip();
    let mut from = if kind == Kind::King {
        Bitboard::EMPTY
    } else {
        Bitboard::ALL
    };
    for flight in open {
        if from.is_empty() {
            break;
        }
        from &= match kind {
            Kind::Pawn => attacks::pawn(them, flight),
            Kind::Lance => attacks::lance_empty(them, flight),
            Kind::Knight => attacks::knight(them, flight),
            Kind::Silver => attacks::silver(them, flight),
            Kind::Bishop => attacks::bishop_empty(flight),
            Kind::Rook => attacks::rook_empty(flight),
            Kind::Horse => attacks::bishop_empty(flight) | attacks::king(flight),
            Kind::Dragon => attacks::rook_empty(flight) | attacks::king(flight),
            Kind::King => Bitboard::EMPTY,
            _ => attacks::gold(them, flight),
        };
    }
    from
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A piece of `kind` placed on `from` on an otherwise empty board
    /// attacks every square of `open`.
    fn attacks_all(us: Color, kind: Kind, from: usize, open: Bitboard) -> bool {
        let piece = attacks::piece_attacks(us, kind, from, Bitboard::from_square(from));
        (open & !piece).is_empty()
    }

    #[test]
    fn reach_is_exactly_the_squares_attacking_every_open_flight() {
        let kinds = [
            Kind::Pawn,
            Kind::Lance,
            Kind::Knight,
            Kind::Silver,
            Kind::Gold,
            Kind::ProSilver,
            Kind::Bishop,
            Kind::Rook,
            Kind::Horse,
            Kind::Dragon,
        ];
        let mut rng = yomi_core::Rng::new(48);
        for _ in 0..400 {
            let king = rng.below(81);
            let mut open = Bitboard::EMPTY;
            for sq in attacks::king(king) {
                if rng.below(3) > 0 {
                    open |= Bitboard::from_square(sq);
                }
            }
            for us in [Color::Black, Color::White] {
                for &kind in &kinds {
                    let reach = reach(us, kind, open);
                    for from in 0..81 {
                        assert_eq!(
                            reach.has(from),
                            attacks_all(us, kind, from, open),
                            "{us:?} {kind:?} from {from}, open {:?}",
                            open.collect::<Vec<_>>()
                        );
                    }
                }
            }
        }
    }
}
