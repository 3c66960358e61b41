//! Attack maps around a king: which squares next to it a side attacks,
//! found from only the pieces that can reach them.
//!
//! Contract: [`attacked_near`] equals, on `zone` (squares next to the king),
//! asking [`Position::is_attacked`] square by square with the same
//! occupancy. The evaluation's king safety and the mate-in-one scan's
//! escape test use it.

use yomi_shogi::{Bitboard, Color, Kind, Position, attacks};

/// Chebyshev distance between two squares.
pub(crate) const fn distance_table() -> [[u8; 81]; 81] {
    let mut t = [[0u8; 81]; 81];
    let mut a: usize = 0;
    while a < 81 {
        let mut b: usize = 0;
        while b < 81 {
            let df = (a / 9).abs_diff(b / 9);
            let dr = (a % 9).abs_diff(b % 9);
            t[a][b] = if df > dr { df as u8 } else { dr as u8 };
            b += 1;
        }
        a += 1;
    }
    t
}

/// By square: the squares within Chebyshev distance `R` of it.
const fn box_table<const R: u8>() -> [Bitboard; 81] {
    let d = distance_table();
    let mut t = [Bitboard(0); 81];
    let mut a: usize = 0;
    while a < 81 {
        let mut b: usize = 0;
        while b < 81 {
            if d[a][b] <= R {
                t[a].0 |= 1u128 << b;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// Step pieces (but knights) that attack a square next to a king stand
/// within two squares of it; knights within three.
static BOX2: [Bitboard; 81] = box_table::<2>();
static BOX3: [Bitboard; 81] = box_table::<3>();

/// The squares `them` attacks with the board occupied as `occ`, as far as `zone` (the squares around the
/// king on `ksq`) needs: every piece that can reach the zone contributes
/// its attacks, the others are skipped. Equal on `zone` to asking
/// [`Position::is_attacked`] square by square (the test below checks).
pub(crate) fn attacked_near(
    pos: &Position,
    them: Color,
    ksq: usize,
    zone: Bitboard,
    occ: Bitboard,
) -> Bitboard {
    let own = pos.color_bb(them);
    let near = BOX2[ksq] & own;
    let mut att = Bitboard::EMPTY;
    for sq in pos.pieces(them, Kind::Pawn) & near {
        att |= attacks::pawn(them, sq);
    }
    for sq in pos.pieces(them, Kind::Knight) & BOX3[ksq] {
        att |= attacks::knight(them, sq);
    }
    for sq in pos.pieces(them, Kind::Silver) & near {
        att |= attacks::silver(them, sq);
    }
    let golds = pos.pieces(them, Kind::Gold)
        | pos.pieces(them, Kind::ProPawn)
        | pos.pieces(them, Kind::ProLance)
        | pos.pieces(them, Kind::ProKnight)
        | pos.pieces(them, Kind::ProSilver);
    for sq in golds & near {
        att |= attacks::gold(them, sq);
    }
    for sq in (pos.pieces(them, Kind::King)
        | pos.pieces(them, Kind::Horse)
        | pos.pieces(them, Kind::Dragon))
        & near
    {
        att |= attacks::king(sq);
    }
    for sq in pos.pieces(them, Kind::Lance) {
        if (attacks::lance_empty(them, sq) & zone).any() {
            att |= attacks::lance(them, sq, occ);
        }
    }
    for sq in pos.pieces(them, Kind::Bishop) | pos.pieces(them, Kind::Horse) {
        if (attacks::bishop_empty(sq) & zone).any() {
            att |= attacks::bishop(sq, occ);
        }
    }
    for sq in pos.pieces(them, Kind::Rook) | pos.pieces(them, Kind::Dragon) {
        if (attacks::rook_empty(sq) & zone).any() {
            att |= attacks::rook(sq, occ);
        }
    }
    att
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attacked_squares_near_the_king_match_is_attacked() {
        // With the board's occupancy and with the king lifted off it (as
        // the mate scan asks, so sliders see through the king).
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let samples = [
            "ln1g3nl/1r1s1kg2/p2ppp1p1/2ps2p1p/1p7/2P1P1P2/PPSP1P2P/2G2S1R1/LN2KG1NL b Bb 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        ];
        for sfen in samples.iter().chain(crate::bench::BENCH_POSITIONS.iter()) {
            let mut pos = Position::from_sfen(sfen).unwrap();
            for _ in 0..120 {
                for c in [Color::Black, Color::White] {
                    let ksq = pos.king_square(c);
                    let zone = attacks::king(ksq);
                    for occ in [pos.occupied(), pos.occupied() ^ Bitboard::from_square(ksq)] {
                        let want: Vec<usize> = zone
                            .filter(|&sq| pos.is_attacked(c.flip(), sq, occ))
                            .collect();
                        let got: Vec<usize> = attacked_near(&pos, c.flip(), ksq, zone, occ)
                            .filter(|&sq| zone.has(sq))
                            .collect();
                        assert_eq!(got, want, "{c:?} king in {}", pos.to_sfen());
                    }
                }
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.do_move(legal[(seed >> 3) as usize % legal.len()]);
            }
        }
    }
}
